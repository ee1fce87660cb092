import { afterAll, describe, expect, it } from 'vitest';
import {
  key, uniform, gamma, exponential, exponentialAsync, chisquare, chisquareAsync, beta, betaAsync, dirichlet,
  dirichletAsync, shutdownPool,
} from 'cuda-random';
import expCdf from '@stdlib/stats-base-dists-exponential-cdf';
import chisqCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import betaCdf from '@stdlib/stats-base-dists-beta-cdf';
import { expectMoments, expectSameBits, hasNaN, ksP, KS_P_MIN } from './dist-helpers.js';
import { log } from '../lib/core/math/log.js';
import { philoxBlock } from '../lib/core/philox.js';

afterAll(() => shutdownPool());

const k = key(0xde71ed);
const DTYPES = ['float32', 'float64'] as const;

describe('exponential', () => {
  it('element j = (0 - log u)/rate, u = uniform element j + ulp: (k+1)·2^-53 or (w+1)·2^-32', () => {
    const u = uniform(k, 1000) as Float64Array;
    const e = exponential(k, 1000, { rate: 2.5 });
    for (let j = 0; j < 1000; j++) expect(e[j]).toBe((0 - log(u[j] + 2 ** -53)) / 2.5);
    const e1 = exponential(k, 1000);
    for (let j = 0; j < 1000; j++) expect(Math.abs(e1[j] + Math.log(u[j] + 2 ** -53))).toBeLessThanOrEqual(1e-15 * (1 + e1[j]));
  });

  for (const dtype of DTYPES) {
    it(`${dtype}: KS against Exp(rate), moments, offsets, async`, async () => {
      expect(ksP(exponential(key(31), 10000, { dtype, rate: 3 }), expCdf, 3)).toBeGreaterThan(KS_P_MIN);
      const x = exponential(key(32), 1_000_000, { dtype, rate: 0.5 });
      expectMoments(x, 2, 4, 6);
      expect(Math.min(...x.subarray(0, 100000))).toBeGreaterThanOrEqual(0);
      const all = exponential(k, 3001, { dtype });
      for (const [m, n] of [[1, 2], [3, 7], [2999, 2]]) expectSameBits(exponential(k, n, { dtype, offset: m }), all.subarray(m, m + n));
      const n = (1 << 17) + 1;
      expectSameBits(await exponentialAsync(k, n, { dtype, offset: 7 }), exponential(k, n, { dtype, offset: 7 }));
    });
  }
});

describe('chisquare', () => {
  it('is exactly gamma(df/2) with scale 2 (= 2·G, rounded once for float32), scalar and per-element df', () => {
    for (const dtype of DTYPES) {
      for (const df of [0.1, 1, 3, 50]) {
        const c = chisquare(k, 500, { df, dtype, offset: 11 });
        expectSameBits(c, gamma(k, 500, { alpha: df / 2, scale: 2, dtype, offset: 11 }));
        if (dtype === 'float64') {
          const g = gamma(k, 500, { alpha: df / 2, dtype, offset: 11 });
          for (let i = 0; i < 500; i++) expect(c[i]).toBe(2 * g[i]);
        }
      }
      const dfs = Float64Array.from({ length: 300 }, (_, i) => 0.5 + (i % 9));
      const c = chisquare(k, 300, { df: dfs, dtype });
      for (const i of [0, 5, 299]) expectSameBits(c.subarray(i, i + 1), chisquare(k, 1, { df: dfs[i], dtype, offset: i }));
      expectSameBits(chisquare(k, 300, { df: Float32Array.from(dfs), dtype }), c);
    }
  });

  for (const df of [0.6, 4, 25]) {
    it(`df=${df}: KS against chi-square(df), both dtypes`, () => {
      for (const dtype of DTYPES) expect(ksP(chisquare(key(40 + Math.round(10 * df)), 10000, { df, dtype }), chisqCdf, df)).toBeGreaterThan(KS_P_MIN);
    });
  }

  it('async equals sync', async () => {
    const n = (1 << 17) + 9;
    expectSameBits(await chisquareAsync(k, n, { df: 3, proposals: 2 }), chisquare(k, n, { df: 3 }));
  });
});

