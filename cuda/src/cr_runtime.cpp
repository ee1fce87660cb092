// The shared host-side runtime of cuda/src (cr_runtime.h): status values, devices, scratch, the pinned
// staging pool and page-locking of caller memory.
#include "cr_runtime.h"

#include "cr_env.h"

#include <atomic>
#include <cstdio>
#include <map>
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

// ---- devices --------------------------------------------------------------------------------------

namespace {

thread_local int t_device = 0;

struct DeviceSlot {
  std::once_flag once;
  DeviceState st;
  char step[256];
};

DeviceSlot* device_slots() {
  static DeviceSlot* slots = new DeviceSlot[kMaxDevices];  // process lifetime (see cr_runtime.h)
  return slots;
}

void init_device(int dev, DeviceSlot& slot) {
  DeviceState& st = slot.st;
  st.device = dev;
  // A malformed CUDA_RANDOM_* value fails every call on the device rather than being ignored.
  if (env_problem(slot.step, sizeof slot.step)) {
    st.init_error = cudaErrorInvalidValue;
    st.init_step = slot.step;
    return;
  }
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    st.init_error = e;
    st.init_step = "cudaGetDeviceCount";
    return;
  }
  if (dev >= count) {
    st.init_error = cudaErrorInvalidDevice;
    snprintf(slot.step, sizeof slot.step, "cudaSetDevice(%d): %d device%s visible", dev, count, count == 1 ? " is" : "s are");
    st.init_step = slot.step;
    return;
  }
  e = cudaSetDevice(dev);
  if (e != cudaSuccess) {
    st.init_error = e;
    snprintf(slot.step, sizeof slot.step, "cudaSetDevice(%d)", dev);
    st.init_step = slot.step;
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
}

DeviceState& bad_device_state(int dev) {
  thread_local DeviceState st;
  thread_local char step[64];
  st.device = dev;
  st.init_error = cudaErrorInvalidDevice;
  snprintf(step, sizeof step, "device %d is not a device index", dev);
  st.init_step = step;
  return st;
}

}  // namespace

int current_device() { return t_device; }

int use_device(int device) {
  const int prev = t_device;
  t_device = device;
  return prev;
}

DeviceState& device_state() {
  const int dev = t_device;
  if (dev < 0 || dev >= kMaxDevices) return bad_device_state(dev);
  DeviceSlot& slot = device_slots()[dev];
  std::call_once(slot.once, [&] { init_device(dev, slot); });
  if (slot.st.init_error == cudaSuccess) {
    const cudaError_t e = cudaSetDevice(dev);
    if (e != cudaSuccess) {
      thread_local DeviceState failed;
      failed = slot.st;
      failed.init_error = e;
      failed.init_step = "cudaSetDevice";
      cudaGetLastError();
      return failed;
    }
  }
  return slot.st;
}

cr_status open_stream(Stream& s) {
  CR_DEVICE_READY(st);
  (void)st;
  CR_TRY(cudaStreamCreateWithFlags(&s.s, cudaStreamNonBlocking));
  Event after;
  CR_TRY(cudaEventCreateWithFlags(&after.e, cudaEventDisableTiming));
  CR_TRY(cudaEventRecord(after.e, cudaStreamLegacy));
  CR_TRY(cudaStreamWaitEvent(s.s, after.e, 0));
  return ok_status();
}

