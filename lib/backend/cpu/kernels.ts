/**
 * The CPU backend's kernel table, a view of the registry (lib/samplers/registry.ts): each op's
 * specification kernel, and its fast kernel (WebAssembly) where the op has one and the call's path
 * allows it. The fast kernels decide for themselves whether a call is big enough to pay and decline
 * otherwise; the bits are the same either way.
 */
import type { KernelArgs } from '../../core/job.js';
import { OPS } from '../../samplers/registry.js';

/** Which kernels a CPU run may use: `fast: false` runs the specification alone (tests, comparisons). */
export interface CpuPath {
  fast: boolean;
}

export const DEFAULT_PATH: CpuPath = { fast: true };

/** Whether the CPU backend implements `op`. */
export function cpuSupports(op: string): boolean {
  return OPS.get(op)?.cpu !== undefined;
}

/** Whether a job of `op` may be cut into chunks (every elementwise op; not a permutation). */
export function cpuSplittable(op: string): boolean {
  return !OPS.get(op)?.whole;
}

export function runKernel(op: string, a: KernelArgs, path: CpuPath = DEFAULT_PATH): void {
  const spec = OPS.get(op);
  if (!spec?.cpu) throw new Error(`internal: no CPU kernel '${op}'`);
  if (path.fast && spec.fast?.(a)) return;
  spec.cpu(a);
}
