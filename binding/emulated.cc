// Only in the emulated-device addon (scripts/build-emulated-addon.mjs builds binding/ with -DCR_EMULATED;
// the real addon compiles this file to nothing): what the fake runtime saw the product code do wrong —
// a stream used after it was destroyed, memory freed while another stream still uses it, a launch on
// another device's stream (cuda/test/fake/fake_cudart.h) — so the GPU-only vitest cases fail on a
// misuse that a real GPU might forgive or only sometimes punish.
//   emulatedViolations() -> string[]   the violations so far, in order
#ifdef CR_EMULATED
#include "common.h"
#include "fake_cudart.h"

using namespace crb;

namespace {

Napi::Value EmulatedViolations(const Napi::CallbackInfo& info) {
  const std::vector<std::string> v = fake::violations();  // a copy: the list may grow meanwhile
  Napi::Array out = Napi::Array::New(info.Env(), v.size());
  for (size_t i = 0; i < v.size(); ++i) out.Set((uint32_t)i, Napi::String::New(info.Env(), v[i]));
  return out;
}

void Register(Napi::Env env, Napi::Object exports) {
  exports.Set("emulatedViolations", Napi::Function::New(env, EmulatedViolations, "emulatedViolations"));
}

Registrar registrar(Register);

}  // namespace
#endif
