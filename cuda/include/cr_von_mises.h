// von Mises elements (lib/kernels/vonmises.ts; docs/streams.md, "von Mises (Best–Fisher rejection)"),
// operation by operation, an element sampler of cr_elements.h: Best–Fisher rejection with proposal t of element e in block (e mod 2^32, e div 2^32, t,
// CR_TAG_VON_MISES). p = (mode, s, kappa, mu, c) is derived on the host (lib/samplers/von-mises.ts).
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_VON_MISES_H
#define CR_VON_MISES_H

#include <stdint.h>

#include "cr_layout.h"
#include "cr_math.h"
#include "cr_normal.h"
#include "cr_special.h"

/** Its parameter count. */
#define CR_VON_MISES_PARAMS 5

/** Element e of vonMises for p = (mode, s, kappa, mu, c); a value in [−π, π) (π: its double). */
CR_HD inline double cr_von_mises_element(uint32_t k0, uint32_t k1, uint64_t e, const double* p) {
  const double PI = 3.141592653589793;
  const double TWO_PI = 6.283185307179586;
  const double TWO_M53 = 1.1102230246251565e-16;  // 2^-53
  const double mode = p[0], s = p[1], kappa = p[2];
  double r = 0.0;
  for (uint32_t t = 0;; ++t) {
    uint32_t w[4];
    cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, CR_TAG_VON_MISES, w);
    const double u = (double)cr_u53(w[0], w[1]) * TWO_M53;
    if (mode == 0.0) {
      r = PI * (2.0 * u - 1.0);
      break;
    }
    const double v = (double)(cr_u53(w[2], w[3]) + 1) * TWO_M53;
    if (mode == 2.0) {
      r = p[4] * (sqrt(0.0 - 2.0 * cr_log(v)) * cr_cos2pi(u));
      break;
    }
    const double z = cr_cos2pi(0.5 * u);
    const double wv = (1.0 + s * z) / (s + z);
    const double y = kappa * (s - wv);
    if (y * (2.0 - y) - v >= 0.0 || (y > 0.0 && cr_log(y / v) + 1.0 - y >= 0.0)) {
      r = cr_acos(wv > 1.0 ? 1.0 : wv < -1.0 ? -1.0 : wv);
      if (w[0] & 1u) r = -r;
      break;
    }
  }
  const double x = r + p[3];
  return x < -PI ? x + TWO_PI : x >= PI ? x - TWO_PI : x;
}

/** Null when row p = (mode, s, kappa, mu, c) ends: mode 0, 1 or 2; mode 1 accepts with positive probability
 *  only for s > 1 and kappa > 0 (lib/samplers/von-mises.ts derives both), mode 2 needs a usable c. */
inline const char* cr_von_mises_check(const double* p) {
  const double big = 1.7976931348623157e308;
  if (!(p[0] == 0.0 || p[0] == 1.0 || p[0] == 2.0)) return "von Mises mode must be 0, 1 or 2";
  if (p[0] == 1.0 && !(p[1] - 1.0 > 0.0 && p[1] <= big && p[2] > 0.0 && p[2] <= big)) {
    return "von Mises mode 1 needs s > 1 and kappa > 0, both finite";
  }
  if (p[0] == 2.0 && !(p[4] > 0.0 && p[4] <= big)) return "von Mises mode 2 needs c finite and > 0";
  if (!(p[3] >= -big && p[3] <= big)) return "von Mises mu must be finite";
  return nullptr;
}

#endif  // CR_VON_MISES_H
