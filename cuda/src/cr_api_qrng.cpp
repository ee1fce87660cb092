// Host side of the Sobol and MRG32k3a calls (cuda/include/cr_api_qrng.h): one body each, driven by
// cr_run.h for the blocking call and its _device twin. Kernels: qrng_kernels.cu.
#include "cr_api_qrng.h"

#include <cuda_runtime.h>

#include <vector>

#include "cr_launch_qrng.h"
#include "cr_mrg32k3a.h"
#include "cr_run.h"

using namespace cr_rt;

namespace {

// ---- Sobol --------------------------------------------------------------------------------------------

cr_status check_sobol(const cr_sobol_spec* p, int type, uint64_t first, uint64_t n) {
  if (!p) return invalid("spec is null");
  if (p->bits != 32 && p->bits != 64) return invalid("bits must be 32 or 64");
  if (p->scramble < CR_SOBOL_SCRAMBLE_NONE || p->scramble > CR_SOBOL_SCRAMBLE_GIVEN) return invalid("scramble must be 0, 1, 2 or 3");
  if (p->dims == 0) return invalid("dims must be at least 1");
  if (!p->dirs) return invalid("dirs is null");
  if (type != CR_TYPE_U32 && !is_float_type(type)) return invalid("out must hold uint32, float32 or float64 elements");
  if (type == CR_TYPE_U32 && (p->bits != 32 || p->normal)) return invalid("uint32 outputs are Sobol32 words (bits 32, no transform)");
  if (p->bits == 32 && (p->offset > 0xFFFFFFFFull || p->points > (1ull << 32) - p->offset)) {
    return invalid("offset + points must not exceed 2^32 (the end of Sobol32)");
  }
  if (p->bits == 64 && p->offset != 0 && p->points > ~0ull - p->offset + 1) {
    return invalid("offset + points must not exceed 2^64 (the end of Sobol64)");
  }
  const uint64_t total = p->points * p->dims;
  if (p->points != 0 && total / p->points != p->dims) return invalid("points * dims overflows");
  if (first > total || n > total - first) return invalid("elements past points * dims");
  return ok_status();
}

struct SobolBody : BodyBase {
  size_t elem;
  int type;
  uint32_t k0, k1;
  uint64_t first;
  cr_sobol_spec spec;
  cr_sobol_args a{};
  std::vector<uint64_t> wide;  // bits 64: the (hi, lo) pairs joined

  cr_status prepare(Scratch& sc, cudaStream_t s, const DeviceState& ds, uint64_t, bool) {
    const uint64_t per = spec.bits == 32 ? 32 : 64;
    const bool given = spec.scramble == CR_SOBOL_SCRAMBLE_GIVEN;
    // the vectors, then (given) the dims constants: the same word layout, one "vector word" each
    const uint64_t words = per * spec.dims + (given ? spec.dims : 0);
    const size_t wsize = spec.bits == 32 ? 4 : 8, bytes = (size_t)(per * spec.dims) * wsize;
    const void* host = spec.dirs;
    if (spec.bits == 64) {
      wide.resize(words);
      for (size_t k = 0; k < wide.size(); ++k) wide[k] = ((uint64_t)spec.dirs[2 * k] << 32) | spec.dirs[2 * k + 1];
      host = wide.data();
    }
    cr_status st = alloc_device(sc.buf[0], (size_t)words * wsize, s, ds.pools);
    if (st.code) return st;
    // Read before this returns (`wide` is pageable: staged at once; the caller's dirs may be pinned).
    CR_TRY(copy_from_caller(sc.buf[0].p, host, (size_t)words * wsize, s));
    a.dirs = sc.buf[0].p;
    a.c = given ? static_cast<char*>(sc.buf[0].p) + bytes : nullptr;
    if (spec.scramble == CR_SOBOL_SCRAMBLE_LMS || spec.scramble == CR_SOBOL_SCRAMBLE_SHIFT) {
      if ((st = alloc_device(sc.buf[1], bytes, s, ds.pools)).code) return st;
      if ((st = alloc_device(sc.buf[2], (size_t)spec.dims * (spec.bits == 32 ? 4 : 8), s, ds.pools)).code) return st;
      CR_TRY(cr_launch_sobol_randomise(sc.buf[0].p, sc.buf[1].p, sc.buf[2].p, spec.dims, spec.bits,
                                       spec.scramble == CR_SOBOL_SCRAMBLE_LMS, k0, k1, s));
      a.dirs = sc.buf[1].p;
      a.c = sc.buf[2].p;
    }
    a.points = spec.points;
    a.dims = spec.dims;
    a.points_layout = spec.points_layout != 0;
    a.bits = spec.bits;
    a.normal = spec.normal != 0;
    a.offset = spec.offset;
    return ok_status();
  }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    return cr_launch_sobol(d, type, m, first + start, a, sms, s);
  }
};

