// Count samplers of docs/streams.md, "Counts", per element: the C++/CUDA port of lib/kernels/log-pmf.ts,
// poisson.ts, binomial.ts and negative-binomial.ts, operation by operation (binary64 via cr_math.h and
// cr_special.h; host code -ffp-contract=off, device code -fmad=false), and the work items the CUDA
// kernels run (cuda/src/count_kernels.cu), host-tested by cuda/test/test_counts.cpp against vectors
// from the TypeScript kernels.
#ifndef CR_COUNTS_H
#define CR_COUNTS_H

#include <math.h>
#include <stdint.h>

#include "cr_gamma.h"
#include "cr_layout.h"
#include "cr_math.h"
#include "cr_philox.h"
#include "cr_special.h"

#define CR_HALF_LOG_2PI 0.91893853320467274178
/** An inversion search that would pass this count rejects its proposal (poisson.ts INVERSION_CAP). */
#define CR_INVERSION_CAP 110.0
#define CR_POISSON_PTRS_FROM 10.0
#define CR_BINOMIAL_BTRS_FROM 10.0

// ---- log-probabilities in Loader's form (log-pmf.ts) --------------------------------------------------

CR_HD inline double cr_stirling_remainder(double k) {
  if (k < 16.0) return cr_log_factorial(k) - (k + 0.5) * cr_log(k) + k - CR_HALF_LOG_2PI;
  const double s = 1.0 / (k * k);
  return (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0 - s / 1680.0) * s) * s) / k;
}

CR_HD inline double cr_deviance(double k, double mu) {
  const double d = k - mu;
  return k * cr_log1p(d / mu) - d;
}

/** log k and Stirling's remainder of a count k as the log-pmfs take them: computed (the CUDA kernels, the
 *  WebAssembly module), or read from a table of these very values (cuda/src/cpu_counts.cpp). */
struct cr_count_logs {
  CR_HD double log(double k) const { return cr_log(k); }
  CR_HD double stirling(double k) const { return cr_stirling_remainder(k); }
};

template <class L = cr_count_logs>
CR_HD inline double cr_log_poisson_pmf(double k, double lam, const L& l = L()) {
  if (k == 0.0) return -lam;
  return -cr_deviance(k, lam) - l.stirling(k) - 0.5 * l.log(k) - CR_HALF_LOG_2PI;
}

template <class L = cr_count_logs>
CR_HD inline double cr_log_binomial_pmf(double k, double n, double p, double np, double nq, const L& l = L()) {
  if (k == 0.0) return n * cr_log1p(-p);
  if (k == n) return n * cr_log(p);
  const double m = n - k;
  return l.stirling(n) - l.stirling(k) - l.stirling(m) - cr_deviance(k, np) - cr_deviance(m, nq) +
         0.5 * (l.log(n) - l.log(k) - l.log(m)) - CR_HALF_LOG_2PI;
}

// ---- a proposal's uniforms ------------------------------------------------------------------------------

/** A = k53(w0, w1)·2^-53 in [0, 1). */
CR_HD inline double cr_count_a(const uint32_t w[4]) { return (double)cr_u53(w[0], w[1]) * 1.1102230246251565e-16; }
/** B = (k53(w2, w3) + 1)·2^-53 in (0, 1]. */
CR_HD inline double cr_count_b(const uint32_t w[4]) { return (double)(cr_u53(w[2], w[3]) + 1) * 1.1102230246251565e-16; }

/** Proposal t of element e on `tag`: block (lo(e), hi(e), t, tag). */
CR_HD inline void cr_count_block(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t, uint32_t tag, uint32_t w[4]) {
  cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, tag, w);
}

// ---- Poisson (poisson.ts) ---------------------------------------------------------------------------------

struct cr_poisson_state {
  double lam;
  int ptrs;
  double p0;            // inversion: e^-λ
  double b, a, ia, vr;  // PTRS (ia = 1/α)
};

CR_HD inline cr_poisson_state cr_poisson_setup(double lam) {
  cr_poisson_state s{};
  s.lam = lam;
  if (lam < CR_POISSON_PTRS_FROM) {
    s.ptrs = 0;
    s.p0 = cr_exp(-lam);
    return s;
  }
  s.ptrs = 1;
  s.b = 0.931 + 2.53 * sqrt(lam);
  s.a = -0.059 + 0.02483 * s.b;
  s.ia = 1.1239 + 1.1328 / (s.b - 3.4);
  s.vr = 0.9277 - 3.6224 / (s.b - 2.0);
  return s;
}

/** The inversion's search from 0 for A: k = 0, 1, … with the summed pmf term(k) (k ≥ 1) until A < F, or
 *  -1 past cap. */
template <class Term>
CR_HD inline double cr_inversion(double A, double f0, double cap, const Term& term) {
  double k = 0.0, p = f0, F = p;
  while (!(A < F)) {
    k = k + 1.0;
    if (k > cap) return -1.0;
    p = term(p, k);
    F = F + p;
  }
  return k;
}

