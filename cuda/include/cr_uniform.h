// The bit -> float maps of docs/streams.md, "Uniform floats", shared by the kernels (nvcc) and host tests (g++);
// the TypeScript form is lib/kernels/raw.ts. Every function is exact except the final affine map to
// [low, high), which is one binary64 multiply and one binary64 add, each rounded separately: with
// FMA contraction (nvcc's default -fmad=true) low + span*u would be rounded once and differ from
// JavaScript in the last bit. The device branch therefore spells the two roundings out with
// __dmul_rn/__dadd_rn (which nvcc never fuses), and the build also passes -fmad=false.
#ifndef CR_UNIFORM_H
#define CR_UNIFORM_H

#include "cr_target.h"

#include <stdint.h>
#include "cr_philox.h"

/** float32 in [0, 1): (w >> 8) * 2^-24, exact. */
CR_HD inline float cr_u01_f32(uint32_t w) {
  return (float)(w >> 8) * 5.9604644775390625e-08f;  // 2^-24
}

/** float64 in [0, 1): ((a >> 5) * 2^26 + (b >> 6)) * 2^-53, exact (53 random bits). */
CR_HD inline double cr_u01_f64(uint32_t a, uint32_t b) {
  uint64_t m = ((uint64_t)(a >> 5) << 26) | (uint64_t)(b >> 6);
  return (double)m * 1.1102230246251565e-16;  // 2^-53
}

/** low + span * u in binary64, two separate roundings (never an FMA). */
CR_HD inline double cr_affine_f64(double low, double span, double u) {
#if CR_DEVICE_CODE
  return __dadd_rn(low, __dmul_rn(span, u));
#else
  volatile double p = span * u;  // volatile: no contraction even under -ffp-contract=fast
  return low + p;
#endif
}

/** float32 element from raw word w: unit range exactly u, else the binary64 map rounded once to float. */
CR_HD inline float cr_uniform_f32(uint32_t w, bool unit, double low, double span) {
  if (unit) return cr_u01_f32(w);
  return (float)cr_affine_f64(low, span, (double)(w >> 8) * 5.9604644775390625e-08);
}

/** float64 element from raw words a = 2j, b = 2j+1. */
CR_HD inline double cr_uniform_f64(uint32_t a, uint32_t b, bool unit, double low, double span) {
  double u = cr_u01_f64(a, b);
  return unit ? u : cr_affine_f64(low, span, u);
}

/** Words [first, first + n) of the raw stream (counter (b lo, b hi, 0, 0)) into dst; host reference. */
inline void cr_raw_stream_host(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* dst, uint64_t n) {
  const uint32_t key[2] = {k0, k1};
  uint64_t b = first >> 2;
  unsigned lane = (unsigned)(first & 3);
  uint64_t i = 0;
  while (i < n) {
    uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, 0u}, out[4];
    cr_philox4x32_10(ctr, key, out);
    for (; lane < 4 && i < n; ++lane) dst[i++] = out[lane];
    lane = 0;
    ++b;
  }
}

#endif  // CR_UNIFORM_H
