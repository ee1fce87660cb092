/** Shared helpers of the distribution tests (normal, gamma, derived). */
import { expect } from 'vitest';
import kstest from '@stdlib/stats-kstest';
import chisqCdf from '@stdlib/stats-base-dists-chisquare-cdf';

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

/**
 * χ² p-value of the counts xs against pmf over 0, 1, … (from `lo`; values below it in the first cell): cells
 * with expected count below 5 are pooled into their neighbour (the tails into one cell each), the upper tail
 * (everything above `top`, if the mass runs out no sooner) taking the remaining mass.
 */
export function chiSquareP(xs: ArrayLike<number>, pmf: (x: number) => number, lo = 0, top = Infinity): number {
  const n = xs.length;
  const seen = new Map<number, number>();
  let max = lo;
  for (let i = 0; i < n; i++) {
    seen.set(xs[i], (seen.get(xs[i]) ?? 0) + 1);
    if (xs[i] > max) max = xs[i];
  }
  const cells: { obs: number; exp: number }[] = [];
  let obs = 0, exp = 0, below = 0;
  for (let x = 0; x < lo; x++) below += seen.get(x) ?? 0;
  obs = below;
  let massSoFar = 0;
  for (let x = lo; x <= max; x++) {
    const p = pmf(x);
    massSoFar += p;
    obs += seen.get(x) ?? 0;
    exp += n * p;
    if (exp >= 5 && n * (1 - massSoFar) >= 5) {
      cells.push({ obs, exp });
      obs = 0;
      exp = 0;
    }
    if (n * (1 - massSoFar) < 5 || x >= top) {  // the rest is one cell: stop walking (Zipf's tail reaches 2^53)
      for (const [v, c] of seen) if (v > x) obs += c;
      break;
    }
  }
  exp += Math.max(0, n * (1 - massSoFar));
  if (cells.length && exp < 5) {
    cells[cells.length - 1].obs += obs;
    cells[cells.length - 1].exp += exp;
  } else {
    cells.push({ obs, exp });
  }
  expect(cells.length, 'enough cells for a χ² test').toBeGreaterThan(1);
  let stat = 0;
  for (const c of cells) stat += (c.obs - c.exp) ** 2 / c.exp;
  return 1 - chisqCdf(stat, cells.length - 1);
}
