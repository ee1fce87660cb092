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

#endif  // CR_CPU_COUNT_KERNELS_H
