/**
 * The CUDA backend, when the addon loads and finds a usable device. The addon does the work; this
 * module only adapts Jobs to its calls and reports what it found.
 */
import type { Backend } from './types.js';
import { loadNative } from '../native.js';

export interface CudaProbe {
  backend: Backend | null;
  reason: string;
  info: Record<string, unknown> | null;
}

let cached: CudaProbe | null = null;

export function cudaProbe(): CudaProbe {
  if (cached) return cached;
  const { addon, error } = loadNative();
  if (!addon) {
    cached = { backend: null, reason: error ?? 'no native addon', info: null };
    return cached;
  }
  cached = { backend: null, reason: 'the native addon loaded but provides no CUDA backend yet', info: null };
  return cached;
}
