// The interface between the Node binding (binding/*.cc, g++, node-addon-api) and the CUDA side
// (cuda/src, nvcc + cudart): plain C++ functions, no CUDA types, no napi types. The binding never
// includes a kernel; the kernels never include napi.h.
//
// Every function returns a cr_status: code 0 is success; otherwise `code` is the cudaError_t value
// (or CR_EINVAL for an argument the TypeScript facade should already have rejected), `name` is
// cudaGetErrorName's text and `message` says which call failed and cudaGetErrorString's text.
// Functions are thread-safe: each call runs on its own non-blocking CUDA stream with its own
// scratch buffers (stream-ordered allocations from the device's memory pool), released on every path.
//
// Devices: every call runs on the calling thread's device (cr_use_device; default 0, the first of
// CUDA_VISIBLE_DEVICES) and makes it current (cudaSetDevice) before touching CUDA.
//
// Ordering: a blocking call's stream waits for the work already enqueued on the legacy default stream
// (and so on every blocking stream), so device memory written there beforehand is read as written.
// Work the caller enqueued on non-blocking or per-thread default streams must be synchronized first.
#ifndef CR_API_H
#define CR_API_H

#include <stddef.h>
#include <stdint.h>

#define CR_EINVAL (-1)
/** A value out of its domain, found on the device (device-resident shapes or weights): `message` names
 *  it, e.g. "alpha[12] must be finite and > 0, got -1". The binding throws a RangeError. */
#define CR_ERANGE (-2)

struct cr_status {
  int code;
  char name[64];
  char message[448];
};

struct cr_device_info_t {
  /** 1 when device `device` can run this build's kernels. */
  int usable;
  /** cudaRuntimeGetVersion (the statically linked runtime), e.g. 13000. */
  int runtime_version;
  /** cudaDriverGetVersion; 0 when no driver is installed. */
  int driver_version;
  /** cudaGetDeviceCount, or 0 when it failed. */
  int device_count;
  /** The device used: the calling thread's (cr_use_device), -1 when it does not exist. */
  int device;
  char name[256];
  int cc_major;
  int cc_minor;
  int multiprocessors;
  uint64_t total_memory;
  uint64_t free_memory;
  /** The architectures this build carries, e.g. "75-real;80-real;86-real;89-real;90-real;90-virtual". */
  char archs[256];
  /** When !usable: the failing step and the CUDA error, e.g.
   *  "cudaGetDeviceCount: cudaErrorInsufficientDriver: CUDA driver version is insufficient ...". */
  cr_status error;
};

/** What the runtime finds: versions, the calling thread's device's properties, whether the kernels can
 *  run on it (creates that device's context). */
cr_status cr_device_info(cr_device_info_t* info);

/** Selects the device of the calling thread's later cr_* calls (an index below cr_device_count);
 *  returns the previous selection. Invalid indices surface as cudaErrorInvalidDevice from the calls. */
int cr_use_device(int device);
int cr_current_device(void);

/** cudaGetDeviceCount. */
cr_status cr_device_count(int* count);

/** Properties of one visible device, without creating its context (listing every GPU is cheap). */
struct cr_device_brief_t {
  int device;
  char name[256];
  int cc_major;
  int cc_minor;
  int multiprocessors;
  uint64_t total_memory;
};
cr_status cr_device_brief(int device, cr_device_brief_t* out);

/** Element types of outputs, shapes and device arrays. */
#define CR_TYPE_U32 0
#define CR_TYPE_F32 1
#define CR_TYPE_F64 2
#define CR_TYPE_I32 3
#define CR_TYPE_U8 4

/** Bytes of one element of `type`. */
inline size_t cr_type_bytes(int type) { return type == CR_TYPE_F64 ? 8 : type == CR_TYPE_U8 ? 1 : 4; }

/** An array argument: n elements of `type` in host memory (on_device 0: pageable or pinned) or device
 *  memory (on_device 1). */
struct cr_array {
  void* data;
  uint64_t n;
  int type;
  int on_device;
};

/** cr_array views of host or device memory (C++ conveniences). */
inline cr_array cr_host(uint32_t* p, uint64_t n) { return cr_array{p, n, CR_TYPE_U32, 0}; }
inline cr_array cr_host(float* p, uint64_t n) { return cr_array{p, n, CR_TYPE_F32, 0}; }
inline cr_array cr_host(double* p, uint64_t n) { return cr_array{p, n, CR_TYPE_F64, 0}; }
inline cr_array cr_host(int32_t* p, uint64_t n) { return cr_array{p, n, CR_TYPE_I32, 0}; }
inline cr_array cr_host(uint8_t* p, uint64_t n) { return cr_array{p, n, CR_TYPE_U8, 0}; }
inline cr_array cr_on_device(uint32_t* p, uint64_t n) { return cr_array{p, n, CR_TYPE_U32, 1}; }
inline cr_array cr_on_device(float* p, uint64_t n) { return cr_array{p, n, CR_TYPE_F32, 1}; }
inline cr_array cr_on_device(double* p, uint64_t n) { return cr_array{p, n, CR_TYPE_F64, 1}; }
inline cr_array cr_on_device(int32_t* p, uint64_t n) { return cr_array{p, n, CR_TYPE_I32, 1}; }
inline cr_array cr_on_device(uint8_t* p, uint64_t n) { return cr_array{p, n, CR_TYPE_U8, 1}; }

/* Every sampler takes (k0, k1, first, parameters…, out): element i of `out` is element first + i of
 * its stream under key (k0, k1) (docs/streams.md). A blocking call lands host outputs through the
 * staging pipeline, writes device outputs in place (nothing crosses PCIe), and returns when `out` is
 * complete. Its `_device` twin only enqueues into device memory on the caller's stream (a
 * cudaStream_t; NULL: the legacy default stream); both run the same code. */

/** Raw Philox stream words (out: CR_TYPE_U32). */
cr_status cr_bits(uint32_t k0, uint32_t k1, uint64_t first, cr_array out);
/** uniform elements: float32 (w >> 8) 2^-24, float64 from raw words 2e, 2e + 1 (k53 2^-53); for
 *  [low, high) other than [0, 1), low + (high - low) u rounded once. */
cr_status cr_uniform(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, cr_array out);
/** curand() outputs offset .. offset + n - 1 after curand_init(seed, subsequence, 0): the same words as
 *  curand_init(seed, subsequence, offset) followed by n curand() calls. Host `out`. */
cr_status cr_xorwow_fill(uint64_t seed, uint64_t subsequence, uint64_t offset, uint32_t* out, uint64_t n);
/** The n curand() outputs that follow `skip` steps from the state (v[5], d) (a curandStateXORWOW_t
 *  snapshot: the 5 xorshift words and the Weyl counter). Host `out`. */
cr_status cr_xorwow_fill_state(const uint32_t v[5], uint32_t d, uint64_t skip, uint32_t* out, uint64_t n);

cr_status cr_bits_device(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* dev_out, uint64_t n, void* stream);
cr_status cr_uniform_device(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* dev_out, int type,
                            uint64_t n, void* stream);
cr_status cr_xorwow_fill_device(uint64_t seed, uint64_t subsequence, uint64_t offset, uint32_t* dev_out, uint64_t n,
                                void* stream);

/** Page-locked host memory for outputs that the GPU writes at full PCIe speed (NULL on failure);
 *  cr_bits etc. recognise it and skip the staging copy. Portable: usable from every device. Free
 *  with cr_free_pinned. */
void* cr_alloc_pinned(size_t bytes, cr_status* status);
void cr_free_pinned(void* p);

#endif  // CR_API_H
