/**
 * Worker-thread pool for the CPU backend's async variants. Since every kernel is a pure function of
 * (key, element index), a job can be cut anywhere and gives the same bits as the single-thread path.
 *
 * Workers can only write into a SharedArrayBuffer. A shared `out` is cut into one contiguous chunk per
 * worker and written in place. Any other `out` goes through two reused shared scratch slabs in rounds:
 * the workers fill one slab while the main thread copies the other into `out`; non-shared per-element
 * inputs come in the same rounds through slabs of their own. Reuse matters: first
 * writes to fresh memory page-fault, and on some hosts (sandboxed kernels) that alone cost ~8x the
 * sampling time of a large output; the slabs also bound the extra memory to 2 × SLAB_BYTES per call
 * in flight instead of a second copy of the whole output.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PATH, cpuSplittable, runKernel, type CpuPath } from './kernels.js';
import { kernelArgs, subJob, type Job, type OutArray } from '../../core/job.js';
import { OUT_MOVED, isDetached } from '../../core/validate.js';
import { forgetScratch, giveScratch, takeScratch } from '../../core/scratch.js';
import { ownEnv, record } from '../../core/records.js';

/** Below this many elements a job runs inline: a worker round trip costs more than the work. */
export const POOL_MIN_ELEMENTS = 1 << 16;
const ALIGN = 1024;

/** A chunk sent to a worker; `inline` computes the same chunk on the main thread. */
interface Pending { resolve: () => void; reject: (e: Error) => void; inline: () => void }
interface Slot { worker: Worker; pending: Map<number, Pending>; closing?: boolean }

let slots: Slot[] | null = null;
let nextId = 1;
let rr = 0;

/**
 * Worker failures (a worker that cannot start, or dies) the pool tolerates before it stops using
 * threads. A worker that cannot start fails the same way on every retry (a bundle without worker.js,
 * a forbidden execArgv), so retrying forever would spin the CPU and keep the process alive.
 */
export const WORKER_FAILURES = 3;
let failures = 0;
/** Set once the pool gave up on threads: async CPU calls then run on the main thread. */
let disabled: string | null = null;

export function poolSize(): number {
  if (disabled) return 1;
  const env = Number(ownEnv('CUDA_RANDOM_THREADS'));
  if (Number.isInteger(env) && env >= 1) return Math.min(env, 64);
  return Math.max(1, Math.min(availableParallelism(), 16));
}

/** Why the pool runs async CPU calls on the main thread, or null while it uses worker threads. */
export function poolFallback(): string | null {
  return disabled;
}

/** The worker beside this file, as a path (converted once, when this module loads). */
const WORKER_BESIDE = fileURLToPath(new URL('./worker.js', import.meta.url));

/**
 * The worker script: CUDA_RANDOM_WORKER (a path or file: URL, for bundled apps), else the one beside
 * this file. As a path: Node tells a URL argument (also in fileURLToPath) by reading fields (auth,
 * path …) that a polluted Object.prototype answers too.
 */
function workerScript(): string {
  const env = ownEnv('CUDA_RANDOM_WORKER');  // own: never a path from a polluted Object.prototype
  if (env) return env.startsWith('file:') ? fileURLToPath(env) : env;
  return WORKER_BESIDE;
}

/** The parent's execArgv minus what only a main script may use (`node --input-type=module -e …`). */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print' || a === '--input-type') { i++; continue; }
    if (a.startsWith('--input-type=') || a.startsWith('--eval=') || a.startsWith('--print=')) continue;
    out.push(a);
  }
  return out;
}

/**
 * `argv` without the flags a Worker refused (ERR_WORKER_INVALID_EXEC_ARGV names them: V8 options such
 * as --expose-gc or --max-old-space-size, process-wide ones such as --title; V8's apply to the whole
 * process, workers included, anyway), a refused flag's separate value with it; null when the error
 * names nothing this list holds.
 */
export function withoutRefused(argv: readonly string[], message: string): string[] | null {
  const named = message.slice(message.indexOf(':') + 1).split(',').map((f) => f.trim()).filter(Boolean);
  const out: string[] = [];
  let dropped = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (named.includes(a) || named.includes(a.split('=')[0])) {
      dropped = true;
      if (!a.includes('=') && i + 1 < argv.length && !argv[i + 1].startsWith('-')) i++;
      continue;
    }
    out.push(a);
  }
  return dropped ? out : null;
}

