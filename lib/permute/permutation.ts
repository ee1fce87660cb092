/**
 * permutation, shuffle and sampleWithoutReplacement (docs/streams.md, "Permutations and sampling without replacement"):
 * whole results, not streams of elements, so they have their own facade rather than makeSampler's. A call is one job of
 * a lib/samplers/select.ts op run by lib/facade/device-io.ts on the backend its work (the population)
 * and its operands choose; every backend gives the same bits.
 */
import { prepare, asyncly, placement, type CommonOptions, type Prepared } from '../facade/prepare.js';
import { pickBackend } from '../backend/select.js';
import { deviceFor, preferFor, runCall, runCallAsync, type Call } from '../facade/device-io.js';
import { checkDtype, type DeviceOut } from '../facade/dtype.js';
import type { DeviceArray } from '../facade/device-array.js';
import {
  SELECT_DTYPES, permutationOp, sparseSampleOp, weightedSampleOp, type SelectDtype,
} from '../samplers/select.js';
import { isFewOfMany } from '../kernels/sparse-sample.js';
import { checkWeights, MAX_ITEMS, type WeightsInput } from '../core/weights.js';
import { checkCount, describe, isDetached } from '../core/validate.js';
import { copyOf, intrinsicCtor, typedArrayName, typedLength, viewOf } from '../core/views.js';
import type { Key } from '../core/keys.js';
import { tempSlot } from '../core/temp.js';
import { record } from '../core/records.js';

export type { SelectDtype } from '../samplers/select.js';

export interface PermutationOptions extends Omit<CommonOptions, 'offset'> {
  /** Element type of the indices (default 'int32', which holds sizes up to 2^31; 'uint32' up to 2^32 − 1). */
  dtype?: SelectDtype;
  /** Destination (length ≥ the result's; its type implies the dtype), or 'device' / a DeviceArray to keep
   *  the result on the backend. */
  out?: Int32Array | Uint32Array | Float64Array | DeviceOut;
}

export interface SampleWithoutReplacementOptions extends PermutationOptions {
  /** Draw uniformly from [0, population) (an integer in [0, 2^32 − 1]). Exactly one of population and weights. */
  population?: number;
  /** Draw with probabilities proportional to these (finite, ≥ 0, not all zero; zeros are never drawn). */
  weights?: WeightsInput;
}

const HINTS: Readonly<Record<string, string>> = {
  offset: 'a permutation is one whole result, not a stream: split the key for another one',
  replace: 'sampleWithoutReplacement never replaces; for draws with replacement use categorical or AliasTable',
  p: 'weights (unnormalised)',
  size: 'the count is the second argument',
  shuffle: 'the result is in key order, itself uniformly random '
    + '(docs/streams.md, "Permutations and sampling without replacement")',
};

const COMMON = ['dtype', 'out', 'backend', 'device'] as const;

/** The largest index a dtype holds (n − 1 must fit: docs/streams.md, "Permutations and sampling without
 *  replacement"). */
const MAX_INDEX: Record<SelectDtype, number> = { int32: 2 ** 31 - 1, uint32: 2 ** 32 - 1, float64: 2 ** 53 };

/** The dtype option; when omitted, an `out` of one of the types implies it, else int32. */
function dtypeFor(p: Prepared, size: number, name: string): SelectDtype {
  const dtype = checkDtype(p.opts.dtype, p.opts.out, SELECT_DTYPES) as SelectDtype;
  if (size - 1 > MAX_INDEX[dtype]) throw new RangeError(`${name} = ${size} is too large for dtype '${dtype}' (indices up to ${MAX_INDEX[dtype]})`);
  return dtype;
}

/** The call; `work` (the population) picks the backend under auto, the operands where they are. */
function call(p: Prepared, op: string, dtype: SelectDtype, work: number, params: Record<string, unknown>, disjoint?: [unknown, string][]): Call {
  const backend = pickBackend(placement(p), op, work, preferFor(p.opts.out, []), deviceFor(p.opts.out, []));
  return { p, op, dtype, count: p.n, params, backend, ...(disjoint ? { disjoint } : {}) };
}

function permutationCall(key: Key, n: unknown, options: unknown): Call {
  const p = prepare(key, n, options, { fn: 'permutation', known: COMMON, hints: HINTS });
  const dtype = dtypeFor(p, p.n, 'n');
  return call(p, permutationOp(dtype), dtype, p.n, { population: p.n });
}

