// Node-API binding of the distribution samplers (cuda/include/cr_api_dist.h), the functions that the
// registry's CUDA ops name (lib/samplers, typed in lib/core/addon.ts), each with an Async twin
// (common.h `define`). Registered through crb::Registrar.
//
//   normalBM32 / normalBM64 / normalPolar32 / normalPolar64(k0, k1, lo, hi, mean, std, out[, n])
//   exponential32 / exponential64(k0, k1, lo, hi, rate, out[, n])
//   gamma32 / gamma64(k0, k1, lo, hi, alpha, scale, proposals, out[, n])
//   beta32 / beta64(k0, k1, lo, hi, a, b, proposals, out[, n])
//   studentT32 / studentT64(k0, k1, lo, hi, alpha, proposals, out[, n])          alpha = df/2: number or shapes
//   f32 / f64(k0, k1, lo, hi, dfn, dfd, proposals, out[, n])
//   fRows32 / fRows64(k0, k1, lo, hi, rows, proposals, out[, n])                    rows: n (dfn, dfd) pairs
//   element32 / element64(k0, k1, lo, hi, id, params, out[, n])    id: cuda/include/cr_elements.h (von Mises, Wald)
//   mvn32 / mvn64(k0, k1, lo, hi, d, lm, out[, n])                                  multivariate normal
//   dirichlet32 / dirichlet64(k0, k1, lo, hi, alpha, proposals, out[, n])      lo/hi: flat index row·K
//   transform32 / transform64(k0, k1, lo, hi, id, params, out[, n])         id: cuda/include/cr_transforms.h
//
// `out` is a Float32Array/Float64Array (host; n = its length) or a device-array handle of that element
// type followed by n. `alpha` is a number (gamma only), a Float32Array/Float64Array (read in place) or a
// float32/float64 device-array handle. `proposals`: -1 the default (gammaDefaultProposals), else 1 …
// 1024 evaluated at once per element. A shape the device finds invalid rejects with an Error whose
// code is 'ERANGE' (lib/backend/cuda/errors.ts makes it a RangeError).
#include <memory>
#include <vector>

#include "args.h"
#include "cr_api_dist.h"
#include "cr_elements.h"

using namespace crb;

namespace {

// normal*(k0, k1, lo, hi, mean, std, out[, n])
template <int Type, int Polar>
Parsed parse_normal(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double mean = f64(info, 4, "mean"), sd = f64(info, 5, "std");
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {6}), [=] { return cr_normal(k0, k1, first, Polar, mean, sd, out.arr); }};
}

// exponential*(k0, k1, lo, hi, rate, out[, n])
template <int Type>
Parsed parse_exponential(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double rate = f64(info, 4, "rate");
  Arg out = out_arg(info, 5, Type);
  return {keep(info, {5}), [=] { return cr_exponential(k0, k1, first, rate, out.arr); }};
}

// Shapes at argument `at`: a number, or per-element values (host or device) with at least as many values
// as `out`; run(alpha, alphas) makes the C call (alphas null for a number).
template <class Run>
Parsed alpha_or_shapes(const Napi::CallbackInfo& info, size_t at, const Arg& out, size_t out_at, Run run) {
  if (info[at].IsNumber()) {
    const double alpha = info[at].As<Napi::Number>().DoubleValue();
    return {keep(info, {out_at}), [=] { return run(alpha, nullptr); }};
  }
  Arg alphas = shapes_arg(info, at);
  if (alphas.arr.n < out.arr.n) throw Napi::RangeError::New(info.Env(), "alpha has fewer values than out");
  return {keep(info, {at, out_at}), [=] { return run(0.0, &alphas.arr); }};
}

// gamma*(k0, k1, lo, hi, alpha, scale, proposals, out[, n])
template <int Type>
Parsed parse_gamma(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double scale = f64(info, 5, "scale");
  const int proposals = proposals_arg(info, 6);
  Arg out = out_arg(info, 7, Type);
  return alpha_or_shapes(info, 4, out, 7, [=](double alpha, const cr_array* alphas) {
    return cr_gamma(k0, k1, first, alpha, alphas, scale, proposals, out.arr);
  });
}