/** The execArgv workers start with, once a Worker has accepted it. */
let acceptedExecArgv: string[] | null = null;

/** A Worker of the script with the parent's execArgv, less the flags workers refuse. */
function newWorker(): Worker {
  let argv = acceptedExecArgv ?? workerExecArgv();
  for (;;) {
    try {
      const w = new Worker(workerScript(), record({ execArgv: argv }));  // Node reads name, env … off it: none from Object.prototype
      acceptedExecArgv = argv;
      return w;
    } catch (e) {
      const fewer = (e as { code?: string }).code === 'ERR_WORKER_INVALID_EXEC_ARGV' ? withoutRefused(argv, (e as Error).message) : null;
      if (!fewer) throw e;
      argv = fewer;
    }
  }
}

function settleInline(p: Pending): void {
  try {
    p.inline();
    p.resolve();
  } catch (e) {
    p.reject(e as Error);
  }
}

/** A worker failed (`cause`): its chunks run on the main thread; past the bound the pool stops using threads. */
function workerFailed(slot: Slot | null, cause: unknown): void {
  const pending = slot ? [...slot.pending.values()] : [];
  slot?.pending.clear();
  failures++;
  if (failures >= WORKER_FAILURES && !disabled) {
    const why = cause instanceof Error ? cause.message : String(cause);
    disabled = `cuda-random: CPU worker threads failed ${failures} times (last: ${why.split('\n')[0]}); ` +
      'async CPU calls run on the main thread from now on, with the same values ' +
      '(docs/building.md, "Worker threads": CUDA_RANDOM_WORKER, CUDA_RANDOM_THREADS=1)';
    process.emitWarning(disabled, 'CudaRandomWarning');
    const all = slots ?? [];
    slots = null;
    for (const s of all) {
      if (s !== slot) pending.push(...s.pending.values());
      s.pending.clear();
      void s.worker.terminate().catch(() => undefined);
    }
  } else if (slot && slots) {
    const i = slots.indexOf(slot);
    if (i >= 0) slots[i] = spawn() ?? slot;
  }
  if (slot) void slot.worker.terminate().catch(() => undefined);
  pending.forEach(settleInline);
}

/** A new worker, or null when it cannot even be constructed (counted as a failure). */
function spawn(): Slot | null {
  if (disabled) return null;
  let worker: Worker;
  try {
    worker = newWorker();
  } catch (e) {
    workerFailed(null, e);
    return null;
  }
  const slot: Slot = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (m: { id: number; error?: string }) => {
    const p = slot.pending.get(m.id);
    if (!p) return;
    slot.pending.delete(m.id);
    if (slot.pending.size === 0) worker.unref();
    if (Object.hasOwn(m, 'error')) p.reject(new Error(m.error));  // own: not a polluted Object.prototype.error
    else p.resolve();
  });
  worker.on('error', (e) => workerFailed(slot, e));
  worker.on('exit', (code) => {
    if (!slot.pending.size) return;
    if (slot.closing) {
      const e = new Error('cuda-random: shutdownPool() was called while this async call was pending; its values are lost');
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
    } else {
      workerFailed(slot, new Error(`worker exited with code ${code}`));
    }
  });
  return slot;
}

function send(job: Job, path: CpuPath): Promise<void> {
  const inline = () => runKernel(job.op, kernelArgs(job), path);
  if (!slots && !disabled) {
    const made: Slot[] = [];
    for (let i = 0; i < poolSize() && !disabled; i++) {
      const s = spawn();
      if (s) made.push(s);
    }
    if (!disabled && made.length) slots = made;
    else made.forEach((x) => void x.worker.terminate().catch(() => undefined));
  }
  if (!slots) {
    return new Promise<void>((resolve, reject) => settleInline({ resolve, reject, inline }));
  }
  const slot = slots[rr++ % slots.length];
  const id = nextId++;
  return new Promise<void>((resolve, reject) => {
    slot.pending.set(id, { resolve, reject, inline });
    slot.worker.ref();
    slot.worker.postMessage(workerMessage(id, job, path));
  });
}

