// Count kernels (docs/streams.md, "Counts"): Poisson, binomial and negative binomial one thread per element,
// multinomial one thread per row, each looping over its element's proposals until the first accepted
// (cuda/include/cr_count_work.h, host-tested; the math is cr_counts.h). Compiled with -fmad=false.
#include "cr_items.cuh"
#include "cr_launch_counts.h"

cudaError_t cr_launch_counts(const cr_count_args& a, int sms, cudaStream_t s) {
  return cr_launch_work(cr_count_work{a}, sms, s);
}

cudaError_t cr_launch_multinomial(const cr_multinomial_work& w, int sms, cudaStream_t s) {
  return cr_launch_work(w, sms, s);
}
