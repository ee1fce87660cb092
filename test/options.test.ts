/**
 * Unknown option names over every public function: a TypeError naming the option and listing the
 * accepted ones, with what another library's name means here. Registry samplers are listed from the
 * registry (their declared hints are checked in test/samplers.test.ts); every other export must be in
 * OTHERS or NO_OPTIONS below, so a new export cannot skip the check. Also the smaller careless calls of
 * issue 21: `new AliasTable(…)`, number[] per-element shapes, a count too large to allocate.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';
import { SAMPLERS } from '../lib/samplers/registry.js';

type Fn = (...a: unknown[]) => unknown;
const fns = api as unknown as Record<string, Fn>;
const k = api.key(7);

/** Every non-registry function that takes options: a call with `o` as its options. */
const OTHERS: Record<string, (o: Record<string, unknown>) => unknown> = {
  categorical: (o) => api.categorical(k, [1, 2], 3, o),
  categoricalAsync: (o) => api.categoricalAsync(k, [1, 2], 3, o),
  'AliasTable.build': (o) => api.AliasTable.build([1, 2], o),
  'AliasTable.sample': (o) => api.AliasTable.build([1, 2]).sample(k, 3, o),
  'AliasTable.sampleAsync': (o) => api.AliasTable.build([1, 2]).sampleAsync(k, 3, o),
  'AliasTable.counts': (o) => api.AliasTable.build([1, 2]).counts(k, 3, o),
  'AliasTable.countsAsync': (o) => api.AliasTable.build([1, 2]).countsAsync(k, 3, o),
  sobol: (o) => api.sobol(3, o),
  sobolAsync: (o) => api.sobolAsync(3, o),
  permutation: (o) => api.permutation(k, 3, o as never),
  permutationAsync: (o) => api.permutationAsync(k, 3, o as never),
  sampleWithoutReplacement: (o) => api.sampleWithoutReplacement(k, 2, { population: 5, ...o } as never),
  sampleWithoutReplacementAsync: (o) => api.sampleWithoutReplacementAsync(k, 2, { population: 5, ...o } as never),
  shuffle: (o) => api.shuffle(k, [1, 2, 3], o as never),
  shuffleAsync: (o) => api.shuffleAsync(k, [1, 2, 3], o as never),
  mrg32k3aFill: (o) => api.mrg32k3aFill(1, 3, o),
  mrg32k3aFillAsync: (o) => api.mrg32k3aFillAsync(1, 3, o),
  Xorwow: (o) => new api.Xorwow(1, o),
  Mrg32k3a: (o) => new api.Mrg32k3a(1, o),
  backend: (o) => api.backend(o as never),
  'DeviceArray.from': (o) => api.DeviceArray.from(new Float64Array(2), o as never),
  generator: (o) => api.generator(1, o as never),
  'Generator.normal': (o) => api.generator(1).normal(3, o as never),
};
/** Exports that take no options object. */
const NO_OPTIONS = ['key', 'split', 'foldIn', 'keyEquals', 'philox4x32', 'shutdownPool', 'categoricalMethod', 'AliasTable', 'Xorwow', 'Mrg32k3a', 'DeviceArray', 'Generator'];

const samplerNames = SAMPLERS.flatMap((s) => [s.name, `${s.name}Async`]);

