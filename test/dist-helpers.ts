/** Shared helpers of the distribution tests (normal, gamma, derived). */
import { expect } from 'vitest';
import kstest from '@stdlib/stats-kstest';

type Floats = Float32Array | Float64Array;

/** Bitwise equality of two float arrays (distinguishes -0 from +0; no tolerance). */
export function expectSameBits(a: Floats, b: Floats, what = ''): void {
  expect(a.constructor, what).toBe(b.constructor);
  expect(a.length, what).toBe(b.length);
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  let first = -1;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) { first = i; break; }
  if (first >= 0) {
    const e = Math.floor(first / a.BYTES_PER_ELEMENT);
    expect.fail(`${what}: element ${e} differs: ${a[e]} vs ${b[e]}`);
  }
}

/** Kolmogorov–Smirnov p-value of xs against a CDF (stdlib kstest; its cost grows fast with n, keep n ~ 10^4). */
export function ksP(xs: ArrayLike<number>, cdf: (x: number, ...p: number[]) => number, ...params: number[]): number {
  return kstest(Array.from(xs), cdf, ...params).pValue;
}

/** Per-test KS significance: deterministic seeds, so this only has to make a real defect fail. */
export const KS_P_MIN = 1e-4;

export function moments(xs: ArrayLike<number>): { mean: number; variance: number } {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  const mean = s / xs.length;
  let v = 0;
  for (let i = 0; i < xs.length; i++) v += (xs[i] - mean) ** 2;
  return { mean, variance: v / (xs.length - 1) };
}

/**
 * Checks sample mean and variance against theory within z standard errors: SE(mean) = σ/√n and
 * SE(s²) ≈ σ²·sqrt((2 + κ)/n), κ the excess kurtosis.
 */
export function expectMoments(xs: ArrayLike<number>, mean: number, variance: number, kurtosisExcess: number, z = 6): void {
  const n = xs.length;
  const m = moments(xs);
  expect(Math.abs(m.mean - mean)).toBeLessThan(z * Math.sqrt(variance / n));
  expect(Math.abs(m.variance - variance)).toBeLessThan(z * variance * Math.sqrt((2 + kurtosisExcess) / n));
}

export function hasNaN(xs: ArrayLike<number>): boolean {
  for (let i = 0; i < xs.length; i++) if (Number.isNaN(xs[i])) return true;
  return false;
}
