// Host test of the host SIMD kernels over the vector math (cuda/src/cpu_vmath.h): those of one open uniform or normal
// (cpu_open_kernels.h) — exponential and every transform of one uniform — and gamma (cpu_gamma_kernels.h:
// shapes below and above 1, tiny and huge, scales that underflow or overflow, starts across the
// element where the word index leaves 64 bits), on each instruction set this CPU runs, against the
// scalar ports (cr_exponential_element, cr_transform of cr_open_uniform_element) — both layouts, rates
// and parameter rows whose values overflow, underflow to subnormals or hit the vector math's rare
// lanes (the scalar fallbacks), starts inside a chunk and across the 2^32-block carry, lengths across
// the 512-element chunk, guards on both sides. The vector log1p (the count log-pmfs' deviances) lane by
// lane against cr_log1p. The refusals of the C API too.
// host-test: sources cuda/src/cpu_kernels.cpp cuda/src/cpu_kernels_avx2.cpp cuda/src/cpu_kernels_avx512.cpp
#include <math.h>
#include <string.h>

#include <vector>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_elements.h"
#include "cr_gamma.h"
#include "cr_special.h"
#include "cr_transforms.h"
#include "cr_test.h"

namespace {

int isa = CR_ISA_NONE;  // the instruction set under test

/** The scalar port's element e of id CR_CPU_EXPONENTIAL (p[0] = rate), CR_CPU_NORMAL (mean, std) or a transform. */
double reference(int id, const double* p, uint32_t k0, uint32_t k1, uint64_t e, bool wide) {
  if (id == CR_CPU_EXPONENTIAL) return cr_exponential_element(k0, k1, e, p[0], wide);
  if (id == CR_CPU_NORMAL) return cr_normal_element(k0, k1, e, false, wide, p[0], p[1]);
  return cr_transform_element(k0, k1, e, id, p, wide);
}

/** id CR_CPU_EXPONENTIAL (p[0] = rate), CR_CPU_NORMAL or a transform: the kernel's values against the scalar port's. */
template <class T>
void compare(int id, const double* p, uint64_t first, size_t n) {
  const uint32_t k0 = 0x243f6a88u, k1 = 0x85a308d3u;
  const bool wide = sizeof(T) == 8;
  const int type = wide ? CR_TYPE_F64 : CR_TYPE_F32;
  std::vector<T> got(n + 2, (T)77);
  const int rc = id == CR_CPU_EXPONENTIAL ? cr_cpu_exponential_isa(isa, k0, k1, first, p[0], got.data() + 1, type, n)
                 : id == CR_CPU_NORMAL   ? cr_cpu_normal_isa(isa, k0, k1, first, p[0], p[1], got.data() + 1, type, n)
                 : cr_cpu_transform_isa(isa, k0, k1, first, id, p, cr_transform_params(id), got.data() + 1, type, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d id %d: returned %d", isa, id, rc);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d id %d first %llu n %zu: writes outside [0, n)", isa, id,
            (unsigned long long)first, n);
  size_t bad = 0, at = 0;
  for (size_t i = 0; i < n; ++i) {
    const T want = (T)reference(id, p, k0, k1, first + i, wide);
    // the same bits (NaN never occurs for valid parameters; compare as bits to tell -0 from +0)
    if (memcmp(&got[i + 1], &want, sizeof(T)) != 0 && !bad++) at = i;
  }
  CRT_CHECK(bad == 0, "isa %d id %d (p0 %.17g) %s first %llu n %zu: %zu differ, first at %zu (%.17g, want %.17g)", isa, id,
            p[0], wide ? "float64" : "float32", (unsigned long long)first, n, bad, at, (double)got[at + 1],
            reference(id, p, k0, k1, first + at, wide));
}

template <class T>
void each_start(int id, const double* p) {
  // the last two cross the pair / element where the word index leaves 64 bits (the scalar port)
  for (uint64_t first : {0ull, 5ull, 4294967291ull * 2, 17179869181ull, (1ull << 62) - 301, (1ull << 63) - 301})
    for (size_t n : {0, 1, 7, 511, 513, 1500}) compare<T>(id, p, first, n);
}

/** The vector log1p (cpu_vmath.h) against cr_log1p, bit for bit: both sides of its range bounds and of the
 *  tiny forms' thresholds, signed zeros, -1, below -1, infinities, NaN, and a sweep of (-1, 3) and of
 *  magnitudes 2^-60 … 2^60 — lanes inside and outside its vector form mixed in one vector. */
void test_log1p() {
  std::vector<double> x;
  const uint64_t edges[] = {0x3fda827a00000000ull, 0xbfd2bec400000000ull, 0x3e20000000000000ull, 0xbe20000000000000ull,
                            0x3c90000000000000ull, 0xbc90000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                            0x3fd2bec400000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
                            0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x3fdfffffffffffffull};
  for (uint64_t b0 : edges)
    for (int64_t hd = -1; hd <= 1; ++hd)  // the next high words too: the range tests read only those
      for (int64_t d = -3; d <= 3; ++d) {
        const uint64_t b = b0 + ((uint64_t)hd << 32);
        const uint64_t v = b + (uint64_t)d;
        double y;
        memcpy(&y, &v, 8);
        x.push_back(y);
      }
  for (int i = 0; i <= 4000; ++i) x.push_back(-1.0 + i * 0.001);
  for (int e = -60; e <= 60; ++e)
    for (double m : {1.0, 1.37, -1.0, -0.61}) x.push_back(ldexp(m, e));
  for (size_t off : {(size_t)0, (size_t)3}) {
    const unsigned n = (unsigned)(x.size() - off);
    std::vector<double> got(n + 1, 77.0);
    if (isa == CR_ISA_AVX512) cr_cpu_vmath_log1p_avx512(x.data() + off, got.data(), n);
    else cr_cpu_vmath_log1p_avx2(x.data() + off, got.data(), n);
    size_t bad = 0, at = 0;
    for (unsigned i = 0; i < n; ++i) {
      const double want = cr_log1p(x[off + i]);
      if (memcmp(&got[i], &want, 8) != 0 && !(want != want && got[i] != got[i]) && !bad++) at = i;
    }
    CRT_CHECK(bad == 0 && got[n] == 77.0, "isa %d log1p: %zu differ, first at x %.17g (%.17g, want %.17g)", isa, bad,
              x[off + at], got[at], cr_log1p(x[off + at]));
  }
}

void test_values() {
  // rates: ordinary, tiny (huge values, overflow to Infinity in float32), huge (subnormal and zero values)
  for (double rate : {1.0, 0.7, 1e-300, 3e-39, 1e300, 1.7976931348623157e308}) {
    const double p[1] = {rate};
    each_start<double>(CR_CPU_EXPONENTIAL, p);
    each_start<float>(CR_CPU_EXPONENTIAL, p);
  }
  for (const double* ms : {(const double[2]){0.0, 1.0}, (const double[2]){-3.5, 1e-300}, (const double[2]){1e300, 1e300}}) {
    each_start<double>(CR_CPU_NORMAL, ms);
    each_start<float>(CR_CPU_NORMAL, ms);
  }
  // rows per transform: ordinary values, and ones whose exp/log leave the vector fast paths
  const struct { int id; double p[7]; } rows[] = {
      {0, {0.0, 1.0}}, {0, {700.0, 1.0}}, {0, {-745.0, 2.0}},                         // lognormal
      {1, {1.5, 2.0}}, {1, {0.01, 1.0}}, {1, {1e-3, 1e-300}}, {1, {300.0, 1e300}},      // weibull
      {2, {0.0, 1.0}}, {2, {-3.0, 1e-300}},                                            // cauchy
      {3, {0.0, 1.0}}, {3, {1e300, 1e300}},                                            // laplace
      {4, {1.0, 2.0}}, {4, {-1e-300, 1e-300}},                                         // logistic
      {5, {-1.0, 0.5}}, {5, {0.0, 1e308}},                                             // gumbel
      {6, {2.5, 1.0}}, {6, {1e-3, 1.0}}, {6, {0.05, 1e-300}},                          // pareto
      {7, {3.0}}, {7, {1e-320}}, {7, {1e300}},                                         // rayleigh
      {8, {0.0, 1.0, 1.0, 0.15865525393145707, 0.15862, 1.0, 4.0}},                    // truncatedNormal
      {9, {-1.0, 3.0, 4.0, 0.3, 0.7}}, {9, {0.0, 1e-300, 1e-300, 1.0, 0.0}},           // triangular
  };
  for (const auto& r : rows) {
    each_start<double>(r.id, r.p);
    each_start<float>(r.id, r.p);
  }
}

template <class T>
void compare_gamma(double alpha, double scale, uint64_t first, size_t n) {
  const uint32_t k0 = 0x13198a2eu, k1 = 0x03707344u;
  const bool wide = sizeof(T) == 8;
  std::vector<T> got(n + 2, (T)77);
  const int rc = cr_cpu_gamma_isa(isa, k0, k1, first, &alpha, 1, 0, scale, wide, got.data() + 1, wide ? CR_TYPE_F64 : CR_TYPE_F32, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d gamma: returned %d", isa, rc);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d gamma first %llu n %zu: writes outside [0, n)", isa,
            (unsigned long long)first, n);
  size_t bad = 0, at = 0;
  for (size_t i = 0; i < n; ++i) {
    const T want = (T)cr_gamma_element(k0, k1, first + i, alpha, scale, wide, 1);
    if (memcmp(&got[i + 1], &want, sizeof(T)) != 0 && !bad++) at = i;
  }
  CRT_CHECK(bad == 0, "isa %d gamma(%.17g, %.17g) %s first %llu n %zu: %zu differ, first at %zu (%.17g, want %.17g)", isa,
            alpha, scale, wide ? "float64" : "float32", (unsigned long long)first, n, bad, at, (double)got[at + 1],
            cr_gamma_element(k0, k1, first + at, alpha, scale, wide, 1));
}

void test_gamma() {
  // 1 - 2^-53: α' = fl(α + 1) = 2, an Erlang shape with a boost (its U from the third dense plane)
  const double shapes[][2] = {{2.0, 1.0}, {50.0, 1.0}, {1.0, 3.0}, {0.3, 1.0}, {0.999, 2.0}, {1e-3, 1.0}, {0x1.fffffffffffffp-1, 1.0},
                              {1e-300, 1.0}, {1e7, 1.0}, {2.0, 1e-310}, {0.5, 1e300}, {3.0, 1.7976931348623157e308}};
  for (const auto& sh : shapes) {
    for (uint64_t first : {0ull, 3ull, 4294967291ull}) {
      for (size_t n : {0, 1, 9, 255, 257, 700}) {
        compare_gamma<double>(sh[0], sh[1], first, n);
        compare_gamma<float>(sh[0], sh[1], first, n);
      }
    }
    // across the switch to the scalar port (word index past 2^64)
    compare_gamma<double>(sh[0], sh[1], (1ull << 61) - 100, 300);
    compare_gamma<float>(sh[0], sh[1], (1ull << 62) - 100, 300);
  }
}

/** Shapes by period (alpha[(phase + j) mod period]) into binary64 values of either layout, and the draws
 *  (G', U) of their constants, against cr_gamma_element / cr_gamma_draw. */
void test_gamma_table(const double alpha[6]) {
  const uint32_t k0 = 0xa4093822u, k1 = 0x299f31d0u;
  double d[6], c[6];
  for (int i = 0; i < 6; ++i) {
    const cr_gamma_mt mt = cr_gamma_setup(alpha[i]);
    d[i] = mt.d, c[i] = mt.c;
  }
  for (uint64_t period : {1ull, 2ull, 3ull, 6ull}) {
    for (uint64_t phase : {0ull, 1ull, 4ull}) {
      for (int wide = 0; wide < 2; ++wide) {
        for (uint64_t first : {0ull, 7ull, 4294967290ull}) {
          const size_t n = 600;
          std::vector<double> got(n + 1, 77.0), dv(n + 1, 77.0), bu(n + 1, 77.0);
          CRT_CHECK(cr_cpu_gamma_isa(isa, k0, k1, first, alpha, period, phase, 2.0, wide, got.data(), CR_TYPE_F64, n) ==
                        CR_CPU_DONE, "isa %d gamma table", isa);
          CRT_CHECK(cr_cpu_gamma_draws_isa(isa, k0, k1, first, d, c, period, phase, wide, dv.data(), bu.data(), n) ==
                        CR_CPU_DONE, "isa %d gamma draws", isa);
          CRT_CHECK(got[n] == 77.0 && dv[n] == 77.0 && bu[n] == 77.0, "isa %d gamma tables: writes past n", isa);
          size_t bad = 0, at = 0;
          for (size_t j = 0; j < n; ++j) {
            const uint64_t q = (phase + j) % period;
            const double want = cr_gamma_element(k0, k1, first + j, alpha[q], 2.0, wide != 0, 1);
            double g, u;
            cr_gamma_draw(k0, k1, first + j, cr_gamma_mt{d[q], c[q]}, wide != 0, 1, &g, &u);
            if ((got[j] != want || dv[j] != g || bu[j] != u) && !bad++) at = j;
          }
          CRT_CHECK(bad == 0, "isa %d gamma period %llu phase %llu wide %d first %llu: %zu differ, first at %zu", isa,
                    (unsigned long long)period, (unsigned long long)phase, wide, (unsigned long long)first, bad, at);
        }
      }
    }
  }
}

void test_gamma_tables() {
  // 1.0, 2.0 and 3.0 are Erlang shapes (cr_gamma_erlang): periods 3 and 6 mix them with Marsaglia–Tsang lanes;
  // 1e-300 and 1 − 2^-53 are Erlang shapes (α + 1 rounds to 1 and 2) that take a boost, beside ones that do not
  const double tables[2][6] = {{0.3, 2.5, 1.0, 7.0, 1e-3, 3.0}, {0.3, 2.0, 1e-300, 7.0, 0x1.fffffffffffffp-1, 3.0}};
  for (const double* alpha : tables) test_gamma_table(alpha);
}

/** The standard normals in binary64 of either stream (Student's t's draws) against cr_normal_element(…, 0, 1):
 *  bit for bit, so a −0 turned +0 by `0 + 1·z` shows. */
void test_normal_z() {
  const uint32_t k0 = 0x13198a2eu, k1 = 0x03707344u;
  for (int wide = 0; wide < 2; ++wide)
    for (uint64_t first : {0ull, 3ull, 4294967291ull * 2, (1ull << 62) - 301})
      for (size_t n : {0, 1, 7, 513, 1500}) {
        std::vector<double> got(n + 1, 77.0);
        CRT_CHECK(cr_cpu_normal_z_isa(isa, k0, k1, first, wide, got.data(), n) == CR_CPU_DONE, "isa %d normal z", isa);
        size_t bad = 0, at = 0;
        for (size_t i = 0; i < n; ++i) {
          const double want = cr_normal_element(k0, k1, first + i, false, wide != 0, 0.0, 1.0);
          if (memcmp(&got[i], &want, sizeof want) != 0 && !bad++) at = i;
        }
        CRT_CHECK(bad == 0 && got[n] == 77.0, "isa %d normal z wide %d first %llu n %zu: %zu differ, first at %zu", isa, wide,
                  (unsigned long long)first, n, bad, at);
      }
}

/** Tables of 3 to 257 shapes (around a chunk's 256 lanes) from several phases over several chunks. */
void test_gamma_long_tables() {
  const uint32_t k0 = 0x3707344au, k1 = 0x40938222u;
  std::vector<double> alpha(257);
  for (size_t i = 0; i < alpha.size(); ++i) alpha[i] = i % 4 == 1 ? 0.25 + 0.001 * (double)i : 1.0 + 0.37 * (double)i;
  for (uint64_t period : {3ull, 7ull, 255ull, 256ull, 257ull}) {
    for (uint64_t phase : {(uint64_t)0, (uint64_t)2, period - 1}) {
      const size_t n = 1300;
      std::vector<double> got(n + 1, 77.0);
      CRT_CHECK(cr_cpu_gamma_isa(isa, k0, k1, 5, alpha.data(), period, phase, 1.0, 1, got.data(), CR_TYPE_F64, n) ==
                    CR_CPU_DONE, "isa %d gamma long table", isa);
      size_t bad = 0, at = 0;
      for (size_t j = 0; j < n; ++j)
        if (got[j] != cr_gamma_element(k0, k1, 5 + j, alpha[(phase + j) % period], 1.0, true, 1) && !bad++) at = j;
      CRT_CHECK(bad == 0 && got[n] == 77.0, "isa %d gamma period %llu phase %llu: %zu differ, first at %zu", isa,
                (unsigned long long)period, (unsigned long long)phase, bad, at);
    }
  }
}

/** Whole Dirichlet rows (and beta's component 0) against cr_dirichlet_row: shapes all below 1 (log space),
 *  mixed, all above, K = 1 and one past a draw chunk. */
void test_dirichlet() {
  const uint32_t k0 = 0x082efa98u, k1 = 0xec4e6c89u;
  const std::vector<std::vector<double>> shapes = {{1, 2, 3}, {0.3, 0.5}, {0.2, 4.0, 1e-3}, {2.5},
      {2, 5}, {0.5, 1, 2, 7}, std::vector<double>(4097, 0.7),  // {2, 5}, {0.5, 1, 2, 7}: Erlang lanes grouped
      {1e-3, 0.02, 0.9, 0.05, 1e-2}};  // all small, rows across lanes, terms whose exp underflows (the scalar port)
  for (const auto& a : shapes) {
    const uint32_t K = (uint32_t)a.size();
    for (int wide = 0; wide < 2; ++wide) {
      for (uint64_t row0 : {0ull, 11ull, 4294967296ull / K + 1}) {
        const uint64_t rows = K > 100 ? 2 : 1500;
        std::vector<double> got(rows * K + 1, 77.0), first(rows + 1, 77.0), want(K);
        CRT_CHECK(cr_cpu_dirichlet_isa(isa, k0, k1, row0, a.data(), K, wide, 0, got.data(), CR_TYPE_F64, rows) == CR_CPU_DONE,
                  "isa %d dirichlet", isa);
        CRT_CHECK(cr_cpu_dirichlet_isa(isa, k0, k1, row0, a.data(), K, wide, 1, first.data(), CR_TYPE_F64, rows) == CR_CPU_DONE,
                  "isa %d dirichlet first", isa);
        CRT_CHECK(got[rows * K] == 77.0 && first[rows] == 77.0, "isa %d dirichlet: writes past the rows", isa);
        // float32 outputs: the binary64 row rounded once
        std::vector<float> got32(rows * K + 1, 77.0f), first32(rows + 1, 77.0f);
        CRT_CHECK(cr_cpu_dirichlet_isa(isa, k0, k1, row0, a.data(), K, wide, 0, got32.data(), CR_TYPE_F32, rows) ==
                      CR_CPU_DONE, "isa %d dirichlet f32", isa);
        CRT_CHECK(cr_cpu_dirichlet_isa(isa, k0, k1, row0, a.data(), K, wide, 1, first32.data(), CR_TYPE_F32, rows) ==
                      CR_CPU_DONE, "isa %d dirichlet first f32", isa);
        CRT_CHECK(got32[rows * K] == 77.0f && first32[rows] == 77.0f, "isa %d dirichlet f32: writes past the rows", isa);
        size_t bad = 0;
        for (uint64_t r = 0; r < rows; ++r) {
          cr_dirichlet_row(k0, k1, (row0 + r) * K, a.data(), (int)K, wide != 0, 1, want.data());
          for (uint32_t k = 0; k < K; ++k) bad += (got[r * K + k] != want[k]) + (got32[r * K + k] != (float)want[k]);
          bad += (first[r] != want[0]) + (first32[r] != (float)want[0]);
        }
        CRT_CHECK(bad == 0, "isa %d dirichlet K %u wide %d row0 %llu: %zu values differ", isa, K, wide,
                  (unsigned long long)row0, bad);
      }
    }
  }
}

/** geometric with one p into each output type against cr_geometric of the float64 open uniform. */
template <class T>
void compare_geometric(double p, int type, uint64_t first, size_t n) {
  const uint32_t k0 = 0x452821e6u, k1 = 0x38d01377u;
  std::vector<T> got(n + 2, (T)77);
  CRT_CHECK(cr_cpu_geometric_isa(isa, k0, k1, first, p, got.data() + 1, type, n) == CR_CPU_DONE, "isa %d geometric", isa);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d geometric: writes outside [0, n)", isa);
  size_t bad = 0;
  const double L = cr_log1p(-p);
  for (size_t i = 0; i < n; ++i) bad += got[i + 1] != (T)cr_geometric(cr_open_uniform_element(k0, k1, first + i, true), L);
  CRT_CHECK(bad == 0, "isa %d geometric p %.17g type %d first %llu n %zu: %zu differ", isa, p, type,
            (unsigned long long)first, n, bad);
}

void test_geometric() {
  for (uint64_t first : {0ull, 3ull, 8589934589ull}) {
    for (size_t n : {0, 1, 513, 1100}) {
      for (double p : {1.0, 0.3, 0.01, 2.98023223876953125e-08}) {
        compare_geometric<int32_t>(p, CR_TYPE_I32, first, n);
        compare_geometric<uint32_t>(p, CR_TYPE_U32, first, n);
      }
      compare_geometric<double>(7.105427357601001859e-15, CR_TYPE_F64, first, n);
    }
  }
}

/** Element sampler `id` with one row p into each output type against cr_element_value, starts across the block
 *  counter's carry. */
template <class T>
void compare_element(int id, const double* p, int type, uint64_t first, size_t n) {
  const uint32_t k0 = 0x3707344au, k1 = 0x40938222u;
  std::vector<T> got(n + 2, (T)77);
  CRT_CHECK(cr_cpu_element_isa(isa, k0, k1, first, id, p, cr_element_params(id), got.data() + 1, type, n) == CR_CPU_DONE,
            "isa %d element %d", isa, id);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d element %d: writes outside [0, n)", isa, id);
  size_t bad = 0, at = n;
  for (size_t i = 0; i < n; ++i) {
    const T want = (T)cr_element_value(id, k0, k1, first + i, p);
    if (memcmp(&got[i + 1], &want, sizeof want) != 0 && bad++ == 0) at = i;
  }
  CRT_CHECK(bad == 0, "isa %d element %d (%.17g, %.17g) type %d first %llu n %zu: %zu differ, first at %zu", isa, id,
            p[0], p[1], type, (unsigned long long)first, n, bad, at);
}

/** Wald: ordinary, extreme (a = (mean·z²)/(4·scale) tiny or overflowing to ∞, where the value is 0) and
 *  cross-parameter rows. */
template <class T>
void compare_wald(const double* p, int type, uint64_t first, size_t n) {
  compare_element<T>(CR_ELEMENT_wald, p, type, first, n);
}

/** The logarithmic series and Zipf: rows as lib/samplers/logseries.ts and zipf.ts derive them, from the degenerate
 *  ends (p = 0, a ≥ 1025: every value 1) to the heavy ones (p = 1 − 2^-53, a = 1 + 2^-52: values near 2^53). */
void test_whole_counts() {
  for (double q : {0.0, 5e-324, 0.3, 0.6, 0.99, 0x1.fffffffffffffp-1}) {
    const double row[2] = {q, log1p(-q)};
    for (uint64_t first : {0ull, 4294967291ull, (1ull << 63) - 1100})
      for (size_t n : {1, 255, 257, 1100}) {
        compare_element<double>(CR_ELEMENT_logseries, row, CR_TYPE_F64, first, n);
        compare_element<float>(CR_ELEMENT_logseries, row, CR_TYPE_F32, first, n);
      }
  }
  for (double a : {1.0000000000000002, 1.001, 1.1, 2.0, 5.0, 1024.5, 1025.0, 1e300}) {
    const double am1 = a - 1.0;
    const double row[5] = {am1, 1.0 / am1, -expm1(-53.0 * 0.6931471805599453 * am1), 1.0 / pow(2.0, am1),
                           1.0 / expm1(0.6931471805599453 * am1)};
    for (uint64_t first : {0ull, 4294967291ull})
      for (size_t n : {1, 257, 1100}) compare_element<double>(CR_ELEMENT_zipf, row, CR_TYPE_F64, first, n);
  }
  // the hypergeometric: both methods, HRUA's four flips, urns up to 10^9 − 1 items of each kind
  const double urns[][3] = {{100, 200, 50}, {200, 100, 50}, {100, 200, 280}, {200, 100, 280}, {5, 7, 3}, {1000, 10, 1005},
                            {20, 30, 9}, {20, 30, 41}, {0, 50, 20}, {30, 40, 70}, {1e8, 3e8, 1e6}, {999999999, 999999999, 5e8}};
  for (const auto& u : urns) {
    double row[8];
    cr_hypergeometric_row(u[0], u[1], u[2], row);
    for (uint64_t first : {0ull, 4294967291ull})
      for (size_t n : {1, 257, 700}) compare_element<double>(CR_ELEMENT_hypergeometric, row, CR_TYPE_F64, first, n);
  }
  double out[4] = {5, 5, 5, 5};
  double hrow[8];
  cr_hypergeometric_row(100, 200, 50, hrow);
  hrow[3] = -1e300;  // a g no row of (good, bad, sample) has: its loop might never accept
  CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_hypergeometric, hrow, 8, out, CR_TYPE_F64, 4) == CR_EINVAL,
            "hypergeometric: a row that is not cr_hypergeometric_row's");
  const double lbad[][2] = {{1.0, 0.0}, {-0.1, 0.0}, {0.5, 1.0}, {(double)NAN, -1.0}};
  for (const auto& r : lbad)
    CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_logseries, r, 2, out, CR_TYPE_F64, 4) == CR_EINVAL, "logseries (%g, %g)",
              r[0], r[1]);
  const double zbad[][5] = {{0.0, 1.0, 0.5, 0.5, 1.0}, {1.0, 0.0, 0.5, 0.5, 1.0}, {1.0, 1.0, 0.0, 0.5, 1.0},
                            {1.0, 1.0, 0.5, 1.0, 1.0}, {1.0, 1.0, 0.5, 0.5, -1.0}, {1.0, 1.0, 0.5, (double)NAN, 1.0}};
  for (const auto& r : zbad)
    CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_zipf, r, 5, out, CR_TYPE_F64, 4) == CR_EINVAL, "zipf row %g", r[0]);
  CRT_CHECK(out[0] == 5 && out[3] == 5, "a refused call wrote its output");
}

