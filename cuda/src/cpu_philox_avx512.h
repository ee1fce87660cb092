// Philox4x32-10 for sixteen blocks at once in AVX-512 lanes (cr_philox.h's rounds, lane l = block l):
// word j of every block in one __m512i. vpmuludq forms the 64-bit products of the even lanes, a second
// one those of the odd lanes shifted down; one two-source permute each gathers the high and the low
// halves, and one ternary-logic op does each round's three-way xor. Compiled for AVX-512 F and DQ by
// function attribute (cpu_kernels.cpp checks the CPU).
#ifndef CR_CPU_PHILOX_AVX512_H
#define CR_CPU_PHILOX_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "cr_philox.h"

#define CR_AVX512_TARGET __attribute__((target("avx512f,avx512dq")))
#define CR_AVX512 CR_AVX512_TARGET inline

/** hi and lo 32 bits of a·m in each of the sixteen u32 lanes (m a splat). */
CR_AVX512 void cr_mulhilo16(__m512i a, __m512i m, __m512i* hi, __m512i* lo) {
  const __m512i even = _mm512_mul_epu32(a, m);                        // 64-bit products of lanes 0, 2, …
  const __m512i odd = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), m);  // of lanes 1, 3, …
  // lane 2i: even's word 2i (lo) or 2i + 1 (hi); lane 2i + 1: odd's word 2i (lo) or 2i + 1 (hi)
  const __m512i LO = _mm512_setr_epi32(0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30);
  const __m512i HI = _mm512_setr_epi32(1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31);
  *lo = _mm512_permutex2var_epi32(even, LO, odd);
  *hi = _mm512_permutex2var_epi32(even, HI, odd);
}

/** x[g] = philox4x32-10(x[g], (k0, k1)) in place for g < N (x[g][j]: counter word j of sixteen blocks),
 *  N groups interleaved so that one round's dependent steps overlap. */
template <int N>
CR_AVX512 void cr_philox16(__m512i (*x)[4], uint32_t k0, uint32_t k1) {
  const __m512i M0 = _mm512_set1_epi32((int)CR_PHILOX_M4x32_0), M1 = _mm512_set1_epi32((int)CR_PHILOX_M4x32_1);
  const __m512i W0 = _mm512_set1_epi32((int)CR_PHILOX_W32_0), W1 = _mm512_set1_epi32((int)CR_PHILOX_W32_1);
  __m512i K0 = _mm512_set1_epi32((int)k0), K1 = _mm512_set1_epi32((int)k1);
  for (int r = 0; r < CR_PHILOX_ROUNDS; ++r) {
    for (int g = 0; g < N; ++g) {
      __m512i hi0, lo0, hi1, lo1;
      cr_mulhilo16(x[g][0], M0, &hi0, &lo0);
      cr_mulhilo16(x[g][2], M1, &hi1, &lo1);
      x[g][0] = _mm512_ternarylogic_epi32(hi1, x[g][1], K0, 0x96);  // hi1 ^ c1 ^ k0
      x[g][1] = lo1;
      x[g][2] = _mm512_ternarylogic_epi32(hi0, x[g][3], K1, 0x96);  // hi0 ^ c3 ^ k1
      x[g][3] = lo0;
    }
    K0 = _mm512_add_epi32(K0, W0);
    K1 = _mm512_add_epi32(K1, W1);
  }
}

/** Counters of blocks b … b + 15 of the plane (c2, c3), the high word carried where the low one wraps. */
CR_AVX512 void cr_counters16(uint64_t b, uint32_t c2, uint32_t c3, __m512i x[4]) {
  const __m512i lo = _mm512_set1_epi32((int)(uint32_t)b);
  x[0] = _mm512_add_epi32(lo, _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  const __mmask16 wrapped = _mm512_cmplt_epu32_mask(x[0], lo);
  const __m512i hi = _mm512_set1_epi32((int)(uint32_t)(b >> 32));
  x[1] = _mm512_mask_add_epi32(hi, wrapped, hi, _mm512_set1_epi32(1));
  x[2] = _mm512_set1_epi32((int)c2);
  x[3] = _mm512_set1_epi32((int)c3);
}

/** A 4×4 transpose of 128-bit lanes: r[q] lane j = v[j] lane q. */
CR_AVX512 void cr_lanes4x4(const __m512i v[4], __m512i r[4]) {
  const __m512i a = _mm512_shuffle_i32x4(v[0], v[1], 0x88), b = _mm512_shuffle_i32x4(v[2], v[3], 0x88);  // lanes 0, 2
  const __m512i c = _mm512_shuffle_i32x4(v[0], v[1], 0xDD), d = _mm512_shuffle_i32x4(v[2], v[3], 0xDD);  // lanes 1, 3
  r[0] = _mm512_shuffle_i32x4(a, b, 0x88);
  r[2] = _mm512_shuffle_i32x4(a, b, 0xDD);
  r[1] = _mm512_shuffle_i32x4(c, d, 0x88);
  r[3] = _mm512_shuffle_i32x4(c, d, 0xDD);
}

/** Rows of sixteen blocks from word-major x: r[q] = words 0 … 3 of blocks 4q … 4q + 3, in stream order. */
CR_AVX512 void cr_rows16(const __m512i x[4], __m512i r[4]) {
  const __m512i t0 = _mm512_unpacklo_epi32(x[0], x[1]), t1 = _mm512_unpackhi_epi32(x[0], x[1]);
  const __m512i t2 = _mm512_unpacklo_epi32(x[2], x[3]), t3 = _mm512_unpackhi_epi32(x[2], x[3]);
  // in 128-bit lane L: u[0] = block 4L, u[1] = 4L + 1, u[2] = 4L + 2, u[3] = 4L + 3
  const __m512i u[4] = {_mm512_unpacklo_epi64(t0, t2), _mm512_unpackhi_epi64(t0, t2), _mm512_unpacklo_epi64(t1, t3),
                        _mm512_unpackhi_epi64(t1, t3)};
  cr_lanes4x4(u, r);
}

#endif  // CR_CPU_PHILOX_AVX512_H
