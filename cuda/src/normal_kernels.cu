// Normal and exponential kernels: the samplers without rejection loops across threads. Box–Muller and
// exponential read the raw stream like the uniform fills (one thread per Philox block, 16-byte stores
// where aligned, word stores at the head and tail); polar gives each thread one pair and its own
// proposal loop (the pair's first accepted proposal; 79 % accept the first). Work items:
// cuda/include/cr_dist_items.h. Compiled with -fmad=false: the math is the TypeScript backend's,
// operation by operation.
#include "cr_launch.h"
#include "cr_launch_dist.h"

namespace {

template <bool F32>
__global__ void k_normal_bm(void* __restrict__ out, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double mean,
                            double std_) {
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  if constexpr (F32) {
    float* dst = static_cast<float*>(out);
    const uint64_t items = cr_bits_items(n, first);
    const bool aligned = cr_fill_aligned(dst, 4, (unsigned)(first & 3));
    for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += stride)
      cr_normal_bm32_item(q, dst, n, k0, k1, first, aligned, mean, std_);
  } else {
    double* dst = static_cast<double*>(out);
    const uint64_t items = cr_uniform64_items(n, first);
    const bool aligned = cr_fill_aligned(dst, 8, (unsigned)(first & 1));
    for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += stride)
      cr_normal_bm64_item(q, dst, n, k0, k1, first, aligned, mean, std_);
  }
}

template <class T>
__global__ void k_normal_polar(T* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double mean,
                               double std_) {
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  const uint64_t items = cr_uniform64_items(n, first);
  const bool aligned = cr_pair_aligned(dst, sizeof(T), (unsigned)(first & 1));
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += stride)
    cr_normal_polar_item(q, dst, n, k0, k1, first, aligned, mean, std_);
}

template <bool F32>
__global__ void k_exponential(void* __restrict__ out, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                              double rate) {
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  if constexpr (F32) {
    float* dst = static_cast<float*>(out);
    const uint64_t items = cr_bits_items(n, first);
    const bool aligned = cr_fill_aligned(dst, 4, (unsigned)(first & 3));
    for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += stride)
      cr_exponential32_item(q, dst, n, k0, k1, first, aligned, rate);
  } else {
    double* dst = static_cast<double*>(out);
    const uint64_t items = cr_uniform64_items(n, first);
    const bool aligned = cr_fill_aligned(dst, 8, (unsigned)(first & 1));
    for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += stride)
      cr_exponential64_item(q, dst, n, k0, k1, first, aligned, rate);
  }
}

/** One resident wave at most (grid-stride beyond). */
unsigned grid_for(uint64_t items, int sms) {
  const uint64_t want = (items + CR_BLOCK - 1) / CR_BLOCK;
  const uint64_t cap = (uint64_t)(sms > 0 ? sms : 1) * (2048 / CR_BLOCK);
  return (unsigned)(want < cap ? (want > 0 ? want : 1) : cap);
}

}  // namespace

cudaError_t cr_launch_normal(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool polar,
                             double mean, double std_, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  if (polar) {
    const unsigned grid = grid_for(cr_uniform64_items(n, first), sms);
    if (f32) {
      k_normal_polar<float><<<grid, CR_BLOCK, 0, s>>>(static_cast<float*>(out), n, k0, k1, first, mean, std_);
    } else {
      k_normal_polar<double><<<grid, CR_BLOCK, 0, s>>>(static_cast<double*>(out), n, k0, k1, first, mean, std_);
    }
  } else if (f32) {
    k_normal_bm<true><<<grid_for(cr_bits_items(n, first), sms), CR_BLOCK, 0, s>>>(out, n, k0, k1, first, mean, std_);
  } else {
    k_normal_bm<false><<<grid_for(cr_uniform64_items(n, first), sms), CR_BLOCK, 0, s>>>(out, n, k0, k1, first, mean,
                                                                                        std_);
  }
  return cudaGetLastError();
}

cudaError_t cr_launch_exponential(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                  double rate, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  if (f32) {
    k_exponential<true><<<grid_for(cr_bits_items(n, first), sms), CR_BLOCK, 0, s>>>(out, n, k0, k1, first, rate);
  } else {
    k_exponential<false><<<grid_for(cr_uniform64_items(n, first), sms), CR_BLOCK, 0, s>>>(out, n, k0, k1, first, rate);
  }
  return cudaGetLastError();
}
