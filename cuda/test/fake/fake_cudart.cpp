// The stand-in CUDA runtime of fake_cudart.h: the runtime API functions cuda/src calls, defined over
// host memory with every asynchronous operation deferred until something forces it.
#include "fake_cudart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

// The opaque handle types of driver_types.h, defined here.
struct CUstream_st {
  int device = 0;
  bool legacy = false;
  bool destroyed = false;
  struct Op {
    uint64_t seq;
    std::function<void()> run;
    uintptr_t host_b = 0, host_e = 0;  // host bytes it writes
    std::vector<const void*> touches;  // device pointers it reads or writes
  };
  std::deque<Op> q;
  uint64_t next_seq = 1;
};

struct CUevent_st {
  CUstream_st* s = nullptr;
  uint64_t seq = 0;
};

struct CUmemPoolHandle_st {
  int device = 0;
};

namespace fake {

std::function<void()> on_sync;
std::function<void()> on_d2h_queued;

namespace {

constexpr uintptr_t kPage = 4096;

struct DevAlloc {
  size_t bytes;
  int device;
};

struct HostRange {
  uintptr_t end;
  bool registered;  // false: cudaHostAlloc
};

struct State {
  std::recursive_mutex mu;
  Config cfg;
  std::vector<CUstream_st*> streams;  // every stream ever made (never deleted before reset)
  CUstream_st* legacy[8] = {};
  std::map<uintptr_t, DevAlloc> dev;
  std::map<uintptr_t, HostRange> host;  // page-locked host memory: allocations and registrations
  std::set<uintptr_t> pinned_targets;
  std::vector<std::string> violations;
  Stats stats;
  int launches_left = -1;
  cudaError_t launch_error = cudaErrorLaunchFailure;
  CUmemPoolHandle_st pools[8];
};

State& S() {
  static State* s = new State;
  return *s;
}

thread_local int t_device = 0;
thread_local cudaError_t t_last = cudaSuccess;

cudaError_t fail(cudaError_t e) {
  t_last = e;
  return e;
}

void violation(const std::string& what) {
  fprintf(stderr, "fake CUDA runtime: violation: %s\n", what.c_str());  // now: a later crash may follow
  S().violations.push_back(what);
}

CUstream_st* legacy_of(int device) {
  State& st = S();
  if (!st.legacy[device]) {
    st.legacy[device] = new CUstream_st;
    st.legacy[device]->device = device;
    st.legacy[device]->legacy = true;
    st.streams.push_back(st.legacy[device]);
  }
  return st.legacy[device];
}

CUstream_st* resolve(cudaStream_t s) {
  if (s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread) return legacy_of(t_device);
  return s;
}

/** Runs s's queued operations with seq ≤ upto, in order. */
void run_until(CUstream_st* s, uint64_t upto) {
  while (!s->q.empty() && s->q.front().seq <= upto) {
    CUstream_st::Op op = std::move(s->q.front());
    s->q.pop_front();
    op.run();
  }
}

void run_all(CUstream_st* s) { run_until(s, ~0ull); }

void device_sync(int device) {
  State& st = S();
  for (bool more = true; more;) {
    more = false;
    for (CUstream_st* s : st.streams) {
      if (s->device == device && !s->q.empty()) {
        run_all(s);
        more = true;
      }
    }
  }
}

uint64_t enqueue(CUstream_st* s, std::function<void()> run, uintptr_t hb = 0, uintptr_t he = 0,
                 std::vector<const void*> touches = {}) {
  const uint64_t seq = s->next_seq++;
  s->q.push_back({seq, std::move(run), hb, he, std::move(touches)});
  return seq;
}

const std::pair<const uintptr_t, DevAlloc>* dev_alloc_of(const void* p) {
  State& st = S();
  auto it = st.dev.upper_bound((uintptr_t)p);
  if (it == st.dev.begin()) return nullptr;
  --it;
  if ((uintptr_t)p < it->first + std::max<size_t>(it->second.bytes, 1)) return &*it;
  return nullptr;
}

/** 0: no byte of [p, p + n) is page-locked; 2: all are (one cudaHostAlloc buffer, or registered
 *  pages); 1: some are. */
int lock_state(const void* p, size_t n) {
  State& st = S();
  const uintptr_t b = (uintptr_t)p, e = b + n;
  bool any = false, all = true;
  for (uintptr_t page = b & ~(kPage - 1); page < e; page += kPage) {
    const uintptr_t lo = std::max(page, b), hi = std::min(page + kPage, e);
    bool locked = false;
    auto it = st.host.upper_bound(lo);
    if (it != st.host.begin()) {
      --it;
      if (it->second.registered) {
        // registrations lock whole pages
        locked = (it->first & ~(kPage - 1)) <= page && page < ((it->second.end + kPage - 1) & ~(kPage - 1));
      } else {
        locked = it->first <= lo && hi <= it->second.end;
      }
    }
    any = any || locked;
    all = all && locked;
  }
  return all ? 2 : any ? 1 : 0;
}

bool is_device_ptr(const void* p) { return dev_alloc_of(p) != nullptr; }

}  // namespace

void reset(const Config& c) {
  State& st = S();
  std::lock_guard<std::recursive_mutex> lock(st.mu);
  for (CUstream_st* s : st.streams) delete s;
  st.streams.clear();
  for (auto& l : st.legacy) l = nullptr;
  for (auto& kv : st.dev) free(reinterpret_cast<void*>(kv.first));
  st.dev.clear();
  for (auto& kv : st.host)
    if (!kv.second.registered) free(reinterpret_cast<void*>(kv.first));
  st.host.clear();
  st.pinned_targets.clear();
  st.violations.clear();
  st.stats = Stats();
  st.launches_left = -1;
  st.cfg = c;
  on_sync = nullptr;
  on_d2h_queued = nullptr;
  t_device = 0;
  t_last = cudaSuccess;
}

void begin_case() {
  State& st = S();
  std::lock_guard<std::recursive_mutex> lock(st.mu);
  st.violations.clear();
  st.pinned_targets.clear();
  const int registered = st.stats.registered_now;
  const long long bytes = st.stats.device_bytes_now;
  st.stats = Stats();
  st.stats.registered_now = registered;
  st.stats.device_bytes_now = bytes;
  st.launches_left = -1;
  on_sync = nullptr;
  on_d2h_queued = nullptr;
}

std::vector<std::string>& violations() { return S().violations; }
const Config& config() { return S().cfg; }
Stats& stats() { return S().stats; }

void fail_launches_after(int after, cudaError_t e) {
  std::lock_guard<std::recursive_mutex> lock(S().mu);
  S().launches_left = after;
  S().launch_error = e;
}

cudaError_t fail_call(cudaError_t e) { return fail(e); }

cudaError_t launch_gate() {
  State& st = S();
  if (st.launches_left < 0) return cudaSuccess;
  if (st.launches_left == 0) return st.launch_error;
  --st.launches_left;
  return cudaSuccess;
}

bool pending_host_write(const void* p, size_t bytes) {
  State& st = S();
  std::lock_guard<std::recursive_mutex> lock(st.mu);
  const uintptr_t b = (uintptr_t)p, e = b + bytes;
  for (CUstream_st* s : st.streams)
    for (auto& op : s->q)
      if (op.host_b < e && b < op.host_e) return true;
  return false;
}

int device_of(const void* p) {
  std::lock_guard<std::recursive_mutex> lock(S().mu);
  auto a = dev_alloc_of(p);
  return a ? a->second.device : -1;
}

cudaError_t launch(cudaStream_t stream, std::function<void()> run, std::initializer_list<const void*> touches) {
  State& st = S();
  std::lock_guard<std::recursive_mutex> lock(st.mu);
  if (cudaError_t e = launch_gate(); e != cudaSuccess) return fail(e);
  CUstream_st* s = resolve(stream);
  if (s->device != t_device) {
    violation("kernel launched on a stream of device " + std::to_string(s->device) + " while device " +
              std::to_string(t_device) + " is current");
    return fail(cudaErrorInvalidResourceHandle);
  }
  for (const void* p : touches) {
    if (!p) continue;
    auto a = dev_alloc_of(p);
    if (!a) {
      violation("kernel argument is not device memory");
    } else if (a->second.device != s->device) {
      violation("kernel on device " + std::to_string(s->device) + " uses memory of device " +
                std::to_string(a->second.device));
    }
  }
  if (t_device < 8) ++st.stats.launches[t_device];
  enqueue(s, std::move(run), 0, 0, std::vector<const void*>(touches));
  return cudaSuccess;
}

}  // namespace fake

