/**
 * Running a bulk call whose output or inputs may be DeviceArrays (lib/facade/device-array.ts): which backend
 * runs it, and what each operand becomes for that backend. The policy (docs/building.md, "Device
 * arrays"):
 *
 * - An explicit backend ({ backend } or CUDA_RANDOM_BACKEND) wins. Under 'auto' a call follows its
 *   operands: an operand in GPU memory, or `out: 'device'`, sends it to the GPU whenever the CUDA
 *   backend implements the op (whatever n: there is no PCIe round trip to amortise); operands that all
 *   live on the CPU keep it on the CPU; without DeviceArray operands the usual crossover decides.
 * - An operand held by the other backend is copied, never refused: GPU → CPU through toHost, CPU → GPU
 *   as host data the addon uploads; a GPU `out` computed on the CPU is uploaded after the call.
 * - The GPU: the `device` option, else the device of `out` (a DeviceArray), else of the first input in
 *   GPU memory, else the default. An input on another GPU is copied through the host; an `out` on
 *   another GPU than an explicit `device` is a TypeError (its values could not land there).
 * - A freed DeviceArray is a TypeError naming the argument, as are a wrong dtype and an `out` that is
 *   also an input; a length that does not fit is a RangeError.
 */
import type { Prepared } from './prepare.js';
import { jobOf, type Job } from '../core/job.js';
import type { Backend, DeviceDtype, DeviceStore, HostArray } from '../backend/types.js';
import { pickBackend } from '../backend/select.js';
import { CTORS } from '../core/types.js';
import { DeviceArray, storeOf, wrapStore } from './device-array.js';
import { OUT_MOVED, checkDisjoint, checkOut, isDetached, withArticle } from '../core/validate.js';
import { own, record } from '../core/records.js';
import { copyOf, viewOf } from '../core/views.js';


/** A host output of the call's type: `out` validated, or a new array (checkOut with the dtype's constructor). */
function hostOut(out: unknown, dtype: DeviceDtype, count: number): HostArray {
  return checkOut(out, CTORS[dtype] as new (n: number) => HostArray & { length: number }, count);
}

/** A DeviceArray input and how a job carries it. */
export interface DeviceInput {
  /** Argument name in errors, e.g. 'alpha'. */
  name: string;
  array: DeviceArray;
  /** Where the job carries the values: job.perElement[key] or job.params[key] (CUDA: job.device.inputs[key]). */
  slot: 'perElement' | 'params';
  key: string;
  /** Validates host values (a CPU-side copy) and returns what the job carries. */
  host(values: HostArray): Float32Array | Float64Array;
}

/** A validated call: everything but its output and DeviceArray inputs, which depend on the backend. */
export interface Call {
  p: Prepared;
  op: string;
  /** Element type and count of the output (count: p.n, or n·K values for Dirichlet). */
  dtype: DeviceDtype;
  count: number;
  params: Record<string, unknown>;
  perElement?: Record<string, Float32Array | Float64Array>;
  inputs?: DeviceInput[];
  /** perElement holds snapshots the facade made for this call (the async GPU path uses them in place). */
  /** Host inputs (as the caller passed them, with their names) that a host `out` must not overlap. */
  disjoint?: [unknown, string][];
  /** The backend, when the caller chose it (ops whose CPU and GPU jobs differ, e.g. categorical);
   *  else the policy above picks one for `op`. */
  backend?: Backend;
}

export type CallResult = HostArray | DeviceArray;

/** Inputs and the output option, checked before any work: undefined / typed array → host output;
 *  'device' / DeviceArray → device output. Returns the host output (the caller's, checked, or a new
 *  array, which bind uses rather than making a second), undefined for a device output. */
function check(c: Call): HostArray | undefined {
  for (const i of c.inputs ?? []) storeOf(i.array, i.name);
  const out = c.p.opts.out;
  if (out === 'device') return undefined;
  if (out instanceof DeviceArray) {
    storeOf(out, 'out');
    if (out.dtype !== c.dtype) throw new TypeError(`out must be ${withArticle(c.dtype)} DeviceArray, got ${withArticle(out.dtype)} one`);
    if (out.length < c.count) throw new RangeError(`out has length ${out.length}, needs at least ${c.count}`);
    for (const i of c.inputs ?? []) {
      if (i.array === out) throw new TypeError(`out must not be the DeviceArray passed as ${i.name}`);
    }
    return undefined;
  }
  const host = hostOut(out, c.dtype, c.count);
  for (const [input, name] of c.disjoint ?? []) checkDisjoint(host, input, 'out', name);
  return host;
}

