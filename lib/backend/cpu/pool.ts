/**
 * Worker-thread pool for the CPU backend's async variants. Since every kernel is a pure function of
 * (key, element index), a job can be cut anywhere and gives the same bits as the single-thread path.
 *
 * Workers can only write into a SharedArrayBuffer. A shared `out` is cut into one contiguous chunk per
 * worker and written in place. Any other `out` goes through two reused shared scratch slabs in rounds:
 * the workers (one fewer) fill one slab while the main thread computes its own share of the round straight
 * into `out` and copies the other slab into it; non-shared per-element
 * inputs come in the same rounds through slabs of their own. Reuse matters: first
 * writes to fresh memory page-fault, and on some hosts (sandboxed kernels) that alone cost ~8x the
 * sampling time of a large output; the slabs also bound the extra memory to 2 × SLAB_BYTES per call
 * in flight instead of a second copy of the whole output.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { DEFAULT_PATH, cpuSplittable, runKernel, type CpuPath } from './kernels.js';
import { OPS } from '../../samplers/registry.js';
import { nativeCpuInfo } from '../../native/cpu.js';
import { kernelArgs, subJob, type Job, type OutArray } from '../../core/job.js';
import { OUT_MOVED, isDetached } from '../../core/validate.js';
import { forgetScratch, giveScratch, takeScratch } from '../../core/scratch.js';
import { addressSpace, noRoomReason, workersThatFit, WORKER_CODE_RANGE_MB } from './address-space.js';
import { envInt } from '../../core/env.js';
import { ownEnv, record } from '../../core/records.js';

/** Below this many elements a job runs inline: a worker round trip costs more than the work. */
export const POOL_MIN_ELEMENTS = 1 << 16;
const ALIGN = 1024;

/** A chunk sent to a worker; `inline` computes the same chunk on the main thread. */
interface Pending { resolve: () => void; reject: (e: Error) => void; inline: () => void; op: string; elements: number }
/** A worker and its parts in the order sent (a worker answers them in that order). */
interface Slot { worker: Worker; pending: Map<number, Pending>; closing?: boolean; watchdog?: ReturnType<typeof setTimeout> }

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

/** Stops using threads for `why`, said once in a process warning. */
function disable(why: string): void {
  disabled = why;
  process.emitWarning(why, 'CudaRandomWarning');
}

/**
 * The watchdog's bound (ms) for one part of `elements` elements, timed from when the worker reaches
 * it: a minute plus 10 µs per element, orders of magnitude above what any kernel takes even on a
 * loaded machine (the slowest, a 2^24-element permutation, sorts in seconds).
 */
export const defaultPartTimeout = (elements: number): number => 60_000 + elements * 0.01;
let partTimeout = defaultPartTimeout;

/** @internal Tests inject a short bound; null restores the default. */
export function setPartTimeout(bound: ((elements: number) => number) | null): void {
  partTimeout = bound ?? defaultPartTimeout;
}

/** The watchdog gave up on a part: its worker may still write into the part's memory until it stops. */
class PartTimeout extends Error {}

/** @internal The live workers' thread ids (tests: a replaced worker). */
export function poolThreads(): number[] {
  return (slots ?? []).map((s) => s.worker.threadId);
}

/** The CPUs this process may use, asked once: os.availableParallelism() reads the affinity mask and cgroup
 *  limits on each call (~25 µs here, a third of an async twin's 2^16-element call). */
let cores: number | undefined;

export function poolSize(): number {
  if (disabled) return 1;
  // 1 … 64; anything else is a RangeError (lib/core/env.ts), not the default or a clamp
  return envInt('CUDA_RANDOM_THREADS', 1, 64) ?? Math.max(1, Math.min(cores ??= availableParallelism(), 16));
}

/** Why the pool runs async CPU calls on the main thread, or null while it uses worker threads. */
export function poolFallback(): string | null {
  return disabled;
}

/** The worker beside this file as a path, or null when there is none: a bundler copied this module
 *  into an app's bundle (a CommonJS bundle has no import.meta.url at all), leaving worker.js behind. */
const WORKER_BESIDE: string | null = (() => {
  const url = (import.meta as { url?: unknown }).url;
  if (typeof url !== 'string' || !url.startsWith('file:')) return null;
  const path = fileURLToPath(new URL('./worker.js', url));
  return existsSync(path) ? path : null;
})();

const BUNDLED = 'cuda-random: its worker script is not beside this module (was cuda-random bundled into the app?): ' +
  'async CPU calls run on the main thread, with the same values; mark cuda-random external in the bundler ' +
  '(README, "Bundling") or set CUDA_RANDOM_WORKER to its dist/lib/backend/cpu/worker.js';

