// Host side of the distribution samplers (cuda/include/cr_api_dist.h): one body per sampler (what
// the kernels need, its scratch, what the device found), driven by cr_run.h for both the blocking
// call and its _device twin. Kernels: map_kernels.cu, gamma_kernels.cu.
#include "cr_api_dist.h"

#include <cuda_runtime.h>

#include <cstdio>

#include "cr_launch_dist.h"
#include "cr_run.h"
#include "cr_transforms.h"
#include "cr_mvn.h"
#include "cr_elements.h"

using namespace cr_rt;

namespace {

/** Resolves CR_PROPOSALS_DEFAULT in *p; anything but 1 … CR_MAX_PROPOSALS is EINVAL. */
cr_status resolve_proposals(int* p) {
  if (*p == CR_PROPOSALS_DEFAULT) *p = CR_GAMMA_DEFAULT_PROPOSALS;
  if (*p >= 1 && *p <= CR_MAX_PROPOSALS) return ok_status();
  return invalid("proposals must be -1 (the default) or an integer in [1, 1024]");
}

// The rejection loops (gamma, beta, F, Dirichlet, the element samplers) end only for parameters in their domain:
// a NaN, zero or infinite shape never accepts, and a kernel that never ends hangs the device and the
// calling thread (GPU run 3, 2026-11-27: von Mises rows (1, 1, 1, 1, 1) from a direct addon call). The
// facade validates its arguments; these checks keep the C API and the addon from hanging on any input.
inline bool positive_finite(double x) { return x > 0.0 && x <= 1.7976931348623157e308; }

cr_status check_pair(double a, double b) {
  if (positive_finite(a) && positive_finite(b)) return ok_status();
  return invalid("the two shapes (beta's a and b, F's dfn and dfd) must be finite and > 0");
}

/** Rows of host parameters (F's per-element dfn, dfd): each finite and > 0. Device-resident gamma and
 *  Dirichlet shapes are flagged by the kernels (the bodies' verify reports the first as CR_ERANGE); host
 *  gamma shapes are checked by host_shape_error before the call. */
bool host_rows_ok(const double* v, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i)
    if (!positive_finite(v[i])) return false;
  return true;
}

/** CR_ERANGE naming the first invalid host shape of n (the device check's message), else ok. The kernels
 *  replace an invalid shape by 1 so they always end, and only device-resident shapes get the device flag:
 *  without this pass a direct C API call with a bad host shape would return values silently. */
cr_status host_shape_error(const void* values, int type, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) {
    const double v = type == CR_TYPE_F32 ? (double)static_cast<const float*>(values)[i] : static_cast<const double*>(values)[i];
    if (!cr_shape_valid(v, CR_SHAPE_MAX_GAMMA)) return value_error("alpha", i, "finite and > 0", v);
  }
  return ok_status();
}

struct NormalBody : BodyBase {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  bool polar;
  double mean, std_;
  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_normal(d, elem == 4, m, k0, k1, first + start, polar, mean, std_, sms, s);
  }
};

struct ExponentialBody : BodyBase {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  double rate;
  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_exponential(d, elem == 4, m, k0, k1, first + start, rate, sms, s);
  }
};

/** A body whose parameters may come as one host row of `width` doubles per element, staged chunk by
 *  chunk like gamma's shapes (transforms, F, von Mises). */
struct RowsBody : BodyBase {
  PerElement rows;

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t most, bool validate) {
    return rows.prepare(sc, s, ds, most, validate);
  }

  void use_rows(const double* p, uint64_t width) {
    rows.set(p, CR_TYPE_F64, false);
    rows.elem = width * sizeof(double);
    chunk = kDeviceChunk;
  }

  /** The device rows of elements [start, start + m), or null without rows. */
  cudaError_t rows_at(uint64_t start, uint64_t m, cudaStream_t s, const double** r) const {
    const void* v = nullptr;
    const cudaError_t e = rows.at(start, m, s, &v);
    *r = static_cast<const double*>(v);
    return e;
  }
};

struct TransformBody : RowsBody {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  int id;
  double p[CR_TRANSFORM_MAX_PARAMS];

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    const double* r = nullptr;
    if (const cudaError_t e = rows_at(start, m, s, &r); e != cudaSuccess) return e;
    return cr_launch_transform(d, elem == 4, m, k0, k1, first + start, id, p, r, sms, s);
  }
};

