// The host SIMD kernels' entries (cr_api_cpu.h): argument checks and the choice of instruction set,
// once per process: the best the CPU and OS support (cpu_kernels_avx512.cpp, then cpu_kernels_avx2.cpp)
// whose known-answer self-test passes. The self-test guards the bits against the build: the kernels'
// float maps are a multiply then an add, and a compiler allowed to contract them (GCC's default
// -ffp-contract=fast; CMakeLists.txt passes off) would fuse them into one FMA, rounding once where
// JavaScript rounds twice. Not x86-64 with GCC or Clang: every call declines and WebAssembly runs.
#include <math.h>

#include <initializer_list>
#include <vector>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_elements.h"
#include "cr_gamma.h"
#include "cr_select.h"
#include "cr_transforms.h"
#include "cr_uniform.h"

namespace {

bool valid(int64_t low, int64_t high, int type) {
  const int64_t safe = 9007199254740991ll;
  if (!(low < high)) return false;
  switch (type) {
    case CR_TYPE_I32: return low >= -2147483648ll && high <= 2147483648ll;
    case CR_TYPE_U32: return low >= 0 && high <= 4294967296ll;
    case CR_TYPE_F64: return low >= -safe && high <= safe && high - low <= safe + 1;
    default: return false;
  }
}

}  // namespace

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

int cr_cpu_isa_cpu(void) {
  // __builtin_cpu_supports also checks that the OS saves the YMM / ZMM state
  static const int isa = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") ? CR_ISA_AVX512
                         : __builtin_cpu_supports("avx2")                                        ? CR_ISA_AVX2
                                                                                                 : CR_ISA_NONE;
  return isa;
}