/**
 * How a count's proposal evaluates its inversion and its log-probabilities: directly (this policy, the
 * CUDA kernels and the per-element paths; L gives the log-pmfs' log k and Stirling remainders, computed
 * or tabulated), or from tables of the very same values (cr_count_tables.h, for a scalar parameter).
 * Either gives the same bits.
 */
template <class L = cr_count_logs>
struct cr_count_direct_t {
  /** the log-pmfs' log k and Stirling remainders */
  L logs;
  CR_HD double poisson_inversion(double A, const struct cr_poisson_state& s) const;
  /** exp(log P(X = k)): the bound PTRS compares with. */
  CR_HD double poisson_bound(double k, const struct cr_poisson_state& s) const;
  CR_HD double binomial_inversion(double A, const struct cr_binomial_state& s) const;
  /** exp(log P(X = k) − log P(X = m)): the bound BTRS compares with. */
  CR_HD double binomial_bound(double k, const struct cr_binomial_state& s) const;
};
typedef cr_count_direct_t<> cr_count_direct;

template <class L>
CR_HD inline double cr_count_direct_t<L>::poisson_inversion(double A, const cr_poisson_state& s) const {
  const double lam = s.lam;
  return cr_inversion(A, s.p0, CR_INVERSION_CAP, [lam](double p, double k) { return p * lam / k; });
}
template <class L>
CR_HD inline double cr_count_direct_t<L>::poisson_bound(double k, const cr_poisson_state& s) const {
  return cr_exp(cr_log_poisson_pmf(k, s.lam, logs));
}

/** The count of the proposal with words w, or -1 when it is rejected. */
template <class P = cr_count_direct>
CR_HD inline double cr_poisson_try(const cr_poisson_state& s, const uint32_t w[4], const P& pol = P()) {
  const double A = cr_count_a(w);
  if (!s.ptrs) return pol.poisson_inversion(A, s);
  const double V = cr_count_b(w);
  const double U = A - 0.5;
  const double us = 0.5 - fabs(U);
  const double k = floor((2.0 * s.a / us + s.b) * U + s.lam + 0.43);
  if (us >= 0.07 && V <= s.vr) return k;
  if (k < 0.0 || (us < 0.013 && V > us)) return -1.0;
  return V * s.ia / (s.a / (us * us) + s.b) <= pol.poisson_bound(k, s) ? k : -1.0;
}

/** Element e's count: its first accepted proposal on `tag`. */
CR_HD inline double cr_poisson_element(uint32_t k0, uint32_t k1, uint64_t e, const cr_poisson_state& s, uint32_t tag) {
  uint32_t w[4];
  for (uint32_t t = 0;; ++t) {
    cr_count_block(k0, k1, e, t, tag, w);
    const double k = cr_poisson_try(s, w);
    if (k >= 0.0) return k;
  }
}

// ---- binomial (binomial.ts) ---------------------------------------------------------------------------------

struct cr_binomial_state {
  double n, pp;
  int method;  // 0: no draw, 1: inversion, 2: BTRS
  bool flip;
  double p0, r, cap;                                  // inversion
  double b, a, c, alpha, vr, urvr, m, lpm, np, nq;  // BTRS
};

/** The state of (n, p). exp_p0 = false leaves the inversion's p0 as its logarithm n·log1p(−p'), for a
 *  caller that exponentiates several at once (lib/wasm/samplers.cc, four lanes per vexp). `l`: BTRS's
 *  log-pmf at the mode takes its log k and Stirling terms from it (computed, or a host table). */
template <class L = cr_count_logs>
CR_HD inline cr_binomial_state cr_binomial_setup(double n, double p, bool exp_p0 = true, const L& l = L()) {
  cr_binomial_state s{};
  s.flip = p > 0.5;
  s.pp = s.flip ? 1.0 - p : p;
  s.n = n;
  if (n == 0.0 || s.pp == 0.0) {
    s.method = 0;
    return s;
  }
  const double q = 1.0 - s.pp;
  const double np = n * s.pp;
  if (np < CR_BINOMIAL_BTRS_FROM) {
    s.method = 1;
    const double lp0 = n * cr_log1p(-s.pp);
    s.p0 = exp_p0 ? cr_exp(lp0) : lp0;
    s.r = s.pp / q;
    s.cap = n < CR_INVERSION_CAP ? n : CR_INVERSION_CAP;
    return s;
  }
  const double spq = sqrt(np * q);
  s.method = 2;
  s.b = 1.15 + 2.53 * spq;
  s.vr = 0.92 - 4.2 / s.b;
  s.m = floor((n + 1.0) * s.pp);
  s.nq = n * q;
  s.a = -0.0873 + 0.0248 * s.b + 0.01 * s.pp;
  s.c = np + 0.5;
  s.alpha = (2.83 + 5.1 / s.b) * spq;
  s.urvr = 0.86 * s.vr;
  s.np = np;
  s.lpm = cr_log_binomial_pmf(s.m, n, s.pp, np, s.nq, l);
  return s;
}

