/**
 * Every public function with valid defaults and, per argument, an arbitrary of INVALID values: wrong
 * types, NaN/±Infinity, negative, non-integer and huge numbers, detached buffers, wrong typed-array
 * types, Proxies and prototype impostors of typed arrays, short or misplaced outputs. The registry's
 * samplers are views of their specs (samplerTarget: each declared constraint's bad values); the rest
 * are listed by hand. Used by test/fuzz-invalid.test.ts.
 */
import fc from 'fast-check';
import * as cr from 'cuda-random';
import { detached } from './fuzz-helpers.js';
import { SAMPLERS, type ParamSpec, type SamplerSpec } from '../lib/samplers/registry.js';
import { exampleValue, exampleValues } from '../lib/samplers/examples.js';
import { CTORS } from '../lib/core/types.js';
import type { Constraint } from '../lib/core/constraints.js';

export const K = cr.key(7);
const K_ = K;
const N = 8;

// ---------- bad values by kind ----------
export const junk = fc.oneof(
  fc.string({ maxLength: 30 }), fc.boolean(), fc.constant(null), fc.object({ maxDepth: 1 }),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }), fc.constant(Symbol('s')), fc.constant(() => 1),
  fc.constant(new Date(0)), fc.constant({ valueOf: () => 4 }), fc.constant({ toString: () => { throw new Error('toString called'); } }),
);
const nonFinite = fc.constantFrom(NaN, Infinity, -Infinity);
/** Numbers that are no element count: negative, fractional, non-finite, ≥ 2^32. */
const badCountNumber = fc.oneof(
  nonFinite, fc.integer({ min: -1e9, max: -1 }), fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)),
  fc.constantFrom(2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e308, -Number.MIN_VALUE),
);
/** Not a seed / fold-in datum (2^32 is one). */
const badSeedNumber = badCountNumber.filter((v) => v !== 2 ** 32);
const badCount = fc.oneof(badCountNumber, junk.filter((v) => typeof v !== 'number'), fc.bigInt({ min: 0n, max: 10n }));
const badOffset = fc.oneof(
  nonFinite, fc.integer({ min: -1e9, max: -1 }), fc.constantFrom(0.5, 2 ** 53 + 2, 1e300, -1n, 2n ** 63n, 2n ** 64n, 2n ** 63n - 1n),
  junk,
);
/** Not a positive finite number. */
const badPositive = fc.oneof(nonFinite, fc.constantFrom(0, -0, -1, -1e-300, -Number.MAX_VALUE), junk, fc.bigInt());
const badFinite = fc.oneof(nonFinite, junk.filter((v) => v !== undefined), fc.bigInt());
const badUint32 = fc.oneof(nonFinite, fc.constantFrom(-1, 0.5, 2 ** 32, 2 ** 40), junk, fc.bigInt({ min: 0n, max: 5n }));