/** p: the transform's P parameters, or P·n of them, one row per element. */
cr_status make_transform(TransformBody& b, int id, const double* p, uint64_t np, uint64_t n) {
  const int want = cr_transform_params(id);
  if (want < 0) return invalid("transform must be an id of cr_transforms.h");
  if (np > 0 && !p) return invalid("p is null");
  b.id = id;
  if (np == (uint64_t)want) {
    for (int i = 0; i < CR_TRANSFORM_MAX_PARAMS; ++i) b.p[i] = i < want ? p[i] : 0.0;
    return ok_status();
  }
  if (want == 0 || n == 0 || np != (uint64_t)want * n) {
    return invalid("the transform's parameter count does not match cr_transforms.h (its count, or one row per element)");
  }
  b.use_rows(p, (uint64_t)want);
  return ok_status();
}

/** Beta(a, b) or F(dfn = a, dfd = b): two gamma draws per element. */
struct PairBody : RowsBody {  // rows: F's per-element (dfn, dfd)
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  double a, b;
  int proposals;
  bool f;

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    if (!f) return cr_launch_beta(d, elem == 4, m, k0, k1, first + start, a, b, proposals, sms, s);
    const double* r = nullptr;
    if (const cudaError_t e = rows_at(start, m, s, &r); e != cudaSuccess) return e;
    return cr_launch_f(d, elem == 4, m, k0, k1, first + start, a, b, r, proposals, sms, s);
  }
};

/** F with one (dfn, dfd) row per element: `np` = 2·n values. */
cr_status f_rows_body(PairBody& b, const double* rows, uint64_t np, uint64_t n) {
  if (!rows || n == 0 || np != 2 * n) return invalid("F rows must be 2·n values (dfn, dfd per element)");
  if (!host_rows_ok(rows, np)) return invalid("F rows: every dfn and dfd must be finite and > 0");
  b.use_rows(rows, 2);
  return ok_status();
}

struct ElementBody : RowsBody {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  int id;
  double p[CR_ELEMENT_MAX_PARAMS];

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    const double* r = nullptr;
    if (const cudaError_t e = rows_at(start, m, s, &r); e != cudaSuccess) return e;
    return cr_launch_element(d, elem == 4, m, k0, k1, first + start, id, p, r, sms, s);
  }
};

/** p: sampler `id`'s P parameters, or n rows of them (one per element), each a row it can run. */
cr_status make_element(ElementBody& b, int id, const double* p, uint64_t np, uint64_t n) {
  const int want = cr_element_params(id);
  if (want < 0) return invalid("sampler must be an id of cr_elements.h");
  const uint64_t P = (uint64_t)want;
  if (!p || !(np == P || (n > 0 && np == P * n))) {
    return invalid("the parameter count does not match cr_elements.h (its count, or one row per element)");
  }
  for (uint64_t i = 0; i < np; i += P) {
    if (const char* why = cr_element_check(id, p + i)) return invalid(why);
  }
  b.id = id;
  for (uint64_t i = 0; i < CR_ELEMENT_MAX_PARAMS; ++i) b.p[i] = i < P ? p[i] : 0.0;
  if (np > P) b.use_rows(p, P);
  return ok_status();
}

/** Multivariate normal: the mean and factor copied to the device once, then one item per value. */
struct MvnBody : BodyBase {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  uint32_t d;
  const double* host_lm;
  const double* lm = nullptr;

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t, bool) {
    const size_t bytes = cr_mvn_params(d) * sizeof(double);
    if (cr_status st = alloc_device(sc.buf[0], bytes, s, ds.pools); st.code) return st;
    CR_TRY(copy_from_caller(sc.buf[0].p, host_lm, bytes, s));
    lm = static_cast<const double*>(sc.buf[0].p);
    return ok_status();
  }

  cudaError_t enqueue(void* out, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_mvn(out, elem == 4, m, k0, k1, first + start, d, lm, sms, s);
  }
};

cr_status check_mvn(uint32_t d, const double* lm) {
  if (d < 1 || d > CR_MVN_MAX_DIM) return invalid("d must be in [1, 1024]");
  if (!lm) return invalid("lm is null");
  return ok_status();
}

/** Gamma with a scalar shape or per-element shapes in host memory (staged chunk by chunk) or device
 *  memory (read in place; validated on the device by blocking calls). */
struct GammaBody : BodyBase {
  size_t elem;
  uint64_t first;
  int proposals;
  cr_gamma_args a{};
  PerElement shapes;

