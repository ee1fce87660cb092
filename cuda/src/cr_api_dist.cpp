// Host side of the distribution samplers (cuda/include/cr_api_dist.h): argument checks the kernels rely
// on, scratch for shapes and Dirichlet rows, device-side validation of device-resident shapes, and
// the hand-off to the staging pipeline (host outputs) or straight into device memory. Kernels:
// normal_kernels.cu, gamma_kernels.cu.
#include "cr_api_dist.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>

#include "cr_launch.h"
#include "cr_launch_dist.h"
#include "cr_runtime.h"

using namespace cr_rt;

namespace {

/** Values per chunk when an op needs per-chunk scratch and writes device memory (host outputs use the
 *  staging pipeline's chunks). */
constexpr uint64_t kDeviceChunk = 1u << 22;
constexpr unsigned long long kNoBad = ~0ull;

size_t type_size(int type) { return type == CR_TYPE_F64 ? 8 : 4; }
bool is_float_type(int type) { return type == CR_TYPE_F32 || type == CR_TYPE_F64; }

/** Elements per chunk a blocking call runs at once for output `out`. */
uint64_t chunk_of(const cr_array& out) {
  return out.on_device ? kDeviceChunk : kChunkBytes / type_size(out.type);
}

cr_status check_out(const cr_array& out) {
  if (!is_float_type(out.type)) return invalid("out must hold float32 or float64 elements");
  if (out.n && !out.data) return invalid("out is null");
  return ok_status();
}

/**
 * Runs gen(dev, start, m, s) over out's elements and returns when they are in place: device outputs
 * are written where they are (in chunks of `chunk` elements, 0: one call), host outputs go through
 * the staging pipeline.
 */
template <class Gen>
cr_status run_blocking(cudaStream_t s, const cr_array& out, uint64_t chunk, Gen gen) {
  if (out.n == 0) return ok_status();
  const size_t elem = type_size(out.type);
  if (!out.on_device) return produce_on(s, out.data, out.n, elem, gen);
  SyncOnExit sync{s};
  const uint64_t per = chunk ? chunk : out.n;
  for (uint64_t start = 0; start < out.n; start += per) {
    const uint64_t m = std::min(per, out.n - start);
    CR_TRY(gen(static_cast<char*>(out.data) + start * elem, start, m, s));
  }
  CR_TRY(cudaStreamSynchronize(s));
  return ok_status();
}

/** CR_ERANGE naming shape `index` of `what` when the device found an invalid one. */
cr_status shape_error(cudaStream_t s, const unsigned long long* dev_bad, const void* values, int type,
                      const char* what, const char* domain) {
  unsigned long long bad = kNoBad;
  CR_TRY(cudaMemcpyAsync(&bad, dev_bad, sizeof bad, cudaMemcpyDeviceToHost, s));
  CR_TRY(cudaStreamSynchronize(s));
  if (bad == kNoBad) return ok_status();
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
  cr_status st;
  st.code = CR_ERANGE;
  snprintf(st.name, sizeof st.name, "%s", "ERANGE");
  snprintf(st.message, sizeof st.message, "%s[%llu] must be %s, got %.17g", what, bad, domain, v);
  return st;
}

cr_gamma_args gamma_args(uint32_t k0, uint32_t k1, bool wide) {
  cr_gamma_args a{};
  a.k0 = k0;
  a.k1 = k1;
  a.wide = wide;
  a.scale = 1.0;
  a.limit = CR_SHAPE_MAX_GAMMA;
  a.shape.alpha = 1.0;
  return a;
}

/** Resolves CR_GAMMA_LANES_DEFAULT in *lanes; any count but a thread per element or 1 … 32 is EINVAL. */
cr_status resolve_lanes(int* lanes) {
  if (*lanes == CR_GAMMA_LANES_DEFAULT) *lanes = CR_GAMMA_DEFAULT_LANES;
  if (*lanes == CR_GAMMA_LANES_THREAD || cr_lanes_log2(*lanes) >= 0) return ok_status();
  return invalid("lanes must be 0 (thread per element) or 1, 2, 4, 8, 16, 32");
}

/** Enqueues one chunk of Dirichlet values: whole-row gamma terms into `terms`, then the rows. */
cudaError_t dirichlet_chunk(uint32_t k0, uint32_t k1, uint64_t first, const void* values, bool alpha_f32, uint32_t K,
                            const cr_shape_flags* flags, double* terms, int lanes, int sms, void* dev, bool f32,
                            uint64_t m, cudaStream_t s) {
  const cr_row_span span = cr_rows_of(first, m, K);
  cr_gamma_args a = gamma_args(k0, k1, !f32);
  a.e0 = span.row0 * K;
  a.count = span.rows * K;
  a.shape.values = values;
  a.shape.f32 = alpha_f32;
  a.shape.period = K;
  a.limit = CR_SHAPE_MAX_ROW;
  a.sink = CR_SINK_TERM;
  a.out = terms;
  a.all_small = &flags->all_small;
  cudaError_t e = cr_launch_gamma(a, lanes, sms, s);
  if (e != cudaSuccess) return e;
  return cr_launch_dirichlet_rows(terms, span.rows, K, &flags->all_small, span.lead, m, dev, f32, sms, s);
}

}  // namespace

