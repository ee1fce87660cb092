// Sampler arguments as the binding reads them (lib/core/addon.ts): outputs that are a host typed array
// (n = its length) or a device-array handle followed by n, shapes that are a float typed array or a
// float device-array handle. Each becomes a cr_array (cuda/include/cr_api.h) plus the device memory
// the call must keep alive.
#ifndef CR_BINDING_ARGS_H
#define CR_BINDING_ARGS_H

#include <napi.h>

#include <initializer_list>
#include <memory>
#include <string>

#include "common.h"
#include "cr_api.h"
#include "device_array.h"

namespace crb {

/** An array argument resolved to a cr_array, with what must stay alive while a call runs. */
struct Arg {
  cr_array arr{};
  std::shared_ptr<DeviceMem> mem;  // device memory, when the argument is a handle
};

inline int typed_type(const Napi::TypedArray& a) {
  switch (a.TypedArrayType()) {
    case napi_uint32_array: return CR_TYPE_U32;
    case napi_float32_array: return CR_TYPE_F32;
    case napi_float64_array: return CR_TYPE_F64;
    case napi_int32_array: return CR_TYPE_I32;
    case napi_uint8_array: return CR_TYPE_U8;
    default: return -1;
  }
}

inline const char* typed_name(int type) {
  switch (type) {
    case CR_TYPE_F64: return "Float64Array";
    case CR_TYPE_F32: return "Float32Array";
    case CR_TYPE_I32: return "Int32Array";
    case CR_TYPE_U8: return "Uint8Array";
    default: return "Uint32Array";
  }
}

inline cr_array host_arr(const Napi::TypedArray& a, int type) {
  return cr_array{typed_data(a), a.ElementLength(), type, 0};
}

/** Output at argument i: a typed array of `type`, or a handle of `type` with n at i + 1. */
inline Arg out_arg(const Napi::CallbackInfo& info, size_t i, int type) {
  Napi::Env env = info.Env();
  Arg r;
  if (info[i].IsTypedArray()) {
    Napi::TypedArray a = info[i].As<Napi::TypedArray>();
    if (typed_type(a) != type) throw Napi::TypeError::New(env, "out must be " + with_article(typed_name(type)));
    r.arr = host_arr(a, type);
    return r;
  }
  if (!is_device_handle(env, info[i])) {
    throw Napi::TypeError::New(env, "out must be " + with_article(typed_name(type)) + " or a device array handle");
  }
  auto [mem, n] = device_out_arg(info, i, type);
  r.mem = mem;
  r.arr = cr_array{mem->ptr, n, type, 1};
  return r;
}

/** Float values at argument i (shapes, weights): a float typed array or a float device-array handle. */
inline Arg shapes_arg(const Napi::CallbackInfo& info, size_t i, const std::string& name = "alpha") {
  Napi::Env env = info.Env();
  const std::string n(name);
  Arg r;
  if (info[i].IsTypedArray()) {
    Napi::TypedArray a = info[i].As<Napi::TypedArray>();
    const int t = typed_type(a);
    if (t != CR_TYPE_F32 && t != CR_TYPE_F64) throw Napi::TypeError::New(env, name + " must be a Float32Array or Float64Array");
    r.arr = host_arr(a, t);
    return r;
  }
  if (!is_device_handle(env, info[i])) {
    throw Napi::TypeError::New(env, name + " must be a Float32Array, Float64Array or a device array handle");
  }
  r.mem = device_arg(info, i, name.c_str());
  if (r.mem->type != CR_TYPE_F32 && r.mem->type != CR_TYPE_F64) {
    throw Napi::TypeError::New(env, name + " must be a float32 or float64 device array");
  }
  r.arr = cr_array{r.mem->ptr, r.mem->length, r.mem->type, 1};
  return r;
}

/** The objects a Promise must keep alive: the arguments at the given indices. */
inline Napi::Object keep(const Napi::CallbackInfo& info, std::initializer_list<size_t> idx) {
  Napi::Array a = Napi::Array::New(info.Env());
  uint32_t k = 0;
  for (size_t i : idx)
    if (info[i].IsObject() || info[i].IsExternal()) a.Set(k++, info[i]);
  return a;
}

/** `proposals` at argument i: -1 (the addon's default) or an integer in [1, 1024]. */
inline int proposals_arg(const Napi::CallbackInfo& info, size_t i) {
  const double v = f64(info, i, "proposals");
  if (!(v == -1 || (v >= 1 && v <= 1024)) || v != (double)(int)v) {
    throw Napi::RangeError::New(info.Env(), "proposals must be -1 (the default) or an integer in [1, 1024]");
  }
  return (int)v;
}

}  // namespace crb

#endif  // CR_BINDING_ARGS_H
