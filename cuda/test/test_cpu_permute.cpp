// Host test of the whole permutation's host kernel (cuda/src/cpu_permute.cpp) on each instruction set this CPU
// runs, against the specification's order computed the plain way: every key by the scalar cr_permute_key,
// std::sort by (key, index). Sizes from 1 across the vector groups (63, 64, 65) and the bucket sizes to 2^23,
// several keys, every output type, an output at an odd offset with guards on both sides; keys masked by the
// test hook so that equal high words (long runs, one bucket of everything) and equal whole keys (the index
// decides) are common; the refusals and declines.
// host-test: sources cuda/src/cpu_permute.cpp cuda/src/cpu_kernels.cpp cuda/src/cpu_kernels_avx2.cpp cuda/src/cpu_kernels_avx512.cpp
#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_select.h"
#include "cr_test.h"

namespace {

int isa = CR_ISA_NONE;  // the instruction set under test
const uint64_t ALL = ~0ull;

/** The specification's permutation of [0, n) with keys ANDed with `mask`. */
std::vector<uint32_t> reference(uint32_t k0, uint32_t k1, uint64_t n, uint64_t mask) {
  std::vector<std::pair<uint64_t, uint32_t>> v(n);
  for (uint64_t i = 0; i < n; ++i) v[i] = {cr_permute_key(k0, k1, i) & mask, (uint32_t)i};
  std::sort(v.begin(), v.end());
  std::vector<uint32_t> r(n);
  for (uint64_t j = 0; j < n; ++j) r[j] = v[j].second;
  return r;
}

/** How many adjacent pairs of the reference share a high word / a whole key (the tie paths a case exercises). */
std::pair<uint64_t, uint64_t> ties(uint32_t k0, uint32_t k1, const std::vector<uint32_t>& r, uint64_t mask) {
  uint64_t hi = 0, whole = 0;
  for (size_t j = 1; j < r.size(); ++j) {
    const uint64_t a = cr_permute_key(k0, k1, r[j - 1]) & mask, b = cr_permute_key(k0, k1, r[j]) & mask;
    hi += (a >> 32) == (b >> 32);
    whole += a == b;
  }
  return {hi, whole};
}

/** out[1, n + 1) of T (a guard each side; a 4-byte type also at an odd element offset) against `want`. */
template <class T>
void compare(uint32_t k0, uint32_t k1, uint64_t n, int type, uint64_t mask, const std::vector<uint32_t>& want) {
  std::vector<T> got(n + 2, (T)77);
  const int rc = cr_cpu_permutation_isa(isa, k0, k1, n, got.data() + 1, type, mask);
  CRT_CHECK(rc == CR_CPU_DONE, "isa %d n %llu type %d: returned %d", isa, (unsigned long long)n, type, rc);
  CRT_CHECK(got[0] == (T)77 && got[n + 1] == (T)77, "isa %d n %llu type %d: writes outside [0, n)", isa,
            (unsigned long long)n, type);
  size_t bad = 0, at = 0;
  for (uint64_t j = 0; j < n; ++j)
    if (got[j + 1] != (T)want[j] && !bad++) at = j;
  CRT_CHECK(bad == 0, "isa %d key (%08x, %08x) n %llu type %d mask %016llx: %zu differ, first at %zu (%.17g, want %u)", isa,
            k0, k1, (unsigned long long)n, type, (unsigned long long)mask, bad, at, (double)got[at + 1], want[at]);
}

void check(uint32_t k0, uint32_t k1, uint64_t n, uint64_t mask = ALL, bool all_types = true) {
  const std::vector<uint32_t> want = reference(k0, k1, n, mask);
  compare<uint32_t>(k0, k1, n, CR_TYPE_U32, mask, want);
  if (!all_types) return;
  compare<int32_t>(k0, k1, n, CR_TYPE_I32, mask, want);
  compare<double>(k0, k1, n, CR_TYPE_F64, mask, want);
}

void test_sizes() {
  const uint32_t keys[][2] = {{0, 0}, {0x243f6a88u, 0x85a308d3u}, {0xffffffffu, 0x13198a2eu}, {7, 0xdeadbeefu}};
  for (const auto& k : keys)
    for (uint64_t n : {1, 2, 3, 31, 32, 33, 63, 64, 65, 127, 1000, 1025, 4095, 4096, 4097, 65537, 100003})
      check(k[0], k[1], n);
  check(keys[1][0], keys[1][1], 1000000);
  check(keys[2][0], keys[2][1], 999999);
  check(keys[3][0], keys[3][1], (1 << 22) + 3, ALL, false);
  // 2^23 + 5: past the largest bucket count (buckets of ~2^11 items), equal high words occur (~2^13 pairs);
  // (2^25 took 18 s of the suite's time for the same paths)
  const std::vector<uint32_t> want = reference(keys[1][0], keys[1][1], (1 << 23) + 5, ALL);
  compare<double>(keys[1][0], keys[1][1], (1 << 23) + 5, CR_TYPE_F64, ALL, want);
}

void test_ties() {
  const uint32_t k0 = 0x3707344au, k1 = 0x40938222u;
  // 10^6 items: equal high words occur by chance (about 116 pairs); check that the case has some
  const std::vector<uint32_t> r = reference(k0, k1, 1000000, ALL);
  CRT_CHECK(ties(k0, k1, r, ALL).first > 0, "10^6 items: no equal high words (the run path untested there)");
  // masked keys: 12 high bits (runs of ~24 at 10^5), 4 (long runs: the sort of a long run), 0 (one bucket of
  // everything); a low word of 16 bits, so that whole keys tie and the index decides
  const uint64_t masks[] = {0xFFF00000FFFFFFFFull, 0xF0000000FFFFFFFFull, 0x00000000FFFFFFFFull,
                            0xFFF00000FFFF0000ull, 0xFF000000F0000000ull};
  for (uint64_t mask : masks)
    for (uint64_t n : {65, 1000, 100003}) {
      const std::vector<uint32_t> want = reference(k0, k1, n, mask);
      const auto t = ties(k0, k1, want, mask);
      if (n == 100003) {
        CRT_CHECK(t.first > 0, "mask %016llx: no equal high words", (unsigned long long)mask);
        if ((uint32_t)mask != 0xFFFFFFFFu)
          CRT_CHECK(t.second > 0, "mask %016llx: no equal keys", (unsigned long long)mask);
      }
      compare<uint32_t>(k0, k1, n, CR_TYPE_U32, mask, want);
      compare<double>(k0, k1, n, CR_TYPE_F64, mask, want);
    }
}

/** Each part of `parts` alone into its own guarded out: it writes exactly the positions of the items whose
 *  (masked) key's top log2(parts) bits are its number — a range — with the reference's values, nothing else. */
template <class T>
void compare_parts(uint32_t k0, uint32_t k1, uint64_t n, int type, uint64_t mask, uint32_t parts,
                   const std::vector<uint32_t>& want) {
  const unsigned lg = (unsigned)__builtin_ctz(parts);
  uint64_t at = 0;  // the next part's first position
  for (uint32_t p = 0; p < parts; ++p) {
    std::vector<T> got(n + 2, (T)77);
    const int rc = cr_cpu_permutation_part_isa(isa, k0, k1, n, got.data() + 1, type, p, parts, mask);
    CRT_CHECK(rc == CR_CPU_DONE, "isa %d n %llu part %u/%u: returned %d", isa, (unsigned long long)n, p, parts, rc);
    uint64_t end = at;
    while (end < n && lg && (cr_permute_key(k0, k1, want[end]) & mask) >> (64 - lg) == p) ++end;
    if (!lg) end = n;
    size_t bad = 0;
    for (uint64_t j = 0; j < n + 2; ++j) {
      const bool mine = j >= at + 1 && j < end + 1;
      bad += mine ? got[j] != (T)want[j - 1] : got[j] != (T)77;
    }
    CRT_CHECK(bad == 0, "isa %d key (%08x, %08x) n %llu type %d mask %016llx part %u/%u (positions [%llu, %llu)): %zu wrong",
              isa, k0, k1, (unsigned long long)n, type, (unsigned long long)mask, p, parts, (unsigned long long)at,
              (unsigned long long)end, bad);
    at = end;
  }
  CRT_CHECK(at == n, "n %llu: the %u parts cover %llu positions", (unsigned long long)n, parts, (unsigned long long)at);
}

void test_parts() {
  const uint32_t k0 = 0x243f6a88u, k1 = 0x85a308d3u;
  for (uint64_t n : {1, 2, 3, 65, 1000, 4097, 100003, 1000000}) {
    const std::vector<uint32_t> want = reference(k0, k1, n, ALL);
    for (uint32_t parts : {1u, 2u, 4u, 64u}) {
      if (n == 1000000 && parts == 64) continue;
      compare_parts<uint32_t>(k0, k1, n, CR_TYPE_U32, ALL, parts, want);
      compare_parts<double>(k0, k1, n, CR_TYPE_F64, ALL, parts, want);
    }
    compare_parts<int32_t>(k0, k1, n, CR_TYPE_I32, ALL, 2, want);
  }
  // masked keys: runs of equal high words and keys inside a part, and (top bits masked) parts with no items
  for (uint64_t mask : {0xFFF00000FFFF0000ull, 0x0FF00000FFFFFFFFull}) {
    const std::vector<uint32_t> want = reference(k0, k1, 100003, mask);
    compare_parts<uint32_t>(k0, k1, 100003, CR_TYPE_U32, mask, 4, want);
    compare_parts<double>(k0, k1, 100003, CR_TYPE_F64, mask, 2, want);
  }
}

void test_refusals() {
  uint32_t out[4] = {5, 5, 5, 5};
  CRT_CHECK(cr_cpu_permutation_isa(CR_ISA_AVX2, 1, 2, 4, out, CR_TYPE_F32, ALL) == CR_EINVAL && out[0] == 5,
            "float32 out: refused, nothing written");
  CRT_CHECK(cr_cpu_permutation(1, 2, 4, out, CR_TYPE_U8) == CR_EINVAL, "uint8 out: refused");
  CRT_CHECK(cr_cpu_permutation_isa(CR_ISA_NONE, 1, 2, 4, out, CR_TYPE_U32, ALL) == CR_CPU_DECLINED && out[0] == 5,
            "no instruction set: declines");
  CRT_CHECK(cr_cpu_permutation_isa(CR_ISA_AVX2, 1, 2, (1ull << 30) + 1, out, CR_TYPE_U32, ALL) == CR_CPU_DECLINED &&
                out[0] == 5,
            "past 2^30 items: declines, writes nothing");
  CRT_CHECK(cr_cpu_permutation(1, 2, 0, out, CR_TYPE_U32) == CR_CPU_DONE && out[0] == 5, "no items: done, nothing written");
  const uint32_t bad[][2] = {{0, 0}, {0, 3}, {2, 2}, {0, 128}};  // (part, parts)
  for (const auto& b : bad)
    CRT_CHECK(cr_cpu_permutation_part(1, 2, 4, out, CR_TYPE_U32, b[0], b[1]) == CR_EINVAL && out[0] == 5,
              "part %u of %u: refused, nothing written", b[0], b[1]);
}

}  // namespace

