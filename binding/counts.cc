// Node-API binding of the count samplers (cuda/include/cr_api_counts.h), the functions the registry's
// count ops name (lib/samplers/poisson.ts, binomial.ts, negative-binomial.ts, multinomial.ts; typed in
// lib/core/addon.ts), each with an Async twin (common.h `define`). I32 / U32 / F64 suffixes write an
// Int32Array / Uint32Array / Float64Array (or a device array of that type followed by n).
//
//   poisson*(k0, k1, lo, hi, lam, proposals, out[, n])             lam: number, float typed array or handle
//   binomial*(k0, k1, lo, hi, count, p, proposals, out[, n])       count, p: likewise
//   negativeBinomial*(k0, k1, lo, hi, r, p, proposals, out[, n])
//   multinomial*(k0, k1, lo, hi, count, probs: Float64Array, out[, n])   lo/hi: flat index row·K
//
// A per-element value the device finds invalid rejects with code 'ERANGE' (a RangeError in
// lib/backend/cuda/errors.ts).
#include <memory>
#include <vector>

#include "args.h"
#include "cr_api_counts.h"

using namespace crb;

namespace {

/** A number, or per-element values (typed array or device handle) kept for the call. */
struct Param {
  double v = 0.0;
  bool per = false;
  Arg arr;
};

Param param_arg(const Napi::CallbackInfo& info, size_t i, const char* name) {
  Param p;
  if (info[i].IsNumber()) {
    p.v = info[i].As<Napi::Number>().DoubleValue();
    return p;
  }
  p.per = true;
  p.arr = shapes_arg(info, i, name);
  return p;
}

void need_n(const Napi::CallbackInfo& info, const Param& p, const Arg& out, const char* name) {
  if (p.per && p.arr.arr.n < out.arr.n) throw Napi::RangeError::New(info.Env(), std::string(name) + " has fewer values than out");
}

template <int Type>
Parsed parse_poisson(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const Param lam = param_arg(info, 4, "lam");
  const int proposals = proposals_arg(info, 5);
  Arg out = out_arg(info, 6, Type);
  need_n(info, lam, out, "lam");
  return {keep(info, {4, 6}), [=] {
            return cr_poisson(k0, k1, first, lam.v, lam.per ? &lam.arr.arr : nullptr, proposals, out.arr);
          }};
}

template <int Type>
Parsed parse_binomial(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const Param count = param_arg(info, 4, "count");
  const Param p = param_arg(info, 5, "p");
  const int proposals = proposals_arg(info, 6);
  Arg out = out_arg(info, 7, Type);
  need_n(info, count, out, "count");
  need_n(info, p, out, "p");
  return {keep(info, {4, 5, 7}), [=] {
            return cr_binomial(k0, k1, first, count.v, count.per ? &count.arr.arr : nullptr, p.v,
                               p.per ? &p.arr.arr : nullptr, proposals, out.arr);
          }};
}

template <int Type>
Parsed parse_negative_binomial(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double r = f64(info, 4, "r"), p = f64(info, 5, "p");
  const int proposals = proposals_arg(info, 6);
  Arg out = out_arg(info, 7, Type);
  return {keep(info, {7}), [=] { return cr_negative_binomial(k0, k1, first, r, p, proposals, out.arr); }};
}

template <int Type>
Parsed parse_multinomial(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double count = f64(info, 4, "count");
  const auto [probs, data] = typed_arg<double>(info, 5, napi_float64_array, "probs", "Float64Array");
  // copied now: an async call may run after JS reuses the array
  auto w = std::make_shared<std::vector<double>>(data, data + probs.ElementLength());
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {6}), [=] {
            return cr_multinomial(k0, k1, first, count, cr_array{w->data(), w->size(), CR_TYPE_F64, 0}, out.arr);
          }};
}

void Register(Napi::Env env, Napi::Object exports) {
  define(env, exports, "poissonI32", parse_poisson<CR_TYPE_I32>);
  define(env, exports, "poissonU32", parse_poisson<CR_TYPE_U32>);
  define(env, exports, "poissonF64", parse_poisson<CR_TYPE_F64>);
  define(env, exports, "binomialI32", parse_binomial<CR_TYPE_I32>);
  define(env, exports, "binomialU32", parse_binomial<CR_TYPE_U32>);
  define(env, exports, "binomialF64", parse_binomial<CR_TYPE_F64>);
  define(env, exports, "negativeBinomialI32", parse_negative_binomial<CR_TYPE_I32>);
  define(env, exports, "negativeBinomialU32", parse_negative_binomial<CR_TYPE_U32>);
  define(env, exports, "negativeBinomialF64", parse_negative_binomial<CR_TYPE_F64>);
  define(env, exports, "multinomialI32", parse_multinomial<CR_TYPE_I32>);
  define(env, exports, "multinomialU32", parse_multinomial<CR_TYPE_U32>);
  define(env, exports, "multinomialF64", parse_multinomial<CR_TYPE_F64>);
}

Registrar registrar(Register);

}  // namespace