async function thrown(f: () => unknown): Promise<Error> {
  try {
    await f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
}

describe('unknown option names', () => {
  it('every exported function is covered', () => {
    const exported = Object.entries(api).filter(([, v]) => typeof v === 'function').map(([n]) => n);
    const covered = new Set([...samplerNames, ...Object.keys(OTHERS).map((n) => n.split('.')[0]), ...NO_OPTIONS]);
    expect(exported.filter((n) => !covered.has(n))).toEqual([]);
  });

  it.each(Object.keys(OTHERS))('%s refuses one, naming it and listing the options', async (name) => {
    const e = await thrown(() => OTHERS[name]({ nope: 1 }));
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(new RegExp(`^${name.replace(/Async$/, '').replace(/^Generator\./, '').replace('.', '\\.')}: unknown option 'nope'; (the options are \\w|it takes no options)`));
  });

  it.each(samplerNames)('%s refuses numpy/@stdlib names it does not take, saying what means that here', async (name) => {
    const s = SAMPLERS.find((x) => name === x.name || name === `${x.name}Async`)!;
    const req: Record<string, unknown> = {};
    for (const p of s.params) if (p.default === undefined && p.name !== s.rows?.param) req[p.name] = 1;
    if (s.rows?.option) {  // the row vector is an option, with its structured options
      req[s.rows.param] = [1, 2];
      for (const x of s.structured ?? []) req[x.name] = x.example(2);
    }
    const positional = s.rows && !s.rows.option;
    const call = (o: Record<string, unknown>) => (positional ? fns[name](k, [1, 2], 3, { ...req, ...o }) : fns[name](k, 3, { ...req, ...o }));
    const known = new Set([...s.params.map((p) => p.name), 'dtype', 'method']);
    for (const numpy of ['scale', 'loc', 'sigma', 'mu', 'rate', 'size', 'shape', 'dType']) {
      if (known.has(numpy)) continue;
      const e = await thrown(() => call({ [numpy]: 1 }));
      expect(e, numpy).toBeInstanceOf(TypeError);
      expect(e.message, numpy).toMatch(new RegExp(`unknown option '${numpy}'`));
      // size and shape are the count; dType differs from dtype in case only
      if (numpy === 'size' || numpy === 'shape' && !s.hints?.shape) expect(e.message).toContain('(here: n, the count argument)');
      if (numpy === 'dType' && s.dtypes.length > 1) expect(e.message).toContain('(here: dtype)');
    }
  });

  it('the issue\'s examples draw nothing from the wrong distribution', () => {
    expect(() => api.exponential(k, 3, { scale: 2 } as never)).toThrow("exponential: unknown option 'scale' (here: rate");
    expect(() => api.normal(k, 3, { loc: 5 } as never)).toThrow("normal: unknown option 'loc' (here: mean)");
    expect(() => api.uniform(k, 3, { dType: 'float32' } as never)).toThrow("uniform: unknown option 'dType' (here: dtype)");
    expect(() => new api.Xorwow(1, { seed: 3 } as never)).toThrow("Xorwow: unknown option 'seed' (here: the seed argument)");
    expect(() => api.sobol(3, { dimensions: 2 } as never)).toThrow("sobol: unknown option 'dimensions' (here: dims)");
  });
});

describe('smaller careless calls', () => {
  it('new AliasTable(weights) says to use AliasTable.build', () => {
    const Ctor = api.AliasTable as unknown as new (w: unknown) => unknown;
    expect(() => new Ctor([1, 2])).toThrow(/AliasTable has no public constructor: use AliasTable\.build/);
  });

  it('gamma and chisquare take a number[] of per-element shapes, like dirichlet and categorical', () => {
    const want = api.gamma(k, 3, { alpha: new Float64Array([0.5, 2, 7]) });
    expect(api.gamma(k, 3, { alpha: [0.5, 2, 7] })).toEqual(want);
    expect(api.chisquare(k, 2, { df: [1, 4] })).toEqual(api.chisquare(k, 2, { df: new Float64Array([1, 4]) }));
    expect(() => api.gamma(k, 3, { alpha: [1, 2] })).toThrow(/alpha must have length n = 3/);
    expect(() => api.gamma(k, 2, { alpha: [1, -2] })).toThrow(/alpha\[1\]/);
    expect(() => api.gamma(k, 2, { alpha: [1, '2'] as never })).toThrow(TypeError);
  });

  it('a count too large to allocate is a RangeError naming n', () => {
    expect(() => api.uniform(k, 2 ** 32 - 1)).toThrow(/^n = 4294967295 needs a Float64Array of 32\.0 GiB, which cannot be allocated/);
  });
});
