// Sobol quasirandom points in cuRAND's Gray-code form (curandStateSobol32 / 64: x_i = c ^ XOR of the
// direction vectors V_(k+1) over the set bits k of gray(i) = i ^ (i >> 1)), the float maps of
// curand_uniform(_double) for Sobol states, the Joe–Kuo direction-vector expansion, and this
// library's keyed randomisation (random linear scramble + digital shift from Philox). Shared by the
// kernels (nvcc) and the host test programs (g++); lib/sobol/*.ts is the TypeScript twin and
// docs/qmc.md the contract.
//
// The per-element work item is cr_sobol32_item / cr_sobol64_item: element e of an output of n points
// in `dims` dimensions, in either layout, is a pure function of (e, the direction vectors, c, offset),
// so any grid shape gives the same bits.
#ifndef CR_SOBOL_H
#define CR_SOBOL_H

#include "cr_target.h"

#include <stdint.h>
#include "cr_philox.h"  // CR_HD, Philox for the keyed randomisation
#include "cr_special.h"  // cr_ndtri for the normal transform


CR_HD inline int cr_sobol_ctz32(uint32_t x) {  // x != 0
#if CR_DEVICE_CODE
  return __ffs((int)x) - 1;
#else
  return __builtin_ctz(x);
#endif
}
CR_HD inline int cr_sobol_ctz64(uint64_t x) {  // x != 0
#if CR_DEVICE_CODE
  return __ffsll((long long)x) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

/** V_1 … V_32 from Joe–Kuo's degree s, middle coefficients a (a_1 most significant) and m_1 … m_s
 *  (s = 0: dimension 1, every m_k = 1). V_k = m_k 2^(32-k); beyond s, Bratley–Fox's recurrence
 *  V_k = V_(k-s) ^ (V_(k-s) >> s) ^ XOR_(j<s) a_j V_(k-j). */
CR_HD inline void cr_sobol32_directions(int s, uint32_t a, const uint32_t* m, uint32_t v[32]) {
  if (s == 0) {
    for (int k = 1; k <= 32; ++k) v[k - 1] = 1u << (32 - k);
    return;
  }
  for (int k = 1; k <= s; ++k) v[k - 1] = m[k - 1] << (32 - k);
  for (int k = s + 1; k <= 32; ++k) {
    uint32_t x = v[k - s - 1] ^ (v[k - s - 1] >> s);
    for (int j = 1; j < s; ++j)
      if ((a >> (s - 1 - j)) & 1u) x ^= v[k - j - 1];
    v[k - 1] = x;
  }
}

/** V_1 … V_64, as cr_sobol32_directions with 64-bit words. */
CR_HD inline void cr_sobol64_directions(int s, uint32_t a, const uint32_t* m, uint64_t v[64]) {
  if (s == 0) {
    for (int k = 1; k <= 64; ++k) v[k - 1] = 1ull << (64 - k);
    return;
  }
  for (int k = 1; k <= s; ++k) v[k - 1] = (uint64_t)m[k - 1] << (64 - k);
  for (int k = s + 1; k <= 64; ++k) {
    uint64_t x = v[k - s - 1] ^ (v[k - s - 1] >> s);
    for (int j = 1; j < s; ++j)
      if ((a >> (s - 1 - j)) & 1u) x ^= v[k - j - 1];
    v[k - 1] = x;
  }
}

/** Point i of one dimension (Gray-code sum): O(bits), from any index. */
CR_HD inline uint32_t cr_sobol32_point(const uint32_t v[32], uint32_t c, uint32_t i) {
  uint32_t x = c;
  for (uint32_t g = i ^ (i >> 1); g != 0; g &= g - 1) x ^= v[cr_sobol_ctz32(g)];
  return x;
}
CR_HD inline uint64_t cr_sobol64_point(const uint64_t v[64], uint64_t c, uint64_t i) {
  uint64_t x = c;
  for (uint64_t g = i ^ (i >> 1); g != 0; g &= g - 1) x ^= v[cr_sobol_ctz64(g)];
  return x;
}

/** x_(i+1) from x_i: one direction vector, the one of the lowest zero bit of i (i < 2^bits - 1). */
CR_HD inline uint32_t cr_sobol32_next(const uint32_t v[32], uint32_t x, uint32_t i) { return x ^ v[cr_sobol_ctz32(~i)]; }
CR_HD inline uint64_t cr_sobol64_next(const uint64_t v[64], uint64_t x, uint64_t i) { return x ^ v[cr_sobol_ctz64(~i)]; }

// cuRAND's float maps for Sobol states (curand_uniform.h): _curand_uniform / _curand_uniform_double.
/** Sobol32 -> float, (0, 1]: float(x) * 2^-32 + 2^-33 (the product is exact, so FMA or not, one rounding). */
CR_HD inline float cr_sobol32_uniform(uint32_t x) { return (float)x * 0x1p-32f + 0x1p-33f; }
/** Sobol32 -> double, [2^-32, 1]: exact (the 2010-2018+ header adds 2^-32; older ones added 2^-33). */
CR_HD inline double cr_sobol32_uniform_double(uint32_t x) { return (double)x * 0x1p-32 + 0x1p-32; }
/** Sobol64 -> float: the high word through the Sobol32 map. */
CR_HD inline float cr_sobol64_uniform(uint64_t x) { return cr_sobol32_uniform((uint32_t)(x >> 32)); }
/** Sobol64 -> double, (0, 1]: (x >> 11) * 2^-53 + 2^-54, the add the one rounding. */
CR_HD inline double cr_sobol64_uniform_double(uint64_t x) { return (double)(x >> 11) * 0x1p-53 + 0x1p-54; }

// The normal transform (lib/kernels/sobol/normal.ts): mirror the word about its midpoint so p <= 1/2,
// then -s * ndtri(p). Every p is exact in binary64 except the Sobol64 one, whose add rounds once (as in
// TypeScript; an FMA rounds the same exact sum once too).
/** Sobol32 word (or Sobol64 high word) -> normal, binary64 (float32 outputs round it once more). */
CR_HD inline double cr_sobol32_normal(uint32_t x) {
  const bool upper = x > 0x80000000u;
  const uint32_t m = upper ? 0xFFFFFFFFu - x : x;
  const double z = cr_ndtri((double)m * 0x1p-32 + 0x1p-33);
  return upper ? z : -z;
}
/** Sobol64 word -> normal, binary64: y = x >> 11 mirrored about 2^52. */
CR_HD inline double cr_sobol64_normal_double(uint64_t x) {
  const uint64_t y = x >> 11;
  const bool upper = y > (1ull << 52);
  const uint64_t m = upper ? (1ull << 53) - 1 - y : y;
  const double z = cr_ndtri((double)m * 0x1p-53 + 0x1p-54);
  return upper ? z : -z;
}

/** The output value of a word, by output type (the map of lib/kernels/sobol/kernel.ts `emit`):
 *  uint32 the word (Sobol64: its high word), float32 / float64 cuRAND's uniform map or the normal. */
CR_HD inline void cr_sobol32_to(uint32_t x, bool normal, uint32_t* o) { (void)normal; *o = x; }
CR_HD inline void cr_sobol32_to(uint32_t x, bool normal, float* o) {
  *o = normal ? (float)cr_sobol32_normal(x) : cr_sobol32_uniform(x);
}
CR_HD inline void cr_sobol32_to(uint32_t x, bool normal, double* o) {
  *o = normal ? cr_sobol32_normal(x) : cr_sobol32_uniform_double(x);
}
CR_HD inline void cr_sobol64_to(uint64_t x, bool normal, uint32_t* o) { (void)normal; *o = (uint32_t)(x >> 32); }
CR_HD inline void cr_sobol64_to(uint64_t x, bool normal, float* o) {
  *o = normal ? (float)cr_sobol32_normal((uint32_t)(x >> 32)) : cr_sobol64_uniform(x);
}
CR_HD inline void cr_sobol64_to(uint64_t x, bool normal, double* o) {
  *o = normal ? cr_sobol64_normal_double(x) : cr_sobol64_uniform_double(x);
}

/** Which dimension d and which point (relative to the offset) element e of an n-point, dims-dimension
 *  output holds: point-major (out[i*dims + d]) or cuRAND's dimension-major (out[d*n + i]). */
CR_HD inline void cr_sobol_element(uint64_t e, uint64_t n, uint32_t dims, bool points_layout, uint32_t* d, uint64_t* i) {
  // Outputs of the public API hold fewer than 2^32 elements: 32-bit division there (a GPU emulates
  // the 64-bit one with a long instruction sequence); the same quotients either way.
  if (((e | n) >> 32) == 0) {
    const uint32_t e32 = (uint32_t)e, n32 = (uint32_t)n;
    *d = points_layout ? e32 % dims : e32 / n32;
    *i = points_layout ? e32 / dims : e32 % n32;
    return;
  }
  if (points_layout) {
    *d = (uint32_t)(e % dims);
    *i = e / dims;
  } else {
    *d = (uint32_t)(e / n);
    *i = e % n;
  }
}

/** Work item: the Sobol32 word of element e. dirs holds dims x 32 vectors; c is per dimension or null. */
CR_HD inline uint32_t cr_sobol32_item(uint64_t e, uint64_t n, uint32_t dims, bool points_layout, const uint32_t* dirs,
                                      const uint32_t* c, uint32_t offset) {
  uint32_t d;
  uint64_t i;
  cr_sobol_element(e, n, dims, points_layout, &d, &i);
  return cr_sobol32_point(dirs + 32 * (uint64_t)d, c ? c[d] : 0u, offset + (uint32_t)i);
}
/** Work item: the Sobol64 word of element e. dirs holds dims x 64 vectors; c is per dimension or null. */
CR_HD inline uint64_t cr_sobol64_item(uint64_t e, uint64_t n, uint32_t dims, bool points_layout, const uint64_t* dirs,
                                      const uint64_t* c, uint64_t offset) {
  uint32_t d;
  uint64_t i;
  cr_sobol_element(e, n, dims, points_layout, &d, &i);
  return cr_sobol64_point(dirs + 64 * (uint64_t)d, c ? c[d] : 0ull, offset + i);
}

// ---- keyed randomisation (lib/kernels/sobol/scramble.ts has the reasoning) ----
// Word j of dimension d = word j % 4 of philox((j / 4, d, 0, CR_TAG_SOBOL), key). Word 0: the shift's
// digits 1-32, word 1: digits 33-64; row k >= 2 of the lower-triangular L: digits 1 .. k-1 from words
// 2k-2 (digits 1-32) and 2k-1 (33-64). Digit j is bit 32 - j of a 32-bit word, bit 64 - j of a 64-bit one.

CR_HD inline uint32_t cr_sobol_parity32(uint32_t x) {
#if CR_DEVICE_CODE
  return (uint32_t)__popc(x) & 1u;
#else
  return (uint32_t)__builtin_popcount(x) & 1u;
#endif
}

/** Randomised Sobol32 dimension d: out = L v (for mode_lms; else v unchanged), *c = the shift. */
CR_HD inline void cr_sobol32_randomise(uint32_t k0, uint32_t k1, uint32_t d, bool mode_lms, const uint32_t v[32],
                                       uint32_t out[32], uint32_t* c) {
  uint32_t w[64];
  const int words = mode_lms ? 64 : 4;
  for (int t = 0; t < words / 4; ++t) {
    const uint32_t ctr[4] = {(uint32_t)t, d, 0u, CR_TAG_SOBOL};
    const uint32_t key[2] = {k0, k1};
    cr_philox4x32_10(ctr, key, w + 4 * t);
  }
  *c = w[0];
  for (int i = 0; i < 32; ++i) {
    if (!mode_lms) {
      out[i] = v[i];
      continue;
    }
    uint32_t x = 0;
    for (int k = 1; k <= 32; ++k) {
      const uint32_t row = k == 1 ? 0u : w[2 * k - 2] & (0xFFFFFFFFu << (33 - k));  // digits 1 .. k-1
      const uint32_t bit = ((v[i] >> (32 - k)) & 1u) ^ cr_sobol_parity32(row & v[i]);
      x |= bit << (32 - k);
    }
    out[i] = x;
  }
}

/** Randomised Sobol64 dimension d, as cr_sobol32_randomise. */
CR_HD inline void cr_sobol64_randomise(uint32_t k0, uint32_t k1, uint32_t d, bool mode_lms, const uint64_t v[64],
                                       uint64_t out[64], uint64_t* c) {
  uint32_t w[128];
  const int words = mode_lms ? 128 : 4;
  for (int t = 0; t < words / 4; ++t) {
    const uint32_t ctr[4] = {(uint32_t)t, d, 0u, CR_TAG_SOBOL};
    const uint32_t key[2] = {k0, k1};
    cr_philox4x32_10(ctr, key, w + 4 * t);
  }
  *c = ((uint64_t)w[0] << 32) | w[1];
  for (int i = 0; i < 64; ++i) {
    if (!mode_lms) {
      out[i] = v[i];
      continue;
    }
    uint64_t x = 0;
    for (int k = 1; k <= 64; ++k) {
      uint64_t row = 0;
      if (k >= 2) {
        row = ((uint64_t)w[2 * k - 2] << 32) | w[2 * k - 1];
        row &= ~0ull << (65 - k);  // digits 1 .. k-1
      }
      const uint64_t bit = ((v[i] >> (64 - k)) & 1u) ^ (uint64_t)(cr_sobol_parity32((uint32_t)(row >> 32) & (uint32_t)(v[i] >> 32)) ^
                                                                  cr_sobol_parity32((uint32_t)row & (uint32_t)v[i]));
      x |= bit << (64 - k);
    }
    out[i] = x;
  }
}

#endif  // CR_SOBOL_H
