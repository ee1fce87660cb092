// Host test of the host SIMD kernels (cuda/src/cpu_kernels*.cpp, cr_api_cpu.h), each instruction set
// this CPU runs (AVX2, AVX-512), against the scalar work objects the CUDA kernels run (cr_discrete.h
// cr_visit_integers, cr_visit_prob): for integers every range class (tiny, around powers of two,
// r = 2^32, wide, wide with rejections one in 2049) and every output type the range allows; for
// bernoulli p at 0, 1, the smallest subnormal, 2^-53 and its neighbours, and in between, one p or one
// per element (float32 or float64), every output type; starts inside a group and across the 2^32-block carry of the counter, lengths from 0 up, and
// guards on both sides of the output. An instruction set the CPU lacks must decline and write nothing.
// host-test: sources cuda/src/cpu_kernels.cpp cuda/src/cpu_kernels_avx2.cpp cuda/src/cpu_kernels_avx512.cpp
#include <math.h>
#include <string.h>

#include <vector>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_discrete.h"
#include "cr_uniform.h"
#include "cr_test.h"

using crt::HostRun;

namespace {

struct Range { int64_t low, high; };

int isa = CR_ISA_NONE;  // the instruction set under test

template <class T>
void compare(uint32_t k0, uint32_t k1, uint64_t first, Range g, int type, size_t n) {
  const T guard = (T)77;
  std::vector<T> want(n + 2, guard), got(n + 2, guard);
  const cr_int_plan p = cr_integers_plan(g.low, g.high);
  cr_visit_integers(HostRun{}, want.data() + 1, type, n, k0, k1, first, p);
  const int rc = cr_cpu_integers_isa(isa, k0, k1, first, g.low, g.high, got.data() + 1, type, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d [%lld, %lld) type %d: returned %d", isa, (long long)g.low, (long long)g.high, type, rc);
  CRT_CHECK(got[0] == guard && got[n + 1] == guard, "[%lld, %lld) type %d first %llu n %zu: writes outside [0, n)",
            (long long)g.low, (long long)g.high, type, (unsigned long long)first, n);
  size_t bad = 0, at = 0;
  for (size_t i = 1; i <= n; ++i) {
    if (got[i] != want[i] && bad++ == 0) at = i - 1;
  }
  CRT_CHECK(bad == 0, "isa %d [%lld, %lld) type %d first %llu n %zu: %zu elements differ, first at %zu (%.17g, want %.17g)",
            isa, (long long)g.low, (long long)g.high, type, (unsigned long long)first, n, bad, at,
            (double)got[at + 1], (double)want[at + 1]);
}

void test_values() {
  const int64_t two31 = 2147483648ll, two32 = 4294967296ll, two53 = 9007199254740992ll;
  const Range ranges[] = {
      {0, 1}, {0, 2}, {0, 3}, {-5, 7}, {0, 1000000}, {0, two31 + 1}, {0, two32 - 1}, {0, two32},
      {-two31, two31}, {-two31, two31 - 5}, {7, 7 + 3 * (two31 / 3)},
      {0, two32 + 1}, {0, 1ll << 40}, {-(two53 / 2), two53 / 2}, {-12345, two53 - 12346},
      {0, (int64_t)(18446744073709551615ull / 2049 + 1)},  // rejects one wide proposal in 2049
      {-(two53 - 1), -(two53 - 1) + (two32 + 3)},
  };
  const uint64_t firsts[] = {0, 1, 3, 5, 31, 33, 4 * (two32 - 3) + 1, 2 * (two32 - 5) + 1, (1ull << 62) + 7,
                             0x7fffffffffffe000ull};  // the last: first + n stays below 2^63, the domain
  const size_t lengths[] = {0, 1, 7, 16, 33, 257, 5000};
  uint32_t k0 = 0x12345678u, k1 = 0x9abcdef0u;
  for (const Range& g : ranges) {
    for (uint64_t first : firsts) {
      for (size_t n : lengths) {
        k0 = k0 * 1664525u + 1013904223u, k1 ^= k0 >> 7;
        compare<double>(k0, k1, first, g, CR_TYPE_F64, n);
        if (g.low >= -two31 && g.high <= two31) compare<int32_t>(k0, k1, first, g, CR_TYPE_I32, n);
        if (g.low >= 0 && g.high <= two32) compare<uint32_t>(k0, k1, first, g, CR_TYPE_U32, n);
      }
    }
  }
  // a long run, where almost every element of [0, 2^31 + 1) goes through the vector retries
  compare<uint32_t>(1, 2, 12345, {0, two31 + 1}, CR_TYPE_U32, 200000);
  compare<double>(3, 4, 99, {0, (int64_t)(18446744073709551615ull / 2049 + 1)}, CR_TYPE_F64, 200000);
}

template <class T>
void compare_bernoulli(uint32_t k0, uint32_t k1, uint64_t first, double p, int type, size_t n) {
  const T guard = (T)77;
  std::vector<T> want(n + 2, guard), got(n + 2, guard);
  cr_prob_view v{};
  v.p = p;
  cr_visit_prob(HostRun{}, CR_BERNOULLI, want.data() + 1, type, n, k0, k1, first, v);
  const int rc = cr_cpu_bernoulli_isa(isa, k0, k1, first, p, got.data() + 1, type, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d bernoulli p %.17g type %d: returned %d", isa, p, type, rc);
  CRT_CHECK(got[0] == guard && got[n + 1] == guard, "isa %d bernoulli p %.17g type %d first %llu n %zu: writes outside [0, n)",
            isa, p, type, (unsigned long long)first, n);
  size_t bad = 0, at = 0;
  for (size_t i = 1; i <= n; ++i) {
    if (got[i] != want[i] && bad++ == 0) at = i - 1;
  }
  CRT_CHECK(bad == 0, "isa %d bernoulli p %.17g type %d first %llu n %zu: %zu elements differ, first at %zu", isa, p,
            type, (unsigned long long)first, n, bad, at);
}

void test_bernoulli() {
  const double ps[] = {0, 5e-324, 1.1102230246251565e-16 /* 2^-53 */, 1.1102230246251568e-16, 1.1102230246251563e-16,
                       1e-3, 0.3, 0.5, 0.7, 1 - 1.1102230246251565e-16, 1};
  const uint64_t firsts[] = {0, 1, 3, 63, 65, 2 * (4294967296ull - 5) + 1, (1ull << 62) + 7, 0x7fffffffffffe000ull};
  const size_t lengths[] = {0, 1, 7, 64, 65, 1000};
  uint32_t k0 = 0x2468ace0u, k1 = 0x13579bdfu;
  for (double p : ps) {
    for (uint64_t first : firsts) {
      for (size_t n : lengths) {
        k0 = k0 * 1664525u + 1013904223u, k1 ^= k0 >> 9;
        compare_bernoulli<uint8_t>(k0, k1, first, p, CR_TYPE_U8, n);
        compare_bernoulli<int32_t>(k0, k1, first, p, CR_TYPE_I32, n);
        compare_bernoulli<uint32_t>(k0, k1, first, p, CR_TYPE_U32, n);
        compare_bernoulli<float>(k0, k1, first, p, CR_TYPE_F32, n);
        compare_bernoulli<double>(k0, k1, first, p, CR_TYPE_F64, n);
      }
    }
  }
  compare_bernoulli<uint8_t>(9, 10, 12345, 0.3, CR_TYPE_U8, 200000);
  // p exactly at one element's uniform u: that element is 0 (u < p is strict); the next double above u
  // makes it 1 — the edge of ⌈p·2^53⌉
  const uint64_t e = 12345 + 17;
  const uint32_t ctr[4] = {(uint32_t)(e / 2), 0, 0, CR_TAG_RAW}, key[2] = {9, 10};
  uint32_t w[4];
  cr_philox4x32_10(ctr, key, w);
  const double u = ((double)(w[2 * (e & 1)] >> 5) * 67108864.0 + (double)(w[2 * (e & 1) + 1] >> 6)) * 1.1102230246251565e-16;
  for (double p : {u, nextafter(u, 2.0)}) {
    compare_bernoulli<uint8_t>(9, 10, 12345, p, CR_TYPE_U8, 64);
    uint8_t got[64];
    cr_cpu_bernoulli_isa(isa, 9, 10, 12345, p, got, CR_TYPE_U8, 64);
    CRT_CHECK(got[17] == (p > u ? 1 : 0), "isa %d bernoulli at p = u%s: element %d", isa, p > u ? "+" : "", got[17]);
  }
}

template <class T, class P>
void compare_bernoulli_each(uint32_t k0, uint32_t k1, uint64_t first, const std::vector<P>& ps, int type) {
  const size_t n = ps.size();
  const T guard = (T)77;
  std::vector<T> want(n + 2, guard), got(n + 2, guard);
  cr_prob_view v{};
  v.values = ps.data();
  v.f32 = sizeof(P) == 4;
  cr_visit_prob(HostRun{}, CR_BERNOULLI, want.data() + 1, type, n, k0, k1, first, v);
  const int pt = sizeof(P) == 4 ? CR_TYPE_F32 : CR_TYPE_F64;
  const int rc = cr_cpu_bernoulli_each_isa(isa, k0, k1, first, ps.data(), pt, got.data() + 1, type, n);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d bernoulli per element type %d: returned %d", isa, type, rc);
  size_t bad = 0, at = 0;
  for (size_t i = 0; i <= n + 1; ++i) {
    if (got[i] != want[i] && bad++ == 0) at = i;
  }
  CRT_CHECK(bad == 0, "isa %d bernoulli per element (p %s) type %d first %llu n %zu: %zu differ (slot %zu of n + 2)", isa,
            sizeof(P) == 4 ? "f32" : "f64", type, (unsigned long long)first, n, bad, at);
}

void test_bernoulli_each() {
  const uint64_t firsts[] = {0, 1, 3, 63, 65, 2 * (4294967296ull - 5) + 1, 0x7fffffffffffe000ull};
  const size_t lengths[] = {0, 1, 7, 64, 65, 1000};
  const double edges[] = {0, 5e-324, 1.1102230246251565e-16, 1e-3, 0.5, 1 - 1.1102230246251565e-16, 1};
  uint32_t k0 = 0x51ed270bu, k1 = 0x9e3779b9u, r = 12345;
  for (uint64_t first : firsts) {
    for (size_t n : lengths) {
      k0 = k0 * 1664525u + 1013904223u, k1 ^= k0 >> 13;
      std::vector<double> p64(n);
      std::vector<float> p32(n);
      for (size_t i = 0; i < n; ++i) {
        r = r * 1103515245u + 12345u;
        p64[i] = i % 5 == 0 ? edges[(i / 5) % 7] : (double)(r >> 8) * 5.9604644775390625e-08;
        p32[i] = (float)p64[i];
      }
      compare_bernoulli_each<uint8_t>(k0, k1, first, p64, CR_TYPE_U8);
      compare_bernoulli_each<uint8_t>(k0, k1, first, p32, CR_TYPE_U8);
      compare_bernoulli_each<int32_t>(k0, k1, first, p64, CR_TYPE_I32);
      compare_bernoulli_each<uint32_t>(k0, k1, first, p32, CR_TYPE_U32);
      compare_bernoulli_each<float>(k0, k1, first, p64, CR_TYPE_F32);
      compare_bernoulli_each<double>(k0, k1, first, p32, CR_TYPE_F64);
    }
  }
  // each element's own uniform as its p (0: u < p is strict), and the next double above it (1)
  const uint64_t first = 777;
  std::vector<uint32_t> w(2 * 200);
  cr_raw_stream_host(3, 4, 2 * first, w.data(), 2 * 200);
  std::vector<double> at(200), above(200);
  for (size_t i = 0; i < 200; ++i) {
    at[i] = cr_u01_f64(w[2 * i], w[2 * i + 1]);
    above[i] = nextafter(at[i], 2.0);
  }
  compare_bernoulli_each<uint8_t>(3, 4, first, at, CR_TYPE_U8);
  compare_bernoulli_each<uint8_t>(3, 4, first, above, CR_TYPE_U8);
  std::vector<uint8_t> got(200);
  cr_cpu_bernoulli_each_isa(isa, 3, 4, first, at.data(), CR_TYPE_F64, got.data(), CR_TYPE_U8, 200);
  size_t ones = 0;
  for (uint8_t g : got) ones += g;
  CRT_CHECK(ones == 0, "isa %d: p = the element's own uniform gave %zu ones", isa, ones);
  cr_cpu_bernoulli_each_isa(isa, 3, 4, first, above.data(), CR_TYPE_F64, got.data(), CR_TYPE_U8, 200);
  ones = 0;
  for (uint8_t g : got) ones += g;
  CRT_CHECK(ones == 200, "isa %d: p just above each element's uniform gave %zu ones of 200", isa, ones);
}

void test_map() {
  const uint64_t firsts[] = {0, 1, 3, 5, 63, 65, 4 * (4294967296ull - 3) + 1, 2 * (4294967296ull - 5) + 1, (1ull << 62) + 7,
                             0x7fffffffffffe000ull};
  const size_t lengths[] = {0, 1, 7, 64, 65, 129, 1000};
  const double ranges[][2] = {{0, 1}, {-1, 1}, {0.1, 0.7}, {-3e300, 1e300}, {5e-324, 1e-323}, {1e15, 1e15 + 3}, {-2, -1.5}};
  uint32_t k0 = 0x0badf00du, k1 = 0xfeedfaceu;
  for (uint64_t first : firsts) {
    for (size_t n : lengths) {
      k0 = k0 * 1664525u + 1013904223u, k1 ^= k0 >> 11;
      std::vector<uint32_t> want(n + 2, 77u), got(n + 2, 77u);
      cr_raw_stream_host(k0, k1, first, want.data() + 1, n);
      CRT_CHECK(cr_cpu_bits_isa(isa, k0, k1, first, got.data() + 1, n) == CR_CPU_DONE, "isa %d bits: declined", isa);
      CRT_CHECK(got == want, "isa %d bits first %llu n %zu differ (or wrote outside [0, n))", isa, (unsigned long long)first, n);
      std::vector<uint32_t> w(2 * n + 2);
      cr_raw_stream_host(k0, k1, 2 * first, w.data(), 2 * n);
      for (const auto& r : ranges) {
        const double low = r[0], high = r[1], span = high - low;
        const bool unit = low == 0 && high == 1;
        std::vector<double> d(n + 2, 77.0);
        std::vector<float> f(n + 2, 77.0f);
        CRT_CHECK(cr_cpu_uniform_isa(isa, k0, k1, first, low, high, d.data() + 1, CR_TYPE_F64, n) == CR_CPU_DONE, "declined");
        CRT_CHECK(cr_cpu_uniform_isa(isa, k0, k1, first, low, high, f.data() + 1, CR_TYPE_F32, n) == CR_CPU_DONE, "declined");
        CRT_CHECK(d[0] == 77.0 && d[n + 1] == 77.0 && f[0] == 77.0f && f[n + 1] == 77.0f, "isa %d uniform: writes outside [0, n)", isa);
        size_t bad64 = 0, bad32 = 0;
        for (size_t i = 0; i < n; ++i) {
          const double ref = cr_uniform_f64(w[2 * i], w[2 * i + 1], unit, low, span);
          bad64 += memcmp(&d[i + 1], &ref, 8) != 0;  // bit patterns: −0 and +0 differ
          bad32 += f[i + 1] != cr_uniform_f32(want[i + 1], unit, low, span);
        }
        CRT_CHECK(bad64 == 0 && bad32 == 0, "isa %d uniform [%g, %g) first %llu n %zu: %zu float64, %zu float32 differ", isa,
                  low, high, (unsigned long long)first, n, bad64, bad32);
      }
    }
  }
}

void test_refusals() {
  double out[4] = {5, 5, 5, 5};
  const struct { int64_t low, high; int type; } bad[] = {
      {3, 3, CR_TYPE_F64}, {4, 3, CR_TYPE_I32}, {0, 2147483649ll, CR_TYPE_I32}, {-1, 5, CR_TYPE_U32},
      {0, 4294967297ll, CR_TYPE_U32}, {-1, 9007199254740992ll, CR_TYPE_F64}, {0, 5, CR_TYPE_F32}, {0, 5, 99},
  };
  for (const auto& b : bad) {
    const int rc = cr_cpu_integers(1, 2, 0, b.low, b.high, out, b.type, 4);
    CRT_CHECK(rc == CR_EINVAL, "[%lld, %lld) type %d: returned %d, want CR_EINVAL", (long long)b.low, (long long)b.high,
              b.type, rc);
  }
  CRT_CHECK(out[0] == 5 && out[3] == 5, "a refused call wrote its output");
  for (double p : {-1e-300, 1.0000000000000002, (double)NAN, (double)INFINITY}) {
    CRT_CHECK(cr_cpu_bernoulli(1, 2, 0, p, out, CR_TYPE_F64, 4) == CR_EINVAL, "bernoulli p %g must be refused", p);
  }
  CRT_CHECK(cr_cpu_bernoulli(1, 2, 0, 0.5, out, 99, 4) == CR_EINVAL, "bernoulli type 99 must be refused");
  const double bad_ranges[][2] = {{1, 1}, {2, 1}, {0, (double)INFINITY}, {(double)NAN, 1}, {-1e308, 1e308}};
  for (const auto& r : bad_ranges) {
    CRT_CHECK(cr_cpu_uniform(1, 2, 0, r[0], r[1], out, CR_TYPE_F64, 4) == CR_EINVAL, "uniform [%g, %g) must be refused", r[0], r[1]);
  }
  CRT_CHECK(cr_cpu_uniform(1, 2, 0, 0, 1, out, CR_TYPE_U32, 4) == CR_EINVAL, "uniform into uint32 must be refused");
  const double ps[4] = {0.5, 0.5, 0.5, 0.5};
  CRT_CHECK(cr_cpu_bernoulli_each(1, 2, 0, ps, CR_TYPE_U32, out, CR_TYPE_F64, 4) == CR_EINVAL, "p of type uint32 must be refused");
  CRT_CHECK(cr_cpu_bernoulli_each(1, 2, 0, ps, CR_TYPE_F64, out, 99, 4) == CR_EINVAL, "out type 99 must be refused");
  CRT_CHECK(out[0] == 5 && out[3] == 5, "a refused bernoulli call wrote its output");
}

}  // namespace

int main() {
  test_refusals();
  printf("test_cpu_kernels: this CPU runs '%s'\n", cr_cpu_simd());
  CRT_CHECK(cr_cpu_isa() == cr_cpu_isa_cpu(), "the self-test refused instruction set %d of this build (it chose %d)",
            cr_cpu_isa_cpu(), cr_cpu_isa());
  for (isa = CR_ISA_AVX2; isa <= CR_ISA_AVX512; ++isa) {
    if (isa > cr_cpu_isa_cpu()) {  // must decline and write nothing
      double out[2] = {5, 5};
      CRT_CHECK(cr_cpu_integers_isa(isa, 1, 2, 0, 0, 10, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED && out[0] == 5,
                "isa %d is not supported here: it must decline and write nothing", isa);
      CRT_CHECK(cr_cpu_bernoulli_isa(isa, 1, 2, 0, 0.5, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED && out[0] == 5,
                "isa %d is not supported here: bernoulli must decline and write nothing", isa);
      CRT_CHECK(cr_cpu_uniform_isa(isa, 1, 2, 0, 0, 1, out, CR_TYPE_F64, 2) == CR_CPU_DECLINED && out[0] == 5,
                "isa %d is not supported here: uniform must decline and write nothing", isa);
      printf("test_cpu_kernels: isa %d not supported here: only its decline was checked\n", isa);
      continue;
    }
    test_values();
    test_bernoulli();
    test_bernoulli_each();
    test_map();
  }
  return crt::report("test_cpu_kernels");
}
