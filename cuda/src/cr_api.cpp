// Host side of the CUDA backend: device discovery, per-call streams and scratch, the staging pipeline
// from device scratch to the caller's (usually pageable) host memory, and XORWOW jump tables.
// Compiled by the host compiler against cuda_runtime.h; kernels live in the .cu files.
#include "cr_api.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

#include "cr_launch.h"
#include "cr_xorwow.h"

#ifndef CR_CUDA_ARCHS_STRING
#define CR_CUDA_ARCHS_STRING "unknown"
#endif

namespace {

cr_status ok_status() {
  cr_status s;
  s.code = 0;
  s.name[0] = 0;
  s.message[0] = 0;
  return s;
}

cr_status make_status(cudaError_t e, const char* what) {
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

#define CR_TRY(call)                                  \
  do {                                                \
    cudaError_t cr_e_ = (call);                       \
    if (cr_e_ != cudaSuccess) return make_status(cr_e_, #call); \
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

#define CR_DEVICE_READY(st)                                                  \
  DeviceState& st = device_state();                                         \
  if (st.init_error != cudaSuccess) return make_status(st.init_error, st.init_step)

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

constexpr size_t kChunkBytes = 8u << 20;  // one pipeline stage
constexpr size_t kPoolKeep = 8;           // staging buffers kept for later calls

std::mutex g_pinned_mu;
std::vector<void*> g_pinned_free;

struct Pinned {
  void* p = nullptr;
  ~Pinned() {
    if (!p) return;
    std::lock_guard<std::mutex> lock(g_pinned_mu);
    if (g_pinned_free.size() < kPoolKeep) {
      g_pinned_free.push_back(p);
    } else {
      cudaFreeHost(p);
    }
  }
};

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

// ---- XORWOW jump matrices ------------------------------------------------------------------------

struct XorwowTables {
  std::vector<cr_xorwow_matrix> host;  // A^(2^k), k < CR_XORWOW_HOST_JUMPS
  cr_xorwow_matrix* device = nullptr;  // A^(2^k), k < CR_XORWOW_DEVICE_JUMPS (lives until exit)
  cudaError_t error = cudaSuccess;
  const char* step = "";
};

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
