import { afterAll, describe, expect, it } from 'vitest';
import chi2gof from '@stdlib/stats-chi2gof';
import {
  AliasTable, DeviceArray, categorical, categoricalAsync, categoricalMethod, generator, key, uniform, shutdownPool, type Key,
} from 'cuda-random';
import { checkWeights, fixedPoint } from '../lib/alias/fixed-point.js';
import { cudaProbe } from '../lib/backend/cuda/backend.js';
import { bigUnits, refCdfItem } from './alias-ref.js';

afterAll(() => shutdownPool());

const k = key(777);
const unif = (seed: number, n: number) => uniform(key(seed), n) as Float64Array;
const powerLaw = (seed: number, n: number) => {
  const u = unif(seed, n);
  return Float64Array.from({ length: n }, (_, i) => 1 / (1 + Math.floor(u[i] * n)));
};

function fixedProbs(w: ArrayLike<number>): Float64Array {
  const fp = fixedPoint(checkWeights(w as Float64Array));
  return Float64Array.from(fp.hi, (h, i) => (h + fp.lo[i] / 2 ** 32) / fp.n);
}

function chiP(samples: Uint32Array, probs: Float64Array): number {
  const counts = new Float64Array(probs.length);
  for (const s of samples) counts[s]++;
  const obs: number[] = [];
  const exp: number[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < probs.length; i++) {
    if (probs[i] === 0) {
      expect(counts[i]).toBe(0);
      continue;
    }
    o += counts[i];
    e += probs[i] * samples.length;
    if (e >= 20) {
      obs.push(o);
      exp.push(e);
      o = e = 0;
    }
  }
  if (e > 0) {
    obs[obs.length - 1] += o;
    exp[exp.length - 1] += e;
  }
  const tot = exp.reduce((a, b) => a + b, 0);
  return chi2gof(obs, exp.map((x) => x / tot)).pValue as number;
}