/** A fresh typed array (of `n` elements) of the wrong kind, or broken. */
function badArray(ok: Function[], n: number, fill = 1): fc.Arbitrary<unknown> {
  const all = [Float32Array, Float64Array, Uint32Array, Int32Array, Uint8Array, Int16Array, BigInt64Array];
  const wrong = all.filter((c) => !ok.includes(c));
  return fc.oneof(
    fc.constantFrom(...wrong).map((C) => (C === BigInt64Array ? new BigInt64Array(n) : new (C as Float64ArrayConstructor)(n).fill(fill))),
    fc.constantFrom(...ok).map((C) => detached(new (C as Float64ArrayConstructor)(n).fill(fill))),
    // a Proxy of a right-typed array passes instanceof but is no typed array
    fc.constantFrom(...ok).map((C) => new Proxy(new (C as Float64ArrayConstructor)(n).fill(fill), {})),
    fc.constantFrom(...ok).map((C) => Object.create((C as Float64ArrayConstructor).prototype) as unknown),
    fc.constant(new DataView(new ArrayBuffer(8 * n))),
    // a Buffer is a Uint8Array: wrong unless uint8 is one of the types
    ...(ok.includes(Uint8Array) ? [] : [fc.constant(Buffer.alloc(8 * n))]),
  );
}
/** Outputs that are not a typed array of `ok` (the first of which is also tried too short). */
const badOut = (ok: Function[], need: number) => fc.oneof(
  badArray(ok, need),
  fc.constant(new (ok[0] as Float64ArrayConstructor)(need - 1)), // too short
  fc.constant(new (ok[0] as Float64ArrayConstructor)(need + 4).subarray(5)), // too short after a byte offset
  fc.array(fc.double(), { minLength: need, maxLength: need }), // a plain array
  // junk has byte arrays: long enough, they are a valid out of a uint8 sampler (bernoulli)
  junk.filter((v) => !(ok.some((c) => v instanceof c) && (v as { length: number }).length >= need)),
);
const badKey = fc.oneof(
  fc.constantFrom([1], [1, 2, 3], [-1, 0], [2 ** 32, 0], [1.5, 0], ['1', 0], [0, NaN], [null, 0], [0, 2n]),
  fc.constant(new Uint32Array(3)), fc.constant(new Int32Array(2)), fc.constant(new Float64Array(2)),
  fc.constant(detached(new Uint32Array(2))), fc.constant({ 0: 1, 1: 2, length: 2 }),
  fc.constant(Object.create(Uint32Array.prototype) as unknown), fc.constant(new Proxy(new Uint32Array(2), {})),
  junk.filter((v) => !Array.isArray(v) || v.length !== 2),
);
export const badOptions = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.boolean(), fc.bigInt(), fc.constant(Symbol('o')));
const badEnum = (valid: string[]) => fc.oneof(
  fc.string({ maxLength: 12 }).filter((s) => !valid.includes(s)), fc.constantFrom('FLOAT32', 'Float64', 'gpu', '', ' psa'), junk.filter((v) => typeof v !== 'string' && v !== undefined),
);
const badShape = fc.oneof(fc.constantFrom(0, -0, -1, -1e-300, NaN, Infinity, -Infinity), junk.filter((v) => v !== undefined), fc.bigInt());
const shapeArray = (bad: number, at: number, n: number, C: Float64ArrayConstructor | Float32ArrayConstructor, fill: number) => {
  const a = new C(n).fill(fill);
  a[at % n] = bad;
  return a;
};
/** Whether constraint c refuses v. */
const refuses = (c: Constraint, v: number) => {
  try {
    c.check(v, 'v');
    return false;
  } catch {
    return true;
  }
};
/** Bad per-element values of parameter q (n of them): one of its constraint's bad values among good
 *  ones (in a Float32Array only where it stays bad once rounded), a wrong length, a wrong kind. */
const badPerElement = (n: number, q: ParamSpec) => {
  const good = exampleValue(q);
  const bads = q.is.bad.filter((v): v is number => typeof v === 'number');
  return fc.oneof(
    fc.tuple(fc.constantFrom(...bads), fc.nat(), fc.constantFrom(Float64Array, Float32Array))
      .filter(([v, , C]) => C === Float64Array || refuses(q.is, Math.fround(v)))
      .map(([v, at, C]) => shapeArray(v, at, n, C, good)),
    fc.constantFrom(new Float64Array(n - 1).fill(good), new Float64Array(n + 1).fill(good), new Float32Array(0)),
    badArray([Float32Array, Float64Array], n, good),
    // number[] values are checked like typed ones: a bad value, a wrong length, a non-number
    fc.constant(Array.from({ length: n }, (_, i) => (i === n - 1 ? bads[0] : good))),
    fc.constant(Array.from({ length: n + 1 }, () => good)),
    fc.constant(Array.from({ length: n }, (_, i) => (i === 0 ? String(good) : good))),
  );
};
const badWeights = fc.oneof(
  fc.constantFrom([], [0, 0, 0], [-1, 2], [1, NaN], [1, Infinity], [1, -Infinity], ['1', 2], [1, , 2], [1, null], [1, 2n], [-0, 0]),
  fc.constantFrom(new Float64Array(0), new Float64Array(5), Float64Array.of(1, -1e-300), Float32Array.of(1, NaN)),
  badArray([Float32Array, Float64Array], 5, 1),
  junk.filter((v) => !Array.isArray(v)),
);
const badBuffer = fc.oneof(
  fc.uint8Array({ maxLength: 80 }),
  fc.constant(detached(new Uint8Array(48))),
  fc.constant((() => { const b = new ArrayBuffer(48); structuredClone(b, { transfer: [b] }); return b; })()),
  fc.constant(new Uint32Array(12)), fc.constant(new DataView(new ArrayBuffer(48))), fc.constant(new Proxy(new Uint8Array(48), {})),
  fc.constant(Object.create(Uint8Array.prototype) as unknown),
  junk,
);

