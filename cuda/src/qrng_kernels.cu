// Kernels of cuRAND's other generators, each element computed by the __host__ __device__ functions
// the host tests check against the TypeScript kernels (cuda/test/test_sobol.cpp, test_mrg32k3a.cpp):
//
// Sobol: one grid-stride loop over flat output elements; element e is cr_sobol32/64_item (an O(bits)
// Gray-code sum from the dimension's vectors) through cr_sobol32/64_to. Randomised calls first run
// one thread per dimension that turns the uploaded vectors into the randomised ones and starts.
//
// MRG32k3a: the XORWOW fill's scheme (xorwow_kernels.cu). Thread g produces the segment [g L,
// (g + 1) L) from `base` jumped g L steps (cr_mrg32k3a_thread_state), each lane 32 consecutive values
// per round, written coalesced by a per-warp transpose through shared memory.
#include "cr_target.h"
#include "cr_launch.h"
#include "cr_launch_qrng.h"
#include "cr_api.h"
#include "cr_sobol.h"

namespace {

template <class T, int Bits>
__global__ void __launch_bounds__(CR_BLOCK) k_sobol(T* __restrict__ out, uint64_t n, uint64_t first, cr_sobol_args a) {
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  for (uint64_t j = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; j < n; j += stride) {
    if (Bits == 32) {
      const uint32_t x = cr_sobol32_item(first + j, a.points, a.dims, a.points_layout, static_cast<const uint32_t*>(a.dirs),
                                         static_cast<const uint32_t*>(a.c), (uint32_t)a.offset);
      cr_sobol32_to(x, a.normal, &out[j]);
    } else {
      const uint64_t x = cr_sobol64_item(first + j, a.points, a.dims, a.points_layout, static_cast<const uint64_t*>(a.dirs),
                                         static_cast<const uint64_t*>(a.c), a.offset);
      cr_sobol64_to(x, a.normal, &out[j]);
    }
  }
}

template <int Bits>
__global__ void k_sobol_randomise(const void* dirs, void* out_dirs, void* out_c, uint32_t dims, bool lms, uint32_t k0,
                                  uint32_t k1) {
  const uint32_t d = blockIdx.x * blockDim.x + threadIdx.x;
  if (d >= dims) return;
  if (Bits == 32) {
    cr_sobol32_randomise(k0, k1, d, lms, static_cast<const uint32_t*>(dirs) + 32ull * d,
                         static_cast<uint32_t*>(out_dirs) + 32ull * d, static_cast<uint32_t*>(out_c) + d);
  } else {
    cr_sobol64_randomise(k0, k1, d, lms, static_cast<const uint64_t*>(dirs) + 64ull * d,
                         static_cast<uint64_t*>(out_dirs) + 64ull * d, static_cast<uint64_t*>(out_c) + d);
  }
}

template <int Bits>
cudaError_t launch_sobol_bits(void* out, int type, uint64_t n, uint64_t first, const cr_sobol_args& a, unsigned grid,
                              cudaStream_t s) {
  if (type == CR_TYPE_U32) {
    CR_LAUNCH(grid, CR_BLOCK, 0, s, k_sobol<uint32_t, Bits>)(static_cast<uint32_t*>(out), n, first, a);
  } else if (type == CR_TYPE_F32) {
    CR_LAUNCH(grid, CR_BLOCK, 0, s, k_sobol<float, Bits>)(static_cast<float*>(out), n, first, a);
  } else {
    CR_LAUNCH(grid, CR_BLOCK, 0, s, k_sobol<double, Bits>)(static_cast<double*>(out), n, first, a);
  }
  return cudaGetLastError();
}

constexpr int kWarpsPerBlock = CR_BLOCK / 32;

template <class T>
__global__ void __launch_bounds__(CR_BLOCK) k_mrg32k3a(T* __restrict__ dst, uint64_t n, cr_mrg32k3a_state base,
                                                       const cr_mrg32k3a_jump* __restrict__ jumps, int log2_seg) {
  __shared__ uint32_t tile[kWarpsPerBlock][32][33];  // draws r; converted as they are stored (doubles would not fit)
  const unsigned lane = threadIdx.x & 31;
  const unsigned warp = threadIdx.x >> 5;
  const uint64_t g = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  const uint64_t seg = 1ull << log2_seg;
  const uint64_t warp_start = ((g >> 5) * 32) << log2_seg;
  if (warp_start >= n) return;  // whole warp leaves together

  cr_mrg32k3a_state s;
  cr_mrg32k3a_thread_state(jumps, &base, g, log2_seg, &s);
  const uint64_t left = n - warp_start;
  const uint64_t need = left < seg ? left : seg;  // lane 0's segment is the longest one still needed
  const uint64_t rounds = (need + 31) / 32;
  uint32_t(*t)[33] = tile[warp];
  for (uint64_t r = 0; r < rounds; ++r) {
    for (int i = 0; i < 32; ++i) t[lane][i] = cr_mrg32k3a_step(&s);
    __syncwarp();
    for (int j = 0; j < 32; ++j) {
      const uint64_t e = warp_start + ((uint64_t)j << log2_seg) + r * 32 + lane;
      if (e < n) cr_mrg32k3a_to(t[j][lane], &dst[e]);  // r * 32 + lane < L: inside lane j's segment
    }
    __syncwarp();
  }
}

template <class T>
cudaError_t launch_mrg(T* out, uint64_t n, cr_mrg32k3a_state base, const cr_mrg32k3a_jump* jumps, int sms, cudaStream_t s) {
  // About one resident wave of threads, as the XORWOW fill.
  const uint64_t target_threads = (uint64_t)(sms > 0 ? sms : 1) * 1024;
  const int log2_seg = cr_mrg32k3a_log2_seg(n, target_threads);
  const uint64_t threads = (n + (1ull << log2_seg) - 1) >> log2_seg;
  const uint64_t grid = (threads + CR_BLOCK - 1) / CR_BLOCK;
  if (grid > 0x7fffffffull) return cudaErrorInvalidValue;
  CR_LAUNCH((unsigned)grid, CR_BLOCK, 0, s, k_mrg32k3a<T>)(out, n, base, jumps, log2_seg);
  return cudaGetLastError();
}

}  // namespace