describe('categorical', () => {
  it("'auto' picks by the documented rule 4·n ≥ N + 8192", () => {
    expect(categoricalMethod(10, 2047)).toBe('cdf');
    expect(categoricalMethod(10, 2051)).toBe('alias');
    expect(categoricalMethod(1_000_000, 251_000)).toBe('cdf');
    expect(categoricalMethod(1_000_000, 252_048)).toBe('alias');
    const w = unif(1, 100);
    expect(Array.from(categorical(k, w, 100))).toEqual(Array.from(categorical(k, w, 100, { method: 'cdf' })));
    expect(Array.from(categorical(k, w, 3000))).toEqual(Array.from(categorical(k, w, 3000, { method: 'alias' })));
  });

  it("'alias' is AliasTable.sample of the same weights (psa, or psa+ with table: 'psa+')", () => {
    const w = powerLaw(2, 5000);
    for (const table of ['psa', 'psa+'] as const) {
      const t = AliasTable.build(w, { method: table });
      for (const offset of [0, 5, 2 ** 40 + 1]) {
        const a = categorical(k, w, 999, { method: 'alias', table, offset });
        expect(Array.from(a)).toEqual(Array.from(t.sample(k, 999, { offset })));
      }
    }
  });

  it("'cdf' is max { i : P_i ≤ r·2^32 + y } with the shared (row, coin) pairs", () => {
    const w = [0, 3, 0, 0, 1e-20, 7, 0.5, 0, 2];
    const fp = fixedPoint(checkWeights(w));
    const W = bigUnits(fp.hi, fp.lo);
    for (const offset of [0, 1, 2 ** 33 - 1, 2n ** 62n]) {
      const s = categorical(k, w, 40, { method: 'cdf', offset });
      for (let i = 0; i < 40; i++) expect(s[i]).toBe(refCdfItem(k, BigInt(offset) + BigInt(i), W));
    }
  });

  it('the two methods draw different samples from the same distribution', () => {
    const w = powerLaw(3, 10_000);
    const a = categorical(k, w, 1_000_000, { method: 'alias' });
    const c = categorical(k, w, 1_000_000, { method: 'cdf' });
    let same = 0;
    for (let i = 0; i < a.length; i++) same += a[i] === c[i] ? 1 : 0;
    expect(same).toBeLessThan(100_000);
    const p = fixedProbs(w);
    expect(chiP(a, p)).toBeGreaterThan(1e-3);
    expect(chiP(c, p)).toBeGreaterThan(1e-3);
  });

  it('cdf never draws zero-weight items and fits uniform random weights with zeros', () => {
    const u = unif(4, 2000);
    const w = u.map((v, i) => (i % 4 === 1 || v < 0.2 ? 0 : v));
    const s = categorical(k, w, 1_000_000, { method: 'cdf' });
    expect(chiP(s, fixedProbs(w))).toBeGreaterThan(1e-3);
  });

  it('N = 1, and a single non-zero weight, always give that item (both methods)', () => {
    for (const method of ['alias', 'cdf'] as const) {
      expect(Array.from(categorical(k, [2], 50, { method }))).toEqual(new Array(50).fill(0));
      expect(Array.from(categorical(k, Float32Array.of(0, 0, 1e-30, 0), 50, { method }))).toEqual(new Array(50).fill(2));
    }
  });

  it('with a fixed method, chunks and offsets continue one stream; out is filled and returned', () => {
    const w = unif(5, 321);
    for (const method of ['alias', 'cdf'] as const) {
      const whole = categorical(k, w, 3001, { method, offset: 1 });
      const parts = [[0, 1000], [1000, 1], [1001, 2000]].map(([o, n]) => categorical(k, w, n, { method, offset: 1 + o }));
      expect(Array.from(whole)).toEqual(parts.flatMap((p) => Array.from(p)));
      const out = new Uint32Array(3005);
      expect(categorical(k, w, 3001, { method, offset: 1, out })).toBe(out);
      expect(Array.from(out.subarray(0, 3001))).toEqual(Array.from(whole));
    }
    expect(categorical(k, w, 0).length).toBe(0);
  });

  it('categoricalAsync equals categorical through the pool (n ≥ 2^17), both methods', async () => {
    const w = powerLaw(6, 70_000);
    const n = (1 << 17) + 5;
    for (const method of ['alias', 'cdf'] as const) {
      const a = categorical(k, w, n, { method, offset: 3 });
      const b = await categoricalAsync(k, w, n, { method, offset: 3 });
      expect(Buffer.from(b.buffer).equals(Buffer.from(a.buffer))).toBe(true);
    }
    const auto = await categoricalAsync(k, w, n);
    expect(Array.from(auto.subarray(0, 1000))).toEqual(Array.from(categorical(k, w, n).subarray(0, 1000)));
  });

  it('categoricalAsync calls in flight together keep their own prefix sums (inline below the pool, shared above)', async () => {
    // Small async calls run in the calling thread before their promises return, with the sync call's reused
    // temporary; a sync call and another async call made before they settle must not change their draws.
    const rows = [[0.1, 0.2, 0.3, 0.4], [5, 1, 1, 1, 1, 1], [1e-3, 2, 0.5], powerLaw(3, 64)];
    for (const n of [1, 7, (1 << 16) - 1, 1 << 16]) {
      const want = rows.map((w) => categorical(k, w, n, { method: 'cdf', offset: 11 }));
      const pending = rows.map((w) => categoricalAsync(k, w, n, { method: 'cdf', offset: 11 }));
      categorical(k, [1, 1e9], n, { method: 'cdf' });
      const got = await Promise.all(pending);
      got.forEach((g, i) => expect(Buffer.from(g.buffer).equals(Buffer.from(want[i].buffer)), `row ${i}, n ${n}`).toBe(true));
    }
  });

  it('validates every argument (and the async twin rejects)', async () => {
    const w = [1, 2];
    expect(() => categorical([1, 2, 3] as unknown as Key, w, 1)).toThrow(RangeError);
    expect(() => categorical(k, [] as number[], 1)).toThrow(/empty/);
    expect(() => categorical(k, [1, NaN], 1)).toThrow(/weights\[1\]/);
    expect(() => categorical(k, [0, 0], 1)).toThrow(RangeError);
    expect(() => categorical(k, {} as number[], 1)).toThrow(TypeError);
    expect(() => categorical(k, w, -1)).toThrow(RangeError);
    expect(() => categorical(k, w, 1, { method: 'vose' as 'cdf' })).toThrow(/method/);
    expect(() => categorical(k, w, 1, { table: 'x' as 'psa' })).toThrow(/table/);
    expect(() => categorical(k, w, 3, { out: new Uint32Array(2) })).toThrow(RangeError);
    expect(() => categorical(k, w, 3, { out: [] as unknown as Uint32Array })).toThrow(TypeError);
    expect(() => categorical(k, w, 3, { offset: 1.5 })).toThrow(RangeError);
    if (cudaProbe().backend) expect(categorical(k, w, 3, { backend: 'cuda' })).toEqual(categorical(k, w, 3, { backend: 'cpu' }));
    else expect(() => categorical(k, w, 3, { backend: 'cuda' })).toThrow(Error);
    await expect(categoricalAsync(k, [-1], 3)).rejects.toThrow(/weights\[0\]/);
    await expect(categoricalAsync(k, w, 3, { method: 1 as unknown as 'cdf' })).rejects.toThrow(TypeError);
  });
});

