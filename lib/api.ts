/**
 * Shared plumbing of the public bulk functions: option parsing common to all of them and the hand-off
 * of a validated Job to the chosen backend.
 */
import { checkKey, type Key } from './keys.js';
import { checkCount, checkOffset, checkOptions, isDetached } from './validate.js';
import { pickBackend } from './backend/select.js';
import type { Job } from './job.js';
import type { OutArray } from './cpu/kernels.js';

export interface CommonOptions {
  /** Index of the first element in the key's stream (number up to 2^53, bigint up to 2^63 - n). */
  offset?: number | bigint;
  /** Which backend runs the call; default: CUDA_RANDOM_BACKEND, else 'auto'. */
  backend?: 'auto' | 'cpu' | 'cuda';
}

export interface Prepared {
  key: Key;
  n: number;
  lo: number;
  hi: number;
  opts: Record<string, unknown>;
}

export function prepare(k: unknown, n: unknown, options: unknown): Prepared {
  const key = checkKey(k);
  const count = checkCount(n);
  const opts = checkOptions(options);
  const [lo, hi] = checkOffset(opts.offset, count);
  return { key, n: count, lo, hi, opts };
}

export function makeJob(
  p: Prepared, op: string, out: OutArray,
  params: Record<string, unknown> = {}, perElement: Job['perElement'] = {},
): Job {
  return { op, key: p.key, lo: p.lo, hi: p.hi, out: out.subarray(0, p.n), params, perElement };
}

export function runSync<T extends OutArray>(p: Prepared, job: Job, out: T): T {
  if (p.n > 0) pickBackend(p.opts.backend, job.op, p.n).run(job);
  return out;
}

export async function runAsync<T extends OutArray>(p: Prepared, job: Job, out: T): Promise<T> {
  if (p.n > 0) {
    try {
      await pickBackend(p.opts.backend, job.op, p.n).runAsync(job);
    } finally {
      // Transferred away while the call ran: the values went nowhere the caller can see (and the
      // worker pool's copy-back fails), so say so plainly whatever the backend reported.
      if (isDetached(out)) throw new TypeError('out was detached while the call was pending; its values are lost');
    }
  }
  return out;
}

/** Turns a synchronous validation throw into a rejected Promise, as async callers expect. */
export function asyncly<A extends unknown[], R>(f: (...a: A) => Promise<R>): (...a: A) => Promise<R> {
  return (...a: A) => {
    try {
      return f(...a);
    } catch (e) {
      return Promise.reject(e);
    }
  };
}
