// Host side of the discrete samplers (cuda/include/cr_api_discrete.h): their bodies for cr_run.h's
// driver, and the argument checks of the C API. Kernels: discrete_kernels.cu.
#include "cr_api_discrete.h"

#include <cuda_runtime.h>

#include "cr_launch_discrete.h"
#include "cr_run.h"

using namespace cr_rt;

namespace {

constexpr int64_t kSafe = 9007199254740991;  // 2^53 − 1

cr_status check_integers(int64_t low, int64_t high, int type) {
  if (!(low < high)) return invalid("low must be less than high");
  switch (type) {
    case CR_TYPE_I32:
      if (low < -2147483648ll || high > 2147483648ll) return invalid("int32 outputs need -2^31 <= low and high <= 2^31");
      return ok_status();
    case CR_TYPE_U32:
      if (low < 0 || high > 4294967296ll) return invalid("uint32 outputs need 0 <= low and high <= 2^32");
      return ok_status();
    case CR_TYPE_F64:
      if (low < -kSafe || high > kSafe || high - low > kSafe + 1) {
        return invalid("float64 outputs need safe integers low, high with high - low <= 2^53");
      }
      return ok_status();
    default: return invalid("out must hold int32, uint32 or float64 elements");
  }
}

struct IntegersBody : BodyBase {
  size_t elem;
  int type;
  uint32_t k0, k1;
  uint64_t first;
  cr_int_plan plan;
  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_integers(d, type, m, k0, k1, first + start, plan, sms, s);
  }
};

/** The output types of `kind` and its smallest valid p for `type` (−1: not an output type of kind). */
double prob_floor(int kind, int type) {
  if (kind == CR_GEOMETRIC) return (type == CR_TYPE_I32 || type == CR_TYPE_U32 || type == CR_TYPE_F64) ? cr_geometric_pmin(type) : -1;
  return (type == CR_TYPE_U8 || type == CR_TYPE_I32 || type == CR_TYPE_U32 || is_float_type(type)) ? 0.0 : -1;
}

const char* prob_domain(int kind, int type) {
  if (kind == CR_BERNOULLI) return "in [0, 1]";
  return type == CR_TYPE_I32 ? "in [2^-25, 1] for int32 outputs" : type == CR_TYPE_U32 ? "in [2^-26, 1] for uint32 outputs"
                                                                                       : "in [2^-47, 1] for float64 outputs";
}

/** Bernoulli or geometric with a scalar p or per-element values in host memory (checked here, staged
 *  chunk by chunk) or device memory (read in place; checked on the device by blocking calls). */
struct ProbBody : BodyBase {
  size_t elem = 0;
  int kind = 0, type = 0;
  uint32_t k0 = 0, k1 = 0;
  uint64_t first = 0;
  cr_prob_view v{};
  PerElement ps;

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t most, bool validate) {
    cr_status st = ps.prepare(sc, s, ds, most, validate);
    v.bad = ps.bad;
    return st;
  }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    cr_prob_view c = v;
    c.bad_base = start;
    const cudaError_t e = ps.at(start, m, s, &c.values);
    if (e != cudaSuccess) return e;
    return cr_launch_prob(kind, d, type, m, k0, k1, first + start, c, sms, s);
  }

  cr_status verify(cudaStream_t s) { return ps.verify(s, "p", prob_domain(kind, type)); }
};

/** A ProbBody, or the reason the arguments are refused. `values` (null: scalar p) of `vtype`, `n` of
 *  them, in device memory when on_device; host values are checked here. */
cr_status make_prob(ProbBody& b, int kind, int type, uint32_t k0, uint32_t k1, uint64_t first, double p,
                    const void* values, int vtype, bool on_device, uint64_t n) {
  const double pmin = prob_floor(kind, type);
  if (pmin < 0) {
    return invalid(kind == CR_GEOMETRIC ? "out must hold int32, uint32 or float64 elements"
                                        : "out must hold uint8, int32, uint32, float32 or float64 elements");
  }
  b.elem = type_size(type);
  b.kind = kind;
  b.type = type;
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  b.v.p = p;
  b.v.pmin = pmin;
  if (!values) {
    if (!cr_prob_valid(p, pmin, kind)) return invalid("p must be in [0, 1] (bernoulli) or [cr_geometric_pmin(type), 1] (geometric)");
    return ok_status();
  }
  if (!is_float_type(vtype)) return invalid("p must hold float32 or float64 values");
  b.v.f32 = vtype == CR_TYPE_F32;
  b.ps.set(values, vtype, on_device);
  if (b.ps.host) {
    b.chunk = kDeviceChunk;
    for (uint64_t i = 0; i < n; ++i) {
      const double x = b.v.f32 ? (double)static_cast<const float*>(values)[i] : static_cast<const double*>(values)[i];
      if (!cr_prob_valid(x, pmin, kind)) return value_error("p", i, prob_domain(kind, type), x);
    }
  }
  return ok_status();
}

cr_status prob_blocking(int kind, uint32_t k0, uint32_t k1, uint64_t first, double p, const cr_array* ps, cr_array out) {
  if (out.n && !out.data) return invalid("out is null");
  if (ps && (ps->n < out.n || (out.n && !ps->data))) return invalid("p has fewer values than out");
  ProbBody b;
  cr_status st = make_prob(b, kind, out.type, k0, k1, first, p, ps ? ps->data : nullptr, ps ? ps->type : 0,
                           ps && ps->on_device, out.n);
  if (st.code) return st;
  return run_blocking(b, out);
}

cr_status prob_device(int kind, uint32_t k0, uint32_t k1, uint64_t first, double p, const void* dev_ps, int ps_type,
                      void* dev_out, int type, uint64_t n, void* stream) {
  ProbBody b;
  cr_status st = make_prob(b, kind, type, k0, k1, first, p, dev_ps, ps_type, true, n);
  if (st.code) return st;
  return run_on_stream(b, dev_out, n, stream);
}

}  // namespace

cr_status cr_integers(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, cr_array out) {
  if (cr_status st = check_integers(low, high, out.type); st.code) return st;
  IntegersBody b{{}, type_size(out.type), out.type, k0, k1, first, cr_integers_plan(low, high)};
  return run_blocking(b, out);
}

cr_status cr_integers_device(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* dev_out,
                             int type, uint64_t n, void* stream) {
  if (cr_status st = check_integers(low, high, type); st.code) return st;
  IntegersBody b{{}, type_size(type), type, k0, k1, first, cr_integers_plan(low, high)};
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_bernoulli(uint32_t k0, uint32_t k1, uint64_t first, double p, const cr_array* ps, cr_array out) {
  return prob_blocking(CR_BERNOULLI, k0, k1, first, p, ps, out);
}

cr_status cr_geometric(uint32_t k0, uint32_t k1, uint64_t first, double p, const cr_array* ps, cr_array out) {
  return prob_blocking(CR_GEOMETRIC, k0, k1, first, p, ps, out);
}

cr_status cr_bernoulli_device(uint32_t k0, uint32_t k1, uint64_t first, double p, const void* dev_ps, int ps_type,
                              void* dev_out, int type, uint64_t n, void* stream) {
  return prob_device(CR_BERNOULLI, k0, k1, first, p, dev_ps, ps_type, dev_out, type, n, stream);
}

cr_status cr_geometric_device(uint32_t k0, uint32_t k1, uint64_t first, double p, const void* dev_ps, int ps_type,
                              void* dev_out, int type, uint64_t n, void* stream) {
  return prob_device(CR_GEOMETRIC, k0, k1, first, p, dev_ps, ps_type, dev_out, type, n, stream);
}
