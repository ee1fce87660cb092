// Host side of the CUDA alias tables (cuda/include/cr_api_alias.h): device memory, streams, copies and
// the device-resident tables; the kernels are in alias_*.cu. Compiled by the host compiler.
#include "cr_api_alias.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "alias_internal.h"
#include "cr_env.h"
#include "cr_runtime.h"

using namespace cr_rt;

struct cr_alias_table {
  uint32_t* rows;
  uint32_t n;
  bool pooled;
  int device;  // where the rows live; calls with the table run there
};

namespace {

// ---- tuning ---------------------------------------------------------------------------------------

std::mutex g_tuning_mu;
bool g_tuning_ready = false;
cr_alias_tuning g_tuning{0, 0, 0};

/** CUDA_RANDOM_ALIAS_TUNING (cr_env.h). A malformed value leaves the defaults here, but every device
 *  call fails before it could use them (init_device). */
void tuning_from_env(cr_alias_tuning* t) { alias_tuning_from(getenv("CUDA_RANDOM_ALIAS_TUNING"), t); }

cr_alias_tuning tuning() {
  std::lock_guard<std::mutex> lock(g_tuning_mu);
  if (!g_tuning_ready) {
    tuning_from_env(&g_tuning);
    g_tuning_ready = true;
  }
  return g_tuning;
}

// ---- helpers --------------------------------------------------------------------------------------

size_t weight_bytes(int dtype) { return dtype == CR_WEIGHTS_F32 ? 4 : 8; }

cr_status check_build_args(const void* weights, int dtype, uint32_t n, int method, bool allow_cdf) {
  if (!weights) return invalid("weights is null");
  if (dtype != CR_WEIGHTS_F64 && dtype != CR_WEIGHTS_F32) return invalid("dtype must be CR_WEIGHTS_F64 or CR_WEIGHTS_F32");
  if (n == 0) return invalid("an alias table needs at least one item");
  if (method != CR_ALIAS_PSA && method != CR_ALIAS_PSA_PLUS && !(allow_cdf && method == CR_CATEGORICAL_CDF)) {
    return invalid("unknown method");
  }
  return ok_status();
}

/** Stream-ordered device memory whose failure names the size and what it was for. */
cr_status alloc_for(DeviceBuffer& b, size_t bytes, cudaStream_t s, bool pools, const char* what, uint32_t n) {
  cr_status st = alloc_device(b, bytes ? bytes : 1, s, pools);
  if (st.code) {
    cudaGetLastError();  // an allocation failure must not surface as a later launch's error
    char msg[sizeof st.message];
    snprintf(msg, sizeof msg, "%s for %u items: cannot allocate %zu bytes (%.1f MiB) of device memory: %s", what, n,
             bytes, bytes / 1048576.0, st.name);
    snprintf(st.message, sizeof st.message, "%s", msg);
  }
  return st;
}

/** Rows are read and written as 8-byte pairs, units as uint64: device pointers must be 8-byte aligned. */
bool aligned8(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 7u) == 0; }

cr_status internal_status(uint32_t code) {
  char what[160];
  snprintf(what, sizeof what, "internal: inconsistent alias table construction (device status 0x%x)", code);
  cr_status s = invalid(what);
  snprintf(s.name, sizeof s.name, "%s", "EINTERNAL");
  return s;
}

/** Device → pageable or pinned host memory: the samplers' staging pipeline (double-buffered, the CPU
 *  side spread over the copy threads), or one direct copy into pinned memory. */
cr_status d2h(void* host, const void* dev, size_t bytes, cudaStream_t s) {
  const char* src = static_cast<const char*>(dev);
  return stage_to_host(s, host, bytes, 1, [&](int, uint64_t start, uint64_t, cudaStream_t, const void** at) {
    *at = src + start;
    return cudaSuccess;
  });
}

/** Calls f(chunk, first_index, count) for consecutive pieces of n device values of type T, through the
 *  staging pipeline; the pieces of one chunk run on the copy threads at once (f must only write
 *  disjoint outputs for disjoint index ranges). */