describe('beta', () => {
  it('with a or b > 1, element i is component 0 of dirichlet([a, b]) row i (gamma elements 2i, 2i+1)', () => {
    for (const dtype of DTYPES) {
      for (const [a, b] of [[2, 3], [1.5, 0.3], [0.5, 4], [1, 1.0000001]]) {
        const x = beta(k, 300, { a, b, dtype, offset: 5 });
        const d = dirichlet(k, [a, b], 300, { dtype, offset: 5 });
        for (let i = 0; i < 300; i++) expect(Object.is(x[i], d[2 * i])).toBe(true);
      }
    }
  });

  it('with a or b > 1 it is G_a/(G_a + G_b) of the gamma stream', () => {
    const ga = gamma(k, 400, { alpha: 2.5 });
    const gb = gamma(k, 400, { alpha: 0.7 });
    const x = beta(k, 200, { a: 2.5, b: 0.7 });
    for (let i = 0; i < 200; i++) expect(x[i]).toBe(ga[2 * i] / (ga[2 * i] + gb[2 * i + 1]));
  });

  it("with a, b ≤ 1 it is Jöhnk's: the first t with X + Y ≤ 1, X = U^(1/a), Y = V^(1/b) from block (i, t, 17)", () => {
    // an independent recomputation with Math.pow (not the kernels' exp∘log): equal to rounding
    const w = new Uint32Array(4);
    const u53 = (hi: number, lo: number) => ((hi >>> 5) * 2 ** 26 + (lo >>> 6) + 1) * 2 ** -53;
    for (const [a, b] of [[0.5, 0.5], [0.1, 0.9], [1, 1], [0.3, 0.05]]) {
      const x = beta(k, 500, { a, b, offset: 2 ** 32 - 250 });
      let retried = 0;
      for (let i = 0; i < 500; i++) {
        const e = 2 ** 32 - 250 + i;
        for (let t = 0; ; t++) {
          philoxBlock(e >>> 0, Math.floor(e / 2 ** 32), t, 17, k[0], k[1], w, 0);
          const X = u53(w[0], w[1]) ** (1 / a), Y = u53(w[2], w[3]) ** (1 / b);
          if (X + Y > 1) continue;
          retried += t;
          expect(Math.abs(x[i] - X / (X + Y)), `a=${a} b=${b} i=${i}`).toBeLessThanOrEqual(1e-12 * x[i]);
          break;
        }
      }
      expect(retried).toBeGreaterThan(0);
    }
  });

  it("Beta(1e-3, 0.5) (Jöhnk's, mostly in log space): the CDF at points from 1e-300 to 0.9", () => {
    // half the mass lies below the smallest double, so a KS test cannot see it; binomial counts can
    const n = 100_000;
    const x = beta(key(73), n, { a: 1e-3, b: 0.5 });
    expect(hasNaN(x)).toBe(false);
    for (const q of [1e-300, 1e-100, 1e-20, 1e-5, 0.1, 0.9]) {
      let below = 0;
      for (const v of x) if (v <= q) below++;
      const p = betaCdf(q, 1e-3, 0.5);
      expect(Math.abs(below - n * p), `q=${q}`).toBeLessThan(6 * Math.sqrt(n * p * (1 - p)));
    }
  });

  for (const [a, b] of [[0.5, 0.5], [0.1, 0.9], [1, 1], [2, 5], [0.1, 3], [30, 0.9]]) {
    it(`Beta(${a}, ${b}): KS both dtypes, moments`, () => {
      for (const dtype of DTYPES) {
        expect(ksP(beta(key(500 + Math.round(10 * a)), 10000, { a, b, dtype }), betaCdf, a, b)).toBeGreaterThan(KS_P_MIN);
      }
      const s = a + b;
      const mean = a / s;
      const variance = (a * b) / (s * s * (s + 1));
      const kurt = (6 * ((a - b) ** 2 * (s + 1) - a * b * (s + 2))) / (a * b * (s + 2) * (s + 3));
      expectMoments(beta(key(600 + Math.round(10 * a)), 500_000, { a, b }), mean, variance, kurt);
    });
  }

  it('tiny shapes (log-space normalisation): in [0, 1], never NaN, symmetric mass at both ends', () => {
    for (const dtype of DTYPES) {
      const x = beta(key(70), 50000, { a: 1e-3, b: 1e-3, dtype });
      expect(hasNaN(x)).toBe(false);
      let lo = 0;
      for (const v of x) {
        expect(v >= 0 && v <= 1).toBe(true);
        if (v < 0.5) lo++;
      }
      expect(Math.abs(lo - 25000)).toBeLessThan(6 * Math.sqrt(12500));
      for (const [a, b] of [[1e-300, 0.5], [1e-300, 1e-300], [1, 1e-300], [1e-3, 1]]) {
        const y = beta(key(71), 10000, { a, b, dtype });
        for (const v of y) expect(v >= 0 && v <= 1, `a=${a} b=${b}`).toBe(true);
      }
      const z = beta(key(72), 10000, { a: 1e300, b: 1e300, dtype });
      expect(hasNaN(z)).toBe(false);
      for (const v of z) expect(Math.abs(v - 0.5)).toBeLessThan(1e-6);
    }
  });

  it('offsets, proposals and async do not change it', async () => {
    for (const dtype of DTYPES) {
      const all = beta(k, 2001, { a: 0.4, b: 0.6, dtype });
      for (const [m, n] of [[1, 2], [3, 7], [1999, 2]]) expectSameBits(beta(k, n, { a: 0.4, b: 0.6, dtype, offset: m }), all.subarray(m, m + n));
      expectSameBits(beta(k, 2001, { a: 0.4, b: 0.6, dtype, proposals: 5 }), all);
    }
    const n = (1 << 17) + 1;
    expectSameBits(await betaAsync(k, n, { a: 2, b: 0.5 }), beta(k, n, { a: 2, b: 0.5 }));
    const johnk = { a: 0.5, b: 0.5, dtype: 'float32' } as const;
    expectSameBits(await betaAsync(k, n, johnk), beta(k, n, johnk));
  });
});

