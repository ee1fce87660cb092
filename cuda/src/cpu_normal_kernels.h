// Box–Muller normals (docs/streams.md, "Normal"; cr_normal.h cr_normal_bm_pair) on W lanes, and what is
// made of them: normal's mean + std·z and the transforms of one normal (lognormal, cr_transforms.h's own
// code over cr_vmath<W>). Pair p = elements 2p (r cos) and 2p + 1 (r sin): float64 from raw block p,
// float32 from raw words 2p, 2p + 1, read by the instruction set's raw-word kernel. Included like
// cpu_vmath.h (anonymous namespace, the instruction set's target).
#ifndef CR_CPU_NORMAL_KERNELS_H
#define CR_CPU_NORMAL_KERNELS_H

#include "cpu_vmath.h"

/** Pairs per chunk: their words, uniforms and values stay in L1. */
constexpr unsigned CR_NORMAL_CHUNK = 256;

/**
 * Elements [first, first + n) of f(z) into out (CR_TYPE_F32: the float32 stream, rounded once; else
 * float64), z the standard Box–Muller normal of the element (cr_normal_element's with mean 0, std 1,
 * before `0 + 1·z`); f maps a cr_vmath<W>::T of them to values. f32_stream: the float32 stream's values
 * into a float64 out, unrounded (Student's t takes them so).
 */
template <int W, class Map, class F>
void cr_cpu_normal_run(uint32_t k0, uint32_t k1, uint64_t first, void* out, int type, uint64_t n, Map map, F f,
                       bool f32_stream = false) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  constexpr unsigned CH = CR_NORMAL_CHUNK;
  static_assert(CH % W == 0, "whole vectors");
  const bool wide = type != CR_TYPE_F32 && !f32_stream;
  const cr_cpu_map_ctx raw{0.0, 1.0, true, k0, k1};
  alignas(64) uint32_t w[4 * CH];
  alignas(64) double u1[CH], u2[CH], z0[CH], z1[CH];
  if (n == 0) return;
  const uint64_t last = first + n - 1;  // elements up to 2^64 - 1: pairs up to 2^63 - 1
  uint64_t written = 0;
  for (uint64_t p0 = first >> 1; p0 <= last >> 1;) {
    const uint64_t left = (last >> 1) - p0 + 1;
    const unsigned m = left < CH ? (unsigned)left : CH;
    // the word kernel addresses words by a 64-bit index: pairs from 2^61 (float64: 4 words a pair) or
    // 2^62 (float32: 2) go by the scalar port
    if (p0 + m > (wide ? 1ull << 61 : 1ull << 62)) {
      for (unsigned i = 0; i < m; ++i) cr_normal_bm_pair(k0, k1, p0 + i, wide, z0 + i, z1 + i);
    } else {
      if (wide) {
        map(raw, 4 * p0, w, CR_MAP_BITS, 4 * (uint64_t)m);
        for (unsigned i = 0; i < m; ++i) {
          u1[i] = (double)(cr_u53(w[4 * i], w[4 * i + 1]) + 1) * 1.1102230246251565e-16;
          u2[i] = (double)cr_u53(w[4 * i + 2], w[4 * i + 3]) * 1.1102230246251565e-16;
        }
      } else {
        map(raw, 2 * p0, w, CR_MAP_BITS, 2 * (uint64_t)m);
        for (unsigned i = 0; i < m; ++i) {
          u1[i] = ((double)w[2 * i] + 1.0) * 2.3283064365386963e-10;
          u2[i] = (double)w[2 * i + 1] * 2.3283064365386963e-10;
        }
      }
      const unsigned mv = (m + W - 1) / W * W;
      for (unsigned i = m; i < mv; ++i) u1[i] = u2[i] = 0.5;
      for (unsigned i = 0; i < mv; i += W) {
        T a, b, s, c;
        memcpy(&a, u1 + i, sizeof a);
        memcpy(&b, u2 + i, sizeof b);
        const T r = M::sqrt(-2.0 * M::log(a));  // cr_bm_transform
        M::sincos2pi(b, &s, &c);
        a = r * c;
        b = r * s;
        memcpy(z0 + i, &a, sizeof a);
        memcpy(z1 + i, &b, sizeof b);
      }
    }
    const unsigned mv = (m + W - 1) / W * W;
    for (unsigned i = m; i < mv; ++i) z0[i] = z1[i] = 0.0;
    for (unsigned i = 0; i < mv; i += W) {
      T a, b;
      memcpy(&a, z0 + i, sizeof a);
      memcpy(&b, z1 + i, sizeof b);
      a = f(a);
      b = f(b);
      memcpy(z0 + i, &a, sizeof a);
      memcpy(z1 + i, &b, sizeof b);
    }
    // elements 2(p0 + i) + h inside [first, last] into out
    for (unsigned i = 0; i < m; ++i) {
      for (unsigned h = 0; h < 2; ++h) {
        const uint64_t e = 2 * (p0 + i) + h;
        if (e < first || e > last) continue;
        const double v = h ? z1[i] : z0[i];
        if (type != CR_TYPE_F32) ((double*)out)[written++] = v;
        else ((float*)out)[written++] = (float)v;
      }
    }
    p0 += m;
  }
}

#endif  // CR_CPU_NORMAL_KERNELS_H
