// Host test of the count samplers' host kernels (cuda/src/cpu_counts.cpp) on each instruction set this CPU
// runs, against the scalar ports (cr_poisson_element, cr_binomial_element, cr_negative_binomial_element):
// every method region of each (inversion, PTRS / BTRS, p > ½ flipped, no draw), parameters at the
// switches, huge counts and means, every output type, starts inside a chunk, across the 2^32-block carry
// and where the kernels decline (2^62), lengths across the 512-element chunk, guards on both sides; the
// tables kept between calls of one parameter and rebuilt for the next; the refusals of the C API.
// Multinomial rows (cr_cpu_multinomial) against cr_multinomial_component row by row: inversion lanes,
// BTRS squeezes, the rest of BTRS in lanes (against cr_binomial_draw) and its scalar edges, zero weights, p = 1, flipped components, partial rows at both ends,
// rows per chunk from K = 1 to 4096, and more distinct (n, p) than the BTRS memo holds.
// host-test: sources cuda/src/cpu_counts.cpp cuda/src/cpu_kernels.cpp cuda/src/cpu_kernels_avx2.cpp cuda/src/cpu_kernels_avx512.cpp
#include <math.h>
#include <string.h>

#include <vector>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_counts.h"
#include "cr_test.h"

namespace {

int isa = CR_ISA_NONE;  // the instruction set under test
const uint32_t K0 = 0x243f6a88u, K1 = 0x85a308d3u;

enum { POISSON, BINOMIAL, NEGBIN };

double reference(int kind, double a, double b, uint64_t e) {
  switch (kind) {
    case POISSON: return cr_poisson_element(K0, K1, e, cr_poisson_setup(a), CR_TAG_POISSON);
    case BINOMIAL: return cr_binomial_element(K0, K1, e, cr_binomial_setup(a, b));
    default: return cr_negative_binomial_element(K0, K1, e, a, b);
  }
}

int call(int kind, double a, double b, uint64_t first, void* out, int type, uint64_t n) {
  switch (kind) {
    case POISSON: return cr_cpu_poisson_isa(isa, K0, K1, first, a, out, type, n);
    case BINOMIAL: return cr_cpu_binomial_isa(isa, K0, K1, first, a, b, out, type, n);
    default: return cr_cpu_negative_binomial_isa(isa, K0, K1, first, a, b, out, type, n);
  }
}

template <class T>
void compare(int kind, double a, double b, uint64_t first, size_t n, int type) {
  std::vector<T> got(n + 2, (T)77);
  const int rc = call(kind, a, b, first, got.data() + 1, type, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d kind %d (%.17g, %.17g): returned %d", isa, kind, a, b, rc);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d kind %d first %llu n %zu: writes outside [0, n)", isa, kind,
            (unsigned long long)first, n);
  size_t bad = 0, at = 0;
  for (size_t i = 0; i < n; ++i)
    if (got[i + 1] != (T)reference(kind, a, b, first + i) && !bad++) at = i;
  CRT_CHECK(bad == 0, "isa %d kind %d (%.17g, %.17g) type %d first %llu n %zu: %zu differ, first at %zu (%.17g, want %.17g)",
            isa, kind, a, b, type, (unsigned long long)first, n, bad, at, (double)got[at + 1],
            reference(kind, a, b, first + at));
}

void each_start(int kind, double a, double b) {
  for (uint64_t first : {0ull, 5ull, 4294967291ull, (1ull << 62) - 1500})
    for (size_t n : {0, 1, 7, 513, 1500}) compare<double>(kind, a, b, first, n, CR_TYPE_F64);
  if (kind == BINOMIAL && a > 2147483647.0) return;  // counts int32 and uint32 cannot hold
  compare<int32_t>(kind, a, b, 3, 700, CR_TYPE_I32);
  compare<uint32_t>(kind, a, b, 3, 700, CR_TYPE_U32);
}

void test_values() {
  // Poisson: inversion (λ < 10, near the cap), PTRS from 10, large means
  for (double lam : {0.0, 1e-300, 0.3, 4.5, 9.999999999999998, 10.0, 37.25, 1e4, 1e9}) each_start(POISSON, lam, 0.0);
  // binomial: no draw, inversion, BTRS from count·p' = 10, p > ½, huge counts
  const double bin[][2] = {{0, 0.5}, {7, 0}, {7, 1}, {20, 0.3}, {100, 0.1}, {100, 0.0999}, {1e6, 0.4}, {1e6, 0.6},
                           {3, 0.9999}, {2147483647.0, 0.5}, {9007199254740992.0, 1e-9}, {1e9, 1e-15}};
  for (const auto& c : bin) each_start(BINOMIAL, c[0], c[1]);
  compare<double>(BINOMIAL, 4503599627370496.0, 0.25, 11, 600, CR_TYPE_F64);
  // negative binomial: r below and above 1, means below and above PTRS's 10, p = 1
  const double nb[][2] = {{5, 0.3}, {0.5, 0.5}, {1, 0.01}, {30, 0.9}, {2.5, 1.0}, {1e3, 0.2}};
  for (const auto& c : nb) each_start(NEGBIN, c[0], c[1]);
}

/** Tables are per parameter: alternating parameters, and a parameter again after others, keep their values. */
void test_tables() {
  const double ps[][2] = {{1e6, 0.4}, {200, 0.3}, {1e6, 0.4}, {50, 0.1}, {1e6, 0.4000000000000001}};
  for (const auto& c : ps) compare<double>(BINOMIAL, c[0], c[1], 99, 2000, CR_TYPE_F64);
  for (double lam : {3.0, 1e4, 3.0, 1e4 + 1}) compare<double>(POISSON, lam, 0.0, 99, 2000, CR_TYPE_F64);
}

/** The vector inversion at chosen uniforms: each λ's summed pmf F_k (as the scalar search sums it) and its
 *  neighbours, where a drift of one ulp in any lane's F changes the count — the keyed streams almost
 *  never land there. */
void test_inversions() {
  std::vector<double> lam, A, want;
  for (double l : {0.0, 1e-300, 1e-9, 0.3, 1.0, 2.5, 4.75, 7.0, 9.5, 9.999999999999998}) {
    const cr_poisson_state s = cr_poisson_setup(l);
    double p = s.p0, F = p;
    for (double k = 0.0; k <= 40.0; k = k + 1.0) {
      if (k > 0.0) p = p * l / k, F = F + p;
      for (double a : {nextafter(F, 0.0), F, nextafter(F, 2.0)})
        if (a < 1.0) lam.push_back(l), A.push_back(a), want.push_back(cr_count_direct().poisson_inversion(a, s));
    }
    for (double a : {0.0, 0.5, 0.9999999999999999}) lam.push_back(l), A.push_back(a), want.push_back(cr_count_direct().poisson_inversion(a, s));
  }
  for (unsigned m : {(unsigned)lam.size(), 1u, 5u, 13u}) {
    std::vector<double> got(m + 1, 77.0);
    if (isa == CR_ISA_AVX512) cr_cpu_poisson_inversions_avx512(lam.data(), A.data(), got.data(), m);
    else cr_cpu_poisson_inversions_avx2(lam.data(), A.data(), got.data(), m);
    size_t bad = 0, at = 0;
    for (unsigned i = 0; i < m; ++i)
      if (got[i] != want[i] && !bad++) at = i;
    CRT_CHECK(bad == 0 && got[m] == 77.0, "isa %d inversions m %u: %zu differ, first at λ %.17g A %.17g (%g, want %g)", isa, m,
              bad, lam[at], A[at], got[at], want[at]);
  }
}

/** The binomial inversion lanes (one p' per call, a count per lane) at chosen uniforms: each count's summed
 *  pmf F_k as the scalar search sums it, its neighbours, and uniforms past F_cap (the cap: min(n, 110)). */
void test_binomial_inversions() {
  size_t capped = 0;
  for (double pp : {1e-12, 0.001, 0.0101, 0.1, 0.3, 0.5}) {
    std::vector<double> n, A, want;
    for (double c : {1.0, 2.0, 3.0, 7.0, 19.0, 40.0, 99.0, 110.0, 111.0, 250.0, 1e6, 1e12}) {
      if (!(c * pp < CR_BINOMIAL_BTRS_FROM)) continue;
      const cr_binomial_state s = cr_binomial_setup(c, pp);
      if (s.method != 1) continue;
      double p = s.p0, F = p;
      for (double k = 0.0; k <= s.cap + 1.0; k = k + 1.0) {
        if (k > 0.0) p = p * s.r * (c - k + 1.0) / k, F = F + p;
        for (double a : {nextafter(F, 0.0), F, nextafter(F, 2.0)})
          if (a < 1.0) n.push_back(c), A.push_back(a), want.push_back(cr_count_direct().binomial_inversion(a, s));
      }
      for (double a : {0.0, 0.5, 0.9999999999999999}) n.push_back(c), A.push_back(a), want.push_back(cr_count_direct().binomial_inversion(a, s));
    }
    const double lp = cr_log1p(-pp), r = pp / (1.0 - pp);
    for (unsigned m : {(unsigned)n.size(), 1u, 5u, 13u}) {
      std::vector<double> got(m + 1, 77.0);
      if (isa == CR_ISA_AVX512) cr_cpu_binomial_inversions_avx512(n.data(), A.data(), lp, r, got.data(), m);
      else cr_cpu_binomial_inversions_avx2(n.data(), A.data(), lp, r, got.data(), m);
      size_t bad = 0, at = 0;
      for (unsigned i = 0; i < m; ++i) {
        if (m == n.size()) capped += want[i] < 0.0;
        if (got[i] != want[i] && !bad++) at = i;
      }
      CRT_CHECK(bad == 0 && got[m] == 77.0, "isa %d binomial inversions p' %g m %u: %zu differ, first at n %.17g A %.17g (%g, want %g)",
                isa, pp, m, bad, n[at], A[at], got[at], want[at]);
    }
  }
  CRT_CHECK(capped > 0, "no uniform past a cap was tried");
}

/** BTRS's squeeze lanes at chosen uniforms: the squeeze's edge urvr and its neighbours, and the A where k
 *  steps, for states of counts and p' of every kind, against cr_binomial_draw (-2: past the squeeze). */
void test_btrs_squeezes() {
  std::vector<double> A, vr, urvr, a, b, c, n, want;
  for (double cnt : {10.0, 21.0, 100.0, 4095.0, 5000.0, 1e6, 2147483647.0, 1e15})
    for (double pp : {0.01, 0.1, 0.3, 0.4999999, 0.5}) {
      if (!(cnt * pp >= CR_BINOMIAL_BTRS_FROM)) continue;
      const cr_binomial_state s = cr_binomial_setup(cnt, pp);
      uint32_t w[4] = {0, 0, 0x12345678u, 0x9abcdef0u};
      for (int q = 0; q <= 64; ++q) {
        double x = q == 64 ? s.urvr : s.urvr * q / 64.0;
        for (double v : {nextafter(x, 0.0), x, nextafter(x, 2.0)}) {
          if (!(v >= 0.0 && v < 1.0)) continue;
          A.push_back(v), vr.push_back(s.vr), urvr.push_back(s.urvr), a.push_back(s.a), b.push_back(s.b);
          c.push_back(s.c), n.push_back(s.n);
          // the scalar draw from these words' A: the squeeze reads only A (w's words 0, 1 give it)
          const uint64_t u = (uint64_t)(v * 9007199254740992.0);
          w[0] = (uint32_t)(u >> 26) << 5, w[1] = (uint32_t)(u & 0x3ffffff) << 6;
          want.push_back(v <= s.urvr ? cr_binomial_draw(s, w, cr_count_direct()) : -2.0);
        }
      }
    }
  for (unsigned m : {(unsigned)A.size(), 1u, 6u, 15u}) {
    std::vector<double> got(m + 1, 77.0);
    if (isa == CR_ISA_AVX512) cr_cpu_btrs_squeezes_avx512(A.data(), vr.data(), urvr.data(), a.data(), b.data(), c.data(), n.data(), got.data(), m);
    else cr_cpu_btrs_squeezes_avx2(A.data(), vr.data(), urvr.data(), a.data(), b.data(), c.data(), n.data(), got.data(), m);
    size_t bad = 0, at = 0;
    for (unsigned i = 0; i < m; ++i)
      if (got[i] != want[i] && !bad++) at = i;
    CRT_CHECK(bad == 0 && got[m] == 77.0, "isa %d squeezes m %u: %zu differ, first at n %.17g A %.17g (%g, want %g)", isa, m,
              bad, n[at], A[at], got[at], want[at]);
  }
}

/**
 * BTRS past its squeeze (cr_cpu_btrs_bounds_*) against cr_binomial_draw: proposals with A above urvr from
 * Philox words, lanes of mixed states side by side — n·p' from 10 (Stirling terms below 16, deviances
 * outside the vector log1p's range: the scalar lanes) to 2.5e14 (deviances below 2^-29: its tiny
 * form), both branches (A past vr or not), k out of [0, n] — and the k = 0 or n lanes left to the caller.
 */
void test_btrs_bounds() {
  std::vector<cr_binomial_state> states;
  for (double cnt : {10.0, 21.0, 37.0, 100.0, 4095.0, 10000.0, 1e6, 2147483647.0, 1e15})
    for (double pp : {0.01, 0.1, 0.3, 0.4999999, 0.5})
      if (cnt * pp >= CR_BINOMIAL_BTRS_FROM) states.push_back(cr_binomial_setup(cnt, pp));
  std::vector<double> A, B, want;
  std::vector<const cr_binomial_state*> s;
  size_t accepted = 0, rejected = 0, tiny = 0;
  for (uint64_t e = 0; A.size() < 20000; ++e) {
    const cr_binomial_state& t = states[e % states.size()];
    uint32_t w[4];
    cr_count_block(K0, K1, e, 0, CR_TAG_BINOMIAL, w);
    if (!(cr_count_a(w) > t.urvr)) continue;
    const double x = cr_binomial_draw(t, w, cr_count_direct());
    A.push_back(cr_count_a(w)), B.push_back(cr_count_b(w)), s.push_back(&t), want.push_back(x);
    if (x >= 0.0) {
      ++accepted;
      if (fabs((x - t.np) / t.np) < 1.862645149230957e-09) ++tiny;
    } else {
      ++rejected;
    }
  }
  CRT_CHECK(accepted > 1000 && rejected > 1000 && tiny > 10, "bounds: %zu accepted, %zu rejected, %zu tiny deviances",
            accepted, rejected, tiny);
  for (unsigned m : {(unsigned)A.size(), 1u, 7u, 13u}) {
    std::vector<double> got(m + 1, 77.0);
    if (isa == CR_ISA_AVX512) cr_cpu_btrs_bounds_avx512(A.data(), B.data(), s.data(), got.data(), m);
    else cr_cpu_btrs_bounds_avx2(A.data(), B.data(), s.data(), got.data(), m);
    size_t bad = 0, at = 0, edge = 0;
    for (unsigned i = 0; i < m; ++i) {
      if (got[i] == -2.0) {  // k = 0 or n: the caller's scalar draw
        if (!(want[i] == -1.0 || want[i] == 0.0 || want[i] == s[i]->n) && !bad++) at = i;
        ++edge;
        continue;
      }
      if (got[i] != want[i] && !bad++) at = i;
    }
    CRT_CHECK(bad == 0 && got[m] == 77.0, "isa %d bounds m %u: %zu differ, first at n %.17g p %.17g A %.17g (%g, want %g)",
              isa, m, bad, s[at]->n, s[at]->pp, A[at], got[at], want[at]);
    CRT_CHECK(edge < m / 100 + 1, "isa %d bounds m %u: %zu lanes left to the scalar draw", isa, m, edge);
  }
}

/** Elements [first, first + n) of multinomial rows, the scalar way: row by row, component by component. */
std::vector<double> multinomial_reference(double count, const std::vector<double>& w, uint64_t first, size_t n) {
  const uint32_t K = (uint32_t)w.size();
  std::vector<double> tail(K), out(n);
  cr_weight_tails(w.data(), K, tail.data());
  for (uint64_t row = first / K; row * K < first + n; ++row) {
    double rest = count;
    for (uint32_t j = 0; j < K; ++j) {
      const double x = cr_multinomial_component(K0, K1, row * K, j, K, rest, w.data(), tail.data());
      rest = rest - x;
      const uint64_t e = row * K + j;
      if (e >= first && e < first + n) out[e - first] = x;
    }
  }
  return out;
}

template <class T>
void compare_multinomial(double count, const std::vector<double>& w, uint64_t first, size_t n, int type) {
  std::vector<T> got(n + 2, (T)77);
  const int rc = cr_cpu_multinomial_isa(isa, K0, K1, first, count, w.data(), (uint32_t)w.size(), got.data() + 1, type, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d multinomial(%.17g, K %zu): returned %d", isa, count, w.size(), rc);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d multinomial K %zu first %llu n %zu: writes outside [0, n)",
            isa, w.size(), (unsigned long long)first, n);
  const std::vector<double> want = multinomial_reference(count, w, first, n);
  size_t bad = 0, at = 0;
  for (size_t i = 0; i < n; ++i)
    if (got[i + 1] != (T)want[i] && !bad++) at = i;
  CRT_CHECK(bad == 0, "isa %d multinomial(%.17g, K %zu) type %d first %llu n %zu: %zu differ, first at %zu (%.17g, want %.17g)",
            isa, count, w.size(), type, (unsigned long long)first, n, bad, at, bad ? (double)got[at + 1] : 0.0,
            bad ? want[at] : 0.0);
}

void test_multinomial() {
  const std::vector<std::vector<double>> ws = {
      {1.0},                                       // K = 1: every row is the count
      std::vector<double>(10, 0.1),                // n·p' around 10: both methods in one component
      {0.5, 0.3, 0.2},                             // BTRS, flipped (p' = 1 − 0.6)
      {0.0, 2.0, 0.0, 1.0, 0.0, 0.0},              // zeros, and p = 1 after the last positive weight
      {1e-300, 1.0, 1.0},                          // a p' that rounds n·p' to 0
      {0.9, 0.05, 0.05},                           // p > ½ first
      {0.5, 0.5},                                  // K = 2: one BTRS state for component 0's rows
  };
  for (double count : {0.0, 1.0, 7.0, 100.0, 10000.0, 2147483647.0})
    for (const auto& w : ws)
      for (uint64_t first : {0ull, 4ull, 4294967291ull})
        for (size_t n : {0, 1, 11, 700, 2000}) compare_multinomial<double>(count, w, first, n, CR_TYPE_F64);
  std::vector<double> w100(100, 0.01), w4096(4096), w300(300);
  for (size_t i = 0; i < w4096.size(); ++i) w4096[i] = 1.0 + (double)(i % 5);
  for (size_t i = 0; i < w300.size(); ++i) w300[i] = 1.0 + (double)(i % 3);
  compare_multinomial<int32_t>(20, w100, 50, 30000, CR_TYPE_I32);
  compare_multinomial<uint32_t>(100000, w300, 3, 9000, CR_TYPE_U32);  // many (n, p) pairs: memo collisions
  compare_multinomial<double>(5000, w4096, 4000, 9000, CR_TYPE_F64);   // one row per chunk
  compare_multinomial<double>(1e15, {0.25, 0.25, 0.5}, (1ull << 62) - 3000, 3000, CR_TYPE_F64);
}

void test_refusals() {
  double out[2] = {5, 5};
  float f[2] = {5, 5};
  const int a = cr_cpu_isa();
  if (a == CR_ISA_NONE) return;
  CRT_CHECK(cr_cpu_poisson_isa(a, 1, 2, 0, -1.0, out, CR_TYPE_F64, 2) == CR_EINVAL, "λ < 0");
  CRT_CHECK(cr_cpu_poisson_isa(a, 1, 2, 0, NAN, out, CR_TYPE_F64, 2) == CR_EINVAL, "λ NaN");
  CRT_CHECK(cr_cpu_poisson_isa(a, 1, 2, 0, 2147483000.0, out, CR_TYPE_I32, 2) == CR_EINVAL, "λ too large for int32");
  CRT_CHECK(cr_cpu_poisson_isa(a, 1, 2, 0, 1.0, f, CR_TYPE_F32, 2) == CR_EINVAL, "float32 out");
  CRT_CHECK(cr_cpu_binomial_isa(a, 1, 2, 0, 2.5, 0.5, out, CR_TYPE_F64, 2) == CR_EINVAL, "count not an integer");
  CRT_CHECK(cr_cpu_binomial_isa(a, 1, 2, 0, 4294967296.0, 0.5, out, CR_TYPE_U32, 2) == CR_EINVAL, "count too large");
  CRT_CHECK(cr_cpu_binomial_isa(a, 1, 2, 0, 10, 1.5, out, CR_TYPE_F64, 2) == CR_EINVAL, "p > 1");
  CRT_CHECK(cr_cpu_binomial_isa(a, 1, 2, 0, 10, NAN, out, CR_TYPE_F64, 2) == CR_EINVAL, "p NaN");
  CRT_CHECK(cr_cpu_negative_binomial_isa(a, 1, 2, 0, 0.0, 0.5, out, CR_TYPE_F64, 2) == CR_EINVAL, "r = 0");
  CRT_CHECK(cr_cpu_negative_binomial_isa(a, 1, 2, 0, INFINITY, 0.5, out, CR_TYPE_F64, 2) == CR_EINVAL, "r inf");
  CRT_CHECK(cr_cpu_negative_binomial_isa(a, 1, 2, 0, 5, 0.0, out, CR_TYPE_F64, 2) == CR_EINVAL, "p = 0");
  CRT_CHECK(cr_cpu_negative_binomial_isa(a, 1, 2, 0, 1e9, 1e-3, out, CR_TYPE_I32, 2) == CR_EINVAL, "mean too large");
  const double w3[3] = {1.0, 2.0, 3.0}, wneg[2] = {1.0, -1.0}, wnan[2] = {1.0, NAN}, wzero[2] = {0.0, 0.0};
  const double whuge[2] = {1.7e308, 1.7e308};
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 2.5, w3, 3, out, CR_TYPE_F64, 2) == CR_EINVAL, "multinomial count 2.5");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 3e9, w3, 3, out, CR_TYPE_I32, 2) == CR_EINVAL, "count over int32");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, wneg, 2, out, CR_TYPE_F64, 2) == CR_EINVAL, "a negative weight");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, wnan, 2, out, CR_TYPE_F64, 2) == CR_EINVAL, "a NaN weight");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, wzero, 2, out, CR_TYPE_F64, 2) == CR_EINVAL, "all weights zero");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, whuge, 2, out, CR_TYPE_F64, 2) == CR_EINVAL, "an infinite total");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, w3, 0, out, CR_TYPE_F64, 2) == CR_EINVAL, "K = 0");
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, w3, 3, f, CR_TYPE_F32, 2) == CR_EINVAL, "multinomial float32 out");
  std::vector<double> w5000(5000, 1.0);
  CRT_CHECK(cr_cpu_multinomial_isa(a, 1, 2, 0, 10, w5000.data(), 5000, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED,
            "K > 4096 declines");
  CRT_CHECK(out[0] == 5 && out[1] == 5 && f[0] == 5, "a refusal wrote");
  CRT_CHECK(cr_cpu_poisson_isa(a, 1, 2, (1ull << 62) - 1, 1.0, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED && out[0] == 5,
            "past 2^62 elements: declines, writes nothing");
}

}  // namespace

int main() {
  test_refusals();
  for (isa = CR_ISA_AVX2; isa <= CR_ISA_AVX512; ++isa) {
    if (isa > cr_cpu_isa_cpu()) {
      double out[2] = {5, 5};
      CRT_CHECK(cr_cpu_binomial_isa(isa, 1, 2, 0, 10, 0.5, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED && out[0] == 5,
                "isa %d is not supported here: it must decline and write nothing", isa);
      printf("test_cpu_counts: isa %d not supported here: only its decline was checked\n", isa);
      continue;
    }
    test_values();
    test_tables();
    test_inversions();
    test_binomial_inversions();
    test_btrs_squeezes();
    test_btrs_bounds();
    test_multinomial();
  }
  return crt::report("test_cpu_counts");
}
