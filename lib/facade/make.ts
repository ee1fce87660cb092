/**
 * The one maker of public sampler functions: from a registry spec (lib/samplers/spec.ts) it makes the
 * synchronous function and its Promise twin, both checking every argument the way the spec declares
 * (TypeError for the wrong kind, RangeError outside the domain, each naming the argument; an option
 * the sampler does not know is a TypeError listing the ones it does), then handing the call to
 * lib/facade/device-io.ts, which picks the backend and runs it.
 */
import { COMMON_OPTIONS, asyncly, prepare, type OptionNames, type Prepared } from './prepare.js';
import { runCall, runCallAsync, type Call, type CallResult, type DeviceInput } from './device-io.js';
import { DeviceArray } from './device-array.js';
import { checkDtype } from './dtype.js';
import { MAX_COUNT, MAX_INDEX, checkEnum, describe, isTypedInput, withArticle } from '../core/validate.js';
import type { Key } from '../core/keys.js';
import { MAX_PROPOSALS, closedBounds, intervalOf, type Constraint } from '../core/constraints.js';
import type { DeviceDtype } from '../core/types.js';
import { constraintFor, type ParamSpec, type SamplerSpec } from '../samplers/spec.js';
import { nullPrototypes, own, record } from '../core/records.js';
import { copyOf, typedLength, viewOf } from '../core/views.js';

/** A validated `proposals`, or undefined (omitted: the backend's default). */
export function checkProposals(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number') throw new TypeError(`proposals must be a number, got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 1 || v > MAX_PROPOSALS) {
    throw new RangeError(`proposals must be an integer in [1, ${MAX_PROPOSALS}], got ${v}`);
  }
  return v;
}

/** The option names `spec` accepts. */
export function optionNames(spec: SamplerSpec): string[] {
  const names = spec.params.filter((q) => q.name !== spec.rows?.param || spec.rows.option).map((q) => q.name);
  for (const o of spec.structured ?? []) names.push(o.name);
  if (spec.method) names.push('method');
  if (spec.proposals) names.push('proposals');
  names.push('dtype'); // also with one dtype: the typed signatures take it (lib/facade/samplers.ts)
  return [...names, ...COMMON_OPTIONS];
}

/** A float DeviceArray of shapes with the given length (checks that need no values). */
export function checkShapeArray(v: DeviceArray, length: number | undefined, name: string): DeviceArray {
  if (v.freed) throw new TypeError(`${name} is a freed DeviceArray`);
  if (v.dtype !== 'float32' && v.dtype !== 'float64') {
    throw new TypeError(`${name} must be a float32 or float64 DeviceArray, got ${withArticle(v.dtype)} one`);
  }
  if (length !== undefined && v.length !== length) {
    throw new RangeError(`${name} must have length n = ${length}, got ${v.length}`);
  }
  return v;
}

/**
 * c.check(x, `${name}[i]`), with the name built only when x fails: formatting it for every element
 * cost more than the sampling (a per-element parameter array of millions of values).
 */
function checkAt(c: Constraint, x: unknown, name: string, i: number): number {
  try {
    return c.check(x, name);
  } catch {
    return c.check(x, `${name}[${i}]`);
  }
}

/**
 * Every value of `v` passes constraint c (naming `name[i]`); returns v. A constraint with an interval
 * is scanned by comparisons (no call per element: the call site would see every constraint of the
 * program and stop being inlined); its check then runs only to throw.
 */
function checkEach<T extends ArrayLike<number>>(v: T, c: Constraint, name: string): T {
  const iv = intervalOf(c);
  if (!iv) {
    for (let i = 0; i < v.length; i++) checkAt(c, v[i], name, i);
    return v;
  }
  // float arrays against closed bounds: one monomorphic loop each (a shared loop over both array
  // types and every kind of end ran 3× slower, slower than the host kernels sample)
  const b = closedBounds(iv);
  if (b && v instanceof Float64Array) {
    for (let i = outside64(v, b[0], b[1], 0); i >= 0; i = outside64(v, b[0], b[1], i + 1)) checkAt(c, v[i], name, i);
    return v;
  }
  if (b && v instanceof Float32Array) {
    for (let i = outside32(v, b[0], b[1], 0); i >= 0; i = outside32(v, b[0], b[1], i + 1)) checkAt(c, v[i], name, i);
    return v;
  }
  const { lo, hi, loOpen, hiOpen, integer } = iv;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (!(loOpen ? x > lo : x >= lo) || !(hiOpen ? x < hi : x <= hi) || (integer && Math.floor(x) !== x)) checkAt(c, x, name, i);
  }
  return v;
}

/** The first index ≥ from whose value is outside [lo, hi] (NaN is), or −1. */
function outside64(v: Float64Array, lo: number, hi: number, from: number): number {
  for (let i = from; i < v.length; i++) {
    const x = v[i];
    if (!(x >= lo && x <= hi)) return i;
  }
  return -1;
}