template <class L>
CR_HD inline double cr_count_direct_t<L>::binomial_inversion(double A, const cr_binomial_state& s) const {
  const double r = s.r, n = s.n;
  return cr_inversion(A, s.p0, s.cap, [r, n](double pk, double k) { return pk * r * (n - k + 1.0) / k; });
}
template <class L>
CR_HD inline double cr_count_direct_t<L>::binomial_bound(double k, const cr_binomial_state& s) const {
  return cr_exp(cr_log_binomial_pmf(k, s.n, s.pp, s.np, s.nq, logs) - s.lpm);
}

/** X (for p' ≤ ½) of the proposal with words w, or -1 when it is rejected. */
template <class P>
CR_HD inline double cr_binomial_draw(const cr_binomial_state& s, const uint32_t w[4], const P& pol) {
  const double n = s.n;
  const double A = cr_count_a(w);
  if (s.method == 1) return pol.binomial_inversion(A, s);
  double v = A, u;
  if (v <= s.urvr) {
    u = v / s.vr - 0.43;
    const double k = floor((2.0 * s.a / (0.5 - fabs(u)) + s.b) * u + s.c);
    return k < 0.0 || k > n ? -1.0 : k;
  }
  if (v >= s.vr) {
    u = cr_count_b(w) - 0.5;
  } else {
    u = v / s.vr - 0.93;
    u = (u < 0.0 ? -0.5 : 0.5) - u;
    v = cr_count_b(w) * s.vr;
  }
  const double us = 0.5 - fabs(u);
  const double k = floor((2.0 * s.a / us + s.b) * u + s.c);
  if (k < 0.0 || k > n) return -1.0;
  v = v * s.alpha / (s.a / (us * us) + s.b);
  return v <= pol.binomial_bound(k, s) ? k : -1.0;
}

/** The count of the proposal (count − X when p > ½), or -1 when it is rejected; method 0 takes none. */
template <class P = cr_count_direct>
CR_HD inline double cr_binomial_try(const cr_binomial_state& s, const uint32_t w[4], const P& pol = P()) {
  if (s.method == 0) return s.flip ? s.n : 0.0;
  const double x = cr_binomial_draw(s, w, pol);
  return x < 0.0 || !s.flip ? x : s.n - x;
}

/** Binomial element e: no proposal for method 0, else its first accepted proposal (TAG_BINOMIAL). */
CR_HD inline double cr_binomial_element(uint32_t k0, uint32_t k1, uint64_t e, const cr_binomial_state& s) {
  if (s.method == 0) return s.flip ? s.n : 0.0;
  uint32_t w[4];
  for (uint32_t t = 0;; ++t) {
    cr_count_block(k0, k1, e, t, CR_TAG_BINOMIAL, w);
    const double k = cr_binomial_try(s, w);
    if (k >= 0.0) return k;
  }
}

// ---- negative binomial (negative-binomial.ts) ------------------------------------------------------------------

/** Element e: Poisson(G·((1 − p)/p)) on TAG_NEGATIVE_BINOMIAL, G gamma element e (float64 layout) with α = r. */
CR_HD inline double cr_negative_binomial_element(uint32_t k0, uint32_t k1, uint64_t e, double r, double p) {
  if (p == 1.0) return 0.0;
  const double lam = cr_gamma_element(k0, k1, e, r, (1.0 - p) / p, true, 1);
  return cr_poisson_element(k0, k1, e, cr_poisson_setup(lam), CR_TAG_NEGATIVE_BINOMIAL);
}

// ---- multinomial (binomial.ts) ----------------------------------------------------------------------------------

/** Tail sums tail[j] = w[j] + tail[j + 1] from the end (host side: the C API computes them once). */
inline void cr_weight_tails(const double* w, uint32_t K, double* tail) {
  tail[K - 1] = w[K - 1];
  for (uint32_t j = K - 1; j-- > 0;) tail[j] = w[j] + tail[j + 1];
}

/** Component j of the multinomial row whose component 0 is binomial element e0, given the count `rest`
 *  not yet placed by components < j; the caller subtracts it. */
CR_HD inline double cr_multinomial_component(uint32_t k0, uint32_t k1, uint64_t e0, uint32_t j, uint32_t K,
                                             double rest, const double* w, const double* tail) {
  if (j == K - 1) return rest;
  if (!(rest > 0.0 && tail[j] > 0.0)) return 0.0;
  const double q = w[j] / tail[j];
  return cr_binomial_element(k0, k1, e0 + j, cr_binomial_setup(rest, q < 1.0 ? q : 1.0));
}

// ---- validity of parameters read from device memory (the facade checks host values up front) ------------------

/** λ finite, >= 0 and λ + 64·√λ + 64 <= max (the output type's largest count). */
CR_HD inline bool cr_lam_fits(double lam, double max) {
  return lam >= 0.0 && lam <= 1.7976931348623157e308 && lam + 64.0 * sqrt(lam) + 64.0 <= max;
}
/** count an integer in [0, max]. */
CR_HD inline bool cr_count_fits(double c, double max) { return c >= 0.0 && c <= max && floor(c) == c; }
CR_HD inline bool cr_probability(double p) { return p >= 0.0 && p <= 1.0; }

#endif  // CR_COUNTS_H