namespace {

/** Whether instruction set `isa` gives the scalar references' values (cr_uniform.h, cr_discrete.h) on
 *  a few fixed calls: uniform over a range whose affine map an FMA would round differently, and one
 *  integers and one bernoulli call across a group. */
bool self_test(int isa) {
  const uint32_t k0 = 0x9e3779b9u, k1 = 0x7f4a7c15u;
  const uint64_t first = 4294967291ull;  // across a carry of the block counter
  const double low = 0.1, high = 0.7, span = high - low;
  uint32_t w[2 * 70];
  cr_raw_stream_host(k0, k1, 2 * first, w, 2 * 70);
  double d[70];
  float f[70];
  if (cr_cpu_uniform_isa(isa, k0, k1, first, low, high, d, CR_TYPE_F64, 70) != CR_CPU_DONE) return false;
  for (int i = 0; i < 70; ++i)
    if (d[i] != cr_uniform_f64(w[2 * i], w[2 * i + 1], false, low, span)) return false;
  cr_raw_stream_host(k0, k1, first, w, 70);
  if (cr_cpu_uniform_isa(isa, k0, k1, first, low, high, f, CR_TYPE_F32, 70) != CR_CPU_DONE) return false;
  for (int i = 0; i < 70; ++i)
    if (f[i] != cr_uniform_f32(w[i], false, low, span)) return false;
  const cr_int_plan p = cr_integers_plan(-7, 2147483649ll);
  cr_integers_work<double> ref{d, 70, k0, k1, first, p};
  for (uint64_t q = 0; q < ref.items(); ++q) ref(q);
  double e[70];
  if (cr_cpu_integers_isa(isa, k0, k1, first, -7, 2147483649ll, e, CR_TYPE_F64, 70) != CR_CPU_DONE) return false;
  for (int i = 0; i < 70; ++i)
    if (e[i] != d[i]) return false;
  uint8_t b[70];
  if (cr_cpu_bernoulli_isa(isa, k0, k1, first, 0.3, b, CR_TYPE_U8, 70) != CR_CPU_DONE) return false;
  cr_raw_stream_host(k0, k1, 2 * first, w, 2 * 70);
  for (int i = 0; i < 70; ++i)
    if (b[i] != (cr_u01_f64(w[2 * i], w[2 * i + 1]) < 0.3 ? 1 : 0)) return false;
  // the vector log and exp (exponential, weibull) in both layouts
  if (cr_cpu_exponential_isa(isa, k0, k1, first, 0.3, d, CR_TYPE_F64, 70) != CR_CPU_DONE) return false;
  if (cr_cpu_exponential_isa(isa, k0, k1, first, 0.3, f, CR_TYPE_F32, 70) != CR_CPU_DONE) return false;
  for (int i = 0; i < 70; ++i)
    if (d[i] != cr_exponential_element(k0, k1, first + i, 0.3, true) ||
        f[i] != (float)cr_exponential_element(k0, k1, first + i, 0.3, false))
      return false;
  const double weibull[2] = {1.5, 2.0};
  if (cr_cpu_transform_isa(isa, k0, k1, first, 1, weibull, 2, d, CR_TYPE_F64, 70) != CR_CPU_DONE) return false;
  for (int i = 0; i < 70; ++i)
    if (d[i] != cr_transform(1, cr_open_uniform_element(k0, k1, first + i, true), weibull)) return false;
  // the vector sincos (gamma's normal), both layouts, one shape of each branch
  for (double alpha : {2.5, 0.3}) {
    if (cr_cpu_gamma_isa(isa, k0, k1, first, &alpha, 1, 0, 1.5, 1, d, CR_TYPE_F64, 70) != CR_CPU_DONE) return false;
    if (cr_cpu_gamma_isa(isa, k0, k1, first, &alpha, 1, 0, 1.5, 0, f, CR_TYPE_F32, 70) != CR_CPU_DONE) return false;
    for (int i = 0; i < 70; ++i)
      if (d[i] != cr_gamma_f64(k0, k1, first + i, alpha, 1.5, 1) || f[i] != cr_gamma_f32(k0, k1, first + i, alpha, 1.5, 1))
        return false;
  }
  // Wald: both of its planes, the vector sqrt and sincos, in both output types
  const double wp[2] = {1.5, 0.25};
  if (cr_cpu_element_isa(isa, k0, k1, first, CR_ELEMENT_wald, wp, 2, d, CR_TYPE_F64, 70) != CR_CPU_DONE) return false;
  if (cr_cpu_element_isa(isa, k0, k1, first, CR_ELEMENT_wald, wp, 2, f, CR_TYPE_F32, 70) != CR_CPU_DONE) return false;
  for (int i = 0; i < 70; ++i) {
    const double want = cr_wald_element(k0, k1, first + i, wp);
    if (d[i] != want || f[i] != (float)want) return false;
  }
  // the permutation's high words (cpu_permute.cpp sorts by them), past a group of either set
  uint32_t h[128];
  if (isa == CR_ISA_AVX512) cr_cpu_perm_highs_avx512(k0, k1, 2 * first, h, 70);
  else cr_cpu_perm_highs_avx2(k0, k1, 2 * first, h, 70);
  for (int i = 0; i < 70; ++i)
    if (h[i] != (uint32_t)(cr_permute_key(k0, k1, 2 * first + i) >> 32)) return false;
  return true;
}

}  // namespace

int cr_cpu_isa(void) {
  static const int isa = [] {
    for (int i = cr_cpu_isa_cpu(); i > CR_ISA_NONE; --i)
      if (self_test(i)) return i;
    return (int)CR_ISA_NONE;
  }();
  return isa;
}

#else

