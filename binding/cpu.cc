// Node-API binding of the host SIMD kernels (cuda/include/cr_api_cpu.h): the CPU backend's native fast
// path, called by lib/native/cpu.ts on the main thread and in the worker pool's threads (each loads
// the addon; the per-environment state of common.h is not used). Synchronous only: the pool is the
// CPU backend's parallelism. Registered through crb::Registrar.
//
//   cpuSimd() -> string                                  "avx512", "avx2", or "" where the kernels decline
//   cpuSimdCpu() -> string                               what the CPU supports (cpuSimd() is "" where it does
//                                                        but the kernels failed their self-test)
//   cpuIntegers(k0, k1, lo, hi, low, high, out) -> bool  out: a host Int32Array, Uint32Array or
//                                                        Float64Array, written in place; false: declined
//   cpuBernoulli(k0, k1, lo, hi, p, out) -> bool         out: a host Uint8Array, Int32Array, Uint32Array,
//                                                        Float32Array or Float64Array; p one number, or a
//                                                        Float32Array/Float64Array with p[i] for out[i]
//                                                        (at least out's length; values checked by the caller)
//   cpuBits(k0, k1, lo, hi, out) -> bool                 out: a host Uint32Array
//   cpuUniform(k0, k1, lo, hi, low, high, out) -> bool   out: a host Float32Array or Float64Array
//   cpuExponential(k0, k1, lo, hi, rate, out) -> bool    out: a host Float32Array or Float64Array
//   cpuGamma(k0, k1, lo, hi, alpha, phase, scale, wide, out) -> bool   alpha: a Float64Array of shapes (element
//                                                        first + j uses alpha[(phase + j) mod length]); wide: the
//                                                        float64 proposal layout; out: host floats
//   cpuGammaDraws(k0, k1, lo, hi, d, c, phase, wide, dv, boost) -> bool   drawRange (lib/kernels/gamma.ts)
//   cpuDirichlet(k0, k1, rlo, rhi, alpha, wide, firstOnly, out) -> bool   whole rows from row (rhi:rlo): K values
//                                                        each, or component 0 only (beta)
//   cpuGeometric(k0, k1, lo, hi, p, out) -> bool         one p; out: a host Int32Array, Uint32Array or Float64Array
//   cpuNormal(k0, k1, lo, hi, mean, std, out) -> bool    Box–Muller; out: a host Float32Array or Float64Array
//   cpuNormalZ(k0, k1, lo, hi, wide, out) -> bool         standard normals in binary64 of the float64 (wide) or float32
//                                                        stream; out: a host Float64Array
//   cpuTransform(k0, k1, lo, hi, id, p, out) -> bool     a transform (cr_transforms.h id), its
//                                                        parameters p a Float64Array (checked by the caller)
//   cpuElement(k0, k1, lo, hi, id, p, out) -> bool       an element sampler (cr_elements.h id) with one row of
//                                                        parameters p (a Float64Array); false: no host kernel (von Mises)
//   cpuPoisson(k0, k1, lo, hi, lam, out) -> bool         one λ; out: a host Int32Array, Uint32Array or Float64Array
//   cpuBinomial(k0, k1, lo, hi, count, p, out) -> bool   one count and p; out as cpuPoisson's
//   cpuNegativeBinomial(k0, k1, lo, hi, r, p, out) -> bool   out as cpuPoisson's
//   cpuMultinomial(k0, k1, lo, hi, count, w, out) -> bool   elements of rows of K = w.length components
//                                                        (w: a Float64Array of weights); out as cpuPoisson's
//   cpuPermutation(k0, k1, out) -> bool                  the whole permutation of [0, out.length); out as
//                                                        cpuPoisson's (n − 1 must fit it: checked by the caller)
//   cpuPermutationPart(k0, k1, out, part, parts) -> bool  only the positions of out that part `part` of `parts`
//                                                        (a power of two <= 64) holds (cr_cpu_permutation_part)
#include <initializer_list>

#include "args.h"
#include "common.h"
#include "cr_api_cpu.h"

using namespace crb;

