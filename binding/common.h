// Shared by the binding's .cc files (node-addon-api): argument readers, the Promise worker, `define`
// (one parser gives an op's sync and Async forms) and the registry through which each file adds its
// exports. Never includes a kernel or a CUDA header; the CUDA side is reached through cuda/include/cr_api*.h.
#ifndef CR_BINDING_COMMON_H
#define CR_BINDING_COMMON_H

#include <napi.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "cr_api.h"

namespace crb {

/**
 * Per-environment state (the main thread and each worker thread that loads the addon has its own):
 * the device its calls run on (useDevice). Parsers capture it when a call is made, so an async call
 * keeps the device it was made with.
 */
struct AddonState {
  int device = 0;
};

inline AddonState& state(Napi::Env env) { return *env.GetInstanceData<AddonState>(); }

/** Selects `device` for cr_* calls on this thread for the scope (cr_use_device), then restores. */
struct OnDevice {
  int prev;
  explicit OnDevice(int device) : prev(cr_use_device(device)) {}
  ~OnDevice() { cr_use_device(prev); }
  OnDevice(const OnDevice&) = delete;
  OnDevice& operator=(const OnDevice&) = delete;
};

/** The data pointer of any typed array, SharedArrayBuffer-backed ones included (Node-API refuses
 *  ArrayBuffer().Data() for a SharedArrayBuffer; the typed array's own info works for both). */
inline void* typed_data(const Napi::TypedArray& a) {
  void* data = nullptr;
  napi_status st = napi_get_typedarray_info(a.Env(), a, nullptr, nullptr, &data, nullptr, nullptr);
  if (st != napi_ok) throw Napi::Error::New(a.Env(), "cuda-random: cannot read the typed array's memory");
  return data;
}

inline Napi::Error cuda_error(Napi::Env env, const cr_status& s) {
  Napi::Error e = Napi::Error::New(env, std::string("cuda-random: ") + s.message);
  e.Set("code", Napi::String::New(env, s.name));
  return e;
}

inline uint32_t u32(const Napi::CallbackInfo& info, size_t i, const char* name) {
  if (!info[i].IsNumber()) throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a number");
  const double v = info[i].As<Napi::Number>().DoubleValue();
  if (!(v >= 0 && v <= 4294967295.0) || v != (double)(uint32_t)v) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must be an integer in [0, 2^32-1]");
  }
  return (uint32_t)v;
}

inline uint64_t u64(const Napi::CallbackInfo& info, size_t i, const char* name) {
  std::string lo = std::string(name) + " (low word)", hi = std::string(name) + " (high word)";
  return (uint64_t)u32(info, i, lo.c_str()) | ((uint64_t)u32(info, i + 1, hi.c_str()) << 32);
}

inline double f64(const Napi::CallbackInfo& info, size_t i, const char* name) {
  if (!info[i].IsNumber()) throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a number");
  return info[i].As<Napi::Number>().DoubleValue();
}

/** A safe integer (|v| ≤ 2^53 − 1) at argument i. */
inline int64_t safe_integer(const Napi::CallbackInfo& info, size_t i, const char* name) {
  const double v = f64(info, i, name);
  if (!(v >= -9007199254740991.0 && v <= 9007199254740991.0) || v != (double)(int64_t)v) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must be an integer in [-(2^53-1), 2^53-1]");
  }
  return (int64_t)v;
}

/** "a " or "an " before `name`, by how it is said: an Int32Array, an int32 array, a Uint32Array. */
inline std::string with_article(const std::string& name) {
  const char c = name.empty() ? 'x' : name[0];
  const bool vowel = c == 'I' || c == 'i' || c == 'A' || c == 'a' || c == 'E' || c == 'e' || c == 'O' || c == 'o';
  return (vowel ? "an " : "a ") + name;
}

/** A typed array of `type` at argument i (`what` names it in the TypeError), and its memory. */
template <class T>
std::pair<Napi::TypedArray, T*> typed_arg(const Napi::CallbackInfo& info, size_t i, napi_typedarray_type type,
                                          const char* name, const char* what) {
  if (!info[i].IsTypedArray() || info[i].As<Napi::TypedArray>().TypedArrayType() != type) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be " + with_article(what));
  }
  Napi::TypedArray a = info[i].As<Napi::TypedArray>();
  return {a, static_cast<T*>(typed_data(a))};
}

/** Runs a cr_* call on a libuv worker, on the device the call was made with; resolves with undefined
 *  or rejects with the CUDA error. */
class CudaWorker : public Napi::AsyncWorker {
 public:
  CudaWorker(Napi::Env env, Napi::Object keep, std::function<cr_status()> work)
      : Napi::AsyncWorker(env, "cuda-random"),
        deferred_(Napi::Promise::Deferred::New(env)),
        work_(std::move(work)),
        device_(state(env).device) {
    keep_ = Napi::Persistent(keep);  // the output's buffer stays alive until the Promise settles
  }
  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    OnDevice on(device_);  // libuv threads serve every call: set it each time
    status_ = work_();
  }
  void OnOK() override {
    Napi::HandleScope scope(Env());
    if (status_.code) {
      deferred_.Reject(cuda_error(Env(), status_).Value());
    } else {
      deferred_.Resolve(Env().Undefined());
    }
    keep_.Reset();
  }
  void OnError(const Napi::Error& e) override {
    Napi::HandleScope scope(Env());
    deferred_.Reject(e.Value());
    keep_.Reset();
  }

 private:
  Napi::Promise::Deferred deferred_;
  Napi::ObjectReference keep_;
  std::function<cr_status()> work_;
  int device_;
  cr_status status_{};
};

/** Defines `name` (sync) and `name + "Async"` from one argument parser returning (output, work). */
using Parsed = std::pair<Napi::Object, std::function<cr_status()>>;

inline void define(Napi::Env env, Napi::Object exports, const char* name, Parsed (*parse)(const Napi::CallbackInfo&)) {
  exports.Set(name, Napi::Function::New(
                        env,
                        [parse](const Napi::CallbackInfo& info) -> Napi::Value {
                          Parsed p = parse(info);
                          OnDevice on(state(info.Env()).device);
                          cr_status s = p.second();
                          if (s.code) throw cuda_error(info.Env(), s);
                          return info.Env().Undefined();
                        },
                        name));
  std::string async_name = std::string(name) + "Async";
  exports.Set(async_name, Napi::Function::New(
                              env,
                              [parse](const Napi::CallbackInfo& info) -> Napi::Value {
                                Parsed p = parse(info);
                                auto* w = new CudaWorker(info.Env(), p.first, std::move(p.second));
                                Napi::Promise promise = w->Promise();
                                w->Queue();  // deletes itself after OnOK/OnError
                                return promise;
                              },
                              async_name));
}

/** Functions that add exports; each binding file registers one with a static `Registrar`. */
using Registration = void (*)(Napi::Env, Napi::Object);

inline std::vector<Registration>& registrations() {
  static std::vector<Registration> r;
  return r;
}

struct Registrar {
  explicit Registrar(Registration f) { registrations().push_back(f); }
};

}  // namespace crb

#endif  // CR_BINDING_COMMON_H
