/**
 * The CUDA backend, when the addon loads and finds a usable device. The addon does the work; this
 * module only adapts Jobs to its calls and reports what it found (docs/building.md, "What backend()
 * reports").
 */
import type { Backend } from './types.js';
import type { Job } from '../job.js';
import { loadNative } from '../native.js';

export interface CudaProbe {
  backend: Backend | null;
  reason: string;
  info: Record<string, unknown> | null;
}

/** What the addon's deviceInfo() returns (binding/addon.cc). */
export interface CudaDeviceInfo {
  usable: boolean;
  runtimeVersion: number;
  driverVersion: number;
  deviceCount: number;
  archs: string;
  device?: number;
  name?: string;
  computeCapability?: string;
  multiprocessors?: number;
  totalMemory?: number;
  freeMemory?: number;
  error?: string;
  errorName?: string;
}

type U32 = number;
/** The addon's functions (binding/addon.cc). Offsets and 64-bit values travel as (lo, hi) uint32 pairs. */
export interface CudaAddon {
  deviceInfo(): CudaDeviceInfo;
  pinnedArrayBuffer(bytes: number): ArrayBuffer;
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

/** The ops the addon implements. Distribution and alias-table ops arrive with later issues. */
export const CUDA_OPS: readonly string[] = ['bits', 'uniform32', 'uniform64', 'xorwowFill'];

/**
 * Default smallest n for which `auto` prefers the GPU: 2^16 elements. Below it a call's fixed cost
 * (stream, launch, a PCIe round trip: tens of microseconds) exceeds the CPU backend's time. A first
 * estimate, to be measured on a GPU (scripts/gpu-check.sh); CUDA_RANDOM_CROSSOVER overrides it.
 */
export const DEFAULT_CUDA_CROSSOVER = 1 << 16;

function crossoverFromEnv(): number {
  const v = process.env.CUDA_RANDOM_CROSSOVER;
  if (v === undefined || v === '') return DEFAULT_CUDA_CROSSOVER;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`CUDA_RANDOM_CROSSOVER must be a non-negative integer, got '${v}'`);
  }
  return n;
}

/**
 * Job → addon call. Every op reads the stream position of out[0] from job.lo/job.hi.
 *
 * - bits, uniform32, uniform64: key = job.key; uniform params { low, high }.
 * - xorwowFill: the curand() outputs of cuRAND's XORWOW. Either params { seedLo, seedHi,
 *   subsequenceLo, subsequenceHi } (curand_init(seed, subsequence, offset) with offset = job.lo/hi),
 *   or params { state: { v: [5 words], d } } (a curandStateXORWOW_t snapshot, skipping job.lo/hi
 *   steps first). job.key is ignored.
 */
function call(addon: CudaAddon, job: Job, async: boolean): void | Promise<void> {
  const { key, lo, hi, out, params } = job;
  switch (job.op) {
    case 'bits':
      return async
        ? addon.bitsAsync(key[0], key[1], lo, hi, out as Uint32Array)
        : addon.bits(key[0], key[1], lo, hi, out as Uint32Array);
    case 'uniform32': {
      const low = params.low as number, high = params.high as number;
      return async
        ? addon.uniform32Async(key[0], key[1], lo, hi, low, high, out as Float32Array)
        : addon.uniform32(key[0], key[1], lo, hi, low, high, out as Float32Array);
    }
    case 'uniform64': {
      const low = params.low as number, high = params.high as number;
      return async
        ? addon.uniform64Async(key[0], key[1], lo, hi, low, high, out as Float64Array)
        : addon.uniform64(key[0], key[1], lo, hi, low, high, out as Float64Array);
    }
    case 'xorwowFill': {
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
    }
    default:
      throw new Error(`internal: the CUDA backend has no op '${job.op}'`);
  }
}

export function makeCudaBackend(addon: CudaAddon, crossover = crossoverFromEnv()): Backend {
  return {
    name: 'cuda',
    supports: (op) => CUDA_OPS.includes(op) && typeof (addon as unknown as Record<string, unknown>)[op] === 'function',
    crossover: () => crossover,
    run(job) {
      call(addon, job, false);
    },
    runAsync(job) {
      try {
        return call(addon, job, true) as Promise<void>;
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
}

function version(v: number): string {
  return v > 0 ? `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 10)}` : 'none';
}

function gib(bytes: unknown): string {
  return typeof bytes === 'number' ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : '? GiB';
}

function isAddon(a: unknown): a is CudaAddon {
  return typeof a === 'object' && a !== null && typeof (a as CudaAddon).deviceInfo === 'function';
}

let cached: CudaProbe | null = null;

/** Loads the addon and asks the CUDA runtime what it finds; the answer is cached for the process. */
export function cudaProbe(): CudaProbe {
  if (cached) return cached;
  const { addon, error } = loadNative();
  if (!addon) {
    cached = { backend: null, reason: error ?? 'no native addon', info: null };
    return cached;
  }
  if (!isAddon(addon)) {
    cached = { backend: null, reason: 'the native addon loaded but has no deviceInfo() (a stale build?)', info: null };
    return cached;
  }
  let info: CudaDeviceInfo;
  try {
    info = addon.deviceInfo();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    cached = { backend: null, reason: `the native addon's device query failed: ${msg}`, info: null };
    return cached;
  }
  const versions = `${info.driverVersion > 0 ? `driver ${version(info.driverVersion)}` : 'no CUDA driver installed'}, ` +
    `runtime ${version(info.runtimeVersion)}`;
  if (!info.usable) {
    cached = {
      backend: null,
      reason: `the CUDA runtime reports ${info.error ?? 'no usable device'} (${versions})`,
      info: { ...info },
    };
    return cached;
  }
  cached = {
    backend: makeCudaBackend(addon),
    reason: `CUDA device ${info.device}: ${info.name} (compute capability ${info.computeCapability}, ` +
      `${gib(info.totalMemory)}), ${versions}`,
    info: { ...info },
  };
  return cached;
}

/** The loaded addon when CUDA is usable, else null (tests and scripts/gpu-compare.mjs). */
export function cudaAddon(): CudaAddon | null {
  const p = cudaProbe();
  if (!p.backend) return null;
  return loadNative().addon as CudaAddon;
}
