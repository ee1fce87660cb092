// Device-resident arrays as the binding sees them: a JS External (type-tagged) holding a DeviceSlot,
// whose shared DeviceMem owns the cudaMalloc'd (pooled) memory. free() or the External's finalizer
// drops the slot's reference; calls in flight hold their own, so the memory goes when the last user
// is done (a free() during an async call cannot pull the memory from under its kernel). All policy
// (dtype names, lengths, which backend) lives in lib/facade/device-array.ts.
#ifndef CR_BINDING_DEVICE_ARRAY_H
#define CR_BINDING_DEVICE_ARRAY_H

#include <napi.h>

#include <memory>
#include <string>
#include <utility>

#include "common.h"
#include "cr_api_device.h"

namespace crb {

struct DeviceMem {
  void* ptr = nullptr;
  size_t bytes = 0;
  int type = CR_TYPE_U32;
  uint64_t length = 0;
  int device = 0;  // where ptr lives
  DeviceMem() = default;
  DeviceMem(const DeviceMem&) = delete;
  DeviceMem& operator=(const DeviceMem&) = delete;
  ~DeviceMem() {
    // The last reference may drop on any thread (a finalizer, a libuv worker): free on the owner.
    OnDevice on(device);
    cr_device_free(ptr);
  }
};

struct DeviceSlot {
  std::shared_ptr<DeviceMem> mem;  // empty once freed
};

inline constexpr napi_type_tag kDeviceArrayTag = {0x6372646576617272ull, 0x8d1f4b0a2e57c913ull};

inline size_t type_bytes(int type) { return cr_type_bytes(type); }

inline const char* type_name(int type) {
  switch (type) {
    case CR_TYPE_F64: return "float64";
    case CR_TYPE_F32: return "float32";
    case CR_TYPE_I32: return "int32";
    case CR_TYPE_U8: return "uint8";
    default: return "uint32";
  }
}

/** Whether v is a device-array handle made by deviceAlloc. */
inline bool is_device_handle(Napi::Env env, const Napi::Value& v) {
  if (!v.IsExternal()) return false;
  bool tagged = false;
  return napi_check_object_type_tag(env, v, &kDeviceArrayTag, &tagged) == napi_ok && tagged;
}

/** The memory behind argument i, which must be a live device-array handle. */
inline std::shared_ptr<DeviceMem> device_arg(const Napi::CallbackInfo& info, size_t i, const char* name) {
  Napi::Env env = info.Env();
  if (!is_device_handle(env, info[i])) {
    throw Napi::TypeError::New(env, std::string(name) + " must be a device array handle");
  }
  DeviceSlot* slot = info[i].As<Napi::External<DeviceSlot>>().Data();
  if (!slot->mem) throw Napi::Error::New(env, std::string(name) + ": the DeviceArray was freed");
  const int here = state(env).device;
  if (slot->mem->device != here) {
    throw Napi::TypeError::New(env, std::string(name) + " is a device array on GPU " + std::to_string(slot->mem->device) +
                                        " but this call runs on GPU " + std::to_string(here));
  }
  return slot->mem;
}

/** A device output: a live handle of element type `type` at argument i, and n (≤ its length) at i + 1. */
inline std::pair<std::shared_ptr<DeviceMem>, uint64_t> device_out_arg(const Napi::CallbackInfo& info, size_t i,
                                                                       int type) {
  auto mem = device_arg(info, i, "out");
  if (mem->type != type) {
    throw Napi::TypeError::New(info.Env(), "out must be " + with_article(type_name(type)) + " device array");
  }
  if (!info[i + 1].IsNumber()) throw Napi::TypeError::New(info.Env(), "n must be a number");
  const double n = info[i + 1].As<Napi::Number>().DoubleValue();
  if (!(n >= 0) || n != (double)(uint64_t)n || (uint64_t)n > mem->length) {
    throw Napi::RangeError::New(info.Env(), "n must be an integer no larger than the device array");
  }
  return {mem, (uint64_t)n};
}

}  // namespace crb

#endif  // CR_BINDING_DEVICE_ARRAY_H