describe('dirichlet', () => {
  it('row r component k normalises gamma element r·K + k of the key (shape alpha[k])', () => {
    const alpha = [1.5, 2, 3.25];
    const K = alpha.length;
    const d = dirichlet(k, alpha, 100, { offset: 4 });
    expect(d.length).toBe(300);
    const g = alpha.map((a) => gamma(k, 104 * K, { alpha: a }));
    for (let r = 0; r < 100; r++) {
      const e = (4 + r) * K;
      const s = g[0][e] + g[1][e + 1] + g[2][e + 2];
      for (let j = 0; j < K; j++) expect(d[r * K + j]).toBe(g[j][e + j] / s);
    }
  });

  it('rows sum to 1, marginals are Beta(α_k, Σα − α_k) (KS), both dtypes', () => {
    for (const alpha of [[0.3, 0.5, 0.2], [1, 2, 3, 4], [0.05, 5]]) {
      const K = alpha.length;
      const s = alpha.reduce((x, y) => x + y, 0);
      for (const dtype of DTYPES) {
        const n = 10000;
        const d = dirichlet(key(80 + K), alpha, n, { dtype });
        expect(hasNaN(d)).toBe(false);
        for (let r = 0; r < n; r++) {
          let t = 0;
          for (let j = 0; j < K; j++) t += d[r * K + j];
          expect(Math.abs(t - 1)).toBeLessThan(dtype === 'float32' ? 1e-6 * K : 1e-14 * K);
        }
        for (let j = 0; j < K; j++) {
          // Beta(5, 0.05) (the second component of [0.05, 5]) puts ~15 % of its mass within 2^-53 of
          // 1, where the value rounds to 1.0 (40 % within 2^-25 for float32): a KS test would see the
          // rounding, not the sampler. Its complement is the first component, which is tested.
          if (s - alpha[j] < 0.1) continue;
          const col = Float64Array.from({ length: n }, (_, r) => d[r * K + j]);
          expect(ksP(col, betaCdf, alpha[j], s - alpha[j]), `${dtype} α=${alpha} k=${j}`).toBeGreaterThan(KS_P_MIN);
        }
      }
    }
  });

  it('offsets (rows), chunks cutting rows (pool), proposals and Float32Array/Float64Array alpha agree', async () => {
    for (const dtype of DTYPES) {
      for (const alpha of [[0.5, 0.25, 0.7], [2, 0.5, 1, 9, 3]]) {
        const K = alpha.length;
        const all = dirichlet(k, alpha, 700, { dtype });
        for (const [m, n] of [[1, 2], [3, 7], [699, 1]]) {
          expectSameBits(dirichlet(k, alpha, n, { dtype, offset: m }), all.subarray(m * K, (m + n) * K));
        }
        expectSameBits(dirichlet(k, Float64Array.from(alpha), 700, { dtype, proposals: 3 }), all);
        const n = Math.ceil((1 << 17) / K) + 1; // n·K >= 2^17 values: the pool cuts rows apart
        expectSameBits(await dirichletAsync(k, alpha, n, { dtype, offset: 2 }), dirichlet(k, alpha, n, { dtype, offset: 2 }));
      }
    }
    expectSameBits(dirichlet(k, new Float32Array([0.5, 2]), 50), dirichlet(k, [0.5, 2], 50));
  });

  it('all-small shapes (log space): rows in [0, 1], never NaN', () => {
    for (const dtype of DTYPES) {
      const d = dirichlet(key(90), [1e-3, 2e-3, 1e-4], 20000, { dtype });
      expect(hasNaN(d)).toBe(false);
      for (const v of d) expect(v >= 0 && v <= 1).toBe(true);
    }
  });
});