int cr_cpu_isa_cpu(void) { return CR_ISA_NONE; }
int cr_cpu_isa(void) { return CR_ISA_NONE; }
void cr_cpu_integers_avx2(const cr_cpu_int_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_integers_avx512(const cr_cpu_int_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_bernoulli_avx2(const cr_cpu_bern_ctx&, uint64_t, const void*, int, void*, int, uint64_t) {}
void cr_cpu_bernoulli_avx512(const cr_cpu_bern_ctx&, uint64_t, const void*, int, void*, int, uint64_t) {}
void cr_cpu_map_avx2(const cr_cpu_map_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_map_avx512(const cr_cpu_map_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_open_avx2(const cr_cpu_open_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_open_avx512(const cr_cpu_open_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_gamma_avx2(const cr_cpu_gamma_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_gamma_avx512(const cr_cpu_gamma_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_wald_avx2(uint32_t, uint32_t, uint64_t, double, double, void*, int, uint64_t) {}
void cr_cpu_wald_avx512(uint32_t, uint32_t, uint64_t, double, double, void*, int, uint64_t) {}
void cr_cpu_perm_highs_avx2(uint32_t, uint32_t, uint64_t, uint32_t*, uint64_t) {}
void cr_cpu_perm_highs_avx512(uint32_t, uint32_t, uint64_t, uint32_t*, uint64_t) {}

#endif

static const char* const ISA_NAMES[] = {"", "avx2", "avx512"};

namespace {

/** Runs `avx512` or `avx2` (callables) for instruction set `isa`: CR_CPU_DECLINED where the CPU lacks it. */
template <class A, class B>
int on_isa(int isa, A avx512, B avx2) {
  if (isa == CR_ISA_NONE || isa > cr_cpu_isa_cpu()) return CR_CPU_DECLINED;
  if (isa == CR_ISA_AVX512) avx512();
  else avx2();
  return CR_CPU_DONE;
}

/** An output type bernoulli writes. */
bool bernoulli_type(int type) {
  return type == CR_TYPE_U8 || type == CR_TYPE_I32 || type == CR_TYPE_U32 || type == CR_TYPE_F32 || type == CR_TYPE_F64;
}

}  // namespace

const char* cr_cpu_simd(void) { return ISA_NAMES[cr_cpu_isa()]; }

const char* cr_cpu_simd_cpu(void) { return ISA_NAMES[cr_cpu_isa_cpu()]; }

int cr_cpu_integers_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out,
                        int type, uint64_t n) {
  if (!valid(low, high, type)) return CR_EINVAL;
  const cr_cpu_int_ctx c{cr_integers_plan(low, high), k0, k1};
  return on_isa(isa, [&] { cr_cpu_integers_avx512(c, first, out, type, n); },
                [&] { cr_cpu_integers_avx2(c, first, out, type, n); });
}

int cr_cpu_integers(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out, int type,
                    uint64_t n) {
  return cr_cpu_integers_isa(cr_cpu_isa(), k0, k1, first, low, high, out, type, n);
}

int cr_cpu_bernoulli_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n) {
  if (!(p >= 0.0 && p <= 1.0) || !bernoulli_type(type)) return CR_EINVAL;
  const cr_cpu_bern_ctx c{(uint64_t)ceil(p * 9007199254740992.0), k0, k1};  // p·2^53: exact
  return on_isa(isa, [&] { cr_cpu_bernoulli_avx512(c, first, nullptr, 0, out, type, n); },
                [&] { cr_cpu_bernoulli_avx2(c, first, nullptr, 0, out, type, n); });
}

int cr_cpu_bernoulli(uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n) {
  return cr_cpu_bernoulli_isa(cr_cpu_isa(), k0, k1, first, p, out, type, n);
}

int cr_cpu_bernoulli_each_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, const void* ps, int ps_type, void* out,
                              int type, uint64_t n) {
  if ((ps_type != CR_TYPE_F32 && ps_type != CR_TYPE_F64) || !bernoulli_type(type)) return CR_EINVAL;
  const cr_cpu_bern_ctx c{0, k0, k1};
  return on_isa(isa, [&] { cr_cpu_bernoulli_avx512(c, first, ps, ps_type, out, type, n); },
                [&] { cr_cpu_bernoulli_avx2(c, first, ps, ps_type, out, type, n); });
}

int cr_cpu_bernoulli_each(uint32_t k0, uint32_t k1, uint64_t first, const void* ps, int ps_type, void* out, int type,
                          uint64_t n) {
  return cr_cpu_bernoulli_each_isa(cr_cpu_isa(), k0, k1, first, ps, ps_type, out, type, n);
}

namespace {

int map_isa(int isa, const cr_cpu_map_ctx& c, uint64_t first, void* out, int map, uint64_t n) {
  return on_isa(isa, [&] { cr_cpu_map_avx512(c, first, out, map, n); }, [&] { cr_cpu_map_avx2(c, first, out, map, n); });
}

}  // namespace

int cr_cpu_bits_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, uint64_t n) {
  return map_isa(isa, cr_cpu_map_ctx{0.0, 1.0, true, k0, k1}, first, out, CR_MAP_BITS, n);
}

int cr_cpu_uniform_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* out, int type,
                       uint64_t n) {
  const double span = high - low;
  if (!(low < high) || !isfinite(low) || !isfinite(high) || !isfinite(span)) return CR_EINVAL;
  if (type != CR_TYPE_F32 && type != CR_TYPE_F64) return CR_EINVAL;
  const cr_cpu_map_ctx c{low, span, low == 0.0 && high == 1.0, k0, k1};
  return map_isa(isa, c, first, out, type == CR_TYPE_F32 ? CR_MAP_F32 : CR_MAP_F64, n);
}

int cr_cpu_bits(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, uint64_t n) {
  return cr_cpu_bits_isa(cr_cpu_isa(), k0, k1, first, out, n);
}

int cr_cpu_uniform(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* out, int type, uint64_t n) {
  return cr_cpu_uniform_isa(cr_cpu_isa(), k0, k1, first, low, high, out, type, n);
}

namespace {

int open_isa(int isa, const cr_cpu_open_ctx& c, uint64_t first, void* out, int type, uint64_t n) {
  if (type != CR_TYPE_F32 && type != CR_TYPE_F64 && c.id != CR_CPU_GEOMETRIC) return CR_EINVAL;
  return on_isa(isa, [&] { cr_cpu_open_avx512(c, first, out, type, n); }, [&] { cr_cpu_open_avx2(c, first, out, type, n); });
}

}  // namespace

int cr_cpu_exponential_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double rate, void* out, int type,
                           uint64_t n) {
  if (!(rate > 0.0) || !isfinite(rate)) return CR_EINVAL;
  return open_isa(isa, cr_cpu_open_ctx{k0, k1, CR_CPU_EXPONENTIAL, {rate}}, first, out, type, n);
}

int cr_cpu_exponential(uint32_t k0, uint32_t k1, uint64_t first, double rate, void* out, int type, uint64_t n) {
  return cr_cpu_exponential_isa(cr_cpu_isa(), k0, k1, first, rate, out, type, n);
}

int cr_cpu_transform_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out, int type,
                         uint64_t n) {
  if (cr_transform_base(id) < 0 || np != cr_transform_params(id)) return CR_EINVAL;
  cr_cpu_open_ctx c{k0, k1, id, {}};
  for (int i = 0; i < cr_transform_params(id); ++i) c.p[i] = p[i];
  return open_isa(isa, c, first, out, type, n);
}

int cr_cpu_transform(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out, int type,
                     uint64_t n) {
  return cr_cpu_transform_isa(cr_cpu_isa(), k0, k1, first, id, p, np, out, type, n);
}

int cr_cpu_element_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out,
                       int type, uint64_t n) {
  if (type != CR_TYPE_F32 && type != CR_TYPE_F64) return CR_EINVAL;
  // the samplers with a host kernel here (von Mises: its rejection runs in WebAssembly)
  if (id != CR_ELEMENT_wald && id != CR_ELEMENT_logseries && id != CR_ELEMENT_zipf && id != CR_ELEMENT_hypergeometric)
    return CR_CPU_DECLINED;
  if (np != cr_element_params(id) || cr_element_check(id, p) != nullptr) return CR_EINVAL;
  // the map addresses element e's block by the double index 2e: elements from 2^63 go to the other kernels
  if (first >= (1ull << 63) || n > (1ull << 63) - first) return CR_CPU_DECLINED;
  if (id == CR_ELEMENT_logseries) {
    return on_isa(isa, [&] { cr_cpu_logseries_avx512(k0, k1, first, p, out, type, n); },
                  [&] { cr_cpu_logseries_avx2(k0, k1, first, p, out, type, n); });
  }
  if (id == CR_ELEMENT_hypergeometric) {
    return on_isa(isa, [&] { cr_cpu_hypergeometric_avx512(k0, k1, first, p, out, type, n); },
                  [&] { cr_cpu_hypergeometric_avx2(k0, k1, first, p, out, type, n); });
  }
  if (id == CR_ELEMENT_zipf) {
    return on_isa(isa, [&] { cr_cpu_zipf_avx512(k0, k1, first, p, out, type, n); },
                  [&] { cr_cpu_zipf_avx2(k0, k1, first, p, out, type, n); });
  }
  return on_isa(isa, [&] { cr_cpu_wald_avx512(k0, k1, first, p[0], p[1], out, type, n); },
                [&] { cr_cpu_wald_avx2(k0, k1, first, p[0], p[1], out, type, n); });
}