int main() {
  test_refusals();
  for (isa = CR_ISA_AVX2; isa <= CR_ISA_AVX512; ++isa) {
    if (isa > cr_cpu_isa_cpu()) {
      uint32_t out[70] = {5};
      CRT_CHECK(cr_cpu_permutation_isa(isa, 1, 2, 70, out, CR_TYPE_U32, ALL) == CR_CPU_DECLINED && out[0] == 5,
                "isa %d is not supported here: it must decline and write nothing", isa);
      printf("test_cpu_permute: isa %d not supported here: only its decline was checked\n", isa);
      continue;
    }
    test_sizes();
    test_ties();
    test_parts();
  }
  // the C API's own pick (cr_cpu_isa) gives the same
  std::vector<uint32_t> got(5000);
  const std::vector<uint32_t> want = reference(9, 10, 5000, ALL);
  const int rc = cr_cpu_permutation(9, 10, 5000, got.data(), CR_TYPE_U32);
  CRT_CHECK(rc == (cr_cpu_isa() == CR_ISA_NONE ? CR_CPU_DECLINED : CR_CPU_DONE), "cr_cpu_permutation returned %d", rc);
  if (rc == CR_CPU_DONE) CRT_CHECK(got == want, "cr_cpu_permutation differs from the reference");
  return crt::report("test_cpu_permute");
}