  GammaBody(size_t elem_, uint32_t k0, uint32_t k1, uint64_t first_, double alpha, const void* values, int type,
            bool on_device, double scale, int proposals_)
      : elem(elem_), first(first_), proposals(proposals_) {
    a.k0 = k0;
    a.k1 = k1;
    a.wide = elem == 8;
    a.scale = scale;
    a.limit = CR_SHAPE_MAX_GAMMA;
    a.shape.alpha = alpha;
    a.shape.f32 = values && type == CR_TYPE_F32;
    a.sink = elem == 4 ? CR_SINK_F32 : CR_SINK_F64;
    shapes.set(values, type, on_device);
    if (shapes.host) chunk = kDeviceChunk;
  }

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t most, bool validate) {
    cr_status st = shapes.prepare(sc, s, ds, most, validate);
    a.bad = shapes.bad;
    return st;
  }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    cr_gamma_args c = a;
    c.e0 = first + start;
    c.count = m;
    c.out = d;
    c.bad_base = start;
    if (shapes.values) {
      const cudaError_t e = shapes.at(start, m, s, &c.shape.values);
      if (e != cudaSuccess) return e;
    }
    return cr_launch_gamma(c, proposals, sms, s);
  }

  cr_status verify(cudaStream_t s) { return shapes.verify(s, "alpha", "finite and > 0"); }
};

/** Dirichlet rows of K shapes (host: copied once; device: read in place), in chunks: whole-row gamma
 *  terms into scratch, then the rows' values inside the chunk. */
struct DirichletBody : BodyBase {
  size_t elem;
  uint32_t k0, k1;
  uint64_t first;
  int proposals;
  const void* alpha;
  int alpha_type;
  bool alpha_on_device;
  uint32_t K;
  const void* values = nullptr;  // the shapes in device memory
  cr_shape_flags* flags = nullptr;
  double* terms = nullptr;

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t most, bool) {
    const size_t aelem = type_size(alpha_type);
    cr_status st = ok_status();
    values = alpha;
    if (!alpha_on_device) {
      if ((st = alloc_device(sc.buf[0], K * aelem, s, ds.pools)).code) return st;
      CR_TRY(copy_from_caller(sc.buf[0].p, alpha, K * aelem, s));
      values = sc.buf[0].p;
    }
    if ((st = alloc_device(sc.buf[1], sizeof(cr_shape_flags), s, ds.pools)).code) return st;
    if ((st = alloc_device(sc.buf[2], (most + 2ull * K) * sizeof(double), s, ds.pools)).code) return st;
    flags = static_cast<cr_shape_flags*>(sc.buf[1].p);
    terms = static_cast<double*>(sc.buf[2].p);
    CR_TRY(cr_launch_shape_flags(values, alpha_type == CR_TYPE_F32, K, CR_SHAPE_MAX_ROW, flags, s));
    return st;
  }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    const cr_row_span span = cr_rows_of(first + start, m, K);
    cr_gamma_args a{};
    a.k0 = k0;
    a.k1 = k1;
    a.wide = elem == 8;
    a.scale = 1.0;
    a.e0 = span.row0 * K;
    a.count = span.rows * K;
    a.shape.values = values;
    a.shape.f32 = alpha_type == CR_TYPE_F32;
    a.shape.period = K;
    a.limit = CR_SHAPE_MAX_ROW;
    a.sink = CR_SINK_TERM;
    a.out = terms;
    a.all_small = &flags->all_small;
    const cudaError_t e = cr_launch_gamma(a, proposals, sms, s);
    if (e != cudaSuccess) return e;
    return cr_launch_dirichlet_rows(terms, span.rows, K, &flags->all_small, span.lead, m, d, elem == 4, sms, s);
  }

  cr_status verify(cudaStream_t s) {
    return shape_error(s, &flags->bad, values, alpha_type, "alpha", "finite, > 0 and at most 1e300");
  }
};

cr_status check_device_out(int type) {
  return is_float_type(type) ? ok_status() : invalid("type must be float32 or float64");
}

}  // namespace

// ---- blocking calls and their _device twins ------------------------------------------------------

cr_status cr_normal(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  NormalBody b{{}, type_size(out.type), k0, k1, first, polar != 0, mean, std_};
  return run_blocking(b, out);
}

cr_status cr_normal_device(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_,
                           void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_device_out(type); st.code) return st;
  NormalBody b{{}, type_size(type), k0, k1, first, polar != 0, mean, std_};
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_exponential(uint32_t k0, uint32_t k1, uint64_t first, double rate, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  ExponentialBody b{{}, type_size(out.type), k0, k1, first, rate};
  return run_blocking(b, out);
}

