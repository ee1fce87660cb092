/**
 * The CUDA backend, when the addon loads and finds a usable device. The addon does the work; this
 * module only adapts Jobs to its calls and reports what it found (docs/building.md, "Loading and what
 * backend() reports").
 */
import type { Backend } from '../types.js';
import type { CudaDeviceInfo, NativeAddon } from '../../core/addon.js';
import { loadNative } from '../../native/load.js';
import { CROSSOVER, CUDA_OPS, addonHas, runOp } from './ops.js';
import { isResident } from './custom.js';
import { cudaStore } from './device.js';
import { stableJob } from './stable.js';
import { checkNativeEnv, envInt, envValue } from '../../core/env.js';

export type { CudaDeviceInfo, CudaDeviceBrief } from '../../core/addon.js';
/** The addon (binding/*.cc), typed in lib/core/addon.ts. */
export type CudaAddon = NativeAddon;
export { CROSSOVER, CUDA_OPS };

export interface CudaProbe {
  /** The default device's backend (CUDA_RANDOM_DEVICE, else device 0), or null when CUDA is unusable. */
  backend: Backend | null;
  reason: string;
  info: Record<string, unknown> | null;
  /** Visible CUDA devices (0 when CUDA is unusable). */
  deviceCount: number;
  /** The backend of device `device` (same addon; every call is routed there). Throws a RangeError
   *  naming `device` for an index that does not exist, an Error with the reason for an unusable one. */
  backendFor(device: number): Backend;
  /** What was found for device `device` (probing it if it was not used yet). */
  reasonFor(device: number): string;
}

/*
 * Crossovers (CROSSOVER, from each op's `crossover` in the registry): the smallest n for which `auto`
 * prefers the GPU. Below it a call's fixed cost (stream, launch, synchronisation, the copy back: tens
 * of microseconds) exceeds the CPU backend's time. MEASURED for bits, uniform, normal, exponential,
 * gamma, beta and Dirichlet on an H100 host (GPU run 2026-11-27, bench/results/2026-11-27-nvidia-h100-80gb-hbm3.md:
 * the smallest power of 4 from which the GPU was faster at every larger size, each backend's sync call
 * with a host output, the CPU one single-threaded with its host SIMD kernels): bits and uniform32 2^20,
 * uniform64 2^18, normal (Box–Muller float32) and exponential 2^14, normal float64 and polar 2^12, gamma,
 * beta and Dirichlet 2^10. The others are ESTIMATES: about 30 µs per GPU call times the CPU backend's
 * single-thread rate, rounded up to a power of two. Alias ops count items (build, categorical: N + n) or draws (sample,
 * counts): the CPU builds ~10 M items/s and samples ~100 M draws/s (WebAssembly), so the GPU pays from
 * a few thousand. scripts/gpu-compare.mjs prints the measured crossover of every op
 * (scripts/gpu/crossover.mjs) to set them from. CUDA_RANDOM_CROSSOVER overrides: `<n>` for every op,
 * or `op=n,op=n` per op.
 */

/** The crossover of ops missing from CROSSOVER. */
export const DEFAULT_CUDA_CROSSOVER = 1 << 16;

/** CUDA_RANDOM_CROSSOVER: a number for every op, or `op=n` pairs; undefined when unset. */
export function crossoverFromEnv(v = envValue('CUDA_RANDOM_CROSSOVER')): number | Record<string, number> | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const count = (t: string): number => {
    const n = Number(t);
    if (t.trim() === '' || !Number.isInteger(n) || n < 0) {
      throw new RangeError(`CUDA_RANDOM_CROSSOVER must be a non-negative integer or op=n pairs, got '${v}'`);
    }
    return n;
  };
  if (!v.includes('=')) return count(v);
  const table: Record<string, number> = {};
  for (const part of v.split(',')) {
    const [op, n, extra] = part.split('=');
    if (extra !== undefined || !op || !op.trim()) {
      throw new RangeError(`CUDA_RANDOM_CROSSOVER must be a non-negative integer or op=n pairs, got '${v}'`);
    }
    table[op.trim()] = count(n ?? '');
  }
  return table;
}

/** The crossover function of a backend: one number for every op, or the table with overrides. */
function crossoverOf(override: number | Record<string, number> | undefined): (op: string) => number {
  if (typeof override === 'number') return () => override;
  const table = { ...CROSSOVER, ...override };
  return (op) => (Object.hasOwn(table, op) ? table[op] : DEFAULT_CUDA_CROSSOVER);
}

/** CUDA_RANDOM_TRANSFER=staging|register: how host outputs reach pageable memory (docs/building.md). */
function transferFromEnv(v = envValue('CUDA_RANDOM_TRANSFER')): 'staging' | 'register' | undefined {
  if (v === undefined) return undefined;
  if (v !== 'staging' && v !== 'register') {
    throw new RangeError(`CUDA_RANDOM_TRANSFER must be 'staging' or 'register', got '${v}'`);
  }
  return v;
}

/** The CUDA backend of `device` over `addon`; `crossover` (tests) overrides the table for every op. */
export function makeCudaBackend(addon: CudaAddon, crossover: number | Record<string, number> | undefined = crossoverFromEnv(),
  device = 0): Backend {
  // The addon's device is per-thread state: set it before every call (async calls capture it).
  const on = (): void => { if (typeof addon.useDevice === 'function') addon.useDevice(device); };
  return {
    name: 'cuda',
    device,
    supports: (op) => addonHas(addon, op),
    crossover: crossoverOf(crossover),
    run(job) {
      on();
      runOp(addon, job, false);
    },
    async runAsync(job) {
      on();
      const s = stableJob(job);
      await runOp(addon, s.job, true);
      s.finish();
    },
    allocate: (dtype, length) => cudaStore(addon, dtype, length, on, device),
    holds: (data) => data instanceof Uint32Array && isResident(data),
  };
}

