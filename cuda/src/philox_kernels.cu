// Philox raw-stream and uniform kernels. Each item computes one Philox block (4 words): one 16-byte
// store when the output is aligned for it, word by word at the head and tail of the range (offsets
// and lengths need not be multiples of 4). No allocation, no shared memory: the kernels are bound by
// the stores. The work objects are cuda/include/cr_work.h, which the host tests run too.
#include "cr_items.cuh"
#include "cr_work.h"

cudaError_t cr_launch_bits(uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int sms,
                           cudaStream_t s) {
  return cr_visit_bits(cr_launcher{sms, s}, dst, n, k0, k1, first);
}

cudaError_t cr_launch_uniform(void* dst, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                              double high, int sms, cudaStream_t s) {
  return cr_visit_uniform(cr_launcher{sms, s}, dst, f32, n, k0, k1, first, low, high);
}

cudaError_t cr_kernel_image_check() {
  cudaFuncAttributes attr;
  return cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(&k_items<cr_bits_work>));
}
