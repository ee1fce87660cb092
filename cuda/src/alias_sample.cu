// Sampling kernels of the alias tables and the inverse-CDF method (docs/alias.md §6–7), bit-identical to
// lib/kernels/alias.ts: a thread per Philox block of the alias stream (two elements), the row by Lemire's
// multiply-high with the rare rejection retried from the element's own counters, the row read as one
// 8-byte load, the two items stored as one 8-byte store where aligned. The work items are
// cr_alias_par.h's, which cuda/test/test_alias_gpu.cpp runs on the host.
//
// Counts draw the same (row, coin) pairs and only count: shared-memory counters per block (flushed
// with one atomic per non-empty bin) while the table is small enough for them, global atomics per
// sample beyond.
#include <atomic>
#include <mutex>

#include "cr_target.h"
#include "alias_internal.h"
#include "cr_launch.h"
#include "cr_alias_par.h"

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kStaticShared = 48 * 1024;

unsigned grid_for(uint64_t items, int sms, unsigned per_sm) { return cr_grid_for(items, sms, kThreads, per_sm); }

template <class Map>
__global__ void __launch_bounds__(kThreads) k_pairs(uint32_t* __restrict__ dst, uint64_t count, uint32_t k0, uint32_t k1,
                                                    uint64_t first, uint32_t n, uint32_t t, Map map) {
  const uint32_t key[2] = {k0, k1};
  const uint64_t items = cr_alias_pair_items(count, first);
  const bool aligned = (first & 1) == 0 && (reinterpret_cast<uintptr_t>(dst) & 7) == 0;
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += (uint64_t)gridDim.x * blockDim.x) {
    cr_alias_pair_store(q, dst, count, key, first, n, t, map, aligned);
  }
}

/** Calls f(item) for each element of work item q that lies inside [first, first + count). */
template <class Map, class F>
__device__ void pair_visit(uint64_t q, uint64_t count, const uint32_t key[2], uint64_t first, uint32_t n, uint32_t t,
                           const Map& map, F f) {
  uint32_t it[2];
  cr_alias_block_items(key, (first >> 1) + q, n, t, map, it);
  const int64_t base = (int64_t)(2 * q) - (int64_t)(first & 1);
  for (int lane = 0; lane < 2; ++lane) {
    const int64_t j = base + lane;
    if (j >= 0 && (uint64_t)j < count) f(it[lane]);
  }
}

template <class Map>
__global__ void __launch_bounds__(kThreads) k_counts_global(uint32_t* counts, uint64_t count, uint32_t k0, uint32_t k1,
                                                            uint64_t first, uint32_t n, uint32_t t, Map map) {
  const uint32_t key[2] = {k0, k1};
  const uint64_t items = cr_alias_pair_items(count, first);
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += (uint64_t)gridDim.x * blockDim.x) {
    pair_visit(q, count, key, first, n, t, map, [counts](uint32_t i) { atomicAdd(&counts[i], 1u); });
  }
}

template <class Map>
__global__ void __launch_bounds__(kThreads) k_counts_shared(uint32_t* counts, uint64_t count, uint32_t k0, uint32_t k1,
                                                            uint64_t first, uint32_t n, uint32_t t, Map map) {
  CR_EXTERN_SHARED(uint32_t, bins);
  for (uint32_t b = threadIdx.x; b < n; b += blockDim.x) bins[b] = 0;
  __syncthreads();
  const uint32_t key[2] = {k0, k1};
  const uint64_t items = cr_alias_pair_items(count, first);
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += (uint64_t)gridDim.x * blockDim.x) {
    pair_visit(q, count, key, first, n, t, map, [](uint32_t i) { atomicAdd(&bins[i], 1u); });
  }
  __syncthreads();
  for (uint32_t b = threadIdx.x; b < n; b += blockDim.x)
    if (bins[b]) atomicAdd(&counts[b], bins[b]);
}

constexpr int kMaxDevices = 64;

/** The most dynamic shared memory a block may opt into on the current device (bytes), per device: a
 *  process may see an H100 (227 KiB) and a T4 (64 KiB); the first device's answer must not serve both. */
