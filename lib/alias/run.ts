/**
 * Running the sampling kernels for tables and categorical(): samples into `out`, and counts as the
 * histogram of the same samples (on the GPU by its counts kernel; on the CPU drawn in chunks into
 * scratch, never materialised whole).
 */
import { COMMON_OPTIONS, asyncly, placement, prepare, type CommonOptions, type OptionNames, type Prepared } from '../facade/prepare.js';
import { gpuHolds, pickBackend, requestedBackend, type Placement } from '../backend/select.js';
import type { Backend } from '../backend/types.js';
import { OP_ALIAS, OP_ALIAS_COUNTS } from '../samplers/alias.js';
import { jobOf, subJob, type Job } from '../core/job.js';
import type { Key } from '../core/keys.js';
import { checkOut, describe } from '../core/validate.js';
import { giveScratch, takeScratch } from '../core/scratch.js';
import { viewOf } from '../core/views.js';
import { DeviceArray } from '../facade/device-array.js';
import { runCall, runCallAsync, type Call } from '../facade/device-io.js';
import type { DeviceOut } from '../facade/dtype.js';

export interface AliasSampleOptions extends CommonOptions {
  /** Destination (length ≥ n; element i is written to out[i]), or 'device' / a uint32 DeviceArray to
   *  keep the samples on the backend (docs/device-arrays.md). */
  out?: Uint32Array | DeviceOut;
}

/** Whether the (checked: own properties, read once) options ask for a DeviceArray result (then
 *  lib/facade/device-io.ts runs the call). */
export function wantsDevice(opts: Prepared['opts']): boolean {
  const out = opts.out;
  return out === 'device' || out instanceof DeviceArray;
}

/** The sampling call for lib/facade/device-io.ts (a DeviceArray `out`, or weights in one: categorical). */
export function sampleCall(p: Prepared, op: string, params: Record<string, unknown>, extra?: Partial<Call>): Call {
  return { p, op, dtype: 'uint32', count: p.n, params, ...extra };
}

export interface AliasCountsOptions extends CommonOptions {
  /** Destination histogram (length ≥ the number of items); zeroed first unless `accumulate`. */
  out?: Float64Array;
  /** Add to `out` instead of overwriting it (counts stay exact up to 2^53). */
  accumulate?: boolean;
}


/** The options of AliasTable.sample and .counts, for their unknown-option errors. */
export const SAMPLE_NAMES: OptionNames = { fn: 'AliasTable.sample', known: COMMON_OPTIONS };
export const COUNTS_NAMES: OptionNames = { fn: 'AliasTable.counts', known: [...COMMON_OPTIONS, 'accumulate'] };

const SYNC_CHUNK = 1 << 16;
const ASYNC_CHUNK = 1 << 21;


/** Draws per row uploaded below which `auto` samples a table that is not on the GPU yet on the CPU:
 *  an upload moves 8 bytes per row over PCIe (~0.4 ns), a CPU draw costs ~20–30 ns. */
const UPLOAD_ROWS_PER_DRAW = 32;

/**
 * The backend for n draws from a table (params { rows, n }) under the requested choice. `auto` takes
 * the GPU from the CUDA crossover on, as every function does, and for a table whose rows are not on
 * the device yet only when n ≥ size / 32, so that the upload pays for itself.
 */
export function aliasBackend(place: Placement, op: string, n: number, params: Record<string, unknown>): Backend {
  const rows = params.rows as Uint32Array | undefined;
  const size = params.n as number;
  const upload = rows !== undefined && !gpuHolds(rows) && n * UPLOAD_ROWS_PER_DRAW < size;
  return pickBackend(place, op, requestedBackend(place.backend) === 'auto' && upload ? 0 : n);
}

/**
 * Samples of a table or categorical job, through lib/facade/device-io.ts like every sampler: host
 * outputs on the backend aliasBackend picks (it weighs the table's upload), device outputs where the
 * operands send them.
 */
function tableCall(key: Key, n: number, options: unknown, op: string, params: Record<string, unknown>): Call {
  const p = prepare(key, n, options, SAMPLE_NAMES);
  return sampleCall(p, op, params, wantsDevice(p.opts) ? undefined : { backend: aliasBackend(placement(p), op, p.n, params) });
}

export function sampleSync(key: Key, n: number, options: unknown, op: string, params: Record<string, unknown>): Uint32Array | DeviceArray {
  return runCall(tableCall(key, n, options, op, params)) as Uint32Array | DeviceArray;
}

export const sampleAsync = asyncly(
  (key: Key, n: number, options: unknown, op: string, params: Record<string, unknown>): Promise<Uint32Array | DeviceArray> =>
    runCallAsync(tableCall(key, n, options, op, params)) as Promise<Uint32Array | DeviceArray>,
);

