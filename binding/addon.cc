// Node-API binding of the CUDA backend (node-addon-api). Adapts JS arguments to the plain C++
// interface of cuda/include/cr_api.h; never includes a kernel or a CUDA header.
//
// Every op takes its output last — a typed array written in place (data pointer + byte offset;
// nothing is copied through JS arrays), or a device-array handle and n. `op(...)` blocks; `opAsync(...)` returns a Promise
// and runs on a libuv worker thread, holding a reference to the output until it settles. Errors are
// JS Errors whose message names the CUDA call and error (cudaGetErrorName + cudaGetErrorString) and
// whose `code` is the error name, e.g. 'cudaErrorMemoryAllocation'.
//
// This file holds the module's entry point and the raw-stream ops; other binding files add their ops
// through crb::Registrar (common.h), so a new op family needs no edit here.
#include "args.h"
#include "common.h"

using namespace crb;

namespace {

// bits(k0, k1, lo, hi, out[, n]): a Uint32Array, or a uint32 device-array handle and n
Parsed parse_bits(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  Arg out = out_arg(info, 4, CR_TYPE_U32);
  return {keep(info, {4}), [=] { return cr_bits(k0, k1, first, out.arr); }};
}

// uniform32 / uniform64(k0, k1, lo, hi, low, high, out[, n])
template <int Type>
Parsed parse_uniform(const Napi::CallbackInfo& info) {
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double low = f64(info, 4, "low"), high = f64(info, 5, "high");
  Arg out = out_arg(info, 6, Type);
  return {keep(info, {6}), [=] { return cr_uniform(k0, k1, first, low, high, out.arr); }};
}

// xorwowFill(seedLo, seedHi, subsequenceLo, subsequenceHi, offsetLo, offsetHi, out: Uint32Array)
Parsed parse_xorwow(const Napi::CallbackInfo& info) {
  const uint64_t seed = u64(info, 0, "seed");
  const uint64_t subsequence = u64(info, 2, "subsequence");
  const uint64_t offset = u64(info, 4, "offset");
  const auto [out, data] = typed_arg<uint32_t>(info, 6, napi_uint32_array, "out", "Uint32Array");
  uint32_t* const ptr = data;
  const uint64_t n = out.ElementLength();
  return {out, [=] { return cr_xorwow_fill(seed, subsequence, offset, ptr, n); }};
}

// xorwowFillState(v0, v1, v2, v3, v4, d, skipLo, skipHi, out: Uint32Array): continues a state snapshot.
Parsed parse_xorwow_state(const Napi::CallbackInfo& info) {
  uint32_t v[5];
  static const char* names[5] = {"v[0]", "v[1]", "v[2]", "v[3]", "v[4]"};
  for (int i = 0; i < 5; ++i) v[i] = u32(info, i, names[i]);
  const uint32_t d = u32(info, 5, "d");
  const uint64_t skip = u64(info, 6, "skip");
  const auto [out, data] = typed_arg<uint32_t>(info, 8, napi_uint32_array, "out", "Uint32Array");
  uint32_t* const ptr = data;
  const uint64_t n = out.ElementLength();
  return {out, [=] { return cr_xorwow_fill_state(v, d, skip, ptr, n); }};
}

/** Every visible device, from its properties alone (no context is created on devices not used). */
Napi::Array device_list(Napi::Env env, int count) {
  Napi::Array list = Napi::Array::New(env);
  for (int i = 0; i < count; ++i) {
    cr_device_brief_t b;
    if (cr_device_brief(i, &b).code) continue;
    Napi::Object o = Napi::Object::New(env);
    o.Set("index", Napi::Number::New(env, i));
    o.Set("name", Napi::String::New(env, b.name));
    o.Set("computeCapability", Napi::String::New(env, std::to_string(b.cc_major) + "." + std::to_string(b.cc_minor)));
    o.Set("multiprocessors", Napi::Number::New(env, b.multiprocessors));
    o.Set("totalMemory", Napi::Number::New(env, (double)b.total_memory));
    list.Set(list.Length(), o);
  }
  return list;
}

// deviceInfo(): what the runtime finds for this environment's device (useDevice), and `devices`,
// every visible GPU.
Napi::Value DeviceInfo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  cr_device_info_t d;
  OnDevice on(state(env).device);
  cr_status s = cr_device_info(&d);
  if (s.code) throw cuda_error(env, s);
  Napi::Object o = Napi::Object::New(env);
  o.Set("usable", Napi::Boolean::New(env, d.usable != 0));
  o.Set("runtimeVersion", Napi::Number::New(env, d.runtime_version));
  o.Set("driverVersion", Napi::Number::New(env, d.driver_version));
  o.Set("deviceCount", Napi::Number::New(env, d.device_count));
  o.Set("archs", Napi::String::New(env, d.archs));
  if (d.device >= 0 && d.name[0]) {
    o.Set("device", Napi::Number::New(env, d.device));
    o.Set("name", Napi::String::New(env, d.name));
    o.Set("computeCapability", Napi::String::New(env, std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)));
    o.Set("multiprocessors", Napi::Number::New(env, d.multiprocessors));
    o.Set("totalMemory", Napi::Number::New(env, (double)d.total_memory));
    if (d.usable) o.Set("freeMemory", Napi::Number::New(env, (double)d.free_memory));
  }
  if (!d.usable) {
    o.Set("error", Napi::String::New(env, d.error.message));
    o.Set("errorName", Napi::String::New(env, d.error.name));
  }
  o.Set("devices", device_list(env, d.device_count));
  return o;
}

