// Node-API binding of the discrete samplers (cuda/include/cr_api_discrete.h), the functions the registry's
// ops name (lib/samplers/integers.ts, bernoulli.ts, geometric.ts; typed in lib/core/addon.ts), each with
// an Async twin (common.h `define`). Registered through crb::Registrar.
//
//   integers(k0, k1, lo, hi, type, low, high, out[, n])      type: CR_TYPE_I32, CR_TYPE_U32 or CR_TYPE_F64
//   bernoulli(k0, k1, lo, hi, type, p, out[, n])            type: U8, I32, U32, F32 or F64
//   geometric(k0, k1, lo, hi, type, p, out[, n])            type: I32, U32 or F64
//
// `out` is a typed array of `type` (host; n = its length) or a device-array handle of that type followed
// by n. `p` is a number, a Float32Array/Float64Array (per element, read in place) or a float32/float64
// device-array handle; a per-element p the device finds invalid rejects with code 'ERANGE'. The C API
// refuses what does not fit (CR_EINVAL), after the facade (lib/samplers) already has, naming the argument.
#include "args.h"
#include "cr_api_discrete.h"

using namespace crb;

namespace {

/** An output type code at argument i among `allowed`. */
int type_arg(const Napi::CallbackInfo& info, size_t i, std::initializer_list<int> allowed) {
  const uint32_t t = u32(info, i, "type");
  for (int a : allowed)
    if ((int)t == a) return a;
  throw Napi::RangeError::New(info.Env(), "type is not an output type of this sampler");
}

// integers(k0, k1, lo, hi, type, low, high, out[, n])
Parsed parse_integers(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const int type = type_arg(info, 4, {CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F64});
  const int64_t low = safe_integer(info, 5, "low"), high = safe_integer(info, 6, "high");
  Arg out = out_arg(info, 7, type);
  return {keep(info, {7}), [=] { return cr_integers(k0, k1, first, low, high, out.arr); }};
}

// bernoulli / geometric(k0, k1, lo, hi, type, p, out[, n])
template <bool Geometric>
Parsed parse_prob(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const int type = Geometric ? type_arg(info, 4, {CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F64})
                             : type_arg(info, 4, {CR_TYPE_U8, CR_TYPE_I32, CR_TYPE_U32, CR_TYPE_F32, CR_TYPE_F64});
  Arg out = out_arg(info, 6, type);
  auto call = Geometric ? cr_geometric : cr_bernoulli;
  if (info[5].IsNumber()) {
    const double p = info[5].As<Napi::Number>().DoubleValue();
    return {keep(info, {6}), [=] { return call(k0, k1, first, p, nullptr, out.arr); }};
  }
  Arg ps = shapes_arg(info, 5, "p");
  if (ps.arr.n < out.arr.n) throw Napi::RangeError::New(info.Env(), "p has fewer values than out");
  return {keep(info, {5, 6}), [=] { return call(k0, k1, first, 0.0, &ps.arr, out.arr); }};
}

void Register(Napi::Env env, Napi::Object exports) {
  define(env, exports, "integers", parse_integers);
  define(env, exports, "bernoulli", parse_prob<false>);
  define(env, exports, "geometric", parse_prob<true>);
}

Registrar registrar(Register);

}  // namespace
