// Beta(a, b) by Jöhnk's algorithm for a ≤ 1 and b ≤ 1 (lib/kernels/beta.ts; docs/streams.md, "Dirichlet and
// beta"), operation by operation: proposal t of element e is block (lo(e), hi(e), t, CR_TAG_BETA), U =
// (k53(w0, w1) + 1)·2^-53, V = (k53(w2, w3) + 1)·2^-53, X = exp(log(U)/a), Y = exp(log(V)/b), accepted iff
// X + Y ≤ 1, value X/(X + Y) or, when X < 2^-1022, the same ratio in log space. The first accepted wins.
// cr_gamma.h's cr_beta_element picks this or the gamma ratio. Build device code with -fmad=false, host
// code with -ffp-contract=off.
#ifndef CR_BETA_H
#define CR_BETA_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_normal.h"  // cr_u53, cr_block

/** Whether beta(a, b) runs Jöhnk's algorithm (else the gamma ratio of cr_gamma.h). */
CR_HD inline bool cr_beta_johnk(double a, double b) { return a <= 1.0 && b <= 1.0; }

/** Jöhnk's test of the logs lu = log U, lv = log V: true and *value when X + Y ≤ 1. */
CR_HD inline bool cr_johnk_logs(double lu, double lv, double a, double b, double* value) {
  const double lx = lu / a, ly = lv / b;
  const double x = cr_exp(lx);
  const double s = x + cr_exp(ly);
  if (!(s <= 1.0)) return false;
  if (x >= 2.2250738585072014e-308) {  // 2^-1022: X/S keeps its digits
    *value = x / s;
    return true;
  }
  const double m = lx > ly ? lx : ly;
  const double ex = cr_exp(lx - m);
  *value = ex / (ex + cr_exp(ly - m));
  return true;
}

/** Proposal t of element e: true and *value when accepted. */
CR_HD inline bool cr_johnk_try(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t, double a, double b, double* value) {
  const double TWO_M53 = 1.1102230246251565e-16;  // 2^-53
  uint32_t w[4];
  cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, CR_TAG_BETA, w);
  return cr_johnk_logs(cr_log((double)(cr_u53(w[0], w[1]) + 1) * TWO_M53),
                       cr_log((double)(cr_u53(w[2], w[3]) + 1) * TWO_M53), a, b, value);
}

/** Element e's first accepted proposal from t0 on. */
CR_HD inline double cr_johnk_from(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t0, double a, double b) {
  double v = 0.0;
  for (uint32_t t = t0;; ++t)
    if (cr_johnk_try(k0, k1, e, t, a, b, &v)) return v;
}

/** Beta element e for a, b ≤ 1 (both dtypes: the float32 value is this one rounded once). */
CR_HD inline double cr_beta_johnk_element(uint32_t k0, uint32_t k1, uint64_t e, double a, double b) {
  return cr_johnk_from(k0, k1, e, 0u, a, b);
}

#endif  // CR_BETA_H