int cr_cpu_element(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out, int type,
                   uint64_t n) {
  return cr_cpu_element_isa(cr_cpu_isa(), k0, k1, first, id, p, np, out, type, n);
}

namespace {

int gamma_isa(int isa, const cr_cpu_gamma_ctx& g, uint64_t first, void* out, int type, uint64_t n) {
  return on_isa(isa, [&] { cr_cpu_gamma_avx512(g, first, out, type, n); }, [&] { cr_cpu_gamma_avx2(g, first, out, type, n); });
}

}  // namespace

int cr_cpu_gamma_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, const double* alpha, uint64_t period,
                     uint64_t phase, double scale, int wide, void* out, int type, uint64_t n) {
  if (period == 0 || !(scale > 0.0) || !isfinite(scale)) return CR_EINVAL;
  for (uint64_t i = 0; i < period; ++i)
    if (!(alpha[i] > 0.0) || !isfinite(alpha[i])) return CR_EINVAL;
  if (type != CR_TYPE_F32 && type != CR_TYPE_F64) return CR_EINVAL;
  return gamma_isa(isa, cr_cpu_gamma_ctx{k0, k1, alpha, nullptr, nullptr, period, phase, scale, nullptr, wide != 0}, first,
                   out, type, n);
}

int cr_cpu_gamma(uint32_t k0, uint32_t k1, uint64_t first, const double* alpha, uint64_t period, uint64_t phase,
                 double scale, int wide, void* out, int type, uint64_t n) {
  return cr_cpu_gamma_isa(cr_cpu_isa(), k0, k1, first, alpha, period, phase, scale, wide, out, type, n);
}

