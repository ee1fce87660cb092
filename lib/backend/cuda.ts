/**
 * The CUDA backend, when the addon loads and finds a usable device. The addon does the work; this
 * module only adapts Jobs to its calls and reports what it found (docs/building.md, "What backend()
 * reports").
 */
import type { Backend } from './types.js';
import type { Job } from '../job.js';
import { loadNative } from '../native.js';
import type { OpAdapter } from './cuda-ops/types.js';
import { RAW_OPS, type RawAddon } from './cuda-ops/raw.js';
import { DIST_OPS, type DistAddon } from './cuda-ops/distributions.js';
import { cudaStore, type DeviceAddon } from './cuda-ops/device.js';

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

/** The addon's functions (binding/*.cc): device queries here, each op family's in its cuda-ops module. */
export interface CudaAddon extends RawAddon, DistAddon, DeviceAddon {
  deviceInfo(): CudaDeviceInfo;
  pinnedArrayBuffer(bytes: number): ArrayBuffer;
}

/** Job → addon adapters by op name; each op family (cuda-ops/*.ts) contributes its own. */
const ADAPTERS: Record<string, OpAdapter<CudaAddon>> = { ...RAW_OPS, ...DIST_OPS };

/** The ops the addon implements. */
export const CUDA_OPS: readonly string[] = Object.keys(ADAPTERS);

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

function call(addon: CudaAddon, job: Job, async: boolean): void | Promise<void> {
  const adapter = Object.hasOwn(ADAPTERS, job.op) ? ADAPTERS[job.op] : undefined;
  if (!adapter) throw new Error(`internal: the CUDA backend has no op '${job.op}'`);
  return adapter(addon, job, async);
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
    allocate: (dtype, length) => cudaStore(addon, dtype, length),
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
