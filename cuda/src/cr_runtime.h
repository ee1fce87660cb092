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

/**
 * Runs gen(dev, start, count, stream) for consecutive element ranges and lands the results in host
 * `out`. Pinned `out`: each chunk is copied straight into it. Pageable `out`: two device buffers and
 * two pinned staging buffers alternate, so the CPU copy of chunk i-1 into `out` overlaps the kernel
 * and the PCIe copy of chunk i.
 */
template <class Gen>
cr_status produce(void* out, uint64_t n, size_t elem, Gen gen) {
  if (n == 0) return ok_status();
  if (!out) return invalid("out is null");
  CR_DEVICE_READY(st);
  Stream stream;
  CR_TRY(cudaStreamCreateWithFlags(&stream.s, cudaStreamNonBlocking));
  const uint64_t per = kChunkBytes / elem;
  const uint64_t first_chunk = std::min<uint64_t>(n, per);
  char* const host = static_cast<char*>(out);

  if (is_pinned(out)) {
    DeviceBuffer dev;
    cr_status s = alloc_device(dev, first_chunk * elem, stream.s, st.pools);
    if (s.code) return s;
    SyncOnExit sync{stream.s};
    for (uint64_t start = 0; start < n; start += per) {
      const uint64_t m = std::min(per, n - start);
      CR_TRY(gen(dev.p, start, m, stream.s));
      CR_TRY(cudaMemcpyAsync(host + start * elem, dev.p, m * elem, cudaMemcpyDeviceToHost, stream.s));
    }
    CR_TRY(cudaStreamSynchronize(stream.s));
    return ok_status();
  }

  DeviceBuffer dev[2];
  Pinned stage[2];
  Event done[2];
  const int nbuf = n > per ? 2 : 1;
  for (int i = 0; i < nbuf; ++i) {
    cr_status s = alloc_device(dev[i], first_chunk * elem, stream.s, st.pools);
    if (s.code) return s;
    s = acquire_pinned(stage[i]);
    if (s.code) return s;
    CR_TRY(cudaEventCreateWithFlags(&done[i].e, cudaEventDisableTiming));
  }
  SyncOnExit sync{stream.s};
  uint64_t prev_start = 0, prev_m = 0;
  int prev = -1;
  int i = 0;
  for (uint64_t start = 0; start < n; start += per, i ^= (nbuf - 1)) {
    const uint64_t m = std::min(per, n - start);
    CR_TRY(gen(dev[i].p, start, m, stream.s));
    CR_TRY(cudaMemcpyAsync(stage[i].p, dev[i].p, m * elem, cudaMemcpyDeviceToHost, stream.s));
    CR_TRY(cudaEventRecord(done[i].e, stream.s));
    if (prev >= 0) {
      CR_TRY(cudaEventSynchronize(done[prev].e));
      memcpy(host + prev_start * elem, stage[prev].p, prev_m * elem);
    }
    prev = i;
    prev_start = start;
    prev_m = m;
  }
  CR_TRY(cudaEventSynchronize(done[prev].e));
  memcpy(host + prev_start * elem, stage[prev].p, prev_m * elem);
  return ok_status();
}

}  // namespace cr_rt

#endif  // CR_RUNTIME_H
