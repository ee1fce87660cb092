// The Generator: every draw is the functional call docs/streams.md, "Generator" names, buffering never changes a
// value, state round-trips through JSON, methods and children never share a stream, bad input is named.
import { describe, expect, it } from 'vitest';
import * as lib from '../lib/index.js';
import { foldIn, generator, Generator, key, type Key } from '../lib/index.js';
import { SAMPLERS, type SamplerSpec } from '../lib/samplers/registry.js';
import { ordinaryValues } from '../lib/samplers/examples.js';
import { bulkKey, methodId, scalarKey, spawnKey } from '../lib/generator/streams.js';

type Opts = Record<string, unknown>;
type AnyFn = (...a: unknown[]) => unknown;
const fns = lib as unknown as Record<string, AnyFn>;
const root = key(2026);

/** A value of each required parameter, and a vector for rows samplers (an option where the sampler
 *  takes it as one, with its structured options); K values per draw. */
function args(s: SamplerSpec): { opts: Opts; vector?: number[]; K: number } {
  const opts: Opts = ordinaryValues(s);
  if (s.rows?.option) {
    opts[s.rows.param] = [0.5, 2, 1.5];
    for (const x of s.structured ?? []) opts[x.name] = x.example(3);
    return { opts, K: 3 };
  }
  return { opts, vector: s.rows ? [0.5, 2, 1.5] : undefined, K: s.rows ? 3 : 1 };
}

const method = (g: Generator, name: string) => (g as unknown as Record<string, AnyFn>)[name].bind(g);
const same = (a: ArrayLike<number>, b: ArrayLike<number>) => expect(Array.from(a)).toEqual(Array.from(b));

describe.each(SAMPLERS.map((s) => [s.name, s] as const))('generator.%s', (name, s) => {
  const { opts, vector, K } = args(s);
  const f = fns[name];
  const functional = (k: Key, n: number, o: Opts) => (vector ? f(k, vector, n, o) : f(k, n, o)) as ArrayLike<number>;

  it('bulk call j is the function under foldIn(bulk key, j)', () => {
    const g = generator(root);
    const m = method(g, name);
    for (let j = 0; j < 3; j++) {
      const got = (vector ? m(vector, 5 + j, opts) : m(5 + j, opts)) as ArrayLike<number>;
      same(got, functional(foldIn(bulkKey(root, name), j), 5 + j, opts));
    }
    expect(g.state.bulk[name]).toBe(3);
  });

  it('scalar draw s is element s of the scalar stream, however the draws are buffered', () => {
    const g = generator(root);
    const m = method(g, name);
    const many = 40;
    const want = functional(scalarKey(root, name), many, opts);
    for (let s = 0; s < many / K; s++) {
      const got = vector ? (m(vector, opts) as ArrayLike<number>) : K > 1 ? (m(opts) as ArrayLike<number>) : [m(opts) as number];
      same(got, Array.from(want).slice(s * K, s * K + K));
    }
  });

  it('the async twin is the same bulk call', async () => {
    const g = generator(root);
    const m = method(g, `${name}Async`);
    const got = (await (vector ? m(vector, 7, opts) : m(7, opts))) as ArrayLike<number>;
    same(got, functional(foldIn(bulkKey(root, name), 0), 7, opts));
  });
});

describe('generator: the functions outside the registry', () => {
  it('permutation, shuffle, sampleWithoutReplacement, categorical: bulk call j under foldIn(bulk key, j)', async () => {
    const g = generator(root);
    const at = (name: string, j: number) => foldIn(bulkKey(root, name), j);
    for (let j = 0; j < 2; j++) {
      same(g.permutation(50), lib.permutation(at('permutation', j), 50));
      same(g.shuffle(Float64Array.from({ length: 20 }, (_, i) => i / 3)), lib.shuffle(at('shuffle', j), Float64Array.from({ length: 20 }, (_, i) => i / 3)));
      same(g.sampleWithoutReplacement(5, { population: 40 }), lib.sampleWithoutReplacement(at('sampleWithoutReplacement', j), 5, { population: 40 }));
      same(g.categorical([1, 0, 3], 30), lib.categorical(at('categorical', j), [1, 0, 3], 30));
    }
    same(await g.permutationAsync(9), lib.permutation(at('permutation', 2), 9));
    same(await g.categoricalAsync([2, 5], 9), lib.categorical(at('categorical', 2), [2, 5], 9));
    expect(g.state.bulk).toMatchObject({ permutation: 3, shuffle: 2, sampleWithoutReplacement: 2, categorical: 3 });
    const h = Generator.fromState(JSON.parse(JSON.stringify(g.state)));
    same(h.permutation(12), g.permutation(12));
  });

  it('categorical(weights) is one index: element s of the scalar categorical stream', () => {
    const g = generator(root);
    const want = lib.categorical(scalarKey(root, 'categorical'), [1, 2, 3, 0], 25);
    for (let s = 0; s < 25; s++) expect(g.categorical([1, 2, 3, 0])).toBe(want[s]);
    expect(() => g.categorical([1, -1])).toThrow(/weights/);
    expect(() => g.permutation(3, { offset: 1 } as never)).toThrow(/offset is set by the generator/);
  });
});

