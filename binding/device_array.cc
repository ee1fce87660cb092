// Node-API side of device-resident arrays (binding/device_array.h): allocation reported to V8 as
// external memory, explicit and GC frees, copies in and out, and the host-transfer mode switch (the
// samplers take device outputs themselves: binding/args.h). Registered through crb::Registrar.
//
//   deviceAlloc(type, length) → handle          type: 0 uint32, 1 float32, 2 float64, 3 int32, 4 uint8; on the device of
//                                                 useDevice; calls refuse a handle of another device
//   deviceFree(handle)                            idempotent
//   deviceToHost(handle, out: TypedArray)         out.byteLength bytes from the start; + Async
//   deviceFromHost(handle, src: TypedArray)       + Async
//   setTransferMode('staging' | 'register'), transferMode()
#include "common.h"
#include "device_array.h"

using namespace crb;

namespace {

void adjust(Napi::Env env, int64_t change) {
  int64_t total = 0;
  napi_adjust_external_memory(env, change, &total);
}

Napi::Value DeviceAlloc(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint32_t type = u32(info, 0, "type");
  if (type > CR_TYPE_U8) {
    throw Napi::RangeError::New(env, "type must be 0 (uint32), 1 (float32), 2 (float64), 3 (int32) or 4 (uint8)");
  }
  const double len = f64(info, 1, "length");
  if (!(len >= 0 && len <= 4294967295.0) || len != (double)(uint64_t)len) {
    throw Napi::RangeError::New(env, "length must be an integer in [0, 2^32-1]");
  }
  auto mem = std::make_shared<DeviceMem>();
  mem->type = (int)type;
  mem->length = (uint64_t)len;
  mem->bytes = (size_t)mem->length * type_bytes(mem->type);
  mem->device = state(env).device;
  cr_status s;
  {
    OnDevice on(mem->device);
    mem->ptr = cr_device_alloc(mem->bytes, &s);
  }
  if (mem->bytes && !mem->ptr) throw cuda_error(env, s);
  const size_t bytes = mem->bytes;
  auto* slot = new DeviceSlot{std::move(mem)};
  auto ext = Napi::External<DeviceSlot>::New(env, slot, [bytes](Napi::Env e, DeviceSlot* sl) {
    if (sl->mem) adjust(e, -(int64_t)bytes);  // collected without free()
    delete sl;
  });
  napi_status st = napi_type_tag_object(env, ext, &kDeviceArrayTag);
  NAPI_THROW_IF_FAILED(env, st, Napi::Value());
  adjust(env, (int64_t)bytes);
  return ext;
}

Napi::Value DeviceFree(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (!is_device_handle(env, info[0])) throw Napi::TypeError::New(env, "handle must be a device array handle");
  DeviceSlot* slot = info[0].As<Napi::External<DeviceSlot>>().Data();
  if (slot->mem) {
    adjust(env, -(int64_t)slot->mem->bytes);
    slot->mem.reset();  // memory goes now, or when the last call using it ends
  }
  return env.Undefined();
}

Napi::TypedArray host_array(const Napi::CallbackInfo& info, size_t i, const char* name) {
  if (!info[i].IsTypedArray()) throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a typed array");
  return info[i].As<Napi::TypedArray>();
}

Napi::Object keep_both(Napi::Env env, Napi::Value a, Napi::Value b) {
  Napi::Array keep = Napi::Array::New(env, 2);
  keep.Set(0u, a);
  keep.Set(1u, b);
  return keep;
}

// deviceToHost(handle, out)
Parsed parse_to_host(const Napi::CallbackInfo& info) {
  auto mem = device_arg(info, 0, "handle");
  Napi::TypedArray out = host_array(info, 1, "out");
  const size_t bytes = out.ByteLength();
  if (bytes > mem->bytes) throw Napi::RangeError::New(info.Env(), "out is larger than the device array");
  void* dst = typed_data(out);
  return {keep_both(info.Env(), out, info[0]), [mem, dst, bytes] { return cr_copy_to_host(dst, mem->ptr, bytes); }};
}

// deviceFromHost(handle, src)
Parsed parse_from_host(const Napi::CallbackInfo& info) {
  auto mem = device_arg(info, 0, "handle");
  Napi::TypedArray src = host_array(info, 1, "src");
  const size_t bytes = src.ByteLength();
  if (bytes > mem->bytes) throw Napi::RangeError::New(info.Env(), "src is larger than the device array");
  const void* from = typed_data(src);
  return {keep_both(info.Env(), src, info[0]), [mem, from, bytes] { return cr_copy_to_device(mem->ptr, from, bytes); }};
}

Napi::Value SetTransferMode(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string mode = info[0].IsString() ? info[0].As<Napi::String>().Utf8Value() : "";
  if (mode != "staging" && mode != "register") {
    throw Napi::RangeError::New(env, "transfer mode must be 'staging' or 'register'");
  }
  cr_set_transfer_mode(mode == "register" ? CR_TRANSFER_REGISTER : CR_TRANSFER_STAGING);
  return env.Undefined();
}

Napi::Value TransferMode(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), cr_transfer_mode() == CR_TRANSFER_REGISTER ? "register" : "staging");
}

void Register(Napi::Env env, Napi::Object exports) {
  exports.Set("deviceAlloc", Napi::Function::New(env, DeviceAlloc, "deviceAlloc"));
  exports.Set("deviceFree", Napi::Function::New(env, DeviceFree, "deviceFree"));
  exports.Set("setTransferMode", Napi::Function::New(env, SetTransferMode, "setTransferMode"));
  exports.Set("transferMode", Napi::Function::New(env, TransferMode, "transferMode"));
  define(env, exports, "deviceToHost", parse_to_host);
  define(env, exports, "deviceFromHost", parse_from_host);
}

Registrar registrar(Register);

}  // namespace
