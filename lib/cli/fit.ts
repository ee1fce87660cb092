/**
 * Goodness of fit for the demo: Kolmogorov–Smirnov against an exact CDF, Pearson's chi-square against
 * exact cell probabilities. The CDFs are @stdlib's (independent of this library's math), loaded lazily
 * (optional.ts); the test statistics are computed here because they are a few lines and must handle
 * 10^6+ samples (stdlib's kstest computes the exact Kolmogorov distribution, which is O(n^3) there).
 */
import { optionalAll } from './optional.js';

export type Cdf = (x: number) => number;

/** Exact CDFs the demo tests against; undefined when @stdlib is not installed. */
export interface References {
  normal(mean: number, sd: number): Cdf;
  gamma(shape: number, scale: number): Cdf;
  beta(a: number, b: number): Cdf;
  exponential(rate: number): Cdf;
  chisquare(df: number): Cdf;
  /** Survival function of chi-square with df degrees of freedom (the p-value of a statistic). */
  chisquareSf(stat: number, df: number): number;
}

export const STDLIB_CDFS = ['normal', 'gamma', 'beta', 'exponential', 'chisquare'].map((d) => `@stdlib/stats-base-dists-${d}-cdf`);

export async function loadReferences(): Promise<{ refs?: References; missing: string[] }> {
  const { mods, missing } = await optionalAll(STDLIB_CDFS);
  if (!mods) return { missing };
  const [normal, gamma, beta, exponential, chisquare] = mods;
  return {
    missing,
    refs: {
      normal: (m, s) => (x) => normal(x, m, s),
      // stdlib parametrises gamma by rate.
      gamma: (a, scale) => (x) => gamma(x, a, 1 / scale),
      beta: (a, b) => (x) => beta(x, a, b),
      exponential: (rate) => (x) => exponential(x, rate),
      chisquare: (k) => (x) => chisquare(x, k),
      chisquareSf: (stat, df) => 1 - chisquare(stat, df),
    },
  };
}

/**
 * Asymptotic p-value of the two-sided KS statistic D for n samples, with Stephens' small-sample
 * correction λ = (√n + 0.12 + 0.11/√n)·D: Q(λ) = 2 Σ (−1)^(j−1) e^(−2 j² λ²). Accurate to a few
 * percent from n ≈ 30, far better at the demo's sizes.
 */
export function kolmogorovP(d: number, n: number): number {
  const sn = Math.sqrt(n);
  const lambda = (sn + 0.12 + 0.11 / sn) * d;
  if (lambda < 0.2) return 1;
  let sum = 0;
  for (let j = 1; j <= 100; j++) {
    const term = Math.exp(-2 * j * j * lambda * lambda);
    sum += (j % 2 ? 1 : -1) * term;
    if (term < 1e-16) break;
  }
  return Math.min(1, Math.max(0, 2 * sum));
}

export interface Fit {
  test: string;
  statistic: number;
  p: number;
}

/** Two-sided one-sample KS test of `x` against `cdf`. */
export function ksTest(x: ArrayLike<number>, cdf: Cdf): Fit {
  const s = Float64Array.from(x).sort();
  const n = s.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(s[i]);
    d = Math.max(d, f - i / n, (i + 1) / n - f);
  }
  return { test: 'KS', statistic: d, p: kolmogorovP(d, n) };
}

/**
 * Pearson's chi-square test of observed counts against exact probabilities. Cells with an expected
 * count below 5 are pooled (in index order) so the chi-square approximation holds.
 */
export function chiSquareTest(counts: ArrayLike<number>, probs: ArrayLike<number>, refs: References): Fit {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  let stat = 0;
  let cells = 0;
  let o = 0;
  let e = 0;
  for (let i = 0; i < counts.length; i++) {
    o += counts[i];
    e += probs[i] * n;
    if (e >= 5) {
      stat += ((o - e) * (o - e)) / e;
      cells++;
      o = 0;
      e = 0;
    }
  }
  if (e > 0) stat += ((o - e) * (o - e)) / e, cells++;
  return { test: `χ² (${cells - 1} df)`, statistic: stat, p: refs.chisquareSf(stat, cells - 1) };
}