/**
 * The message that hands `job` (one part of a call) to a worker. Whatever is not shared memory is
 * structured-cloned into every message, so only the part's own values may travel: a non-shared
 * per-element view is sent as a copy of its slice (a view would clone its whole buffer), and a
 * parameter that holds the call's whole per-element array (the facade keeps it in params too) is
 * replaced by the part's view — before, every part of a per-element call carried a copy of all n
 * values (80 MB per message for n = 10^7 doubles). @internal exported for tests
 */
export function workerMessage(id: number, job: Job, path: CpuPath): Record<string, unknown> {
  const perElement: Job['perElement'] = {};
  for (const [k, v] of Object.entries(job.perElement)) {
    perElement[k] = v.buffer instanceof SharedArrayBuffer ? v : v.slice();
  }
  const params: Job['params'] = { ...job.params };
  for (const k of Object.keys(perElement)) if (ArrayBuffer.isView(params[k])) params[k] = perElement[k];
  return {
    id, op: job.op, k0: job.key[0], k1: job.key[1], lo: job.lo, hi: job.hi,
    out: job.out, params, perElement, fast: path.fast, native: path.native !== false,
  };
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
  // Non-shared per-element inputs reach the workers through shared scratch (a cloned slice per part
  // would linger in the workers' heaps: soak.mjs, chisquareAsync with per-element df, +150 MiB RSS).
  const inputs = Object.entries(job.perElement).filter(([, v]) => !(v.buffer instanceof SharedArrayBuffer));
  const sharedOut = job.out.buffer instanceof SharedArrayBuffer;
  const scratch: SharedArrayBuffer[] = [];
  const inFlight: Promise<void[]>[] = [];
  try {
    if (sharedOut && !inputs.length) {
      const done = spread(job, 0, n, job.out, threads, path);
      inFlight.push(done);
      await done;
      return;
    }
    // In rounds, two slabs of each staged array: round r's inputs are copied into slab r % 2 and its
    // outputs come out of one, while the workers run round r − 1 — no serial copy of all n inputs
    // before the first worker starts, nor of all n outputs after the last one ends.
    const widest = Math.max(sharedOut ? 0 : job.out.BYTES_PER_ELEMENT, ...inputs.map(([, v]) => v.BYTES_PER_ELEMENT));
    const round = Math.min(n, Math.max(ALIGN, Math.floor(SLAB_BYTES / widest / ALIGN) * ALIGN)); // slabs no larger than the call
    const slabs = () => {
      const two = [takeScratch(round * widest), takeScratch(round * widest)];
      scratch.push(...two);
      return two;
    };
    const outSlabs = sharedOut ? [] : slabs();
    const inSlabs = inputs.map(slabs);
    const OutCtor = job.out.constructor as new (b: SharedArrayBuffer, o: number, n: number) => OutArray;
    let pending: Round | null = null;
    for (let start = 0, r = 0; start < n || pending; start += round, r++) {
      let next: Round | null = null;
      if (start < n) {
        const count = Math.min(round, n - start);
        const view = sharedOut ? job.out.subarray(start, start + count) : new OutCtor(outSlabs[r & 1], 0, count);
        const part = subJob(job, start, count, view);
        inputs.forEach(([name, v], k) => {
          const staged = new (v.constructor as Float64ArrayConstructor)(inSlabs[k][r & 1], 0, count);
          staged.set(v.subarray(start, start + count));
          part.perElement[name] = staged;
        });
        next = { start, view, done: spread(part, 0, count, view, threads, path) };
        inFlight.push(next.done);
        // Awaited later (or only settled, when an earlier round fails): not an unhandled rejection meanwhile.
        next.done.catch(() => undefined);
      }
      if (pending) {
        await pending.done;
        if (!sharedOut) {
          // The caller's array may have been transferred or shrunk while the workers ran: never write
          // into what it became, say so (the same rule as the GPU's async path).
          if (isDetached(job.out) || job.out.length !== n) throw new TypeError(OUT_MOVED);
          (job.out as Float64Array).set(pending.view as Float64Array, pending.start);
        }
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

/**
 * Terminates the pool's workers (tests and short scripts; the pool never holds a process open). Async
 * calls still pending reject, saying so; the next async call starts the pool afresh (and retries
 * threads after a fallback to the main thread).
 */
export async function shutdownPool(): Promise<void> {
  const s = slots;
  slots = null;
  failures = 0;
  disabled = null;
  forgetScratch();
  if (!s) return;
  for (const x of s) x.closing = true;
  await Promise.all(s.map((x) => x.worker.terminate()));
}
