/** A validated unit of bulk work, the currency between the facade and the backends. */
import type { Key } from './keys.js';
import type { OutArray } from '../backend/cpu/kernels.js';

export interface Job {
  op: string;
  key: Key;
  /** Index of out[0] in the stream, uint32 halves. */
  lo: number;
  hi: number;
  out: OutArray;
  params: Record<string, unknown>;
  perElement: Record<string, Float32Array | Float64Array>;
  /**
   * Operands in the CUDA backend's device memory (addon handles; lib/facade/device-io.ts), only in jobs for
   * that backend: `out` replaces job.out (then an empty array of the output's type) with n elements;
   * `inputs[name]` replaces perElement[name] / params[name].
   */
  device?: { out?: { handle: unknown; n: number }; inputs?: Record<string, unknown> };
  /**
   * Host arrays of this job that no user code can reach before the call settles (made by the library
   * for it: a fresh `out`, snapshots of inputs). A backend that keeps writing or reading host memory
   * after it returns (the CUDA backend's async path) uses them in place; any other non-shared array it
   * copies first, since the caller could detach or resize it meanwhile (lib/backend/cuda/stable.ts).
   */
  owned?: ReadonlySet<ArrayBufferView>;
}

/** The job for elements [start, start + count) of `job`, sharing its buffers. */
export function subJob(job: Job, start: number, count: number, out: OutArray = job.out.subarray(start, start + count)): Job {
  const l = job.lo + start;
  const lo = l >>> 0;
  const hi = (job.hi + Math.floor(l / 2 ** 32)) >>> 0;
  const perElement: Job['perElement'] = {};
  for (const [name, arr] of Object.entries(job.perElement)) perElement[name] = arr.subarray(start, start + count);
  return { ...job, lo, hi, out, perElement };
}