template <class T, class F>
cr_status d2h_each(const T* dev, uint64_t n, cudaStream_t s, F f) {
  return stage_chunks(
      s, n, sizeof(T),
      [&](int, uint64_t start, uint64_t, cudaStream_t, const void** at) {
        *at = dev + start;
        return cudaSuccess;
      },
      [&](uint64_t start, uint64_t m, const void* staged) {
        const T* v = static_cast<const T*>(staged);
        CopyPool::process().parallel_for(m, kCopyPiece / sizeof(T), [&](uint64_t b, uint64_t e) {
          f(v + b, start + b, e - b);
        });
      });
}

cr_status read_status(const uint32_t* dstatus, cudaStream_t s) {
  uint32_t code = 0;
  CR_TRY(cudaMemcpyAsync(&code, dstatus, sizeof code, cudaMemcpyDeviceToHost, s));
  CR_TRY(cudaStreamSynchronize(s));
  return code ? internal_status(code) : ok_status();
}

size_t units_scratch(uint32_t n, int sms) { return cr_alias_units_scratch_bytes(n, sms); }

/** The part of the build scratch before the fixed-point reductions (256-byte aligned: they start with
 *  a struct of 128-bit fields). */
size_t psa_region(uint32_t n, int method) {
  const size_t psa = cr_alias_psa_scratch_bytes(n, method == CR_ALIAS_PSA_PLUS);
  const size_t cdf = cr_alias_prefix_scratch_bytes(n);
  return (std::max(psa, cdf) + 255) & ~(size_t)255;
}

/** Scratch of the whole construction: the PSA layout (A, X first: the fixed-point pass borrows them
 *  as its candidate lists) and the fixed-point reductions after it. */
size_t build_scratch(uint32_t n, int method, int sms) { return psa_region(n, method) + units_scratch(n, sms); }

/** Enqueues units (and, unless method is CDF, rows; for CDF the prefix sums) for device weights. */
cr_status enqueue_build(const void* dw, int dtype, uint32_t n, int method, uint64_t* dunits, uint32_t* drows,
                        uint64_t* dprefix, uint32_t* dstatus, void* scratch, int sms, cudaStream_t s) {
  const int plus = method == CR_ALIAS_PSA_PLUS;
  const size_t psa = psa_region(n, method);
  char* base = static_cast<char*>(scratch);
  CR_TRY(cr_alias_enqueue_units(dw, dtype, n, dunits, base + psa,
                                reinterpret_cast<uint32_t*>(base + cr_alias_psa_offset_A()),
                                reinterpret_cast<uint64_t*>(base + cr_alias_psa_offset_X(n)), dstatus, sms, s));
  if (method == CR_CATEGORICAL_CDF) {
    CR_TRY(cr_alias_enqueue_prefix(dunits, n, dprefix, base, psa, s));
  } else {
    CR_TRY(cr_alias_enqueue_psa(dunits, n, plus, drows, base, psa, dstatus, tuning(), sms, s));
  }
  return ok_status();
}

constexpr uint32_t kNoBad = 0xffffffffu;  // CR_WEIGHT_NO_BAD (cr_alias_fixed.h)

cr_status range_status(const char* message) {
  cr_status st = ok_status();
  st.code = CR_ERANGE;
  snprintf(st.name, sizeof st.name, "%s", "ERANGE");
  snprintf(st.message, sizeof st.message, "%s", message);
  return st;
}

/** Device weights checked by the facade's rule (cr_api_alias.h) before anything is built from them;
 *  synchronizes s. CR_ERANGE names the lowest invalid index and its value, or the all-zero case. */
