/**
 * sobol(n, options): n points of the Sobol sequence in `dims` dimensions, as cuRAND's quasirandom
 * generators produce them — CURAND_RNG_QUASI_SOBOL32 (bits 32) or SOBOL64 (bits 64) with the
 * Joe–Kuo direction numbers — optionally randomised under a Philox key. docs/qmc.md is the contract:
 * which words, in which order, the offset and first-point conventions, the float maps, and what is
 * confirmed (against scipy) or still awaits a GPU with real cuRAND.
 */
import { checkKey, type Key } from '../core/keys.js';
import { checkCount, checkEnum, checkOut, describe, knownOptions, MAX_COUNT, withArticle } from '../core/validate.js';
import { viewOf } from '../core/views.js';
import type { DeviceDtype } from '../core/types.js';
import { SOBOL_MAX_DIMENSIONS } from '../kernels/sobol/directions.js';
import { CURAND_SOBOL_DIMENSIONS } from '../kernels/sobol/curand-scramble.js';
import { requireNormal } from '../kernels/sobol/normal.js';
import {
  sobolKernel, type SobolArray, type SobolLayout, type SobolParams, type SobolScramble, type SobolTransform,
} from '../kernels/sobol/kernel.js';
import { OP_SOBOL_F32, OP_SOBOL_F64, OP_SOBOL_U32 } from '../samplers/sobol.js';
import { checkDevice, requestedBackend } from '../backend/select.js';
import { runCall, runCallAsync, type Call } from '../facade/device-io.js';
import { DeviceArray } from '../facade/device-array.js';
import type { DeviceOut } from '../facade/dtype.js';

export type SobolDtype = 'uint32' | 'uint64' | 'float32' | 'float64';
export type { SobolArray, SobolLayout, SobolScramble, SobolTransform };

export interface SobolOptions {
  /** Dimensions per point, 1 … 21201 (cuRAND's direction vectors stop at 20000). Default 1. */
  dims?: number;
  /** Index of the first point (0 = the all-zero point); every dimension starts there. Default 0. */
  offset?: number | bigint;
  /**
   * 'uint32': raw Sobol32 words (curand()); 'uint64': raw Sobol64 words; 'float32' / 'float64':
   * curand_uniform / curand_uniform_double of them (or the normal transform). Default 'float64'.
   */
  dtype?: SobolDtype;
  /** 32 (Sobol32: 2^32 points) or 64 (Sobol64). Default 32 for uint32/float32, 64 for uint64/float64. */
  bits?: 32 | 64;
  /** 'points': point-major, out[i·dims + d]; 'dimensions': cuRAND's host-API order, out[d·n + i]. Default 'points'. */
  layout?: SobolLayout;
  /**
   * 'none'; a keyed randomisation: 'lms' (random linear scramble + digital shift) or 'shift'; or 'curand':
   * cuRAND's scrambled Sobol (CURAND_RNG_QUASI_SCRAMBLED_SOBOL32/64, no key, dims ≤ 20000). Default 'lms'
   * with a key, else 'none'.
   */
  scramble?: SobolScramble;
  /** The Philox key of a randomisation (from key(seed), split, foldIn). */
  key?: Key;
  /**
   * 'uniform' (default) or 'normal' (inverse CDF; float dtypes). Unrandomised, point 0 maps to +8.29
   * (+6.34 for 32-bit maps) in every dimension; `offset: 1` skips it (docs/qmc.md, "Normal transform", its
   * paragraph "Point 0").
   */
  transform?: SobolTransform;
  /**
   * Where the points go: a typed array of the dtype (at least n · dims long; its type implies the dtype
   * when `dtype` is omitted), 'device' (a new DeviceArray) or a DeviceArray to fill. uint64 words only
   * go to a BigUint64Array.
   */
  out?: SobolArray | DeviceOut;
  /** Which backend computes the points (not uint64); default CUDA_RANDOM_BACKEND, else 'auto'. */
  backend?: 'auto' | 'cpu' | 'cuda';
  /** Which GPU, when the CUDA backend runs the call. */
  device?: number;
}

const OPTIONS = ['dims', 'offset', 'dtype', 'bits', 'layout', 'scramble', 'key', 'transform', 'out', 'backend', 'device'];
const OPS: Record<'uint32' | 'float32' | 'float64', string> = { uint32: OP_SOBOL_U32, float32: OP_SOBOL_F32, float64: OP_SOBOL_F64 };