namespace {

Napi::Value CpuSimd(const Napi::CallbackInfo& info) { return Napi::String::New(info.Env(), cr_cpu_simd()); }

Napi::Value CpuSimdCpu(const Napi::CallbackInfo& info) { return Napi::String::New(info.Env(), cr_cpu_simd_cpu()); }

/** A host typed array at argument i whose element type is one of `allowed` (else a TypeError: `what`). */
struct HostOut {
  int type;
  void* data;
  uint64_t n;
};

HostOut host_out(const Napi::CallbackInfo& info, size_t i, std::initializer_list<int> allowed, const char* what) {
  if (info[i].IsTypedArray()) {
    const Napi::TypedArray out = info[i].As<Napi::TypedArray>();
    const int type = typed_type(out);
    for (int t : allowed)
      if (t == type) return {type, typed_data(out), out.ElementLength()};
  }
  throw Napi::TypeError::New(info.Env(), what);
}

/** The C API's answer as the binding gives it: true (done), false (declined), or a RangeError saying `einval`. */
Napi::Value answer(const Napi::CallbackInfo& info, int rc, const char* einval) {
  if (rc == CR_EINVAL) throw Napi::RangeError::New(info.Env(), einval);
  return Napi::Boolean::New(info.Env(), rc == CR_CPU_DONE);
}

Napi::Value CpuIntegers(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const int64_t low = safe_integer(info, 4, "low"), high = safe_integer(info, 5, "high");
  const HostOut o = host_out(info, 6, {CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F64},
                             "out must be an Int32Array, Uint32Array or Float64Array");
  const int rc = cr_cpu_integers(k0, k1, first, low, high, o.data, o.type, o.n);
  return answer(info, rc, "[low, high) must be non-empty and fit out's element type");
}

Napi::Value CpuBernoulli(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const HostOut o = host_out(info, 5, {CR_TYPE_U8, CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F32, CR_TYPE_F64},
                             "out must be a Uint8Array, Int32Array, Uint32Array, Float32Array or Float64Array");
  if (info[4].IsTypedArray()) {
    const HostOut ps = host_out(info, 4, {CR_TYPE_F32, CR_TYPE_F64}, "p must be a number, Float32Array or Float64Array");
    if (ps.n < o.n) throw Napi::RangeError::New(info.Env(), "p has fewer values than out");
    const int rc = cr_cpu_bernoulli_each(k0, k1, first, ps.data, ps.type, o.data, o.type, o.n);
    return Napi::Boolean::New(info.Env(), rc == CR_CPU_DONE);
  }
  const double p = f64(info, 4, "p");
  const int rc = cr_cpu_bernoulli(k0, k1, first, p, o.data, o.type, o.n);
  return answer(info, rc, "p must be in [0, 1]");
}

Napi::Value CpuBits(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const HostOut o = host_out(info, 4, {CR_TYPE_U32}, "out must be a Uint32Array");
  return Napi::Boolean::New(info.Env(), cr_cpu_bits(k0, k1, first, (uint32_t*)o.data, o.n) == CR_CPU_DONE);
}

Napi::Value CpuUniform(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double low = f64(info, 4, "low"), high = f64(info, 5, "high");
  const HostOut o = host_out(info, 6, {CR_TYPE_F32, CR_TYPE_F64}, "out must be a Float32Array or Float64Array");
  const int rc = cr_cpu_uniform(k0, k1, first, low, high, o.data, o.type, o.n);
  return answer(info, rc, "low < high must be finite, and high - low too");
}

Napi::Value CpuExponential(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double rate = f64(info, 4, "rate");
  const HostOut o = host_out(info, 5, {CR_TYPE_F32, CR_TYPE_F64}, "out must be a Float32Array or Float64Array");
  const int rc = cr_cpu_exponential(k0, k1, first, rate, o.data, o.type, o.n);
  return answer(info, rc, "rate must be finite and > 0");
}

Napi::Value CpuGamma(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const HostOut a = host_out(info, 4, {CR_TYPE_F64}, "alpha must be a Float64Array");
  const uint64_t phase = u32(info, 5, "phase");
  const double scale = f64(info, 6, "scale");
  const bool wide = info[7].ToBoolean().Value();
  const HostOut o = host_out(info, 8, {CR_TYPE_F32, CR_TYPE_F64}, "out must be a Float32Array or Float64Array");
  const int rc = cr_cpu_gamma(k0, k1, first, (const double*)a.data, a.n, phase, scale, wide ? 1 : 0, o.data, o.type, o.n);
  return answer(info, rc, "alpha (at least one) and scale must be finite and > 0");
}

Napi::Value CpuGammaDraws(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const HostOut d = host_out(info, 4, {CR_TYPE_F64}, "d must be a Float64Array");
  const HostOut c = host_out(info, 5, {CR_TYPE_F64}, "c must be a Float64Array");
  const uint64_t phase = u32(info, 6, "phase");
  const bool wide = info[7].ToBoolean().Value();
  const HostOut dv = host_out(info, 8, {CR_TYPE_F64}, "dv must be a Float64Array");
  const HostOut bu = host_out(info, 9, {CR_TYPE_F64}, "boost must be a Float64Array");
  if (c.n != d.n || bu.n < dv.n) throw Napi::RangeError::New(info.Env(), "c must match d, and boost be as long as dv");
  const int rc = cr_cpu_gamma_draws(k0, k1, first, (const double*)d.data, (const double*)c.data, d.n, phase, wide ? 1 : 0,
                                    (double*)dv.data, (double*)bu.data, dv.n);
  return answer(info, rc, "d, c must be the constants of shapes >= 1 (at least one)");
}

Napi::Value CpuDirichlet(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t row0 = u64(info, 2, "row");
  const HostOut a = host_out(info, 4, {CR_TYPE_F64}, "alpha must be a Float64Array");
  const bool wide = info[5].ToBoolean().Value(), first_only = info[6].ToBoolean().Value();
  const HostOut o = host_out(info, 7, {CR_TYPE_F32, CR_TYPE_F64}, "out must be a Float32Array or Float64Array");
  const uint64_t width = first_only ? 1 : a.n;
  if (a.n == 0 || a.n > UINT32_MAX || o.n % width != 0) throw Napi::RangeError::New(info.Env(), "out must hold whole rows");
  const int rc = cr_cpu_dirichlet(k0, k1, row0, (const double*)a.data, (uint32_t)a.n, wide ? 1 : 0, first_only ? 1 : 0,
                                  o.data, o.type, o.n / width);
  return answer(info, rc, "alpha must be finite and > 0, and the rows below 2^64 elements");
}

Napi::Value CpuGeometric(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double p = f64(info, 4, "p");
  const HostOut o = host_out(info, 5, {CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F64}, "out must be an Int32Array, Uint32Array or Float64Array");
  const int rc = cr_cpu_geometric(k0, k1, first, p, o.data, o.type, o.n);
  return answer(info, rc, "p must be in [pmin, 1] for out's type");
}

Napi::Value CpuNormal(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double mean = f64(info, 4, "mean"), sd = f64(info, 5, "std");
  const HostOut o = host_out(info, 6, {CR_TYPE_F32, CR_TYPE_F64}, "out must be a Float32Array or Float64Array");
  const int rc = cr_cpu_normal(k0, k1, first, mean, sd, o.data, o.type, o.n);
  return answer(info, rc, "mean must be finite, std finite and >= 0");
}

/** A kernel of one parameter row by id (a transform, an element sampler): (k0, k1, lo, hi, id, p, out). */
using RowKernel = int (*)(uint32_t, uint32_t, uint64_t, int, const double*, int, void*, int, uint64_t);

Napi::Value RowCall(const Napi::CallbackInfo& info, RowKernel kernel, const char* refused) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const int id = (int)u32(info, 4, "id");
  const HostOut p = host_out(info, 5, {CR_TYPE_F64}, "p must be a Float64Array");
  const HostOut o = host_out(info, 6, {CR_TYPE_F32, CR_TYPE_F64}, "out must be a Float32Array or Float64Array");
  return answer(info, kernel(k0, k1, first, id, (const double*)p.data, (int)p.n, o.data, o.type, o.n), refused);
}

