// The counts' searches and squeezes of many elements on W lanes, each lane doing the scalar code's
// operations in its order (so its F, its exit and its count are the scalar one's) until every lane has
// stopped: W division chains overlap instead of one element's chain after another, and no branch depends
// on one element. The Poisson inversion of elements with their own λ < 10 (negative binomial), the
// binomial inversion of elements of one p' with their own count, and BTRS's squeeze and the rest of its
// draw with the log-pmf bound (multinomial), called by cuda/src/cpu_counts.cpp through the instruction
// set's entries. Included like cpu_vmath.h.
#ifndef CR_CPU_COUNT_KERNELS_H
#define CR_CPU_COUNT_KERNELS_H

#include "cpu_vmath.h"
#include "cr_counts.h"

/** res[i] = the inversion's count of A[i] with λ = lam[i] (each in [0, 10)), or -1 past the cap, i < m. */
template <int W>
void cr_cpu_poisson_inversions_run(const double* lam, const double* A, double* res, unsigned m) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  for (unsigned g = 0; g < m; g += W) {
    // lanes past m: λ = 0, A = 0 stop at once
    const T L = cr_lanes_load<W>(lam, g, m, 0.0), a = cr_lanes_load<W>(A, g, m, 0.0);
    T p = M::exp(0.0 - L), F = p, r = M::splat(0.0);  // p0 = e^-λ: cr_poisson_setup's cr_exp(-lam)
    I open = !(a < F);
    double k = 0.0;
    while (M::any(open)) {
      k = k + 1.0;
      if (k > CR_INVERSION_CAP) {
        r = M::select(open, -1.0, r);
        break;
      }
      p = p * L / k;
      F = F + p;
      const I stop = open & (a < F);
      r = M::select(stop, M::splat(k), r);
      open = open & ~stop;
    }
    cr_lanes_store<W>(res, g, m, r);
  }
}

/**
 * The binomial inversion (cr_count_direct's binomial_inversion) of many elements of one p' ≤ ½ with their
 * own count n[i] (n[i]·p' < 10): p0 = exp(n·lp), lp = log1p(−p') (cr_binomial_setup's p0), the term
 * p·r·(n − k + 1)/k with r = p'/(1 − p'), and the cap min(n, 110) per lane — res[i] = the count for A[i],
 * or -1 past the cap, i < m. Each lane does the scalar search's operations in its order, as above.
 */
template <int W>
void cr_cpu_binomial_inversions_run(const double* n, const double* A, double lp, double r, double* res, unsigned m) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  const T R = M::splat(r), one = M::splat(1.0);
  for (unsigned g = 0; g < m; g += W) {
    // lanes past m: n = 0 (p0 = 1), A = 0 stop at once
    const T N = cr_lanes_load<W>(n, g, m, 0.0), a = cr_lanes_load<W>(A, g, m, 0.0);
    const T cap = M::select(N < CR_INVERSION_CAP, N, CR_INVERSION_CAP);
    T p = M::exp(N * M::splat(lp)), F = p, res_v = M::splat(0.0);
    I open = !(a < F);
    double k = 0.0;
    while (M::any(open)) {
      k = k + 1.0;
      const T K = M::splat(k);
      const I over = open & (K > cap);
      res_v = M::select(over, -1.0, res_v);
      open = open & ~over;
      p = p * R * (N - K + one) / K;
      F = F + p;
      const I stop = open & (a < F);
      res_v = M::select(stop, K, res_v);
      open = open & ~stop;
    }
    cr_lanes_store<W>(res, g, m, res_v);
  }
}

/**
 * BTRS's squeeze (cr_binomial_draw's first branch) for many elements with their own states, W lanes at a
 * time: res[i] = the count X (p' side) when A[i] <= urvr[i] accepts at once, -1 when that k falls outside
 * [0, n] (the proposal is rejected), -2 when A[i] is past the squeeze (the caller runs the scalar draw).
 * Lane by lane cr_binomial_draw's operations in its order: the squeeze is ~90 % of the draws, and its two
 * divisions in a row are a latency chain that lanes overlap.
 */
template <int W>
void cr_cpu_btrs_squeezes_run(const double* A, const double* vr, const double* urvr, const double* a, const double* b,
                              const double* c, const double* n, double* res, unsigned m) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  const auto load = [m](const double* x, unsigned g, double pad) { return cr_lanes_load<W>(x, g, m, pad); };
  for (unsigned g = 0; g < m; g += W) {
    // padding lanes: A = 1 > urvr = 0.5 (past the squeeze), vr = 1 keeps the division finite
    const T V = load(A, g, 1.0), VR = load(vr, g, 1.0), UR = load(urvr, g, 0.5);
    const T Aa = load(a, g, 0.0), B = load(b, g, 0.0), C = load(c, g, 0.0), N = load(n, g, 0.0);
    const T u = V / VR - 0.43;
    const T au = (T)((I)u & 0x7fffffffffffffffll);  // fabs
    const T k = M::floor((2.0 * Aa / (0.5 - au) + B) * u + C);
    const I squeeze = V <= UR;
    const I out = (k < 0.0) | (k > N);
    const T r = M::select(out, -1.0, k);
    cr_lanes_store<W>(res, g, m, M::select(squeeze, r, -2.0));
  }
}