/** Where 'auto' sends a call with these DeviceArray operands (undefined: none, the crossover decides). */
export function preferFor(out: unknown, inputs: DeviceArray[]): 'cpu' | 'cuda' | undefined {
  const arrays = out instanceof DeviceArray ? [...inputs, out] : inputs;
  if (out === 'device' || arrays.some((a) => a.backend === 'cuda')) return 'cuda';
  return arrays.length ? 'cpu' : undefined;
}

/** The GPU the operands are on: `out`'s, else the first GPU-resident input's (undefined: none). */
export function deviceFor(out: unknown, inputs: DeviceArray[]): number | undefined {
  if (out instanceof DeviceArray && out.device !== null) return out.device;
  return inputs.find((a) => a.device !== null)?.device ?? undefined;
}

function choose(c: Call): Backend {
  if (c.backend) return c.backend;
  const arrays = (c.inputs ?? []).map((i) => i.array);
  return pickBackend(c.p.opts, c.op, c.count, preferFor(c.p.opts.out, arrays), deviceFor(c.p.opts.out, arrays));
}

/** GPU-resident inputs that the chosen backend cannot read in place: a CPU run, or another GPU. */
function needsCopy(c: Call, b: Backend): DeviceInput[] {
  return (c.inputs ?? []).filter((i) => i.array.backend === 'cuda' && (b.name === 'cpu' || i.array.device !== b.device));
}

interface Bound {
  job: Job;
  result: CallResult;
  /** After a successful run: upload a host temporary into a GPU `out` (CPU run), … */
  after?: () => void;
  /** On failure: free a freshly allocated output. */
  fail?: () => void;
}

/**
 * Call c in its fixed shape: every field its own, the optional ones undefined when absent (they are
 * read by name, and a plain object's missing field is Object.prototype's: a polluted `backend` or
 * `inputs` reached the run).
 */
function fixedCall(c: Call): Call {
  return {
    p: c.p, op: c.op, dtype: c.dtype, count: c.count, params: c.params,
    perElement: own(c, 'perElement'), inputs: own(c, 'inputs'), disjoint: own(c, 'disjoint'), backend: own(c, 'backend'),
  };
}

/**
 * Builds the job for backend b; `copies` holds the host copies of needsCopy(c, b). `snapshot` (async
 * calls): a CPU DeviceArray input is copied too, since the job reads it after the call returns, when
 * the caller may write it (as another call's `out`); a synchronous call reads it in place. Bound and
 * the target's result have every field their own (after and fail are read by name).
 */
