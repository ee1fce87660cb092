/**
 * The continuous transforms of issue 20 beyond what test/samplers.test.ts gives every registered
 * sampler: location–scale identities (bit for bit), the ends of the base uniform (no infinite values),
 * truncatedNormal's bounds, tails and refusals.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';
import { TRANSFORMS } from '../lib/samplers/registry.js';
import { transformParams } from '../lib/samplers/transform.js';
import { expectSameBits } from './dist-helpers.js';

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
      const v = Object.fromEntries(t.params.map((q) => [q.name, q.default ?? 1.5]));
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
