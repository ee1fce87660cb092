// Internal to cuda/src: launchers of the discrete kernels (discrete_kernels.cu), called by
// cr_api_discrete.cpp; each enqueues on stream `s` and returns the launch error. `out` is device memory
// of `type` (CR_TYPE_*).
#ifndef CR_LAUNCH_DISCRETE_H
#define CR_LAUNCH_DISCRETE_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "cr_discrete.h"

cudaError_t cr_launch_integers(void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               const cr_int_plan& p, int sms, cudaStream_t s);

/** Bernoulli (kind CR_BERNOULLI) or geometric (CR_GEOMETRIC) elements [first, first + n). */
cudaError_t cr_launch_prob(int kind, void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                           const cr_prob_view& v, int sms, cudaStream_t s);

#endif  // CR_LAUNCH_DISCRETE_H