// ---- blocking calls -------------------------------------------------------------------------------

cr_status cr_normal(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_, cr_array out) {
  cr_status st = check_out(out);
  if (st.code || out.n == 0) return st;
  Stream s;
  if ((st = open_stream(s)).code) return st;
  const int sms = device_state().sms;
  const bool f32 = out.type == CR_TYPE_F32;
  return run_blocking(s.s, out, 0, [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) {
    return cr_launch_normal(d, f32, m, k0, k1, first + start, polar != 0, mean, std_, sms, strm);
  });
}

cr_status cr_exponential(uint32_t k0, uint32_t k1, uint64_t first, double rate, cr_array out) {
  cr_status st = check_out(out);
  if (st.code || out.n == 0) return st;
  Stream s;
  if ((st = open_stream(s)).code) return st;
  const int sms = device_state().sms;
  const bool f32 = out.type == CR_TYPE_F32;
  return run_blocking(s.s, out, 0, [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) {
    return cr_launch_exponential(d, f32, m, k0, k1, first + start, rate, sms, strm);
  });
}

cr_status cr_gamma(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, double scale,
                   int lanes, cr_array out) {
  cr_status st = check_out(out);
  if (st.code || out.n == 0) return st;
  if (cr_status ls = resolve_lanes(&lanes); ls.code) return ls;
  if (alphas) {
    if (!is_float_type(alphas->type)) return invalid("alpha must hold float32 or float64 values");
    if (alphas->n < out.n || !alphas->data) return invalid("alpha has fewer values than out");
  }
  Stream s;
  if ((st = open_stream(s)).code) return st;
  const DeviceState& ds = device_state();
  const int sms = ds.sms;
  const bool f32 = out.type == CR_TYPE_F32;
  const size_t aelem = alphas ? type_size(alphas->type) : 0;
  const bool host_alphas = alphas && !alphas->on_device;
  const bool dev_alphas = alphas && alphas->on_device;

  DeviceBuffer alpha_scratch, bad;  // declared after the stream: freed (stream-ordered) before it
  if (host_alphas) {
    if ((st = alloc_device(alpha_scratch, std::min(chunk_of(out), out.n) * aelem, s.s, ds.pools)).code) return st;
  }
  if (dev_alphas) {
    if ((st = alloc_device(bad, sizeof(unsigned long long), s.s, ds.pools)).code) return st;
    CR_TRY(cudaMemsetAsync(bad.p, 0xff, sizeof(unsigned long long), s.s));
  }
  cr_gamma_args a = gamma_args(k0, k1, !f32);
  a.shape.alpha = alpha;
  a.shape.f32 = alphas && alphas->type == CR_TYPE_F32;
  a.scale = scale;
  a.sink = f32 ? CR_SINK_F32 : CR_SINK_F64;
  a.bad = static_cast<unsigned long long*>(bad.p);
  st = run_blocking(s.s, out, host_alphas ? chunk_of(out) : 0,
                    [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) -> cudaError_t {
                      cr_gamma_args c = a;
                      c.e0 = first + start;
                      c.count = m;
                      c.out = d;
                      c.bad_base = start;
                      if (host_alphas) {
                        cudaError_t e = cudaMemcpyAsync(alpha_scratch.p, static_cast<const char*>(alphas->data) + start * aelem,
                                                        m * aelem, cudaMemcpyHostToDevice, strm);
                        if (e != cudaSuccess) return e;
                        c.shape.values = alpha_scratch.p;
                      } else if (dev_alphas) {
                        c.shape.values = static_cast<const char*>(alphas->data) + start * aelem;
                      }
                      return cr_launch_gamma(c, lanes, sms, strm);
                    });
  if (st.code || !dev_alphas) return st;
  return shape_error(s.s, static_cast<const unsigned long long*>(bad.p), alphas->data, alphas->type, "alpha",
                     "finite and > 0");
}

