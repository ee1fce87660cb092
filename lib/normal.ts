/** normal(): Box–Muller and Marsaglia polar normal variates (docs/streams.md §5). */
import { asyncly, makeJob, prepare, runAsync, runSync, type CommonOptions, type Prepared } from './api.js';
import { checkDtype, type Dtype } from './uniform.js';
import { checkEnum, checkFiniteNumber, checkOut } from './validate.js';
import type { Key } from './keys.js';
import type { Job } from './job.js';

export type NormalMethod = 'box-muller' | 'polar';

export interface NormalOptions extends CommonOptions {
  /** 'box-muller' (default; branch-free, raw stream) or 'polar' (Marsaglia; per-pair sub-streams). */
  method?: NormalMethod;
  /** Mean, default 0 (finite). */
  mean?: number;
  /** Standard deviation, default 1 (finite, > 0). */
  std?: number;
  dtype?: Dtype;
  out?: Float32Array | Float64Array;
}

const OPS = {
  'box-muller': { float32: 'normalBM32', float64: 'normalBM64' },
  polar: { float32: 'normalPolar32', float64: 'normalPolar64' },
} as const;

function normalJob(key: Key, n: number, options?: NormalOptions): [Prepared, Job, Float32Array | Float64Array] {
  const p = prepare(key, n, options);
  const method = checkEnum(p.opts.method, ['box-muller', 'polar'] as const, 'method', 'box-muller');
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  const mean = p.opts.mean === undefined ? 0 : checkFiniteNumber(p.opts.mean, 'mean');
  const std = p.opts.std === undefined ? 1 : checkFiniteNumber(p.opts.std, 'std');
  if (!(std > 0)) throw new RangeError(`std must be > 0, got ${std}`);
  const out = dtype === 'float32' ? checkOut(p.opts.out, Float32Array, p.n) : checkOut(p.opts.out, Float64Array, p.n);
  return [p, makeJob(p, OPS[method][dtype], out, { mean, std }), out];
}

/**
 * n normal variates mean + std·z. Element j of the stream is a pure function of (key, j, method,
 * dtype): Box–Muller pairs elements 2p and 2p+1 (cos and sin of one pair), polar likewise.
 */
export function normal(key: Key, n: number, options?: NormalOptions): Float32Array | Float64Array {
  return runSync(...normalJob(key, n, options));
}

export const normalAsync = asyncly(
  (key: Key, n: number, options?: NormalOptions): Promise<Float32Array | Float64Array> =>
    runAsync(...normalJob(key, n, options)),
);
