/**
 * Shared plumbing of the public bulk functions: option parsing common to all of them and the hand-off
 * of a validated Job to the chosen backend.
 */
import { checkKey, type Key } from '../core/keys.js';
import { checkCount, checkOffset, knownOptions } from '../core/validate.js';
import { checkDevice, requestedBackend, type Placement } from '../backend/select.js';
import type { BackendChoice } from '../backend/types.js';
import { jobOf, type Job } from '../core/job.js';
import type { OutArray } from '../core/job.js';
import { viewOf } from '../core/views.js';

export interface CommonOptions {
  /** Index of the first element in the key's stream (number up to 2^53, bigint up to 2^63 - n). */
  offset?: number | bigint;
  /** Which backend runs the call; default: CUDA_RANDOM_BACKEND, else 'auto'. */
  backend?: 'auto' | 'cpu' | 'cuda';
  /**
   * Which GPU runs the call when the CUDA backend does (an index among the visible devices; default:
   * where the call's DeviceArray operands are, else CUDA_RANDOM_DEVICE, else 0). Results never depend
   * on it.
   */
  device?: number;
}

export interface Prepared {
  key: Key;
  n: number;
  lo: number;
  hi: number;
  opts: Record<string, unknown>;
  /** The backend choice the call was validated with: the `backend` option, else CUDA_RANDOM_BACKEND,
   *  else 'auto' (the variable as the library's first call read it: lib/backend/select.ts) — resolved
   *  once, so that a call that picks backends for several ops checks its option once. Absent in a
   *  Prepared made by hand. */
  choice?: BackendChoice;
}

/** Where p's call runs: its `device` option and its resolved backend choice (pickBackend then reads no
 *  environment variable: the choice is the one requestedBackend gave when the call was prepared). */
export function placement(p: Prepared): Placement {
  return { backend: p.choice ?? p.opts.backend, device: p.opts.device };
}

/** The option names a function takes (`known`), for its unknown-option errors. */
export interface OptionNames {
  fn: string;
  known: readonly string[];
  hints?: Readonly<Record<string, string>>;
}

/** Options of every keyed bulk function. */
export const COMMON_OPTIONS = ['offset', 'backend', 'device', 'out'] as const;

export function prepare(k: unknown, n: unknown, options: unknown, names: OptionNames): Prepared {
  const key = checkKey(k);
  const count = checkCount(n);
  const opts = knownOptions(names.fn, options, names.known, names.hints);
  const [lo, hi] = checkOffset(opts.offset, count);
  const choice = requestedBackend(opts.backend);
  checkDevice(opts.device);
  return { key, n: count, lo, hi, opts, choice };
}

/** The job for p's elements into `out` (made by the library for this call when the caller passed no out). */
export function makeJob(
  p: Prepared, op: string, out: OutArray,
  params: Record<string, unknown> = {}, perElement: Job['perElement'] = {},
): Job {
  // A caller's out: a view of its first n elements (not out.subarray: the caller's @@species could
  // hand back other memory). Without one, `out` is the array checkOut made for this call (an intrinsic
  // typed array of exactly n elements), already that view — and asking a small on-heap array for its
  // buffer, as viewOf does, moves it off the heap (~0.5 µs a call).
  const o = p.opts.out === undefined ? out : viewOf(out, 0, p.n);
  return jobOf({ op, key: p.key, lo: p.lo, hi: p.hi, out: o, params, perElement, owned: p.opts.out === undefined ? new Set([o]) : undefined });
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
