// Node-API binding of the CUDA alias tables (cuda/include/cr_api_alias.h). Registered through
// crb::Registrar; all policy (validation of weights, backend choice) stays in lib/alias and
// lib/backend/cuda/alias.ts, this file only checks types and lengths so nothing malformed reaches
// the GPU.
//
// A device-resident table is an External holding a cr_alias_table*, type-tagged, freed when it is
// garbage-collected (its device bytes are reported to V8 as external memory, so GC pressure accounts
// for them). Async calls keep the table and their arrays alive until they settle.
//
//   aliasBuild(weights, method, rows|null, hi|null, lo|null, keep) → table | undefined
//   aliasBuildAsync(…)                                             → Promise<table | undefined>
//   aliasUpload(rows, n)                                           → table
//   aliasSample(table, k0, k1, lo, hi, out[, n])  (+ Async)
//   aliasCounts(table, k0, k1, lo, hi, count, out: Float64Array)  (+ Async; adds into out)
//   aliasCategorical(weights, method, k0, k1, lo, hi, out[, n])  (+ Async)
//   aliasTuning({ split?, pack?, counts? }?) → { split, pack, counts }
//
// `weights` is a Float64Array/Float32Array or a float64/float32 device-array handle (binding/
// device_array.h): device weights are read in place and checked on the device by the facade's rule; a
// violation rejects with code 'ERANGE' naming the index (lib/backend/cuda/alias.ts makes it a
// RangeError). `out` of a sample is a Uint32Array, or a uint32 device-array handle followed by n.
#include <memory>

#include "common.h"
#include "cr_api_alias.h"
#include "device_array.h"

using namespace crb;

namespace {

const napi_type_tag kTableTag = {0x6372616c69617331ull, 0x7461626c65763031ull};  // "cralias1" "tablev01"

Napi::Value wrap_table(Napi::Env env, cr_alias_table* t) {
  const int64_t bytes = (int64_t)cr_alias_table_bytes(t);
  Napi::MemoryManagement::AdjustExternalMemory(env, bytes);
  Napi::External<cr_alias_table> ext =
      Napi::External<cr_alias_table>::New(env, t, [bytes](Napi::Env e, cr_alias_table* p) {
        cr_alias_table_free(p);
        Napi::MemoryManagement::AdjustExternalMemory(e, -bytes);
      });
  ext.TypeTag(&kTableTag);
  return ext;
}

cr_alias_table* table_arg(const Napi::CallbackInfo& info, size_t i) {
  if (!info[i].IsExternal() || !info[i].As<Napi::External<cr_alias_table>>().CheckTypeTag(&kTableTag)) {
    throw Napi::TypeError::New(info.Env(), "table must be a device alias table (from aliasBuild or aliasUpload)");
  }
  cr_alias_table* t = info[i].As<Napi::External<cr_alias_table>>().Data();
  const int here = state(info.Env()).device;
  if (cr_alias_table_device(t) != here) {
    throw Napi::TypeError::New(info.Env(), "table is on GPU " + std::to_string(cr_alias_table_device(t)) +
                                               " but this call runs on GPU " + std::to_string(here));
  }
  return t;
}

struct Weights {
  const void* data;
  int dtype;
  uint32_t n;
  std::shared_ptr<DeviceMem> mem;  // device weights: kept alive while a call runs
};

Weights weights_arg(const Napi::CallbackInfo& info, size_t i) {
  if (is_device_handle(info.Env(), info[i])) {
    auto mem = device_arg(info, i, "weights");
    if (mem->type != CR_TYPE_F32 && mem->type != CR_TYPE_F64) {
      throw Napi::TypeError::New(info.Env(), "weights must be a float32 or float64 device array");
    }
    if (mem->length == 0 || mem->length > 0xffffffffull) {
      throw Napi::RangeError::New(info.Env(), "weights must have 1 … 2^32-1 items");
    }
    return {mem->ptr, mem->type == CR_TYPE_F32 ? CR_WEIGHTS_F32 : CR_WEIGHTS_F64, (uint32_t)mem->length, mem};
  }
  if (info[i].IsTypedArray()) {
    Napi::TypedArray a = info[i].As<Napi::TypedArray>();
    const napi_typedarray_type t = a.TypedArrayType();
    if (t == napi_float64_array || t == napi_float32_array) {
      const size_t n = a.ElementLength();
      if (n == 0 || n > 0xffffffffull) throw Napi::RangeError::New(info.Env(), "weights must have 1 … 2^32-1 items");
      return {typed_data(a), t == napi_float32_array ? CR_WEIGHTS_F32 : CR_WEIGHTS_F64, (uint32_t)n, nullptr};
    }
  }
  throw Napi::TypeError::New(info.Env(), "weights must be a Float64Array, Float32Array or a device array handle");
}

/** cr_alias_build or, for device weights, cr_alias_build_from_device. */
cr_status build_table(const Weights& w, int method, uint32_t* rows, uint32_t* hi, uint32_t* lo, cr_alias_table** t) {
  return w.mem ? cr_alias_build_from_device(w.data, w.dtype, w.n, method, rows, hi, lo, t)
               : cr_alias_build(w.data, w.dtype, w.n, method, rows, hi, lo, t);
}

/** A sample destination: a Uint32Array at argument i, or a uint32 device-array handle and n at i + 1. */
struct SampleOut {
  uint32_t* data;
  uint64_t n;
  bool on_device;
  std::shared_ptr<DeviceMem> mem;
};

SampleOut sample_out(const Napi::CallbackInfo& info, size_t i) {
  if (is_device_handle(info.Env(), info[i])) {
    auto [mem, n] = device_out_arg(info, i, CR_TYPE_U32);
    return {static_cast<uint32_t*>(mem->ptr), n, true, mem};
  }
  auto out = typed_arg<uint32_t>(info, i, napi_uint32_array, "out", "Uint32Array or a uint32 device array handle");
  return {out.second, out.first.ElementLength(), false, nullptr};
}

int method_arg(const Napi::CallbackInfo& info, size_t i, int most) {
  const uint32_t m = u32(info, i, "method");
  if ((int)m > most) throw Napi::RangeError::New(info.Env(), "method must be 0 (psa), 1 (psa+)" + std::string(most > 1 ? " or 2 (cdf)" : ""));
  return (int)m;
}

/** An optional Uint32Array of exactly `len` elements (null/undefined: none). */
uint32_t* optional_u32(const Napi::CallbackInfo& info, size_t i, uint64_t len, const char* name) {
  if (info[i].IsNull() || info[i].IsUndefined()) return nullptr;
  if (!info[i].IsTypedArray() || info[i].As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a Uint32Array or null");
  }
  Napi::TypedArray a = info[i].As<Napi::TypedArray>();
  if (a.ElementLength() != len) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must have " + std::to_string(len) + " elements");
  }
  return static_cast<uint32_t*>(typed_data(a));
}