cr_status cr_exponential_device(uint32_t k0, uint32_t k1, uint64_t first, double rate, void* dev_out, int type,
                                uint64_t n, void* stream) {
  if (cr_status st = check_device_out(type); st.code) return st;
  ExponentialBody b{{}, type_size(type), k0, k1, first, rate};
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_transform(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  TransformBody b{{}, type_size(out.type), k0, k1, first, 0, {}};
  if (cr_status st = make_transform(b, id, p, np, out.n); st.code) return st;
  return run_blocking(b, out);
}

cr_status cr_transform_device(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np,
                              void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_device_out(type); st.code) return st;
  TransformBody b{{}, type_size(type), k0, k1, first, 0, {}};
  if (cr_status st = make_transform(b, id, p, np, n); st.code) return st;
  return run_on_stream(b, dev_out, n, stream);
}

namespace {

/** Gamma elements, or Student's t (`t`: the gamma draws of shape df/2 divided into the normals). */
cr_status gamma_blocking(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, double scale,
                         int proposals, cr_array out, bool t) {
  if (cr_status st = check_float_out(out); st.code) return st;
  if (cr_status st = resolve_proposals(&proposals); st.code) return st;
  if (alphas) {
    if (!is_float_type(alphas->type)) return invalid("alpha must hold float32 or float64 values");
    if (alphas->n < out.n || !alphas->data) return invalid("alpha has fewer values than out");
    if (!alphas->on_device) {
      if (cr_status st = host_shape_error(alphas->data, alphas->type, out.n); st.code) return st;
    }
  } else if (!positive_finite(alpha)) {
    return invalid("alpha must be finite and > 0");
  }
  GammaBody b(type_size(out.type), k0, k1, first, alpha, alphas ? alphas->data : nullptr, alphas ? alphas->type : 0,
              alphas && alphas->on_device, scale, proposals);
  if (t) b.a.sink = out.type == CR_TYPE_F32 ? CR_SINK_T32 : CR_SINK_T64;
  return run_blocking(b, out);
}

cr_status gamma_on_stream(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas, int alpha_type,
                          double scale, int proposals, void* dev_out, int type, uint64_t n, void* stream, bool t) {
  if (cr_status st = check_device_out(type); st.code) return st;
  if (dev_alphas && !is_float_type(alpha_type)) return invalid("alpha_type must be float32 or float64");
  if (!dev_alphas && !positive_finite(alpha)) return invalid("alpha must be finite and > 0");
  if (cr_status st = resolve_proposals(&proposals); st.code) return st;
  GammaBody b(type_size(type), k0, k1, first, alpha, dev_alphas, alpha_type, true, scale, proposals);
  if (t) b.a.sink = type == CR_TYPE_F32 ? CR_SINK_T32 : CR_SINK_T64;
  return run_on_stream(b, dev_out, n, stream);
}

}  // namespace

cr_status cr_gamma(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, double scale,
                   int proposals, cr_array out) {
  return gamma_blocking(k0, k1, first, alpha, alphas, scale, proposals, out, false);
}

cr_status cr_student_t(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, int proposals,
                       cr_array out) {
  return gamma_blocking(k0, k1, first, alpha, alphas, 1.0, proposals, out, true);
}

cr_status cr_gamma_device(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas,
                          int alpha_type, double scale, int proposals, void* dev_out, int type, uint64_t n,
                          void* stream) {
  return gamma_on_stream(k0, k1, first, alpha, dev_alphas, alpha_type, scale, proposals, dev_out, type, n, stream, false);
}

cr_status cr_student_t_device(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas,
                              int alpha_type, int proposals, void* dev_out, int type, uint64_t n, void* stream) {
  return gamma_on_stream(k0, k1, first, alpha, dev_alphas, alpha_type, 1.0, proposals, dev_out, type, n, stream, true);
}

namespace {

cr_status pair_blocking(PairBody body, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  if (cr_status st = resolve_proposals(&body.proposals); st.code) return st;
  body.elem = type_size(out.type);
  return run_blocking(body, out);
}

cr_status pair_on_stream(PairBody body, void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_device_out(type); st.code) return st;
  if (cr_status st = resolve_proposals(&body.proposals); st.code) return st;
  body.elem = type_size(type);
  return run_on_stream(body, dev_out, n, stream);
}

}  // namespace

cr_status cr_beta(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int proposals, cr_array out) {
  if (cr_status st = check_pair(a, b); st.code) return st;
  return pair_blocking(PairBody{{}, 0, k0, k1, first, a, b, proposals, false}, out);
}

cr_status cr_beta_device(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int proposals, void* dev_out,
                         int type, uint64_t n, void* stream) {
  if (cr_status st = check_pair(a, b); st.code) return st;
  return pair_on_stream(PairBody{{}, 0, k0, k1, first, a, b, proposals, false}, dev_out, type, n, stream);
}

