// Zipf elements (lib/kernels/zipf.ts; docs/streams.md, "Zipf"), operation by operation, an element
// sampler of cr_elements.h: Devroye's rejection from the Pareto law (Non-Uniform Random Variate
// Generation, X.6.1), as numpy's zipf(a), with the proposal conditioned on X ≤ 2^53 — numpy redraws
// values above 2^63 − 1 instead; this draws only U that give X ≤ 2^53, so a close to 1 wastes no
// proposals and every value is an exact integer of a double. Proposal t of element e is block
// (e mod 2^32, e div 2^32, t, CR_TAG_ZIPF): u = k53(w0, w1)·2^-53, v = k53(w2, w3)·2^-53, both in [0, 1);
// log U = log1p(−c·u) with c = 1 − 2^(−53·am1) (U uniform on (2^(−53·am1), 1]), X = ⌊exp(−log U·(1/am1))⌋,
// y = am1·log1p(1/X), accepted when X ≤ 2^53 and v·X·expm1(y)·(1/bm1) ≤ (1 + expm1(y))·(1/b) — the
// reciprocals derived once on the host, so that a proposal divides once.
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_ZIPF_H
#define CR_ZIPF_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_normal.h"
#include "cr_special.h"

/** Its sub-stream (docs/streams.md, "The counter layout"): distinct from every TAG of cr_layout.h. */
#define CR_TAG_ZIPF 23u

/** A proposal's X from its u in [0, 1), for p = (am1, 1/am1, c, 1/b, 1/bm1): ⌊U^(−1/am1)⌋, U = 1 − c·u. */
CR_HD inline double cr_zipf_x(double u, const double* p) {
  return floor(cr_exp((0.0 - cr_log1p(0.0 - p[2] * u)) * p[1]));
}

/** (1 + 1/X)^am1 − 1 for a proposal's X. */
CR_HD inline double cr_zipf_tm1(double x, const double* p) { return cr_expm1(p[0] * cr_log1p(1.0 / x)); }

/** Devroye's test of X (at most 2^53) with its tm1 = cr_zipf_tm1(X) and the proposal's v in [0, 1). */
CR_HD inline bool cr_zipf_accept(double v, double x, double tm1, const double* p) {
  return ((v * x) * tm1) * p[4] <= (1.0 + tm1) * p[3];
}

/** One proposal of uniforms u, v in [0, 1) for p = (am1, 1/am1, c, 1/b, 1/bm1) with b finite: true and its X when
 *  accepted. */
CR_HD inline bool cr_zipf_try(double u, double v, const double* p, double* x) {
  const double TWO_P53 = 9007199254740992.0;  // 2^53
  *x = cr_zipf_x(u, p);
  if (*x > TWO_P53) return false;  // rounding past the bound
  return cr_zipf_accept(v, *x, cr_zipf_tm1(*x, p), p);
}

/**
 * Element e of zipf for p = (am1 = a − 1, 1/am1, c = 1 − 2^(−53·am1), 1/b, 1/bm1) with b = 2^am1, bm1 = 2^am1 − 1,
 * derived on the host (lib/samplers/zipf.ts); 1/b = 0 (a ≥ 1025: b overflows) gives 1, whose probability rounds
 * to 1. An integer-valued double.
 */
CR_HD inline double cr_zipf_element(uint32_t k0, uint32_t k1, uint64_t e, const double* p) {
  const double TWO_M53 = 1.1102230246251565e-16;  // 2^-53
  if (!(p[3] > 0.0)) return 1.0;
  for (uint32_t t = 0;; ++t) {
    uint32_t w[4];
    cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, CR_TAG_ZIPF, w);
    double x;
    if (cr_zipf_try((double)cr_u53(w[0], w[1]) * TWO_M53, (double)cr_u53(w[2], w[3]) * TWO_M53, p, &x)) return x;
  }
}

/** Null when p = (am1, 1/am1, c, 1/b, 1/bm1) looks like a row lib/samplers/zipf.ts derives for some a > 1, on
 *  which proposals are accepted at a positive rate: am1 > 0 finite, 1/am1 > 0 finite, c in (0, 1], 1/b in [0, 1),
 *  1/bm1 ≥ 0 finite. */
inline const char* cr_zipf_check(const double* p) {
  const double big = 1.7976931348623157e308;
  if (!(p[0] > 0.0 && p[0] <= big && p[1] > 0.0 && p[1] <= big && p[2] > 0.0 && p[2] <= 1.0 && p[3] >= 0.0 &&
        p[3] < 1.0 && p[4] >= 0.0 && p[4] <= big)) {
    return "zipf needs a > 1 (am1 > 0, 1/am1 > 0, c in (0, 1], 1/b in [0, 1), 1/bm1 >= 0)";
  }
  return nullptr;
}

#endif  // CR_ZIPF_H