using namespace fake;

namespace {

std::recursive_mutex& M() { return S().mu; }

}  // namespace

extern "C" {

// ---- errors -----------------------------------------------------------------------------------------

cudaError_t cudaGetLastError(void) {
  const cudaError_t e = t_last;
  t_last = cudaSuccess;
  return e;
}

cudaError_t cudaPeekAtLastError(void) { return t_last; }

const char* cudaGetErrorName(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInsufficientDriver: return "cudaErrorInsufficientDriver";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    case cudaErrorInvalidResourceHandle: return "cudaErrorInvalidResourceHandle";
    case cudaErrorHostMemoryAlreadyRegistered: return "cudaErrorHostMemoryAlreadyRegistered";
    case cudaErrorHostMemoryNotRegistered: return "cudaErrorHostMemoryNotRegistered";
    default: return "cudaErrorUnknown";
  }
}

const char* cudaGetErrorString(cudaError_t e) {
  return e == cudaSuccess ? "no error" : "fake CUDA runtime error";
}

// ---- devices ----------------------------------------------------------------------------------------

cudaError_t cudaRuntimeGetVersion(int* v) {
  *v = 13000;
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int* v) {
  *v = S().cfg.devices > 0 ? 13000 : 0;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int* n) {
  if (S().cfg.devices <= 0) {
    *n = 0;
    return fail(cudaErrorInsufficientDriver);
  }
  *n = S().cfg.devices;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int d) {
  if (d < 0 || d >= S().cfg.devices || d >= 8) return fail(cudaErrorInvalidDevice);
  t_device = d;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int* d) {
  if (S().cfg.devices <= 0) return fail(cudaErrorInsufficientDriver);
  *d = t_device;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* v, enum cudaDeviceAttr attr, int device) {
  if (device < 0 || device >= S().cfg.devices) return fail(cudaErrorInvalidDevice);
  switch (attr) {
    case cudaDevAttrMultiProcessorCount: *v = S().cfg.sms; return cudaSuccess;
    case cudaDevAttrMemoryPoolsSupported: *v = S().cfg.pools ? 1 : 0; return cudaSuccess;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = S().cfg.optin_shared; return cudaSuccess;
    case cudaDevAttrMaxSharedMemoryPerBlock: *v = 48 * 1024; return cudaSuccess;
    default: *v = 0; return cudaSuccess;
  }
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp* p, int device) {
  if (device < 0 || device >= S().cfg.devices) return fail(cudaErrorInvalidDevice);
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "Fake GPU %d", device);
  p->major = 9;
  p->minor = 0;
  p->multiProcessorCount = S().cfg.sms;
  p->totalGlobalMem = 8ull << 30;
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t* free_b, size_t* total_b) {
  *total_b = 8ull << 30;
  *free_b = *total_b - (size_t)S().stats.device_bytes_now;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) {
  if (device < 0 || device >= S().cfg.devices) return fail(cudaErrorInvalidDevice);
  S().pools[device].device = device;
  *pool = &S().pools[device];
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, enum cudaMemPoolAttr, void*) { return cudaSuccess; }
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t, size_t) { return cudaSuccess; }