cr_status cr_beta(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int lanes, cr_array out) {
  cr_status st = check_out(out);
  if (st.code || out.n == 0) return st;
  if (cr_status ls = resolve_lanes(&lanes); ls.code) return ls;
  Stream s;
  if ((st = open_stream(s)).code) return st;
  const int sms = device_state().sms;
  const bool f32 = out.type == CR_TYPE_F32;
  return run_blocking(s.s, out, 0, [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) {
    return cr_launch_beta(d, f32, m, k0, k1, first + start, a, b, lanes, sms, strm);
  });
}

cr_status cr_dirichlet(uint32_t k0, uint32_t k1, uint64_t first, cr_array alpha, int lanes, cr_array out) {
  cr_status st = check_out(out);
  if (st.code || out.n == 0) return st;
  if (cr_status ls = resolve_lanes(&lanes); ls.code) return ls;
  if (!is_float_type(alpha.type) || !alpha.data || alpha.n < 1 || alpha.n > (1u << 20)) {
    return invalid("alpha must hold 1 to 2^20 float32 or float64 shapes");
  }
  const uint32_t K = (uint32_t)alpha.n;
  Stream s;
  if ((st = open_stream(s)).code) return st;
  const DeviceState& ds = device_state();
  const int sms = ds.sms;
  const bool f32 = out.type == CR_TYPE_F32;
  const size_t aelem = type_size(alpha.type);
  const uint64_t chunk = chunk_of(out);

  DeviceBuffer shapes, flags, terms;
  const void* values = alpha.data;
  if (!alpha.on_device) {
    if ((st = alloc_device(shapes, K * aelem, s.s, ds.pools)).code) return st;
    CR_TRY(cudaMemcpyAsync(shapes.p, alpha.data, K * aelem, cudaMemcpyHostToDevice, s.s));
    values = shapes.p;
  }
  if ((st = alloc_device(flags, sizeof(cr_shape_flags), s.s, ds.pools)).code) return st;
  const uint64_t most = std::min(chunk, out.n);
  if ((st = alloc_device(terms, (most + 2ull * K) * sizeof(double), s.s, ds.pools)).code) return st;
  auto* fl = static_cast<cr_shape_flags*>(flags.p);
  CR_TRY(cr_launch_shape_flags(values, alpha.type == CR_TYPE_F32, K, CR_SHAPE_MAX_ROW, fl, s.s));
  st = run_blocking(s.s, out, chunk, [&](void* d, uint64_t start, uint64_t m, cudaStream_t strm) {
    return dirichlet_chunk(k0, k1, first + start, values, alpha.type == CR_TYPE_F32, K, fl,
                           static_cast<double*>(terms.p), lanes, sms, d, f32, m, strm);
  });
  if (st.code) return st;
  return shape_error(s.s, &fl->bad, values, alpha.type, "alpha", "finite, > 0 and at most 1e300");
}

// ---- stream variants ------------------------------------------------------------------------------

