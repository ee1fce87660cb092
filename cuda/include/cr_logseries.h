// Logarithmic series elements (lib/kernels/logseries.ts; docs/streams.md, "Logarithmic series"),
// operation by operation, an element sampler of cr_elements.h: Kemp's second method (LK), as numpy's
// logseries(p). Block 0 of element e, (e mod 2^32, e div 2^32, 0, CR_TAG_LOGSERIES), gives
// V = (k53(w0, w1) + 1)·2^-53 and U = (k53(w2, w3) + 1)·2^-53, both in (0, 1]. With r = log(1 − p)
// (derived on the host) and q = −expm1(r·U), the value is 1 + ⌊log V / log q⌋: 1 when V ≥ p or V > q,
// 2 when q² < V ≤ q, else ⌊1 + log V / log q⌋ — so an element with V ≥ p computes nothing, and only one
// with V ≤ q² takes logarithms.
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_LOGSERIES_H
#define CR_LOGSERIES_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_normal.h"
#include "cr_special.h"

/** Its sub-stream (docs/streams.md, "The counter layout"): distinct from every TAG of cr_layout.h. */
#define CR_TAG_LOGSERIES 22u

/** The value of uniforms V, U in (0, 1] for p = (p, r = log(1 − p)): an integer-valued double ≥ 1. */
CR_HD inline double cr_logseries_value(double v, double u, const double* p) {
  if (v >= p[0]) return 1.0;
  const double q = 0.0 - cr_expm1(p[1] * u);
  if (v <= q * q) return floor(1.0 + cr_log(v) / cr_log(q));
  return v <= q ? 2.0 : 1.0;
}

/** Element e of logseries for p = (p, r = log(1 − p)). */
CR_HD inline double cr_logseries_element(uint32_t k0, uint32_t k1, uint64_t e, const double* p) {
  const double TWO_M53 = 1.1102230246251565e-16;  // 2^-53
  uint32_t w[4];
  cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), 0u, CR_TAG_LOGSERIES, w);
  return cr_logseries_value((double)(cr_u53(w[0], w[1]) + 1) * TWO_M53, (double)(cr_u53(w[2], w[3]) + 1) * TWO_M53, p);
}

/** Null when p = (p, r) is a row lib/samplers/logseries.ts derives: p in [0, 1), r finite and ≤ 0. */
inline const char* cr_logseries_check(const double* p) {
  if (!(p[0] >= 0.0 && p[0] < 1.0 && p[1] <= 0.0 && p[1] >= -1.7976931348623157e308)) {
    return "logseries p must be in [0, 1) and r = log(1 - p) finite and <= 0";
  }
  return nullptr;
}

#endif  // CR_LOGSERIES_H
