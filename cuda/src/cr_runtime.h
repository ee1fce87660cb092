// Internal to cuda/src: the host-side runtime every cr_api_*.cpp shares — status values, RAII for
// streams/events/scratch, the per-device state and the calling thread's device, the pinned staging
// pool, page-locking of caller memory, and the pipeline that lands device results in (usually
// pageable) host memory. Compiled by the host compiler; no kernels. The host tests link it against a
// stand-in CUDA runtime (cuda/test/fake/) that runs every asynchronous operation as late as CUDA
// allows, so ordering mistakes here show up as wrong bytes on a machine without a GPU.
//
// Process-lifetime state (the pinned pool, registries, per-device state) is allocated once and never
// destroyed: process.exit() runs static destructors while libuv threads may still be inside a call.
#ifndef CR_RUNTIME_H
#define CR_RUNTIME_H

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <mutex>

#include "cr_api.h"
#include "cr_copy.h"

namespace cr_rt {

cr_status ok_status();
cr_status make_status(cudaError_t e, const char* what);
cr_status invalid(const char* what);

#define CR_TRY(call)                                  \
  do {                                                \
    cudaError_t cr_e_ = (call);                       \
    if (cr_e_ != cudaSuccess) return cr_rt::make_status(cr_e_, #call); \
  } while (0)

// ---- RAII ---------------------------------------------------------------------------------------

struct Stream {
  cudaStream_t s = nullptr;
  ~Stream() {
    if (s) cudaStreamDestroy(s);  // returns at once; resources go when queued work ends
  }
};

/** Waits for the stream's queued work on every exit path. Declare it AFTER the buffers that work
 *  uses: locals are destroyed in reverse order, so it then runs before they are released. */
struct SyncOnExit {
  cudaStream_t s;
  ~SyncOnExit() {
    if (s && cudaStreamSynchronize(s) != cudaSuccess) cudaGetLastError();
  }
};

struct Event {
  cudaEvent_t e = nullptr;
  ~Event() {
    if (e) cudaEventDestroy(e);
  }
};

/** Stream-ordered device scratch (cudaMallocAsync from the pool; plain cudaMalloc if pools are absent). */
struct DeviceBuffer {
  void* p = nullptr;
  cudaStream_t s = nullptr;
  bool pooled = true;
  ~DeviceBuffer() {
    if (!p) return;
    if (pooled) {
      cudaFreeAsync(p, s);
    } else {
      cudaStreamSynchronize(s);
      cudaFree(p);
    }
  }
};

// ---- devices --------------------------------------------------------------------------------------

/** Devices a process can address by index (CUDA_VISIBLE_DEVICES may list fewer). */
constexpr int kMaxDevices = 64;

/** The device the calling thread's cr_* calls use (cr_use_device; default 0). */
int current_device();
/** Sets it; returns the previous one. */
int use_device(int device);

/** Restores the thread's device on scope exit (frees on the device that owns the memory). */
struct DeviceScope {
  int prev;
  explicit DeviceScope(int device) : prev(use_device(device)) {}
  ~DeviceScope() { use_device(prev); }
};

struct DeviceState {
  int device = 0;
  cudaError_t init_error = cudaSuccess;
  const char* init_step = "";
  int sms = 1;
  bool pools = false;
};

/**
 * The state of the calling thread's device, initialised once per device (thread-safe), after making
 * that device current on this thread (cudaSetDevice: its primary context, whatever context another
 * library left current). Every entry point calls it before it touches CUDA.
 */
DeviceState& device_state();

#define CR_DEVICE_READY(st)                                                  \
  DeviceState& st = device_state();                                         \
  if (st.init_error != cudaSuccess) return cr_rt::make_status(st.init_error, st.init_step)

/**
 * A blocking call's own non-blocking stream on the current device, ordered after the work already
 * enqueued on the legacy default stream (and so after every blocking stream): a caller that wrote
 * device memory there (cr_api.h's *_device functions with stream NULL, cudaMemcpy) before a blocking
 * call that reads it gets the written values. Work on other non-blocking or per-thread default
 * streams is the caller's to synchronize.
 */
cr_status open_stream(Stream& s);

/** Stream-ordered scratch of `bytes` on stream `s` (pooled when the device supports memory pools). */
cr_status alloc_device(DeviceBuffer& b, size_t bytes, cudaStream_t s, bool pools);

/**
 * A constant table in every device's memory, uploaded by the first call that needs it on that device
 * (the XORWOW and MRG32k3a jump matrices) and kept for the process's lifetime. The upload runs on a
 * stream of its own and is waited for: the kernels read the table from non-blocking streams that no
 * legacy-stream copy is ordered before. A failed upload is retried by the next call.
 */
class DeviceTable {
 public:
  DeviceTable(const void* host, size_t bytes) : host_(host), bytes_(bytes) {}
  /** The current device's copy. */
  cr_status get(const void** out);

 private:
  const void* host_;
  size_t bytes_;
  void* on_[kMaxDevices] = {};
  std::mutex mu_;
};

// ---- pinned staging buffers, reused across calls -------------------------------------------------

constexpr size_t kChunkBytes = 8u << 20;  // one pipeline stage

/**
 * A pinned staging buffer of kChunkBytes from the process-wide pool. `busy` is the stream whose
 * copies may still write into it: the destructor waits for that stream before the buffer goes back
 * to the pool, so no in-flight copy can land in another call's buffer, whatever the exit path.
 */
struct Pinned {
  void* p = nullptr;
  cudaStream_t busy = nullptr;
  ~Pinned();
};

cr_status acquire_pinned(Pinned& b);

/** Frees the staging buffers the pool keeps (cr_diag_release; the pool is otherwise process-lifetime). */
cr_status release_pinned_pool();

/** Pinned buffers made by cr_alloc_pinned (the pinnedArrayBuffer outputs), known exactly. */
void note_pinned_alloc(void* p, size_t bytes);
void forget_pinned_alloc(void* p);

/**
 * Whether [p, p + bytes) is page-locked memory the caller owns, so the GPU may copy straight into it:
 * inside one cr_alloc_pinned buffer, or pinned by someone else (cudaPointerGetAttributes on the first
 * and the last byte) and not overlapping pages this runtime locked for a call in flight.
 */
bool caller_pinned(const void* p, size_t bytes);

/**
 * cudaMemcpyAsync of `bytes` of the caller's host memory at src to the device, on s, such that src has
 * been read when this returns. From pageable memory CUDA stages the source before the copy call returns;
 * from page-locked memory (a pinnedArrayBuffer, pages this runtime or someone else locked) the copy runs
 * later, with the stream — when a caller of a _device twin may already have reused its buffer — so then
 * this waits for the stream.
 */
cudaError_t copy_from_caller(void* dst, const void* src, size_t bytes, cudaStream_t s);

/**
 * Page-locks [p, p + bytes) for the copies of one call (transfer mode 'register'). Calls whose
 * outputs share pages share one registration (reference-counted, unregistered by the last one); a
 * range that only partly overlaps a registration cannot be locked (CUDA refuses overlapping
 * registrations) and the call stages instead. The owner synchronizes its stream before the
 * registration is released.
 */
class HostRegistration {
 public:
  HostRegistration() = default;
  HostRegistration(const HostRegistration&) = delete;
  HostRegistration& operator=(const HostRegistration&) = delete;
  ~HostRegistration() { release(); }
  /** true when the range is page-locked until release(). */
  bool acquire(void* p, size_t bytes);
  /** Drops this call's reference; cudaHostUnregister when it was the last. */
  cudaError_t release();

 private:
  uintptr_t begin_ = 0;  // page-aligned key of the registration, 0 = none held
};

/** Pageable host outputs: 0 = staging pipeline (default), 1 = page-lock the caller's buffer for the
 *  call and copy into it directly (cr_set_transfer_mode). */
void set_transfer_mode(int mode);
int transfer_mode();

// ---- the staging pipeline ------------------------------------------------------------------------

/**
 * Runs n elements of `elem` bytes through pinned staging buffers, chunk by chunk (chunks of
 * kChunkBytes): src(slot, start, m, stream, &at) enqueues whatever makes elements [start, start + m)
 * available in device memory on `stream` and sets `at` to their device address; `slot` (0 or 1)
 * alternates between consecutive chunks, so a producer can keep two device buffers in flight. Two
 * staging buffers alternate too: sink(start, m, staged) consumes chunk i - 1 on the CPU while chunk i
 * is produced and copied over PCIe. Returns after the last chunk was sunk.
 */
template <class Src, class Sink>
cr_status stage_chunks(cudaStream_t stream, uint64_t n, size_t elem, Src src, Sink sink) {
  if (n == 0) return ok_status();
  const uint64_t per = kChunkBytes / elem;
  Pinned stage[2];
  Event done[2];
  SyncOnExit sync{stream};  // after stage[] and done[]: runs first on an early return
  const int nbuf = n > per ? 2 : 1;
  for (int i = 0; i < nbuf; ++i) {
    cr_status s = acquire_pinned(stage[i]);
    if (s.code) return s;
    CR_TRY(cudaEventCreateWithFlags(&done[i].e, cudaEventDisableTiming));
  }
  uint64_t prev_start = 0, prev_m = 0;
  int prev = -1;
  int i = 0;
  for (uint64_t start = 0; start < n; start += per, i ^= (nbuf - 1)) {
    const uint64_t m = std::min(per, n - start);
    const void* at = nullptr;
    CR_TRY(src(i, start, m, stream, &at));
    stage[i].busy = stream;
    CR_TRY(cudaMemcpyAsync(stage[i].p, at, m * elem, cudaMemcpyDeviceToHost, stream));
    CR_TRY(cudaEventRecord(done[i].e, stream));
    if (prev >= 0) {
      CR_TRY(cudaEventSynchronize(done[prev].e));
      sink(prev_start, prev_m, static_cast<const void*>(stage[prev].p));
    }
    prev = i;
    prev_start = start;
    prev_m = m;
  }
  CR_TRY(cudaEventSynchronize(done[prev].e));
  sink(prev_start, prev_m, static_cast<const void*>(stage[prev].p));
  return ok_status();
}

/**
 * Lands n elements in host `out` (src as in stage_chunks). Page-locked `out` (the caller's pinned
 * buffer, or in transfer mode 1 a pageable one registered for the call): each chunk is copied straight
 * into it. Pageable `out`: stage_chunks, the CPU copy into `out` spread over the copy threads.
 */
template <class Src>
cr_status stage_to_host(cudaStream_t stream, void* out, uint64_t n, size_t elem, Src src) {
  if (n == 0) return ok_status();
  char* const host = static_cast<char*>(out);
  const uint64_t per = kChunkBytes / elem;
  HostRegistration reg;  // released after the stream is synchronized (declared before `direct`'s sync)
  auto direct = [&]() -> cr_status {
    SyncOnExit sync{stream};  // no copy may still be in flight when the registration is released
    int slot = 0;
    for (uint64_t start = 0; start < n; start += per, slot ^= 1) {
      const uint64_t m = std::min(per, n - start);
      const void* at = nullptr;
      CR_TRY(src(slot, start, m, stream, &at));
      CR_TRY(cudaMemcpyAsync(host + start * elem, at, m * elem, cudaMemcpyDeviceToHost, stream));
    }
    CR_TRY(cudaStreamSynchronize(stream));
    return ok_status();
  };
  if (caller_pinned(out, n * elem)) return direct();
  if (transfer_mode() == 1 && reg.acquire(out, n * elem)) {
    cr_status r = direct();
    const cudaError_t u = reg.release();
    if (r.code == 0 && u != cudaSuccess) return make_status(u, "cudaHostUnregister");
    return r;
  }
  return stage_chunks(stream, n, elem, src, [&](uint64_t start, uint64_t m, const void* staged) {
    host_copy(host + start * elem, staged, m * elem);
  });
}

/**
 * Runs gen(dev, start, count, stream) for consecutive element ranges on `stream` and lands the results
 * in host `out` (stage_to_host), gen writing each chunk into one of two alternating device buffers.
 */
template <class Gen>
cr_status produce_on(cudaStream_t stream, void* out, uint64_t n, size_t elem, Gen gen) {
  if (n == 0) return ok_status();
  if (!out) return invalid("out is null");
  CR_DEVICE_READY(st);
  const uint64_t first_chunk = std::min<uint64_t>(n, kChunkBytes / elem);
  DeviceBuffer dev[2];
  const int nbuf = n > first_chunk ? 2 : 1;
  for (int i = 0; i < nbuf; ++i) {
    cr_status s = alloc_device(dev[i], first_chunk * elem, stream, st.pools);
    if (s.code) return s;
  }
  return stage_to_host(stream, out, n, elem,
                       [&](int slot, uint64_t start, uint64_t m, cudaStream_t s, const void** at) -> cudaError_t {
                         *at = dev[slot].p;
                         return gen(dev[slot].p, start, m, s);
                       });
}

/** produce_on with a stream of its own. */
template <class Gen>
cr_status produce(void* out, uint64_t n, size_t elem, Gen gen) {
  if (n == 0) return ok_status();
  if (!out) return invalid("out is null");
  CR_DEVICE_READY(ds);
  (void)ds;
  Stream stream;
  cr_status s = open_stream(stream);
  if (s.code) return s;
  return produce_on(stream.s, out, n, elem, gen);
}

}  // namespace cr_rt

#endif  // CR_RUNTIME_H