cr_status check_device_weights(const void* dw, int dtype, uint32_t n, cudaStream_t s, bool pools) {
  DeviceBuffer words;
  cr_status st = alloc_for(words, 2 * sizeof(uint32_t), s, pools, "weight check", n);
  if (st.code) return st;
  uint32_t* w = static_cast<uint32_t*>(words.p);
  if ((st = cr_alias_check_device(dw, dtype, n, w, s)).code) return st;
  uint32_t found[2] = {kNoBad, 0};
  CR_TRY(cudaMemcpyAsync(found, w, sizeof found, cudaMemcpyDeviceToHost, s));
  CR_TRY(cudaStreamSynchronize(s));
  char msg[160];
  if (found[0] != kNoBad) {
    const size_t bytes = weight_bytes(dtype);
    unsigned char raw[8] = {};
    CR_TRY(cudaMemcpyAsync(raw, static_cast<const char*>(dw) + (size_t)found[0] * bytes, bytes, cudaMemcpyDeviceToHost, s));
    CR_TRY(cudaStreamSynchronize(s));
    double v;
    if (dtype == CR_WEIGHTS_F32) {
      float f;
      memcpy(&f, raw, sizeof f);
      v = f;
    } else {
      memcpy(&v, raw, sizeof v);
    }
    // %.17g round-trips every double: lib/backend/cuda/alias.ts re-reads it and prints it as JS does.
    snprintf(msg, sizeof msg, "weights[%u] must be a finite number >= 0, got %.17g", found[0], v);
    return range_status(msg);
  }
  if (!found[1]) {
    snprintf(msg, sizeof msg, "weights must have at least one positive weight; all %u are zero", n);
    return range_status(msg);
  }
  return ok_status();
}

