// XORWOW fill: the sequential curand() stream, parallelised by skip-ahead. Thread g produces the
// segment [g L, (g + 1) L) of the output (L a power of two, >= 32): it starts from the base state
// advanced by g L steps, using the GF(2) jump matrices A^(2^k) in global memory (d advances by
// 362437 per step, so by 362437 g L). Jumps are applied warp-uniform part first (the bits of g >> 5:
// every lane holds the same state, so every lane reads the same matrix column: broadcast loads), then
// the lane's own five bits. Writes are made coalesced by a per-warp transpose through shared memory:
// each lane generates 32 consecutive words of its segment, then the warp writes each lane's 32 words
// as one 128-byte row.
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

  uint32_t v[5] = {base.v[0], base.v[1], base.v[2], base.v[3], base.v[4]};
  // warp-uniform part: A^(gw * 32 L), then the lane part: A^(lane L)
  cr_xorwow_jump_v(jumps, CR_XORWOW_DEVICE_JUMPS, log2_seg + 5, gw, v);
  cr_xorwow_jump_v(jumps, CR_XORWOW_DEVICE_JUMPS, log2_seg, lane, v);
  cr_xorwow_state s;
  s.v[0] = v[0];
  s.v[1] = v[1];
  s.v[2] = v[2];
  s.v[3] = v[3];
  s.v[4] = v[4];
  s.d = base.d + CR_XORWOW_D_STEP * (uint32_t)(g << log2_seg);

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
      const uint64_t seg_end = warp_start + ((uint64_t)(j + 1) << log2_seg);
      if (e < n && e < seg_end) dst[e] = t[j][lane];
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
  int log2_seg = 5;
  while (log2_seg < 40 && ((target_threads << log2_seg) < n)) ++log2_seg;
  const uint64_t threads = (n + (1ull << log2_seg) - 1) >> log2_seg;
  const uint64_t grid = (threads + CR_BLOCK - 1) / CR_BLOCK;
  if (grid > 0x7fffffffull) return cudaErrorInvalidValue;
  k_xorwow<<<(unsigned)grid, CR_BLOCK, 0, s>>>(dst, n, base, jumps, log2_seg);
  return cudaGetLastError();
}
