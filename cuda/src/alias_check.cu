// Validation of device-resident weights (docs/alias.md §10.7): the same rule as checkWeights in
// lib/alias/fixed-point.ts — every weight finite and ≥ 0, not all zero — found on the device, so weights
// produced on the GPU never cross PCIe. words[0] receives the lowest invalid index (a warp minimum, then
// one atomicMin per warp), words[1] whether any weight is positive (a block-wide or, one atomicOr per
// block). The host (cr_api_alias.cpp) reads the two words back and builds only from valid weights: the
// construction kernels assume finite weights (an infinite one would index past the superaccumulator).
#include "cr_target.h"
#include "alias_internal.h"
#include "cr_launch.h"
#include "cr_alias_fixed.h"

namespace {

constexpr unsigned kThreads = 256;

template <class T>
__global__ void __launch_bounds__(kThreads) k_check(const T* __restrict__ w, uint32_t n, uint32_t* words) {
  uint32_t bad = CR_WEIGHT_NO_BAD;
  int positive = 0;
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  cr_weights_scan(w, blockIdx.x * (uint64_t)blockDim.x + threadIdx.x, stride, n, &bad, &positive);
  for (int o = 16; o > 0; o >>= 1) bad = min(bad, __shfl_down_sync(0xffffffffu, bad, o));
  if ((threadIdx.x & 31) == 0 && bad != CR_WEIGHT_NO_BAD) atomicMin(&words[0], bad);
  if (__syncthreads_or(positive) && threadIdx.x == 0) atomicOr(&words[1], 1u);
}

}  // namespace

cudaError_t cr_alias_enqueue_check(const void* w, int dtype, uint32_t n, uint32_t* words, int sms, cudaStream_t s) {
  const unsigned grid = cr_grid_for(n, sms, kThreads, 8);
  if (dtype == CR_WEIGHTS_F32) {
    CR_LAUNCH(grid, kThreads, 0, s, k_check<float>)(static_cast<const float*>(w), n, words);
  } else {
    CR_LAUNCH(grid, kThreads, 0, s, k_check<double>)(static_cast<const double*>(w), n, words);
  }
  return cudaGetLastError();
}
