// Philox4x32-10 (Salmon et al., SC'11), bit-identical to Random123's philox4x32_R(10, ...) and
// cuRAND's Philox4_32_10, and to lib/core/philox.ts. Shared by the CUDA kernels (nvcc) and the host
// test programs (g++): every function here is __host__ __device__ when compiled by nvcc.
#ifndef CR_PHILOX_H
#define CR_PHILOX_H

#include "cr_target.h"

#include <stdint.h>

#include "cr_layout.h"  // the domain tags every Philox stream uses

#ifndef CR_HD
#ifdef __CUDACC__
#define CR_HD __host__ __device__
#else
#define CR_HD
#endif
#endif

// Multipliers and Weyl key increments as Random123 names them (lib/core/philox.ts: the same names
// without CR_).
#define CR_PHILOX_M4x32_0 0xD2511F53u
#define CR_PHILOX_M4x32_1 0xCD9E8D57u
#define CR_PHILOX_W32_0 0x9E3779B9u
#define CR_PHILOX_W32_1 0xBB67AE85u
#define CR_PHILOX_ROUNDS 10

/** hi and lo 32 bits of the 64-bit product a*b. */
CR_HD inline uint32_t cr_mulhilo32(uint32_t a, uint32_t b, uint32_t* hi) {
#if CR_DEVICE_CODE
  *hi = __umulhi(a, b);
  return a * b;
#else
  uint64_t p = (uint64_t)a * (uint64_t)b;
  *hi = (uint32_t)(p >> 32);
  return (uint32_t)p;
#endif
}

/** out = philox4x32-10(ctr, key). out may alias ctr. */
CR_HD inline void cr_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
  uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
  uint32_t k0 = key[0], k1 = key[1];
#if CR_DEVICE_CODE
#pragma unroll
#endif
  for (int r = 0; r < CR_PHILOX_ROUNDS; ++r) {
    uint32_t hi0, hi1;
    uint32_t lo0 = cr_mulhilo32(CR_PHILOX_M4x32_0, c0, &hi0);
    uint32_t lo1 = cr_mulhilo32(CR_PHILOX_M4x32_1, c2, &hi1);
    c0 = hi1 ^ c1 ^ k0;
    c1 = lo1;
    c2 = hi0 ^ c3 ^ k1;
    c3 = lo0;
    k0 += CR_PHILOX_W32_0;
    k1 += CR_PHILOX_W32_1;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
}

/** Word i (0…3) of a block by selects: an index known only at run time would put the block in local memory
 *  (docs/performance.md, "Registers and local memory on sm_90"); the selects keep it in registers. */
CR_HD inline uint32_t cr_word(const uint32_t w[4], unsigned i) {
  return i & 2 ? (i & 1 ? w[3] : w[2]) : (i & 1 ? w[1] : w[0]);
}

#endif  // CR_PHILOX_H
