// The keys of permutations and sampling without replacement (docs/streams.md, "Permutations and sampling without
// replacement"), __host__ __device__: operation by operation lib/kernels/select.ts. A result lists indices in
// increasing (key, index) order; cuda/src/select.cu sorts these keys with CUB's stable radix sort (indices in ascending
// order as the values, so equal keys keep index order). cuda/test/test_select.cpp checks them against the
// TypeScript kernels.
#ifndef CR_SELECT_H
#define CR_SELECT_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_philox.h"

/** The key of a zero weight: above every non-negative binary64's bits, so never among the k smallest
 *  when k ≤ the number of positive weights (lib/kernels/select.ts EXCLUDED:EXCLUDED). */
#define CR_SELECT_EXCLUDED 0xFFFFFFFFFFFFFFFFull

/** Words 2i, 2i+1 of the stream (block b, lane) under `tag`: (w_2i << 32) | w_2i+1. */
CR_HD inline uint64_t cr_select_words(uint32_t k0, uint32_t k1, uint64_t i, uint32_t tag) {
  const uint64_t b = i >> 1;
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, tag};
  const uint32_t key[2] = {k0, k1};
  uint32_t w[4];
  cr_philox4x32_10(ctr, key, w);
  const int lane = (int)(i & 1) * 2;
  return ((uint64_t)w[lane] << 32) | w[lane + 1];
}

/** Element i's permutation key (docs/streams.md, "permutation and uniform sampling"). */
CR_HD inline uint64_t cr_permute_key(uint32_t k0, uint32_t k1, uint64_t i) {
  return cr_select_words(k0, k1, i, CR_TAG_PERMUTE);
}

/** Element i's weighted key (docs/streams.md, "weighted sampling without replacement"): the bits of
 *  (0 − log(u)) / w, u = (k53 + 1)·2^-53; w = 0: excluded. */
CR_HD inline uint64_t cr_weighted_key(uint32_t k0, uint32_t k1, uint64_t i, double w) {
  if (w == 0) return CR_SELECT_EXCLUDED;
  const uint64_t ab = cr_select_words(k0, k1, i, CR_TAG_WEIGHTED);
  const uint64_t k53 = ((uint64_t)((uint32_t)(ab >> 32) >> 5) << 26) + ((uint32_t)ab >> 6);
  const double u = (double)(k53 + 1) * 1.1102230246251565e-16;  // exact: k53 + 1 ≤ 2^53
  return cr_dbits((0.0 - cr_log(u)) / w);
}

#endif  // CR_SELECT_H
