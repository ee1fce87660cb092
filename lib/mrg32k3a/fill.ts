/**
 * mrg32k3aFill(seed, n, { subsequence, offset, dtype }): n values of cuRAND's MRG32k3a stream as one
 * bulk call, on the CPU or the GPU. Element j is the value at step offset + j after
 * curand_init(seed, subsequence, 0) — so the result equals `new Mrg32k3a(seed, { subsequence, offset })`
 * followed by `fill` / `uniform` / `uniformDouble` — and is a pure function of (seed, subsequence,
 * offset + j): the GPU jumps each thread to its part of the range (docs/qmc.md, "Bulk fills on either backend").
 */
import { MRG32K3A_MAX_SUBSEQUENCE } from '../kernels/mrg32k3a/stream.js';
import { checkCount, checkEnum, checkU64, knownOptions, withArticle } from '../core/validate.js';
import type { DeviceDtype } from '../core/types.js';
import { OP_MRG32K3A_F32, OP_MRG32K3A_F64, OP_MRG32K3A_U32 } from '../samplers/mrg32k3a.js';
import { checkDevice, requestedBackend } from '../backend/select.js';
import { runCall, runCallAsync, type Call } from '../facade/device-io.js';
import { DeviceArray } from '../facade/device-array.js';
import type { DeviceOut } from '../facade/dtype.js';

export interface Mrg32k3aFillOptions {
  /** curand_init's subsequence (2^76 steps apart), below 2^51. Default 0. */
  subsequence?: number | bigint;
  /** The step of element 0 (curand_init's offset); offset + n must not pass 2^64. Default 0. */
  offset?: number | bigint;
  /** 'uint32': curand() words (default); 'float32': curand_uniform(); 'float64': curand_uniform_double(). */
  dtype?: DeviceDtype;
  /** A typed array of the dtype (its type implies the dtype when `dtype` is omitted), 'device' or a DeviceArray. */
  out?: Uint32Array | Float32Array | Float64Array | DeviceOut;
  /** Which backend runs the call; default CUDA_RANDOM_BACKEND, else 'auto'. */
  backend?: 'auto' | 'cpu' | 'cuda';
  /** Which GPU, when the CUDA backend runs the call. */
  device?: number;
}

const OPTIONS = ['subsequence', 'offset', 'dtype', 'out', 'backend', 'device'];
const OPS: Record<'uint32' | 'float32' | 'float64', string> = { uint32: OP_MRG32K3A_U32, float32: OP_MRG32K3A_F32, float64: OP_MRG32K3A_F64 };

function fillCall(seed: unknown, n: unknown, options: unknown): Call {
  const sd = checkU64(seed, 'seed');
  const count = checkCount(n, 'n');
  const opts = knownOptions('mrg32k3aFill', options, OPTIONS, { seed: 'the seed argument' });
  const subsequence = opts.subsequence === undefined ? 0n : checkU64(opts.subsequence, 'subsequence');
  if (subsequence >= MRG32K3A_MAX_SUBSEQUENCE) {
    throw new RangeError(`subsequence must be below 2^51 (cuRAND's MRG32k3a limit), got ${subsequence}`);
  }
  const offset = opts.offset === undefined ? 0n : checkU64(opts.offset, 'offset');
  if (offset + BigInt(count) > 2n ** 64n) {
    throw new RangeError(`offset + n must not exceed 2^64 (curand_init's offset range), got offset=${offset} and n=${count}`);
  }
  const out = opts.out;
  const implied: DeviceDtype = out instanceof Float32Array ? 'float32' : out instanceof Float64Array ? 'float64'
    : out instanceof DeviceArray ? out.dtype : 'uint32';
  if (opts.dtype === undefined && !Object.hasOwn(OPS, implied)) {
    throw new TypeError(`out must be a Uint32Array, Float32Array, Float64Array or a DeviceArray of those types, got ${withArticle(implied)} DeviceArray`);
  }
  const dtype = checkEnum(opts.dtype, ['uint32', 'float32', 'float64'] as const, 'dtype', implied as keyof typeof OPS);
  requestedBackend(opts.backend);
  checkDevice(opts.device);
  const half = (v: bigint): [number, number] => [Number(v & 0xffffffffn), Number(v >> 32n)];
  const [seedLo, seedHi] = half(sd), [subsequenceLo, subsequenceHi] = half(subsequence), [lo, hi] = half(offset);
  return {
    p: { key: [0, 0], n: count, lo, hi, opts }, op: OPS[dtype], dtype, count,
    params: { seedLo, seedHi, subsequenceLo, subsequenceHi },
  };
}

/**
 * n values of cuRAND's MRG32k3a after curand_init(seed, subsequence, offset): curand() words
 * (Uint32Array, the default), curand_uniform() (dtype 'float32') or curand_uniform_double()
 * ('float64'); the same values as the Mrg32k3a class, computed on the CPU or the GPU.
 */
export function mrg32k3aFill(seed: number | bigint, n: number, options: Mrg32k3aFillOptions & { out: DeviceOut }): DeviceArray;
export function mrg32k3aFill(seed: number | bigint, n: number, options: Mrg32k3aFillOptions & { dtype: 'float32' }): Float32Array;
export function mrg32k3aFill(seed: number | bigint, n: number, options: Mrg32k3aFillOptions & { dtype: 'float64' }): Float64Array;
export function mrg32k3aFill(seed: number | bigint, n: number, options?: Mrg32k3aFillOptions & { dtype?: 'uint32' }): Uint32Array;
export function mrg32k3aFill(seed: number | bigint, n: number, options?: Mrg32k3aFillOptions): Uint32Array | Float32Array | Float64Array | DeviceArray;
export function mrg32k3aFill(seed: number | bigint, n: number, options?: Mrg32k3aFillOptions): Uint32Array | Float32Array | Float64Array | DeviceArray {
  return runCall(fillCall(seed, n, options)) as Uint32Array | Float32Array | Float64Array | DeviceArray;
}

/** mrg32k3aFill off the calling thread (the worker pool, or the GPU asynchronously); the same values. */
export async function mrg32k3aFillAsync(seed: number | bigint, n: number, options: Mrg32k3aFillOptions & { out: DeviceOut }): Promise<DeviceArray>;
export async function mrg32k3aFillAsync(seed: number | bigint, n: number, options: Mrg32k3aFillOptions & { dtype: 'float32' }): Promise<Float32Array>;
export async function mrg32k3aFillAsync(seed: number | bigint, n: number, options: Mrg32k3aFillOptions & { dtype: 'float64' }): Promise<Float64Array>;
export async function mrg32k3aFillAsync(seed: number | bigint, n: number, options?: Mrg32k3aFillOptions & { dtype?: 'uint32' }): Promise<Uint32Array>;
export async function mrg32k3aFillAsync(seed: number | bigint, n: number, options?: Mrg32k3aFillOptions): Promise<Uint32Array | Float32Array | Float64Array | DeviceArray>;
export async function mrg32k3aFillAsync(seed: number | bigint, n: number, options?: Mrg32k3aFillOptions): Promise<Uint32Array | Float32Array | Float64Array | DeviceArray> {
  return (await runCallAsync(fillCall(seed, n, options))) as Uint32Array | Float32Array | Float64Array | DeviceArray;
}
