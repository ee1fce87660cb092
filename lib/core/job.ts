/** A validated unit of bulk work, the currency between the facade, the registry and the backends. */
import type { Key } from './keys.js';
import type { OutArray } from './types.js';
import { own, record } from './records.js';

export type { OutArray } from './types.js';

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

/** What a CPU kernel gets: the job's key words, first index, output and parameters. */
export interface KernelArgs {
  k0: number;
  k1: number;
  /** Index of out[0] in the stream, as uint32 halves. */
  lo: number;
  hi: number;
  out: OutArray;
  /** Scalar parameters (structured-cloneable). */
  params: Record<string, unknown>;
  /** Per-element parameter arrays, aligned with out (element i of each belongs to out[i]). */
  perElement: Record<string, Float32Array | Float64Array>;
}

/** Fills a.out with elements [first, first + out.length) of its stream, for any split of the range. */
export type Kernel = (a: KernelArgs) => void;
/** A faster kernel with the same bits; false when it declines (the specification kernel runs). */
export type FastKernel = (a: KernelArgs) => boolean;

/**
 * Job j in its fixed shape: every field its own (device and owned undefined when absent, so that no
 * read of them reaches Object.prototype) and params and perElement records (lib/core/records.ts).
 */
export function jobOf(j: Job): Job {
  return {
    op: j.op, key: j.key, lo: j.lo, hi: j.hi, out: j.out, params: record(j.params), perElement: record(j.perElement),
    device: own(j, 'device'), owned: own(j, 'owned'),
  };
}

/** The kernel arguments of a job. */
export function kernelArgs(job: Job): KernelArgs {
  return { k0: job.key[0], k1: job.key[1], lo: job.lo, hi: job.hi, out: job.out, params: job.params, perElement: job.perElement };
}

/** The job for elements [start, start + count) of `job`, sharing its buffers. */
export function subJob(job: Job, start: number, count: number, out: OutArray = job.out.subarray(start, start + count)): Job {
  const l = job.lo + start;
  const lo = l >>> 0;
  const hi = (job.hi + Math.floor(l / 2 ** 32)) >>> 0;
  const perElement: Job['perElement'] = record();
  for (const [name, arr] of Object.entries(job.perElement)) perElement[name] = arr.subarray(start, start + count);
  return jobOf({ ...job, lo, hi, out, perElement });
}
