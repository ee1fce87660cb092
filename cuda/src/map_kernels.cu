// Kernels whose elements are a map of one base value: normal (Box–Muller, or polar with one item per
// pair looping over its proposals), exponential, the transforms of cuda/include/cr_transforms.h; the
// element samplers of cr_elements.h (one item per element, looping over its proposals) and the
// multivariate normal (one item per value).
// Box–Muller and the open-uniform maps read the raw stream like the uniform fills (one item per
// Philox block, 16-byte stores where aligned, word stores at the head and tail). Work objects:
// cuda/include/cr_work.h. Compiled with -fmad=false: the math is the TypeScript backend's,
// operation by operation.
#include "cr_items.cuh"
#include "cr_launch_dist.h"
#include "cr_work.h"

cudaError_t cr_launch_normal(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool polar,
                             double mean, double std_, int sms, cudaStream_t s) {
  return cr_visit_normal(cr_launcher{sms, s}, out, f32, n, k0, k1, first, polar, mean, std_);
}

cudaError_t cr_launch_exponential(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                  double rate, int sms, cudaStream_t s) {
  return cr_visit_exponential(cr_launcher{sms, s}, out, f32, n, k0, k1, first, rate);
}

cudaError_t cr_launch_transform(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int id,
                                const double* p, const double* rows, int sms, cudaStream_t s) {
  return cr_visit_transform(cr_launcher{sms, s}, out, f32, n, k0, k1, first, id, p, rows);
}

cudaError_t cr_launch_element(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int id,
                              const double* p, const double* rows, int sms, cudaStream_t s) {
  return cr_visit_element(cr_launcher{sms, s}, out, f32, n, k0, k1, first, id, p, rows);
}

cudaError_t cr_launch_mvn(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, uint32_t d,
                          const double* lm, int sms, cudaStream_t s) {
  return cr_visit_mvn(cr_launcher{sms, s}, out, f32, n, k0, k1, first, d, lm);
}
