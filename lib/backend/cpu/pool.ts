/**
 * Worker-thread pool for the CPU backend's async variants. Since every kernel is a pure function of
 * (key, element index), a job can be cut anywhere and gives the same bits as the single-thread path.
 *
 * Workers can only write into a SharedArrayBuffer. A shared `out` is cut into one contiguous chunk per
 * worker and written in place. Any other `out` goes through two reused shared scratch slabs in rounds:
 * the workers fill one slab while the main thread copies the other into `out`. Reuse matters: first
 * writes to fresh memory page-fault, and on some hosts (sandboxed kernels) that alone cost ~8x the
 * sampling time of a large output; the slabs also bound the extra memory to 2 × SLAB_BYTES per call
 * in flight instead of a second copy of the whole output.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { DEFAULT_PATH, cpuSplittable, runKernel, type CpuPath } from './kernels.js';
import { kernelArgs, subJob, type Job, type OutArray } from '../../core/job.js';
import { OUT_MOVED, isDetached } from '../../core/validate.js';
import { forgetScratch, giveScratch, takeScratch } from '../../core/scratch.js';

/** Below this many elements a job runs inline: a worker round trip costs more than the work. */
export const POOL_MIN_ELEMENTS = 1 << 16;
const ALIGN = 1024;

interface Slot { worker: Worker; pending: Map<number, { resolve: () => void; reject: (e: Error) => void }> }

let slots: Slot[] | null = null;
let nextId = 1;
let rr = 0;

export function poolSize(): number {
  const env = Number(process.env.CUDA_RANDOM_THREADS);
  if (Number.isInteger(env) && env >= 1) return Math.min(env, 64);
  return Math.max(1, Math.min(availableParallelism(), 16));
}

function spawn(): Slot {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  const slot: Slot = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (m: { id: number; error?: string }) => {
    const p = slot.pending.get(m.id);
    if (!p) return;
    slot.pending.delete(m.id);
    if (slot.pending.size === 0) worker.unref();
    if (m.error) p.reject(new Error(m.error));
    else p.resolve();
  });
  const fail = (e: Error) => {
    for (const p of slot.pending.values()) p.reject(e);
    slot.pending.clear();
    if (slots) slots[slots.indexOf(slot)] = spawn();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => { if (slot.pending.size) fail(new Error(`cuda-random worker exited with code ${code}`)); });
  return slot;
}

function send(job: Job, path: CpuPath): Promise<void> {
  if (!slots) slots = Array.from({ length: poolSize() }, spawn);
  const slot = slots[rr++ % slots.length];
  const id = nextId++;
  const perElement: Job['perElement'] = {};
  for (const [k, v] of Object.entries(job.perElement)) {
    // A non-shared view would be cloned whole buffer and all; send just the slice.
    perElement[k] = v.buffer instanceof SharedArrayBuffer ? v : v.slice();
  }
  return new Promise<void>((resolve, reject) => {
    slot.pending.set(id, { resolve, reject });
    slot.worker.ref();
    slot.worker.postMessage({
      id, op: job.op, k0: job.key[0], k1: job.key[1], lo: job.lo, hi: job.hi,
      out: job.out, params: job.params, perElement, fast: path.fast,
    });
  });
}

/** Bytes of one output slab: one round of a non-shared output (a few ms of work per worker). */
export const SLAB_BYTES = 8 << 20;

/** Elements [start, start + count) of `job`, cut into one chunk per worker, written into `out`. */
function spread(job: Job, start: number, count: number, out: OutArray, threads: number, path: CpuPath): Promise<void[]> {
  const per = Math.ceil(count / threads / ALIGN) * ALIGN;
  const parts: Promise<void>[] = [];
  for (let s = 0; s < count; s += per) {
    const m = Math.min(per, count - s);
    parts.push(send(subJob(job, start + s, m, out.subarray(s, s + m)), path));
  }
  return Promise.all(parts);
}

