// The shared host-side runtime of cuda/src (cr_runtime.h): status values, device state, scratch and the
// pinned staging pool.
#include "cr_runtime.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <thread>
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

// ---- the CPU side of the staging pipeline ---------------------------------------------------------

namespace {

std::atomic<int> g_transfer_mode{0};

/** A few detached worker threads that run copy pieces; never torn down (the process may end with a
 *  copy-free pool blocked on its condition variable). */
class CopyPool {
 public:
  static CopyPool& get() {
    static CopyPool* pool = new CopyPool();
    return *pool;
  }
  int threads() const { return (int)workers_; }
  /** Runs f(0) .. f(parts - 1), parts - 1 of them on the pool and one here; returns when all are done. */
  void run(int parts, const std::function<void(int)>& f) {
    std::mutex done_mu;
    std::condition_variable done_cv;
    int left = parts - 1;
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (int k = 1; k < parts; ++k) {
        queue_.push_back([&, k] {
          f(k);
          std::lock_guard<std::mutex> l(done_mu);
          if (--left == 0) done_cv.notify_one();
        });
      }
    }
    cv_.notify_all();
    f(0);
    std::unique_lock<std::mutex> l(done_mu);
    done_cv.wait(l, [&] { return left == 0; });
  }

 private:
  CopyPool() {
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    workers_ = std::min(7u, hw > 1 ? hw - 1 : 0u);
    for (unsigned t = 0; t < workers_; ++t) std::thread([this] { loop(); }).detach();
  }
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [&] { return !queue_.empty(); });
        job = std::move(queue_.back());
        queue_.pop_back();
      }
      job();
    }
  }
  unsigned workers_ = 0;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::function<void()>> queue_;
};

constexpr size_t kCopyPiece = 1u << 20;  // below 1 MiB per thread the hand-off costs more than it saves

}  // namespace

void host_copy(void* dst, const void* src, size_t bytes) {
  CopyPool& pool = CopyPool::get();
  const int parts = (int)std::min<size_t>((size_t)pool.threads() + 1, bytes / kCopyPiece);
  if (parts <= 1) {
    memcpy(dst, src, bytes);
    return;
  }
  const size_t piece = (bytes / parts + 63) & ~(size_t)63;
  pool.run(parts, [&](int k) {
    const size_t at = (size_t)k * piece;
    if (at < bytes) memcpy(static_cast<char*>(dst) + at, static_cast<const char*>(src) + at, std::min(piece, bytes - at));
  });
}

void set_transfer_mode(int mode) { g_transfer_mode.store(mode); }
int transfer_mode() { return g_transfer_mode.load(); }

}  // namespace cr_rt
