/**
 * The CPU backend's kernel table, a view of the registry (lib/samplers/registry.ts): each op's
 * specification kernel, and its fast kernels where the op has them and the call's path allows them:
 * the addon's host SIMD kernel first, then WebAssembly. The fast kernels decide for themselves whether
 * a call is big enough to pay (and whether they can run here) and decline otherwise; the bits are the
 * same either way.
 */
import type { KernelArgs } from '../../core/job.js';
import { OPS } from '../../samplers/registry.js';

/** Which kernels a CPU run may use: `fast: false` runs the specification alone, `native: false` keeps
 *  the fast path to WebAssembly (tests, comparisons). */
export interface CpuPath {
  fast: boolean;
  /** Whether the addon's host SIMD kernels may run (default true; only with `fast`). */
  native?: boolean;
}

export const DEFAULT_PATH: CpuPath = { fast: true, native: true };

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
  if (path.fast && ((path.native !== false && spec.native?.(a)) || spec.fast?.(a))) return;
  spec.cpu(a);
}
