// Philox raw-stream and uniform kernels. Each thread computes whole Philox blocks (4 words) in a
// grid-stride loop; a block lands in the output as one 16-byte store when the output is aligned for
// it, and word by word at the head and tail of the range (offsets and lengths need not be multiples
// of 4). No allocation, no shared memory: the kernels are bound by the stores.
#include "cr_launch.h"
#include "cr_philox.h"
#include "cr_uniform.h"

namespace {

__device__ __forceinline__ void philox_block(uint64_t b, uint32_t k0, uint32_t k1, uint32_t w[4]) {
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, 0u};
  const uint32_t key[2] = {k0, k1};
  cr_philox4x32_10(ctr, key, w);
}

// Word j of dst is stream word first + j. Philox block q (relative to first >> 2) covers dst
// indices [4q - lane0, 4q - lane0 + 4).
__global__ void k_bits(uint32_t* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first) {
  const unsigned lane0 = (unsigned)(first & 3);
  const uint64_t b0 = first >> 2;
  const uint64_t blocks = (n + lane0 + 3) >> 2;
  const bool aligned = ((reinterpret_cast<uintptr_t>(dst) - 4u * lane0) & 15u) == 0;
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < blocks; q += (uint64_t)gridDim.x * blockDim.x) {
    uint32_t w[4];
    philox_block(b0 + q, k0, k1, w);
    const int64_t base = (int64_t)(4 * q) - (int64_t)lane0;
    if (aligned && base >= 0 && (uint64_t)base + 4 <= n) {
      *reinterpret_cast<uint4*>(dst + base) = make_uint4(w[0], w[1], w[2], w[3]);
    } else {
#pragma unroll
      for (int l = 0; l < 4; ++l) {
        const int64_t j = base + l;
        if (j >= 0 && (uint64_t)j < n) dst[j] = w[l];
      }
    }
  }
}

__global__ void k_uniform32(float* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool unit,
                            double low, double span) {
  const unsigned lane0 = (unsigned)(first & 3);
  const uint64_t b0 = first >> 2;
  const uint64_t blocks = (n + lane0 + 3) >> 2;
  const bool aligned = ((reinterpret_cast<uintptr_t>(dst) - 4u * lane0) & 15u) == 0;
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < blocks; q += (uint64_t)gridDim.x * blockDim.x) {
    uint32_t w[4];
    philox_block(b0 + q, k0, k1, w);
    float f[4];
#pragma unroll
    for (int l = 0; l < 4; ++l) f[l] = cr_uniform_f32(w[l], unit, low, span);
    const int64_t base = (int64_t)(4 * q) - (int64_t)lane0;
    if (aligned && base >= 0 && (uint64_t)base + 4 <= n) {
      *reinterpret_cast<float4*>(dst + base) = make_float4(f[0], f[1], f[2], f[3]);
    } else {
#pragma unroll
      for (int l = 0; l < 4; ++l) {
        const int64_t j = base + l;
        if (j >= 0 && (uint64_t)j < n) dst[j] = f[l];
      }
    }
  }
}

// float64 element e uses stream words 2e and 2e+1, so Philox block b gives elements 2b and 2b+1;
// block q (relative to first >> 1) covers dst indices [2q - lane0, 2q - lane0 + 2).
__global__ void k_uniform64(double* __restrict__ dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool unit,
                            double low, double span) {
  const unsigned lane0 = (unsigned)(first & 1);
  const uint64_t b0 = first >> 1;
  const uint64_t blocks = (n + lane0 + 1) >> 1;
  const bool aligned = ((reinterpret_cast<uintptr_t>(dst) - 8u * lane0) & 15u) == 0;
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < blocks; q += (uint64_t)gridDim.x * blockDim.x) {
    uint32_t w[4];
    philox_block(b0 + q, k0, k1, w);
    const double d0 = cr_uniform_f64(w[0], w[1], unit, low, span);
    const double d1 = cr_uniform_f64(w[2], w[3], unit, low, span);
    const int64_t base = (int64_t)(2 * q) - (int64_t)lane0;
    if (aligned && base >= 0 && (uint64_t)base + 2 <= n) {
      *reinterpret_cast<double2*>(dst + base) = make_double2(d0, d1);
    } else {
      if (base >= 0 && (uint64_t)base < n) dst[base] = d0;
      if (base + 1 >= 0 && (uint64_t)(base + 1) < n) dst[base + 1] = d1;
    }
  }
}

unsigned grid_for(uint64_t work_items, int sms) {
  const uint64_t want = (work_items + CR_BLOCK - 1) / CR_BLOCK;
  const uint64_t cap = (uint64_t)(sms > 0 ? sms : 1) * (2048 / CR_BLOCK);  // one full wave
  return (unsigned)(want < cap ? (want > 0 ? want : 1) : cap);
}

}  // namespace

cudaError_t cr_launch_bits(uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int sms,
                           cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  k_bits<<<grid_for((n + 3) / 4 + 1, sms), CR_BLOCK, 0, s>>>(dst, n, k0, k1, first);
  return cudaGetLastError();
}

cudaError_t cr_launch_uniform32(float* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                                double high, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const bool unit = low == 0.0 && high == 1.0;
  k_uniform32<<<grid_for((n + 3) / 4 + 1, sms), CR_BLOCK, 0, s>>>(dst, n, k0, k1, first, unit, low, high - low);
  return cudaGetLastError();
}

cudaError_t cr_launch_uniform64(double* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                                double high, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const bool unit = low == 0.0 && high == 1.0;
  k_uniform64<<<grid_for((n + 1) / 2 + 1, sms), CR_BLOCK, 0, s>>>(dst, n, k0, k1, first, unit, low, high - low);
  return cudaGetLastError();
}

cudaError_t cr_kernel_image_check() {
  cudaFuncAttributes attr;
  return cudaFuncGetAttributes(&attr, k_bits);
}
