// The per-thread work items of the fill kernels, as __host__ __device__ functions so the host test
// program (cuda/test/test_host.cpp) runs exactly the index arithmetic the GPU runs: head and tail
// words of unaligned offsets and lengths, the aligned 16-byte path, and the XORWOW per-thread
// skip-ahead decomposition.
#ifndef CR_FILL_H
#define CR_FILL_H

#include "cr_target.h"

#include <stdint.h>
#include <string.h>
#include "cr_philox.h"
#include "cr_uniform.h"
#include "cr_xorwow.h"

/** 16-byte stores to 16-byte aligned addresses (one vector store on the device). */
CR_HD inline void cr_store16(uint32_t* dst, const uint32_t w[4]) {
#if CR_DEVICE_CODE
  *reinterpret_cast<uint4*>(dst) = make_uint4(w[0], w[1], w[2], w[3]);
#else
  memcpy(dst, w, 16);
#endif
}

CR_HD inline void cr_store16(float* dst, const float f[4]) {
#if CR_DEVICE_CODE
  *reinterpret_cast<float4*>(dst) = make_float4(f[0], f[1], f[2], f[3]);
#else
  memcpy(dst, f, 16);
#endif
}

CR_HD inline void cr_store16(double* dst, const double d[2]) {
#if CR_DEVICE_CODE
  *reinterpret_cast<double2*>(dst) = make_double2(d[0], d[1]);
#else
  memcpy(dst, d, 16);
#endif
}

CR_HD inline void cr_philox_raw_block(uint64_t b, uint32_t k0, uint32_t k1, uint32_t w[4]) {
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, 0u};
  const uint32_t key[2] = {k0, k1};
  cr_philox4x32_10(ctr, key, w);
}

/** Whether dst (element size `elem`) can take whole-block 16-byte stores for a range starting in lane
 *  `lane0` of its first block: the block boundaries must fall on 16-byte addresses. */
CR_HD inline bool cr_fill_aligned(const void* dst, unsigned elem, unsigned lane0) {
  return ((reinterpret_cast<uintptr_t>(dst) - (uintptr_t)elem * lane0) & 15u) == 0;
}

/** Raw words: dst[j] = word first + j, j < n. Work item q writes Philox block (first >> 2) + q, which
 *  covers dst indices [4q - lane0, 4q - lane0 + 4); there are (n + lane0 + 3) / 4 items. */
CR_HD inline void cr_bits_item(uint64_t q, uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               bool aligned) {
  const unsigned lane0 = (unsigned)(first & 3);
  uint32_t w[4];
  cr_philox_raw_block((first >> 2) + q, k0, k1, w);
  const int64_t base = (int64_t)(4 * q) - (int64_t)lane0;
  if (aligned && base >= 0 && (uint64_t)base + 4 <= n) {
    cr_store16(dst + base, w);
  } else {
    for (int l = 0; l < 4; ++l) {
      const int64_t j = base + l;
      if (j >= 0 && (uint64_t)j < n) dst[j] = w[l];
    }
  }
}

CR_HD inline uint64_t cr_bits_items(uint64_t n, uint64_t first) { return (n + (first & 3) + 3) >> 2; }

/** float32 uniforms: as cr_bits_item, one float per word. */
CR_HD inline void cr_uniform32_item(uint64_t q, float* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                    bool aligned, bool unit, double low, double span) {
  const unsigned lane0 = (unsigned)(first & 3);
  uint32_t w[4];
  cr_philox_raw_block((first >> 2) + q, k0, k1, w);
  float f[4];
  for (int l = 0; l < 4; ++l) f[l] = cr_uniform_f32(w[l], unit, low, span);
  const int64_t base = (int64_t)(4 * q) - (int64_t)lane0;
  if (aligned && base >= 0 && (uint64_t)base + 4 <= n) {
    cr_store16(dst + base, f);
  } else {
    for (int l = 0; l < 4; ++l) {
      const int64_t j = base + l;
      if (j >= 0 && (uint64_t)j < n) dst[j] = f[l];
    }
  }
}

/** float64 uniforms: element e uses words 2e, 2e + 1, so Philox block b gives elements 2b and 2b + 1;
 *  item q writes block (first >> 1) + q to dst indices [2q - lane0, 2q - lane0 + 2). */
CR_HD inline void cr_uniform64_item(uint64_t q, double* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                    bool aligned, bool unit, double low, double span) {
  const unsigned lane0 = (unsigned)(first & 1);
  uint32_t w[4];
  cr_philox_raw_block((first >> 1) + q, k0, k1, w);
  double d[2];
  d[0] = cr_uniform_f64(w[0], w[1], unit, low, span);
  d[1] = cr_uniform_f64(w[2], w[3], unit, low, span);
  const int64_t base = (int64_t)(2 * q) - (int64_t)lane0;
  if (aligned && base >= 0 && (uint64_t)base + 2 <= n) {
    cr_store16(dst + base, d);
  } else {
    for (int l = 0; l < 2; ++l) {
      const int64_t j = base + l;
      if (j >= 0 && (uint64_t)j < n) dst[j] = d[l];
    }
  }
}

CR_HD inline uint64_t cr_uniform64_items(uint64_t n, uint64_t first) { return (n + (first & 1) + 1) >> 1; }

/** XORWOW fill: thread g owns output segment [g L, (g + 1) L), L = 2^log2_seg (>= 32); its state is
 *  `base` advanced g L steps. The jump is split into the warp's part (bits of g >> 5: the same matrix
 *  columns for every lane of a warp) and the lane's part (bits of g & 31). */
CR_HD inline void cr_xorwow_thread_state(const cr_xorwow_matrix* jumps, int count, const cr_xorwow_state* base,
                                         uint64_t g, int log2_seg, cr_xorwow_state* s) {
  uint32_t v[5] = {base->v[0], base->v[1], base->v[2], base->v[3], base->v[4]};
  cr_xorwow_jump_v(jumps, count, log2_seg + 5, g >> 5, v);
  cr_xorwow_jump_v(jumps, count, log2_seg, g & 31, v);
  for (int i = 0; i < 5; ++i) s->v[i] = v[i];
  s->d = base->d + CR_XORWOW_D_STEP * (uint32_t)(g << log2_seg);
}

/** The segment length exponent the XORWOW launcher picks for n outputs and a target thread count. */
CR_HD inline int cr_xorwow_log2_seg(uint64_t n, uint64_t target_threads) {
  int log2_seg = 5;
  while (log2_seg < 40 && (target_threads << log2_seg) < n) ++log2_seg;
  return log2_seg;
}

#endif  // CR_FILL_H