/** Validates the counts options; returns the caller's histogram (or a new one) and the view of its
 *  first `size` elements that the counts go to (zeroed unless accumulate). */
function countsOut(p: Prepared, size: number): [Float64Array, Float64Array] {
  const acc = p.opts.accumulate;
  if (acc !== undefined && typeof acc !== 'boolean') {
    throw new TypeError(`accumulate must be a boolean, got ${describe(acc)}`);
  }
  const out = checkOut(p.opts.out, Float64Array, size);
  const view = viewOf(out, 0, size);  // intrinsic: the caller's subclass decides nothing about where counts go
  if (!acc) view.fill(0);
  return [out, view];
}

function scratchJob(p: Prepared, op: string, params: Record<string, unknown>, scratch: Uint32Array): Job {
  return jobOf({ op, key: p.key, lo: p.lo, hi: p.hi, out: scratch, params, perElement: {} });
}

function histogram(out: Float64Array, s: Uint32Array): void {
  for (let i = 0; i < s.length; i++) out[s[i]]++;
}

/** The GPU's counts job, when the choice lands on a backend that has the counts op, else null. */
function gpuCounts(p: Prepared, params: Record<string, unknown>, out: Float64Array): [Backend, Job] | null {
  const be = aliasBackend(placement(p), OP_ALIAS_COUNTS, p.n, params);
  if (be.name !== 'cuda' || !be.supports(OP_ALIAS_COUNTS)) return null;
  return [be, jobOf({
    op: OP_ALIAS_COUNTS, key: p.key, lo: p.lo, hi: p.hi, out, params: { ...params, count: p.n }, perElement: {},
    owned: p.opts.out === undefined ? new Set([out]) : undefined,
  })];
}

/** Counts of a table's samples (params { rows, n }). */
export function countsPrepared(p: Prepared, params: Record<string, unknown>, size: number): Float64Array {
  const [result, out] = countsOut(p, size);
  if (p.n === 0) return result;
  const gpu = gpuCounts(p, params, out);
  if (gpu) {
    gpu[0].run(gpu[1]);
    return result;
  }
  const scratch = new Uint32Array(Math.min(p.n, SYNC_CHUNK));
  const job = scratchJob(p, OP_ALIAS, params, scratch);
  for (let s = 0; s < p.n; s += SYNC_CHUNK) {
    const c = Math.min(SYNC_CHUNK, p.n - s);
    const part = scratch.subarray(0, c);
    pickBackend(p.opts, OP_ALIAS, c).run(subJob(job, s, c, part));
    histogram(out, part);
  }
  return result;
}

export async function countsPreparedAsync(
  p: Prepared, params: Record<string, unknown>, size: number,
): Promise<Float64Array> {
  const [result, out] = countsOut(p, size);
  if (p.n === 0) return result;
  const gpu = gpuCounts(p, params, out);
  if (gpu) {
    await gpu[0].runAsync(gpu[1]);
    return result;
  }
  // Two shared scratch buffers: the pool fills one while this thread counts the other.
  const len = Math.min(p.n, ASYNC_CHUNK);
  // Reused (lib/backend/cpu/pool.ts): fresh shared buffers per call pile up in the workers until their GC.
  const bufs = [0, 1].map(() => new Uint32Array(takeScratch(4 * len), 0, len));
  const job = scratchJob(p, OP_ALIAS, params, bufs[0]);
  type Pending = { done: Promise<unknown>; part: Uint32Array };
  const start = (s: number, k: number): Pending => {
    const c = Math.min(ASYNC_CHUNK, p.n - s);
    const part = bufs[k & 1].subarray(0, c);
    const done = pickBackend(p.opts, OP_ALIAS, c).runAsync(subJob(job, s, c, part)).then(() => null, (e: unknown) => e ?? new Error('worker failed'));
    return { done, part };
  };
  const finish = async (x: Pending): Promise<void> => {
    const err = await x.done;
    if (err) throw err;
    histogram(out, x.part);
  };
  let prev: Pending | null = null;
  try {
    for (let s = 0, k = 0; s < p.n; s += ASYNC_CHUNK, k++) {
      const cur = start(s, k);
      const last: Pending | null = prev;
      prev = cur;
      if (last) await finish(last);
    }
    if (prev) {
      const last: Pending = prev;
      prev = null;
      await finish(last);
    }
  } finally {
    if (prev) await prev.done;
  }
  for (const b of bufs) giveScratch(b.buffer as SharedArrayBuffer);
  return result;
}