/** outside64 for float32 values (the same body: its own type feedback). */
function outside32(v: Float32Array, lo: number, hi: number, from: number): number {
  for (let i = from; i < v.length; i++) {
    const x = v[i];
    if (!(x >= lo && x <= hi)) return i;
  }
  return -1;
}

/** What one parameter contributes to the call: every field its own (all are read; see value()). */
interface ParamValue {
  scalar: number | undefined;
  perElement: Float32Array | Float64Array | undefined;
  /** perElement was read from a DeviceArray (no host memory of the caller's to keep out of `out`). */
  copied: boolean;
  input: DeviceInput | undefined;
}

/** A ParamValue with the fields not given undefined: never looked up on Object.prototype. */
function value(v: { scalar?: number; perElement?: Float32Array | Float64Array; copied?: boolean; input?: DeviceInput }): ParamValue {
  return { scalar: own(v, 'scalar'), perElement: own(v, 'perElement'), copied: own(v, 'copied') ?? false, input: own(v, 'input') };
}

/** A scalar, per-element or DeviceArray parameter, validated by its constraint for the call's dtype
 *  (and, for count samplers, by whether its counts fit that dtype). */
function param(q: ParamSpec, v: unknown, n: number, dtype: DeviceDtype): ParamValue {
  const is = constraintFor(q, dtype);
  if (v === undefined && q.default !== undefined) return value({ scalar: q.default });
  if (typeof v === 'number' || !(q.perElement || q.device)) return value({ scalar: is.check(v, q.name) });
  if (v instanceof DeviceArray && q.device && q.readBack) {
    // read now: the host derives each element's parameters from the values (docs/streams.md, "Transforms of one uniform
    // or one normal")
    const h = checkShapeArray(v, n, q.name).toHost() as Float32Array | Float64Array;
    return value({ perElement: checkEach(h, is, q.name), copied: true });
  }
  if (v instanceof DeviceArray) {
    if (!q.device) {
      throw new TypeError(`${q.name} must be a number, number[], Float32Array or Float64Array, got a DeviceArray${q.noDevice ? `; ${q.noDevice}` : ''}`);
    }
    return value({
      input: {
        name: q.name, array: checkShapeArray(v, n, q.name), slot: 'perElement', key: q.name,
        host: (h) => checkEach(h as Float32Array | Float64Array, is, q.name),
      },
    });
  }
  if (q.perElement && Array.isArray(v)) {
    // number[] like dirichlet's and categorical's vectors: one value per element, as a Float64Array.
    if (v.length !== n) throw new RangeError(`${q.name} must have length n = ${n}, got ${v.length}`);
    const a = new Float64Array(n);
    for (let i = 0; i < n; i++) a[i] = checkAt(is, v[i], q.name, i);
    return value({ perElement: a });
  }
  if (q.perElement && isTypedInput(v, q.name, Float32Array, Float64Array)) {
    const length = typedLength(v);
    if (length !== n) throw new RangeError(`${q.name} must have length n = ${n}, got ${length}`);
    // A snapshot, validated: kernels, workers and the GPU read the values after this returns, when a
    // SharedArrayBuffer (or the caller, during an async call) may have changed them. Copied with the
    // intrinsic constructor: v.slice() would ask a subclass's @@species for the copy.
    return value({ perElement: checkEach(copyOf(v as Float32Array | Float64Array), is, q.name) });
  }
  const kinds = q.device ? 'a number, number[], Float32Array, Float64Array or float DeviceArray' : 'a number, number[], Float32Array or Float64Array';
  throw new TypeError(`${q.name} must be ${kinds}, got ${describe(v)}`);
}

/** The vector parameter of a rows sampler: its K values (Float64Array) or a DeviceArray input. */
function rowVector(spec: SamplerSpec, v: unknown): { values: Float64Array | undefined; input: DeviceInput | undefined; K: number } {
  const rows = spec.rows!;
  const q = spec.params.find((x) => x.name === rows.param)!;
  const shapes = (h: ArrayLike<unknown>): Float64Array => {
    const K = h.length;
    if (K < 1 || K > rows.max) throw new RangeError(`${q.name} must have 1 to 2^${Math.log2(rows.max)} entries, got ${K}`);
    const a = new Float64Array(K);
    for (let k = 0; k < K; k++) a[k] = checkAt(q.is, h[k], q.name, k);
    return a;
  };
  if (v instanceof DeviceArray && q.device) {
    checkShapeArray(v, undefined, q.name);
    if (v.length < 1 || v.length > rows.max) {
      throw new RangeError(`${q.name} must have 1 to 2^${Math.log2(rows.max)} entries, got ${v.length}`);
    }
    return { K: v.length, values: undefined, input: { name: q.name, array: v, slot: 'params', key: q.name, host: (h) => shapes(h) } };
  }
  if (Array.isArray(v) || isTypedInput(v, q.name, Float64Array, Float32Array)) {
    const values = shapes(Array.isArray(v) ? v : viewOf(v));  // a typed array's own length, not a subclass's
    return { values, K: values.length, input: undefined };
  }
  throw new TypeError(`${q.name} must be an array, Float64Array, Float32Array${q.device ? ' or DeviceArray' : ''} of ${q.doc.includes('shape') ? 'shapes' : 'values'}, got ${describe(v)}`);
}