Napi::Value CpuTransform(const Napi::CallbackInfo& info) {
  return RowCall(info, cr_cpu_transform, "not a transform, or not its parameters");
}

Napi::Value CpuElement(const Napi::CallbackInfo& info) {
  return RowCall(info, cr_cpu_element, "not the element sampler's parameters");
}

const std::initializer_list<int> COUNT_TYPES = {CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F64};
const char* const COUNT_OUT = "out must be an Int32Array, Uint32Array or Float64Array";

Napi::Value CpuPoisson(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double lam = f64(info, 4, "lam");
  const HostOut o = host_out(info, 5, COUNT_TYPES, COUNT_OUT);
  const int rc = cr_cpu_poisson(k0, k1, first, lam, o.data, o.type, o.n);
  return answer(info, rc, "lam must be >= 0 with lam + 64·sqrt(lam) + 64 at most out's largest count");
}

Napi::Value CpuBinomial(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double count = f64(info, 4, "count"), p = f64(info, 5, "p");
  const HostOut o = host_out(info, 6, COUNT_TYPES, COUNT_OUT);
  const int rc = cr_cpu_binomial(k0, k1, first, count, p, o.data, o.type, o.n);
  return answer(info, rc, "count must be an integer in [0, out's largest count], p in [0, 1]");
}

