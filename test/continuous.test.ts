/**
 * The continuous transforms of issue 20 beyond what test/samplers.test.ts gives every registered
 * sampler: location–scale identities (bit for bit), the ends of the base uniform (no infinite values),
 * truncatedNormal's bounds, tails and refusals.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';
import { TRANSFORMS } from '../lib/samplers/registry.js';
import { transformParams } from '../lib/samplers/transform.js';
import { exampleValues } from '../lib/samplers/examples.js';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import { cholesky, mvnKernel } from '../lib/kernels/mvn.js';
import { expectSameBits, ksP, KS_P_MIN } from './dist-helpers.js';

const k = api.key(2026);
const tf = (name: string) => TRANSFORMS.find((t) => t.name === name)!;

describe('location and scale are exact affine maps of the standard law', () => {
  const n = 3000;
  for (const name of ['cauchy', 'laplace', 'logistic', 'gumbel'] as const) {
    it(`${name}(loc, scale) = loc + scale·${name}(0, 1), bit for bit`, () => {
      // (float64: float32 values are the same binary64 value rounded once, of the float32 stream's uniform)
      const std = api[name](k, n, { offset: 77 });
      for (const [loc, scale] of [[3, 0.5], [-1e3, 7], [0, 2 ** -20]]) {
        const want = Float64Array.from(std, (x) => loc + scale * x);
        expectSameBits(api[name](k, n, { loc, scale, offset: 77 }), want, `${name}(${loc}, ${scale})`);
      }
    });
  }
  it('pareto(alpha, scale) = scale·pareto(alpha, 1); rayleigh(scale) = scale·rayleigh(1)', () => {
    const p1 = api.pareto(k, n, { alpha: 2.5 });
    expectSameBits(api.pareto(k, n, { alpha: 2.5, scale: 3 }), Float64Array.from(p1, (x) => 3 * x));
    const r1 = api.rayleigh(k, n);
    expectSameBits(api.rayleigh(k, n, { scale: 0.125 }), Float64Array.from(r1, (x) => 0.125 * x));
  });
  it('pareto is at least scale; rayleigh is non-negative', () => {
    expect(Math.min(...api.pareto(k, 20000, { alpha: 0.5, scale: 2 }))).toBeGreaterThanOrEqual(2);
    expect(Math.min(...api.rayleigh(k, 20000, { dtype: 'float32' }))).toBeGreaterThanOrEqual(0);
  });
});

describe('the ends of the base uniform u in (0, 1] give finite values', () => {
  // u = 1 and the smallest u of each dtype, and the fold points around 1/2
  const us = [1, 2 ** -53, 2 ** -32, 0.5, 0.5 + 2 ** -53, 0.5 + 2 ** -32, 1 - 2 ** -53, 1 - 2 ** -32];
  for (const name of ['cauchy', 'laplace', 'logistic', 'gumbel', 'pareto', 'rayleigh', 'truncatedNormal']) {
    it(name, () => {
      const t = tf(name);
      const v = exampleValues(t, true);
      const p = transformParams(t, v);
      for (const u of us) expect(Number.isFinite(t.f(u, p)), `${name}(u = ${u})`).toBe(true);
    });
  }
  it('the folded laws are 0 at u = 1 and at u = 1/2, and odd about the fold', () => {
    for (const name of ['cauchy', 'laplace', 'logistic']) {
      const t = tf(name);
      const p = Float64Array.of(0, 1);
      expect(Math.abs(t.f(1, p)), name).toBe(0);
      expect(Math.abs(t.f(0.5, p)), name).toBe(0);
      // u and u + 1/2 fold to the same w: values of opposite signs
      for (const u of [0.125, 0.375, 2 ** -40, 0.5 - 2 ** -53]) expect(t.f(u, p), `${name} ${u}`).toBe(-t.f(u + 0.5, p));
    }
  });
});

describe('truncatedNormal', () => {
  it('stays within [low, high], far tails included', () => {
    for (const [low, high] of [[8, Infinity], [-Infinity, -12], [30, 30.5], [1, 1 + 1e-9], [-0.5, 0.5], [34, 36]]) {
      for (const dtype of ['float64', 'float32'] as const) {
        const xs = api.truncatedNormal(k, 20000, { low, high, dtype });
        // float32: the binary64 value rounded once, which may round past a bound by half an ulp
        const slack = (b: number) => (dtype === 'float32' && Number.isFinite(b) ? 2 ** -24 * Math.abs(b) : 0);
        let lo = Infinity, hi = -Infinity;
        for (const x of xs) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
        expect(lo, `[${low}, ${high}] ${dtype}`).toBeGreaterThanOrEqual(low - slack(low));
        expect(hi, `[${low}, ${high}] ${dtype}`).toBeLessThanOrEqual(high + slack(high));
        if (dtype === 'float64') expect(hi, `[${low}, ${high}]`).toBeGreaterThan(lo);
      }
    }
  });

  it('low = 8: the mean is the exact conditional mean φ(8)/Q(8) within its standard error', () => {
    // E[X | X > a] = φ(a)/Q(a); for a = 8 that is 8.1211446 (mills ratio), Var ≈ 0.01475
    const xs = api.truncatedNormal(k, 100000, { low: 8 });
    let s = 0;
    for (const x of xs) s += x;
    expect(Math.abs(s / xs.length - 8.121144670)).toBeLessThan(5 * Math.sqrt(0.0147 / xs.length));
  });

  it('mirrors: truncatedNormal(−high, −low) = −truncatedNormal(low, high) for an interval right of the mean', () => {
    const a = api.truncatedNormal(k, 5000, { low: 2, high: 5 });
    const b = api.truncatedNormal(k, 5000, { low: -5, high: -2 });
    // both are evaluated in the left tail [−5, −2]: the same x, opposite signs
    expectSameBits(b, Float64Array.from(a, (x) => -x));
  });

  it('refuses low >= high and intervals beyond 35 standard deviations, naming low and high', () => {
    expect(() => api.truncatedNormal(k, 3, { low: 1, high: 1 })).toThrow(RangeError);
    expect(() => api.truncatedNormal(k, 3, { low: 1, high: 1 })).toThrow(/low must be < high/);
    expect(() => api.truncatedNormal(k, 3, { low: 2, high: -2 })).toThrow(/low must be < high/);
    expect(() => api.truncatedNormal(k, 3, { low: Infinity })).toThrow(/low must be < high/);
    expect(() => api.truncatedNormal(k, 3, { low: 36 })).toThrow(/low and high/);
    expect(() => api.truncatedNormal(k, 3, { high: -40, mean: 1 })).toThrow(RangeError);
    expect(() => api.truncatedNormal(k, 3, { low: 1e300, std: 1e-300 })).toThrow(/low and high/);
    expect(() => api.truncatedNormal(k, 3, { low: NaN })).toThrow(/low must not be NaN/);
    expect(api.truncatedNormal(k, 3, { low: 34.9 }).every((x) => x >= 34.9)).toBe(true);
  });
});

describe('multivariateNormal', () => {
  const mean = [1, -2, 0.5];
  const cov = [[2, 0.6, -0.3], [0.6, 1, 0.2], [-0.3, 0.2, 0.5]];

  it('rows have the mean and covariance asked for (within sampling error)', () => {
    const n = 40000, d = 3;
    const x = api.multivariateNormal(k, n, { mean, cov });
    expect(x.length).toBe(n * d);
    const m = [0, 0, 0];
    for (let r = 0; r < n; r++) for (let i = 0; i < d; i++) m[i] += x[r * d + i] / n;
    for (let i = 0; i < d; i++) expect(Math.abs(m[i] - mean[i]), `mean ${i}`).toBeLessThan(5 * Math.sqrt(cov[i][i] / n));
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < d; j++) {
        let c = 0;
        for (let r = 0; r < n; r++) c += (x[r * d + i] - m[i]) * (x[r * d + j] - m[j]);
        c /= n - 1;
        // SE of a sample covariance: sqrt((σ_ii σ_jj + σ_ij²)/n)
        expect(Math.abs(c - cov[i][j]), `cov ${i} ${j}`).toBeLessThan(5 * Math.sqrt((cov[i][i] * cov[j][j] + cov[i][j] ** 2) / n));
      }
    }
  });

  it('whitened rows L⁻¹(x − mean) are independent standard normals (KS per coordinate)', () => {
    const n = 10000, d = 3;
    const L = cholesky(Float64Array.from(cov.flat()), d, 'cov');
    const at = (i: number, j: number) => L[(i * (i + 1)) / 2 + j];
    const x = api.multivariateNormal(k, n, { mean, cov, offset: 5 });
    for (let i = 0; i < d; i++) {
      const w = new Float64Array(n);
      for (let r = 0; r < n; r++) {
        // forward substitution for coordinate i
        const y = [0, 0, 0];
        for (let a = 0; a <= i; a++) {
          let s = x[r * d + a] - mean[a];
          for (let b = 0; b < a; b++) s -= at(a, b) * y[b];
          y[a] = s / at(a, a);
        }
        w[r] = y[i];
      }
      expect(ksP(w, (t) => normalCdf(t, 0, 1)), `coordinate ${i}`).toBeGreaterThan(KS_P_MIN);
    }
  });

  it('row r is mean + L·z with z = normal elements r·d … r·d + d − 1, bit for bit (float64)', () => {
    const z = api.normal(k, 12, { offset: 21 });
    const L = cholesky(Float64Array.from(cov.flat()), 3, 'cov');
    const x = api.multivariateNormal(k, 4, { mean, cov, offset: 7 });
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let i = 0; i <= c; i++) s = s + L[(c * (c + 1)) / 2 + i] * z[r * 3 + i];
        expect(Object.is(x[r * 3 + c], mean[c] + s), `row ${r} component ${c}`).toBe(true);
      }
    }
  });

  // The CPU backend draws the normals in bulk (lib/wasm/samplers.ts mvnWasm, lib/kernels/mvn.ts mvnBulk);
  // mvnKernel, one Box–Muller call per row, is the specification. The async twin's pool parts (multiples of
  // 1024 values) start mid-row for d = 3.
  it('the public calls, sync and async, equal the specification kernel (d = 1, 3, 7; both dtypes)', async () => {
    for (const d of [1, 3, 7]) {
      const m = Array.from({ length: d }, (_, i) => i - 1.5);
      const c = Array.from({ length: d }, (_, i) =>
        Array.from({ length: d }, (_, j) => (i === j ? 2 + i : 0.4 / (1 + i + j))));
      const lm = new Float64Array([...m, ...cholesky(Float64Array.from(c.flat()), d, 'cov')]);
      // rows: 0, mid-stream, past 2^32 elements (offset·d > 2^32), near 2^52
      for (const offset of [0, 5, Math.ceil(2 ** 32 / d) + 3, 2 ** 52 / 8 + 1]) {
        const n = offset === 5 ? Math.ceil(70000 / d) : 700;  // 70000 values: the pool cuts the async call
        for (const dtype of ['float64', 'float32'] as const) {
          const want = dtype === 'float64' ? new Float64Array(n * d) : new Float32Array(n * d);
          const first = offset * d;
          mvnKernel(k[0], k[1], first % 2 ** 32, Math.floor(first / 2 ** 32), d, lm, dtype === 'float64', want);
          const what = `d ${d} offset ${offset} ${dtype}`;
          const o = { mean: m, cov: c, offset, dtype, backend: 'cpu' } as const;
          expectSameBits(api.multivariateNormal(k, n, o), want, what);
          expectSameBits(await api.multivariateNormalAsync(k, n, o), want, `${what} async`);
        }
      }
    }
  });

  it('accepts a positive semi-definite (singular) cov: a perfectly correlated pair', () => {
    const x = api.multivariateNormal(k, 1000, { mean: [0, 0], cov: [[1, 2], [2, 4]] });
    for (let r = 0; r < 1000; r++) expect(Math.abs(x[2 * r + 1] - 2 * x[2 * r])).toBeLessThan(1e-12 * (1 + Math.abs(x[2 * r])));
    // zero variance in one coordinate: that coordinate is its mean
    const y = api.multivariateNormal(k, 100, { mean: [3, 4], cov: [[0, 0], [0, 1]] });
    for (let r = 0; r < 100; r++) expect(y[2 * r]).toBe(3);
  });

  it('refuses a cov that is not symmetric positive semi-definite, naming cov; a flat cov works too', () => {
    expect(() => api.multivariateNormal(k, 2, { mean: [0, 0], cov: [[1, 2], [2, 1]] })).toThrow(/cov is not positive semi-definite/);
    expect(() => api.multivariateNormal(k, 2, { mean: [0, 0], cov: [[1, 0.5], [0.4, 1]] })).toThrow(/cov must be symmetric/);
    expect(() => api.multivariateNormal(k, 2, { mean: [0, 0], cov: [[1, 0], [0, -1e-3]] })).toThrow(RangeError);
    expect(() => api.multivariateNormal(k, 2, { mean: [0, 0], cov: [[1, 0, 0], [0, 1, 0]] })).toThrow(/cov must be 2×2/);
    expect(() => api.multivariateNormal(k, 2, { mean: [0, NaN], cov: [[1, 0], [0, 1]] })).toThrow(/mean\[1\]/);
    expect(() => api.multivariateNormal(k, 2, { mean: [0, 0] } as never)).toThrow(/cov/);
    expectSameBits(api.multivariateNormal(k, 9, { mean: [0, 1], cov: [1, 0.3, 0.3, 2] }),
      api.multivariateNormal(k, 9, { mean: [0, 1], cov: [[1, 0.3], [0.3, 2]] }));
  });
});

describe('studentT with per-element degrees of freedom', () => {
  it('element i equals the scalar call with df[i] at that element, on both dtypes', () => {
    const dfs = Float64Array.from({ length: 300 }, (_, i) => [0.2, 1, 2.5, 40][i % 4]);
    for (const dtype of ['float64', 'float32'] as const) {
      const per = api.studentT(k, 300, { df: dfs, dtype, offset: 9 });
      for (const df of [0.2, 1, 2.5, 40]) {
        const one = api.studentT(k, 300, { df, dtype, offset: 9 });
        for (let i = 0; i < 300; i++) if (dfs[i] === df) expect(Object.is(per[i], one[i]), `${dtype} df ${df} element ${i}`).toBe(true);
      }
    }
    expect(() => api.studentT(k, 3, { df: Float64Array.of(1, 0.1, 2) })).toThrow(/df\[1\]/);
    expect(() => api.studentT(k, 3, { df: Float64Array.of(1, 2) })).toThrow(/df must have length n = 3/);
  });
});
