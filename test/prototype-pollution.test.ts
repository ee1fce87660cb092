/**
 * Prototype pollution reaches no result (issue 27, item 5): with every option name and every internal
 * field name the library reads set on Object.prototype, every public function gives the same bits (or
 * the same error) as without. Before, `Object.prototype.offset = 5` shifted every stream,
 * `Object.prototype.out = array` made every call write into one shared array, `Object.prototype.alpha`
 * turned gamma(k, n, { alpha: 2 }) into NaN, and `backend`/`method` gave internal TypeErrors.
 *
 * The names: the registry's (each sampler's options and hints, and the fields of the parameter and
 * per-element records its calls are lowered to), the options every other function says it takes (its
 * unknown-option error lists them), and the fields read off the internal records in the facade's
 * source. They are all set at once, round by round with values of each kind, and removed again before
 * anything else runs. Runs the built package: the pool's workers load dist/lib/backend/cpu/worker.js.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import * as api from 'cuda-random';
import { SAMPLERS } from '../dist/lib/samplers/registry.js';
import { ordinaryValues } from '../dist/lib/samplers/examples.js';
import { callOf } from '../dist/lib/facade/make.js';
import type { SamplerSpec } from '../lib/samplers/spec.js';

type Fn = (...a: unknown[]) => unknown;
const fns = api as unknown as Record<string, Fn>;
const k = api.key(5);
const N = 8;
const BIG = 1 << 17;  // async calls of this size run on the worker pool

/** Valid options of a sampler: every required parameter (a value in its domain), row vectors of 2. */
function optionsOf(s: SamplerSpec): Record<string, unknown> {
  const o: Record<string, unknown> = ordinaryValues(s);
  const value: Record<string, number> = { p: 0.3, count: 5, kappa: 2, high: 10 };
  for (const name of Object.keys(o)) if (Object.hasOwn(value, name)) o[name] = value[name];
  if (s.rows?.option) {
    o[s.rows.param] = [1, 2];
    for (const x of s.structured ?? []) o[x.name] = x.example(2);
  }
  return o;
}
const positional = (s: SamplerSpec) => s.rows && !s.rows.option;
const samplerCall = (s: SamplerSpec, name: string, n: number, o: Record<string, unknown>) =>
  () => (positional(s) ? fns[name](k, [1.5, 2], n, o) : fns[name](k, n, o));

