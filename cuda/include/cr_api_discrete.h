// The discrete samplers of docs/streams.md, "Bounded integers", "Bernoulli", "Geometric" (integers, bernoulli,
// geometric) as plain
// C++ functions like cr_api_dist.h: (k0, k1, first, parameters…, out), element i of `out` being element
// first + i of the sampler's stream under key (k0, k1), bit for bit what the TypeScript backend gives.
// Blocking calls take a cr_array output in host or device memory; the _device twins only enqueue on the
// caller's stream (and do not validate device-resident p). The math: cuda/include/cr_discrete.h.
#ifndef CR_API_DISCRETE_H
#define CR_API_DISCRETE_H

#include <stdint.h>

#include "cr_api.h"

/** Integers in [low, high): out.type CR_TYPE_I32 (low ≥ −2^31, high ≤ 2^31), CR_TYPE_U32 (low ≥ 0,
 *  high ≤ 2^32) or CR_TYPE_F64 (|low|, |high| ≤ 2^53 − 1, high − low ≤ 2^53); low < high. Anything
 *  else is CR_EINVAL. */
cr_status cr_integers(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, cr_array out);
/** Bernoulli(p) as 0/1 of out.type (u8, i32, u32, f32, f64): p in [0, 1], or per element ps->data[i]
 *  (host or device, float32/float64, at least out.n values; device values are validated on the device:
 *  CR_ERANGE names the first bad one). */
cr_status cr_bernoulli(uint32_t k0, uint32_t k1, uint64_t first, double p, const cr_array* ps, cr_array out);
/** Geometric(p) of out.type (i32, u32, f64): p in [cr_geometric_pmin(out.type), 1] (cr_discrete.h), or
 *  per element like cr_bernoulli. */
cr_status cr_geometric(uint32_t k0, uint32_t k1, uint64_t first, double p, const cr_array* ps, cr_array out);

cr_status cr_integers_device(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* dev_out,
                             int type, uint64_t n, void* stream);
/** `dev_ps` (NULL: the scalar p) is device memory of `ps_type` (float32/float64), n values. */
cr_status cr_bernoulli_device(uint32_t k0, uint32_t k1, uint64_t first, double p, const void* dev_ps, int ps_type,
                              void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_geometric_device(uint32_t k0, uint32_t k1, uint64_t first, double p, const void* dev_ps, int ps_type,
                              void* dev_out, int type, uint64_t n, void* stream);

#endif  // CR_API_DISCRETE_H