cr_status DeviceTable::get(const void** out) {
  const int dev = current_device();
  if (dev < 0 || dev >= kMaxDevices) return make_status(cudaErrorInvalidDevice, "DeviceTable: device index");
  std::lock_guard<std::mutex> lock(mu_);  // retried after a failure, unlike call_once
  if (!on_[dev]) {
    Stream s;
    CR_TRY(cudaStreamCreateWithFlags(&s.s, cudaStreamNonBlocking));
    DeviceBuffer p;  // freed on failure; kept (p.p = nullptr) once published
    p.pooled = false;
    p.s = s.s;
    CR_TRY(cudaMalloc(&p.p, bytes_));
    CR_TRY(cudaMemcpyAsync(p.p, host_, bytes_, cudaMemcpyHostToDevice, s.s));
    CR_TRY(cudaStreamSynchronize(s.s));
    on_[dev] = p.p;
    p.p = nullptr;
  }
  *out = on_[dev];
  return ok_status();
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

struct PinnedPool {
  std::mutex mu;
  std::vector<void*> free;
};

PinnedPool& pinned_pool() {
  static PinnedPool* pool = new PinnedPool;  // process lifetime (see cr_runtime.h)
  return *pool;
}

}  // namespace

Pinned::~Pinned() {
  if (!p) return;
  if (busy && cudaStreamSynchronize(busy) != cudaSuccess) {
    // The stream failed: its copies may not have ended cleanly; do not recycle the buffer.
    cudaGetLastError();
    cudaFreeHost(p);
    return;
  }
  PinnedPool& pool = pinned_pool();
  std::lock_guard<std::mutex> lock(pool.mu);
  if (pool.free.size() < kPoolKeep) {
    pool.free.push_back(p);
  } else {
    cudaFreeHost(p);
  }
}

cr_status release_pinned_pool() {
  PinnedPool& pool = pinned_pool();
  std::lock_guard<std::mutex> lock(pool.mu);
  cudaError_t first = cudaSuccess;
  for (void* p : pool.free) {
    const cudaError_t e = cudaFreeHost(p);
    if (e != cudaSuccess && first == cudaSuccess) first = e;
  }
  pool.free.clear();
  if (first != cudaSuccess) return make_status(first, "cudaFreeHost(pinned staging buffer)");
  return ok_status();
}

cr_status acquire_pinned(Pinned& b) {
  {
    PinnedPool& pool = pinned_pool();
    std::lock_guard<std::mutex> lock(pool.mu);
    if (!pool.free.empty()) {
      b.p = pool.free.back();
      pool.free.pop_back();
      return ok_status();
    }
  }
  // Portable: the pool serves every device's calls.
  CR_TRY(cudaHostAlloc(&b.p, kChunkBytes, cudaHostAllocPortable));
  return ok_status();
}

// ---- page-locked caller memory --------------------------------------------------------------------

namespace {

struct Range {
  uintptr_t end;
  int refs;  // calls holding it (registrations); -1 for cr_alloc_pinned buffers
};

/** Every range this runtime page-locked or allocated pinned, by start address. */
struct LockedRanges {
  std::mutex mu;
  std::map<uintptr_t, Range> by_start;
  /** The entry whose range overlaps [b, e), or end(). Ranges never overlap each other. */
  std::map<uintptr_t, Range>::iterator overlapping(uintptr_t b, uintptr_t e) {
    auto it = by_start.upper_bound(b);
    if (it != by_start.begin()) {
      auto prev = std::prev(it);
      if (prev->second.end > b) return prev;
    }
    if (it != by_start.end() && it->first < e) return it;
    return by_start.end();
  }
};

LockedRanges& locked() {
  static LockedRanges* r = new LockedRanges;  // process lifetime (see cr_runtime.h)
  return *r;
}

constexpr uintptr_t kPage = 4096;

}  // namespace

void note_pinned_alloc(void* p, size_t bytes) {
  if (!p) return;
  LockedRanges& l = locked();
  std::lock_guard<std::mutex> lock(l.mu);
  l.by_start[(uintptr_t)p] = Range{(uintptr_t)p + std::max<size_t>(bytes, 1), -1};
}

void forget_pinned_alloc(void* p) {
  LockedRanges& l = locked();
  std::lock_guard<std::mutex> lock(l.mu);
  l.by_start.erase((uintptr_t)p);
}

