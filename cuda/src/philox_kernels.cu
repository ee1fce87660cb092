// Philox raw-stream and uniform kernels. Each thread computes whole Philox blocks (4 words) in a
// grid-stride loop; a block lands in the output as one 16-byte store when the output is aligned for
// it, and word by word at the head and tail of the range (offsets and lengths need not be multiples
// of 4). No allocation, no shared memory: the kernels are bound by the stores. The work items are
// cuda/include/cr_fill.h, which the host test program runs too.
#include "cr_fill.h"
#include "cr_launch.h"

namespace {

__global__ void k_bits(uint32_t* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first) {
  const uint64_t items = cr_bits_items(n, first);
  const bool aligned = cr_fill_aligned(dst, 4, (unsigned)(first & 3));
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += (uint64_t)gridDim.x * blockDim.x) {
    cr_bits_item(q, dst, n, k0, k1, first, aligned);
  }
}

__global__ void k_uniform32(float* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool unit,
                            double low, double span) {
  const uint64_t items = cr_bits_items(n, first);
  const bool aligned = cr_fill_aligned(dst, 4, (unsigned)(first & 3));
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += (uint64_t)gridDim.x * blockDim.x) {
    cr_uniform32_item(q, dst, n, k0, k1, first, aligned, unit, low, span);
  }
}

__global__ void k_uniform64(double* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool unit,
                            double low, double span) {
  const uint64_t items = cr_uniform64_items(n, first);
  const bool aligned = cr_fill_aligned(dst, 8, (unsigned)(first & 1));
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += (uint64_t)gridDim.x * blockDim.x) {
    cr_uniform64_item(q, dst, n, k0, k1, first, aligned, unit, low, span);
  }
}

unsigned grid_for(uint64_t items, int sms) {
  const uint64_t want = (items + CR_BLOCK - 1) / CR_BLOCK;
  const uint64_t cap = (uint64_t)(sms > 0 ? sms : 1) * (2048 / CR_BLOCK);  // one full wave
  return (unsigned)(want < cap ? (want > 0 ? want : 1) : cap);
}

}  // namespace

cudaError_t cr_launch_bits(uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int sms,
                           cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  k_bits<<<grid_for(cr_bits_items(n, first), sms), CR_BLOCK, 0, s>>>(dst, n, k0, k1, first);
  return cudaGetLastError();
}

cudaError_t cr_launch_uniform32(float* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                                double high, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const bool unit = low == 0.0 && high == 1.0;
  k_uniform32<<<grid_for(cr_bits_items(n, first), sms), CR_BLOCK, 0, s>>>(dst, n, k0, k1, first, unit, low,
                                                                         high - low);
  return cudaGetLastError();
}

cudaError_t cr_launch_uniform64(double* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                                double high, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const bool unit = low == 0.0 && high == 1.0;
  k_uniform64<<<grid_for(cr_uniform64_items(n, first), sms), CR_BLOCK, 0, s>>>(dst, n, k0, k1, first, unit, low,
                                                                             high - low);
  return cudaGetLastError();
}

cudaError_t cr_kernel_image_check() {
  cudaFuncAttributes attr;
  return cudaFuncGetAttributes(&attr, k_bits);
}