function checkDims(v: unknown): number {
  if (v === undefined) return 1;
  if (typeof v !== 'number') throw new TypeError(`dims must be a number, got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 1 || v > SOBOL_MAX_DIMENSIONS) {
    throw new RangeError(`dims must be an integer in [1, ${SOBOL_MAX_DIMENSIONS}], got ${v}`);
  }
  return v;
}

function checkBits(v: unknown, dtype: SobolDtype): 32 | 64 {
  if (v === undefined) return dtype === 'uint32' || dtype === 'float32' ? 32 : 64;
  if (typeof v !== 'number') throw new TypeError(`bits must be 32 or 64, got ${describe(v)}`);
  if (v !== 32 && v !== 64) throw new RangeError(`bits must be 32 or 64, got ${v}`);
  if (dtype === 'uint32' && v === 64) throw new RangeError("bits must be 32 for dtype 'uint32' (Sobol64 words are dtype 'uint64')");
  if (dtype === 'uint64' && v === 32) throw new RangeError("bits must be 64 for dtype 'uint64' (Sobol32 words are dtype 'uint32')");
  return v;
}

/** The first point index; the sequence has 2^bits points, so offset + n may not pass 2^bits. */
function checkSobolOffset(v: unknown, n: number, bits: 32 | 64): bigint {
  let o: bigint;
  if (v === undefined) o = 0n;
  else if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(`offset must be an integer in [0, 2^53-1] (use a bigint beyond), got ${v}`);
    }
    o = BigInt(v);
  } else if (typeof v === 'bigint') {
    if (v < 0n) throw new RangeError(`offset must be non-negative, got ${v}`);
    o = v;
  } else {
    throw new TypeError(`offset must be a number or bigint, got ${describe(v)}`);
  }
  if (o + BigInt(n) > 2n ** BigInt(bits)) {
    throw new RangeError(`offset + n must not exceed 2^${bits} (the end of the Sobol${bits} sequence), got offset=${o} and n=${n}`);
  }
  return o;
}

function checkScramble(v: unknown, hasKey: boolean): SobolScramble {
  return checkEnum(v, ['none', 'lms', 'shift', 'curand'] as const, 'scramble', hasKey ? 'lms' : 'none');
}

/**
 * n points of the Sobol sequence in `dims` dimensions (Joe–Kuo directions, cuRAND's Gray-code order,
 * point 0 = the zero point), starting at point `offset`: raw Sobol32/64 words or their cuRAND uniform
 * maps, point-major or in cuRAND's dimension-major order, optionally randomised under a Philox key.
 * On the CPU or the GPU (the `backend` option, DeviceArray operands, else the size decides), with the
 * same bits on both; `out: 'device'` keeps the points on the GPU. Contract and sources: docs/qmc.md.
 */
export function sobol(n: number, options: SobolOptions & { out: DeviceOut }): DeviceArray;
export function sobol(n: number, options: SobolOptions & { dtype: 'uint32' }): Uint32Array;
export function sobol(n: number, options: SobolOptions & { dtype: 'uint64' }): BigUint64Array;
export function sobol(n: number, options: SobolOptions & { dtype: 'float32' }): Float32Array;
export function sobol(n: number, options?: SobolOptions & { dtype?: 'float64' }): Float64Array;
export function sobol(n: number, options?: SobolOptions): SobolArray | DeviceArray;
export function sobol(n: number, options?: SobolOptions): SobolArray | DeviceArray {
  const c = sobolCall(n, options);
  if (c.dtype === 'uint64') return c.host();
  return runCall(c.call) as SobolArray | DeviceArray;
}

/** sobol() run off the calling thread (the worker pool, or the GPU asynchronously); the same values. */
export async function sobolAsync(n: number, options: SobolOptions & { out: DeviceOut }): Promise<DeviceArray>;
export async function sobolAsync(n: number, options: SobolOptions & { dtype: 'uint32' }): Promise<Uint32Array>;
export async function sobolAsync(n: number, options: SobolOptions & { dtype: 'uint64' }): Promise<BigUint64Array>;
export async function sobolAsync(n: number, options: SobolOptions & { dtype: 'float32' }): Promise<Float32Array>;
export async function sobolAsync(n: number, options?: SobolOptions & { dtype?: 'float64' }): Promise<Float64Array>;
export async function sobolAsync(n: number, options?: SobolOptions): Promise<SobolArray | DeviceArray>;
export async function sobolAsync(n: number, options?: SobolOptions): Promise<SobolArray | DeviceArray> {
  const c = sobolCall(n, options);
  if (c.dtype === 'uint64') return c.host();
  return (await runCallAsync(c.call)) as SobolArray | DeviceArray;
}

/** The dtype option; when omitted, the type of `out` implies it. */
function checkSobolDtype(v: unknown, out: unknown): SobolDtype {
  const implied: SobolDtype | DeviceDtype = out instanceof Uint32Array ? 'uint32' : out instanceof BigUint64Array ? 'uint64'
    : out instanceof Float32Array ? 'float32' : out instanceof DeviceArray ? out.dtype : 'float64';
  if (v === undefined && !['uint32', 'uint64', 'float32', 'float64'].includes(implied)) {
    throw new TypeError(`out must be a Uint32Array, BigUint64Array, Float32Array, Float64Array or a DeviceArray of uint32/float32/float64, got ${withArticle(implied)} DeviceArray`);
  }
  return checkEnum(v, ['uint32', 'uint64', 'float32', 'float64'] as const, 'dtype', implied as SobolDtype);
}

type Checked =
  | { dtype: 'uint64'; host: () => BigUint64Array }
  | { dtype: DeviceDtype; call: Call };

/** Every argument checked (nothing allocated before), and what runs the call. */
function sobolCall(n: number, options: SobolOptions | undefined): Checked {
  checkCount(n, 'n');
  const opts = knownOptions('sobol', options, OPTIONS, { d: 'dims', dimensions: 'dims', seed: 'key (with scramble)', scrambled: 'scramble' });
  const dims = checkDims(opts.dims);
  const dtype = checkSobolDtype(opts.dtype, opts.out);
  const bits = checkBits(opts.bits, dtype);
  const layout = checkEnum(opts.layout, ['points', 'dimensions'] as const, 'layout', 'points');
  const transform = checkEnum(opts.transform, ['uniform', 'normal'] as const, 'transform', 'uniform');
  if (transform === 'normal' && (dtype === 'uint32' || dtype === 'uint64')) {
    throw new RangeError(`transform 'normal' needs dtype 'float32' or 'float64', got '${dtype}'`);
  }
  const scramble = checkScramble(opts.scramble, opts.key !== undefined);
  let key: Key = [0, 0];
  if (scramble === 'lms' || scramble === 'shift') {
    if (opts.key === undefined) throw new TypeError(`key is required for scramble '${scramble}' (a key from key(seed))`);
    key = checkKey(opts.key);
  } else if (opts.key !== undefined) {
    throw new RangeError(`key is only used by scramble 'lms' or 'shift', and scramble is '${scramble}'`);
  }
  if (scramble === 'curand' && dims > CURAND_SOBOL_DIMENSIONS) {
    throw new RangeError(`dims must be at most ${CURAND_SOBOL_DIMENSIONS} for scramble 'curand' (libcurand's scrambled JOEKUO6 sets), got ${dims}`);
  }
  const offset = checkSobolOffset(opts.offset, n, bits);
  if (n * dims > MAX_COUNT) throw new RangeError(`n · dims must not exceed 2^32-1 values, got n=${n} and dims=${dims}`);
  if (transform === 'normal') requireNormal();
  requestedBackend(opts.backend);
  checkDevice(opts.device);
  const total = n * dims;
  const params: SobolParams = {
    n, dims, layout, bits, transform, scramble, offsetLo: Number(offset & 0xffffffffn), offsetHi: Number(offset >> 32n),
  };
  if (dtype === 'uint64') {
    if (opts.out === 'device' || opts.out instanceof DeviceArray) {
      throw new TypeError("out must be a BigUint64Array for dtype 'uint64' (DeviceArrays hold uint32, float32 or float64)");
    }
    if (requestedBackend(opts.backend) === 'cuda') throw new RangeError("dtype 'uint64' runs on the CPU only; use backend 'cpu' or 'auto'");
    const out = checkOut(opts.out, BigUint64Array, total);
    return {
      dtype,
      host: () => {
        sobolKernel({ k0: key[0], k1: key[1], lo: 0, hi: 0, params: params as unknown as Record<string, unknown>, out: viewOf(out, 0, total) });
        return out;
      },
    };
  }
  const p = { key, n: total, lo: 0, hi: 0, opts };
  return { dtype, call: { p, op: OPS[dtype], dtype, count: total, params: params as unknown as Record<string, unknown> } };
}
