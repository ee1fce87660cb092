// Kernels of the discrete samplers: integers over the tag-7 plane and the maps of the element's float64
// uniform (bernoulli, geometric), one work item per Philox block (cuda/include/cr_discrete.h), through
// the grid-stride template of cr_items.cuh. Compiled with -fmad=false like every kernel here.
#include "cr_items.cuh"
#include "cr_launch_discrete.h"

cudaError_t cr_launch_integers(void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               const cr_int_plan& p, int sms, cudaStream_t s) {
  return cr_visit_integers(cr_launcher{sms, s}, out, type, n, k0, k1, first, p);
}

cudaError_t cr_launch_prob(int kind, void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                           const cr_prob_view& v, int sms, cudaStream_t s) {
  return cr_visit_prob(cr_launcher{sms, s}, kind, out, type, n, k0, k1, first, v);
}
