/** Worker-thread side of the CPU pool: runs one kernel on a slice of a shared buffer. */
import { parentPort } from 'node:worker_threads';
import { runKernel, type OutArray } from './kernels.js';

export interface ChunkMessage {
  id: number;
  op: string;
  k0: number;
  k1: number;
  lo: number;
  hi: number;
  out: OutArray;
  params: Record<string, unknown>;
  perElement: Record<string, Float32Array | Float64Array>;
}

parentPort!.on('message', (m: ChunkMessage) => {
  try {
    runKernel(m.op, m);
    parentPort!.postMessage({ id: m.id });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
});
