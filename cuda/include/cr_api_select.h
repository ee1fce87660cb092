// The C++ interface of permutations and sampling without replacement (docs/streams.md, "Permutations and sampling
// without replacement"). Same conventions as cr_api.h: plain types, a cr_status per call (CR_EINVAL for arguments the
// TypeScript facade rejects first, else the cudaError_t), blocking, one stream and stream-ordered scratch per call.
// Results are bit-identical to lib/kernels/select.ts: the indices in increasing (key, index) order.
//
// Device memory: 24 bytes per item of the population (keys and indices, double-buffered) plus CUB's
// radix-sort scratch; weights are uploaded (4 or 8 bytes per item) when they are host memory.
#ifndef CR_API_SELECT_H
#define CR_API_SELECT_H

#include <stdint.h>

#include "cr_api.h"

/** out (CR_TYPE_I32 — population ≤ 2^31 —, CR_TYPE_U32 or CR_TYPE_F64, host or device, out.n ≤ population ≤
 *  2^32 − 1) = the first out.n
 *  entries of the permutation of [0, population) under (k0, k1). */
cr_status cr_permutation(uint32_t k0, uint32_t k1, uint64_t population, cr_array out);

/** out (as above) = the out.n items of the weighted sample without replacement, in key order. weights:
 *  CR_TYPE_F32 or CR_TYPE_F64, host or device, 1 … 2^32 − 1 of them, checked by the caller (finite,
 *  ≥ 0, at least out.n positive). */
cr_status cr_weighted_sample(uint32_t k0, uint32_t k1, cr_array weights, cr_array out);

#endif  // CR_API_SELECT_H
