/** Worker-thread side of the CPU pool: runs one kernel on a slice of a shared buffer. */
import { parentPort } from 'node:worker_threads';
import type { KernelArgs } from '../../core/job.js';
import { runKernel } from './kernels.js';

export interface ChunkMessage extends KernelArgs {
  id: number;
  op: string;
  /** Whether the fast kernels may run, and the addon's host SIMD ones among them (CpuPath). */
  fast: boolean;
  native: boolean;
}

parentPort!.on('message', (m: ChunkMessage) => {
  try {
    runKernel(m.op, m, { fast: m.fast, native: m.native });
    parentPort!.postMessage({ id: m.id });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
});
