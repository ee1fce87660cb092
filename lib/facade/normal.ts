/** normal(): Box–Muller and Marsaglia polar normal variates (docs/streams.md §5). */
import { asyncly, prepare, type CommonOptions } from './prepare.js';
import { checkDtype, type DeviceOut, type Dtype, type WithDeviceOut } from './uniform.js';
import { checkEnum, checkFiniteNumber } from '../core/validate.js';
import { runCall, runCallAsync, type Call } from './device-io.js';
import type { DeviceArray } from './device-array.js';
import type { Key } from '../core/keys.js';

export type NormalMethod = 'box-muller' | 'polar';

export interface NormalOptions extends CommonOptions {
  /** 'box-muller' (default; branch-free, raw stream) or 'polar' (Marsaglia; per-pair sub-streams). */
  method?: NormalMethod;
  /** Mean, default 0 (finite). */
  mean?: number;
  /** Standard deviation, default 1 (finite, > 0). */
  std?: number;
  dtype?: Dtype;
  /** Destination (length >= n), or 'device' / a DeviceArray to keep the values on the backend. */
  out?: Float32Array | Float64Array | DeviceOut;
}

const OPS = {
  'box-muller': { float32: 'normalBM32', float64: 'normalBM64' },
  polar: { float32: 'normalPolar32', float64: 'normalPolar64' },
} as const;

function normalCall(key: Key, n: number, options?: NormalOptions): Call {
  const p = prepare(key, n, options);
  const method = checkEnum(p.opts.method, ['box-muller', 'polar'] as const, 'method', 'box-muller');
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  const mean = p.opts.mean === undefined ? 0 : checkFiniteNumber(p.opts.mean, 'mean');
  const std = p.opts.std === undefined ? 1 : checkFiniteNumber(p.opts.std, 'std');
  if (!(std > 0)) throw new RangeError(`std must be > 0, got ${std}`);
  return { p, op: OPS[method][dtype], dtype, count: p.n, params: { mean, std } };
}

/**
 * n normal variates mean + std·z. Element j of the stream is a pure function of (key, j, method,
 * dtype): Box–Muller pairs elements 2p and 2p+1 (cos and sin of one pair), polar likewise.
 */
export function normal(key: Key, n: number, options: WithDeviceOut<NormalOptions>): DeviceArray;
export function normal(key: Key, n: number, options?: NormalOptions): Float32Array | Float64Array;
export function normal(key: Key, n: number, options?: NormalOptions): Float32Array | Float64Array | DeviceArray {
  return runCall(normalCall(key, n, options)) as Float32Array | Float64Array | DeviceArray;
}

export const normalAsync = asyncly(
  (key: Key, n: number, options?: NormalOptions) => runCallAsync(normalCall(key, n, options)),
) as {
  (key: Key, n: number, options: WithDeviceOut<NormalOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options?: NormalOptions): Promise<Float32Array | Float64Array>;
};
