// Internal to cuda/src: the one host driver of the samplers. A sampler is a body with
//   size_t elem;                      bytes per output element
//   uint64_t chunk;                   most elements one enqueue may write into device memory (0: any)
//   cr_status prepare(Scratch&, cudaStream_t, const DeviceState&, uint64_t most, bool validate);
//   cudaError_t enqueue(void* dev, uint64_t start, uint64_t m, int sms, cudaStream_t) const;
//   cr_status verify(cudaStream_t);   after the stream finished: what the device found (CR_ERANGE)
// enqueue writes elements [start, start + m) of the call's output — stream elements first + start … —
// to device memory `dev` on the stream. run_blocking lands them in host or device memory on a stream
// of its own and returns when they are complete; run_on_stream only enqueues into device memory on
// the caller's stream. Both drive the same enqueue, so a sampler is written once.
#ifndef CR_RUN_H
#define CR_RUN_H

#include <algorithm>
#include <cstdio>

#include "cr_api.h"
#include "cr_runtime.h"

namespace cr_rt {

/** Elements per enqueue when a sampler needs per-chunk scratch and writes device memory in place
 *  (host outputs use the staging pipeline's chunks). */
constexpr uint64_t kDeviceChunk = 1u << 22;

/** Stream-ordered scratch a body allocates in prepare(): declared after the call's stream, so it is
 *  released (stream-ordered) before the stream is. */
struct Scratch {
  DeviceBuffer buf[3];
};

/** Defaults for bodies without scratch or device-found errors. */
struct BodyBase {
  uint64_t chunk = 0;
  cr_status prepare(Scratch&, cudaStream_t, const DeviceState&, uint64_t, bool) { return ok_status(); }
  cr_status verify(cudaStream_t) { return ok_status(); }
};

inline size_t type_size(int type) { return cr_type_bytes(type); }
inline bool is_float_type(int type) { return type == CR_TYPE_F32 || type == CR_TYPE_F64; }

/** An output of float32 or float64 elements (the samplers' outputs, bits aside). */
inline cr_status check_float_out(const cr_array& out) {
  if (!is_float_type(out.type)) return invalid("out must hold float32 or float64 elements");
  if (out.n && !out.data) return invalid("out is null");
  return ok_status();
}

/** CR_ERANGE naming `what`[i] = v: a value out of its domain (`domain` says it, e.g. "finite and > 0"). */
inline cr_status value_error(const char* what, unsigned long long i, const char* domain, double v) {
  cr_status st;
  st.code = CR_ERANGE;
  snprintf(st.name, sizeof st.name, "%s", "ERANGE");
  snprintf(st.message, sizeof st.message, "%s[%llu] must be %s, got %.17g", what, i, domain, v);
  return st;
}

/** No invalid device value found (the initial value of a device `bad` index). */
constexpr unsigned long long kNoBadIndex = ~0ull;

/** After a blocking call's stream work: CR_ERANGE naming value `*dev_bad` of `what` (device `values`
 *  of float `type`) when the device flagged one, else success. */
inline cr_status shape_error(cudaStream_t s, const unsigned long long* dev_bad, const void* values, int type,
                             const char* what, const char* domain) {
  unsigned long long bad = kNoBadIndex;
  CR_TRY(cudaMemcpyAsync(&bad, dev_bad, sizeof bad, cudaMemcpyDeviceToHost, s));
  CR_TRY(cudaStreamSynchronize(s));
  if (bad == kNoBadIndex) return ok_status();
  double v = 0;
  if (type == CR_TYPE_F32) {
    float f = 0;
    CR_TRY(cudaMemcpyAsync(&f, static_cast<const float*>(values) + bad, sizeof f, cudaMemcpyDeviceToHost, s));
    CR_TRY(cudaStreamSynchronize(s));
    v = f;
  } else {
    CR_TRY(cudaMemcpyAsync(&v, static_cast<const double*>(values) + bad, sizeof v, cudaMemcpyDeviceToHost, s));
    CR_TRY(cudaStreamSynchronize(s));
  }
  return value_error(what, bad, domain, v);
}

/**
 * Per-element values of a call (gamma's shapes, bernoulli's and geometric's p): host values staged chunk
 * by chunk into scratch (the body sets chunk = kDeviceChunk), or device values read in place, for which
 * blocking calls get a device index `bad` (kNoBadIndex until the kernel flags an invalid value).
 */
struct PerElement {
  const char* values = nullptr;  // null: a scalar parameter
  size_t elem = 0;
  int type = CR_TYPE_F64;
  bool host = false;
  void* staged = nullptr;
  unsigned long long* bad = nullptr;

