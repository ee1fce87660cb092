/** bits() and uniform(): the raw stream and its maps to floats (docs/streams.md §2–3). */
import { asyncly, prepare, type CommonOptions } from './prepare.js';
import { checkEnum, checkFiniteNumber } from '../core/validate.js';
import { runCall, runCallAsync, type Call } from './device-io.js';
import { DeviceArray } from './device-array.js';
import type { Key } from '../core/keys.js';

/** `out: 'device'` (a new DeviceArray on the call's backend) or an existing DeviceArray to fill. */
export type DeviceOut = 'device' | DeviceArray;

export interface BitsOptions extends CommonOptions {
  out?: Uint32Array | DeviceOut;
}

export type Dtype = 'float32' | 'float64';

export interface UniformOptions extends CommonOptions {
  dtype?: Dtype;
  /** Lower end (inclusive), default 0. */
  low?: number;
  /** Upper end, default 1; excluded for the default range (see docs/streams.md on rounding). */
  high?: number;
  out?: Float32Array | Float64Array | DeviceOut;
}

/** Options whose `out` asks for a DeviceArray result. */
export type WithDeviceOut<O> = O & { out: DeviceOut };

function bitsCall(key: Key, n: number, options?: BitsOptions): Call {
  const p = prepare(key, n, options);
  return { p, op: 'bits', dtype: 'uint32', count: p.n, params: {} };
}

/** n words of the key's raw stream, starting at element `offset`. */
export function bits(key: Key, n: number, options: WithDeviceOut<BitsOptions>): DeviceArray;
export function bits(key: Key, n: number, options?: BitsOptions): Uint32Array;
export function bits(key: Key, n: number, options?: BitsOptions): Uint32Array | DeviceArray {
  return runCall(bitsCall(key, n, options)) as Uint32Array | DeviceArray;
}

export const bitsAsync = asyncly(
  (key: Key, n: number, options?: BitsOptions) => runCallAsync(bitsCall(key, n, options)),
) as {
  (key: Key, n: number, options: WithDeviceOut<BitsOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options?: BitsOptions): Promise<Uint32Array>;
};

/** dtype option; when omitted, a float32 `out` (Float32Array or DeviceArray) implies float32, anything else float64. */
export function checkDtype(v: unknown, out?: unknown): Dtype {
  const f32 = out instanceof Float32Array || (out instanceof DeviceArray && out.dtype === 'float32');
  return checkEnum(v, ['float32', 'float64'] as const, 'dtype', f32 ? 'float32' : 'float64');
}

function uniformCall(key: Key, n: number, options?: UniformOptions): Call {
  const p = prepare(key, n, options);
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  const low = p.opts.low === undefined ? 0 : checkFiniteNumber(p.opts.low, 'low');
  const high = p.opts.high === undefined ? 1 : checkFiniteNumber(p.opts.high, 'high');
  if (!(low < high)) throw new RangeError(`low must be less than high, got low=${low}, high=${high}`);
  if (!Number.isFinite(high - low)) throw new RangeError(`high - low must be finite, got ${high} - ${low}`);
  return { p, op: dtype === 'float32' ? 'uniform32' : 'uniform64', dtype, count: p.n, params: { low, high } };
}

/** n uniform floats in [low, high); float64 (default) carries 53 random bits, float32 24. */
export function uniform(key: Key, n: number, options: WithDeviceOut<UniformOptions>): DeviceArray;
export function uniform(key: Key, n: number, options?: UniformOptions): Float32Array | Float64Array;
export function uniform(key: Key, n: number, options?: UniformOptions): Float32Array | Float64Array | DeviceArray {
  return runCall(uniformCall(key, n, options)) as Float32Array | Float64Array | DeviceArray;
}

export const uniformAsync = asyncly(
  (key: Key, n: number, options?: UniformOptions) => runCallAsync(uniformCall(key, n, options)),
) as {
  (key: Key, n: number, options: WithDeviceOut<UniformOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options?: UniformOptions): Promise<Float32Array | Float64Array>;
};