cudaError_t cr_launch_sobol_randomise(const void* dirs, void* out_dirs, void* out_c, uint32_t dims, int bits, bool lms,
                                      uint32_t k0, uint32_t k1, cudaStream_t s) {
  if (dims == 0) return cudaSuccess;
  const unsigned block = 64, grid = (dims + block - 1) / block;
  if (bits == 32) CR_LAUNCH(grid, block, 0, s, k_sobol_randomise<32>)(dirs, out_dirs, out_c, dims, lms, k0, k1);
  else CR_LAUNCH(grid, block, 0, s, k_sobol_randomise<64>)(dirs, out_dirs, out_c, dims, lms, k0, k1);
  return cudaGetLastError();
}

cudaError_t cr_launch_sobol(void* out, int type, uint64_t n, uint64_t first, const cr_sobol_args& a, int sms,
                            cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const unsigned grid = cr_grid_for(n, sms);
  return a.bits == 32 ? launch_sobol_bits<32>(out, type, n, first, a, grid, s)
                      : launch_sobol_bits<64>(out, type, n, first, a, grid, s);
}

cudaError_t cr_launch_mrg32k3a(void* out, int type, uint64_t n, cr_mrg32k3a_state base, const cr_mrg32k3a_jump* jumps,
                               int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  if (type == CR_TYPE_U32) return launch_mrg(static_cast<uint32_t*>(out), n, base, jumps, sms, s);
  if (type == CR_TYPE_F32) return launch_mrg(static_cast<float*>(out), n, base, jumps, sms, s);
  return launch_mrg(static_cast<double*>(out), n, base, jumps, sms, s);
}