  void set(const void* v, int t, bool on_device) {
    values = static_cast<const char*>(v);
    type = t;
    elem = v ? type_size(t) : 0;
    host = v && !on_device;
  }

  /** Scratch buf[0] for staging, buf[1] for the device flag. */
  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t most, bool validate) {
    cr_status st = ok_status();
    if (host) {
      if ((st = alloc_device(sc.buf[0], most * elem, s, ds.pools)).code) return st;
      staged = sc.buf[0].p;
    } else if (values && validate) {
      if ((st = alloc_device(sc.buf[1], sizeof(unsigned long long), s, ds.pools)).code) return st;
      CR_TRY(cudaMemsetAsync(sc.buf[1].p, 0xff, sizeof(unsigned long long), s));
      bad = static_cast<unsigned long long*>(sc.buf[1].p);
    }
    return st;
  }

  /** The device values of elements [start, start + m) (null for a scalar), staging host values first. */
  cudaError_t at(uint64_t start, uint64_t m, cudaStream_t s, const void** out) const {
    *out = nullptr;
    if (!values) return cudaSuccess;
    if (host) {
      const cudaError_t e = copy_from_caller(staged, values + start * elem, m * elem, s);
      if (e != cudaSuccess) return e;
      *out = staged;
      return cudaSuccess;
    }
    *out = values + start * elem;
    return cudaSuccess;
  }

  /** After the stream: CR_ERANGE naming `what`[i] when the device flagged value i. */
  cr_status verify(cudaStream_t s, const char* what, const char* domain) const {
    return bad ? shape_error(s, bad, values, type, what, domain) : ok_status();
  }
};

template <class Body>
cr_status run_blocking(Body& body, const cr_array& out) {
  if (out.n == 0) return ok_status();
  if (!out.data) return invalid("out is null");
  CR_DEVICE_READY(ds);
  Stream s;
  cr_status st = open_stream(s);
  if (st.code) return st;
  const size_t elem = body.elem;
  const uint64_t per = out.on_device ? (body.chunk ? body.chunk : out.n) : kChunkBytes / elem;
  Scratch scratch;
  if ((st = body.prepare(scratch, s.s, ds, std::min(per, out.n), true)).code) return st;
  const int sms = ds.sms;
  auto gen = [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) { return body.enqueue(d, start, m, sms, strm); };
  if (!out.on_device) {
    st = produce_on(s.s, out.data, out.n, elem, gen);
  } else {
    st = [&]() -> cr_status {
      SyncOnExit sync{s.s};
      for (uint64_t start = 0; start < out.n; start += per) {
        CR_TRY(gen(static_cast<char*>(out.data) + start * elem, start, std::min(per, out.n - start), s.s));
      }
      CR_TRY(cudaStreamSynchronize(s.s));
      return ok_status();
    }();
  }
  if (st.code) return st;
  return body.verify(s.s);
}

template <class Body>
cr_status run_on_stream(Body& body, void* dev_out, uint64_t n, void* stream) {
  if (n == 0) return ok_status();
  if (!dev_out) return invalid("dev_out is null");
  CR_DEVICE_READY(ds);
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  const uint64_t per = body.chunk ? body.chunk : n;
  Scratch scratch;  // stream-ordered frees on `s`, after the enqueued work
  cr_status st = body.prepare(scratch, s, ds, std::min(per, n), false);
  if (st.code) return st;
  for (uint64_t start = 0; start < n; start += per) {
    CR_TRY(body.enqueue(static_cast<char*>(dev_out) + start * body.elem, start, std::min(per, n - start), ds.sms, s));
  }
  return ok_status();
}

}  // namespace cr_rt

#endif  // CR_RUN_H
