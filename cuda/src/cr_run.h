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