void test_wald() {
  const double rows[][2] = {{1, 2}, {1.5, 0.25}, {3e-300, 1e300}, {1e300, 1e-300}, {1.7976931348623157e308, 1e-5},
                            {5e-324, 7}, {0.1, 0.1}, {1e6, 3}};
  for (uint64_t first : {0ull, 5ull, 4294967291ull, 8589934589ull, (1ull << 63) - 1100})
    for (size_t n : {1, 7, 255, 256, 257, 1100})
      for (const auto& p : rows) {
        compare_wald<double>(p, CR_TYPE_F64, first, n);
        compare_wald<float>(p, CR_TYPE_F32, first, n);
      }
}

void test_refusals() {
  double out[4] = {5, 5, 5, 5};
  const double one = 1.0;
  for (double rate : {0.0, -1.0, (double)NAN, (double)INFINITY})
    CRT_CHECK(cr_cpu_exponential(1, 2, 0, rate, out, CR_TYPE_F64, 4) == CR_EINVAL, "rate %g must be refused", rate);
  CRT_CHECK(cr_cpu_exponential(1, 2, 0, 1.0, out, CR_TYPE_U32, 4) == CR_EINVAL, "exponential into uint32");
  const double p[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  CRT_CHECK(cr_cpu_transform(1, 2, 0, 99, p, 2, out, CR_TYPE_F64, 4) == CR_EINVAL, "an unknown id must be refused");
  CRT_CHECK(cr_cpu_transform(1, 2, 0, 7, p, 2, out, CR_TYPE_F64, 4) == CR_EINVAL, "rayleigh takes 1 parameter, not 2");
  CRT_CHECK(cr_cpu_transform(1, 2, 0, 7, p, 1, out, 99, 4) == CR_EINVAL, "out type 99 must be refused");
  for (double bad : {0.0, -1.0, (double)NAN, (double)INFINITY}) {
    CRT_CHECK(cr_cpu_gamma(1, 2, 0, &bad, 1, 0, 1.0, 1, out, CR_TYPE_F64, 4) == CR_EINVAL, "gamma alpha %g must be refused", bad);
    CRT_CHECK(cr_cpu_gamma(1, 2, 0, &one, 1, 0, bad, 1, out, CR_TYPE_F64, 4) == CR_EINVAL, "gamma scale %g must be refused", bad);
  }
  CRT_CHECK(cr_cpu_gamma(1, 2, 0, &one, 1, 0, 1.0, 1, out, CR_TYPE_I32, 4) == CR_EINVAL, "gamma into int32");
  CRT_CHECK(cr_cpu_gamma(1, 2, 0, &one, 0, 0, 1.0, 1, out, CR_TYPE_F64, 4) == CR_EINVAL, "gamma period 0");
  for (double p : {0.0, 1.5, (double)NAN, 1e-8})
    CRT_CHECK(cr_cpu_geometric(1, 2, 0, p, out, CR_TYPE_I32, 4) == CR_EINVAL, "geometric p %g into int32", p);
  CRT_CHECK(cr_cpu_geometric(1, 2, 0, 0.5, out, CR_TYPE_F32, 4) == CR_EINVAL, "geometric into float32");
  const double shapes2[2] = {1.0, -1.0};
  CRT_CHECK(cr_cpu_dirichlet(1, 2, 0, shapes2, 2, 1, 0, out, CR_TYPE_F64, 2) == CR_EINVAL, "dirichlet shape -1");
  CRT_CHECK(cr_cpu_dirichlet(1, 2, 0, shapes2, 0, 1, 0, out, CR_TYPE_F64, 2) == CR_EINVAL, "dirichlet K 0");
  CRT_CHECK(cr_cpu_dirichlet(1, 2, UINT64_MAX / 2, shapes2, 1, 1, 0, out, CR_TYPE_F64, UINT64_MAX / 2 + 2) == CR_EINVAL,
            "dirichlet rows past 2^64 elements");
  // draws: only cr_gamma_setup's constants of a shape >= 1 (others could make the loop never accept)
  const cr_gamma_mt ok = cr_gamma_setup(2.0);
  const double d_bad[] = {0.1, (double)NAN, (double)INFINITY, ok.d}, c_bad[] = {ok.c, ok.c, ok.c, ok.c * 2.0};
  double bu[4];
  for (int i = 0; i < 4; ++i)
    CRT_CHECK(cr_cpu_gamma_draws(1, 2, 0, d_bad + i, c_bad + i, 1, 0, 1, out, bu, 4) == CR_EINVAL, "draws pair %d", i);
  const double wald_bad[][2] = {{0, 1}, {1, 0}, {-1, 1}, {(double)NAN, 1}, {1, (double)INFINITY}};
  for (const auto& w : wald_bad)
    CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_wald, w, 2, out, CR_TYPE_F64, 4) == CR_EINVAL, "wald (%g, %g)", w[0], w[1]);
  const double w1[2] = {1, 2};
  CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_wald, w1, 1, out, CR_TYPE_F64, 4) == CR_EINVAL, "wald takes 2 parameters");
  CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_wald, w1, 2, out, CR_TYPE_I32, 4) == CR_EINVAL, "wald into int32");
  CRT_CHECK(cr_cpu_element(1, 2, 0, CR_ELEMENT_von_mises, p, 5, out, CR_TYPE_F64, 4) == CR_CPU_DECLINED, "von Mises declines");
  CRT_CHECK(cr_cpu_element(1, 2, (1ull << 63) - 2, CR_ELEMENT_wald, w1, 2, out, CR_TYPE_F64, 4) == CR_CPU_DECLINED,
            "wald past element 2^63 declines");
  CRT_CHECK(out[0] == 5 && out[3] == 5, "a refused call wrote its output");
}

}  // namespace

int main() {
  test_refusals();
  for (isa = CR_ISA_AVX2; isa <= CR_ISA_AVX512; ++isa) {
    if (isa > cr_cpu_isa_cpu()) {
      double out[2] = {5, 5};
      CRT_CHECK(cr_cpu_exponential_isa(isa, 1, 2, 0, 1.0, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED && out[0] == 5,
                "isa %d is not supported here: it must decline and write nothing", isa);
      printf("test_cpu_vmath: isa %d not supported here: only its decline was checked\n", isa);
      continue;
    }
    test_log1p();
    test_values();
    test_gamma();
    test_gamma_tables();
    test_gamma_long_tables();
    test_normal_z();
    test_dirichlet();
    test_geometric();
    test_wald();
    test_whole_counts();
  }
  return crt::report("test_cpu_vmath");
}