struct BuildArgs {
  Weights w;
  int method;
  uint32_t *rows, *hi, *lo;
  bool keep;
};

BuildArgs build_args(const Napi::CallbackInfo& info) {
  BuildArgs a;
  a.w = weights_arg(info, 0);
  a.method = method_arg(info, 1, CR_ALIAS_PSA_PLUS);
  a.rows = optional_u32(info, 2, 2ull * a.w.n, "rows");
  a.hi = optional_u32(info, 3, a.w.n, "hi");
  a.lo = optional_u32(info, 4, a.w.n, "lo");
  a.keep = info[5].ToBoolean().Value();
  return a;
}

Napi::Value AliasBuild(const Napi::CallbackInfo& info) {
  const BuildArgs a = build_args(info);
  cr_alias_table* t = nullptr;
  OnDevice on(state(info.Env()).device);
  const cr_status s = build_table(a.w, a.method, a.rows, a.hi, a.lo, a.keep ? &t : nullptr);
  if (s.code) throw cuda_error(info.Env(), s);
  return a.keep ? wrap_table(info.Env(), t) : info.Env().Undefined();
}

/** aliasBuildAsync: resolves with the table (or undefined), keeping the arrays alive meanwhile. */
class BuildWorker : public Napi::AsyncWorker {
 public:
  BuildWorker(Napi::Env env, const BuildArgs& a, Napi::Object keep)
      : Napi::AsyncWorker(env, "cuda-random"), deferred_(Napi::Promise::Deferred::New(env)), a_(a),
        device_(state(env).device) {
    keep_ = Napi::Persistent(keep);
  }
  ~BuildWorker() override { cr_alias_table_free(table_); }  // unless handed to JS
  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    OnDevice on(device_);
    status_ = build_table(a_.w, a_.method, a_.rows, a_.hi, a_.lo, a_.keep ? &table_ : nullptr);
  }
  void OnOK() override {
    Napi::HandleScope scope(Env());
    if (status_.code) {
      deferred_.Reject(cuda_error(Env(), status_).Value());
    } else if (a_.keep) {
      cr_alias_table* t = table_;
      table_ = nullptr;
      deferred_.Resolve(wrap_table(Env(), t));
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
  BuildArgs a_;
  int device_;
  cr_alias_table* table_ = nullptr;
  cr_status status_{};
};

Napi::Value AliasBuildAsync(const Napi::CallbackInfo& info) {
  const BuildArgs a = build_args(info);
  Napi::Array keep = Napi::Array::New(info.Env(), 4);
  for (uint32_t i = 0; i < 4; ++i) keep.Set(i, info[i == 0 ? 0 : i + 1]);  // weights, rows, hi, lo
  auto* w = new BuildWorker(info.Env(), a, keep);
  Napi::Promise p = w->Promise();
  w->Queue();
  return p;
}

Napi::Value AliasUpload(const Napi::CallbackInfo& info) {
  const uint32_t n = u32(info, 1, "n");
  if (n == 0) throw Napi::RangeError::New(info.Env(), "n must be at least 1");
  const uint32_t* rows = optional_u32(info, 0, 2ull * n, "rows");
  if (!rows) throw Napi::TypeError::New(info.Env(), "rows must be a Uint32Array");
  cr_alias_table* t = nullptr;
  OnDevice on(state(info.Env()).device);
  const cr_status s = cr_alias_table_upload(rows, n, &t);
  if (s.code) throw cuda_error(info.Env(), s);
  return wrap_table(info.Env(), t);
}

Napi::Array keep_all(Napi::Env env, std::initializer_list<Napi::Value> values) {
  Napi::Array a = Napi::Array::New(env, values.size());
  uint32_t i = 0;
  for (const Napi::Value& v : values) a.Set(i++, v);
  return a;
}

// aliasSample(table, k0, k1, lo, hi, out[, n])
Parsed parse_sample(const Napi::CallbackInfo& info) {
  cr_alias_table* t = table_arg(info, 0);
  const uint32_t k0 = u32(info, 1, "k0"), k1 = u32(info, 2, "k1");
  const uint64_t first = u64(info, 3, "offset");
  const SampleOut o = sample_out(info, 5);
  return {keep_all(info.Env(), {info[5], info[0]}), [=] {
            return o.on_device ? cr_alias_sample_into(t, k0, k1, first, o.data, o.n)
                               : cr_alias_sample(t, k0, k1, first, o.data, o.n);
          }};
}

// aliasCounts(table, k0, k1, lo, hi, count, out: Float64Array) — adds the counts into out[0 … size)
Parsed parse_counts(const Napi::CallbackInfo& info) {
  cr_alias_table* t = table_arg(info, 0);
  const uint32_t k0 = u32(info, 1, "k0"), k1 = u32(info, 2, "k1");
  const uint64_t first = u64(info, 3, "offset");
  const uint32_t count = u32(info, 5, "count");
  auto out = typed_arg<double>(info, 6, napi_float64_array, "out", "Float64Array");
  if (out.first.ElementLength() < cr_alias_table_size(t)) {
    throw Napi::RangeError::New(info.Env(), "out must have at least as many elements as the table has items");
  }
  double* data = out.second;
  return {keep_all(info.Env(), {out.first, info[0]}), [=] { return cr_alias_counts(t, k0, k1, first, count, data); }};
}

// aliasCategorical(weights, method, k0, k1, lo, hi, out[, n])
Parsed parse_categorical(const Napi::CallbackInfo& info) {
  const Weights w = weights_arg(info, 0);
  const int method = method_arg(info, 1, CR_CATEGORICAL_CDF);
  const uint32_t k0 = u32(info, 2, "k0"), k1 = u32(info, 3, "k1");
  const uint64_t first = u64(info, 4, "offset");
  const SampleOut o = sample_out(info, 6);
  return {keep_all(info.Env(), {info[6], info[0]}), [=] {
            return cr_categorical_ex(w.data, w.mem != nullptr, w.dtype, w.n, method, k0, k1, first, o.data,
                                     o.on_device, o.n);
          }};
}

Napi::Value AliasTuning(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  cr_alias_tuning t;
  cr_alias_get_tuning(&t);
  if (info.Length() > 0 && info[0].IsObject()) {
    Napi::Object o = info[0].As<Napi::Object>();
    auto field = [&](const char* name, int* v, int most) {
      if (!o.Has(name)) return;
      const Napi::Value x = o.Get(name);
      const double d = x.IsNumber() ? x.As<Napi::Number>().DoubleValue() : -1;
      if (!(d >= 0 && d <= most && d == (int)d)) {
        throw Napi::RangeError::New(env, std::string("tuning.") + name + " must be an integer in [0, " + std::to_string(most) + "]");
      }
      *v = (int)d;
    };
    field("split", &t.split, 1);
    field("pack", &t.pack, 1);
    field("counts", &t.counts, 2);
    cr_alias_set_tuning(&t);
  }
  Napi::Object r = Napi::Object::New(env);
  r.Set("split", Napi::Number::New(env, t.split));
  r.Set("pack", Napi::Number::New(env, t.pack));
  r.Set("counts", Napi::Number::New(env, t.counts));
  return r;
}

void Register(Napi::Env env, Napi::Object exports) {
  exports.Set("aliasBuild", Napi::Function::New(env, AliasBuild, "aliasBuild"));
  exports.Set("aliasBuildAsync", Napi::Function::New(env, AliasBuildAsync, "aliasBuildAsync"));
  exports.Set("aliasUpload", Napi::Function::New(env, AliasUpload, "aliasUpload"));
  exports.Set("aliasTuning", Napi::Function::New(env, AliasTuning, "aliasTuning"));
  define(env, exports, "aliasSample", parse_sample);
  define(env, exports, "aliasCounts", parse_counts);
  define(env, exports, "aliasCategorical", parse_categorical);
}

const Registrar registrar(Register);

}  // namespace