function sampleCall(key: Key, k: unknown, options: unknown): Call {
  const p = prepare(key, checkCount(k, 'k'), options, { fn: 'sampleWithoutReplacement', known: [...COMMON, 'population', 'weights'], hints: HINTS });
  const { population, weights } = p.opts;
  if ((population === undefined) === (weights === undefined)) {
    throw new TypeError('sampleWithoutReplacement needs exactly one of the options population and weights');
  }
  if (population !== undefined) {
    const size = checkCount(population, 'population');
    if (p.n > size) throw new RangeError(`k = ${p.n} exceeds population = ${size}`);
    const dtype = dtypeFor(p, size, 'population');
    // O(k) on the host (docs/streams.md, "Few of many"; the work is k); else the first k of the permutation.
    if (isFewOfMany(p.n, size)) return call(p, sparseSampleOp(dtype), dtype, p.n, { population: size });
    return call(p, permutationOp(dtype), dtype, size, { population: size });
  }
  const w = checkWeights(weights);
  let positive = 0;
  for (let i = 0; i < w.length; i++) if (w[i] > 0) positive++;
  if (p.n > positive) throw new RangeError(`k = ${p.n} exceeds the number of positive weights (${positive})`);
  const dtype = dtypeFor(p, w.length, 'weights.length');
  // A snapshot: the job reads the weights after an async call returns.
  const snapshot = w === weights ? copyOf(w) : w;  // not w.slice(): that asks the caller's @@species
  return call(p, weightedSampleOp(dtype), dtype, w.length, { weights: snapshot }, [[weights, 'weights']]);
}

/** What permutation and sampleWithoutReplacement return for options O. */
export type PermutationResult<O> = O extends { out: DeviceOut } ? DeviceArray
  : O extends { dtype: 'float64' } | { out: Float64Array } ? Float64Array
  : O extends { dtype: 'uint32' } | { out: Uint32Array } ? Uint32Array : Int32Array;

/**
 * A uniformly random permutation of 0 … n−1: a pure function of (key, n), the same on every backend
 * (docs/streams.md, "permutation and uniform sampling": the indices sorted by 64-bit Philox keys, ties by index).
 */
export function permutation<O extends PermutationOptions>(key: Key, n: number, options?: O): PermutationResult<O> {
  return runCall(permutationCall(key, n, options)) as PermutationResult<O>;
}

/**
 * The Promise twin of permutation() (the same values; the CPU runs it on a worker thread).
 * @function
 */
export const permutationAsync = asyncly(
  <O extends PermutationOptions>(key: Key, n: number, options?: O): Promise<PermutationResult<O>> =>
    runCallAsync(permutationCall(key, n, options)) as Promise<PermutationResult<O>>,
) as <O extends PermutationOptions>(key: Key, n: number, options?: O) => Promise<PermutationResult<O>>;

/**
 * k distinct indices: uniformly from [0, population), in a uniformly random order — when 16·k ≤ population
 * the first k steps of a Fisher–Yates shuffle, O(k) time and memory (docs/streams.md, "Few of many"),
 * else exactly permutation(key, population)'s first k —, or weighted (Efraimidis–Spirakis: the k
 * smallest keys E_i / w_i), in order of increasing key, which is the order of k successive weighted
 * draws without replacement (docs/streams.md, "weighted sampling without replacement").
 */
export function sampleWithoutReplacement<O extends SampleWithoutReplacementOptions>(key: Key, k: number, options: O): PermutationResult<O> {
  return runCall(sampleCall(key, k, options)) as PermutationResult<O>;
}

/**
 * The Promise twin of sampleWithoutReplacement() (the same values; the CPU runs it on a worker thread).
 * @function
 */
export const sampleWithoutReplacementAsync = asyncly(
  <O extends SampleWithoutReplacementOptions>(key: Key, k: number, options: O): Promise<PermutationResult<O>> =>
    runCallAsync(sampleCall(key, k, options)) as Promise<PermutationResult<O>>,
) as <O extends SampleWithoutReplacementOptions>(key: Key, k: number, options: O) => Promise<PermutationResult<O>>;

/** What shuffle accepts: any typed array or JS array. */
export type Shuffleable = ArrayLike<unknown> & ({ subarray(a: number, b?: number): unknown } | unknown[]);

export interface ShuffleOptions {
  backend?: CommonOptions['backend'];
  device?: number;
}

