// Philox4x32-10 for eight blocks at once in AVX2 lanes (cr_philox.h's rounds, lane l = block l): word
// j of every block in one __m256i. vpmuludq forms the 64-bit products of the even lanes; the odd lanes
// are shifted down for a second one, and two blends give the high and low halves. For the CPU kernels
// of cr_api_cpu.h; compiled for AVX2 by function attribute, so the file builds (and the caller checks
// the CPU) without -mavx2.
#ifndef CR_CPU_PHILOX_AVX2_H
#define CR_CPU_PHILOX_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "cr_philox.h"

#define CR_AVX2 __attribute__((target("avx2"))) inline

/** hi and lo 32 bits of a·m in each of the eight u32 lanes. */
CR_AVX2 void cr_mulhilo8(__m256i a, __m256i m, __m256i* hi, __m256i* lo) {
  const __m256i even = _mm256_mul_epu32(a, m);                          // products of lanes 0, 2, 4, 6
  const __m256i odd = _mm256_mul_epu32(_mm256_shuffle_epi32(a, 0xF5), m);  // lanes 1, 3, 5, 7 (m is a splat)
  *lo = _mm256_blend_epi32(even, _mm256_slli_epi64(odd, 32), 0xAA);
  *hi = _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
}

/** x[g] = philox4x32-10(x[g], (k0, k1)) in place for g < N: x[g][j] holds counter word j of eight
 *  blocks. N groups run interleaved: one round of one group is a chain of dependent steps (multiply,
 *  blend, xor) too short to keep the vector units busy alone. */
template <int N>
CR_AVX2 void cr_philox8(__m256i (*x)[4], uint32_t k0, uint32_t k1) {
  const __m256i M0 = _mm256_set1_epi32((int)CR_PHILOX_M4x32_0), M1 = _mm256_set1_epi32((int)CR_PHILOX_M4x32_1);
  const __m256i W0 = _mm256_set1_epi32((int)CR_PHILOX_W32_0), W1 = _mm256_set1_epi32((int)CR_PHILOX_W32_1);
  __m256i K0 = _mm256_set1_epi32((int)k0), K1 = _mm256_set1_epi32((int)k1);  // the key schedule in lanes
  for (int r = 0; r < CR_PHILOX_ROUNDS; ++r) {
    for (int g = 0; g < N; ++g) {
      __m256i hi0, lo0, hi1, lo1;
      cr_mulhilo8(x[g][0], M0, &hi0, &lo0);
      cr_mulhilo8(x[g][2], M1, &hi1, &lo1);
      x[g][0] = _mm256_xor_si256(_mm256_xor_si256(hi1, x[g][1]), K0);
      x[g][1] = lo1;
      x[g][2] = _mm256_xor_si256(_mm256_xor_si256(hi0, x[g][3]), K1);
      x[g][3] = lo0;
    }
    K0 = _mm256_add_epi32(K0, W0);
    K1 = _mm256_add_epi32(K1, W1);
  }
}

/** Counters of blocks b … b + 7 of the plane (c2, c3): c0 = low words, c1 = high words with the carry
 *  where the low word wraps inside the eight. */
CR_AVX2 void cr_counters8(uint64_t b, uint32_t c2, uint32_t c3, __m256i x[4]) {
  const __m256i lo = _mm256_set1_epi32((int)(uint32_t)b);
  x[0] = _mm256_add_epi32(lo, _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  // unsigned c0 < lo (a wrap) as a signed comparison of both with the sign bit flipped: −1 where it wrapped
  const __m256i sign = _mm256_set1_epi32((int)0x80000000u);
  const __m256i wrapped = _mm256_cmpgt_epi32(_mm256_xor_si256(lo, sign), _mm256_xor_si256(x[0], sign));
  x[1] = _mm256_sub_epi32(_mm256_set1_epi32((int)(uint32_t)(b >> 32)), wrapped);
  x[2] = _mm256_set1_epi32((int)c2);
  x[3] = _mm256_set1_epi32((int)c3);
}

/** Rows of eight blocks from word-major x (x[j] = word j of blocks 0 … 7): r[0] = words 0 … 3 of blocks
 *  0 and 1, r[1] blocks 2, 3, r[2] blocks 4, 5, r[3] blocks 6, 7 — the blocks' words in stream order. */
CR_AVX2 void cr_rows8(const __m256i x[4], __m256i r[4]) {
  const __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
  const __m256i t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
  const __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);  // blocks 0|4, 1|5
  const __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);  // blocks 2|6, 3|7
  r[0] = _mm256_permute2x128_si256(u0, u1, 0x20);
  r[1] = _mm256_permute2x128_si256(u2, u3, 0x20);
  r[2] = _mm256_permute2x128_si256(u0, u1, 0x31);
  r[3] = _mm256_permute2x128_si256(u2, u3, 0x31);
}

#endif  // CR_CPU_PHILOX_AVX2_H
