// Node-API binding of permutations and sampling without replacement (cuda/include/cr_api_select.h),
// named by lib/samplers/select.ts and typed in lib/core/addon.ts, each with an Async twin:
//
//   permutationI32 / permutationU32 / permutationF64(k0, k1, lo, hi, population, out[, n])
//   weightedSampleI32 / weightedSampleU32 / weightedSampleF64(k0, k1, lo, hi, weights, out[, n])
//
// A result is whole, not a stream: lo and hi (the offset of the common signature) must be 0. `out` is a
// Uint32Array/Float64Array (n = its length) or a device-array handle of that type followed by n;
// `weights` a Float32Array/Float64Array or a float device-array handle, checked by the caller.
#include "args.h"
#include "cr_api_select.h"

using namespace crb;

namespace {

void no_offset(const Napi::CallbackInfo& info) {
  if (u64(info, 2, "offset") != 0) throw Napi::RangeError::New(info.Env(), "a permutation takes no offset (lo, hi must be 0)");
}

template <int Type>
Parsed parse_permutation(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  no_offset(info);
  const double pop = f64(info, 4, "population");
  if (!(pop >= 0 && pop <= 4294967295.0 && pop == (double)(uint64_t)pop)) {
    throw Napi::RangeError::New(info.Env(), "population must be an integer in [0, 2^32 - 1]");
  }
  Arg out = out_arg(info, 5, Type);
  if ((double)out.arr.n > pop) throw Napi::RangeError::New(info.Env(), "out has more elements than the population");
  const uint64_t population = (uint64_t)pop;
  return {keep(info, {5}), [=] { return cr_permutation(k0, k1, population, out.arr); }};
}

template <int Type>
Parsed parse_weighted(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  no_offset(info);
  Arg w = shapes_arg(info, 4, "weights");
  if (w.arr.n == 0 || w.arr.n > 0xffffffffull) throw Napi::RangeError::New(info.Env(), "weights must have 1 … 2^32-1 items");
  Arg out = out_arg(info, 5, Type);
  if (out.arr.n > w.arr.n) throw Napi::RangeError::New(info.Env(), "out has more elements than there are weights");
  return {keep(info, {4, 5}), [=] { return cr_weighted_sample(k0, k1, w.arr, out.arr); }};
}

void Register(Napi::Env env, Napi::Object exports) {
  define(env, exports, "permutationI32", parse_permutation<CR_TYPE_I32>);
  define(env, exports, "permutationU32", parse_permutation<CR_TYPE_U32>);
  define(env, exports, "permutationF64", parse_permutation<CR_TYPE_F64>);
  define(env, exports, "weightedSampleI32", parse_weighted<CR_TYPE_I32>);
  define(env, exports, "weightedSampleU32", parse_weighted<CR_TYPE_U32>);
  define(env, exports, "weightedSampleF64", parse_weighted<CR_TYPE_F64>);
}

const Registrar registrar(Register);

}  // namespace
