// Node-API binding of the host SIMD kernels (cuda/include/cr_api_cpu.h): the CPU backend's native fast
// path, called by lib/native/cpu.ts on the main thread and in the worker pool's threads (each loads
// the addon; the per-environment state of common.h is not used). Synchronous only: the pool is the
// CPU backend's parallelism. Registered through crb::Registrar.
//
//   cpuSimd() -> string                                  "avx512", "avx2", or "" where the kernels decline
//   cpuIntegers(k0, k1, lo, hi, low, high, out) -> bool  out: a host Int32Array, Uint32Array or
//                                                        Float64Array, written in place; false: declined
//   cpuBernoulli(k0, k1, lo, hi, p, out) -> bool         out: a host Uint8Array, Int32Array, Uint32Array,
//                                                        Float32Array or Float64Array; p one number
#include "args.h"
#include "common.h"
#include "cr_api_cpu.h"

using namespace crb;

namespace {

Napi::Value CpuSimd(const Napi::CallbackInfo& info) { return Napi::String::New(info.Env(), cr_cpu_simd()); }

Napi::Value CpuIntegers(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const int64_t low = safe_integer(info, 4, "low"), high = safe_integer(info, 5, "high");
  if (!info[6].IsTypedArray()) throw Napi::TypeError::New(env, "out must be an Int32Array, Uint32Array or Float64Array");
  const Napi::TypedArray out = info[6].As<Napi::TypedArray>();
  const int type = typed_type(out);
  if (type != CR_TYPE_I32 && type != CR_TYPE_U32 && type != CR_TYPE_F64) {
    throw Napi::TypeError::New(env, "out must be an Int32Array, Uint32Array or Float64Array");
  }
  const int rc = cr_cpu_integers(k0, k1, first, low, high, typed_data(out), type, out.ElementLength());
  if (rc == CR_EINVAL) throw Napi::RangeError::New(env, "[low, high) must be non-empty and fit out's element type");
  return Napi::Boolean::New(env, rc == CR_CPU_DONE);
}

Napi::Value CpuBernoulli(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint32_t k0 = u32(info, 0, "k0"), k1 = u32(info, 1, "k1");
  const uint64_t first = u64(info, 2, "offset");
  const double p = f64(info, 4, "p");
  const char* types = "out must be a Uint8Array, Int32Array, Uint32Array, Float32Array or Float64Array";
  if (!info[5].IsTypedArray()) throw Napi::TypeError::New(env, types);
  const Napi::TypedArray out = info[5].As<Napi::TypedArray>();
  const int type = typed_type(out);
  if (type < 0) throw Napi::TypeError::New(env, types);
  const int rc = cr_cpu_bernoulli(k0, k1, first, p, typed_data(out), type, out.ElementLength());
  if (rc == CR_EINVAL) throw Napi::RangeError::New(env, "p must be in [0, 1]");
  return Napi::Boolean::New(env, rc == CR_CPU_DONE);
}

void Register(Napi::Env env, Napi::Object exports) {
  exports.Set("cpuSimd", Napi::Function::New(env, CpuSimd, "cpuSimd"));
  exports.Set("cpuIntegers", Napi::Function::New(env, CpuIntegers, "cpuIntegers"));
  exports.Set("cpuBernoulli", Napi::Function::New(env, CpuBernoulli, "cpuBernoulli"));
}

Registrar registrar(Register);

}  // namespace
