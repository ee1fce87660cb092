// Wald (inverse Gaussian) elements (lib/kernels/wald.ts; docs/streams.md, "Wald (inverse Gaussian)"),
// operation by operation, an element sampler of cr_elements.h. Michael, Schucany and Haas's method, as
// numpy's wald(mean, scale), with its root taken in a form that does not cancel: for the element's
// normal z and a = (mean·z²)/(4·scale), r = (√a + √(a + 1))², the two roots are mean/r and mean·r, and
// the smaller is the value when u·(1 + 1/r) ≤ 1 — numpy's u ≤ mean/(mean + x). Block 0 of the element
// gives z (Box–Muller of (w0, w1), (w2, w3)), block 1 words w0, w1 give u in [0, 1).
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_WALD_H
#define CR_WALD_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_normal.h"

/** Its sub-stream (docs/streams.md, "The counter layout"): distinct from every TAG of cr_layout.h. */
#define CR_TAG_WALD 16u

/** Element e of wald for p = (mean, scale). */
CR_HD inline double cr_wald_element(uint32_t k0, uint32_t k1, uint64_t e, const double* p) {
  const double TWO_M53 = 1.1102230246251565e-16;  // 2^-53
  uint32_t w[4];
  cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), 0u, CR_TAG_WALD, w);
  const double u1 = (double)cr_u53(w[0], w[1]) * TWO_M53;
  const double v = (double)(cr_u53(w[2], w[3]) + 1) * TWO_M53;
  const double z = sqrt(0.0 - 2.0 * cr_log(v)) * cr_cos2pi(u1);
  cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), 1u, CR_TAG_WALD, w);
  const double u = (double)cr_u53(w[0], w[1]) * TWO_M53;
  const double a = (p[0] * (z * z)) / (4.0 * p[1]);
  const double s = sqrt(a) + sqrt(a + 1.0);
  const double r = s * s;
  return u * (1.0 + 1.0 / r) <= 1.0 ? p[0] / r : p[0] * r;
}

/** Null when p = (mean, scale) are both finite and > 0. */
inline const char* cr_wald_check(const double* p) {
  const double big = 1.7976931348623157e308;
  if (!(p[0] > 0.0 && p[0] <= big && p[1] > 0.0 && p[1] <= big)) return "wald mean and scale must be finite and > 0";
  return nullptr;
}

#endif  // CR_WALD_H
