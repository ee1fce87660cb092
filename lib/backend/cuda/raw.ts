/**
 * Job → addon adapters of the raw-stream ops (bits, uniform32/64, xorwowFill). Every op reads the
 * stream position of out[0] from job.lo/job.hi; the addon's functions are binding/addon.cc's.
 */
import type { Job } from '../../core/job.js';
import type { OpAdapter, U32 } from './types.js';
import type { DeviceAddon } from './device.js';

/** The addon's raw-stream functions. Offsets and 64-bit values travel as (lo, hi) uint32 pairs. */
export interface RawAddon {
  bits(k0: U32, k1: U32, lo: U32, hi: U32, out: Uint32Array): void;
  bitsAsync(k0: U32, k1: U32, lo: U32, hi: U32, out: Uint32Array): Promise<void>;
  uniform32(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: Float32Array): void;
  uniform32Async(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: Float32Array): Promise<void>;
  uniform64(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: Float64Array): void;
  uniform64Async(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: Float64Array): Promise<void>;
  xorwowFill(seedLo: U32, seedHi: U32, subLo: U32, subHi: U32, offLo: U32, offHi: U32, out: Uint32Array): void;
  xorwowFillAsync(seedLo: U32, seedHi: U32, subLo: U32, subHi: U32, offLo: U32, offHi: U32, out: Uint32Array): Promise<void>;
  xorwowFillState(v0: U32, v1: U32, v2: U32, v3: U32, v4: U32, d: U32, skipLo: U32, skipHi: U32, out: Uint32Array): void;
  xorwowFillStateAsync(v0: U32, v1: U32, v2: U32, v3: U32, v4: U32, d: U32, skipLo: U32, skipHi: U32, out: Uint32Array): Promise<void>;
}

/**
 * - bits, uniform32, uniform64: key = job.key; uniform params { low, high }; into job.out, or into the
 *   DeviceArray of job.device.out (the addon's *Into functions).
 * - xorwowFill: the curand() outputs of cuRAND's XORWOW. Either params { seedLo, seedHi,
 *   subsequenceLo, subsequenceHi } (curand_init(seed, subsequence, offset) with offset = job.lo/hi),
 *   or params { state: { v: [5 words], d } } (a curandStateXORWOW_t snapshot, skipping job.lo/hi
 *   steps first). job.key is ignored.
 */
export const RAW_OPS: Record<string, OpAdapter<RawAddon & DeviceAddon>> = {
  bits(addon, { key, lo, hi, out, device }: Job, async) {
    const d = device?.out;
    if (d) {
      return async
        ? addon.bitsIntoAsync(key[0], key[1], lo, hi, d.handle as object, d.n)
        : addon.bitsInto(key[0], key[1], lo, hi, d.handle as object, d.n);
    }
    return async
      ? addon.bitsAsync(key[0], key[1], lo, hi, out as Uint32Array)
      : addon.bits(key[0], key[1], lo, hi, out as Uint32Array);
  },
  uniform32(addon, { key, lo, hi, out, params, device }: Job, async) {
    const low = params.low as number, high = params.high as number;
    const d = device?.out;
    if (d) {
      return async
        ? addon.uniform32IntoAsync(key[0], key[1], lo, hi, low, high, d.handle as object, d.n)
        : addon.uniform32Into(key[0], key[1], lo, hi, low, high, d.handle as object, d.n);
    }
    return async
      ? addon.uniform32Async(key[0], key[1], lo, hi, low, high, out as Float32Array)
      : addon.uniform32(key[0], key[1], lo, hi, low, high, out as Float32Array);
  },
  uniform64(addon, { key, lo, hi, out, params, device }: Job, async) {
    const low = params.low as number, high = params.high as number;
    const d = device?.out;
    if (d) {
      return async
        ? addon.uniform64IntoAsync(key[0], key[1], lo, hi, low, high, d.handle as object, d.n)
        : addon.uniform64Into(key[0], key[1], lo, hi, low, high, d.handle as object, d.n);
    }
    return async
      ? addon.uniform64Async(key[0], key[1], lo, hi, low, high, out as Float64Array)
      : addon.uniform64(key[0], key[1], lo, hi, low, high, out as Float64Array);
  },
  xorwowFill(addon, { lo, hi, out, params }: Job, async) {
    const state = params.state as { v: ArrayLike<number>; d: number } | undefined;
    if (state) {
      const v = state.v;
      return async
        ? addon.xorwowFillStateAsync(v[0], v[1], v[2], v[3], v[4], state.d, lo, hi, out as Uint32Array)
        : addon.xorwowFillState(v[0], v[1], v[2], v[3], v[4], state.d, lo, hi, out as Uint32Array);
    }
    const p = params as { seedLo?: number; seedHi?: number; subsequenceLo?: number; subsequenceHi?: number };
    const a = [p.seedLo ?? 0, p.seedHi ?? 0, p.subsequenceLo ?? 0, p.subsequenceHi ?? 0, lo, hi] as const;
    return async
      ? addon.xorwowFillAsync(a[0], a[1], a[2], a[3], a[4], a[5], out as Uint32Array)
      : addon.xorwowFill(a[0], a[1], a[2], a[3], a[4], a[5], out as Uint32Array);
  },
};