type Items = unknown[] | (ArrayBufferView & Record<number, unknown>);

/** shuffle's permutation (uint32 indices), reused: gather copies the items out before shuffle returns. */
const permSlot = tempSlot(Uint32Array);

/**
 * The checked call: the key, the options and (`snapshot`) a copy of the items, all read when the call is
 * made (shuffleAsync permutes on a worker, and the caller may change the array meanwhile). A typed array
 * is copied with its intrinsic constructor (typedArrayName is undefined for a DataView) and must be
 * on a live buffer: a detached one reads as length 0, and shuffling it is a mistake, not [].
 */
function shuffleSetup(key: Key, array: unknown, options: unknown, snapshot: boolean): [Prepared, Items] {
  const typed = typedArrayName(array) !== undefined;
  if (!typed && !Array.isArray(array)) {
    throw new TypeError(`array must be a typed array or an array, got ${describe(array)}`);
  }
  if (typed && isDetached(array as ArrayBufferView)) throw new TypeError('array is backed by a detached ArrayBuffer');
  const n = typed ? typedLength(array as ArrayBufferView) : (array as unknown[]).length;
  if (n > MAX_ITEMS) throw new RangeError(`array has ${n} items; at most 2^32-1 are supported`);
  const p = prepare(key, n, options, { fn: 'shuffle', known: ['backend', 'device'], hints: HINTS });
  // The synchronous call gathers before it returns, reading each item once: an intrinsic view of the
  // caller's memory serves (a copy of 64 float64 items cost ~1 µs of a 5 µs shuffle).
  if (typed) return [p, (snapshot ? copyOf(array as ArrayBufferView) : viewOf(array as ArrayBufferView)) as Items];
  const a = array as unknown[];
  const items = new Array<unknown>(n);
  for (let i = 0; i < n; i++) items[i] = a[i];
  return [p, items];
}

/**
 * items[perm[j]] for each j: a JS array for an array, else a typed array made with the intrinsic
 * constructor of the items' type (not the caller's `constructor`: a Buffer's is deprecated — DEP0005 —
 * and a subclass's may be anything; a Buffer gives a Uint8Array).
 */
function gather(items: Items, perm: Uint32Array): unknown {
  if (Array.isArray(items)) {
    // (a loop, not Array.from(perm, fn): the same dense array at a fraction of the cost for small n)
    const out = new Array<unknown>(perm.length);
    for (let j = 0; j < perm.length; j++) out[j] = items[perm[j]];
    return out;
  }
  const out = new (intrinsicCtor(items))(perm.length) as unknown as Record<number, unknown>;
  for (let j = 0; j < perm.length; j++) out[j] = items[perm[j]];
  return out;
}

/**
 * A shuffled copy of `array` (an array for an array; for a typed array one of its element type, of the
 * built-in class: a Buffer gives a Uint8Array; the input is not changed): out[j] =
 * array[permutation(key, array.length)[j]]. numpy's in-place Generator.shuffle(x) is `x.set(shuffle(key, x))`.
 */
export function shuffle<T extends Shuffleable>(key: Key, array: T, options?: ShuffleOptions): T {
  const [p, items] = shuffleSetup(key, array, options, false);
  // The permutation goes into a reused temporary (lib/core/temp.ts): gather reads it before this returns.
  // Its call is made from p as checked (not through permutation(), which would check it all again).
  const q: Prepared = { ...p, opts: record({ ...p.opts, out: permSlot(p.n) }) };
  return gather(items, runCall(call(q, permutationOp('uint32'), 'uint32', p.n, { population: p.n })) as Uint32Array) as T;
}

/**
 * The Promise twin of shuffle() (the same values; the CPU permutes on a worker thread).
 * @function
 */
export const shuffleAsync = asyncly(async <T extends Shuffleable>(key: Key, array: T, options?: ShuffleOptions): Promise<T> => {
  const [p, items] = shuffleSetup(key, array, options, true);  // the items as they are now, not when the permutation is done
  // As shuffle's, from p as checked, into an array of its own: other calls may run before gather does.
  const q: Prepared = { ...p, opts: record({ ...p.opts, out: new Uint32Array(p.n) }) };
  return gather(items, (await runCallAsync(call(q, permutationOp('uint32'), 'uint32', p.n, { population: p.n }))) as Uint32Array) as T;
}) as <T extends Shuffleable>(key: Key, array: T, options?: ShuffleOptions) => Promise<T>;
