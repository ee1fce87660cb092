// Node-API binding of the distribution samplers (cuda/include/cr_api_dist.h), one function per op of
// lib/backend/cpu/kernels.ts, each with an Async twin (common.h `define`). Registered through crb::Registrar.
//
//   normalBM32 / normalBM64 / normalPolar32 / normalPolar64(k0, k1, lo, hi, mean, std, out[, n])
//   exponential32 / exponential64(k0, k1, lo, hi, rate, out[, n])
//   gamma32 / gamma64(k0, k1, lo, hi, alpha, scale, lanes, out[, n])
//   beta32 / beta64(k0, k1, lo, hi, a, b, lanes, out[, n])
//   dirichlet32 / dirichlet64(k0, k1, lo, hi, alpha, lanes, out[, n])      lo/hi: flat index row·K
//
// `out` is a Float32Array/Float64Array (host; n = its length) or a device-array handle of that element
// type followed by n. `alpha` is a number (gamma only), a Float32Array/Float64Array (read in place) or a
// float32/float64 device-array handle. `lanes`: -1 default, 0 one thread per element, M in
// {1, 2, 4, 8, 16, 32} the M-proposal reduction. A shape the device finds invalid rejects with an
// Error whose code is 'ERANGE' (lib/backend/cuda/distributions.ts makes it a RangeError).
#include <memory>
#include <vector>

#include "common.h"
#include "cr_api_dist.h"
#include "device_array.h"

using namespace crb;

namespace {

/** An array argument resolved to a cr_array, with what must stay alive while a call runs. */
struct Arg {
  cr_array arr{};
  std::shared_ptr<DeviceMem> mem;  // device memory, when the argument is a handle
};

int typed_type(const Napi::TypedArray& a) {
  switch (a.TypedArrayType()) {
    case napi_float32_array: return CR_TYPE_F32;
    case napi_float64_array: return CR_TYPE_F64;
    default: return -1;
  }
}

cr_array host_arr(const Napi::TypedArray& a, int type) {
  cr_array r;
  r.data = typed_data(a);
  r.n = a.ElementLength();
  r.type = type;
  r.on_device = 0;
  return r;
}

/** Output at argument i: a typed array of `type` or a handle of `type` with n at i + 1. */
Arg out_arg(const Napi::CallbackInfo& info, size_t i, int type) {
  Napi::Env env = info.Env();
  const char* want = type == CR_TYPE_F32 ? "Float32Array" : "Float64Array";
  Arg r;
  if (info[i].IsTypedArray()) {
    Napi::TypedArray a = info[i].As<Napi::TypedArray>();
    if (typed_type(a) != type) throw Napi::TypeError::New(env, std::string("out must be a ") + want);
    r.arr = host_arr(a, type);
    return r;
  }
  if (!is_device_handle(env, info[i])) {
    throw Napi::TypeError::New(env, std::string("out must be a ") + want + " or a device array handle");
  }
  r.mem = device_arg(info, i, "out");
  if (r.mem->type != type) {
    throw Napi::TypeError::New(env, std::string("out must be a ") + type_name(type) + " device array");
  }
  const double n = f64(info, i + 1, "n");
  if (!(n >= 0) || n != (double)(uint64_t)n || (uint64_t)n > r.mem->length) {
    throw Napi::RangeError::New(env, "n must be an integer no larger than the device array");
  }
  r.arr.data = r.mem->ptr;
  r.arr.n = (uint64_t)n;
  r.arr.type = type;
  r.arr.on_device = 1;
  return r;
}

/** Shapes at argument i: a float typed array or a float device-array handle. */
Arg shapes_arg(const Napi::CallbackInfo& info, size_t i) {
  Napi::Env env = info.Env();
  Arg r;
  if (info[i].IsTypedArray()) {
    Napi::TypedArray a = info[i].As<Napi::TypedArray>();
    const int t = typed_type(a);
    if (t < 0) throw Napi::TypeError::New(env, "alpha must be a Float32Array or Float64Array");
    r.arr = host_arr(a, t);
    return r;
  }
  if (!is_device_handle(env, info[i])) {
    throw Napi::TypeError::New(env, "alpha must be a Float32Array, Float64Array or a device array handle");
  }
  r.mem = device_arg(info, i, "alpha");
  if (r.mem->type != CR_TYPE_F32 && r.mem->type != CR_TYPE_F64) {
    throw Napi::TypeError::New(env, "alpha must be a float32 or float64 device array");
  }
  r.arr.data = r.mem->ptr;
  r.arr.n = r.mem->length;
  r.arr.type = r.mem->type;
  r.arr.on_device = 1;
  return r;
}

int lanes_arg(const Napi::CallbackInfo& info, size_t i) {
  const double v = f64(info, i, "lanes");
  if (!(v >= -1 && v <= 32) || v != (double)(int)v || (v > 0 && ((int)v & ((int)v - 1)) != 0)) {
    throw Napi::RangeError::New(info.Env(), "lanes must be -1, 0, 1, 2, 4, 8, 16 or 32");
  }
  return (int)v;
}

/** The objects a Promise must keep alive: the arguments at the given indices. */
Napi::Object keep(const Napi::CallbackInfo& info, std::initializer_list<size_t> idx) {
  Napi::Array a = Napi::Array::New(info.Env());
  uint32_t k = 0;
  for (size_t i : idx)
    if (info[i].IsObject() || info[i].IsExternal()) a.Set(k++, info[i]);
  return a;
}

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

// gamma*(k0, k1, lo, hi, alpha, scale, lanes, out[, n])
template <int Type>
Parsed parse_gamma(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double scale = f64(info, 5, "scale");
  const int lanes = lanes_arg(info, 6);
  Arg out = out_arg(info, 7, Type);
  if (info[4].IsNumber()) {
    const double alpha = info[4].As<Napi::Number>().DoubleValue();
    return {keep(info, {7}), [=] { return cr_gamma(k0, k1, first, alpha, nullptr, scale, lanes, out.arr); }};
  }
  Arg alphas = shapes_arg(info, 4);
  if (alphas.arr.n < out.arr.n) throw Napi::RangeError::New(info.Env(), "alpha has fewer values than out");
  return {keep(info, {4, 7}), [=] { return cr_gamma(k0, k1, first, 0.0, &alphas.arr, scale, lanes, out.arr); }};
}

// beta*(k0, k1, lo, hi, a, b, lanes, out[, n])
template <int Type>
Parsed parse_beta(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double a = f64(info, 4, "a"), b = f64(info, 5, "b");
  const int lanes = lanes_arg(info, 6);
  Arg out = out_arg(info, 7, Type);
  return {keep(info, {7}), [=] { return cr_beta(k0, k1, first, a, b, lanes, out.arr); }};
}

// dirichlet*(k0, k1, lo, hi, alpha, lanes, out[, n])
template <int Type>
Parsed parse_dirichlet(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  Arg alpha = shapes_arg(info, 4);
  if (alpha.arr.n < 1 || alpha.arr.n > (1u << 20)) {
    throw Napi::RangeError::New(info.Env(), "alpha must have 1 to 2^20 shapes");
  }
  const int lanes = lanes_arg(info, 5);
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {4, 6}), [=] { return cr_dirichlet(k0, k1, first, alpha.arr, lanes, out.arr); }};
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
  define(env, exports, "dirichlet32", parse_dirichlet<CR_TYPE_F32>);
  define(env, exports, "dirichlet64", parse_dirichlet<CR_TYPE_F64>);
  exports.Set("gammaDefaultLanes", Napi::Number::New(env, CR_GAMMA_DEFAULT_LANES));
}

Registrar registrar(Register);

}  // namespace
