// Diagnostics exports for the hardening checks (scripts/gpu-hardening.mjs; cuda/include/
// cr_api_diagnostics.h). Not part of the library's API: lib/ never calls them.
//   diagMemInfo(trim: boolean) -> { free, total }   device memory (bytes) after a device sync
//   diagHog(bytes) -> held                            device memory taken on purpose (stops at OOM)
//   diagRelease()                                     gives it back
#include "common.h"
#include "cr_api_diagnostics.h"

using namespace crb;

namespace {

Napi::Value DiagMemInfo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const bool trim = info.Length() > 0 && info[0].ToBoolean().Value();
  uint64_t f = 0, t = 0;
  OnDevice on(state(env).device);
  cr_status s = cr_diag_mem_info(trim ? 1 : 0, &f, &t);
  if (s.code) throw cuda_error(env, s);
  Napi::Object o = Napi::Object::New(env);
  o.Set("free", Napi::Number::New(env, (double)f));
  o.Set("total", Napi::Number::New(env, (double)t));
  return o;
}

Napi::Value DiagHog(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const double bytes = f64(info, 0, "bytes");
  if (!(bytes >= 0 && bytes <= 9007199254740991.0)) throw Napi::RangeError::New(env, "bytes must be a non-negative integer");
  uint64_t held = 0;
  OnDevice on(state(env).device);
  cr_status s = cr_diag_hog((uint64_t)bytes, &held);
  if (s.code) throw cuda_error(env, s);
  return Napi::Number::New(env, (double)held);
}

Napi::Value DiagRelease(const Napi::CallbackInfo& info) {
  OnDevice on(state(info.Env()).device);
  cr_status s = cr_diag_release();
  if (s.code) throw cuda_error(info.Env(), s);
  return info.Env().Undefined();
}

void Register(Napi::Env env, Napi::Object exports) {
  exports.Set("diagMemInfo", Napi::Function::New(env, DiagMemInfo, "diagMemInfo"));
  exports.Set("diagHog", Napi::Function::New(env, DiagHog, "diagHog"));
  exports.Set("diagRelease", Napi::Function::New(env, DiagRelease, "diagRelease"));
}

Registrar registrar(Register);

}  // namespace
