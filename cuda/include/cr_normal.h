// Normal variates of docs/streams.md, "Normal", per element: the C++/CUDA port of lib/kernels/normal.ts, bit for
// bit (binary64 internals through cr_math.h; float32 results are the binary64 value rounded once).
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_NORMAL_H
#define CR_NORMAL_H

#include <stdint.h>
#include "cr_math.h"
#include "cr_philox.h"


/** 53-bit integer from two raw words: (a >> 5) * 2^26 + (b >> 6). */
CR_HD inline uint64_t cr_u53(uint32_t a, uint32_t b) {
  return ((uint64_t)(a >> 5) << 26) | (uint64_t)(b >> 6);
}

/** Philox block of counter (c0, c1, c2, c3) under (k0, k1). */
CR_HD inline void cr_block(uint32_t k0, uint32_t k1, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t out[4]) {
  const uint32_t ctr[4] = {c0, c1, c2, c3};
  const uint32_t key[2] = {k0, k1};
  cr_philox4x32_10(ctr, key, out);
}

/** Element j's open uniform u in (0, 1]: (k53(w_2j, w_2j+1) + 1) 2^-53 from raw block j >> 1, or
 *  (w_j + 1) 2^-32 from word j (float32). Exponential's uniform, and the base of the uniform transforms. */
CR_HD inline double cr_open_uniform_element(uint32_t k0, uint32_t k1, uint64_t j, bool wide) {
  uint32_t w[4];
  if (wide) {
    const uint64_t b = j >> 1;
    const unsigned lane = (unsigned)(j & 1) * 2;
    cr_block(k0, k1, (uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_RAW, w);
    return (double)(cr_u53(cr_word(w, lane), cr_word(w, lane + 1)) + 1) * 1.1102230246251565e-16;
  }
  const uint64_t b = j >> 2;
  cr_block(k0, k1, (uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_RAW, w);
  return ((double)cr_word(w, (unsigned)(j & 3)) + 1.0) * 2.3283064365386963e-10;
}

/** Box–Muller of one pair of uniforms: *z0 = r cos(2 pi u2), *z1 = r sin(2 pi u2), r = sqrt(-2 log u1). */
CR_HD inline void cr_bm_transform(double u1, double u2, double* z0, double* z1) {
  const double r = sqrt(-2.0 * cr_log(u1));
  double s, c;
  cr_sincos2pi(u2, &s, &c);
  *z0 = r * c;
  *z1 = r * s;
}

/**
 * Box–Muller pair p: *z0 = r cos(2 pi u2) (element 2p), *z1 = r sin(2 pi u2) (element 2p+1),
 * r = sqrt(-2 log u1). float64 (wide): raw block p, u1 = (k(w0,w1) + 1) 2^-53, u2 = k(w2,w3) 2^-53.
 * float32: raw words 2p, 2p+1 (block p >> 1, lanes 2(p & 1), 2(p & 1) + 1), u1 = (w + 1) 2^-32,
 * u2 = w' 2^-32.
 */
CR_HD inline void cr_normal_bm_pair(uint32_t k0, uint32_t k1, uint64_t p, bool wide, double* z0, double* z1) {
  uint32_t w[4];
  double u1, u2;
  if (wide) {
    cr_block(k0, k1, (uint32_t)p, (uint32_t)(p >> 32), 0u, CR_TAG_RAW, w);
    u1 = (double)(cr_u53(w[0], w[1]) + 1) * 1.1102230246251565e-16;  // 2^-53
    u2 = (double)cr_u53(w[2], w[3]) * 1.1102230246251565e-16;
  } else {
    const uint64_t b = p >> 1;
    const unsigned lane = (unsigned)(p & 1) * 2;
    cr_block(k0, k1, (uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_RAW, w);
    u1 = ((double)cr_word(w, lane) + 1.0) * 2.3283064365386963e-10;  // 2^-32
    u2 = (double)cr_word(w, lane + 1) * 2.3283064365386963e-10;
  }
  cr_bm_transform(u1, u2, z0, z1);
}

/**
 * Polar pair e: the first accepted proposal t = 0, 1, ... of block (lo(e), hi(e), t, TAG_POLAR):
 * x = 2u - 1 for the midpoint uniform u (float32: words 0, 1: x = (2w + 1 - 2^32) 2^-32; float64:
 * 53-bit k from words (0,1) and (2,3): x = (2k + 1 - 2^53) 2^-53), accepted when 0 < s = x^2 + y^2 < 1;
 * then f = sqrt((-2 log s) / s), *z0 = x f (element 2e), *z1 = y f (element 2e+1).
 */
/** One polar proposal: block words w (float32: w[0], w[1]; float64: 53-bit pairs (w0,w1), (w2,w3)). On
 *  acceptance sets *z0, *z1 and returns true. */
CR_HD inline bool cr_polar_try(const uint32_t w[4], bool wide, double* z0, double* z1) {
  double x, y;
  if (wide) {
    x = (double)(int64_t)(2 * cr_u53(w[0], w[1]) + 1 - ((uint64_t)1 << 53)) * 1.1102230246251565e-16;
    y = (double)(int64_t)(2 * cr_u53(w[2], w[3]) + 1 - ((uint64_t)1 << 53)) * 1.1102230246251565e-16;
  } else {
    x = (double)((int64_t)2 * w[0] + 1 - ((int64_t)1 << 32)) * 2.3283064365386963e-10;
    y = (double)((int64_t)2 * w[1] + 1 - ((int64_t)1 << 32)) * 2.3283064365386963e-10;
  }
  const double s = x * x + y * y;
  if (s < 1.0 && s > 0.0) {
    const double f = sqrt((-2.0 * cr_log(s)) / s);
    *z0 = x * f;
    *z1 = y * f;
    return true;
  }
  return false;
}

CR_HD inline void cr_normal_polar_pair(uint32_t k0, uint32_t k1, uint64_t e, bool wide, double* z0, double* z1) {
  uint32_t w[4];
  for (uint32_t t = 0;; ++t) {
    cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, CR_TAG_POLAR, w);
    if (cr_polar_try(w, wide, z0, z1)) return;
  }
}

/** Element j of normal(key, ·, { method, dtype: wide ? float64 : float32, mean, std }) in binary64 (before any float32 rounding). */
CR_HD inline double cr_normal_element(uint32_t k0, uint32_t k1, uint64_t j, bool polar, bool wide, double mean, double std_) {
  double z0, z1;
  if (polar) cr_normal_polar_pair(k0, k1, j >> 1, wide, &z0, &z1);
  else cr_normal_bm_pair(k0, k1, j >> 1, wide, &z0, &z1);
  return mean + std_ * ((j & 1) ? z1 : z0);
}

CR_HD inline double cr_normal_f64(uint32_t k0, uint32_t k1, uint64_t j, bool polar, double mean, double std_) {
  return cr_normal_element(k0, k1, j, polar, true, mean, std_);
}

CR_HD inline float cr_normal_f32(uint32_t k0, uint32_t k1, uint64_t j, bool polar, double mean, double std_) {
  return (float)cr_normal_element(k0, k1, j, polar, false, mean, std_);
}

#endif  // CR_NORMAL_H