cr_status cr_normal_device(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_,
                           void* dev_out, int type, uint64_t n, void* stream) {
  if (!is_float_type(type)) return invalid("type must be float32 or float64");
  CR_DEVICE_READY(st);
  CR_TRY(cr_launch_normal(dev_out, type == CR_TYPE_F32, n, k0, k1, first, polar != 0, mean, std_, st.sms,
                          static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_exponential_device(uint32_t k0, uint32_t k1, uint64_t first, double rate, void* dev_out, int type,
                                uint64_t n, void* stream) {
  if (!is_float_type(type)) return invalid("type must be float32 or float64");
  CR_DEVICE_READY(st);
  CR_TRY(cr_launch_exponential(dev_out, type == CR_TYPE_F32, n, k0, k1, first, rate, st.sms,
                               static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_gamma_device(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas,
                          int alpha_type, double scale, int lanes, void* dev_out, int type, uint64_t n, void* stream) {
  if (!is_float_type(type)) return invalid("type must be float32 or float64");
  if (dev_alphas && !is_float_type(alpha_type)) return invalid("alpha_type must be float32 or float64");
  if (cr_status ls = resolve_lanes(&lanes); ls.code) return ls;
  CR_DEVICE_READY(st);
  cr_gamma_args a = gamma_args(k0, k1, type == CR_TYPE_F64);
  a.e0 = first;
  a.count = n;
  a.shape.alpha = alpha;
  a.shape.values = dev_alphas;
  a.shape.f32 = alpha_type == CR_TYPE_F32;
  a.scale = scale;
  a.sink = type == CR_TYPE_F32 ? CR_SINK_F32 : CR_SINK_F64;
  a.out = dev_out;
  CR_TRY(cr_launch_gamma(a, lanes, st.sms, static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_beta_device(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int lanes, void* dev_out,
                         int type, uint64_t n, void* stream) {
  if (!is_float_type(type)) return invalid("type must be float32 or float64");
  if (cr_status ls = resolve_lanes(&lanes); ls.code) return ls;
  CR_DEVICE_READY(st);
  CR_TRY(cr_launch_beta(dev_out, type == CR_TYPE_F32, n, k0, k1, first, a, b, lanes, st.sms,
                        static_cast<cudaStream_t>(stream)));
  return ok_status();
}

cr_status cr_dirichlet_device(uint32_t k0, uint32_t k1, uint64_t first, const void* dev_alpha, int alpha_type,
                              uint32_t K, int lanes, void* dev_out, int type, uint64_t n, void* stream) {
  if (!is_float_type(type)) return invalid("type must be float32 or float64");
  if (!is_float_type(alpha_type) || !dev_alpha || K < 1 || K > (1u << 20)) {
    return invalid("alpha must be 1 to 2^20 float32 or float64 shapes in device memory");
  }
  if (cr_status ls = resolve_lanes(&lanes); ls.code) return ls;
  if (n == 0) return ok_status();
  CR_DEVICE_READY(st);
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  const bool f32 = type == CR_TYPE_F32;
  const size_t elem = type_size(type);
  const uint64_t most = std::min(kDeviceChunk, n);
  DeviceBuffer flags, terms;  // stream-ordered frees on `s` after the enqueued work
  cr_status r = alloc_device(flags, sizeof(cr_shape_flags), s, st.pools);
  if (r.code) return r;
  if ((r = alloc_device(terms, (most + 2ull * K) * sizeof(double), s, st.pools)).code) return r;
  auto* fl = static_cast<cr_shape_flags*>(flags.p);
  CR_TRY(cr_launch_shape_flags(dev_alpha, alpha_type == CR_TYPE_F32, K, CR_SHAPE_MAX_ROW, fl, s));
  for (uint64_t start = 0; start < n; start += kDeviceChunk) {
    const uint64_t m = std::min(kDeviceChunk, n - start);
    CR_TRY(dirichlet_chunk(k0, k1, first + start, dev_alpha, alpha_type == CR_TYPE_F32, K, fl,
                           static_cast<double*>(terms.p), lanes, st.sms, static_cast<char*>(dev_out) + start * elem,
                           f32, m, s));
  }
  return ok_status();
}
