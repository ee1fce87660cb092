// Internal to cuda/src: the host-side runtime every cr_api_*.cpp shares — status values, RAII for
// streams/events/scratch, the per-process device state, the pinned staging pool and the pipeline that
// lands device results in (usually pageable) host memory. Compiled by the host compiler; no kernels.
#ifndef CR_RUNTIME_H
#define CR_RUNTIME_H

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>

#include "cr_api.h"

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

/** Waits for the stream's queued work on every exit path, before the buffers it uses are released
 *  (a failed call must not hand a staging buffer with a copy still in flight back to the pool). */
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

// ---- device state (device 0 of the process, i.e. the first of CUDA_VISIBLE_DEVICES) -------------

struct DeviceState {
  cudaError_t init_error = cudaSuccess;
  const char* init_step = "";
  int sms = 1;
  bool pools = false;
};

/** Initialised once per process (thread-safe). */
DeviceState& device_state();

#define CR_DEVICE_READY(st)                                                  \
  DeviceState& st = device_state();                                         \
  if (st.init_error != cudaSuccess) return cr_rt::make_status(st.init_error, st.init_step)


/** Stream-ordered scratch of `bytes` on stream `s` (pooled when the device supports memory pools). */
cr_status alloc_device(DeviceBuffer& b, size_t bytes, cudaStream_t s, bool pools);

// ---- pinned staging buffers, reused across calls -------------------------------------------------

constexpr size_t kChunkBytes = 8u << 20;  // one pipeline stage

/** A pinned staging buffer of kChunkBytes from the process-wide pool; returned to it on destruction. */
struct Pinned {
  void* p = nullptr;
  ~Pinned();
};

cr_status acquire_pinned(Pinned& b);
bool is_pinned(const void* p);

/** memcpy for the staging pipeline's CPU side: large copies are split over a few threads of a
 *  process-wide pool (first-touch page faults of a fresh JS array and the copy itself both scale with
 *  threads; one thread alone stays far below PCIe speed). */
void host_copy(void* dst, const void* src, size_t bytes);

/** Pageable host outputs: 0 = staging pipeline (default), 1 = cudaHostRegister the caller's buffer for
 *  the call and copy into it directly (cr_set_transfer_mode). */
void set_transfer_mode(int mode);
int transfer_mode();

/**
 * Lands n elements in host `out`, chunk by chunk (chunks of kChunkBytes): src(slot, start, m, stream,
 * &at) enqueues whatever makes elements [start, start + m) available in device memory on `stream` and
 * sets `at` to their device address; `slot` (0 or 1) alternates between consecutive chunks, so a
 * producer can keep two device buffers in flight. Pinned `out`: each chunk is copied straight into it.
 * Pageable `out`: two pinned staging buffers alternate, so the CPU copy of chunk i-1 into `out` overlaps
 * the production and PCIe copy of chunk i. Returns after the last element is in `out`.
 */
template <class Src>
cr_status stage_to_host(cudaStream_t stream, void* out, uint64_t n, size_t elem, Src src) {
  const uint64_t per = kChunkBytes / elem;
  char* const host = static_cast<char*>(out);
  SyncOnExit sync{stream};
  // Straight into page-locked memory: the caller's pinned buffer, or (transfer mode 1) a pageable one
  // registered for this call.
  auto direct = [&]() -> cr_status {
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
  if (is_pinned(out)) return direct();
  if (transfer_mode() == 1) {
    if (cudaHostRegister(out, n * elem, cudaHostRegisterDefault) == cudaSuccess) {
      cr_status r = direct();
      const cudaError_t u = cudaHostUnregister(out);
      if (r.code == 0 && u != cudaSuccess) return make_status(u, "cudaHostUnregister");
      return r;
    }
    cudaGetLastError();  // not registrable (e.g. too large to lock): stage instead
  }
  Pinned stage[2];
  Event done[2];
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
    CR_TRY(cudaMemcpyAsync(stage[i].p, at, m * elem, cudaMemcpyDeviceToHost, stream));
    CR_TRY(cudaEventRecord(done[i].e, stream));
    if (prev >= 0) {
      CR_TRY(cudaEventSynchronize(done[prev].e));
      host_copy(host + prev_start * elem, stage[prev].p, prev_m * elem);
    }
    prev = i;
    prev_start = start;
    prev_m = m;
  }
  CR_TRY(cudaEventSynchronize(done[prev].e));
  host_copy(host + prev_start * elem, stage[prev].p, prev_m * elem);
  return ok_status();
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
  const DeviceState& ds = device_state();
  if (ds.init_error != cudaSuccess) return make_status(ds.init_error, ds.init_step);
  Stream stream;
  CR_TRY(cudaStreamCreateWithFlags(&stream.s, cudaStreamNonBlocking));
  return produce_on(stream.s, out, n, elem, gen);
}

}  // namespace cr_rt

#endif  // CR_RUNTIME_H