SobolBody sobol_body(uint32_t k0, uint32_t k1, uint64_t first, const cr_sobol_spec* spec, int type) {
  SobolBody b;
  b.elem = type_size(type);
  b.type = type;
  b.k0 = k0;
  b.k1 = k1;
  b.first = first;
  b.spec = *spec;
  return b;
}

// ---- MRG32k3a -----------------------------------------------------------------------------------------

const cr_mrg32k3a_jump* mrg_host_jumps() {
  // Process lifetime (a libuv thread may be inside a call while exit() runs static destructors).
  static const cr_mrg32k3a_jump* jumps = [] {
    auto* j = new cr_mrg32k3a_jump[CR_MRG32K3A_JUMPS];
    cr_mrg32k3a_make_jumps(j);
    return j;
  }();
  return jumps;
}

cr_status mrg_device_jumps(const cr_mrg32k3a_jump** out) {
  static DeviceTable* t = new DeviceTable(mrg_host_jumps(), sizeof(cr_mrg32k3a_jump) * CR_MRG32K3A_DEVICE_JUMPS);
  const void* p = nullptr;
  cr_status s = t->get(&p);
  *out = static_cast<const cr_mrg32k3a_jump*>(p);
  return s;
}

struct MrgBody : BodyBase {
  size_t elem;
  int type;
  cr_mrg32k3a_state base;  // after curand_init(seed, subsequence, offset)
  const cr_mrg32k3a_jump* jumps = nullptr;

  cr_status prepare(Scratch&, cudaStream_t, const DeviceState&, uint64_t, bool) { return mrg_device_jumps(&jumps); }

  cudaError_t enqueue(void* d, uint64_t start, uint64_t m, int sms, cudaStream_t s) const {
    cr_mrg32k3a_state b = base;
    cr_mrg32k3a_skipahead(mrg_host_jumps(), start, &b);
    return cr_launch_mrg32k3a(d, type, m, b, jumps, sms, s);
  }
};

MrgBody mrg_body(uint64_t seed, uint64_t subsequence, uint64_t offset, int type) {
  MrgBody b;
  b.elem = type_size(type);
  b.type = type;
  cr_mrg32k3a_init(mrg_host_jumps(), seed, subsequence, offset, &b.base);
  return b;
}

cr_status check_type(int type) {
  if (type != CR_TYPE_U32 && !is_float_type(type)) return invalid("out must hold uint32, float32 or float64 elements");
  return ok_status();
}

}  // namespace

cr_status cr_sobol(uint32_t k0, uint32_t k1, uint64_t first, const cr_sobol_spec* spec, cr_array out) {
  if (cr_status st = check_sobol(spec, out.type, first, out.n); st.code) return st;
  SobolBody b = sobol_body(k0, k1, first, spec, out.type);
  return run_blocking(b, out);
}

cr_status cr_sobol_device(uint32_t k0, uint32_t k1, uint64_t first, const cr_sobol_spec* spec, void* dev_out, int type,
                          uint64_t n, void* stream) {
  if (cr_status st = check_sobol(spec, type, first, n); st.code) return st;
  SobolBody b = sobol_body(k0, k1, first, spec, type);
  return run_on_stream(b, dev_out, n, stream);
}

cr_status cr_mrg32k3a_fill(uint64_t seed, uint64_t subsequence, uint64_t offset, cr_array out) {
  if (cr_status st = check_type(out.type); st.code) return st;
  MrgBody b = mrg_body(seed, subsequence, offset, out.type);
  return run_blocking(b, out);
}

cr_status cr_mrg32k3a_fill_device(uint64_t seed, uint64_t subsequence, uint64_t offset, void* dev_out, int type,
                                  uint64_t n, void* stream) {
  if (cr_status st = check_type(type); st.code) return st;
  MrgBody b = mrg_body(seed, subsequence, offset, type);
  return run_on_stream(b, dev_out, n, stream);
}
