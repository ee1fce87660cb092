// XORWOW fill: the sequential curand() stream, parallelised by skip-ahead. Thread g produces the
// segment [g L, (g + 1) L) of the output (L a power of two, >= 32): it starts from the base state
// advanced by g L steps, using the GF(2) jump matrices A^(2^k) in global memory (d advances by
// 362437 per step, so by 362437 g L). Jumps are applied warp-uniform part first (the bits of g >> 5:
// every lane holds the same state, so every lane reads the same matrix column: broadcast loads), then
// the lane's own five bits. Writes are made coalesced by a per-warp transpose through shared memory:
// each lane generates 32 consecutive words of its segment, then the warp writes each lane's 32 words
// as one 128-byte row.
#include "cr_target.h"
#include "cr_fill.h"
#include "cr_launch.h"

namespace {

constexpr int kWarpsPerBlock = CR_BLOCK / 32;

__global__ void __launch_bounds__(CR_BLOCK) k_xorwow(uint32_t* __restrict__ dst, uint64_t n, cr_xorwow_state base,
                                                     const cr_xorwow_matrix* __restrict__ jumps, int log2_seg) {
  __shared__ uint32_t tile[kWarpsPerBlock][32][33];
  const unsigned lane = threadIdx.x & 31;
  const unsigned warp = threadIdx.x >> 5;
  const uint64_t g = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  const uint64_t gw = g >> 5;                     // global warp index
  const uint64_t seg = 1ull << log2_seg;          // L
  const uint64_t warp_start = (gw * 32) << log2_seg;
  if (warp_start >= n) return;                    // whole warp leaves together

  cr_xorwow_state s;
  cr_xorwow_thread_state(jumps, CR_XORWOW_DEVICE_JUMPS, &base, g, log2_seg, &s);

  // Rounds of 32 words per lane; lane 0's segment is the longest one still needed.
  const uint64_t left = n - warp_start;
  const uint64_t need = left < seg ? left : seg;
  const uint64_t rounds = (need + 31) / 32;
  uint32_t(*t)[33] = tile[warp];
  for (uint64_t r = 0; r < rounds; ++r) {
#pragma unroll 8
    for (int i = 0; i < 32; ++i) t[lane][i] = cr_xorwow_next(&s);
    __syncwarp();
#pragma unroll 4
    for (int j = 0; j < 32; ++j) {
      const uint64_t e = warp_start + ((uint64_t)j << log2_seg) + r * 32 + lane;
      if (e < n) dst[e] = t[j][lane];  // r * 32 + lane < L: inside lane j's segment
    }
    __syncwarp();
  }
}

}  // namespace

cudaError_t cr_launch_xorwow(uint32_t* dst, uint64_t n, cr_xorwow_state base, const cr_xorwow_matrix* jumps, int sms,
                             cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  // About one resident wave of threads; segments of at least 32 words (one transpose round).
  const uint64_t target_threads = (uint64_t)(sms > 0 ? sms : 1) * 1024;
  const int log2_seg = cr_xorwow_log2_seg(n, target_threads);
  const uint64_t threads = (n + (1ull << log2_seg) - 1) >> log2_seg;
  const uint64_t grid = (threads + CR_BLOCK - 1) / CR_BLOCK;
  if (grid > 0x7fffffffull) return cudaErrorInvalidValue;
  CR_LAUNCH((unsigned)grid, CR_BLOCK, 0, s, k_xorwow)(dst, n, base, jumps, log2_seg);
  return cudaGetLastError();
}
