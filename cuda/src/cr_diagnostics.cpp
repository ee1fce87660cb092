// cr_api_diagnostics.h: device memory figures and deliberate exhaustion for the hardening checks.
#include "cr_api_diagnostics.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "cr_runtime.h"

using namespace cr_rt;

namespace {

/** What cr_diag_hog holds; process lifetime (see cr_runtime.h). */
struct Hog {
  std::mutex mu;
  std::vector<void*> blocks;
  uint64_t held = 0;
};

Hog& hog() {
  static Hog* h = new Hog;
  return *h;
}

constexpr uint64_t kBlock = 64ull << 20;

}  // namespace

cr_status cr_diag_mem_info(int trim, uint64_t* free_bytes, uint64_t* total_bytes) {
  CR_DEVICE_READY(st);
  CR_TRY(cudaDeviceSynchronize());
  if (trim && st.pools) {
    cudaMemPool_t pool;
    CR_TRY(cudaDeviceGetDefaultMemPool(&pool, st.device));
    CR_TRY(cudaMemPoolTrimTo(pool, 0));
  }
  size_t f = 0, t = 0;
  CR_TRY(cudaMemGetInfo(&f, &t));
  *free_bytes = f;
  *total_bytes = t;
  return ok_status();
}

cr_status cr_diag_hog(uint64_t bytes, uint64_t* held) {
  CR_DEVICE_READY(st);
  (void)st;
  Hog& h = hog();
  std::lock_guard<std::mutex> lock(h.mu);
  uint64_t want = bytes;
  // Big blocks first, then smaller ones, so the device ends up full to within a megabyte.
  for (uint64_t block = kBlock; block >= (1ull << 20) && want > 0; block /= 4) {
    while (want > 0) {
      const uint64_t b = std::min(block, want);
      void* p = nullptr;
      if (cudaMalloc(&p, b) != cudaSuccess) {
        cudaGetLastError();  // out of memory on purpose: not sticky, clear it
        break;
      }
      h.blocks.push_back(p);
      h.held += b;
      want -= b;
    }
  }
  *held = h.held;
  return ok_status();
}

cr_status cr_diag_release(void) {
  Hog& h = hog();
  std::lock_guard<std::mutex> lock(h.mu);
  cudaError_t first = cudaSuccess;
  for (void* p : h.blocks) {
    cudaError_t e = cudaFree(p);
    if (e != cudaSuccess && first == cudaSuccess) first = e;
  }
  h.blocks.clear();
  h.held = 0;
  if (first != cudaSuccess) return make_status(first, "cudaFree(diagnostic block)");
  return release_pinned_pool();
}
