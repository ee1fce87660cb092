/** Helpers every CUDA adapter uses: where an op writes, and how device-found errors surface. */
import type { Job } from '../../core/job.js';

/** The output arguments: job.out, or the device handle and n of a DeviceArray output. */
export function outArgs(job: Job): unknown[] {
  const d = job.device?.out;
  return d ? [d.handle, d.n] : [job.out];
}

/** The addon reports a value the device found invalid (a shape, a weight) with code 'ERANGE': the
 *  facade's RangeError. */
export function rangeError(e: unknown): unknown {
  if (e instanceof Error && (e as Error & { code?: string }).code === 'ERANGE') {
    return new RangeError(e.message.replace(/^cuda-random: /, ''));
  }
  return e;
}

/** An addon call, blocking or returning the addon's Promise, with its errors passed through `map`. */
export function mapErrors<T>(async: boolean, call: () => T | Promise<T>, map: (e: unknown) => unknown): T | Promise<T> {
  if (async) return (call() as Promise<T>).catch((e: unknown) => { throw map(e); });
  try {
    return call();
  } catch (e) {
    throw map(e);
  }
}