/** Every public function, called with valid arguments (options as plain objects, as callers write them). */
const CALLS: Record<string, () => unknown> = {};
for (const s of SAMPLERS) {
  for (const name of [s.name, `${s.name}Async`]) {
    CALLS[name] = samplerCall(s, name, N, optionsOf(s));
    // each per-element parameter as an array of n values
    for (const q of s.params.filter((x) => x.perElement)) {
      const v = optionsOf(s)[q.name] ?? q.default;
      CALLS[`${name} per-element ${q.name}`] = () => samplerCall(s, name, N, { ...optionsOf(s), [q.name]: new Float64Array(N).fill(v as number) })();
    }
  }
}
const table = api.AliasTable.build([1, 2, 3]);
const gen = () => api.generator(1, {});
Object.assign(CALLS, {
  'uniformAsync (pool)': () => api.uniformAsync(k, BIG, {}),
  'gammaAsync per-element (pool)': () => api.gammaAsync(k, BIG, { alpha: new Float64Array(BIG).fill(2) }),
  'uniform out': () => api.uniform(k, N, { out: new Float64Array(N) }),
  'uniform device': () => api.uniform(k, N, { out: 'device' }),
  'uniform into a DeviceArray': () => api.uniform(k, N, { out: api.DeviceArray.from(new Float64Array(N), { backend: 'cpu' }) }),
  'gamma from a DeviceArray': () => api.gamma(k, N, { alpha: api.DeviceArray.from(new Float64Array(N).fill(2), { backend: 'cpu' }) }),
  categorical: () => api.categorical(k, [1, 2], N, {}),
  'categorical cdf': () => api.categorical(k, [1, 2], N, { method: 'cdf' }),
  categoricalAsync: () => api.categoricalAsync(k, [1, 2], N, {}),
  'categorical device': () => api.categorical(k, [1, 2], N, { out: 'device' }),
  'AliasTable.build': () => api.AliasTable.build([1, 2, 3], {}).toBuffer(),
  'AliasTable.sample': () => table.sample(k, N, {}),
  'AliasTable.sampleAsync': () => table.sampleAsync(k, N, {}),
  'AliasTable.counts': () => table.counts(k, N, {}),
  'AliasTable.countsAsync': () => table.countsAsync(k, N, {}),
  sobol: () => api.sobol(N, { dims: 2 }),
  sobolAsync: () => api.sobolAsync(N, { dims: 2 }),
  'sobol uint64': () => api.sobol(N, { dims: 2, dtype: 'uint64' }),
  'sobol scrambled': () => api.sobol(N, { dims: 2, scramble: 'lms', key: k }),
  permutation: () => api.permutation(k, N, {}),
  permutationAsync: () => api.permutationAsync(k, N, {}),
  sampleWithoutReplacement: () => api.sampleWithoutReplacement(k, 2, { population: 5 }),
  'sampleWithoutReplacement weights': () => api.sampleWithoutReplacement(k, 2, { weights: [1, 2, 3] }),
  sampleWithoutReplacementAsync: () => api.sampleWithoutReplacementAsync(k, 2, { population: 5 }),
  shuffle: () => api.shuffle(k, [1, 2, 3], {}),
  'shuffle typed': () => api.shuffle(k, new Float64Array([1, 2, 3]), {}),
  shuffleAsync: () => api.shuffleAsync(k, [1, 2, 3], {}),
  mrg32k3aFill: () => api.mrg32k3aFill(1, N, {}),
  mrg32k3aFillAsync: () => api.mrg32k3aFillAsync(1, N, {}),
  Xorwow: () => new api.Xorwow(1, {}).fill(new Uint32Array(4)),
  Mrg32k3a: () => new api.Mrg32k3a(1, {}).fill(new Uint32Array(4)),
  backend: () => api.backend({}).name,
  'DeviceArray.from': () => api.DeviceArray.from(new Float64Array([1, 2]), {}),
  keys: () => [api.key(5), ...api.split(k, 2), api.foldIn(k, 3)],
  philox4x32: () => api.philox4x32([1, 2, 3, 4], [5, 6]),
  'generator draws': () => {
    const g = gen();
    return [g.normal(), g.normal({ mean: 1 }), g.random(), g.uniform(3, {}), g.gamma({ alpha: 2 }), g.dirichlet([1, 2]),
      g.multivariateNormal({ mean: [1, 2], cov: [[1, 0], [0, 1]] }), g.categorical([1, 2]), g.permutation(4), g.shuffle([1, 2, 3]),
      g.spawn(1)[0].normal(), JSON.stringify(g.state)];
  },
  'generator async': () => gen().normalAsync(3, { mean: 2 }),
  'Generator.fromState': () => {
    const g = api.Generator.fromState({ key: [1, 2], bulk: { normal: 2 }, scalar: { normal: 3 }, spawned: 1 });
    return [g.normal(), g.normal(2), JSON.stringify(g.state)];
  },
});

