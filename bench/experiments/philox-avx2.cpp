// Experiment, not part of the package: Philox4x32-10 with AVX2 (eight blocks per __m256i; vpmuludq on
// even lanes, so no unpacking as WebAssembly's extmul needs) and integers [0, 10^6) by Lemire's
// multiply without its rejection test (r = 10^6 rejects 2^-12 of the words), to size a native CPU path
// against the WebAssembly one (issue 19: integers are bound by Philox there). Checks its words against
// cr_block and its elements against the scalar formula first. Counter carries are not handled.
// Superseded by the kernels it led to: cuda/src/cpu_kernels_avx2.cpp and cpu_kernels_avx512.cpp.
//
//   g++ -O2 -std=c++17 -mavx2 -Icuda/include bench/experiments/philox-avx2.cpp -o /tmp/philox-avx2 && /tmp/philox-avx2
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <chrono>
#include <vector>
#include "cr_philox.h"
#include "cr_discrete.h"
#include "cr_normal.h"

static inline void mulhilo8(__m256i a, __m256i m, __m256i& hi, __m256i& lo) {
  const __m256i pe = _mm256_mul_epu32(a, m);                                   // lanes 0,2,4,6 (64-bit)
  const __m256i po = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), m);           // lanes 1,3,5,7
  lo = _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
  hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
}

__attribute__((target("avx2"))) void philox8(uint32_t k0, uint32_t k1, uint64_t b0, uint32_t c2, uint32_t c3, __m256i x[4]) {
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  __m256i c0 = _mm256_add_epi32(_mm256_set1_epi32((uint32_t)b0), iota);
  __m256i c1 = _mm256_set1_epi32((uint32_t)(b0 >> 32));  // no carry handling: experiment only
  __m256i cc2 = _mm256_set1_epi32(c2), cc3 = _mm256_set1_epi32(c3);
  const __m256i M0 = _mm256_set1_epi32((int)CR_PHILOX_M4x32_0), M1 = _mm256_set1_epi32((int)CR_PHILOX_M4x32_1);
  for (int r = 0; r < 10; ++r) {
    __m256i h0, l0, h1, l1;
    mulhilo8(c0, M0, h0, l0);
    mulhilo8(cc2, M1, h1, l1);
    const __m256i n0 = _mm256_xor_si256(_mm256_xor_si256(h1, c1), _mm256_set1_epi32(k0));
    const __m256i n2 = _mm256_xor_si256(_mm256_xor_si256(h0, cc3), _mm256_set1_epi32(k1));
    c0 = n0; c1 = l1; cc2 = n2; cc3 = l0;
    k0 += CR_PHILOX_W32_0; k1 += CR_PHILOX_W32_1;
  }
  x[0] = c0; x[1] = c1; x[2] = cc2; x[3] = cc3;
}

int main() {
  const uint32_t k0 = 12345, k1 = 678;
  // check against the scalar port
  __m256i x[4];
  philox8(k0, k1, 1000, 0, 7, x);
  uint32_t w[4][8];
  for (int c = 0; c < 4; ++c) _mm256_storeu_si256((__m256i*)w[c], x[c]);
  int bad = 0;
  for (int l = 0; l < 8; ++l) {
    uint32_t s[4];
    cr_block(k0, k1, 1000 + l, 0, 0, 7, s);
    for (int c = 0; c < 4; ++c) bad += s[c] != w[c][l];
  }
  printf("mismatches vs cr_block: %d\n", bad);
  const size_t n = 4000000;
  std::vector<int32_t> out(n);
  const cr_int_plan p = cr_integers_plan(0, 1000000);
  double best = 1e9;
  for (int rep = 0; rep < 7; ++rep) {
    auto t = std::chrono::steady_clock::now();
    for (size_t b = 0; b < n / 4; b += 8) {
      philox8(k0, k1, b, 0, 7, x);
      // Lemire per word (scalar here; rejections ignored for the estimate: r = 10^6 rejects 2^-12 of words)
      const __m256i R = _mm256_set1_epi32((int)p.r);
      __m256i k[4], lo;
      for (int c = 0; c < 4; ++c) mulhilo8(x[c], R, k[c], lo);
      const __m256i t0 = _mm256_unpacklo_epi32(k[0], k[1]), t1 = _mm256_unpackhi_epi32(k[0], k[1]);
      const __m256i t2 = _mm256_unpacklo_epi32(k[2], k[3]), t3 = _mm256_unpackhi_epi32(k[2], k[3]);
      const __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
      const __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
      __m256i* o = (__m256i*)&out[4 * b];
      _mm256_storeu_si256(o, _mm256_permute2x128_si256(u0, u1, 0x20));
      _mm256_storeu_si256(o + 1, _mm256_permute2x128_si256(u2, u3, 0x20));
      _mm256_storeu_si256(o + 2, _mm256_permute2x128_si256(u0, u1, 0x31));
      _mm256_storeu_si256(o + 3, _mm256_permute2x128_si256(u2, u3, 0x31));
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    best = best < s ? best : s;
  }
  { int wrong = 0; for (size_t e = 0; e < 4096; ++e) { uint32_t s4[4]; cr_block(k0, k1, (uint32_t)(e / 4), 0, 0, 7, s4); wrong += out[e] != (int32_t)(((uint64_t)s4[e % 4] * p.r) >> 32); } printf("element mismatches: %d\n", wrong); }
  printf("integers [0, 1e6) AVX2 Philox + vector Lemire (no rejection test): %.0f M/s (checksum %d)\n", n / best / 1e6, out[12345]);
  best = 1e9;
  uint64_t sink = 0;
  for (int rep = 0; rep < 7; ++rep) {
    auto t = std::chrono::steady_clock::now();
    for (size_t b = 0; b < n / 4; b += 8) {
      philox8(k0, k1, b, 0, 7, x);
      sink += (uint32_t)_mm256_extract_epi32(x[0], 0);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    best = best < s ? best : s;
  }
  printf("Philox blocks AVX2: %.0f M blocks/s = %.2f ns/block (sink %llu)\n", n / 4 / best / 1e6, best / (n / 4) * 1e9, (unsigned long long)sink);
}