/**
 * Why CUDA is unusable, in words a person acts on first, then the runtime's own error: most machines
 * without a GPU have no NVIDIA driver, where the runtime says "cudaErrorInsufficientDriver".
 */
/** @internal exported for its test */
export function unusableReason(info: CudaDeviceInfo, versions: string): string {
  const err = info.error ?? 'no usable device';
  if (info.driverVersion <= 0) return `no NVIDIA driver is installed, so there is no GPU to use (the CUDA runtime reports ${err}; ${versions})`;
  if (info.driverVersion < info.runtimeVersion) {
    return `the NVIDIA driver supports CUDA ${version(info.driverVersion)} but the addon's runtime is CUDA ` +
      `${version(info.runtimeVersion)}: update the driver (docs/building.md, "Requirements"; the CUDA runtime reports ${err})`;
  }
  return `the CUDA runtime reports ${err} (${versions})`;
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

/** CUDA_RANDOM_DEVICE: the default device index; undefined when unset. */
export function deviceFromEnv(v = envValue('CUDA_RANDOM_DEVICE')): number | undefined {
  return envInt('CUDA_RANDOM_DEVICE', 0, 63, v, 'a device index, an integer');
}

let cached: CudaProbe | null = null;

/** A probe that found no usable CUDA: every device request fails with the reason. */
function unusable(reason: string, info: Record<string, unknown> | null): CudaProbe {
  return {
    backend: null, reason, info, deviceCount: 0,
    backendFor: () => { throw new Error(`CUDA is unavailable: ${reason}`); },
    reasonFor: () => reason,
  };
}

/** Every variable of the CUDA backend, and those only the C++ reads, checked (lib/core/env.ts): a
 *  typo is a RangeError on any machine, with or without a GPU, not only where CUDA is usable. */
export function checkCudaEnv(): { dflt: number; crossover: ReturnType<typeof crossoverFromEnv>; transfer: 'staging' | 'register' | undefined } {
  const dflt = deviceFromEnv() ?? 0;
  const crossover = crossoverFromEnv();
  const transfer = transferFromEnv();
  checkNativeEnv();
  return { dflt, crossover, transfer };
}

/** Loads the addon and asks the CUDA runtime what it finds; the answer is cached for the process. */
export function cudaProbe(): CudaProbe {
  if (cached) return cached;
  // Checked before the addon loads, whether or not CUDA turns out usable (checkCudaEnv).
  const { dflt, crossover, transfer } = checkCudaEnv();
  const { addon, error } = loadNative();
  if (!addon) return (cached = unusable(error ?? 'no native addon', null));
  if (!isAddon(addon)) return (cached = unusable('the native addon loaded but has no deviceInfo() (a stale build?)', null));
  const probes = new Map<number, { backend: Backend | null; reason: string; info: CudaDeviceInfo | null }>();
  // Each device is asked once, when first used (asking creates its context).
  const probeDevice = (d: number) => {
    let p = probes.get(d);
    if (p) return p;
    let info: CudaDeviceInfo;
    try {
      if (typeof addon.useDevice === 'function') addon.useDevice(d);
      info = addon.deviceInfo();
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      p = { backend: null, reason: `the native addon's device query failed: ${msg}`, info: null };
      probes.set(d, p);
      return p;
    }
    const versions = `${info.driverVersion > 0 ? `driver ${version(info.driverVersion)}` : 'no CUDA driver installed'}, ` +
      `runtime ${version(info.runtimeVersion)}`;
    p = info.usable
      ? {
        backend: makeCudaBackend(addon, crossover, d),
        reason: `CUDA device ${info.device}: ${info.name} (compute capability ${info.computeCapability}, ` +
          `${gib(info.totalMemory)}), ${versions}`,
        info,
      }
      : { backend: null, reason: unusableReason(info, versions), info };
    probes.set(d, p);
    return p;
  };
  const first = probeDevice(dflt);
  const count = first.info?.deviceCount ?? 0;
  if (!first.backend) {
    const reason = count > 0 && dflt >= count
      ? `CUDA_RANDOM_DEVICE=${dflt} but ${count} CUDA device${count === 1 ? ' is' : 's are'} visible`
      : first.reason;
    return (cached = unusable(reason, first.info ? { ...first.info } : null));
  }
  if (transfer !== undefined && typeof addon.setTransferMode === 'function') addon.setTransferMode(transfer);
  cached = {
    backend: first.backend,
    reason: first.reason,
    info: { ...first.info },
    deviceCount: count,
    backendFor(device: number): Backend {
      if (device >= count) {
        throw new RangeError(`device must be a CUDA device index below ${count} (${count} visible), got ${device}`);
      }
      const p = probeDevice(device);
      if (!p.backend) throw new Error(`CUDA device ${device} is unusable: ${p.reason}`);
      return p.backend;
    },
    reasonFor: (device: number) => (device >= count ? `no CUDA device ${device}: ${count} visible` : probeDevice(device).reason),
  };
  return cached;
}

/** The loaded addon when CUDA is usable, else null (tests and scripts/gpu-compare.mjs). */
export function cudaAddon(): CudaAddon | null {
  const p = cudaProbe();
  if (!p.backend) return null;
  return loadNative().addon as CudaAddon;
}