bool caller_pinned(const void* p, size_t bytes) {
  if (!p || bytes == 0) return false;
  const uintptr_t b = (uintptr_t)p, e = b + bytes;
  {
    LockedRanges& l = locked();
    std::lock_guard<std::mutex> lock(l.mu);
    auto it = l.overlapping(b & ~(kPage - 1), (e + kPage - 1) & ~(kPage - 1));
    if (it != l.by_start.end()) {
      // Ours: a pinnedArrayBuffer that holds the whole range, or pages a call in flight locked (those
      // are never the caller's to rely on: they go when that call ends).
      return it->second.refs < 0 && it->first <= b && e <= it->second.end;
    }
  }
  // Pinned by someone else (another library's cudaHostAlloc): both ends must say so.
  for (const void* q : {p, static_cast<const void*>(static_cast<const char*>(p) + bytes - 1)}) {
    cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, q) != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    if (a.type != cudaMemoryTypeHost) return false;
  }
  return true;
}

namespace {

/** Whether any of [p, p + bytes) may be page-locked: pages this runtime locked or allocated, or either
 *  end pinned by someone else. */
bool page_locked_anywhere(const void* p, size_t bytes) {
  const uintptr_t b = (uintptr_t)p, e = b + bytes;
  {
    LockedRanges& l = locked();
    std::lock_guard<std::mutex> lock(l.mu);
    if (l.overlapping(b & ~(kPage - 1), (e + kPage - 1) & ~(kPage - 1)) != l.by_start.end()) return true;
  }
  for (const void* q : {p, static_cast<const void*>(static_cast<const char*>(p) + bytes - 1)}) {
    cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, q) != cudaSuccess) {
      cudaGetLastError();
      continue;
    }
    if (a.type == cudaMemoryTypeHost) return true;
  }
  return false;
}

}  // namespace

cudaError_t copy_from_caller(void* dst, const void* src, size_t bytes, cudaStream_t s) {
  if (bytes == 0) return cudaSuccess;
  const cudaError_t e = cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s);
  if (e != cudaSuccess || !page_locked_anywhere(src, bytes)) return e;
  return cudaStreamSynchronize(s);
}

bool HostRegistration::acquire(void* p, size_t bytes) {
  release();
  if (!p || bytes == 0) return false;
  const uintptr_t b = (uintptr_t)p & ~(kPage - 1);
  const uintptr_t e = ((uintptr_t)p + bytes + kPage - 1) & ~(kPage - 1);
  LockedRanges& l = locked();
  std::lock_guard<std::mutex> lock(l.mu);
  auto it = l.overlapping(b, e);
  if (it != l.by_start.end()) {
    // Shared pages: usable only when one registration of ours covers the whole range.
    if (it->second.refs > 0 && it->first <= b && e <= it->second.end) {
      ++it->second.refs;
      begin_ = it->first;
      return true;
    }
    return false;
  }
  if (cudaHostRegister(reinterpret_cast<void*>(b), e - b, cudaHostRegisterPortable) != cudaSuccess) {
    cudaGetLastError();  // not registrable (too large to lock, or locked by someone else): stage instead
    return false;
  }
  l.by_start[b] = Range{e, 1};
  begin_ = b;
  return true;
}

cudaError_t HostRegistration::release() {
  if (!begin_) return cudaSuccess;
  LockedRanges& l = locked();
  std::lock_guard<std::mutex> lock(l.mu);
  cudaError_t e = cudaSuccess;
  auto it = l.by_start.find(begin_);
  if (it != l.by_start.end() && --it->second.refs == 0) {
    e = cudaHostUnregister(reinterpret_cast<void*>(begin_));
    if (e != cudaSuccess) cudaGetLastError();
    l.by_start.erase(it);
  }
  begin_ = 0;
  return e;
}

namespace {
std::atomic<int> g_transfer_mode{0};
}  // namespace

void set_transfer_mode(int mode) { g_transfer_mode.store(mode); }
int transfer_mode() { return g_transfer_mode.load(); }

}  // namespace cr_rt
