// Host side of the CUDA backend's raw-stream ops: device discovery, Philox bits/uniform and XORWOW
// fills (with the XORWOW jump tables). The shared runtime (streams, scratch, the staging pipeline) is
// cr_runtime.h; kernels live in the .cu files. Compiled by the host compiler against cuda_runtime.h.
#include "cr_api.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "cr_launch.h"
#include "cr_run.h"
#include "cr_runtime.h"
#include "cr_xorwow.h"

#ifndef CR_CUDA_ARCHS_STRING
#define CR_CUDA_ARCHS_STRING "unknown"
#endif

using namespace cr_rt;

namespace {

// ---- XORWOW jump matrices ------------------------------------------------------------------------

const cr_xorwow_matrix* xorwow_host_jumps() {
  // Process lifetime (a libuv thread may be inside a call while exit() runs static destructors).
  static const cr_xorwow_matrix* jumps = [] {
    auto* j = new cr_xorwow_matrix[CR_XORWOW_HOST_JUMPS];
    cr_xorwow_make_jumps(j, CR_XORWOW_HOST_JUMPS);
    return j;
  }();
  return jumps;
}

/** The jump matrices in each device's memory, uploaded by the first XORWOW call on that device. */
cr_status xorwow_device_jumps(const cr_xorwow_matrix** out) {
  static DeviceTable* t = new DeviceTable(xorwow_host_jumps(), sizeof(cr_xorwow_matrix) * CR_XORWOW_DEVICE_JUMPS);  // process lifetime
  const void* p = nullptr;
  cr_status s = t->get(&p);
  *out = static_cast<const cr_xorwow_matrix*>(p);
  return s;
}

cr_xorwow_state xorwow_base(uint64_t seed, uint64_t subsequence, uint64_t offset) {
  cr_xorwow_state s;
  cr_xorwow_init(xorwow_host_jumps(), seed, subsequence, offset, &s);
  return s;
}

}  // namespace

// ---- public API ----------------------------------------------------------------------------------

int cr_use_device(int device) { return use_device(device); }

int cr_current_device(void) { return current_device(); }

cr_status cr_device_count(int* count) {
  *count = 0;
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) return make_status(e, "cudaGetDeviceCount");
  *count = n;
  return ok_status();
}

cr_status cr_device_brief(int device, cr_device_brief_t* out) {
  memset(out, 0, sizeof *out);
  out->device = device;
  cudaDeviceProp p;
  const cudaError_t e = cudaGetDeviceProperties(&p, device);  // no context is created for this
  if (e != cudaSuccess) return make_status(e, "cudaGetDeviceProperties");
  snprintf(out->name, sizeof out->name, "%s", p.name);
  out->cc_major = p.major;
  out->cc_minor = p.minor;
  out->multiprocessors = p.multiProcessorCount;
  out->total_memory = p.totalGlobalMem;
  return ok_status();
}

cr_status cr_device_info(cr_device_info_t* info) {
  memset(info, 0, sizeof *info);
  snprintf(info->archs, sizeof info->archs, "%s", CR_CUDA_ARCHS_STRING);
  info->error = ok_status();
  cudaRuntimeGetVersion(&info->runtime_version);
  if (cudaDriverGetVersion(&info->driver_version) != cudaSuccess) info->driver_version = 0;
  info->device = -1;
  cudaError_t e = cudaGetDeviceCount(&info->device_count);
  if (e != cudaSuccess) {
    info->device_count = 0;
    info->error = make_status(e, "cudaGetDeviceCount");
    cudaGetLastError();
    return ok_status();
  }
  if (info->device_count == 0) {
    info->error = make_status(cudaErrorNoDevice, "cudaGetDeviceCount returned 0 devices");
    return ok_status();
  }
  const int dev = current_device();
  if (dev < 0 || dev >= info->device_count) {
    char what[96];
    snprintf(what, sizeof what, "device %d was selected but %d device%s visible", dev, info->device_count,
             info->device_count == 1 ? " is" : "s are");
    info->error = make_status(cudaErrorInvalidDevice, what);
    return ok_status();
  }
  info->device = dev;
  cudaDeviceProp p;
  e = cudaGetDeviceProperties(&p, dev);
  if (e != cudaSuccess) {
    info->error = make_status(e, "cudaGetDeviceProperties");
    return ok_status();
  }
  snprintf(info->name, sizeof info->name, "%s", p.name);
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->multiprocessors = p.multiProcessorCount;
  info->total_memory = p.totalGlobalMem;
  const DeviceState& st = device_state();  // makes `dev` current on this thread
  if (st.init_error != cudaSuccess) {
    info->error = make_status(st.init_error, st.init_step);
    return ok_status();
  }
  e = cr_kernel_image_check();  // creates the context; fails when no compiled arch fits the device
  if (e != cudaSuccess) {
    char what[160];
    snprintf(what, sizeof what, "no kernel image for compute capability %d.%d in this build (archs %s)", p.major,
             p.minor, CR_CUDA_ARCHS_STRING);
    info->error = make_status(e, what);
    cudaGetLastError();
    return ok_status();
  }
  size_t free_b = 0, total_b = 0;
  e = cudaMemGetInfo(&free_b, &total_b);
  if (e != cudaSuccess) {
    info->error = make_status(e, "cudaMemGetInfo");
    return ok_status();
  }
  info->free_memory = free_b;
  info->usable = 1;
  return ok_status();
}