/** What callOf derives from a spec alone, once per spec (a few allocations a call, ~0.2 µs of a small one). */
interface SpecFacts { names: OptionNames; required: readonly { name: string }[] }
const specFacts = new WeakMap<SamplerSpec, SpecFacts>();

function factsOf(spec: SamplerSpec): SpecFacts {
  let f = specFacts.get(spec);
  if (f === undefined) {
    f = {
      names: { fn: spec.name, known: optionNames(spec), hints: spec.hints },
      required: [
        ...spec.params.filter((q) => q.default === undefined && (q.name !== spec.rows?.param || spec.rows.option)),
        ...(spec.structured ?? []),
      ],
    };
    specFacts.set(spec, f);
  }
  return f;
}

/** The device-io Call of one public call. `vector` is a rows sampler's positional argument. */
export function callOf(spec: SamplerSpec, key: Key, n: number, options: unknown, vector?: unknown): Call {
  const { names, required } = factsOf(spec);
  let p: Prepared = prepare(key, n, options, names);
  if (options === undefined && required.length) {
    throw new TypeError(`${spec.name} needs options with ${required.map((q) => q.name).join(' and ')}`);
  }
  const dtype = checkDtype(p.opts.dtype, p.opts.out, spec.dtypes);
  const values: Record<string, unknown> = record();
  const perElement: Record<string, Float32Array | Float64Array> = record();
  const inputs: DeviceInput[] = [];
  const disjoint: [unknown, string][] = [];
  for (const q of spec.params) {
    if (q.name === spec.rows?.param) continue;
    const v = param(q, p.opts[q.name], p.n, dtype);
    if (v.scalar !== undefined) values[q.name] = v.scalar;
    if (v.perElement) {
      perElement[q.name] = v.perElement;
      values[q.name] = v.perElement;
      if (!v.copied) disjoint.push([p.opts[q.name], q.name]);
    }
    if (v.input) inputs.push(v.input);
  }
  if (spec.method) values.method = checkEnum(p.opts.method, spec.method.values, 'method', spec.method.default);
  if (spec.proposals) values.proposals = checkProposals(p.opts.proposals);
  spec.check?.(values as Record<string, number>);
  let count = p.n;
  if (spec.rows) {
    if (spec.rows.option) vector = p.opts[spec.rows.param];
    const r = rowVector(spec, vector);
    for (const o of spec.structured ?? []) values[o.name] = o.check(p.opts[o.name], r.K);
    if (r.values) values[spec.rows.param] = r.values;
    if (r.input) inputs.push(r.input);
    disjoint.push([vector, spec.rows.param]);
    count = p.n * r.K;
    if (count > MAX_COUNT) throw new RangeError(`n·K must be at most 2^32-1, got ${p.n}·${r.K}`);
    // The job's elements are the flat values: value j of row offset m is element m·K + j.
    const first = ((BigInt(p.hi) << 32n) | BigInt(p.lo)) * BigInt(r.K);
    if (first + BigInt(count) > MAX_INDEX) {
      throw new RangeError(`(offset + n)·K must not exceed 2^63, got offset·K = ${first} and n·K = ${count}`);
    }
    p = { ...p, n: count, lo: Number(first & 0xffffffffn), hi: Number(first >> 32n) };
  }
  const low = spec.lower(values, dtype);
  // A lowering may replace the per-element values (chisquare: df becomes alpha = df/2).
  // own(): a lowering without perElement must not find Object.prototype's
  return { p, op: low.op, dtype, count, params: record(low.params), perElement: record(own(low, 'perElement') ?? perElement), inputs, disjoint };
}

/** The public functions of `spec`: [sync, async]; their types are declared in lib/facade/samplers.ts. */
export function makeSampler(spec: SamplerSpec): [(...a: unknown[]) => CallResult, (...a: unknown[]) => Promise<CallResult>] {
  nullPrototypes(spec);  // its optional fields are read on every call: none may come from Object.prototype
  if (spec.rows && !spec.rows.option) {
    const sync = (key: Key, vector: unknown, n: number, options?: unknown) => runCall(callOf(spec, key, n, options, vector));
    const async = asyncly((key: Key, vector: unknown, n: number, options?: unknown) => runCallAsync(callOf(spec, key, n, options, vector)));
    return [sync as never, async as never];
  }
  const sync = (key: Key, n: number, options?: unknown) => runCall(callOf(spec, key, n, options));
  const async = asyncly((key: Key, n: number, options?: unknown) => runCallAsync(callOf(spec, key, n, options)));
  return [sync as never, async as never];
}
