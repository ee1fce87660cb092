// The shared host-side runtime of cuda/src (cr_runtime.h): status values, device state, scratch and the
// pinned staging pool.
#include "cr_runtime.h"

#include <cstdio>
#include <mutex>
#include <vector>

namespace cr_rt {

cr_status ok_status() {
  cr_status s;
  s.code = 0;
  s.name[0] = 0;
  s.message[0] = 0;
  return s;
}

cr_status make_status(cudaError_t e, const char* what) {
  // Consume the thread's last-error state that the failed call set: the status carries the error
  // now, and the next call's launch check (return cudaGetLastError()) on this thread must not report
  // it again (e.g. a failed cudaMallocAsync would fail the next, healthy call). Sticky errors stay.
  cudaGetLastError();
  cr_status s;
  s.code = (int)e;
  snprintf(s.name, sizeof s.name, "%s", cudaGetErrorName(e));
  snprintf(s.message, sizeof s.message, "%s: %s: %s", what, cudaGetErrorName(e), cudaGetErrorString(e));
  return s;
}

cr_status invalid(const char* what) {
  cr_status s;
  s.code = CR_EINVAL;
  snprintf(s.name, sizeof s.name, "%s", "EINVAL");
  snprintf(s.message, sizeof s.message, "%s", what);
  return s;
}

DeviceState& device_state() {
  static DeviceState st;
  static std::once_flag once;
  std::call_once(once, [] {
    int dev = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e != cudaSuccess) {
      st.init_error = e;
      st.init_step = "cudaGetDevice";
      return;
    }
    e = cudaDeviceGetAttribute(&st.sms, cudaDevAttrMultiProcessorCount, dev);
    if (e != cudaSuccess) {
      st.init_error = e;
      st.init_step = "cudaDeviceGetAttribute(MultiProcessorCount)";
      return;
    }
    int pools = 0;
    if (cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, dev) == cudaSuccess && pools) {
      cudaMemPool_t pool;
      if (cudaDeviceGetDefaultMemPool(&pool, dev) == cudaSuccess) {
        // Keep freed scratch cached in the pool between calls instead of returning it at each sync.
        uint64_t keep = 256ull << 20;
        cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
        st.pools = true;
      }
    }
    cudaGetLastError();  // clear anything sticky-free the probes above left
  });
  return st;
}

cr_status alloc_device(DeviceBuffer& b, size_t bytes, cudaStream_t s, bool pools) {
  b.s = s;
  b.pooled = pools;
  if (pools) {
    CR_TRY(cudaMallocAsync(&b.p, bytes, s));
  } else {
    CR_TRY(cudaMalloc(&b.p, bytes));
  }
  return ok_status();
}

// ---- pinned staging buffers, reused across calls -------------------------------------------------

namespace {
constexpr size_t kPoolKeep = 8;  // staging buffers kept for later calls
std::mutex g_pinned_mu;
std::vector<void*> g_pinned_free;
}  // namespace

Pinned::~Pinned() {
  if (!p) return;
  std::lock_guard<std::mutex> lock(g_pinned_mu);
  if (g_pinned_free.size() < kPoolKeep) {
    g_pinned_free.push_back(p);
  } else {
    cudaFreeHost(p);
  }
}

cr_status acquire_pinned(Pinned& b) {
  {
    std::lock_guard<std::mutex> lock(g_pinned_mu);
    if (!g_pinned_free.empty()) {
      b.p = g_pinned_free.back();
      g_pinned_free.pop_back();
      return ok_status();
    }
  }
  CR_TRY(cudaHostAlloc(&b.p, kChunkBytes, cudaHostAllocDefault));
  return ok_status();
}

bool is_pinned(const void* p) {
  cudaPointerAttributes a;
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return a.type == cudaMemoryTypeHost;
}

}  // namespace cr_rt