export async function runPooled(job: Job, path: CpuPath = DEFAULT_PATH): Promise<void> {
  const n = job.out.length;
  const threads = poolSize();
  if (n < POOL_MIN_ELEMENTS || threads === 1) {
    runKernel(job.op, kernelArgs(job), path);
    return;
  }
  if (!cpuSplittable(job.op)) return runWhole(job, path);
  // Per-element inputs go to the workers as scratch copies (a cloned slice per chunk would linger in
  // the workers' heaps: soak.mjs, chisquareAsync with per-element df, +150 MiB RSS).
  const scratch: SharedArrayBuffer[] = [];
  const inFlight: Promise<void[]>[] = [];
  try {
    const perElement: Job['perElement'] = {};
    for (const [name, v] of Object.entries(job.perElement)) {
      if (v.buffer instanceof SharedArrayBuffer) {
        perElement[name] = v;
        continue;
      }
      const sab = takeScratch(v.byteLength);
      scratch.push(sab);
      const copy = new (v.constructor as Float64ArrayConstructor)(sab, 0, v.length);
      copy.set(v);
      perElement[name] = copy;
    }
    const whole: Job = { ...job, perElement };
    if (job.out.buffer instanceof SharedArrayBuffer) {
      const done = spread(whole, 0, n, job.out, threads, path);
      inFlight.push(done);
      await done;
      return;
    }
    // Other outputs go through two slabs in rounds: round r fills slab r % 2, and its copy into out
    // overlaps the workers' round r + 1.
    const Ctor = job.out.constructor as new (b: SharedArrayBuffer, o: number, n: number) => OutArray;
    const round = Math.floor(SLAB_BYTES / job.out.BYTES_PER_ELEMENT);
    const slabs = [takeScratch(SLAB_BYTES), takeScratch(SLAB_BYTES)];
    scratch.push(...slabs);
    let pending: Round | null = null;
    for (let start = 0, r = 0; start < n || pending; start += round, r++) {
      let next: Round | null = null;
      if (start < n) {
        const count = Math.min(round, n - start);
        const view = new Ctor(slabs[r & 1], 0, count);
        next = { start, view, done: spread(whole, start, count, view, threads, path) };
        inFlight.push(next.done);
      }
      if (pending) {
        await pending.done;
        // The caller's array may have been transferred or shrunk while the workers ran: never write
        // into what it became, say so (the same rule as the GPU's async path).
        if (isDetached(job.out) || job.out.length !== n) throw new TypeError(OUT_MOVED);
        (job.out as Float64Array).set(pending.view as Float64Array, pending.start);
      }
      pending = next;
    }
  } finally {
    // A failed round must not hand back scratch that a worker still reads or writes.
    await Promise.allSettled(inFlight);
    scratch.forEach(giveScratch);
  }
}

/**
 * A whole-result job (a permutation: it cannot be cut) on one worker, so the calling thread stays free;
 * the worker writes shared scratch unless `out` is shared already.
 */
async function runWhole(job: Job, path: CpuPath): Promise<void> {
  if (job.out.buffer instanceof SharedArrayBuffer) {
    await send(job, path);
    return;
  }
  const n = job.out.length;
  const Ctor = job.out.constructor as new (b: SharedArrayBuffer, o: number, n: number) => OutArray;
  const sab = takeScratch(job.out.byteLength);
  try {
    const view = new Ctor(sab, 0, n);
    await send({ ...job, out: view }, path);
    if (isDetached(job.out) || job.out.length !== n) throw new TypeError(OUT_MOVED);
    (job.out as Float64Array).set(view as Float64Array);
  } finally {
    giveScratch(sab);  // the worker has answered: it no longer writes
  }
}

interface Round {
  start: number;
  view: OutArray;
  done: Promise<void[]>;
}

/** Terminates the pool's workers (tests and short scripts; the pool never holds a process open). */
export async function shutdownPool(): Promise<void> {
  const s = slots;
  slots = null;
  forgetScratch();
  if (s) await Promise.all(s.map((x) => x.worker.terminate()));
}