/**
 * The worker script: CUDA_RANDOM_WORKER (a path or file: URL, for bundled apps), else the one beside
 * this file, else null. As a path: Node tells a URL argument (also in fileURLToPath) by reading fields
 * (auth, path …) that a polluted Object.prototype answers too.
 */
function workerScript(): string | null {
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
function newWorker(script: string): Worker {
  let argv = acceptedExecArgv ?? workerExecArgv();
  for (;;) {
    try {
      // Node reads name, env … off the options: none may come from Object.prototype
      const w = new Worker(script, record({ execArgv: argv, resourceLimits: record({ codeRangeSizeMb: WORKER_CODE_RANGE_MB }) }));
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
  if (slot) clearTimeout(slot.watchdog);
  failures++;
  if (failures >= WORKER_FAILURES && !disabled) {
    const why = cause instanceof Error ? cause.message : String(cause);
    disable(`cuda-random: CPU worker threads failed ${failures} times (last: ${why.split('\n')[0]}); ` +
      'async CPU calls run on the main thread from now on, with the same values ' +
      '(docs/building.md, "Worker threads": CUDA_RANDOM_WORKER, CUDA_RANDOM_THREADS=1)');
    const all = slots ?? [];
    slots = null;
    for (const s of all) {
      if (s !== slot) pending.push(...s.pending.values());
      s.pending.clear();
      clearTimeout(s.watchdog);
      void s.worker.terminate().catch(() => undefined);
    }
  } else if (slot && slots) {
    // A replacement only where the address space still has room for one (the failed worker may not
    // have let go of its own yet); without one the pool goes on with fewer workers — never with the
    // failed one, which would take parts and answer none.
    const next = slots.includes(slot) && workersThatFit(addressSpace()) >= 1 ? spawn() : null;
    const i = slots?.indexOf(slot) ?? -1; // spawn() may have failed past the bound: no pool any more
    if (i >= 0 && next) slots![i] = next;
    else if (i >= 0) slots!.splice(i, 1);
    else if (next) void next.worker.terminate().catch(() => undefined);
    if (slots && !slots.length) slots = null;
  }
  if (slot) void slot.worker.terminate().catch(() => undefined);
  pending.forEach(settleInline);
}

/** Times the part `slot`'s worker is on now (the oldest one pending), if any. */
function armWatchdog(slot: Slot): void {
  clearTimeout(slot.watchdog);
  slot.watchdog = undefined;
  const head = slot.pending.entries().next();
  if (head.done) return;
  const [id, p] = head.value;
  const ms = partTimeout(p.elements);
  slot.watchdog = setTimeout(() => {
    if (slot.pending.get(id) !== p) return;
    slot.pending.delete(id);
    const e = new PartTimeout(`cuda-random: a CPU worker thread did not finish its part of an async call ` +
      `(${p.elements} elements of ${p.op}) within ${Math.round(ms)} ms; the call fails and the worker is replaced`);
    p.reject(e);
    workerFailed(slot, e); // its other parts run on the main thread (the same values)
  }, ms);
  // The worker holds the process open while it has parts; the timer itself need not.
  slot.watchdog.unref();
}

/** A new worker, or null when it cannot even be constructed (counted as a failure). */
function spawn(): Slot | null {
  if (disabled) return null;
  const script = workerScript();
  if (script === null) {
    disable(BUNDLED);
    return null;
  }
  let worker: Worker;
  try {
    worker = newWorker(script);
  } catch (e) {
    workerFailed(null, e);
    return null;
  }
  const slot: Slot = { worker, pending: new Map() };
  worker.on('message', (m: { id: number; error?: string }) => {
    const p = slot.pending.get(m.id);
    if (!p) return;
    slot.pending.delete(m.id);
    if (slot.pending.size === 0) worker.unref();
    armWatchdog(slot); // the worker moves on to its next part
    if (Object.hasOwn(m, 'error')) p.reject(new Error(m.error));  // own: not a polluted Object.prototype.error
    else p.resolve();
  });
  worker.on('error', (e) => workerFailed(slot, e));
  worker.on('exit', (code) => {
    clearTimeout(slot.watchdog);
    if (!slot.pending.size) return;
    if (slot.closing) {
      const e = new Error('cuda-random: shutdownPool() was called while this async call was pending; its values are lost');
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
    } else {
      workerFailed(slot, new Error(`worker exited with code ${code}`));
    }
  });
  // Only after the listeners: attaching a 'message' listener refs the worker's port again, and a worker
  // that never gets a part (a whole-result call uses one of them) would then hold the process open.
  worker.unref();
  return slot;
}

/** Starts as many workers as asked for and the address space has room for; none fit: the main thread. */
function start(): void {
  const space = addressSpace();
  const room = workersThatFit(space);
  if (room < 1 && space) {
    disable(noRoomReason(space));
    return;
  }
  const made: Slot[] = [];
  for (let i = 0; i < Math.min(poolSize(), room) && !disabled; i++) {
    const s = spawn();
    if (s) made.push(s);
  }
  if (!disabled && made.length) slots = made;
  else made.forEach((x) => void x.worker.terminate().catch(() => undefined));
}

function send(job: Job, path: CpuPath): Promise<void> {
  const inline = () => runKernel(job.op, kernelArgs(job), path);
  if (!slots && !disabled) start();
  const at = { op: job.op, elements: job.out.length };
  if (!slots) {
    return new Promise<void>((resolve, reject) => settleInline({ resolve, reject, inline, ...at }));
  }
  const slot = slots[rr++ % slots.length];
  const id = nextId++;
  return new Promise<void>((resolve, reject) => {
    slot.pending.set(id, { resolve, reject, inline, ...at });
    if (slot.pending.size === 1) armWatchdog(slot);
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

/**
 * Elements [start, start + count) of `job`, cut into one chunk per worker, written into `out`. Settles
 * only once every chunk has: until then a worker may still write into `out` (scratch that the call
 * hands back when it ends). Promise.all would reject at the first failure while other chunks run.
 */
async function spread(job: Job, start: number, count: number, out: OutArray, threads: number, path: CpuPath): Promise<void> {
  const per = Math.ceil(count / threads / ALIGN) * ALIGN;
  const parts: Promise<void>[] = [];
  for (let s = 0; s < count; s += per) {
    const m = Math.min(per, count - s);
    parts.push(send(subJob(job, start + s, m, out.subarray(s, s + m)), path));
  }
  return allParts(parts);
}

/** Settles once every part has, rejecting with a failed part's reason (a watchdog's first). */
async function allParts(parts: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(parts)).filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) throw (failed.find((r) => r.reason instanceof PartTimeout) ?? failed[0]).reason;
}

/** Whether scratch that `settled` calls wrote may be reused: not if a worker the watchdog gave up on may still write. */
function reusable(settled: PromiseSettledResult<unknown>[]): boolean {
  return !settled.some((r) => r.status === 'rejected' && r.reason instanceof PartTimeout);
}

/** Elements the calling thread computes between two yields to the event loop (runSliced): about a
 *  millisecond of the host SIMD kernels. */
export const SLICE_ELEMENTS = 1 << 20;

/**
 * Whether the pool cannot win: the op's kernel here is the addon's host SIMD one, which writes its
 * output faster than the calling thread can copy the workers' results out of shared slabs into an
 * `out` that is not shared memory (measured 2026-11-28, 2^20 elements: uniform async 698 vs sync
 * 1142 M/s, bits 1409 vs 2759). Such a job runs in the calling thread, in slices (issue 31: an async
 * twin is never slower than its sync call). Ops marked `pooled` (a host kernel of tens of ns a value:
 * gamma's family) keep the pool.
 */
function copyBound(job: Job, path: CpuPath): boolean {
  const op = OPS.get(job.op);
  return path.fast && path.native !== false && op?.native !== undefined && !op.pooled && nativeCpuInfo().simd !== null;
}

/** The job in the calling thread, SLICE_ELEMENTS at a time, yielding to the event loop before each slice
 *  (other work goes on; the values are those of one call: slices are sub-jobs, as the pool's parts). */
async function runSliced(job: Job, path: CpuPath): Promise<void> {
  const n = job.out.length;
  for (let start = 0; start < n; start += SLICE_ELEMENTS) {
    // First the caller's turn (a microtask: the call returns before any value is written, as a pooled one
    // does), then the event loop's before each further slice; the caller's array may have been transferred
    // or shrunk meanwhile: never write into what it became.
    if (start === 0) await null;
    else await new Promise<void>((resolve) => setImmediate(resolve));
    if (isDetached(job.out) || job.out.length !== n) throw new TypeError(OUT_MOVED);
    const count = Math.min(SLICE_ELEMENTS, n - start);
    runKernel(job.op, kernelArgs(count === n ? job : subJob(job, start, count)), path);
  }
}

export async function runPooled(job: Job, path: CpuPath = DEFAULT_PATH): Promise<void> {
  const n = job.out.length;
  // A small job runs inline whatever the pool's size, so it does not ask for it: poolSize reads
  // CUDA_RANDOM_THREADS and the CPU count, microseconds an async twin of a small call paid for nothing
  // (issue 31; the variable is still checked at the first call, lib/backend/select.ts checkEnvOnce).
  const threads = n < POOL_MIN_ELEMENTS ? 1 : poolSize();
  if (threads === 1) {
    runKernel(job.op, kernelArgs(job), path);
    return;
  }
  if (!cpuSplittable(job.op)) return runWhole(job, path, threads);
  // Non-shared per-element inputs reach the workers through shared scratch (a cloned slice per part
  // would linger in the workers' heaps: soak.mjs, chisquareAsync with per-element df, +150 MiB RSS).
  const inputs = Object.entries(job.perElement).filter(([, v]) => !(v.buffer instanceof SharedArrayBuffer));
  const sharedOut = job.out.buffer instanceof SharedArrayBuffer;
  if (!sharedOut && copyBound(job, path)) return runSliced(job, path);
  const scratch: SharedArrayBuffer[] = [];
  const inFlight: Promise<void>[] = [];
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
    for (let start = 0, r = 0; start < n || pending; start += round, r++) {  // (round: elements of a round, both shares)
      let next: Round | null = null;
      if (start < n) {
        const all = Math.min(round, n - start);
        // A plain out: the calling thread computes the round's last `mine` elements straight into it (it
        // would otherwise only wait and copy), the workers the rest into the slab, one part fewer.
        const mine = sharedOut ? 0 : Math.floor(all / threads / ALIGN) * ALIGN;
        const count = all - mine;
        const view = sharedOut ? job.out.subarray(start, start + count) : new OutCtor(outSlabs[r & 1], 0, count);
        const part = subJob(job, start, count, view);
        inputs.forEach(([name, v], k) => {
          const staged = new (v.constructor as Float64ArrayConstructor)(inSlabs[k][r & 1], 0, count);
          staged.set(v.subarray(start, start + count));
          part.perElement[name] = staged;
        });
        next = { start, view, done: spread(part, 0, count, view, mine ? threads - 1 : threads, path) };
        inFlight.push(next.done);
        // Awaited later (or only settled, when an earlier round fails): not an unhandled rejection meanwhile.
        next.done.catch(() => undefined);
        if (mine) {
          // the caller's turn first (the call returns before any value is written); its array may have
          // been transferred or shrunk meanwhile: never write into what it became
          if (r === 0) await null;
          if (isDetached(job.out) || job.out.length !== n) throw new TypeError(OUT_MOVED);
          runKernel(job.op, kernelArgs(subJob(job, start + count, mine)), path);
        }
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
    // A failed round must not hand back scratch that a worker still reads or writes: every part of every
    // round has settled here (spread), and scratch of a part the watchdog gave up on is never reused.
    if (reusable(await Promise.allSettled(inFlight))) scratch.forEach(giveScratch);
  }
}

/** How many parts a whole job runs in on `threads` threads: the largest power of two up to them (at most 64)
 *  where the op offers parts here (OpSpec.parts: a permutation on the host kernels), else 1. @internal exported for tests */
export function partsOf(job: Job, path: CpuPath, threads: number): number {
  const op = OPS.get(job.op);
  if (!op?.parts || !path.fast || path.native === false || !op.parts(kernelArgs(job))) return 1;
  return 2 ** Math.floor(Math.log2(Math.min(threads, 64)));
}

/** `job` into `out` (shared memory): whole on one worker, or its `parts` parts on as many at once — each
 *  writes only its own positions. Settles once every part has (as spread). */
async function sendWhole(job: Job, out: OutArray, parts: number, path: CpuPath): Promise<void> {
  if (parts === 1) return send({ ...job, out }, path);
  const sent: Promise<void>[] = [];
  for (let part = 0; part < parts; part++) sent.push(send({ ...job, out, params: { ...job.params, part, parts } }, path));
  return allParts(sent);
}

/**
 * A whole-result job (a permutation: it cannot be cut into element ranges) on one worker, so the calling
 * thread stays free, or in parts on `threads` workers at once where the op offers parts; the workers write
 * shared scratch unless `out` is shared already.
 */
async function runWhole(job: Job, path: CpuPath, threads: number): Promise<void> {
  const parts = partsOf(job, path, threads);
  if (job.out.buffer instanceof SharedArrayBuffer) {
    await sendWhole(job, job.out, parts, path);
    return;
  }
  const n = job.out.length;
  const Ctor = job.out.constructor as new (b: SharedArrayBuffer, o: number, n: number) => OutArray;
  const sab = takeScratch(job.out.byteLength);
  let done = false;
  try {
    const view = new Ctor(sab, 0, n);
    try {
      await sendWhole(job, view, parts, path);
    } catch (e) {
      if (!(e instanceof PartTimeout)) done = true; // every worker answered: none writes any more
      throw e;
    }
    done = true;
    if (isDetached(job.out) || job.out.length !== n) throw new TypeError(OUT_MOVED);
    (job.out as Float64Array).set(view as Float64Array);
  } finally {
    if (done) giveScratch(sab);
  }
}

interface Round {
  start: number;
  view: OutArray;
  done: Promise<void>;
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
