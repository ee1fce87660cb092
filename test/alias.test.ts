import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import chi2gof from '@stdlib/stats-chi2gof';
import { AliasTable, categorical, key, split, uniform, shutdownPool, type Key } from 'cuda-random';
import { checkWeights, fixedPoint, totalUnits } from '../lib/alias/fixed-point.js';
import { buildRows, PLUS_GROUP } from '../lib/alias/psa.js';
import { aliasSample } from '../lib/kernels/alias.js';
import { cudaProbe } from '../lib/backend/cuda/backend.js';
import {
  bigUnits, exactScaled, refAliasItem, refPsa, refPsaPlus, rowsToArray,
} from './alias-ref.js';

afterAll(() => shutdownPool());

const gpu = cudaProbe().backend !== null;

const T = (n: number) => BigInt(n) << 32n;

/** Deterministic weight families (uniforms from the library itself under fixed keys). */
function unif(seed: number, n: number): Float64Array {
  return uniform(key(seed), n) as Float64Array;
}
function shuffled(seed: number, w: Float64Array): Float64Array {
  const u = unif(seed + 1000, w.length);
  const out = w.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(u[i] * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
function powerLaw(seed: number, n: number, exponent: number): Float64Array {
  return shuffled(seed, Float64Array.from({ length: n }, (_, i) => (i + 1) ** -exponent));
}
function withZeros(seed: number, n: number): Float64Array {
  const u = unif(seed, n);
  return u.map((v, i) => (i % 3 === 0 || v < 0.3 ? 0 : v));
}
function extremes(seed: number, n: number): Float64Array {
  // 10^-30 … 10^30, log-uniform.
  return unif(seed, n).map((v) => 10 ** (60 * v - 30));
}

/** Aggregates consecutive positive-probability items to expected ≥ 20 and returns the χ² p-value. */
function chiSquareP(counts: Float64Array, probs: Float64Array, draws: number): number {
  const obs: number[] = [];
  const exp: number[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < probs.length; i++) {
    if (probs[i] === 0) continue;
    o += counts[i];
    e += probs[i] * draws;
    if (e >= 20) {
      obs.push(o);
      exp.push(e);
      o = 0;
      e = 0;
    }
  }
  if (e > 0) {
    if (exp.length === 0) {
      obs.push(o);
      exp.push(e);
    } else {
      obs[obs.length - 1] += o;
      exp[exp.length - 1] += e;
    }
  }
  if (exp.length < 2) return 1;
  const total = exp.reduce((a, b) => a + b, 0);
  return chi2gof(obs, exp.map((x) => x / total)).pValue as number;
}

describe('fixed-point weights', () => {
  const cases: [string, Float64Array | Float32Array | number[]][] = [
    ['uniform random', unif(1, 1000)],
    ['power law 1', powerLaw(2, 5000, 1)],
    ['power law 0.5', powerLaw(3, 5000, 0.5)],
    ['many zeros', withZeros(4, 3000)],
    ['single non-zero', [0, 0, 0, 7.5, 0]],
    ['one item', [3]],
    ['1e-30 … 1e30', extremes(5, 2000)],
    ['float32 input', Float32Array.from(unif(6, 777))],
    ['huge (sum overflows binary64)', [1.7e308, 1.7e308, 1e308, 0, 5]],
    ['subnormals only', [5e-324, 1e-323, 0, 2.5e-322]],
    ['equal weights', new Array(1000).fill(0.1)],
    // T ≥ 2^53: float rounding leaves Δ outside [0, K] (here Δ − Δ⁺ = −3), so the absorbing item is used.
    ['two weights among 2^22 + 1 items', (() => {
      const u = uniform(key(7), 4);
      const w = new Float64Array(2 ** 22 + 1);
      w[Math.floor(u[0] * w.length)] = u[1] * 1000;
      w[Math.floor(u[2] * w.length)] = u[3];
      return w;
    })()],
  ];

  it.each(cases)('%s: sums to N·2^32, zero ⟺ 0 units, positive ⟹ ≥ 1 unit', (_, w) => {
    const fp = fixedPoint(checkWeights(w));
    expect(totalUnits(fp)).toBe(T(w.length));
    const bad: number[] = [];
    for (let i = 0; i < w.length; i++) {
      const zero = fp.hi[i] === 0 && fp.lo[i] === 0;
      if ((w[i] === 0) !== zero) bad.push(i);
    }
    expect(bad).toEqual([]);
  });

  it.each(cases)('%s: every unit count is within the documented bound of the exact share', (_, w) => {
    const fp = fixedPoint(checkWeights(w));
    const W = bigUnits(fp.hi, fp.lo);
    const n = w.length;
    const x = Array.from(w, exactScaled);
    const S = x.reduce((a, b) => a + b, 0n);
    const Tn = T(n);
    // q*_i = T·x_i/S. Items whose exact share is below one unit get exactly one unit.
    const m = x.filter((v) => v > 0n && Tn * v < S).length;
    let worst = -1;
    let worstErr = 0;
    for (let i = 0; i < n; i++) {
      if (x[i] === 0n) continue;
      const num = W[i] * S - Tn * x[i]; // (W − q*)·S
      const abs = num < 0n ? -num : num;
      if (Tn * x[i] < S) {
        expect(W[i]).toBe(1n);
        continue;
      }
      // |W − q*| < 1 + (m/T + 2^-50)·q*, except the absorbing item (checked below).
      const bound = S + (Tn * x[i] * (BigInt(m) * (1n << 50n) + Tn)) / (Tn << 50n);
      if (abs >= bound) {
        const err = Number(abs) / Number(S);
        if (err > worstErr) {
          worstErr = err;
          worst = i;
        }
      }
    }
    if (worst >= 0) {
      // Only one item may exceed it, by at most 5·2^-53·T + 2 units.
      expect(worstErr).toBeLessThan(5 * 2 ** -53 * Number(Tn) + 2 + 1);
      let others = 0;
      for (let i = 0; i < n; i++) {
        if (i === worst || x[i] === 0n || Tn * x[i] < S) continue;
        const num = W[i] * S - Tn * x[i];
        const abs = num < 0n ? -num : num;
        if (abs >= S + (Tn * x[i] * (BigInt(m) * (1n << 50n) + Tn)) / (Tn << 50n)) others++;
      }
      expect(others).toBe(0);
    }
  });

  it('tiny positive weights get exactly one unit, the rest is renormalised', () => {
    const w = [1e30, 1e-30, 0, 1e-300, 5e-324, 2e30];
    const fp = fixedPoint(checkWeights(w));
    const W = bigUnits(fp.hi, fp.lo);
    expect(W.slice(1, 5)).toEqual([1n, 0n, 1n, 1n]);
    expect(W[0] + W[5]).toBe(T(6) - 3n);
    // 1 : 2 to within a unit.
    const d = 2n * W[0] - W[5];
    expect(d >= -2n && d <= 2n).toBe(true);
  });

  it('does not depend on the order of the weights (up to remainder ties)', () => {
    const w = extremes(7, 3000);
    const perm = shuffled(8, Float64Array.from({ length: w.length }, (_, i) => i));
    const pw = Float64Array.from(perm, (j) => w[j]);
    const fa = fixedPoint(w);
    const fb = fixedPoint(pw);
    const a = bigUnits(fa.hi, fa.lo);
    const b = bigUnits(fb.hi, fb.lo);
    for (let i = 0; i < w.length; i++) expect(b[i]).toBe(a[perm[i]]);
  });

  it('is exact for dyadic shares: weights 1, 1, 2 over N = 4 with a zero', () => {
    const fp = fixedPoint(checkWeights([1, 1, 2, 0]));
    expect(bigUnits(fp.hi, fp.lo)).toEqual([1n << 32n, 1n << 32n, 2n << 32n, 0n]);
  });
});

describe('PSA / PSA+ construction', () => {
  const fams: [string, Float64Array | number[]][] = [
    ['uniform random', unif(11, 5000)],
    ['power law 1', powerLaw(12, 5000, 1)],
    ['power law 0.5', powerLaw(13, 4000, 0.5)],
    ['many zeros', withZeros(14, 5000)],
    ['single non-zero', [0, 0, 1, 0, 0, 0, 0]],
    ['1e-30 … 1e30', extremes(15, 3000)],
    ['one heavy and many sub-unit items', [1, ...new Array(2500).fill(1e-40)]],
    ['equal weights', new Array(3000).fill(2)],
    ['N = 1', [0.25]],
  ];

  it.each(fams)('%s: PSA equals the sequential sweep, for every section size', (_, w) => {
    const fp = fixedPoint(checkWeights(w));
    const want = rowsToArray(refPsa(bigUnits(fp.hi, fp.lo)));
    for (const s of [1, 3, 64, 4096, 1 << 20]) {
      expect(Array.from(buildRows(fp.hi, fp.lo, 'psa', undefined, s))).toEqual(want);
    }
  });

  it.each(fams)('%s: PSA+ equals the grouped pre-pass then the sweep', (_, w) => {
    const fp = fixedPoint(checkWeights(w));
    const want = rowsToArray(refPsaPlus(bigUnits(fp.hi, fp.lo), PLUS_GROUP));
    expect(Array.from(buildRows(fp.hi, fp.lo, 'psa+', undefined, 7))).toEqual(want);
  });

  it.each(fams)('%s: both methods verify; probabilities() are exactly W_i / (N·2^32)', (_, w) => {
    for (const method of ['psa', 'psa+'] as const) {
      const t = AliasTable.build(w, { method });
      expect(t.verify()).toBe(true);
      const { hi, lo } = t.units();
      const p = t.probabilities();
      const n = w.length;
      for (let i = 0; i < n; i++) {
        expect(p[i]).toBe((hi[i] + lo[i] / 2 ** 32) / n);
        if (w[i] === 0) expect(p[i]).toBe(0);
        else expect(p[i]).toBeGreaterThan(0);
      }
      expect(totalUnits({ hi, lo })).toBe(T(n));
    }
  });

  it('building twice gives identical bytes; PSA and PSA+ may differ but carry the same weights', () => {
    const w = powerLaw(16, 20000, 1);
    const a = AliasTable.build(w).toBuffer();
    const b = AliasTable.build(w).toBuffer();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const p = AliasTable.build(w, { method: 'psa+' });
    expect(Buffer.from(p.toBuffer().subarray(32 + 8 * w.length)).equals(Buffer.from(a.subarray(32 + 8 * w.length)))).toBe(true);
    expect(Buffer.from(p.rows().buffer).equals(Buffer.from(AliasTable.build(w).rows().buffer))).toBe(false);
  });

  it('builds 10^6 weights per method within a generous time bound, and verifies', () => {
    const w = unif(17, 1_000_000);
    for (const method of ['psa', 'psa+'] as const) {
      const t0 = performance.now();
      const t = AliasTable.build(w, { method });
      const ms = performance.now() - t0;
      expect(t.size).toBe(1_000_000);
      expect(ms).toBeLessThan(3000); // generous: shared CI machines
      expect(t.verify()).toBe(true);
    }
  });
});

describe('serialization', () => {
  const w = withZeros(21, 300);
  const t = AliasTable.build(w, { method: 'psa+' });
  const buf = t.toBuffer();

  it('round-trips bit for bit (Uint8Array, ArrayBuffer, unaligned view)', () => {
    const back = AliasTable.fromBuffer(buf);
    expect(back.method).toBe('psa+');
    expect(back.size).toBe(300);
    expect(Array.from(back.rows())).toEqual(Array.from(t.rows()));
    expect(Buffer.from(back.toBuffer()).equals(Buffer.from(buf))).toBe(true);
    expect(AliasTable.fromBuffer(buf.slice().buffer).size).toBe(300);
    const shifted = new Uint8Array(buf.length + 1);
    shifted.set(buf, 1);
    expect(Array.from(AliasTable.fromBuffer(shifted.subarray(1)).rows())).toEqual(Array.from(t.rows()));
    expect(Array.from(back.sample(key(1), 100))).toEqual(Array.from(t.sample(key(1), 100)));
  });

  const corrupt = (f: (b: Uint8Array, dv: DataView) => Uint8Array | void) => {
    const b = buf.slice();
    const r = f(b, new DataView(b.buffer));
    return () => AliasTable.fromBuffer(r ?? b);
  };
  const rowAt = (r: number) => 32 + 8 * r;
  const rowsOf = t.rows();
  // A row whose bucket is shared (alias ≠ itself, threshold > 0) and one that is wholly aliased.
  let shared = -1;
  let empty = -1;
  for (let r = 0; r < 300; r++) {
    if (rowsOf[2 * r + 1] !== r && rowsOf[2 * r] > 0 && shared < 0) shared = r;
    if (rowsOf[2 * r + 1] !== r && rowsOf[2 * r] === 0 && empty < 0) empty = r;
  }
  it.each([
    ['wrong magic', corrupt((b) => { b[0] = 0x58; }), /magic/],
    ['unsupported version', corrupt((_, dv) => dv.setUint32(8, 2, true)), /version 2/],
    ['unknown method', corrupt((_, dv) => dv.setUint32(12, 7, true)), /method code 7/],
    ['zero items', corrupt((_, dv) => dv.setUint32(16, 0, true)), /item count 0/],
    ['wrong unit bits', corrupt((_, dv) => dv.setUint32(20, 16, true)), /unit bits/],
    ['wrong group size', corrupt((_, dv) => dv.setUint32(24, 512, true)), /group size/],
    ['reserved word set', corrupt((_, dv) => dv.setUint32(28, 1, true)), /reserved/],
    ['truncated', corrupt((b) => b.subarray(0, b.length - 4)), /length/],
    ['extended', corrupt((b) => { const c = new Uint8Array(b.length + 8); c.set(b); return c; }), /length/],
    ['header only', corrupt((b) => b.subarray(0, 20)), /header/],
    ['alias out of range', corrupt((_, dv) => dv.setUint32(rowAt(5) + 4, 300, true)), /alias 300/],
    ['threshold changed', corrupt((_, dv) => dv.setUint32(rowAt(shared), dv.getUint32(rowAt(shared), true) ^ 1, true)), /units/],
    ['alias redirected', corrupt((_, dv) => {
      const a = dv.getUint32(rowAt(empty) + 4, true);
      dv.setUint32(rowAt(empty) + 4, a === 299 ? 298 : a + 1, true);
    }), /units|full bucket/],
    ['weight changed', corrupt((_, dv) => dv.setUint32(rowAt(300) + 8, 1, true)), /total|units/],
    ['weights moved but consistent in total', corrupt((_, dv) => {
      // Move one unit from item 1 to item 2 in W only: the rows no longer match.
      const o1 = 32 + 8 * 300 + 8 * 1;
      const o2 = 32 + 8 * 300 + 8 * 2;
      dv.setUint32(o1, dv.getUint32(o1, true) - 1, true);
      dv.setUint32(o2, dv.getUint32(o2, true) + 1, true);
    }), /units/],
  ])('rejects %s', (_, f, msg) => {
    expect(f).toThrow(RangeError);
    expect(f).toThrow(msg);
  });

  it('rejects a self-aliased row with a non-zero threshold', () => {
    const one = AliasTable.build([1, 1]);
    const b = one.toBuffer();
    const dv = new DataView(b.buffer);
    expect(dv.getUint32(36, true)).toBe(0); // row 0 is full: (0, 0)
    dv.setUint32(32, 5, true);
    expect(() => AliasTable.fromBuffer(b)).toThrow(/full bucket/);
  });

  it('rejects rows that encode the weights but are not the PSA table', () => {
    // Shares 1/2, 1/2, 3/2, 3/2 buckets (exact): rows 0 → (2^31, 2), 1 → (2^31, 3), 2 and 3 full.
    // Swapping the two aliases keeps every item's units; only the rebuild comparison sees it.
    const b = AliasTable.build([1, 1, 3, 3]).toBuffer();
    const dv = new DataView(b.buffer);
    const rows = Array.from({ length: 8 }, (_, i) => dv.getUint32(32 + 4 * i, true));
    expect(rows).toEqual([2 ** 31, 2, 2 ** 31, 3, 0, 2, 0, 3]);
    dv.setUint32(36, 3, true);
    dv.setUint32(44, 2, true);
    expect(() => AliasTable.fromBuffer(b)).toThrow(/row 0 differs from the psa construction/);
  });

  it('rejects non-buffers', () => {
    expect(() => AliasTable.fromBuffer('CRALIAS' as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => AliasTable.fromBuffer([1, 2, 3] as unknown as Uint8Array)).toThrow(TypeError);
  });
});

describe('sampling', () => {
  const k = key(20260501);

  it('matches the per-element rule of docs/alias.md, any offset (odd, > 2^32, bigint)', () => {
    const w = powerLaw(31, 1000, 1);
    const t = AliasTable.build(w);
    const rows = t.rows();
    for (const off of [0, 1, 2, 7, 2 ** 32 - 3, 2 ** 33 + 1, 2 ** 53 - 5, 2n ** 62n + 11n]) {
      const s = t.sample(k, 9, { offset: off });
      for (let i = 0; i < 9; i++) expect(s[i]).toBe(refAliasItem(k, BigInt(off) + BigInt(i), rows, 1000));
    }
  });

  it('rejected row words go to the per-element retry blocks (N close to 2^31)', () => {
    // A virtual table of N = 2^31 + 1 rows (rejection ≈ 1/2): thresholds and aliases from a formula.
    const N = 2 ** 31 + 1;
    const rows = new Proxy({} as Record<string, number>, {
      get: (_, p) => {
        const i = Number(p);
        return i % 2 === 0 ? ((i * 2654435761) >>> 0) : (i * 7) % N;
      },
    }) as unknown as Uint32Array;
    const out = new Uint32Array(41);
    aliasSample(k[0], k[1], 5, 1, rows, N, out); // first element 2^32 + 5
    for (let i = 0; i < out.length; i++) {
      expect(out[i]).toBe(refAliasItem(k, (1n << 32n) + 5n + BigInt(i), rows, N));
    }
  });

  it('does not depend on chunking or offset', () => {
    const t = AliasTable.build(unif(32, 777));
    // The whole starts on an even element, the parts on odd ones (and vice versa).
    for (const base of [2, 3]) {
      const whole = t.sample(k, 5001, { offset: base });
      const parts = [[0, 1], [1, 1000], [1001, 2], [1003, 3998]].map(([o, n]) => t.sample(k, n, { offset: base + o }));
      expect(Array.from(whole)).toEqual(parts.flatMap((p) => Array.from(p)));
    }
    const whole = t.sample(k, 5001, { offset: 3 });
    const out = new Uint32Array(6000).fill(123456);
    expect(t.sample(k, 5001, { offset: 3, out })).toBe(out);
    expect(Array.from(out.subarray(0, 5001))).toEqual(Array.from(whole));
    expect(out[5001]).toBe(123456);
  });

  it('counts equal the histogram of sample, with offsets and accumulate', () => {
    const t = AliasTable.build(withZeros(33, 500));
    for (const [n, off] of [[0, 0], [1, 0], [70001, 5], [200000, 2 ** 40]] as const) {
      const s = t.sample(k, n, { offset: off });
      const h = new Float64Array(500);
      for (const v of s) h[v]++;
      expect(Array.from(t.counts(k, n, { offset: off }))).toEqual(Array.from(h));
    }
    const acc = t.counts(k, 1000);
    t.counts(k, 1000, { offset: 1000, out: acc, accumulate: true });
    expect(Array.from(acc)).toEqual(Array.from(t.counts(k, 2000)));
    const out = new Float64Array(500).fill(9);
    expect(t.counts(k, 10, { out })).toBe(out);
    expect(out.reduce((a, b) => a + b, 0)).toBe(10);
  });

  const gof: [string, Float64Array | number[], number][] = [
    ['uniform random weights, N = 1000', unif(41, 1000), 400_000],
    ['shuffled power law 1, N = 10^4', powerLaw(42, 10_000, 1), 1_000_000],
    ['shuffled power law 0.5, N = 10^4', powerLaw(43, 10_000, 0.5), 1_000_000],
    ['many exact zeros, N = 3000', withZeros(44, 3000), 500_000],
    ['weights 1e-30 … 1e30, N = 2000', extremes(45, 2000), 400_000],
    ['N = 2', [1, 3], 100_000],
    ['N = 3 (non-power of two)', [0.2, 0.5, 0.3], 100_000],
    ['uniform random weights, N = 10^6', unif(46, 1_000_000), 2_000_000],
  ];

  it.each(gof)('χ² goodness of fit: %s (PSA and PSA+)', (_, w, draws) => {
    for (const method of ['psa', 'psa+'] as const) {
      const t = AliasTable.build(w, { method });
      const c = t.counts(split(k, 2)[method === 'psa' ? 0 : 1], draws);
      const p = t.probabilities();
      for (let i = 0; i < p.length; i++) if (p[i] === 0) expect(c[i]).toBe(0);
      expect(chiSquareP(c, p, draws)).toBeGreaterThan(1e-3);
    }
  });

  it('N = 1 and a single non-zero weight always give that item', () => {
    expect(Array.from(AliasTable.build([5]).sample(k, 100))).toEqual(new Array(100).fill(0));
    const c = AliasTable.build([0, 0, 0, 2e-300, 0]).counts(k, 100_000);
    expect(Array.from(c)).toEqual([0, 0, 0, 100_000, 0]);
  });

  it('never draws a zero-weight item in 10^7 draws', () => {
    // Alternating zero and tiny/huge weights: every zero-weight bucket's threshold is 0.
    const w = Float64Array.from({ length: 4096 }, (_, i) => (i % 2 ? 10 ** ((i % 61) - 30) : 0));
    for (const method of ['psa', 'psa+'] as const) {
      const c = AliasTable.build(w, { method }).counts(k, 10_000_000);
      for (let i = 0; i < w.length; i += 2) expect(c[i]).toBe(0);
    }
  });

  it('sample and counts work on a 2^32 − 1 stream index boundary', () => {
    const t = AliasTable.build([1, 2, 3]);
    const s = t.sample(k, 4, { offset: 2 ** 33 - 2 });
    expect(Array.from(s)).toEqual([0, 1, 2, 3].map((i) => refAliasItem(k, 2n ** 33n - 2n + BigInt(i), t.rows(), 3)));
  });
});

describe('async twins through the worker pool', () => {
  it('sampleAsync and countsAsync equal the synchronous results (n ≥ 2^17)', async () => {
    const t = AliasTable.build(powerLaw(51, 50_000, 0.5));
    const kk: Key = key(99);
    const n = (1 << 17) + 12345;
    const sync = t.sample(kk, n, { offset: 77 });
    const asy = await t.sampleAsync(kk, n, { offset: 77 });
    expect(Buffer.from(asy.buffer).equals(Buffer.from(sync.buffer))).toBe(true);
    const shared = new Uint32Array(new SharedArrayBuffer(4 * n));
    await t.sampleAsync(kk, n, { offset: 77, out: shared });
    expect(Buffer.from(shared.buffer).equals(Buffer.from(sync.buffer))).toBe(true);
    const big = 5_000_001;
    const c1 = t.counts(kk, big, { offset: 1 });
    const c2 = await t.countsAsync(kk, big, { offset: 1 });
    expect(Buffer.from(c2.buffer).equals(Buffer.from(c1.buffer))).toBe(true);
  });

  it('async variants reject (not throw) on bad input', async () => {
    const t = AliasTable.build([1, 2]);
    await expect(t.sampleAsync(key(1), -1)).rejects.toThrow(RangeError);
    await expect(t.countsAsync(key(1), 1.5)).rejects.toThrow(RangeError);
    await expect(t.countsAsync(key(1), 10, { out: new Float32Array(2) as unknown as Float64Array })).rejects.toThrow(TypeError);
  });
});

describe('bad inputs', () => {
  const bad = (f: () => unknown, type: ErrorConstructor, msg?: RegExp) => {
    expect(f).toThrow(type);
    if (msg) expect(f).toThrow(msg);
  };

  it('build validates weights and options', () => {
    bad(() => AliasTable.build(undefined as unknown as number[]), TypeError);
    bad(() => AliasTable.build('1,2' as unknown as number[]), TypeError);
    bad(() => AliasTable.build(new Int32Array(3) as unknown as number[]), TypeError);
    bad(() => AliasTable.build([1, '2' as unknown as number]), TypeError, /weights\[1\]/);
    bad(() => AliasTable.build([1, , 2]), TypeError, /weights\[1\]/); // eslint-disable-line no-sparse-arrays
    bad(() => AliasTable.build([]), RangeError, /empty/);
    bad(() => AliasTable.build(new Float32Array(0)), RangeError, /empty/);
    bad(() => AliasTable.build([1, 2, NaN, -1]), RangeError, /weights\[2\]/);
    bad(() => AliasTable.build([1, -1e-300]), RangeError, /weights\[1\]/);
    bad(() => AliasTable.build(Float64Array.of(1, 2, 3, Infinity)), RangeError, /weights\[3\]/);
    bad(() => AliasTable.build([-Infinity]), RangeError, /weights\[0\]/);
    bad(() => AliasTable.build([0, 0, -0]), RangeError, /all 3 are zero/);
    // An overridden length is not read (issue 27, item 9): the array's internal length, 1, counts. (The
    // 2^32-1 limit itself needs a 32 GiB array to reach.)
    const huge = new Float64Array(1);
    Object.defineProperty(huge, 'length', { value: 2 ** 32 });
    bad(() => AliasTable.build(huge), RangeError, /all 1 are zero/);
    bad(() => AliasTable.build([1], { method: 'vose' as 'psa' }), RangeError, /method/);
    bad(() => AliasTable.build([1], 'psa' as unknown as object), TypeError);
    bad(() => AliasTable.build([1], { backend: 'gpu' as 'cpu' }), RangeError, /backend/);
    // backend 'cuda' builds on a GPU (the same table) and throws, naming CUDA, without one
    if (gpu) expect(AliasTable.build([1, 2], { backend: 'cuda' }).toBuffer()).toEqual(AliasTable.build([1, 2], { backend: 'cpu' }).toBuffer());
    else expect(() => AliasTable.build([1], { backend: 'cuda' })).toThrow(/cuda/);
    expect(AliasTable.build([1, 2], { backend: 'cpu' }).size).toBe(2);
  });

  it('sample and counts validate key, n, offset, out', () => {
    const t = AliasTable.build([1, 2, 3]);
    bad(() => t.sample([1] as unknown as Key, 3), RangeError);
    bad(() => t.sample('k' as unknown as Key, 3), TypeError);
    bad(() => t.sample(key(1), -1), RangeError);
    bad(() => t.sample(key(1), 2 ** 32), RangeError);
    bad(() => t.sample(key(1), 1, { offset: -1 }), RangeError);
    bad(() => t.sample(key(1), 2, { offset: 2n ** 63n - 1n }), RangeError);
    bad(() => t.sample(key(1), 3, { out: new Uint32Array(2) }), RangeError);
    bad(() => t.sample(key(1), 3, { out: new Int32Array(3) as unknown as Uint32Array }), TypeError);
    if (gpu) expect(t.sample(key(1), 3, { backend: 'cuda' })).toEqual(t.sample(key(1), 3, { backend: 'cpu' }));
    else bad(() => t.sample(key(1), 3, { backend: 'cuda' }), Error);
    bad(() => t.counts(key(1), 3, { out: new Float64Array(2) }), RangeError);
    bad(() => t.counts(key(1), 3, { out: new Uint32Array(3) as unknown as Float64Array }), TypeError);
    bad(() => t.counts(key(1), 3, { accumulate: 1 as unknown as boolean }), TypeError);
    bad(() => t.counts(key(1), NaN), RangeError);
  });
});

describe('known-answer vectors (test/vectors/alias.json, also checked by cuda/test/test_alias.cpp)', () => {
  const v = JSON.parse(readFileSync(new URL('./vectors/alias.json', import.meta.url), 'utf8'));

  it('rebuilding from the recorded units reproduces the PSA and PSA+ rows', () => {
    for (const c of v.build) {
      const lo = Uint32Array.from(c.units.filter((_: number, i: number) => i % 2 === 0));
      const hi = Uint32Array.from(c.units.filter((_: number, i: number) => i % 2 === 1));
      expect(Array.from(buildRows(hi, lo, 'psa'))).toEqual(c.psa);
      expect(Array.from(buildRows(hi, lo, 'psa+'))).toEqual(c.psaPlus);
    }
  });

  it('sampling reproduces the recorded alias and CDF draws', () => {
    for (const c of v.sampling) {
      const units: number[] = v.build.find((b: { name: string }) => b.name === c.table).units;
      const lo = Uint32Array.from(units.filter((_, i) => i % 2 === 0));
      const hi = Uint32Array.from(units.filter((_, i) => i % 2 === 1));
      const rows = buildRows(hi, lo, c.method);
      const off = BigInt(c.offset);
      const out = new Uint32Array(c.count);
      aliasSample(c.key[0], c.key[1], Number(off & 0xffffffffn), Number(off >> 32n), rows, hi.length, out);
      expect(Array.from(out)).toEqual(c.alias);
    }
  });

  it('the weight families still give the recorded units (fixed-point rule unchanged)', () => {
    const small = v.build.find((b: { name: string }) => b.name === 'small');
    const t = AliasTable.build([1, 2, 0, 3, 0.5]);
    const { hi, lo } = t.units();
    expect(Array.from(hi).flatMap((h, i) => [lo[i], h])).toEqual(small.units);
    const c = v.sampling[0];
    expect(Array.from(categorical(c.key, [1, 2, 0, 3, 0.5], c.count, { method: 'cdf', offset: Number(c.offset) }))).toEqual(c.cdf);
  });
});