size_t optin_shared() {
  static std::atomic<size_t> cache[kMaxDevices];
  int dev = 0, v = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev < 0 || dev >= kMaxDevices) {
    cudaGetLastError();
    return kStaticShared;
  }
  size_t bytes = cache[dev].load(std::memory_order_relaxed);
  if (bytes) return bytes;
  bytes = cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) == cudaSuccess && v > 0
              ? (size_t)v : kStaticShared;
  cudaGetLastError();
  cache[dev].store(bytes, std::memory_order_relaxed);
  return bytes;
}

/** Lets k_counts_shared use up to the device's opt-in limit, once per device. Setting the attribute to
 *  each call's own size let a smaller concurrent call lower it between a larger call's set and launch,
 *  which then failed with cudaErrorInvalidValue; raising it once to the limit cannot be undone. */
cudaError_t allow_optin_shared() {
  static std::mutex mu;
  static bool done[kMaxDevices];
  int dev = 0;
  if (cudaError_t e = cudaGetDevice(&dev); e != cudaSuccess) return e;
  if (dev < 0 || dev >= kMaxDevices) return cudaErrorInvalidDevice;
  std::lock_guard<std::mutex> lock(mu);
  if (done[dev]) return cudaSuccess;
  const cudaError_t e = cudaFuncSetAttribute(reinterpret_cast<const void*>(&k_counts_shared<cr_alias_map>),
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)optin_shared());
  if (e == cudaSuccess) done[dev] = true;
  return e;
}

}  // namespace

cudaError_t cr_launch_alias_sample(const uint32_t* rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                   uint32_t* out, uint64_t count, int sms, cudaStream_t s) {
  if (count == 0) return cudaSuccess;
  const uint64_t items = cr_alias_pair_items(count, first);
  CR_LAUNCH(grid_for(items, sms, 8), kThreads, 0, s, k_pairs<cr_alias_map>)(out, count, k0, k1, first, n,
                                                                     cr_alias_reject_below(n), cr_alias_map{rows});
  return cudaGetLastError();
}

cudaError_t cr_launch_cdf_sample(const uint64_t* prefix, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint32_t* out, uint64_t count, int sms, cudaStream_t s) {
  if (count == 0) return cudaSuccess;
  const uint64_t items = cr_alias_pair_items(count, first);
  CR_LAUNCH(grid_for(items, sms, 8), kThreads, 0, s, k_pairs<cr_cdf_map>)(out, count, k0, k1, first, n,
                                                                   cr_alias_reject_below(n), cr_cdf_map{prefix, n});
  return cudaGetLastError();
}

cudaError_t cr_launch_alias_counts(const uint32_t* rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                   uint64_t count, uint32_t* counts, int mode, int sms, cudaStream_t s) {
  if (count == 0) return cudaSuccess;
  const uint64_t items = cr_alias_pair_items(count, first);
  const uint32_t t = cr_alias_reject_below(n);
  const size_t bytes = 4 * (size_t)n;
  // Privatised counters while they fit: by default only within the static 48 KiB (n ≤ 12288), on
  // request up to the device's opt-in maximum.
  const bool shared = mode == 1 ? bytes <= optin_shared() : mode == 0 && bytes <= kStaticShared;
  if (shared) {
    if (bytes > kStaticShared) {
      if (cudaError_t e = allow_optin_shared(); e != cudaSuccess) return e;
    }
    // The instance whose attribute allow_optin_shared set: attributes belong to one instance of a template.
    CR_LAUNCH(grid_for(items, sms, 4), kThreads, bytes, s, k_counts_shared<cr_alias_map>)(counts, count, k0, k1, first,
                                                                                   n, t, cr_alias_map{rows});
  } else {
    CR_LAUNCH(grid_for(items, sms, 8), kThreads, 0, s, k_counts_global<cr_alias_map>)(counts, count, k0, k1, first,
                                                                                   n, t, cr_alias_map{rows});
  }
  return cudaGetLastError();
}