namespace {

struct BitsBody : BodyBase {
  size_t elem = 4;
  uint32_t k0, k1;
  uint64_t first;
  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_bits(static_cast<uint32_t*>(d), m, k0, k1, first + start, sms, s);
  }
};

struct UniformBody : BodyBase {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  double low, high;
  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_uniform(d, elem == 4, m, k0, k1, first + start, low, high, sms, s);
  }
};

}  // namespace

cr_status cr_bits(uint32_t k0, uint32_t k1, uint64_t first, cr_array out) {
  if (out.type != CR_TYPE_U32) return invalid("out must hold uint32 elements");
  BitsBody b;
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  return run_blocking(b, out);
}

cr_status cr_bits_device(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* dev_out, uint64_t n, void* stream) {
  BitsBody b;
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_uniform(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  UniformBody b{{}, type_size(out.type), k0, k1, first, low, high};
  return run_blocking(b, out);
}

cr_status cr_uniform_device(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* dev_out, int type,
                            uint64_t n, void* stream) {
  if (!is_float_type(type)) return invalid("type must be float32 or float64");
  UniformBody b{{}, type_size(type), k0, k1, first, low, high};
  return run_on_stream(b, dev_out, n, stream);
}

namespace {

cr_status xorwow_fill_from(cr_xorwow_state base, uint32_t* out, uint64_t n) {
  if (n == 0) return ok_status();
  CR_DEVICE_READY(st);
  const cr_xorwow_matrix* jumps = nullptr;
  cr_status s = xorwow_device_jumps(&jumps);
  if (s.code) return s;
  uint64_t at = 0;  // steps of `base` already taken by earlier chunks
  return produce(out, n, sizeof(uint32_t), [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) {
    cr_xorwow_skipahead(xorwow_host_jumps(), CR_XORWOW_HOST_JUMPS, start - at, &base);
    at = start;
    return cr_launch_xorwow(static_cast<uint32_t*>(d), m, base, jumps, st.sms, strm);
  });
}

}  // namespace

cr_status cr_xorwow_fill(uint64_t seed, uint64_t subsequence, uint64_t offset, uint32_t* out, uint64_t n) {
  if (n == 0) return ok_status();
  return xorwow_fill_from(xorwow_base(seed, subsequence, offset), out, n);
}

cr_status cr_xorwow_fill_state(const uint32_t v[5], uint32_t d, uint64_t skip, uint32_t* out, uint64_t n) {
  if (n == 0) return ok_status();
  cr_xorwow_state base;
  for (int i = 0; i < 5; ++i) base.v[i] = v[i];
  base.d = d;
  cr_xorwow_skipahead(xorwow_host_jumps(), CR_XORWOW_HOST_JUMPS, skip, &base);
  return xorwow_fill_from(base, out, n);
}

cr_status cr_xorwow_fill_device(uint64_t seed, uint64_t subsequence, uint64_t offset, uint32_t* dev_out, uint64_t n,
                                void* stream) {
  if (n == 0) return ok_status();
  CR_DEVICE_READY(st);
  const cr_xorwow_matrix* jumps = nullptr;
  cr_status s = xorwow_device_jumps(&jumps);
  if (s.code) return s;
  CR_TRY(cr_launch_xorwow(dev_out, n, xorwow_base(seed, subsequence, offset), jumps, st.sms,
                          static_cast<cudaStream_t>(stream)));
  return ok_status();
}

void* cr_alloc_pinned(size_t bytes, cr_status* status) {
  void* p = nullptr;
  // Portable: usable by every device's calls, whichever device the caller picks later.
  cudaError_t e = cudaHostAlloc(&p, bytes ? bytes : 1, cudaHostAllocPortable);
  if (e != cudaSuccess) {
    if (status) *status = make_status(e, "cudaHostAlloc");
    cudaGetLastError();
    return nullptr;
  }
  note_pinned_alloc(p, bytes);
  if (status) *status = ok_status();
  return p;
}

void cr_free_pinned(void* p) {
  if (!p) return;
  forget_pinned_alloc(p);
  cudaFreeHost(p);
}