// ---------- every public function, with valid defaults and its argument slots ----------
type Args = Record<string, unknown>;
export interface Target {
  name: string;
  base: () => Args;
  call: (a: Args) => unknown;
  callAsync?: (a: Args) => Promise<unknown>;
  /** slot -> [the name an error must mention, bad values] */
  slots: Record<string, [string | string[], fc.Arbitrary<unknown>]>;
}

const FLOATS = [Float64Array, Float32Array];
const common = (outCtor: Function[], need = N): Record<string, [string | string[], fc.Arbitrary<unknown>]> => ({
  key: ['key', badKey], n: ['n', badCount], offset: ['offset', badOffset], out: ['out', badOut(outCtor, need)],
  options: ['options', badOptions], backend: ['backend', badEnum(['auto', 'cpu', 'cuda'])],
});
const opts = (a: Args, keys: string[]) => {
  if ('options' in a) return a.options;
  const o: Args = {};
  for (const k of keys) if (a[k] !== undefined) o[k] = a[k];
  return o;
};

// ---------- the registry's samplers, each a view of its spec ----------

/** Bad values of a declared constraint: its own `bad` list, the wrong kinds, and BigInts. */
const badFor = (c: Constraint) => fc.oneof(fc.constantFrom(...c.bad), junk.filter((v) => v !== undefined), fc.bigInt());


