// Device memory of DeviceArray handles and the transfers in and out of it (cuda/include/cr_api_device.h).
// Allocations come from the device's default memory pool (cached between uses, so creating and
// dropping handles in a loop does not call into the driver each time) on a process-wide non-blocking
// stream of their own, and are complete when cr_device_alloc returns, so any stream may use them.
#include "cr_api_device.h"

#include <cuda_runtime.h>

#include <mutex>

#include "cr_runtime.h"

using namespace cr_rt;

namespace {

/** Per device: the stream of pool allocations and frees (created once; never destroyed: frees from GC
 *  finalizers may come until the process ends). */
struct MemStreams {
  std::mutex mu;
  cudaStream_t on[kMaxDevices] = {};
  bool tried[kMaxDevices] = {};
};

cudaStream_t mem_stream() {
  static MemStreams* m = new MemStreams;  // process lifetime
  const int dev = current_device();
  std::lock_guard<std::mutex> lock(m->mu);
  if (!m->tried[dev]) {
    m->tried[dev] = true;
    if (cudaStreamCreateWithFlags(&m->on[dev], cudaStreamNonBlocking) != cudaSuccess) {
      m->on[dev] = nullptr;
      cudaGetLastError();
    }
  }
  return m->on[dev];
}

}  // namespace

void* cr_device_alloc(size_t bytes, cr_status* status) {
  if (status) *status = ok_status();
  if (bytes == 0) return nullptr;
  DeviceState& st = device_state();
  if (st.init_error != cudaSuccess) {
    if (status) *status = make_status(st.init_error, st.init_step);
    return nullptr;
  }
  void* p = nullptr;
  cudaError_t e;
  cudaStream_t s = st.pools ? mem_stream() : nullptr;
  if (s) {
    e = cudaMallocAsync(&p, bytes, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  } else {
    e = cudaMalloc(&p, bytes);
  }
  if (e != cudaSuccess) {
    if (p) cr_device_free(p);
    if (status) *status = make_status(e, s ? "cudaMallocAsync(device array)" : "cudaMalloc(device array)");
    cudaGetLastError();
    return nullptr;
  }
  return p;
}

void cr_device_free(void* p) {
  if (!p) return;
  const DeviceState& st = device_state();
  if (st.init_error != cudaSuccess) return;  // the device is gone; so is its memory
  cudaStream_t s = st.pools ? mem_stream() : nullptr;
  cudaError_t e = s ? cudaFreeAsync(p, s) : cudaFree(p);
  if (e != cudaSuccess) cudaGetLastError();  // nothing to report to: a finalizer may be the caller
}

cr_status cr_copy_to_host(void* host, const void* dev, size_t bytes) {
  if (bytes == 0) return ok_status();
  if (!host || !dev) return invalid("null pointer");
  Stream s;
  if (cr_status o = open_stream(s); o.code) return o;
  const char* src = static_cast<const char*>(dev);
  return stage_to_host(s.s, host, bytes, 1,
                       [&](int, uint64_t start, uint64_t, cudaStream_t, const void** at) -> cudaError_t {
                         *at = src + start;
                         return cudaSuccess;
                       });
}

cr_status cr_copy_to_device(void* dev, const void* host, size_t bytes) {
  if (bytes == 0) return ok_status();
  if (!host || !dev) return invalid("null pointer");
  Stream s;
  if (cr_status o = open_stream(s); o.code) return o;
  SyncOnExit sync{s.s};
  CR_TRY(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, s.s));
  CR_TRY(cudaStreamSynchronize(s.s));
  return ok_status();
}

void cr_set_transfer_mode(int mode) { set_transfer_mode(mode == CR_TRANSFER_REGISTER ? 1 : 0); }

int cr_transfer_mode(void) { return transfer_mode() ? CR_TRANSFER_REGISTER : CR_TRANSFER_STAGING; }
