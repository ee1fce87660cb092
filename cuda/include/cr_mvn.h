// Multivariate normal values (lib/kernels/mvn.ts, docs/streams.md, "Multivariate normal"), operation by operation:
// value j of the flat row-major stream is component k = j mod d of row r = j div d, mean_k + Σ_{i ≤ k}
// L[k][i]·z_{r·d+i} summed in i order from 0, z the key's Box–Muller elements (mean 0, std 1). lm holds
// the mean (d values) and then L packed by rows (row k at d + k(k+1)/2), computed on the host.
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_MVN_H
#define CR_MVN_H

#include <stdint.h>

#include "cr_normal.h"

/** lm's length for dimension d. */
CR_HD inline uint64_t cr_mvn_params(uint32_t d) { return (uint64_t)d + (uint64_t)d * (d + 1) / 2; }

/** Value j (binary64; float32 outputs round it once and use the float32 normal stream: wide = false). */
CR_HD inline double cr_mvn_value(uint32_t k0, uint32_t k1, uint64_t j, uint32_t d, const double* lm, bool wide) {
  const uint64_t r = j / d;
  const uint32_t k = (uint32_t)(j - r * d);
  const double* Lk = lm + d + (uint64_t)k * (k + 1) / 2;
  double s = 0.0;
  for (uint32_t i = 0; i <= k; ++i) s = s + Lk[i] * cr_normal_element(k0, k1, r * d + i, false, wide, 0.0, 1.0);
  return lm[k] + s;
}

#endif  // CR_MVN_H
