/**
 * Host memory that stays put while an async CUDA call runs. The addon reads inputs and writes outputs
 * from a libuv thread after the call returns; if the caller transferred (postMessage), transfer()ed
 * or shrank (resize()) an ArrayBuffer meanwhile, the GPU's copies would land in memory that belongs
 * to someone else or to nobody. So an async call hands the addon only memory no one can take away:
 * SharedArrayBuffer-backed arrays (never detached, never shrunk), arrays the library made for this
 * call (job.owned), and its own copies of everything else — outputs copied back when the call ends,
 * after checking that the caller's array is still there.
 */
import { jobOf, type Job } from '../../core/job.js';
import type { OutArray } from '../../core/job.js';
import { OUT_MOVED, isDetached } from '../../core/validate.js';
import { isInternal } from '../../core/owned.js';
import { record } from '../../core/records.js';

/** Params that ops write (besides job.out). */
const OUTPUT_PARAMS: Readonly<Record<string, readonly string[]>> = record({ aliasBuild: ['hi', 'lo'] });

function fixed(a: ArrayBufferView, job: Job): boolean {
  return a.buffer instanceof SharedArrayBuffer || isInternal(a) || (job.owned?.has(a) ?? false);
}

export interface StableJob {
  job: Job;
  /** After the addon's promise resolved: copies temporary outputs into the caller's arrays. */
  finish(): void;
}

/** The job with every host array replaced by one that cannot move during the call (see above). */
export function stableJob(job: Job): StableJob {
  const back: [OutArray, OutArray][] = [];
  const output = <T extends ArrayBufferView>(a: T): T => {
    if (fixed(a, job)) return a;
    const t = (a as unknown as OutArray).slice() as unknown as T;  // keeps values that ops add into
    back.push([a as unknown as OutArray, t as unknown as OutArray]);
    return t;
  };
  const input = <T extends ArrayBufferView>(a: T): T => (fixed(a, job) ? a : ((a as unknown as OutArray).slice() as unknown as T));
  const outs = OUTPUT_PARAMS[job.op] ?? [];
  const params: Record<string, unknown> = record();
  for (const [k, v] of Object.entries(job.params)) {
    params[k] = ArrayBuffer.isView(v) ? (outs.includes(k) ? output(v) : input(v)) : v;
  }
  const perElement: Job['perElement'] = record();
  for (const [k, v] of Object.entries(job.perElement)) perElement[k] = input(v);
  const stable: Job = jobOf({ ...job, out: output(job.out), params, perElement });
  return {
    job: stable,
    finish() {
      for (const [user, t] of back) {
        if (isDetached(user) || user.length !== t.length) throw new TypeError(OUT_MOVED);
        (user as Float64Array).set(t as Float64Array);
      }
    },
  };
}