Napi::Value CpuNegativeBinomial(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double r = f64(info, 4, "r"), p = f64(info, 5, "p");
  const HostOut o = host_out(info, 6, COUNT_TYPES, COUNT_OUT);
  const int rc = cr_cpu_negative_binomial(k0, k1, first, r, p, o.data, o.type, o.n);
  return answer(info, rc, "r must be finite and > 0, p in (0, 1], and their largest mean fit out's type");
}

Napi::Value CpuNormalZ(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const bool wide = info[4].ToBoolean().Value();
  const HostOut o = host_out(info, 5, {CR_TYPE_F64}, "out must be a Float64Array");
  return answer(info, cr_cpu_normal_z(k0, k1, first, wide ? 1 : 0, (double*)o.data, o.n), "internal");
}

Napi::Value CpuMultinomial(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double count = f64(info, 4, "count");
  const HostOut w = host_out(info, 5, {CR_TYPE_F64}, "w must be a Float64Array");
  const HostOut o = host_out(info, 6, COUNT_TYPES, COUNT_OUT);
  if (w.n == 0 || w.n > UINT32_MAX) throw Napi::RangeError::New(info.Env(), "w must have 1 to 2^32 - 1 weights");
  const int rc = cr_cpu_multinomial(k0, k1, first, count, (const double*)w.data, (uint32_t)w.n, o.data, o.type, o.n);
  return answer(info, rc, "count must be an integer in [0, out's largest count], w finite and >= 0 with a positive finite total");
}

Napi::Value CpuPermutation(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const HostOut o = host_out(info, 2, COUNT_TYPES, COUNT_OUT);
  const int rc = cr_cpu_permutation(k0, k1, o.n, o.data, o.type);
  return answer(info, rc, COUNT_OUT);
}

Napi::Value CpuPermutationPart(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const HostOut o = host_out(info, 2, COUNT_TYPES, COUNT_OUT);
  const uint32_t part = u32(info, 3, "part"), parts = u32(info, 4, "parts");
  const int rc = cr_cpu_permutation_part(k0, k1, o.n, o.data, o.type, part, parts);
  return answer(info, rc, "parts must be a power of two in [1, 64] and part < parts; out as cpuPermutation's");
}

void Register(Napi::Env env, Napi::Object exports) {
  exports.Set("cpuSimd", Napi::Function::New(env, CpuSimd, "cpuSimd"));
  exports.Set("cpuSimdCpu", Napi::Function::New(env, CpuSimdCpu, "cpuSimdCpu"));
  exports.Set("cpuIntegers", Napi::Function::New(env, CpuIntegers, "cpuIntegers"));
  exports.Set("cpuBernoulli", Napi::Function::New(env, CpuBernoulli, "cpuBernoulli"));
  exports.Set("cpuBits", Napi::Function::New(env, CpuBits, "cpuBits"));
  exports.Set("cpuUniform", Napi::Function::New(env, CpuUniform, "cpuUniform"));
  exports.Set("cpuExponential", Napi::Function::New(env, CpuExponential, "cpuExponential"));
  exports.Set("cpuGamma", Napi::Function::New(env, CpuGamma, "cpuGamma"));
  exports.Set("cpuGammaDraws", Napi::Function::New(env, CpuGammaDraws, "cpuGammaDraws"));
  exports.Set("cpuDirichlet", Napi::Function::New(env, CpuDirichlet, "cpuDirichlet"));
  exports.Set("cpuGeometric", Napi::Function::New(env, CpuGeometric, "cpuGeometric"));
  exports.Set("cpuNormal", Napi::Function::New(env, CpuNormal, "cpuNormal"));
  exports.Set("cpuTransform", Napi::Function::New(env, CpuTransform, "cpuTransform"));
  exports.Set("cpuElement", Napi::Function::New(env, CpuElement, "cpuElement"));
  exports.Set("cpuPoisson", Napi::Function::New(env, CpuPoisson, "cpuPoisson"));
  exports.Set("cpuBinomial", Napi::Function::New(env, CpuBinomial, "cpuBinomial"));
  exports.Set("cpuNegativeBinomial", Napi::Function::New(env, CpuNegativeBinomial, "cpuNegativeBinomial"));
  exports.Set("cpuMultinomial", Napi::Function::New(env, CpuMultinomial, "cpuMultinomial"));
  exports.Set("cpuNormalZ", Napi::Function::New(env, CpuNormalZ, "cpuNormalZ"));
  exports.Set("cpuPermutation", Napi::Function::New(env, CpuPermutation, "cpuPermutation"));
  exports.Set("cpuPermutationPart", Napi::Function::New(env, CpuPermutationPart, "cpuPermutationPart"));
}

Registrar registrar(Register);

}  // namespace