// useDevice(index): the device of this environment's later calls (async calls keep the one they were
// made with). The index is checked against the visible devices by the calls themselves.
Napi::Value UseDevice(const Napi::CallbackInfo& info) {
  const uint32_t d = u32(info, 0, "device");
  if (d >= 64) throw Napi::RangeError::New(info.Env(), "device must be an integer in [0, 63]");
  state(info.Env()).device = (int)d;
  return info.Env().Undefined();
}

Napi::Value CurrentDevice(const Napi::CallbackInfo& info) { return Napi::Number::New(info.Env(), state(info.Env()).device); }

// pinnedArrayBuffer(bytes): an ArrayBuffer in page-locked memory (freed when collected). Outputs in
// it skip the staging copy. Throws where the runtime forbids external buffers.
Napi::Value PinnedArrayBuffer(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const double bytes = f64(info, 0, "bytes");
  if (!(bytes >= 0 && bytes <= 9007199254740991.0) || bytes != (double)(uint64_t)bytes) {
    throw Napi::RangeError::New(env, "bytes must be a non-negative integer");
  }
  cr_status s;
  void* p = cr_alloc_pinned((size_t)bytes, &s);
  if (!p) throw cuda_error(env, s);
  napi_value ab;
  napi_status st = napi_create_external_arraybuffer(
      env, p, (size_t)bytes, [](napi_env, void* data, void*) { cr_free_pinned(data); }, nullptr, &ab);
  if (st != napi_ok) {
    cr_free_pinned(p);
    NAPI_THROW_IF_FAILED(env, st, Napi::Value());
  }
  return Napi::Value(env, ab);
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonState());  // deleted with the environment
  exports.Set("deviceInfo", Napi::Function::New(env, DeviceInfo, "deviceInfo"));
  exports.Set("useDevice", Napi::Function::New(env, UseDevice, "useDevice"));
  exports.Set("currentDevice", Napi::Function::New(env, CurrentDevice, "currentDevice"));
  exports.Set("pinnedArrayBuffer", Napi::Function::New(env, PinnedArrayBuffer, "pinnedArrayBuffer"));
  define(env, exports, "bits", parse_bits);
  define(env, exports, "uniform32", parse_uniform<CR_TYPE_F32>);
  define(env, exports, "uniform64", parse_uniform<CR_TYPE_F64>);
  define(env, exports, "xorwowFill", parse_xorwow);
  define(env, exports, "xorwowFillState", parse_xorwow_state);
  exports.Set("napiVersion", Napi::Number::New(env, NAPI_VERSION));
  for (Registration r : registrations()) r(env, exports);  // the other binding files' ops
  return exports;
}

}  // namespace

NODE_API_MODULE(cuda_random, Init)