int cr_cpu_gamma_draws_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, const double* d, const double* c,
                           uint64_t period, uint64_t phase, int wide, double* dv, double* boost, uint64_t n) {
  if (period == 0) return CR_EINVAL;
  // only the constants of a shape >= 1 (cr_gamma_setup's), so that the loop accepts
  for (uint64_t i = 0; i < period; ++i)
    if (!(d[i] >= 1.0 - CR_GAMMA_THIRD) || !isfinite(d[i]) || c[i] != 1.0 / sqrt(9.0 * d[i])) return CR_EINVAL;
  return gamma_isa(isa, cr_cpu_gamma_ctx{k0, k1, nullptr, d, c, period, phase, 1.0, boost, wide != 0}, first, dv,
                   CR_TYPE_F64, n);
}

int cr_cpu_gamma_draws(uint32_t k0, uint32_t k1, uint64_t first, const double* d, const double* c, uint64_t period,
                       uint64_t phase, int wide, double* dv, double* boost, uint64_t n) {
  return cr_cpu_gamma_draws_isa(cr_cpu_isa(), k0, k1, first, d, c, period, phase, wide, dv, boost, n);
}

int cr_cpu_normal_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double mean, double std_, void* out, int type,
                      uint64_t n) {
  if (!isfinite(mean) || !(std_ >= 0.0) || !isfinite(std_)) return CR_EINVAL;
  return open_isa(isa, cr_cpu_open_ctx{k0, k1, CR_CPU_NORMAL, {mean, std_}}, first, out, type, n);
}

