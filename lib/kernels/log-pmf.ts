/**
 * Logarithms of the Poisson and binomial probabilities for the acceptance tests of the count samplers
 * (lib/kernels/poisson.ts, binomial.ts; C++ twin cuda/include/cr_counts.h). Written in Loader's
 * saddle-point form — log k! through its Stirling remainder, k log(k/μ) + μ − k through log1p — so
 * that nothing cancels when λ or n is large: the textbook −λ + k log λ − log k! loses about
 * log2(k log k) bits (at λ = 1e15 its terms are 3.5e16 and its error several units, not ulps).
 * Only lib/core/math's functions and correctly rounded arithmetic, in a fixed order.
 */
import { log } from '../core/math/log.js';
import { log1p } from '../core/math/log1p.js';
import { logFactorial } from '../core/math/logfactorial.js';

/** log(2π)/2. */
export const HALF_LOG_2PI = 0.91893853320467274178;

/** Below this k the Stirling remainder is computed from the log-factorial table, from it on by its series. */
const STIRLING_SERIES_FROM = 16;

/**
 * Stirling's remainder δ(k) = log k! − (k + ½) log k + k − log(2π)/2 for an integer k ≥ 1:
 * k < 16 from logFactorial (the terms are below 45, so the difference keeps ~1e-14 absolute);
 * k ≥ 16 by the series (1/12 − (1/360 − (1/1260 − s/1680)·s)·s)/k, s = 1/k² (truncation < 1e-14).
 */
export function stirlingRemainder(k: number): number {
  if (k < STIRLING_SERIES_FROM) return logFactorial(k) - (k + 0.5) * log(k) + k - HALF_LOG_2PI;
  const s = 1 / (k * k);
  return (1 / 12 - (1 / 360 - (1 / 1260 - s / 1680) * s) * s) / k;
}

/** k log(k/μ) + μ − k for k ≥ 1, μ > 0, as k·log1p((k − μ)/μ) − (k − μ) (k − μ is exact for k in [μ/2, 2μ]). */
export function deviance(k: number, mu: number): number {
  const d = k - mu;
  return k * log1p(d / mu) - d;
}

/** log P(X = k) for X ~ Poisson(λ), k ≥ 0 an integer, λ > 0. */
export function logPoissonPmf(k: number, lam: number): number {
  if (k === 0) return -lam;
  return -deviance(k, lam) - stirlingRemainder(k) - 0.5 * log(k) - HALF_LOG_2PI;
}

/**
 * log P(X = k) for X ~ Binomial(n, p), 0 ≤ k ≤ n integers, 0 < p ≤ 1/2, np = n·p, nq = n·(1 − p).
 */
export function logBinomialPmf(k: number, n: number, p: number, np: number, nq: number): number {
  if (k === 0) return n * log1p(-p);
  if (k === n) return n * log(p);
  const m = n - k;
  return stirlingRemainder(n) - stirlingRemainder(k) - stirlingRemainder(m) - deviance(k, np) - deviance(m, nq) +
    0.5 * (log(n) - log(k) - log(m)) - HALF_LOG_2PI;
}
