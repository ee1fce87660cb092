/**
 * Backend and device choice: `{ backend }` option, else CUDA_RANDOM_BACKEND, else auto; `{ device }`
 * option, else the device of the call's DeviceArray operands, else CUDA_RANDOM_DEVICE, else GPU 0.
 */
import type { Backend, BackendChoice, BackendName } from './types.js';
import { cpuBackend } from './cpu/backend.js';
import { checkCudaEnv, cudaProbe, type CudaProbe } from './cuda/backend.js';
import { checkEnum, describe } from '../core/validate.js';
import { nativeCpuInfo } from '../native/cpu.js';
import { envFlag, envInt, envValue } from '../core/env.js';

/** Where a call may run: the caller's `backend` and `device` options (unvalidated). */
export interface Placement {
  backend?: unknown;
  device?: unknown;
}

/** A `device` option: undefined, or a CUDA device index (an integer >= 0). */
export function checkDevice(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number') throw new TypeError(`device must be a CUDA device index (a number), got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 0 || v > 63) throw new RangeError(`device must be an integer in [0, 63], got ${v}`);
  return v;
}

/** The CUDA backend of `device` (undefined: the default device). */
function cudaOn(cuda: CudaProbe, device: number | undefined): Backend {
  return device === undefined ? cuda.backend! : cuda.backendFor(device);
}

const CHOICES: readonly BackendChoice[] = ['auto', 'cpu', 'cuda'];

export interface BackendInfo {
  /** The backend `auto` resolves to. */
  name: 'cpu' | 'cuda';
  /** The CUDA device calls run on (CUDA only; omitted: the default device, `cuda.device`). */
  device?: number;
  /** Why: the device used, or why CUDA is not. */
  reason: string;
  /** What the addon reported (versions, device), when it loaded. */
  cuda: Record<string, unknown> | null;
  /** The CPU backend's native fast path: the instruction set of the addon's host SIMD kernels
   *  ('avx512', 'avx2'), or null and why they do not run (WebAssembly runs instead; the same bits). */
  cpuNative: { simd: string | null; reason: string };
}

let envChecked = false;

/**
 * Every CUDA_RANDOM_* variable the library reads, checked once at its first call (lib/core/env.ts), so
 * a typo fails fast even in a variable that call does not use (CUDA_RANDOM_NO_WASM where the host
 * kernels run, CUDA_RANDOM_DEVICE on the CPU backend); each is also checked wherever it is read.
 */
function checkEnvOnce(): void {
  if (envChecked) return;
  requestedBackendFromEnv();
  envInt('CUDA_RANDOM_THREADS', 1, 64);
  envFlag('CUDA_RANDOM_NO_WASM');
  envFlag('CUDA_RANDOM_NO_NATIVE_CPU');
  checkCudaEnv();
  envChecked = true;
}

/**
 * CUDA_RANDOM_BACKEND as the first call that needed it read it, kept for the process (docs/building.md,
 * "Environment variables"): a read of process.env is a getenv through Node's interceptor, ~0.26 µs, and
 * every call without a `backend` option made one or two — a third of a one-draw categorical's time.
 */
let envChoice: BackendChoice | undefined;

function requestedBackendFromEnv(): BackendChoice {
  if (envChoice !== undefined) return envChoice;
  const env = envValue('CUDA_RANDOM_BACKEND');
  if (env !== undefined && !(CHOICES as readonly string[]).includes(env)) {
    throw new RangeError(`CUDA_RANDOM_BACKEND must be one of auto, cpu, cuda; got '${env}'`);
  }
  return (envChoice = (env ?? 'auto') as BackendChoice);
}

/** Reads CUDA_RANDOM_BACKEND afresh at the next call (tests that set it in-process). @internal */
export function forgetBackendEnv(): void {
  envChoice = undefined;
}

export function requestedBackend(opt: unknown): BackendChoice {
  checkEnvOnce();
  if (opt !== undefined) return checkEnum(opt, CHOICES, 'backend', 'auto');
  return requestedBackendFromEnv();
}

/**
 * The backend that runs `op` for n elements under the requested choice. Under auto, `prefer` (from the
 * call's DeviceArray operands, lib/facade/device-io.ts) overrides the crossover: 'cuda' takes the GPU whenever
 * it implements the op, 'cpu' stays on the CPU. The device is the `device` option, else
 * `preferDevice` (where the operands are), else the default device.
 */
export function pickBackend(place: Placement | undefined, op: string, n: number, prefer?: BackendName,
  preferDevice?: number): Backend {
  const choice = requestedBackend(place?.backend);
  const device = checkDevice(place?.device) ?? preferDevice;
  if (choice === 'cpu') return cpuBackend;
  const cuda = cudaProbe();
  if (choice === 'cuda') {
    if (!cuda.backend) throw new Error(`backend 'cuda' was requested but is unavailable: ${cuda.reason}`);
    const b = cudaOn(cuda, device);
    if (!b.supports(op)) throw new Error(`backend 'cuda' does not implement '${op}'`);
    return b;
  }
  if (prefer === 'cpu' || !cuda.backend || !cuda.backend.supports(op)) return cpuBackend;
  if (prefer === 'cuda' || n >= cuda.backend.crossover(op)) return cudaOn(cuda, device);
  if (place?.device !== undefined) cudaOn(cuda, device);  // a device that does not exist is an error anyway
  return cpuBackend;
}

/** Whether the default GPU backend already keeps a copy of `data` (alias-table rows). */
export function gpuHolds(data: object): boolean {
  return cudaProbe().backend?.holds?.(data) ?? false;
}

/** Where DeviceArray.from puts its copy: the requested backend; under auto the GPU when usable. */
export function pickDeviceBackend(place: Placement | undefined): Backend {
  const choice = requestedBackend(place?.backend);
  const device = checkDevice(place?.device);
  if (choice === 'cpu') return cpuBackend;
  const cuda = cudaProbe();
  if (cuda.backend) return cudaOn(cuda, device);
  if (choice === 'cuda') throw new Error(`backend 'cuda' was requested but is unavailable: ${cuda.reason}`);
  return cpuBackend;
}

export function backendInfo(place?: Placement): BackendInfo {
  const choice = requestedBackend(place?.backend);
  const device = checkDevice(place?.device);
  const cuda = cudaProbe();
  if (choice === 'cpu') {
    return { name: 'cpu', reason: 'the CPU backend was requested', cuda: cuda.info, cpuNative: nativeCpuInfo() };
  }
  if (cuda.backend) {
    if (device === undefined) return { name: 'cuda', reason: cuda.reason, cuda: cuda.info, cpuNative: nativeCpuInfo() };
    cudaOn(cuda, device);
    return { name: 'cuda', device, reason: cuda.reasonFor(device), cuda: cuda.info, cpuNative: nativeCpuInfo() };
  }
  if (choice === 'cuda') throw new Error(`backend 'cuda' was requested but is unavailable: ${cuda.reason}`);
  return { name: 'cpu', reason: `CUDA is not used: ${cuda.reason}`, cuda: cuda.info, cpuNative: nativeCpuInfo() };
}