/** The target of a registry sampler: its required parameters as the base, one slot per argument. */
function samplerTarget(s: SamplerSpec): Target {
  const rows = s.rows?.param;
  const K = 3;
  const outs = s.dtypes.map((d) => CTORS[d]);
  const slots: Target['slots'] = { ...common(outs, rows ? K * N : N) };
  if (s.dtypes.length > 1) slots.dtype = ['dtype', badEnum([...s.dtypes])];
  if (s.method) slots.method = ['method', badEnum([...s.method.values])];
  if (s.proposals) {
    slots.proposals = ['proposals', fc.oneof(fc.constantFrom(0, -1, 1025, 1.5, NaN, Infinity, 2 ** 32), junk.filter((v) => v !== undefined))];
  }
  const base: Args = { key: K_, n: N };
  const names = ['offset', 'out', 'backend', ...Object.keys(slots).filter((x) => ['dtype', 'method', 'proposals'].includes(x))];
  for (const q of s.params) {
    if (q.name === rows) {
      base[q.name] = Array.from({ length: K }, (_, i) => exampleValue(q) * (i + 1));
      slots[q.name] = [q.name, fc.oneof(
        fc.constantFrom<unknown[]>([], [1, '2'], [1, , 2], new Float64Array(s.rows!.max + 1).fill(1)),
        fc.constantFrom(...q.is.bad).map((v) => [1, v, 1]),
        badArray([Float32Array, Float64Array], K, 1), junk.filter((v) => !Array.isArray(v) || v.length === 0),
      )];
      slots.n = ['n', fc.oneof(badCount, fc.constant(2 ** 31))]; // 2^31 rows of 3 exceed 2^32 - 1 values
      slots.offset = ['offset', fc.oneof(badOffset, fc.constant(2n ** 62n))]; // (offset + n)·K > 2^63
      if (s.rows!.option) names.push(q.name);
      continue;
    }
    if (q.default === undefined) base[q.name] = exampleValues(s)[q.name];
    slots[q.name] = [q.name, q.perElement ? fc.oneof(badFor(q.is), badPerElement(N, q)) : badFor(q.is)];
    names.push(q.name);
  }
  for (const o of s.structured ?? []) {
    base[o.name] = o.example(K);
    slots[o.name] = [o.name, fc.oneof(fc.constantFrom(...o.bad), junk)];
    names.push(o.name);
  }
  const fn = (cr as unknown as Record<string, (...a: unknown[]) => unknown>)[s.name];
  const fnAsync = (cr as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[`${s.name}Async`];
  const positional = rows && !s.rows!.option;
  const args = (a: Args) => (positional ? [a.key, a[rows], a.n, opts(a, names)] : [a.key, a.n, opts(a, names)]);
  return { name: s.name, base: () => ({ ...base }), slots, call: (a) => fn(...args(a)), callAsync: (a) => fnAsync(...args(a)) };
}

/** permutation, sampleWithoutReplacement (uniform and weighted) and shuffle: whole results, no offset. */
function permuteTargets(): Target[] {
  const INTS = [Int32Array, Uint32Array, Float64Array];
  const { offset: _, ...noOffset } = common(INTS);
  const dtype: Target['slots'][string] = ['dtype', badEnum(['int32', 'uint32', 'float64'])];
  const names = ['out', 'backend', 'dtype'];
  const sample = (a: Args, extra: string[]) => [a.key, a.k, opts(a, [...names, ...extra])] as const;
  const { n: __, ...sampleSlots } = noOffset;
  return [
    {
      name: 'permutation', base: () => ({ key: K, n: N }), slots: { ...noOffset, dtype },
      call: (a) => cr.permutation(a.key as cr.Key, a.n as number, opts(a, names) as never),
      callAsync: (a) => cr.permutationAsync(a.key as cr.Key, a.n as number, opts(a, names) as never),
    },
    {
      name: 'sampleWithoutReplacement (population)', base: () => ({ key: K, k: N, population: 3 * N }),
      slots: { ...sampleSlots, dtype, k: ['k', badCount], population: [['population', 'k'], badCount] },
      call: (a) => cr.sampleWithoutReplacement(...(sample(a, ['population']) as [cr.Key, number, never])),
      callAsync: (a) => cr.sampleWithoutReplacementAsync(...(sample(a, ['population']) as [cr.Key, number, never])),
    },
    {
      // few of many (16·k ≤ population): its own op, computed on the host for every backend
      // (docs/streams.md, "Few of many")
      name: 'sampleWithoutReplacement (few of many)', base: () => ({ key: K, k: N, population: 1e9 }),
      slots: { ...sampleSlots, dtype, k: ['k', badCount], population: [['population', 'k'], badCount] },
      call: (a) => cr.sampleWithoutReplacement(...(sample(a, ['population']) as [cr.Key, number, never])),
      callAsync: (a) => cr.sampleWithoutReplacementAsync(...(sample(a, ['population']) as [cr.Key, number, never])),
    },
    {
      name: 'sampleWithoutReplacement (weights)', base: () => ({ key: K, k: 1, weights: [1, 0, 3] }),
      slots: { ...sampleSlots, out: ['out', badOut(INTS, 1)], dtype, k: ['k', badCount], weights: ['weights', badWeights] },
      call: (a) => cr.sampleWithoutReplacement(...(sample(a, ['weights']) as [cr.Key, number, never])),
      callAsync: (a) => cr.sampleWithoutReplacementAsync(...(sample(a, ['weights']) as [cr.Key, number, never])),
    },
    {
      name: 'shuffle', base: () => ({ key: K, array: [1, 2, 3] }),
      slots: {
        key: ['key', badKey], options: ['options', badOptions], backend: ['backend', badEnum(['auto', 'cpu', 'cuda'])],
        array: ['array', fc.oneof(fc.constantFrom(null, 5, 'abc', { length: 3 }, new DataView(new ArrayBuffer(4))), fc.object())],
      },
      call: (a) => cr.shuffle(a.key as cr.Key, a.array as number[], opts(a, ['backend']) as never),
      callAsync: (a) => cr.shuffleAsync(a.key as cr.Key, a.array as number[], opts(a, ['backend']) as never),
    },
  ];
}

/** The same sampler as a Generator method: the function's slots less key and offset (the generator's). */
function generatorTarget(s: SamplerSpec): Target {
  const t = samplerTarget(s);
  const { key: _k, offset: _o, ...slots } = t.slots;
  const rows = s.rows && !s.rows.option ? s.rows.param : undefined;  // a positional vector
  // an object (or nothing) where n goes is a single draw's options, not a bad n
  slots.n = ['n', slots.n[1].filter((v) => v === null || (typeof v !== 'object' && v !== undefined))];
  const names = Object.keys(slots).filter((x) => !['n', 'key', 'options', rows].includes(x));
  const opt = (a: Args) => {
    if ('options' in a) return a.options;
    const o: Args = {};
    for (const k of names) if (a[k] !== undefined) o[k] = a[k];
    for (const q of s.params) if (q.name !== rows && a[q.name] !== undefined) o[q.name] = a[q.name];
    for (const x of s.structured ?? []) if (a[x.name] !== undefined) o[x.name] = a[x.name];
    return o;
  };
  const call = (async: boolean) => (a: Args) => {
    const g = cr.generator(1) as unknown as Record<string, (...x: unknown[]) => unknown>;
    const f = g[async ? `${s.name}Async` : s.name];
    return rows ? f.call(g, a[rows], a.n, opt(a)) : f.call(g, a.n, opt(a));
  };
  return {
    name: `generator#${s.name}`, base: () => { const b = t.base(); delete b.key; return b; }, slots,
    call: call(false), callAsync: call(true) as (a: Args) => Promise<unknown>,
  };
}

const table = cr.AliasTable.build([1, 2, 0, 4]);
const goodBuffer = table.toBuffer();

export const targets: Target[] = [
  ...SAMPLERS.map(samplerTarget),
  ...SAMPLERS.map(generatorTarget),
  {
    name: 'generator', base: () => ({ seed: 5 }),
    slots: {
      // no seed (undefined) is valid: generator() seeds itself from the OS's entropy
      seed: ['seed', fc.oneof(badSeedNumber, fc.constantFrom(2 ** 53, -1n, 2n ** 64n), junk.filter((v) => !Array.isArray(v) && v !== undefined))],
      backend: ['backend', badEnum(['auto', 'cpu', 'cuda'])], options: ['options', badOptions],
    },
    call: (a) => cr.generator(a.seed as number, opts(a, ['backend']) as never),
  },
  {
    name: 'AliasTable.build', base: () => ({ weights: [1, 2, 3] }),
    slots: { weights: ['weights', badWeights], method: ['method', badEnum(['psa', 'psa+'])], options: ['options', badOptions] },
    call: (a) => cr.AliasTable.build(a.weights as number[], opts(a, ['method']) as never),
  },
  {
    name: 'AliasTable.fromBuffer', base: () => ({ buffer: goodBuffer }), slots: { buffer: ['buffer', badBuffer] },
    call: (a) => cr.AliasTable.fromBuffer(a.buffer as Uint8Array),
  },
  {
    name: 'AliasTable#sample', base: () => ({ key: K, n: N }), slots: common([Uint32Array]),
    call: (a) => table.sample(a.key as cr.Key, a.n as number, opts(a, ['offset', 'out', 'backend']) as never),
    callAsync: (a) => table.sampleAsync(a.key as cr.Key, a.n as number, opts(a, ['offset', 'out', 'backend']) as never),
  },
  {
    name: 'AliasTable#counts', base: () => ({ key: K, n: N }),
    slots: {
      ...common([Float64Array], 4),
      accumulate: ['accumulate', fc.oneof(fc.constantFrom(0, 1, 'true', null), fc.object())],
    },
    call: (a) => table.counts(a.key as cr.Key, a.n as number, opts(a, ['offset', 'out', 'backend', 'accumulate']) as never),
    callAsync: (a) => table.countsAsync(a.key as cr.Key, a.n as number, opts(a, ['offset', 'out', 'backend', 'accumulate']) as never),
  },
  {
    name: 'categorical', base: () => ({ key: K, n: N, weights: [1, 0, 3] }),
    slots: {
      ...common([Uint32Array]), weights: ['weights', badWeights], method: ['method', badEnum(['auto', 'alias', 'cdf'])],
      table: ['table', badEnum(['psa', 'psa+'])],
    },
    call: (a) => cr.categorical(a.key as cr.Key, a.weights as number[], a.n as number, opts(a, ['offset', 'out', 'backend', 'method', 'table']) as never),
    callAsync: (a) => cr.categoricalAsync(a.key as cr.Key, a.weights as number[], a.n as number, opts(a, ['offset', 'out', 'backend', 'method', 'table']) as never),
  },
  ...permuteTargets(),
  {
    name: 'categoricalMethod', base: () => ({ N: 10, n: 5 }),
    slots: { N: ['N', badCount], n: ['n', badCount] },
    call: (a) => cr.categoricalMethod(a.N as number, a.n as number),
  },
  {
    name: 'key', base: () => ({ seed: 5 }),
    slots: { seed: ['seed', fc.oneof(badSeedNumber, fc.constantFrom(2 ** 53, -1n, 2n ** 64n), junk)] },
    call: (a) => cr.key(a.seed as number),
  },
  {
    name: 'split', base: () => ({ key: K, n: 3 }),
    slots: { key: ['key', badKey], n: ['n', fc.oneof(badCount, fc.constant(2 ** 24 + 1))] },
    call: (a) => cr.split(a.key as cr.Key, a.n as number),
  },
  {
    name: 'foldIn', base: () => ({ key: K, data: 3 }),
    slots: { key: ['key', badKey], data: ['data', fc.oneof(badSeedNumber, fc.constantFrom(2 ** 53, 3n), junk)] },
    call: (a) => cr.foldIn(a.key as cr.Key, a.data as number),
  },
  {
    name: 'keyEquals', base: () => ({ a: K, b: K }), slots: { a: ['a', badKey], b: ['b', badKey] },
    call: (a) => cr.keyEquals(a.a as cr.Key, a.b as cr.Key),
  },
  {
    name: 'philox4x32', base: () => ({ counter: [1, 2, 3, 4], key: [5, 6] }),
    slots: {
      counter: ['counter', fc.oneof(badKey.filter((v) => !Array.isArray(v) || v.length !== 4), fc.constantFrom([1, 2, 3], [1, 2, 3, -4], [1, 2, 3, 2 ** 32], new Uint32Array(5)))],
      key: ['key', badKey],
    },
    call: (a) => cr.philox4x32(a.counter as number[], a.key as number[]),
  },
  {
    name: 'new Xorwow', base: () => ({ seed: 1 }),
    slots: {
      seed: ['seed', fc.oneof(badSeedNumber, fc.constantFrom(-1n, 2n ** 64n), junk)],
      subsequence: ['subsequence', fc.oneof(fc.constantFrom(-1, 0.5, NaN, 2n ** 64n, -1n), junk.filter((v) => v !== undefined))],
      offset: ['offset', fc.oneof(fc.constantFrom(-1, 0.5, Infinity, 2n ** 64n), junk.filter((v) => v !== undefined))],
      options: ['options', badOptions],
    },
    call: (a) => new cr.Xorwow(a.seed as number, opts(a, ['subsequence', 'offset']) as never),
  },
  {
    name: 'Xorwow#skip', base: () => ({ k: 5 }), slots: { k: ['k', fc.oneof(fc.constantFrom(-1, -1n, 0.5, NaN, Infinity, 2 ** 53 + 2), junk)] },
    call: (a) => new cr.Xorwow(1).skip(a.k as number),
  },
  {
    name: 'Xorwow#fill', base: () => ({ out: new Uint32Array(4) }), slots: { out: ['out', badArray([Uint32Array], 4)] },
    call: (a) => new cr.Xorwow(1).fill(a.out as Uint32Array),
  },
  {
    name: 'Xorwow#uniform', base: () => ({ n: 4 }),
    slots: { n: [['n', 'out'], fc.oneof(fc.constantFrom(-1, 0.5, NaN, 2 ** 32), badArray([Float32Array], 4), junk.filter((v) => v !== undefined))] },
    call: (a) => new cr.Xorwow(1).uniform(a.n as number),
  },
  {
    name: 'Xorwow.fromState', base: () => ({ state: new cr.Xorwow(1).state() }),
    slots: {
      state: ['state', fc.oneof(
        fc.constantFrom({ v: [0, 0, 0, 0, 0], d: 1 }, { v: [1, 2, 3, 4], d: 1 }, { v: [1, 2, 3, 4, -5], d: 1 }, { v: [1, 2, 3, 4, 5], d: 2 ** 32 },
          { v: [1, 2, 3, 4, 5] }, { v: 'abcde', d: 1 }, { v: detached(new Uint32Array(5)), d: 1 }, { v: new Int32Array(5), d: 1 }),
        junk.filter((v) => v === null || typeof v !== 'object'),
      )],
    },
    call: (a) => cr.Xorwow.fromState(a.state as never),
  },
  {
    name: 'sobol', base: () => ({ n: N, dims: 2, dtype: 'float64' }),
    slots: {
      n: ['n', badCount], options: ['options', badOptions], backend: ['backend', badEnum(['auto', 'cpu', 'cuda'])],
      dims: ['dims', fc.oneof(fc.constantFrom(0, -1, 1.5, 21202, 2 ** 32, NaN, Infinity), junk.filter((v) => v !== undefined), fc.bigInt({ min: 1n, max: 5n }))],
      // offsets are point indices: Sobol64 (the float64 default) has 2^64 points, so 2^63 is valid here
      offset: ['offset', fc.oneof(nonFinite, fc.integer({ min: -1e9, max: -1 }), fc.constantFrom(0.5, 2 ** 53 + 2, 1e300, -1n, 2n ** 64n, 2n ** 64n - 4n), junk.filter((v) => v !== undefined))],
      out: ['out', badOut([Float64Array], 2 * N)],
      dtype: ['dtype', badEnum(['uint32', 'uint64', 'float32', 'float64'])],
      layout: ['layout', badEnum(['points', 'dimensions'])],
      transform: ['transform', badEnum(['uniform', 'normal'])],
      scramble: ['scramble', badEnum(['none', 'lms', 'shift'])],
    },
    call: (a) => cr.sobol(a.n as number, opts(a, ['dims', 'offset', 'out', 'backend', 'dtype', 'layout', 'transform', 'scramble']) as never),
    callAsync: (a) => cr.sobolAsync(a.n as number, opts(a, ['dims', 'offset', 'out', 'backend', 'dtype', 'layout', 'transform', 'scramble']) as never),
  },
  {
    name: 'mrg32k3aFill', base: () => ({ seed: 1, n: N, dtype: 'uint32' }),
    slots: {
      seed: ['seed', fc.oneof(badSeedNumber, fc.constantFrom(-1n, 2n ** 64n), junk)], n: ['n', badCount],
      subsequence: ['subsequence', fc.oneof(fc.constantFrom(-1, 0.5, NaN, 2 ** 51, 2n ** 51n, 2n ** 64n, -1n), junk.filter((v) => v !== undefined))],
      offset: ['offset', fc.oneof(fc.constantFrom(-1, 0.5, Infinity, 2n ** 64n, 2n ** 64n - 4n), junk.filter((v) => v !== undefined))],
      out: ['out', badOut([Uint32Array], N)], dtype: ['dtype', badEnum(['uint32', 'float32', 'float64'])],
      options: ['options', badOptions], backend: ['backend', badEnum(['auto', 'cpu', 'cuda'])],
    },
    call: (a) => cr.mrg32k3aFill(a.seed as number, a.n as number, opts(a, ['subsequence', 'offset', 'out', 'dtype', 'backend']) as never),
    callAsync: (a) => cr.mrg32k3aFillAsync(a.seed as number, a.n as number, opts(a, ['subsequence', 'offset', 'out', 'dtype', 'backend']) as never),
  },
  {
    name: 'backend', base: () => ({}), slots: { backend: ['backend', badEnum(['auto', 'cpu', 'cuda'])], options: ['options', badOptions] },
    call: (a) => cr.backend(opts(a, ['backend']) as never),
  },
];