cr_status cr_element(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  ElementBody b{};
  b.elem = type_size(out.type);
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  if (cr_status st = make_element(b, id, p, np, out.n); st.code) return st;
  return run_blocking(b, out);
}

cr_status cr_element_device(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np,
                            void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_device_out(type); st.code) return st;
  ElementBody b{};
  b.elem = type_size(type);
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  if (cr_status st = make_element(b, id, p, np, n); st.code) return st;
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_mvn(uint32_t k0, uint32_t k1, uint64_t first, uint32_t d, const double* lm, cr_array out) {
  if (cr_status st = check_mvn(d, lm); st.code) return st;
  if (cr_status st = check_float_out(out); st.code) return st;
  MvnBody b{{}, type_size(out.type), k0, k1, first, d, lm};
  return run_blocking(b, out);
}

cr_status cr_mvn_device(uint32_t k0, uint32_t k1, uint64_t first, uint32_t d, const double* lm, void* dev_out,
                        int type, uint64_t n, void* stream) {
  if (cr_status st = check_mvn(d, lm); st.code) return st;
  if (cr_status st = check_device_out(type); st.code) return st;
  MvnBody b{{}, type_size(type), k0, k1, first, d, lm};
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_f(uint32_t k0, uint32_t k1, uint64_t first, double dfn, double dfd, int proposals, cr_array out) {
  if (cr_status st = check_pair(dfn, dfd); st.code) return st;
  return pair_blocking(PairBody{{}, 0, k0, k1, first, dfn, dfd, proposals, true}, out);
}

cr_status cr_f_device(uint32_t k0, uint32_t k1, uint64_t first, double dfn, double dfd, int proposals, void* dev_out,
                      int type, uint64_t n, void* stream) {
  if (cr_status st = check_pair(dfn, dfd); st.code) return st;
  return pair_on_stream(PairBody{{}, 0, k0, k1, first, dfn, dfd, proposals, true}, dev_out, type, n, stream);
}

cr_status cr_f_rows(uint32_t k0, uint32_t k1, uint64_t first, const double* rows, uint64_t np, int proposals, cr_array out) {
  PairBody b{{}, 0, k0, k1, first, 0.0, 0.0, proposals, true};
  if (cr_status st = f_rows_body(b, rows, np, out.n); st.code) return st;
  return pair_blocking(b, out);
}

cr_status cr_f_rows_device(uint32_t k0, uint32_t k1, uint64_t first, const double* rows, uint64_t np, int proposals,
                           void* dev_out, int type, uint64_t n, void* stream) {
  PairBody b{{}, 0, k0, k1, first, 0.0, 0.0, proposals, true};
  if (cr_status st = f_rows_body(b, rows, np, n); st.code) return st;
  return pair_on_stream(b, dev_out, type, n, stream);
}

namespace {

cr_status check_shapes(const void* data, int type, uint64_t K) {
  if (!is_float_type(type) || !data || K < 1 || K > (1u << 20)) {
    return invalid("alpha must hold 1 to 2^20 float32 or float64 shapes");
  }
  return ok_status();
}

}  // namespace

cr_status cr_dirichlet(uint32_t k0, uint32_t k1, uint64_t first, cr_array alpha, int proposals, cr_array out) {
  if (cr_status st = check_float_out(out); st.code) return st;
  if (cr_status st = resolve_proposals(&proposals); st.code) return st;
  if (cr_status st = check_shapes(alpha.data, alpha.type, alpha.n); st.code) return st;
  DirichletBody b{};
  b.chunk = kDeviceChunk;
  b.elem = type_size(out.type);
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  b.proposals = proposals;
  b.alpha = alpha.data;
  b.alpha_type = alpha.type;
  b.alpha_on_device = alpha.on_device != 0;
  b.K = (uint32_t)alpha.n;
  return run_blocking(b, out);
}

cr_status cr_dirichlet_device(uint32_t k0, uint32_t k1, uint64_t first, const void* dev_alpha, int alpha_type,
                              uint32_t K, int proposals, void* dev_out, int type, uint64_t n, void* stream) {
  if (cr_status st = check_device_out(type); st.code) return st;
  if (cr_status st = check_shapes(dev_alpha, alpha_type, K); st.code) return st;
  if (cr_status st = resolve_proposals(&proposals); st.code) return st;
  DirichletBody b{};
  b.chunk = kDeviceChunk;
  b.elem = type_size(type);
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  b.proposals = proposals;
  b.alpha = dev_alpha;
  b.alpha_type = alpha_type;
  b.alpha_on_device = true;
  b.K = K;
  return run_on_stream(b, dev_out, n, stream);
}