int cr_cpu_normal(uint32_t k0, uint32_t k1, uint64_t first, double mean, double std_, void* out, int type, uint64_t n) {
  return cr_cpu_normal_isa(cr_cpu_isa(), k0, k1, first, mean, std_, out, type, n);
}

int cr_cpu_normal_z_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int wide, double* out, uint64_t n) {
  // normal with mean 0, std 1 (0 + 1·z, the stream's own value), the float32 stream kept in binary64 unless wide
  return open_isa(isa, cr_cpu_open_ctx{k0, k1, CR_CPU_NORMAL, {0.0, 1.0, wide ? 0.0 : 1.0}}, first, out, CR_TYPE_F64, n);
}

int cr_cpu_normal_z(uint32_t k0, uint32_t k1, uint64_t first, int wide, double* out, uint64_t n) {
  return cr_cpu_normal_z_isa(cr_cpu_isa(), k0, k1, first, wide, out, n);
}

int cr_cpu_dirichlet_isa(int isa, uint32_t k0, uint32_t k1, uint64_t row0, const double* alpha, uint32_t K, int wide,
                         int first_only, void* out, int type, uint64_t rows) {
  if (K == 0 || (type != CR_TYPE_F32 && type != CR_TYPE_F64)) return CR_EINVAL;
  // gamma elements row·K + k must stay below 2^64
  if (row0 > UINT64_MAX / K || rows > UINT64_MAX / K - row0) return CR_EINVAL;
  bool all_small = true;
  std::vector<double> d(K), c(K);
  for (uint32_t k = 0; k < K; ++k) {
    if (!(alpha[k] > 0.0) || !isfinite(alpha[k])) return CR_EINVAL;
    const cr_gamma_mt mt = cr_gamma_setup(alpha[k]);
    d[k] = mt.d, c[k] = mt.c;
    if (!(alpha[k] < 1.0)) all_small = false;
  }
  if (isa == CR_ISA_NONE || isa > cr_cpu_isa_cpu()) return CR_CPU_DECLINED;
  // rows by chunks of about 4,096 draws: the draws, then each row normalised as cr_dirichlet_row does
  const uint64_t per = K >= 4096 ? 1 : 4096 / K;
  std::vector<double> dv(per * K), U(per * K), sum(per * K), shape;
  if (all_small) {  // each draw's shape, for the terms' lanes
    shape.resize(per * K);
    for (uint64_t j = 0; j < per * K; ++j) shape[j] = alpha[j % K];
  }
  const uint64_t width = first_only ? 1 : K;
  for (uint64_t r = 0; r < rows; r += per) {
    const uint64_t m = rows - r < per ? rows - r : per;
    // a float64 output takes the normalised terms straight from the divisions, a float32 one rounds them from dv
    double* const dst = type == CR_TYPE_F64 ? (double*)out + r * width : dv.data();
    if (all_small) {  // log space, as cr_dirichlet_row: the terms, each row less its largest, exp, / sum
      // the constants are cr_gamma_setup's of checked shapes: the draws without cr_cpu_gamma_draws' check of each pair
      gamma_isa(isa, cr_cpu_gamma_ctx{k0, k1, nullptr, d.data(), c.data(), K, 0, 1.0, U.data(), wide != 0},
                (row0 + r) * K, dv.data(), CR_TYPE_F64, m * K);
      // cr_row_term's terms and cr_row_normalise's exp in vector lanes (their scalar functions' bits), over the
      // chunk's m·K draws at once: 3 logs and exps a value were most of the time in the scalar functions
      const unsigned mk = (unsigned)(m * K);
      if (isa == CR_ISA_AVX512) cr_cpu_dirichlet_terms_avx512(dv.data(), U.data(), shape.data(), sum.data(), mk);
      else cr_cpu_dirichlet_terms_avx2(dv.data(), U.data(), shape.data(), sum.data(), mk);
      for (uint64_t i = 0; i < m; ++i) {  // each row less its largest term
        double* const t = sum.data() + i * K;
        double mx = t[0];
        for (uint32_t k = 1; k < K; ++k)
          if (t[k] > mx) mx = t[k];
        for (uint32_t k = 0; k < K; ++k) t[k] = t[k] - mx;
      }
      if (isa == CR_ISA_AVX512) cr_cpu_exp_avx512(sum.data(), mk);
      else cr_cpu_exp_avx2(sum.data(), mk);
      for (uint64_t i = 0; i < m; ++i) {
        const double* const t = sum.data() + i * K;
        double s = t[0];
        for (uint32_t k = 1; k < K; ++k) s = s + t[k];
        for (uint64_t k = 0; k < width; ++k) dst[i * width + k] = t[k] / s;
      }
    } else {
      // the terms G_k = cr_gamma_value(α_k, G', U) (scale 1: exact) by the values kernel, whose boost for a
      // shape below 1 is vectorised; then cr_row_normalise's G_k / (sum in k order), laid out so that the
      // divisions vectorise: each row's sum beside each of its terms
      gamma_isa(isa, cr_cpu_gamma_ctx{k0, k1, alpha, nullptr, nullptr, K, 0, 1.0, nullptr, wide != 0}, (row0 + r) * K,
                dv.data(), CR_TYPE_F64, m * K);
      if (first_only) {  // beta: component 0 alone, the only one stored
        for (uint64_t i = 0; i < m; ++i) {
          double s = dv[i * K];
          for (uint32_t k = 1; k < K; ++k) s = s + dv[i * K + k];
          dst[i] = dv[i * K] / s;
        }
      } else {
        for (uint64_t i = 0; i < m; ++i) {
          double s = dv[i * K];
          for (uint32_t k = 1; k < K; ++k) s = s + dv[i * K + k];
          for (uint32_t k = 0; k < K; ++k) sum[i * K + k] = s;
        }
        for (uint64_t j = 0; j < m * K; ++j) dst[j] = dv[j] / sum[j];
      }
    }
    if (type == CR_TYPE_F32) {
      float* o = (float*)out + r * width;
      for (uint64_t j = 0; j < m * width; ++j) o[j] = (float)dv[j];
    }
  }
  return CR_CPU_DONE;
}

int cr_cpu_dirichlet(uint32_t k0, uint32_t k1, uint64_t row0, const double* alpha, uint32_t K, int wide, int first_only,
                     void* out, int type, uint64_t rows) {
  return cr_cpu_dirichlet_isa(cr_cpu_isa(), k0, k1, row0, alpha, K, wide, first_only, out, type, rows);
}

int cr_cpu_geometric_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n) {
  if (type != CR_TYPE_I32 && type != CR_TYPE_U32 && type != CR_TYPE_F64) return CR_EINVAL;
  if (!(p >= cr_geometric_pmin(type) && p <= 1.0)) return CR_EINVAL;
  return open_isa(isa, cr_cpu_open_ctx{k0, k1, CR_CPU_GEOMETRIC, {cr_log1p(-p)}}, first, out, type, n);
}

int cr_cpu_geometric(uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n) {
  return cr_cpu_geometric_isa(cr_cpu_isa(), k0, k1, first, p, out, type, n);
}
