// Internal to cuda/src: what the alias kernels (alias_*.cu, nvcc) offer the host API
// (cr_api_alias.cpp). Every function only enqueues work on `s`; none allocates: the caller passes
// scratch of the size the *_scratch_bytes functions name.
#ifndef CR_ALIAS_INTERNAL_H
#define CR_ALIAS_INTERNAL_H

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>

#include "cr_api_alias.h"

/** Bits of the device status word (0: consistent). None can happen for validated weights. */
#define CR_ALIAS_ERR_SUM 1u        /* the weight sum is zero or overflows the accumulator */
#define CR_ALIAS_ERR_ABSORB 2u     /* the absorbing item would drop below one unit */
#define CR_ALIAS_ERR_TOTALS 4u     /* deficits ≠ excesses (units do not total n·2^32) */
#define CR_ALIAS_ERR_PACK 8u       /* a section pack found an inconsistent merge */
#define CR_ALIAS_ERR_PLUS 16u      /* a PSA+ group found an inconsistent sweep */
#define CR_ALIAS_ERR_RANGE 32u     /* a unit count reached 2^64 */

/** Bytes of scratch for the fixed-point pass (cr_alias_enqueue_units), beyond two n-sized arrays it
 *  borrows: cand_idx (n uint32) and cand_key (n uint64), which the construction reuses afterwards. */
size_t cr_alias_units_scratch_bytes(uint32_t n, int sms);
cudaError_t cr_alias_enqueue_units(const void* w, int dtype, uint32_t n, uint64_t* units, void* scratch,
                                   uint32_t* cand_idx, uint64_t* cand_key, uint32_t* status, int sms, cudaStream_t s);

/** The check of device weights (alias_check.cu): words[0] (CR_WEIGHT_NO_BAD before) becomes the lowest
 *  index of a weight that is NaN, infinite or negative; words[1] (0 before) non-zero when a weight is > 0. */
cudaError_t cr_alias_enqueue_check(const void* w, int dtype, uint32_t n, uint32_t* words, int sms, cudaStream_t s);

/** Scratch for the PSA / PSA+ construction from units: A (n uint32) and X (n+1 uint64) first, then
 *  the rest; the fixed-point pass may use A and X as its cand_idx / cand_key before. */
size_t cr_alias_psa_scratch_bytes(uint32_t n, int plus);
/** Offsets of A and X inside that scratch. */
size_t cr_alias_psa_offset_A();
size_t cr_alias_psa_offset_X(uint32_t n);
cudaError_t cr_alias_enqueue_psa(const uint64_t* units, uint32_t n, int plus, uint32_t* rows, void* scratch,
                                 size_t scratch_bytes, uint32_t* status, const cr_alias_tuning& tuning, int sms,
                                 cudaStream_t s);

/** CDF prefix sums (n + 1 entries) of the units. */
size_t cr_alias_prefix_scratch_bytes(uint32_t n);
cudaError_t cr_alias_enqueue_prefix(const uint64_t* units, uint32_t n, uint64_t* prefix, void* scratch,
                                    size_t scratch_bytes, cudaStream_t s);

cudaError_t cr_launch_alias_sample(const uint32_t* rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                   uint32_t* out, uint64_t count, int sms, cudaStream_t s);
cudaError_t cr_launch_cdf_sample(const uint64_t* prefix, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint32_t* out, uint64_t count, int sms, cudaStream_t s);
/** mode: 1 privatised shared-memory counters, 2 global atomics, 0 pick by n. */
cudaError_t cr_launch_alias_counts(const uint32_t* rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                   uint64_t count, uint32_t* counts, int mode, int sms, cudaStream_t s);

#endif  // CR_ALIAS_INTERNAL_H
