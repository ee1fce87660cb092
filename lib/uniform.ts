/** bits() and uniform(): the raw stream and its maps to floats (docs/streams.md §2–3). */
import { makeJob, prepare, runAsync, runSync, asyncly, type CommonOptions, type Prepared } from './api.js';
import { checkEnum, checkFiniteNumber, checkOut } from './validate.js';
import type { Key } from './keys.js';
import type { Job } from './job.js';

export interface BitsOptions extends CommonOptions {
  out?: Uint32Array;
}

export type Dtype = 'float32' | 'float64';

export interface UniformOptions extends CommonOptions {
  dtype?: Dtype;
  /** Lower end (inclusive), default 0. */
  low?: number;
  /** Upper end, default 1; excluded for the default range (see docs/streams.md on rounding). */
  high?: number;
  out?: Float32Array | Float64Array;
}

function bitsJob(key: Key, n: number, options?: BitsOptions): [Prepared, Job, Uint32Array] {
  const p = prepare(key, n, options);
  const out = checkOut(p.opts.out, Uint32Array, p.n);
  return [p, makeJob(p, 'bits', out), out];
}

/** n words of the key's raw stream, starting at element `offset`. */
export function bits(key: Key, n: number, options?: BitsOptions): Uint32Array {
  return runSync(...bitsJob(key, n, options));
}

export const bitsAsync = asyncly(
  (key: Key, n: number, options?: BitsOptions): Promise<Uint32Array> => runAsync(...bitsJob(key, n, options)),
);

/** dtype option; when omitted, a Float32Array `out` implies float32, anything else float64. */
export function checkDtype(v: unknown, out?: unknown): Dtype {
  return checkEnum(v, ['float32', 'float64'] as const, 'dtype', out instanceof Float32Array ? 'float32' : 'float64');
}

function uniformJob(key: Key, n: number, options?: UniformOptions): [Prepared, Job, Float32Array | Float64Array] {
  const p = prepare(key, n, options);
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  const low = p.opts.low === undefined ? 0 : checkFiniteNumber(p.opts.low, 'low');
  const high = p.opts.high === undefined ? 1 : checkFiniteNumber(p.opts.high, 'high');
  if (!(low < high)) throw new RangeError(`low must be less than high, got low=${low}, high=${high}`);
  if (!Number.isFinite(high - low)) throw new RangeError(`high - low must be finite, got ${high} - ${low}`);
  const out = dtype === 'float32' ? checkOut(p.opts.out, Float32Array, p.n) : checkOut(p.opts.out, Float64Array, p.n);
  return [p, makeJob(p, dtype === 'float32' ? 'uniform32' : 'uniform64', out, { low, high }), out];
}

/** n uniform floats in [low, high); float64 (default) carries 53 random bits, float32 24. */
export function uniform(key: Key, n: number, options?: UniformOptions): Float32Array | Float64Array {
  return runSync(...uniformJob(key, n, options));
}

export const uniformAsync = asyncly(
  (key: Key, n: number, options?: UniformOptions): Promise<Float32Array | Float64Array> =>
    runAsync(...uniformJob(key, n, options)),
);
