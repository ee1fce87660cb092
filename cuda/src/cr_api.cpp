// Host side of the CUDA backend's raw-stream ops: device discovery, Philox bits/uniform and XORWOW
// fills (with the XORWOW jump tables). The shared runtime (streams, scratch, the staging pipeline) is
// cr_runtime.h; kernels live in the .cu files. Compiled by the host compiler against cuda_runtime.h.
#include "cr_api.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

#include "cr_launch.h"
#include "cr_runtime.h"
#include "cr_xorwow.h"

#ifndef CR_CUDA_ARCHS_STRING
#define CR_CUDA_ARCHS_STRING "unknown"
#endif

using namespace cr_rt;

namespace {

// ---- XORWOW jump matrices ------------------------------------------------------------------------

const std::vector<cr_xorwow_matrix>& xorwow_host_jumps() {
  static std::vector<cr_xorwow_matrix> jumps;
  static std::once_flag once;
  std::call_once(once, [] {
    jumps.resize(CR_XORWOW_HOST_JUMPS);
    cr_xorwow_make_jumps(jumps.data(), CR_XORWOW_HOST_JUMPS);
  });
  return jumps;
}

std::mutex g_xorwow_mu;
cr_xorwow_matrix* g_xorwow_device = nullptr;

cr_status xorwow_device_jumps(const cr_xorwow_matrix** out) {
  std::lock_guard<std::mutex> lock(g_xorwow_mu);  // retried after a failure, unlike call_once
  if (!g_xorwow_device) {
    const auto& host = xorwow_host_jumps();
    const size_t bytes = sizeof(cr_xorwow_matrix) * CR_XORWOW_DEVICE_JUMPS;
    cr_xorwow_matrix* p = nullptr;
    CR_TRY(cudaMalloc(&p, bytes));
    cudaError_t e = cudaMemcpy(p, host.data(), bytes, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
      cudaFree(p);
      return make_status(e, "cudaMemcpy(xorwow jump matrices)");
    }
    g_xorwow_device = p;
  }
  *out = g_xorwow_device;
  return ok_status();
}

cr_xorwow_state xorwow_base(uint64_t seed, uint64_t subsequence, uint64_t offset) {
  cr_xorwow_state s;
  cr_xorwow_init(xorwow_host_jumps().data(), seed, subsequence, offset, &s);
  return s;
}

}  // namespace

// ---- public API ----------------------------------------------------------------------------------

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
  e = cudaGetDevice(&info->device);
  if (e != cudaSuccess) {
    info->error = make_status(e, "cudaGetDevice");
    return ok_status();
  }
  cudaDeviceProp p;
  e = cudaGetDeviceProperties(&p, info->device);
  if (e != cudaSuccess) {
    info->error = make_status(e, "cudaGetDeviceProperties");
    return ok_status();
  }
  snprintf(info->name, sizeof info->name, "%s", p.name);
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->multiprocessors = p.multiProcessorCount;
  info->total_memory = p.totalGlobalMem;
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

cr_status cr_bits(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, uint64_t n) {
  const int sms = device_state().sms;
  return produce(out, n, sizeof(uint32_t), [&](void* d, uint64_t start, uint64_t m, cudaStream_t s) {
    return cr_launch_bits(static_cast<uint32_t*>(d), m, k0, k1, first + start, sms, s);
  });
}

cr_status cr_uniform32(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, float* out, uint64_t n) {
  const int sms = device_state().sms;
  return produce(out, n, sizeof(float), [&](void* d, uint64_t start, uint64_t m, cudaStream_t s) {
    return cr_launch_uniform32(static_cast<float*>(d), m, k0, k1, first + start, low, high, sms, s);
  });
}

cr_status cr_uniform64(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, double* out, uint64_t n) {
  const int sms = device_state().sms;
  return produce(out, n, sizeof(double), [&](void* d, uint64_t start, uint64_t m, cudaStream_t s) {
    return cr_launch_uniform64(static_cast<double*>(d), m, k0, k1, first + start, low, high, sms, s);
  });
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
    cr_xorwow_skipahead(xorwow_host_jumps().data(), CR_XORWOW_HOST_JUMPS, start - at, &base);
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
  cr_xorwow_skipahead(xorwow_host_jumps().data(), CR_XORWOW_HOST_JUMPS, skip, &base);
  return xorwow_fill_from(base, out, n);
}

cr_status cr_bits_device(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* dev_out, uint64_t n, void* stream) {
  CR_DEVICE_READY(st);
  CR_TRY(cr_launch_bits(dev_out, n, k0, k1, first, st.sms, static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_uniform32_device(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, float* dev_out,
                              uint64_t n, void* stream) {
  CR_DEVICE_READY(st);
  CR_TRY(cr_launch_uniform32(dev_out, n, k0, k1, first, low, high, st.sms, static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_uniform64_device(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, double* dev_out,
                              uint64_t n, void* stream) {
  CR_DEVICE_READY(st);
  CR_TRY(cr_launch_uniform64(dev_out, n, k0, k1, first, low, high, st.sms, static_cast<cudaStream_t>(stream)));
  return ok_status();
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
  cudaError_t e = cudaHostAlloc(&p, bytes ? bytes : 1, cudaHostAllocDefault);
  if (e != cudaSuccess) {
    if (status) *status = make_status(e, "cudaHostAlloc");
    cudaGetLastError();
    return nullptr;
  }
  if (status) *status = ok_status();
  return p;
}

void cr_free_pinned(void* p) {
  if (p) cudaFreeHost(p);
}
