// Node-API binding of cuRAND's other generators (cuda/include/cr_api_qrng.h), the functions that the
// registry's Sobol and MRG32k3a ops name (lib/samplers/sobol.ts, mrg32k3a.ts; typed in
// lib/core/addon.ts), each with an Async twin (common.h `define`). Registered through crb::Registrar.
//
//   sobolU32 / sobolF32 / sobolF64(k0, k1, lo, hi, points, dims, pointsLayout, bits, normal, scramble,
//                                  offsetLo, offsetHi, dirs: Uint32Array, out[, n])   lo/hi: flat element
//   mrg32k3aFill / mrg32k3aUniform32 / mrg32k3aUniform64(seedLo, seedHi, subsequenceLo, subsequenceHi,
//                                  offsetLo, offsetHi, out[, n])
//
// `out` is a typed array of the function's element type (host; n = its length) or a device-array
// handle of that type followed by n. `dirs` (read while the call runs, so kept alive by the Async
// twin) holds the dimensions' direction vectors as cr_sobol_spec describes.
#include "args.h"
#include "cr_api_qrng.h"

using namespace crb;

namespace {

template <int Type>
Parsed parse_sobol(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  cr_sobol_spec spec{};
  spec.points = u32(info, 4, "points");
  spec.dims = u32(info, 5, "dims");
  spec.points_layout = (int)u32(info, 6, "pointsLayout");
  spec.bits = (int)u32(info, 7, "bits");
  spec.normal = (int)u32(info, 8, "normal");
  spec.scramble = (int)u32(info, 9, "scramble");
  spec.offset = u64(info, 10, "sobolOffset");
  const auto [dirs, data] = typed_arg<uint32_t>(info, 12, napi_uint32_array, "dirs", "Uint32Array");
  const uint64_t per = spec.bits == 64 ? 128 : 32, consts = spec.scramble == CR_SOBOL_SCRAMBLE_GIVEN ? (spec.bits == 64 ? 2 : 1) : 0;
  const uint64_t want = (uint64_t)spec.dims * (per + consts);
  if (dirs.ElementLength() < want) {
    throw Napi::RangeError::New(info.Env(), consts ? "dirs is shorter than dims direction vectors and constants"
                                                   : "dirs is shorter than dims direction vectors");
  }
  spec.dirs = data;
  Arg out = out_arg(info, 13, Type);
  return {keep(info, {12, 13}), [=] { return cr_sobol(k0, k1, first, &spec, out.arr); }};
}

template <int Type>
Parsed parse_mrg32k3a(const Napi::CallbackInfo& info) {
  const uint64_t seed = u64(info, 0, "seed");
  const uint64_t subsequence = u64(info, 2, "subsequence");
  const uint64_t offset = u64(info, 4, "offset");
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {6}), [=] { return cr_mrg32k3a_fill(seed, subsequence, offset, out.arr); }};
}

void Register(Napi::Env env, Napi::Object exports) {
  define(env, exports, "sobolU32", parse_sobol<CR_TYPE_U32>);
  define(env, exports, "sobolF32", parse_sobol<CR_TYPE_F32>);
  define(env, exports, "sobolF64", parse_sobol<CR_TYPE_F64>);
  define(env, exports, "mrg32k3aFill", parse_mrg32k3a<CR_TYPE_U32>);
  define(env, exports, "mrg32k3aUniform32", parse_mrg32k3a<CR_TYPE_F32>);
  define(env, exports, "mrg32k3aUniform64", parse_mrg32k3a<CR_TYPE_F64>);
}

Registrar registrar(Register);

}  // namespace