// Two scalar parameters named a and b, then proposals and out: beta*(k0, k1, lo, hi, a, b, proposals,
// out[, n]) and f*(…, dfn, dfd, …), run by Fn (cr_beta, cr_f).
using TwoParamFn = cr_status (*)(uint32_t, uint32_t, uint64_t, double, double, int, cr_array);
template <int Type, TwoParamFn Fn>
Parsed parse_two(const Napi::CallbackInfo& info, const char* a_name, const char* b_name) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double a = f64(info, 4, a_name), b = f64(info, 5, b_name);
  const int proposals = proposals_arg(info, 6);
  Arg out = out_arg(info, 7, Type);
  return {keep(info, {7}), [=] { return Fn(k0, k1, first, a, b, proposals, out.arr); }};
}

template <int Type>
Parsed parse_beta(const Napi::CallbackInfo& info) { return parse_two<Type, cr_beta>(info, "a", "b"); }

template <int Type>
Parsed parse_f(const Napi::CallbackInfo& info) { return parse_two<Type, cr_f>(info, "dfn", "dfd"); }

// fRows*(k0, k1, lo, hi, rows: Float64Array of n (dfn, dfd) pairs, proposals, out[, n])
template <int Type>
Parsed parse_f_rows(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const auto [rows, data] = typed_arg<double>(info, 4, napi_float64_array, "rows", "Float64Array");
  const int proposals = proposals_arg(info, 5);
  Arg out = out_arg(info, 6, Type);
  const uint64_t np = rows.ElementLength();
  if (np != 2 * out.arr.n) throw Napi::RangeError::New(info.Env(), "rows must hold 2 values (dfn, dfd) per element");
  // copied now: an async call may run after JS reuses it
  auto p = std::make_shared<std::vector<double>>(data, data + np);
  return {keep(info, {6}), [=] { return cr_f_rows(k0, k1, first, p->data(), np, proposals, out.arr); }};
}

// studentT*(k0, k1, lo, hi, alpha, proposals, out[, n]): alpha = df/2, a number or shapes (as gamma's)
template <int Type>
Parsed parse_student_t(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const int proposals = proposals_arg(info, 5);
  Arg out = out_arg(info, 6, Type);
  return alpha_or_shapes(info, 4, out, 6, [=](double alpha, const cr_array* alphas) {
    return cr_student_t(k0, k1, first, alpha, alphas, proposals, out.arr);
  });
}

// element*(k0, k1, lo, hi, id, params: Float64Array of P or n rows of P, out[, n]); id: cuda/include/cr_elements.h
template <int Type>
Parsed parse_element(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const uint32_t id = u32(info, 4, "sampler");
  const auto [params, data] = typed_arg<double>(info, 5, napi_float64_array, "params", "Float64Array");
  Arg out = out_arg(info, 6, Type);
  const uint64_t np = params.ElementLength();
  const int P = cr_element_params((int)id);
  if (P < 0) throw Napi::RangeError::New(info.Env(), "sampler must be an id of cuda/include/cr_elements.h");
  if (np != (uint64_t)P && np != (uint64_t)P * out.arr.n) {
    throw Napi::RangeError::New(info.Env(), "params must hold the sampler's parameters, or one row of them per element");
  }
  // copied now: an async call may run after JS reuses it (rows: n·P values)
  auto p = std::make_shared<std::vector<double>>(data, data + np);
  return {keep(info, {6}), [=] { return cr_element(k0, k1, first, (int)id, p->data(), np, out.arr); }};
}

// mvn*(k0, k1, lo, hi, d, lm: Float64Array of d + d(d+1)/2, out[, n])
template <int Type>
Parsed parse_mvn(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const uint32_t d = u32(info, 4, "d");
  if (d < 1 || d > CR_MVN_MAX_DIM) throw Napi::RangeError::New(info.Env(), "d must be in [1, 1024]");
  const auto [params, data] = typed_arg<double>(info, 5, napi_float64_array, "lm", "Float64Array");
  if (params.ElementLength() != (size_t)d + (size_t)d * (d + 1) / 2) throw Napi::RangeError::New(info.Env(), "lm must have d + d(d+1)/2 values");
  // copied now: an async call may run after JS reuses the array
  auto lm = std::make_shared<std::vector<double>>(data, data + params.ElementLength());
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {6}), [=] { return cr_mvn(k0, k1, first, d, lm->data(), out.arr); }};
}

