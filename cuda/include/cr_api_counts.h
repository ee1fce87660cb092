// The count samplers of docs/streams.md, "Counts" (Poisson, binomial, negative binomial, multinomial) as
// plain C++ functions, like cr_api_dist.h: (k0, k1, first, parameters…, out), element i of out is
// element first + i of the sampler's stream, bit for bit the TypeScript backend's. Outputs are int32,
// uint32 or float64 (CR_TYPE_I32 / U32 / F64) in host or device memory. Per-element parameters
// (`lams`, `counts`, `ps`; NULL: the scalar) are float32 or float64 values of at least out.n in host or
// device memory; the kernels check each one (and that its counts fit the output type, the rules of
// docs/streams.md, "Counts") and a bad one is CR_ERANGE naming it and its index (blocking calls; the
// _device twins do not validate). Scalars are the caller's to validate, as the TypeScript facade does.
// `proposals` (CR_PROPOSALS_DEFAULT or 1 … CR_MAX_PROPOSALS) is checked but the kernels always run one
// thread per element evaluating one proposal at a time: PTRS and BTRS accept most first proposals and
// the inversions never reject in practice, so lanes of a warp would mostly idle. It never changes a value.
#ifndef CR_API_COUNTS_H
#define CR_API_COUNTS_H

#include <stdint.h>

#include "cr_api.h"

cr_status cr_poisson(uint32_t k0, uint32_t k1, uint64_t first, double lam, const cr_array* lams, int proposals,
                     cr_array out);
cr_status cr_binomial(uint32_t k0, uint32_t k1, uint64_t first, double count, const cr_array* counts, double p,
                      const cr_array* ps, int proposals, cr_array out);
cr_status cr_negative_binomial(uint32_t k0, uint32_t k1, uint64_t first, double r, double p, int proposals,
                               cr_array out);
/** Multinomial values [first, first + out.n) of the flat row-major stream (first = row offset · K);
 *  `probs`: K = probs.n finite weights >= 0 with a positive finite total, float64 in host memory. */
cr_status cr_multinomial(uint32_t k0, uint32_t k1, uint64_t first, double count, cr_array probs, cr_array out);

/* The _device twins: output `dev_out` of n elements of `type`, enqueued on `stream`; `dev_lams`
 * (NULL: the scalar) is device memory of `lam_type`. */
cr_status cr_poisson_device(uint32_t k0, uint32_t k1, uint64_t first, double lam, const void* dev_lams, int lam_type,
                            int proposals, void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_binomial_device(uint32_t k0, uint32_t k1, uint64_t first, double count, double p, int proposals,
                             void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_negative_binomial_device(uint32_t k0, uint32_t k1, uint64_t first, double r, double p, int proposals,
                                      void* dev_out, int type, uint64_t n, void* stream);

#endif  // CR_API_COUNTS_H