/** Every option name and internal field name the library reads (see the file's comment). */
function pollutedNames(): string[] {
  const names = new Set<string>(['offset', 'backend', 'device', 'out', 'dtype', 'method', 'proposals']);
  for (const s of SAMPLERS) {
    for (const q of s.params) names.add(q.name);
    for (const o of s.structured ?? []) names.add(o.name);
    for (const h of Object.keys(s.hints ?? {})) names.add(h);
    // the records a call is lowered to: scalar and per-element
    const calls = [callOf(s, k, N, optionsOf(s), positional(s) ? [1.5, 2] : undefined)];
    for (const q of s.params.filter((x) => x.perElement)) {
      calls.push(callOf(s, k, N, { ...optionsOf(s), [q.name]: new Float64Array(N).fill((optionsOf(s)[q.name] ?? q.default) as number) }));
    }
    for (const c of calls) for (const r of [c, c.p, c.params, c.perElement ?? {}]) for (const f of Object.keys(r)) names.add(f);
  }
  // the options of every other function, from its unknown-option error
  const others = [
    () => api.categorical(k, [1], 1, { nope: 1 } as never), () => api.AliasTable.build([1], { nope: 1 } as never),
    () => table.counts(k, 1, { nope: 1 } as never), () => api.sobol(1, { nope: 1 } as never),
    () => api.sampleWithoutReplacement(k, 1, { nope: 1 } as never), () => api.mrg32k3aFill(1, 1, { nope: 1 } as never),
    () => new api.Xorwow(1, { nope: 1 } as never), () => api.generator(1, { nope: 1 } as never),
  ];
  for (const f of others) {
    const listed = /the options are (.*)$/.exec((() => { try { f(); } catch (e) { return (e as Error).message; } return ''; })());
    expect(listed, String(f)).not.toBeNull();
    for (const n of listed![1].split(', ')) names.add(n);
  }
  for (const f of ['state', 'key', 'bulk', 'scalar', 'spawned']) names.add(f);  // Generator.fromState's fields
  // the fields of the internal records (jobs, calls, kernel arguments, device inputs), from the source:
  // property reads that are not method calls, and declared fields
  for (const file of ['facade/device-io.ts', 'facade/prepare.ts', 'facade/make.ts', 'core/job.ts', 'samplers/spec.ts', 'alias/run.ts',
    'alias/categorical.ts', 'permute/permutation.ts', 'generator/generator.ts', 'sobol/sobol.ts', 'mrg32k3a/fill.ts']) {
    const src = readFileSync(new URL(`../lib/${file}`, import.meta.url), 'utf8');
    for (const m of src.matchAll(/\.\??([A-Za-z_]\w*)\b(?!\s*\()/g)) names.add(m[1]);
    for (const m of src.matchAll(/^\s*(?:readonly\s+)?([A-Za-z_]\w*)\??:/gm)) names.add(m[1]);
  }
  // Names Object.prototype has are not pollution (replacing them breaks the language, not this
  // library); `length` breaks the test runner's own array-likes.
  return [...names].filter((n) => !(n in Object.prototype) && n !== 'length').sort();
}

/** A result as comparable text: the bits of arrays, a DeviceArray's values, an error's type and text. */
function bits(v: unknown): string {
  if (v instanceof api.DeviceArray) return `DeviceArray ${bits(v.toHost())}`;
  if (ArrayBuffer.isView(v)) return `${Object.prototype.toString.call(v)} ${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
  if (Array.isArray(v)) return `[${v.map(bits).join(', ')}]`;
  if (v instanceof Error) return `${v.constructor.name}: ${v.message}`;
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** The result of call f with `names` set to `value` on Object.prototype meanwhile (removed before any
 *  other code, the comparison included, runs). */
async function polluted(names: string[], value: unknown, f: () => unknown): Promise<unknown> {
  const proto = Object.prototype as Record<string, unknown>;
  try {
    for (const n of names) proto[n] = value;
    return await f();
  } catch (e) {
    return e;
  } finally {
    for (const n of names) delete proto[n];
  }
}

const NAMES = pollutedNames();

/** The result of CALLS[name] without pollution (computed once). */
const CLEAN = new Map<string, string>();
async function clean(name: string): Promise<string> {
  if (!CLEAN.has(name)) {
    let r: unknown;
    try {
      r = await CALLS[name]();
    } catch (e) {
      r = e;
    }
    CLEAN.set(name, bits(r));
  }
  return CLEAN.get(name)!;
}

afterAll(() => api.shutdownPool());

describe('prototype pollution', () => {
  it('the names cover the issue\'s examples and the registry', () => {
    for (const n of ['offset', 'out', 'alpha', 'backend', 'method', 'dtype', 'perElement', 'params', 'inputs', 'p0', 'proposals']) {
      expect(NAMES).toContain(n);
    }
    expect(NAMES.length).toBeGreaterThan(100);
  });

  const VALUES: [string, unknown][] = [
    ['a number', 5], ["'cuda'", 'cuda'], ["'device'", 'device'], ['a Float64Array', new Float64Array(BIG).fill(3)],
    ['a Uint32Array', new Uint32Array(BIG).fill(1)], ['an array', [1, 2]], ['true', true], ['an object', { a: 1 }],
  ];

  it.each(VALUES)('every public function gives the same bits with every name set to %s', async (_, value) => {
    const differ: string[] = [];
    // e.g. the pool's warning that its workers could not start (Node read `name` off their options)
    const warnings: string[] = [];
    const listen = (w: Error) => warnings.push(w.message);
    process.on('warning', listen);
    for (const [name, f] of Object.entries(CALLS)) {
      if (name.endsWith('(pool)')) await api.shutdownPool();  // so the workers start while Object.prototype is polluted
      const got = bits(await polluted(NAMES, value, f));
      if (got !== (await clean(name))) differ.push(`${name}: ${got.slice(0, 160)}`);
    }
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', listen);
    expect(differ).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('the issue\'s examples, one name at a time', () => {
    const proto = Object.prototype as Record<string, unknown>;
    const shared = new Float64Array(N);
    const cases: [string, unknown, () => unknown][] = [
      ['offset', 5, () => api.uniform(k, N)],
      ['out', shared, () => api.normal(k, N)],
      ['alpha', [1, 2], () => api.gamma(k, N, { alpha: 2 })],
      ['backend', 'cuda', () => api.bits(k, N)],
      ['method', 'polar', () => api.normal(k, N)],
    ];
    for (const [name, value, f] of cases) {
      const clean = bits(f());
      proto[name] = value;
      let got: string;
      try {
        got = bits((() => { try { return f(); } catch (e) { return e; } })());
      } finally {
        delete proto[name];
      }
      expect(got, name).toBe(clean);
    }
    expect(shared.every((x) => x === 0)).toBe(true);
  });
});