describe('categorical { strict: true }: weights that are probabilities (numpy choice\'s p check)', () => {
  const k = key(31);
  it('accepts weights summing to 1 within √ε and gives the same draws as without strict', () => {
    const p = [0.1, 0.2, 0.3, 0.4];
    expect(Array.from(categorical(k, p, 50, { strict: true }))).toEqual(Array.from(categorical(k, p, 50)));
    expect(() => categorical(k, [0.5, 0.5 + 1e-9], 3, { strict: true })).not.toThrow();
    expect(() => categorical(k, Float32Array.of(0.1, 0.2, 0.7), 3, { strict: true })).not.toThrow();
  });
  it('refuses other sums with a RangeError that says how to proceed; the default still normalises', () => {
    expect(() => categorical(k, [1, 2, 3], 3, { strict: true })).toThrow(/weights must sum to 1 .* got a sum of 6; without strict/);
    expect(() => categorical(k, [0.5, 0.5 + 1e-7], 3, { strict: true })).toThrow(RangeError);
    expect(categorical(k, [1, 2, 3], 3).length).toBe(3);
    expect(() => categorical(k, [0.5, 0.5], 3, { strict: 'yes' as never })).toThrow(/strict must be true or false/);
  });
  it('the async twin, DeviceArray weights and the Generator check the same way', async () => {
    await expect(categoricalAsync(k, [1, 1], 3, { strict: true })).rejects.toThrow(/sum to 1/);
    const dw = DeviceArray.from(Float64Array.of(0.25, 0.25));
    expect(() => categorical(k, dw, 3, { strict: true })).toThrow(/got a sum of 0.5/);
    await expect(categoricalAsync(k, dw, 3, { strict: true })).rejects.toThrow(/got a sum of 0.5/);
    const ok = DeviceArray.from(Float64Array.of(0.25, 0.75));
    expect(Array.from(categorical(k, ok, 9, { strict: true }) as Uint32Array)).toEqual(Array.from(categorical(k, [0.25, 0.75], 9)));
    const g = generator(5);
    expect(() => g.categorical([2, 2], { strict: true })).toThrow(/sum to 1/);
    expect(() => g.categorical([0.5, 0.5], 4, { strict: true })).not.toThrow();
  });
});