function bind(c: Call, b: Backend, copies: Map<DeviceInput, HostArray>, snapshot = false, checked?: HostArray): Bound {
  const { p } = c;
  const job: Job = jobOf({ op: c.op, key: p.key, lo: p.lo, hi: p.hi, out: new CTORS[c.dtype](0), params: c.params, perElement: c.perElement ?? {} });
  const owned = new Set<ArrayBufferView>(Object.values(job.perElement));
  for (const i of c.inputs ?? []) {
    const store = storeOf(i.array, i.name);
    if (b.name === 'cuda' && store.handle !== undefined && store.device === b.device) {
      (job.device ??= record()).inputs = record({ ...job.device?.inputs, [i.key]: store.handle });
      continue;
    }
    const values = i.host(copies.get(i) ?? (snapshot ? copyOf(store.host!) : store.host!));
    owned.add(values);
    if (i.slot === 'perElement') job.perElement[i.key] = values;
    else job.params[i.key] = values;
  }
  job.owned = owned;
  const out = p.opts.out;
  const target = (store: DeviceStore): Pick<Bound, 'after'> => {
    if (store.host) {
      job.out = store.host.subarray(0, c.count);
      return { after: undefined };
    }
    if (b.name === 'cuda') {
      if (store.device !== b.device) {
        throw new TypeError(`out is a DeviceArray on GPU ${store.device} but this call runs on GPU ${b.device} (device option)`);
      }
      (job.device ??= record()).out = { handle: store.handle, n: c.count };
      return { after: undefined };
    }
    // a GPU array filled by a CPU run: compute on the host, then upload
    const tmp = new CTORS[c.dtype](c.count);
    job.out = tmp;
    return { after: () => store.fromHost(tmp) };
  };
  if (out === 'device') {
    if (!b.allocate) throw new Error(`internal: backend '${b.name}' cannot hold device arrays`);
    const store = b.allocate(c.dtype, c.count);
    return { job, result: wrapStore(store, c.dtype, c.count), after: target(store).after, fail: () => store.free() };
  }
  if (out instanceof DeviceArray) {
    const t = target(storeOf(out, 'out'));
    const upload = t.after;
    // Freed while an async CPU run filled its host copy: like a kernel whose output was freed, the
    // call finishes and the values go nowhere.
    if (upload) t.after = () => { if (!out.freed) upload(); };
    return { job, result: out, after: t.after, fail: undefined };
  }
  // The array check() made (no second one); a caller's out is checked again (an async call may have
  // awaited copies since, and the caller detached it meanwhile).
  const host = out === undefined && checked ? checked : hostOut(out, c.dtype, c.count);
  // A caller's out: a view of its first count elements (not host.subarray: a subclass's @@species
  // could hand back other memory). One made here (checkOut: an intrinsic array of exactly count
  // elements) is that view already, and viewOf would move a small on-heap array off the heap.
  job.out = out === undefined ? host : viewOf(host, 0, c.count);
  if (out === undefined) owned.add(job.out);  // made here: no one else can reach it before the call settles
  return { job, result: host, after: undefined, fail: undefined };
}

export function runCall(call: Call): CallResult {
  const c = fixedCall(call);
  const host = check(c);
  const b = choose(c);
  const copies = new Map<DeviceInput, HostArray>();
  for (const i of needsCopy(c, b)) copies.set(i, i.array.toHost());
  return runBound(c, b, copies, host);
}

/** The run of a checked call on b with its copies made: in this thread, before it returns. */
function runBound(c: Call, b: Backend, copies: Map<DeviceInput, HostArray>, host: HostArray | undefined): CallResult {
  const bound = bind(c, b, copies, false, host);
  try {
    if (c.count > 0) b.run(bound.job);
    bound.after?.();
  } catch (e) {
    bound.fail?.();
    throw e;
  }
  return bound.result;
}

/**
 * The Promise twin of runCall. A job the backend would run in this thread anyway (Backend.runsInline)
 * with nothing to copy first takes the sync call's steps and settles at once: nothing is awaited, so
 * the caller cannot change an input in between, and the promise machinery of the general path (two
 * async functions and their awaits) is not paid by a call of a few microseconds (issue 31, "An async
 * twin never slower than its sync call").
 */
export function runCallAsync(call: Call): Promise<CallResult> {
  try {
    const c = fixedCall(call);
    const host = check(c);
    const b = choose(c);
    if (b.runsInline?.(c.count) === true && needsCopy(c, b).length === 0) {
      return Promise.resolve(runBound(c, b, new Map(), host));
    }
    return awaitCall(c, host, b);
  } catch (e) {
    return Promise.reject(e);
  }
}

async function awaitCall(c: Call, host: HostArray | undefined, b: Backend): Promise<CallResult> {
  const copies = new Map<DeviceInput, HostArray>();
  for (const i of needsCopy(c, b)) copies.set(i, await i.array.toHostAsync());
  const bound = bind(c, b, copies, true, host);
  try {
    if (c.count > 0) await b.runAsync(bound.job);
    bound.after?.();
  } catch (e) {
    bound.fail?.();
    throw e;
  } finally {
    // A host out transferred away or shrunk while the call ran: the values went nowhere the caller can see.
    // (Asked of the job's view of it, whose getters are the intrinsic ones.)
    if (!(bound.result instanceof DeviceArray) && (isDetached(bound.job.out) || bound.job.out.length < c.count)) {
      throw new TypeError(OUT_MOVED);
    }
  }
  return bound.result;
}
