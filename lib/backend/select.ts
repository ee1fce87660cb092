/** Backend choice: `{ backend }` option, else CUDA_RANDOM_BACKEND, else auto. */
import type { Backend, BackendChoice, BackendName } from './types.js';
import { cpuBackend } from './cpu.js';
import { cudaProbe } from './cuda.js';
import { checkEnum } from '../validate.js';

const CHOICES: readonly BackendChoice[] = ['auto', 'cpu', 'cuda'];

export interface BackendInfo {
  /** The backend `auto` resolves to. */
  name: 'cpu' | 'cuda';
  /** Why: the device used, or why CUDA is not. */
  reason: string;
  /** What the addon reported (versions, device), when it loaded. */
  cuda: Record<string, unknown> | null;
}

export function requestedBackend(opt: unknown): BackendChoice {
  if (opt !== undefined) return checkEnum(opt, CHOICES, 'backend', 'auto');
  const env = process.env.CUDA_RANDOM_BACKEND;
  if (env === undefined || env === '') return 'auto';
  if (!(CHOICES as readonly string[]).includes(env)) {
    throw new RangeError(`CUDA_RANDOM_BACKEND must be one of auto, cpu, cuda; got '${env}'`);
  }
  return env as BackendChoice;
}

/**
 * The backend that runs `op` for n elements under the requested choice. Under auto, `prefer` (from the
 * call's DeviceArray operands, lib/device-io.ts) overrides the crossover: 'cuda' takes the GPU whenever
 * it implements the op, 'cpu' stays on the CPU.
 */
export function pickBackend(opt: unknown, op: string, n: number, prefer?: BackendName): Backend {
  const choice = requestedBackend(opt);
  if (choice === 'cpu') return cpuBackend;
  const cuda = cudaProbe();
  if (choice === 'cuda') {
    if (!cuda.backend) throw new Error(`backend 'cuda' was requested but is unavailable: ${cuda.reason}`);
    if (!cuda.backend.supports(op)) throw new Error(`backend 'cuda' does not implement '${op}'`);
    return cuda.backend;
  }
  if (prefer === 'cpu' || !cuda.backend || !cuda.backend.supports(op)) return cpuBackend;
  if (prefer === 'cuda' || n >= cuda.backend.crossover(op)) return cuda.backend;
  return cpuBackend;
}

/** Where DeviceArray.from puts its copy: the requested backend; under auto the GPU when usable. */
export function pickDeviceBackend(opt: unknown): Backend {
  const choice = requestedBackend(opt);
  if (choice === 'cpu') return cpuBackend;
  const cuda = cudaProbe();
  if (cuda.backend) return cuda.backend;
  if (choice === 'cuda') throw new Error(`backend 'cuda' was requested but is unavailable: ${cuda.reason}`);
  return cpuBackend;
}

export function backendInfo(opt?: unknown): BackendInfo {
  const choice = requestedBackend(opt);
  const cuda = cudaProbe();
  if (choice === 'cpu') {
    return { name: 'cpu', reason: 'the CPU backend was requested', cuda: cuda.info };
  }
  if (cuda.backend) return { name: 'cuda', reason: cuda.reason, cuda: cuda.info };
  if (choice === 'cuda') throw new Error(`backend 'cuda' was requested but is unavailable: ${cuda.reason}`);
  return { name: 'cpu', reason: `CUDA is not used: ${cuda.reason}`, cuda: cuda.info };
}