/** The vector log1p on x[0, n) (a test hook's body: cr_cpu_vmath_log1p_*). */
template <int W>
void cr_cpu_log1p_run(const double* x, double* out, unsigned n) {
  for (unsigned g = 0; g < n; g += W) cr_lanes_store<W>(out, g, n, cr_vmath<W>::log1p(cr_lanes_load<W>(x, g, n, 0.0)));
}

/** cr_stirling_remainder per lane: the series for k >= 16, the scalar port for the lanes below. */
template <int W>
typename cr_vmath<W>::T cr_stirling_lanes(typename cr_vmath<W>::T k) {
  using M = cr_vmath<W>;
  const typename M::T s = 1.0 / (k * k);
  typename M::T r = (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0 - s / 1680.0) * s) * s) / k;
  const typename M::I small = k < 16.0;
  if (M::any(small)) {
    for (int l = 0; l < W; ++l)
      if (small[l]) r[l] = cr_stirling_remainder(k[l]);
  }
  return r;
}

/**
 * BTRS past its squeeze (the rest of cr_binomial_draw) for many elements with their own states, W lanes at
 * a time: A[i], B[i] the proposal's two uniforms (cr_count_a, cr_count_b), s[i] its state (method 2).
 * res[i] = the accepted count X (p' side), -1 when the proposal is rejected, -2 when k is 0 or n (the
 * log-pmf's own forms: the caller runs the scalar draw). Lane by lane the scalar operations in their
 * order — the log-pmf's logs and Stirling terms computed (cr_count_logs' values, as the host table
 * holds them), its deviances by the vector log1p, the bound by the vector exp — so the same bits.
 */
template <int W>
void cr_cpu_btrs_bounds_run(const double* A, const double* B, const cr_binomial_state* const* s, double* res,
                            unsigned m) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  for (unsigned g = 0; g < m; g += W) {
    // padding lanes repeat lane g's state and uniforms (a lane's result past m is not stored)
    T V, Bu, VR, Aa, Bb, C, AL, N, NP, NQ, LPM;
    for (int l = 0; l < W; ++l) {
      const unsigned i = g + l < m ? g + l : g;
      const cr_binomial_state& t = *s[i];
      V[l] = A[i], Bu[l] = B[i], VR[l] = t.vr, Aa[l] = t.a, Bb[l] = t.b, C[l] = t.c, AL[l] = t.alpha;
      N[l] = t.n, NP[l] = t.np, NQ[l] = t.nq, LPM[l] = t.lpm;
    }
    const I high = V >= VR;
    const T t = V / VR - 0.93;
    const T u = M::select(high, Bu - 0.5, M::select(t < 0.0, -0.5, M::splat(0.5)) - t);
    const T v = M::select(high, V, Bu * VR);
    const T au = (T)((I)u & 0x7fffffffffffffffll);  // fabs
    const T us = 0.5 - au;
    const T k = M::floor((2.0 * Aa / us + Bb) * u + C);
    const I out = (k < 0.0) | (k > N);
    const I edge = (k == 0.0) | (k == N);
    const T bound_v = v * AL / (Aa / (us * us) + Bb);
    // lanes out or at an edge take a count inside (1 ≤ ⌊np + ½⌋ < n) so that no lane sends the logs to
    // the scalar port; their results are not used
    const T kk = M::select(out | edge, M::floor(C), k);
    const T mm = N - kk;
    const T dk = kk - NP, dm = mm - NQ;
    const T devk = kk * M::log1p(dk / NP) - dk;
    const T devm = mm * M::log1p(dm / NQ) - dm;
    const T lpmf = cr_stirling_lanes<W>(N) - cr_stirling_lanes<W>(kk) - cr_stirling_lanes<W>(mm) - devk - devm +
                   0.5 * (M::log(N) - M::log(kk) - M::log(mm)) - CR_HALF_LOG_2PI;
    const I accept = bound_v <= M::exp(lpmf - LPM);
    const T r = M::select(out, -1.0, M::select(edge, -2.0, M::select(accept, k, -1.0)));
    cr_lanes_store<W>(res, g, m, r);
  }
}

#endif  // CR_CPU_COUNT_KERNELS_H
