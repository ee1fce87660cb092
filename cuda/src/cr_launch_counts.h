// Internal to cuda/src: launchers of the count kernels (count_kernels.cu), called by cr_api_counts.cpp.
#ifndef CR_LAUNCH_COUNTS_H
#define CR_LAUNCH_COUNTS_H

#include <cuda_runtime.h>

#include "cr_count_work.h"

/** Poisson, binomial or negative binomial elements: one thread per element (cr_count_work). */
cudaError_t cr_launch_counts(const cr_count_args& a, int sms, cudaStream_t s);
/** Multinomial rows: one thread per row of the chunk (cr_multinomial_work). */
cudaError_t cr_launch_multinomial(const cr_multinomial_work& w, int sms, cudaStream_t s);

#endif  // CR_LAUNCH_COUNTS_H