describe('generator', () => {
  it('random() is the scalar uniform stream', () => {
    const g = generator(7);
    const want = lib.uniform(scalarKey(key(7), 'uniform'), 10_000);
    for (let i = 0; i < want.length; i++) expect(g.random()).toBe(want[i]);
    expect(g.state.scalar.uniform).toBe(10_000);
  });

  it('options that change between scalar draws give the draws of each index with those options', () => {
    const g = generator(root);
    const k = scalarKey(root, 'gamma');
    for (let s = 0; s < 30; s++) {
      const alpha = s % 3 === 0 ? 0.5 : 2;  // runs of equal options and changes
      expect(g.gamma({ alpha })).toBe(lib.gamma(k, 1, { alpha, offset: s })[0]);
    }
    // -0 and +0 are different options (a signature that folded them together would reuse a buffer)
    const h = generator(root);
    const n0 = h.normal({ mean: 0 });
    const n1 = h.normal({ mean: -0 });
    expect(n1).toBe(lib.normal(scalarKey(root, 'normal'), 1, { mean: -0, offset: 1 })[0]);
    expect(n0).toBe(lib.normal(scalarKey(root, 'normal'), 1, { offset: 0 })[0]);
  });

  it('a bad option in a scalar draw is refused even when a buffer is full (NaN, Infinity are not the same option)', () => {
    const g = generator(root);
    expect(typeof g.normal({ std: 2 })).toBe('number');
    g.normal({ mean: 1e308 });
    expect(() => g.normal({ mean: NaN })).toThrow(/mean must be finite/);
    expect(() => g.normal({ mean: Infinity })).toThrow(/mean must be finite/);
    // nothing was consumed by the refused draws
    expect(g.state.scalar.normal).toBe(2);
  });

  it('state round-trips through JSON mid-buffer, and the copy continues the same sequence', () => {
    const g = generator(99, { backend: 'cpu' });
    g.random();
    g.normal(5);
    g.gamma({ alpha: 3 });
    g.spawn(2);
    const h = Generator.fromState(JSON.parse(JSON.stringify(g.state)));
    expect(h.state).toEqual(g.state);
    for (let i = 0; i < 50; i++) expect(h.random()).toBe(g.random());
    same(h.normal(9), g.normal(9));
    expect(h.gamma({ alpha: 3 })).toBe(g.gamma({ alpha: 3 }));
    expect(h.spawn(1)[0].random()).toBe(g.spawn(1)[0].random());
    expect(generator.fromState).toBe(Generator.fromState);
  });

  it('fromState refuses malformed state, naming the field', () => {
    const good = generator(1).state;
    expect(() => Generator.fromState(null as never)).toThrow(TypeError);
    expect(() => Generator.fromState({ ...good, key: [1] as never })).toThrow(/state\.key/);
    expect(() => Generator.fromState({ ...good, bulk: { normal: -1 } })).toThrow(/state\.bulk\.normal/);
    expect(() => Generator.fromState({ ...good, scalar: { uniform: 0.5 } })).toThrow(/state\.scalar\.uniform/);
    expect(() => Generator.fromState({ ...good, scalar: { nosuch: 1 } })).toThrow(/state\.scalar\.nosuch/);
    expect(() => Generator.fromState({ ...good, spawned: '1' as never })).toThrow(/state\.spawned/);
    expect(() => Generator.fromState({ ...good, extra: 1 } as never)).toThrow(/extra/);
  });

  it('children: foldIn(spawn key, c); each spawn call gives new ones; split is spawn', () => {
    const g = generator(5);
    const [a, b] = g.spawn(2);
    const [c] = g.split(1);
    expect(a.key).toEqual(foldIn(spawnKey(key(5)), 0));
    expect(b.key).toEqual(foldIn(spawnKey(key(5)), 1));
    expect(c.key).toEqual(foldIn(spawnKey(key(5)), 2));
    expect(new Set([a, b, c].map((x) => x.random())).size).toBe(3);
    expect(g.state.spawned).toBe(3);
  });

  it('methods never share randomness: consecutive calls and different methods are uncorrelated', () => {
    const corr = (x: ArrayLike<number>, y: ArrayLike<number>) => {
      const n = x.length;
      let mx = 0, my = 0;
      for (let i = 0; i < n; i++) { mx += x[i] / n; my += y[i] / n; }
      let sxy = 0, sxx = 0, syy = 0;
      for (let i = 0; i < n; i++) {
        sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) ** 2; syy += (y[i] - my) ** 2;
      }
      return sxy / Math.sqrt(sxx * syy);
    };
    const n = 100_000;
    // the functional API with one key reused: strongly correlated (the reason the Generator exists)
    expect(corr(lib.uniform(root, n), lib.exponential(root, n))).toBeLessThan(-0.8);
    const g = generator(root);
    const bound = 5 / Math.sqrt(n);
    expect(Math.abs(corr(g.uniform(n), g.exponential(n)))).toBeLessThan(bound);
    expect(Math.abs(corr(g.uniform(n), g.uniform(n)))).toBeLessThan(bound);
    expect(Math.abs(corr(g.normal(n), g.lognormal(n)))).toBeLessThan(bound);
    const u = Float64Array.from({ length: n }, () => g.random());
    const e = Float64Array.from({ length: n }, () => g.exponential());
    expect(Math.abs(corr(u, e))).toBeLessThan(bound);
  });

  it('method ids (FNV-1a of the name) are distinct and fixed', () => {
    const ids = [...SAMPLERS.map((s) => s.name), 'categorical', 'permutation', 'shuffle', 'sampleWithoutReplacement'].map(methodId);
    expect(new Set(ids).size).toBe(ids.length);
    // published in docs/streams.md, "Generator": a change here is a stream change
    expect(methodId('uniform')).toBe(0xde375a53);
    expect(methodId('normal')).toBe(0xe68b9c52);
    // FNV-1a's published test vectors
    expect(methodId('')).toBe(0x811c9dc5);
    expect(methodId('a')).toBe(0xe40c292c);
    expect(methodId('foobar')).toBe(0xbf9cf968);
  });

  it('refuses bad seeds, options and arguments, naming them; refused calls consume nothing', async () => {
    expect(() => generator(-1)).toThrow(/seed/);
    expect(() => generator(1.5)).toThrow(/seed/);
    expect(() => generator('x' as never)).toThrow(/seed/);
    expect(() => generator(1, { backend: 'gpu' as never })).toThrow(/backend/);
    expect(() => generator(1, { seed: 2 } as never)).toThrow(/unknown option 'seed'/);
    const g = generator(1);
    expect(() => g.normal(3, { offset: 1 } as never)).toThrow(/offset is set by the generator/);
    expect(() => g.normal({ out: new Float64Array(1) } as never)).toThrow(/'out'/);
    expect(() => g.normal({ dtype: 'float32' } as never)).toThrow(/'dtype'/);
    expect(() => g.normal({ loc: 1 } as never)).toThrow(/unknown option 'loc' \(here: mean\)/);
    expect(() => g.gamma({ alpha: new Float64Array(1) } as never)).toThrow(/alpha must be a number for a single draw/);
    expect(() => g.normal(-1)).toThrow(/n/);
    expect(() => g.gamma(3, { alpha: -1 })).toThrow(/alpha/);
    await expect(g.normalAsync(3, { offset: 1 } as never)).rejects.toThrow(/offset/);
    expect(g.state.bulk.normal ?? 0).toBe(0);
    expect(g.state.scalar.normal ?? 0).toBe(0);
  });

  it('random(n) is numpy\'s random(size): the bulk uniform call; anything else names the right call', () => {
    const g = generator(7);
    const h = generator(7);
    same(g.random(1000), h.uniform(1000));
    same(g.random(5), h.uniform(5));
    expect(g.state).toEqual(h.state);
    expect(g.random()).toBe(h.uniform());
    expect(() => g.random(3, { low: 1 } as never)).toThrow(/g\.random\(\) takes at most a count n.*g\.uniform\(n, \{ low, high/);
    expect(() => g.random('3' as never)).toThrow(TypeError);
    expect(() => g.random(2.5)).toThrow(/n must be an integer/);
    expect(g.state).toEqual(h.state);
  });

  it('numpy-shaped positional calls are refused with the call this API takes; refused calls consume nothing', async () => {
    const g = generator(1);
    // numpy's normal(loc, scale), uniform(low, high), integers(low, high), binomial(n, p)
    expect(() => g.normal(0, 1 as never)).toThrow(TypeError);
    expect(() => g.normal(0, 1 as never)).toThrow(/g\.normal\(0, 1\): options must be an object, got 1; g\.normal\(\{ mean: …, std: … \}\) draws one value, g\.normal\(n, \{ mean: …, std: … \}\) n values/);
    expect(() => g.uniform(0, 1 as never)).toThrow(/g\.uniform\(\{ low: …, high: … \}\)/);
    expect(() => g.integers(0, 10 as never)).toThrow(/g\.integers\(n, \{ low: …, high: … \}\)/);
    expect(() => g.binomial(10, 0.5 as never)).toThrow(/g\.binomial\(\{ count: …, p: … \}\)/);
    await expect(g.normalAsync(0, 1 as never)).rejects.toThrow(/options must be an object.*g\.normal\(\{ mean/);
    // numpy's gamma(2), poisson(5), integers(10): one draw with that parameter; here the number is n and
    // the required parameter is missing
    expect(() => g.gamma(2)).toThrow(/g\.gamma\(2\) needs alpha: g\.gamma\(\{ alpha: …, scale: … \}\) draws one value/);
    expect(() => g.gamma()).toThrow(/g\.gamma\(\) needs alpha/);
    expect(() => g.poisson(5)).toThrow(/g\.poisson\(5\) needs lam/);
    expect(() => g.integers(10)).toThrow(/g\.integers\(10\) needs high/);
    await expect(g.gammaAsync(2)).rejects.toThrow(/needs alpha/);
    // numpy's exponential(2.5) (a scale): not a count
    expect(() => g.exponential(2.5)).toThrow(RangeError);
    expect(() => g.exponential(2.5)).toThrow(/n must be an integer in \[0, 2\^32-1\], got 2\.5: g\.exponential's first number is how many values to draw; g\.exponential\(\{ rate: … \}\) draws one value/);
    await expect(g.exponentialAsync(-1)).rejects.toThrow(/n must be an integer/);
    expect(g.state).toEqual(generator(1).state);
    // the calls that are meant keep working: the first number is the count
    expect(g.exponential(2)).toHaveLength(2);
    expect(g.gamma(2, { alpha: 3 })).toHaveLength(2);
    expect(typeof g.gamma({ alpha: 3 })).toBe('number');
  });

  it('generator() without a seed draws one from the OS entropy and shows it in g.seed to reproduce the run', () => {
    const a = generator();
    const b = generator(undefined, { backend: 'cpu' });
    expect(typeof a.seed).toBe('bigint');
    expect(a.seed).not.toBe(b.seed);
    expect(a.seed! >= 0n && a.seed! < 2n ** 64n).toBe(true);
    expect(a.key).toEqual(key(a.seed!));
    const again = generator(a.seed);
    same(again.normal(100), a.normal(100));
    expect(again.random()).toBe(a.random());
    expect(b.state.backend).toBe('cpu');
    // the seed given is the seed shown; keys, states and children have none
    expect(generator(7).seed).toBe(7);
    expect(generator(2n ** 63n).seed).toBe(2n ** 63n);
    expect(generator(key(7)).seed).toBeUndefined();
    expect(Generator.fromState(generator(7).state).seed).toBeUndefined();
    expect(generator(7).spawn(1)[0].seed).toBeUndefined();
  });

  it('a seed given as a string says what to pass instead', () => {
    expect(() => generator('42' as never)).toThrow(TypeError);
    expect(() => generator('42' as never)).toThrow(/seed must be an integer .* or a key from key\(\), got string "42" \(pass generator\(42\), not the string\)/);
    expect(() => generator('18446744073709551615' as never)).toThrow(/pass generator\(18446744073709551615n\)/);
    expect(() => generator('hello' as never)).toThrow(/got string "hello"$/);
    expect(() => generator(null as never)).toThrow(/seed must be an integer .* got null/);
    expect(() => generator([1, 2, 3] as never)).toThrow(/seed must have 2 words/);
  });

  it('the generator backend is used by every call, and a call may name another (same bits)', () => {
    const g = generator(3, { backend: 'cpu' });
    const h = generator(3);
    same(g.normal(100), h.normal(100, { backend: 'cpu' }));
    expect(g.state.backend).toBe('cpu');
  });
});
