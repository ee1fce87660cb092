import { afterAll, describe, expect, it } from 'vitest';
import { key, bits, uniform, uniformAsync, shutdownPool } from 'cuda-random';
import kstest from '@stdlib/stats-kstest';

afterAll(() => shutdownPool());

const k = key(0xc0ffee);

describe('uniform: the bit-to-float maps of docs/streams.md, "Uniform floats"', () => {
  it('float32 element j is (word j >>> 8) · 2^-24', () => {
    const w = bits(k, 1000);
    const u = uniform(k, 1000, { dtype: 'float32' });
    expect(u).toBeInstanceOf(Float32Array);
    for (let j = 0; j < 1000; j++) expect(u[j]).toBe((w[j] >>> 8) * 2 ** -24);
  });

  it('float64 element j is ((word 2j >>> 5)·2^26 + (word 2j+1 >>> 6)) · 2^-53', () => {
    const w = bits(k, 2000);
    const u = uniform(k, 1000);
    expect(u).toBeInstanceOf(Float64Array);
    for (let j = 0; j < 1000; j++) {
      expect(u[j]).toBe(((w[2 * j] >>> 5) * 2 ** 26 + (w[2 * j + 1] >>> 6)) * 2 ** -53);
    }
  });

  it('the extreme words map to 0 and to 1 - ulp, never to 1', () => {
    // The extreme words do not occur in a short stream, so the map itself is checked at its ends.
    expect((0 >>> 8) * 2 ** -24).toBe(0);
    expect((0xffffffff >>> 8) * 2 ** -24).toBe(Math.fround(1 - 2 ** -24));
    expect(((0xffffffff >>> 5) * 2 ** 26 + (0xffffffff >>> 6)) * 2 ** -53).toBe(1 - 2 ** -53);
    const u = uniform(k, 1 << 16, { dtype: 'float32' });
    expect(Math.max(...u)).toBeLessThan(1);
    expect(Math.min(...u)).toBeGreaterThanOrEqual(0);
  });

  it('offsets and chunking do not change elements (both dtypes, odd offsets)', () => {
    for (const dtype of ['float32', 'float64'] as const) {
      const all = uniform(k, 3001, { dtype });
      for (const [m, n] of [[0, 1], [1, 2], [3, 7], [2897, 100], [2999, 2]]) {
        expect(uniform(k, n, { dtype, offset: m })).toEqual(all.slice(m, m + n));
      }
    }
  });

  it('low/high are applied in binary64 then rounded once', () => {
    const u = uniform(k, 500);
    const v = uniform(k, 500, { low: -3, high: 5 });
    for (let j = 0; j < 500; j++) expect(v[j]).toBe(-3 + 8 * u[j]);
    const u32 = uniform(k, 500, { dtype: 'float32' });
    const v32 = uniform(k, 500, { dtype: 'float32', low: 10, high: 10.5 });
    for (let j = 0; j < 500; j++) expect(v32[j]).toBe(Math.fround(10 + 0.5 * u32[j]));
  });

  it('a Float32Array out implies float32 when dtype is omitted', () => {
    const out = new Float32Array(5);
    expect(uniform(k, 5, { out })).toBe(out);
    expect(out).toEqual(uniform(k, 5, { dtype: 'float32' }));
  });

  it('mean and variance match 1/2 and 1/12 within 6 standard errors', () => {
    const n = 1 << 18;
    for (const dtype of ['float32', 'float64'] as const) {
      const u = uniform(key(77), n, { dtype });
      let s = 0;
      let s2 = 0;
      for (const x of u) { s += x; s2 += x * x; }
      const mean = s / n;
      const variance = s2 / n - mean * mean;
      expect(Math.abs(mean - 0.5)).toBeLessThan(6 * Math.sqrt(1 / 12 / n));
      // Var of the sample variance of U(0,1): (1/80 - 1/144) / n.
      expect(Math.abs(variance - 1 / 12)).toBeLessThan(6 * Math.sqrt((1 / 80 - 1 / 144) / n));
    }
  });

  it('passes a Kolmogorov–Smirnov test against U(0,1)', () => {
    const u = Array.from(uniform(key(78), 20000));
    const p = kstest(u, 'uniform', 0, 1).pValue;
    expect(p).toBeGreaterThan(1e-4);
  });

  it('async twin (worker pool) equals the sync path', async () => {
    for (const dtype of ['float32', 'float64'] as const) {
      const n = (1 << 17) + 1;
      expect(await uniformAsync(k, n, { dtype, offset: 3, low: 2, high: 3 }))
        .toEqual(uniform(k, n, { dtype, offset: 3, low: 2, high: 3 }));
    }
  });
});