/** cr_alias_build for host (on_device = false: copied in) or device weights (read in place, checked). */
cr_status build(const void* weights, bool on_device, int dtype, uint32_t n, int method, uint32_t* rows,
                uint32_t* units_hi, uint32_t* units_lo, cr_alias_table** table) {
  cr_status st = check_build_args(weights, dtype, n, method, false);
  if (st.code) return st;
  if (table) *table = nullptr;
  CR_DEVICE_READY(dev);
  Stream stream;
  if (cr_status o = open_stream(stream); o.code) return o;
  const cudaStream_t s = stream.s;
  if (on_device && (st = check_device_weights(weights, dtype, n, s, dev.pools)).code) return st;
  const char* what = "alias table construction";
  DeviceBuffer dw, dunits, drows, dstatus, scratch;
  if (!on_device && (st = alloc_for(dw, n * weight_bytes(dtype), s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(dunits, 8 * (size_t)n, s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(drows, 8 * (size_t)n, s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(dstatus, sizeof(uint32_t), s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(scratch, build_scratch(n, method, dev.sms), s, dev.pools, what, n)).code) return st;
  SyncOnExit sync{s};
  uint32_t* status = static_cast<uint32_t*>(dstatus.p);
  CR_TRY(cudaMemsetAsync(status, 0, sizeof(uint32_t), s));
  if (!on_device) CR_TRY(cudaMemcpyAsync(dw.p, weights, n * weight_bytes(dtype), cudaMemcpyHostToDevice, s));
  st = enqueue_build(on_device ? weights : dw.p, dtype, n, method, static_cast<uint64_t*>(dunits.p),
                     static_cast<uint32_t*>(drows.p), nullptr, status, scratch.p, dev.sms, s);
  if (st.code) return st;
  if ((st = read_status(status, s)).code) return st;
  if (rows && (st = d2h(rows, drows.p, 8 * (size_t)n, s)).code) return st;
  if (units_hi || units_lo) {
    st = d2h_each(static_cast<const uint64_t*>(dunits.p), n, s, [&](const uint64_t* w, uint64_t at, uint64_t m) {
      for (uint64_t i = 0; i < m; ++i) {
        if (units_hi) units_hi[at + i] = (uint32_t)(w[i] >> 32);
        if (units_lo) units_lo[at + i] = (uint32_t)w[i];
      }
    });
    if (st.code) return st;
  }
  if (table) {
    *table = new cr_alias_table{static_cast<uint32_t*>(drows.p), n, dev.pools, dev.device};
    drows.p = nullptr;  // owned by the table now
  }
  return ok_status();
}

}  // namespace

// ---- public API ------------------------------------------------------------------------------------

void cr_alias_get_tuning(cr_alias_tuning* out) { *out = tuning(); }

void cr_alias_set_tuning(const cr_alias_tuning* in) {
  tuning();
  std::lock_guard<std::mutex> lock(g_tuning_mu);
  g_tuning = *in;
}

size_t cr_alias_build_scratch_bytes(uint32_t n, int method) { return build_scratch(n, method, device_state().sms); }

cr_status cr_alias_build(const void* weights, int dtype, uint32_t n, int method, uint32_t* rows, uint32_t* units_hi,
                         uint32_t* units_lo, cr_alias_table** table) {
  return build(weights, false, dtype, n, method, rows, units_hi, units_lo, table);
}

cr_status cr_alias_build_from_device(const void* dev_weights, int dtype, uint32_t n, int method, uint32_t* rows,
                                     uint32_t* units_hi, uint32_t* units_lo, cr_alias_table** table) {
  return build(dev_weights, true, dtype, n, method, rows, units_hi, units_lo, table);
}

cr_status cr_alias_table_upload(const uint32_t* rows, uint32_t n, cr_alias_table** table) {
  if (!rows || !table) return invalid("rows and table must not be null");
  if (n == 0) return invalid("an alias table needs at least one item");
  *table = nullptr;
  CR_DEVICE_READY(dev);
  Stream stream;
  if (cr_status o = open_stream(stream); o.code) return o;
  DeviceBuffer drows;
  cr_status st = alloc_for(drows, 8 * (size_t)n, stream.s, dev.pools, "alias table upload", n);
  if (st.code) return st;
  SyncOnExit sync{stream.s};
  CR_TRY(cudaMemcpyAsync(drows.p, rows, 8 * (size_t)n, cudaMemcpyHostToDevice, stream.s));
  CR_TRY(cudaStreamSynchronize(stream.s));
  *table = new cr_alias_table{static_cast<uint32_t*>(drows.p), n, dev.pools, dev.device};
  drows.p = nullptr;
  return ok_status();
}

void cr_alias_table_free(cr_alias_table* table) {
  if (!table) return;
  DeviceScope on(table->device);  // a finalizer may run on any thread with any device selected
  if (table->rows && device_state().init_error == cudaSuccess) {
    if (table->pooled) {
      // Back to the pool on a stream of its own: nothing else uses the table any more (the binding
      // keeps a table alive while any call on it is in flight).
      cudaStream_t s = nullptr;
      if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess) {
        cudaFreeAsync(table->rows, s);
        cudaStreamDestroy(s);
      } else {
        cudaFree(table->rows);
      }
    } else {
      cudaFree(table->rows);
    }
    cudaGetLastError();
  }
  delete table;
}

uint32_t cr_alias_table_size(const cr_alias_table* table) { return table ? table->n : 0; }
size_t cr_alias_table_bytes(const cr_alias_table* table) { return table ? 8 * (size_t)table->n : 0; }
const uint32_t* cr_alias_table_rows(const cr_alias_table* table) { return table ? table->rows : nullptr; }
int cr_alias_table_device(const cr_alias_table* table) { return table ? table->device : -1; }

cr_status cr_alias_sample(const cr_alias_table* table, uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out,
                          uint64_t count) {
  if (!table) return invalid("table is null");
  DeviceScope on(table->device);  // the table's rows are in that device's memory
  const int sms = device_state().sms;
  const uint32_t* rows = table->rows;
  const uint32_t n = table->n;
  return produce(out, count, sizeof(uint32_t), [&](void* d, uint64_t start, uint64_t m, cudaStream_t s) {
    return cr_launch_alias_sample(rows, n, k0, k1, first + start, static_cast<uint32_t*>(d), m, sms, s);
  });
}

cr_status cr_alias_sample_into(const cr_alias_table* table, uint32_t k0, uint32_t k1, uint64_t first,
                               uint32_t* dev_out, uint64_t count) {
  if (!table) return invalid("table is null");
  DeviceScope on(table->device);  // the table's rows are in that device's memory
  if (count == 0) return ok_status();
  if (!dev_out) return invalid("dev_out is null");
  CR_DEVICE_READY(dev);
  Stream stream;
  if (cr_status o = open_stream(stream); o.code) return o;
  CR_TRY(cr_launch_alias_sample(table->rows, table->n, k0, k1, first, dev_out, count, dev.sms, stream.s));
  CR_TRY(cudaStreamSynchronize(stream.s));
  return ok_status();
}

cr_status cr_alias_counts(const cr_alias_table* table, uint32_t k0, uint32_t k1, uint64_t first, uint64_t count,
                          double* counts) {
  if (!table) return invalid("table is null");
  DeviceScope on(table->device);  // the table's rows are in that device's memory
  if (!counts) return invalid("counts is null");
  if (count > 0xffffffffull) return invalid("count must be below 2^32 (32-bit counters)");
  if (count == 0) return ok_status();
  CR_DEVICE_READY(dev);
  Stream stream;
  if (cr_status o = open_stream(stream); o.code) return o;
  DeviceBuffer dc;
  cr_status st = alloc_for(dc, 4 * (size_t)table->n, stream.s, dev.pools, "alias counts", table->n);
  if (st.code) return st;
  SyncOnExit sync{stream.s};
  uint32_t* c = static_cast<uint32_t*>(dc.p);
  CR_TRY(cudaMemsetAsync(c, 0, 4 * (size_t)table->n, stream.s));
  CR_TRY(cr_launch_alias_counts(table->rows, table->n, k0, k1, first, count, c, tuning().counts, dev.sms, stream.s));
  return d2h_each(c, table->n, stream.s, [&](const uint32_t* v, uint64_t at, uint64_t m) {
    for (uint64_t i = 0; i < m; ++i) counts[at + i] += v[i];
  });
}

cr_status cr_categorical(const void* weights, int dtype, uint32_t n, int method, uint32_t k0, uint32_t k1,
                         uint64_t first, uint32_t* out, uint64_t count) {
  return cr_categorical_ex(weights, 0, dtype, n, method, k0, k1, first, out, 0, count);
}

cr_status cr_categorical_ex(const void* weights, int weights_on_device, int dtype, uint32_t n, int method,
                            uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, int out_on_device,
                            uint64_t count) {
  cr_status st = check_build_args(weights, dtype, n, method, true);
  if (st.code) return st;
  if (count > 0 && !out) return invalid("out is null");
  if (count == 0) return ok_status();
  CR_DEVICE_READY(dev);
  Stream stream;
  if (cr_status o = open_stream(stream); o.code) return o;
  const cudaStream_t s = stream.s;
  if (weights_on_device && (st = check_device_weights(weights, dtype, n, s, dev.pools)).code) return st;
  const char* what = "categorical";
  const bool cdf = method == CR_CATEGORICAL_CDF;
  DeviceBuffer dw, dunits, dtab, dstatus, scratch;
  if (!weights_on_device && (st = alloc_for(dw, n * weight_bytes(dtype), s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(dunits, 8 * (size_t)n, s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(dtab, cdf ? 8 * ((size_t)n + 1) : 8 * (size_t)n, s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(dstatus, sizeof(uint32_t), s, dev.pools, what, n)).code) return st;
  if ((st = alloc_for(scratch, build_scratch(n, method, dev.sms), s, dev.pools, what, n)).code) return st;
  SyncOnExit sync{s};
  uint32_t* status = static_cast<uint32_t*>(dstatus.p);
  CR_TRY(cudaMemsetAsync(status, 0, sizeof(uint32_t), s));
  if (!weights_on_device) CR_TRY(cudaMemcpyAsync(dw.p, weights, n * weight_bytes(dtype), cudaMemcpyHostToDevice, s));
  st = enqueue_build(weights_on_device ? weights : dw.p, dtype, n, method, static_cast<uint64_t*>(dunits.p),
                     cdf ? nullptr : static_cast<uint32_t*>(dtab.p), cdf ? static_cast<uint64_t*>(dtab.p) : nullptr,
                     status, scratch.p, dev.sms, s);
  if (st.code) return st;
  if ((st = read_status(status, s)).code) return st;  // also orders the table before produce's stream
  const void* tab = dtab.p;
  const int sms = dev.sms;
  auto draw = [&](uint32_t* o, uint64_t start, uint64_t m, cudaStream_t ps) {
    return cdf ? cr_launch_cdf_sample(static_cast<const uint64_t*>(tab), n, k0, k1, first + start, o, m, sms, ps)
               : cr_launch_alias_sample(static_cast<const uint32_t*>(tab), n, k0, k1, first + start, o, m, sms, ps);
  };
  if (out_on_device) {
    CR_TRY(draw(out, 0, count, s));
    CR_TRY(cudaStreamSynchronize(s));
    return ok_status();
  }
  return produce(out, count, sizeof(uint32_t), [&](void* d, uint64_t start, uint64_t m, cudaStream_t ps) {
    return draw(static_cast<uint32_t*>(d), start, m, ps);
  });
}

// ---- device memory ------------------------------------------------------------------------------------

namespace {

/** Runs enqueue(status) on `stream` with a status word: the caller's (asynchronous), or a temporary one
 *  that is read back after a synchronization. */
template <class F>
cr_status with_status(uint32_t* dev_status, cudaStream_t s, bool pools, uint32_t n, F enqueue) {
  if (dev_status) {
    CR_TRY(cudaMemsetAsync(dev_status, 0, sizeof(uint32_t), s));
    return enqueue(dev_status);
  }
  DeviceBuffer tmp;
  cr_status st = alloc_for(tmp, sizeof(uint32_t), s, pools, "alias status word", n);
  if (st.code) return st;
  uint32_t* status = static_cast<uint32_t*>(tmp.p);
  CR_TRY(cudaMemsetAsync(status, 0, sizeof(uint32_t), s));
  if ((st = enqueue(status)).code) {
    cudaStreamSynchronize(s);
    return st;
  }
  return read_status(status, s);
}

}  // namespace

cr_status cr_alias_build_device(const void* dev_weights, int dtype, uint32_t n, int method, uint32_t* dev_rows,
                                uint64_t* dev_units, uint32_t* dev_status, void* stream) {
  cr_status st = check_build_args(dev_weights, dtype, n, method, false);
  if (st.code) return st;
  if (!dev_rows || !dev_units) return invalid("dev_rows and dev_units must not be null");
  if (!aligned8(dev_rows) || !aligned8(dev_units)) return invalid("dev_rows and dev_units must be 8-byte aligned");
  CR_DEVICE_READY(dev);
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  DeviceBuffer scratch;  // freed stream-ordered after the work enqueued below
  if ((st = alloc_for(scratch, build_scratch(n, method, dev.sms), s, dev.pools, "alias table construction", n)).code) {
    return st;
  }
  return with_status(dev_status, s, dev.pools, n, [&](uint32_t* status) {
    return enqueue_build(dev_weights, dtype, n, method, dev_units, dev_rows, nullptr, status, scratch.p, dev.sms, s);
  });
}

cr_status cr_alias_units_device(const void* dev_weights, int dtype, uint32_t n, uint64_t* dev_units,
                                uint32_t* dev_status, void* stream) {
  cr_status st = check_build_args(dev_weights, dtype, n, CR_ALIAS_PSA, false);
  if (st.code) return st;
  if (!dev_units || !aligned8(dev_units)) return invalid("dev_units must be an 8-byte aligned device pointer");
  CR_DEVICE_READY(dev);
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  const size_t cand = 8 * (size_t)n + 4 * (size_t)n + 256;
  DeviceBuffer scratch;
  if ((st = alloc_for(scratch, units_scratch(n, dev.sms) + cand, s, dev.pools, "fixed-point units", n)).code) return st;
  char* base = static_cast<char*>(scratch.p);
  uint64_t* key = reinterpret_cast<uint64_t*>(base + units_scratch(n, dev.sms));
  uint32_t* idx = reinterpret_cast<uint32_t*>(key + n);
  return with_status(dev_status, s, dev.pools, n, [&](uint32_t* status) {
    CR_TRY(cr_alias_enqueue_units(dev_weights, dtype, n, dev_units, base, idx, key, status, dev.sms, s));
    return ok_status();
  });
}

cr_status cr_alias_check_device(const void* dev_weights, int dtype, uint32_t n, uint32_t* dev_words, void* stream) {
  cr_status st = check_build_args(dev_weights, dtype, n, CR_ALIAS_PSA, false);
  if (st.code) return st;
  if (!dev_words) return invalid("dev_words must not be null");
  CR_DEVICE_READY(dev);
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  CR_TRY(cudaMemsetAsync(dev_words, 0xff, sizeof(uint32_t), s));
  CR_TRY(cudaMemsetAsync(dev_words + 1, 0, sizeof(uint32_t), s));
  CR_TRY(cr_alias_enqueue_check(dev_weights, dtype, n, dev_words, dev.sms, s));
  return ok_status();
}

cr_status cr_alias_sample_device(const uint32_t* dev_rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint32_t* dev_out, uint64_t count, void* stream) {
  if (count == 0) return ok_status();
  if (!dev_rows || !dev_out || n == 0) return invalid("dev_rows, dev_out and n must be set");
  if (!aligned8(dev_rows)) return invalid("dev_rows must be 8-byte aligned");
  CR_DEVICE_READY(dev);
  CR_TRY(cr_launch_alias_sample(dev_rows, n, k0, k1, first, dev_out, count, dev.sms, static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_alias_counts_device(const uint32_t* dev_rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint64_t count, uint32_t* dev_counts, void* stream) {
  if (count == 0) return ok_status();
  if (!dev_rows || !dev_counts || n == 0) return invalid("dev_rows, dev_counts and n must be set");
  if (!aligned8(dev_rows)) return invalid("dev_rows must be 8-byte aligned");
  if (count > 0xffffffffull) return invalid("count must be below 2^32 (32-bit counters)");
  CR_DEVICE_READY(dev);
  CR_TRY(cr_launch_alias_counts(dev_rows, n, k0, k1, first, count, dev_counts, tuning().counts, dev.sms,
                                static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_cdf_prefix_device(const uint64_t* dev_units, uint32_t n, uint64_t* dev_prefix, void* stream) {
  if (!dev_units || !dev_prefix || n == 0) return invalid("dev_units, dev_prefix and n must be set");
  if (!aligned8(dev_units) || !aligned8(dev_prefix)) return invalid("dev_units and dev_prefix must be 8-byte aligned");
  CR_DEVICE_READY(dev);
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  DeviceBuffer scratch;
  const size_t bytes = cr_alias_prefix_scratch_bytes(n);
  cr_status st = alloc_for(scratch, bytes, s, dev.pools, "CDF prefix sums", n);
  if (st.code) return st;
  CR_TRY(cr_alias_enqueue_prefix(dev_units, n, dev_prefix, scratch.p, bytes, s));
  return ok_status();
}

cr_status cr_cdf_sample_device(const uint64_t* dev_prefix, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               uint32_t* dev_out, uint64_t count, void* stream) {
  if (count == 0) return ok_status();
  if (!dev_prefix || !dev_out || n == 0) return invalid("dev_prefix, dev_out and n must be set");
  if (!aligned8(dev_prefix)) return invalid("dev_prefix must be 8-byte aligned");
  CR_DEVICE_READY(dev);
  CR_TRY(cr_launch_cdf_sample(dev_prefix, n, k0, k1, first, dev_out, count, dev.sms, static_cast<cudaStream_t>(stream)));
  return ok_status();
}