cudaError_t cudaDeviceSynchronize(void) {
  std::lock_guard<std::recursive_mutex> lock(M());
  device_sync(t_device);
  return cudaSuccess;
}

// ---- streams and events -----------------------------------------------------------------------------

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned int) {
  std::lock_guard<std::recursive_mutex> lock(M());
  auto* x = new CUstream_st;
  x->device = t_device;
  S().streams.push_back(x);
  if (t_device < 8) ++S().stats.streams_created[t_device];
  *s = x;
  return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> lock(M());
  s->destroyed = true;  // queued work still runs when something forces it, as on a GPU
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> lock(M());
  if (on_sync) on_sync();
  run_all(resolve(s));
  return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned int) {
  *e = new CUevent_st;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t* e) { return cudaEventCreateWithFlags(e, 0); }

/** No clock on a fake device: every interval is 0 ms (benchmarks are not run on it). */
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t, cudaEvent_t) {
  *ms = 0.0f;
  return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t e) {
  delete e;
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> lock(M());
  CUstream_st* x = resolve(s);
  e->s = x;
  e->seq = x->next_seq - 1;  // the last operation queued so far
  return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  std::lock_guard<std::recursive_mutex> lock(M());
  if (on_sync) on_sync();
  if (e->s) run_until(e->s, e->seq);
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int) {
  std::lock_guard<std::recursive_mutex> lock(M());
  CUstream_st* on = e->s;
  const uint64_t seq = e->seq;
  if (on) enqueue(resolve(s), [on, seq] { run_until(on, seq); });
  return cudaSuccess;
}