describe('derived: bad input', () => {
  const bad: [string, () => unknown, ErrorConstructor, RegExp][] = [
    ['exponential rate 0', () => exponential(k, 3, { rate: 0 }), RangeError, /rate/],
    ['exponential rate negative', () => exponential(k, 3, { rate: -1 }), RangeError, /rate/],
    ['exponential rate NaN', () => exponential(k, 3, { rate: NaN }), RangeError, /rate/],
    ['exponential rate Infinity', () => exponential(k, 3, { rate: Infinity }), RangeError, /rate/],
    ['exponential rate type', () => exponential(k, 3, { rate: '1' as never }), TypeError, /rate/],
    ['exponential dtype', () => exponential(k, 3, { dtype: 'x' as never }), RangeError, /dtype/],
    ['exponential out', () => exponential(k, 3, { out: new Float64Array(1) }), RangeError, /out/],
    ['exponential n', () => exponential(k, NaN), RangeError, /\bn\b/],
    ['chisquare no options', () => chisquare(k, 3, undefined as never), TypeError, /df/],
    ['chisquare no df', () => chisquare(k, 3, {} as never), TypeError, /df/],
    ['chisquare df 0', () => chisquare(k, 3, { df: 0 }), RangeError, /df/],
    ['chisquare df negative', () => chisquare(k, 3, { df: -2 }), RangeError, /df/],
    ['chisquare df NaN', () => chisquare(k, 3, { df: NaN }), RangeError, /df/],
    ['chisquare df Infinity', () => chisquare(k, 3, { df: Infinity }), RangeError, /df/],
    ['chisquare df smallest subnormal', () => chisquare(k, 3, { df: 5e-324 }), RangeError, /df/],
    ['chisquare df array length', () => chisquare(k, 3, { df: new Float64Array(2).fill(1) }), RangeError, /df/],
    ['chisquare df[1] bad', () => chisquare(k, 3, { df: new Float64Array([1, -1, 1]) }), RangeError, /df\[1\]/],
    ['chisquare proposals', () => chisquare(k, 3, { df: 1, proposals: 0 }), RangeError, /proposals/],
    ['beta no options', () => beta(k, 3, undefined as never), TypeError, /\ba\b|beta/],
    ['beta no a', () => beta(k, 3, { b: 1 } as never), TypeError, /\ba\b/],
    ['beta no b', () => beta(k, 3, { a: 1 } as never), TypeError, /\bb\b/],
    ['beta a 0', () => beta(k, 3, { a: 0, b: 1 }), RangeError, /\ba\b/],
    ['beta b NaN', () => beta(k, 3, { a: 1, b: NaN }), RangeError, /\bb\b/],
    ['beta a Infinity', () => beta(k, 3, { a: Infinity, b: 1 }), RangeError, /\ba\b/],
    ['beta b above 1e300', () => beta(k, 3, { a: 1, b: 2e300 }), RangeError, /\bb\b/],
    ['beta a type', () => beta(k, 3, { a: '1' as never, b: 1 }), TypeError, /\ba\b/],
    ['beta proposals', () => beta(k, 3, { a: 1, b: 1, proposals: 2000 }), RangeError, /proposals/],
    ['beta out', () => beta(k, 3, { a: 1, b: 1, dtype: 'float32', out: new Float64Array(3) }), TypeError, /out/],
    ['dirichlet alpha type', () => dirichlet(k, 'abc' as never, 3), TypeError, /alpha/],
    ['dirichlet alpha number', () => dirichlet(k, 2 as never, 3), TypeError, /alpha/],
    ['dirichlet alpha empty', () => dirichlet(k, [], 3), RangeError, /alpha/],
    ['dirichlet alpha[1] 0', () => dirichlet(k, [1, 0], 3), RangeError, /alpha\[1\]/],
    ['dirichlet alpha[0] NaN', () => dirichlet(k, [NaN, 1], 3), RangeError, /alpha\[0\]/],
    ['dirichlet alpha[2] big', () => dirichlet(k, [1, 1, 1e301], 3), RangeError, /alpha\[2\]/],
    ['dirichlet alpha[0] type', () => dirichlet(k, ['1', 1] as never, 3), TypeError, /alpha\[0\]/],
    ['dirichlet n·K too large', () => dirichlet(k, [1, 1], 2 ** 31), RangeError, /n·K/],
    ['dirichlet (offset + n)·K past 2^63', () => dirichlet(k, [1, 1, 1], 3, { offset: 2n ** 62n }), RangeError, /offset/],
    ['dirichlet out short', () => dirichlet(k, [1, 1], 3, { out: new Float64Array(5) }), RangeError, /out/],
    ['dirichlet n', () => dirichlet(k, [1, 1], -1), RangeError, /\bn\b/],
    ['dirichlet proposals', () => dirichlet(k, [1, 1], 3, { proposals: -1 }), RangeError, /proposals/],
  ];
  for (const [name, f, E, msg] of bad) {
    it(`${name}: ${E.name}`, () => {
      expect(f).toThrow(E);
      expect(f).toThrow(msg);
    });
  }

  it('async twins reject instead of throwing', async () => {
    await expect(exponentialAsync(k, 3, { rate: 0 })).rejects.toThrow(RangeError);
    await expect(chisquareAsync(k, 3, { df: -1 })).rejects.toThrow(RangeError);
    await expect(betaAsync(k, 3, { a: 0, b: 1 })).rejects.toThrow(RangeError);
    await expect(dirichletAsync(k, [], 3)).rejects.toThrow(RangeError);
  });

  it('the largest offsets work; dirichlet offset counts rows', () => {
    expect(exponential(k, 2, { offset: 2n ** 63n - 2n }).length).toBe(2);
    expect(beta(k, 2, { a: 1, b: 2, offset: 2n ** 63n - 2n }).length).toBe(2);
    expect(dirichlet(k, [1, 2], 2, { offset: 2n ** 62n - 2n }).length).toBe(4);
  });
});
