// The Poisson inversion of many elements with their own λ < 10 (cr_count_direct's poisson_inversion) on W
// lanes: the search's recurrence p = p·λ/k, F = F + p for W elements side by side, in each lane the
// scalar search's operations in its order (so its F and its exit are the scalar one's), until every lane
// has stopped — W division chains overlap instead of one element's chain after another, and no branch
// depends on one element. cuda/src/cpu_counts.cpp's negative binomial calls it through the instruction
// set's entry. Included like cpu_vmath.h.
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
    T L = M::splat(0.0), a = M::splat(0.0);  // lanes past m: λ = 0, A = 0 stop at once
    for (unsigned l = 0; l < W && g + l < m; ++l) L[l] = lam[g + l], a[l] = A[g + l];
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
    for (unsigned l = 0; l < W && g + l < m; ++l) res[g + l] = r[l];
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
    T N = M::splat(0.0), a = M::splat(0.0);  // lanes past m: n = 0 (p0 = 1), A = 0 stop at once
    if (g + W <= m) {
      __builtin_memcpy(&N, n + g, sizeof N);
      __builtin_memcpy(&a, A + g, sizeof a);
    } else {
      for (unsigned l = 0; g + l < m; ++l) N[l] = n[g + l], a[l] = A[g + l];
    }
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
    if (g + W <= m) __builtin_memcpy(res + g, &res_v, sizeof res_v);
    else for (unsigned l = 0; g + l < m; ++l) res[g + l] = res_v[l];
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
  const auto load = [&](const double* x, unsigned g, double pad) {
    T v = M::splat(pad);
    if (g + W <= m) __builtin_memcpy(&v, x + g, sizeof v);
    else for (unsigned l = 0; g + l < m; ++l) v[l] = x[g + l];
    return v;
  };
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
    const T res_v = M::select(squeeze, r, -2.0);
    if (g + W <= m) __builtin_memcpy(res + g, &res_v, sizeof res_v);
    else for (unsigned l = 0; g + l < m; ++l) res[g + l] = res_v[l];
  }
}

#endif  // CR_CPU_COUNT_KERNELS_H