// ---- device memory ----------------------------------------------------------------------------------

cudaError_t cudaMalloc(void** p, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(M());
  void* q = malloc(bytes ? bytes : 1);
  if (!q) return fail(cudaErrorMemoryAllocation);  // as a device out of memory (and the last error)
  memset(q, 0xff, bytes);  // poison: NaN as float/double, 0xffffffff as words
  S().dev[(uintptr_t)q] = DevAlloc{bytes, t_device};
  if (t_device < 8) ++S().stats.device_allocs[t_device];
  S().stats.device_bytes_now += (long long)bytes;
  *p = q;
  return cudaSuccess;
}

cudaError_t cudaMallocAsync(void** p, size_t bytes, cudaStream_t) { return cudaMalloc(p, bytes); }

static void free_device(void* p) {
  auto it = S().dev.find((uintptr_t)p);
  if (it == S().dev.end()) {
    violation("free of a pointer that is not a live device allocation");
    return;
  }
  S().stats.device_bytes_now -= (long long)it->second.bytes;
  S().dev.erase(it);
  free(p);
}

cudaError_t cudaFree(void* p) {
  std::lock_guard<std::recursive_mutex> lock(M());
  if (!p) return cudaSuccess;
  device_sync(t_device);  // cudaFree synchronizes the device
  free_device(p);
  return cudaSuccess;
}

cudaError_t cudaFreeAsync(void* p, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> lock(M());
  CUstream_st* x = resolve(s);
  enqueue(x, [p, x] {
    for (CUstream_st* o : S().streams) {
      if (o == x) continue;
      for (auto& op : o->q)
        for (const void* t : op.touches)
          if (dev_alloc_of(t) && dev_alloc_of(t)->first == (uintptr_t)p) {
            violation("device memory freed (stream-ordered) while another stream's queued work uses it");
          }
    }
    free_device(p);
  });
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void* p, int value, size_t bytes, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> lock(M());
  if (!is_device_ptr(p)) violation("cudaMemsetAsync on memory that is not a device allocation");
  enqueue(resolve(s), [p, value, bytes] { memset(p, value, bytes); }, 0, 0, {p});
  return cudaSuccess;
}

/** Like CUDA's: on the legacy default stream, and synchronous for the host when the memory is device
 *  memory ("API synchronization behavior": asynchronous only for some cases; here it simply waits). */
cudaError_t cudaMemset(void* p, int value, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(M());
  const cudaError_t e = cudaMemsetAsync(p, value, bytes, nullptr);
  device_sync(t_device);
  return e;
}

// ---- host memory ------------------------------------------------------------------------------------

cudaError_t cudaHostAlloc(void** p, size_t bytes, unsigned int) {
  std::lock_guard<std::recursive_mutex> lock(M());
  void* q = malloc(bytes ? bytes : 1);
  if (!q) return fail(cudaErrorMemoryAllocation);
  memset(q, 0xee, bytes);
  S().host[(uintptr_t)q] = HostRange{(uintptr_t)q + std::max<size_t>(bytes, 1), false};
  *p = q;
  return cudaSuccess;
}