// dirichlet*(k0, k1, lo, hi, alpha, proposals, out[, n])
template <int Type>
Parsed parse_dirichlet(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  Arg alpha = shapes_arg(info, 4);
  if (alpha.arr.n < 1 || alpha.arr.n > (1u << 20)) {
    throw Napi::RangeError::New(info.Env(), "alpha must have 1 to 2^20 shapes");
  }
  const int proposals = proposals_arg(info, 5);
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {4, 6}), [=] { return cr_dirichlet(k0, k1, first, alpha.arr, proposals, out.arr); }};
}

// transform*(k0, k1, lo, hi, id, params: Float64Array, out[, n]); params: P values, or n rows of P
template <int Type>
Parsed parse_transform(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const uint32_t id = u32(info, 4, "transform");
  const auto [params, data] = typed_arg<double>(info, 5, napi_float64_array, "params", "Float64Array");
  Arg out = out_arg(info, 6, Type);
  const uint64_t np = params.ElementLength();
  // the transform's P values (at most 8), or P·n: one row per element (the C API checks P against the id)
  if (np > 8 && (out.arr.n == 0 || np % out.arr.n != 0 || np / out.arr.n > 8)) {
    throw Napi::RangeError::New(info.Env(), "params must hold at most 8 values, or one row of them per element");
  }
  // copied now: an async call may run after JS reuses it (rows: one row per element, n·P values)
  auto p = std::make_shared<std::vector<double>>(data, data + np);
  return {keep(info, {6}), [=] { return cr_transform(k0, k1, first, (int)id, p->data(), np, out.arr); }};
}

void Register(Napi::Env env, Napi::Object exports) {
  define(env, exports, "normalBM32", parse_normal<CR_TYPE_F32, 0>);
  define(env, exports, "normalBM64", parse_normal<CR_TYPE_F64, 0>);
  define(env, exports, "normalPolar32", parse_normal<CR_TYPE_F32, 1>);
  define(env, exports, "normalPolar64", parse_normal<CR_TYPE_F64, 1>);
  define(env, exports, "exponential32", parse_exponential<CR_TYPE_F32>);
  define(env, exports, "exponential64", parse_exponential<CR_TYPE_F64>);
  define(env, exports, "gamma32", parse_gamma<CR_TYPE_F32>);
  define(env, exports, "gamma64", parse_gamma<CR_TYPE_F64>);
  define(env, exports, "beta32", parse_beta<CR_TYPE_F32>);
  define(env, exports, "beta64", parse_beta<CR_TYPE_F64>);
  define(env, exports, "studentT32", parse_student_t<CR_TYPE_F32>);
  define(env, exports, "studentT64", parse_student_t<CR_TYPE_F64>);
  define(env, exports, "f32", parse_f<CR_TYPE_F32>);
  define(env, exports, "f64", parse_f<CR_TYPE_F64>);
  define(env, exports, "fRows32", parse_f_rows<CR_TYPE_F32>);
  define(env, exports, "fRows64", parse_f_rows<CR_TYPE_F64>);
  define(env, exports, "element32", parse_element<CR_TYPE_F32>);
  define(env, exports, "element64", parse_element<CR_TYPE_F64>);
  define(env, exports, "mvn32", parse_mvn<CR_TYPE_F32>);
  define(env, exports, "mvn64", parse_mvn<CR_TYPE_F64>);
  define(env, exports, "dirichlet32", parse_dirichlet<CR_TYPE_F32>);
  define(env, exports, "dirichlet64", parse_dirichlet<CR_TYPE_F64>);
  define(env, exports, "transform32", parse_transform<CR_TYPE_F32>);
  define(env, exports, "transform64", parse_transform<CR_TYPE_F64>);
  exports.Set("gammaDefaultProposals", Napi::Number::New(env, CR_GAMMA_DEFAULT_PROPOSALS));
}

Registrar registrar(Register);

}  // namespace