cudaError_t cudaFreeHost(void* p) {
  std::lock_guard<std::recursive_mutex> lock(M());
  for (int d = 0; d < S().cfg.devices && d < 8; ++d) device_sync(d);
  auto it = S().host.find((uintptr_t)p);
  if (it == S().host.end() || it->second.registered) {
    violation("cudaFreeHost of a pointer cudaHostAlloc did not return");
    return fail(cudaErrorInvalidValue);
  }
  S().host.erase(it);
  free(p);
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void* p, size_t bytes, unsigned int) {
  std::lock_guard<std::recursive_mutex> lock(M());
  const uintptr_t b = (uintptr_t)p & ~(kPage - 1), e = ((uintptr_t)p + bytes + kPage - 1) & ~(kPage - 1);
  for (auto& kv : S().host) {
    const uintptr_t kb = kv.first & ~(kPage - 1), ke = (kv.second.end + kPage - 1) & ~(kPage - 1);
    if (kb < e && b < ke) return fail(cudaErrorHostMemoryAlreadyRegistered);
  }
  S().host[(uintptr_t)p] = HostRange{(uintptr_t)p + bytes, true};
  ++S().stats.registrations;
  ++S().stats.registered_now;
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void* p) {
  std::lock_guard<std::recursive_mutex> lock(M());
  auto it = S().host.find((uintptr_t)p);
  if (it == S().host.end() || !it->second.registered) return fail(cudaErrorHostMemoryNotRegistered);
  if (pending_host_write(p, it->second.end - it->first)) {
    violation("cudaHostUnregister while a copy into the range is still queued");
  }
  S().host.erase(it);
  --S().stats.registered_now;
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes* a, const void* p) {
  std::lock_guard<std::recursive_mutex> lock(M());
  memset(a, 0, sizeof *a);
  if (auto d = dev_alloc_of(p)) {
    a->type = cudaMemoryTypeDevice;
    a->device = d->second.device;
    a->devicePointer = const_cast<void*>(p);
    return cudaSuccess;
  }
  if (lock_state(p, 1) == 2) {  // page granular for registrations, as the driver tracks them
    a->type = cudaMemoryTypeHost;
    a->hostPointer = const_cast<void*>(p);
    return cudaSuccess;
  }
  a->type = cudaMemoryTypeUnregistered;
  return cudaSuccess;
}

// ---- copies -----------------------------------------------------------------------------------------

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t n, enum cudaMemcpyKind kind, cudaStream_t stream) {
  std::lock_guard<std::recursive_mutex> lock(M());
  CUstream_st* s = resolve(stream);
  if (n == 0) return cudaSuccess;
  switch (kind) {
    case cudaMemcpyDeviceToHost: {
      if (!is_device_ptr(src)) violation("cudaMemcpyAsync D2H from memory that is not a device allocation");
      const int ls = lock_state(dst, n);
      if (ls == 0) {  // pageable destination: returns once the copy is done
        run_all(s);
        memcpy(dst, src, n);
        return cudaSuccess;
      }
      if (ls == 1) violation("D2H copy into host memory that is only partly page-locked");
      if (S().pinned_targets.insert((uintptr_t)dst).second) ++S().stats.pinned_d2h_targets;
      ++S().stats.copies_d2h_pinned;
      enqueue(s, [dst, src, n] { memcpy(dst, src, n); }, (uintptr_t)dst, (uintptr_t)dst + n, {src});
      if (on_d2h_queued) on_d2h_queued();
      return cudaSuccess;
    }
    case cudaMemcpyHostToDevice: {
      if (!is_device_ptr(dst)) violation("cudaMemcpyAsync H2D into memory that is not a device allocation");
      if (lock_state(src, n) == 2) {  // page-locked source: read when the copy runs
        enqueue(s, [dst, src, n] { memcpy(dst, src, n); }, 0, 0, {dst});
      } else {  // pageable source: staged now, written to the device when the stream gets there
        auto staged = std::make_shared<std::vector<char>>((const char*)src, (const char*)src + n);
        enqueue(s, [dst, staged] { memcpy(dst, staged->data(), staged->size()); }, 0, 0, {dst});
      }
      return cudaSuccess;
    }
    case cudaMemcpyDeviceToDevice:
      enqueue(s, [dst, src, n] { memcpy(dst, src, n); }, 0, 0, {dst, src});
      return cudaSuccess;
    default:  // host to host: synchronous
      memcpy(dst, src, n);
      return cudaSuccess;
  }
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t n, enum cudaMemcpyKind kind) {
  std::lock_guard<std::recursive_mutex> lock(M());
  CUstream_st* legacy = legacy_of(t_device);
  switch (kind) {
    case cudaMemcpyHostToDevice:
      if (lock_state(src, n) != 2) {
        // pageable: the legacy stream is synchronized, the source staged, and the call returns;
        // the device write may still be pending (CUDA: "the DMA to final destination may not have completed")
        run_all(legacy);
        auto staged = std::make_shared<std::vector<char>>((const char*)src, (const char*)src + n);
        enqueue(legacy, [dst, staged] { memcpy(dst, staged->data(), staged->size()); }, 0, 0, {dst});
        return cudaSuccess;
      }
      run_all(legacy);
      memcpy(dst, src, n);
      return cudaSuccess;
    default:
      run_all(legacy);
      memcpy(dst, src, n);
      return cudaSuccess;
  }
}

}  // extern "C"
