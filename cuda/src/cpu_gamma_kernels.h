// Gamma (Marsaglia–Tsang, one shape; docs/streams.md, "Gamma (Marsaglia–Tsang)") on W lanes: proposal 0
// of every element from the instruction set's raw-word kernel on the plane (0, TAG_GAMMA) — float32
// element e: block e; float64: blocks 2e and 2e + 1 —, its test in vectors with cr_vmath<W>, and an
// element that rejects it continued from proposal 1 by the scalar port (cr_gamma.h cr_gamma_try), so
// each value is the first accepted proposal, as cr_gamma_draw gives it. As lib/wasm/samplers.cc's
// gamma_impl does on two lanes. Included like cpu_vmath.h (anonymous namespace, the instruction set's
// target).
#ifndef CR_CPU_GAMMA_KERNELS_H
#define CR_CPU_GAMMA_KERNELS_H

#include "cpu_vmath.h"

/** Elements per chunk: their words (8 a float64 element), uniforms and values stay in L1. */
constexpr unsigned CR_GAMMA_CHUNK = 256;

/** One chunk of m ≤ CR_GAMMA_CHUNK elements from e0 into val (scaled binary64 values). */
template <int W, class Map>
void cr_cpu_gamma_chunk(uint32_t k0, uint32_t k1, uint64_t e0, unsigned m, cr_gamma_mt mt, double alpha, double scale,
                        bool wide, uint32_t* w, double* u1, double* u2, double* ua, double* ub, double* val, Map map) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  const bool small = alpha < 1.0;
  cr_cpu_map_ctx words_of{0.0, 1.0, true, k0, k1};
  words_of.tag = CR_TAG_GAMMA;
  const unsigned mv = (m + W - 1) / W * W;  // lanes past m are computed from the padding, never stored
  if (wide) {
    map(words_of, 8 * e0, w, CR_MAP_BITS, 8 * (uint64_t)m);
    for (unsigned i = 0; i < m; ++i) {
      const uint32_t* b = w + 8 * i;
      u1[i] = (double)(cr_u53(b[0], b[1]) + 1) * 1.1102230246251565e-16;
      u2[i] = (double)cr_u53(b[2], b[3]) * 1.1102230246251565e-16;
      ua[i] = (double)(cr_u53(b[4], b[5]) + 1) * 1.1102230246251565e-16;
      ub[i] = (double)(cr_u53(b[6], b[7]) + 1) * 1.1102230246251565e-16;
    }
  } else {
    map(words_of, 4 * e0, w, CR_MAP_BITS, 4 * (uint64_t)m);
    for (unsigned i = 0; i < m; ++i) {
      const uint32_t* b = w + 4 * i;
      u1[i] = ((double)b[0] + 1.0) * 2.3283064365386963e-10;
      u2[i] = (double)b[1] * 2.3283064365386963e-10;
      ua[i] = ((double)b[2] + 1.0) * 2.3283064365386963e-10;
      ub[i] = ((double)b[3] + 1.0) * 2.3283064365386963e-10;
    }
  }
  for (unsigned i = m; i < mv; ++i) u1[i] = u2[i] = ua[i] = ub[i] = 0.5;
  for (unsigned i = 0; i < mv; i += W) {
    T x, v, s, c, u, U;
    memcpy(&u, u1 + i, sizeof u);
    memcpy(&v, u2 + i, sizeof v);
    M::sincos2pi(v, &s, &c);
    x = M::sqrt(-2.0 * M::log(u)) * c;
    memcpy(&u, ua + i, sizeof u);
    // cr_gamma_accept per lane
    const T v0 = 1.0 + mt.c * x;
    const I pos = v0 > 0.0;
    v = v0 * v0 * v0;
    const T x2 = x * x;
    I ok = pos & (u < 1.0 - CR_GAMMA_SQUEEZE * (x2 * x2));
    if (M::any(pos & ~ok)) {  // v0 > 0 but the squeeze failed: the log test (v of the other lanes is unused)
      const T lv = M::log(M::select(pos, v, 1.0));
      ok |= pos & (M::log(u) < 0.5 * x2 + mt.d * ((1.0 - v) + lv));
    }
    T dv = mt.d * v;
    memcpy(&U, ub + i, sizeof U);
    if (__builtin_expect(M::any(~ok), 0)) {
      for (int l = 0; l < W; ++l) {
        if (ok[l] || i + l >= m) continue;
        double g = 0.0, boost = 0.0;
        for (uint32_t t = 1; !cr_gamma_try(k0, k1, e0 + i + l, t, mt, wide, &g, &boost); ++t) {
        }
        dv[l] = g;
        U[l] = boost;
      }
    }
    // cr_gamma_value · scale: α < 1 boosts, exp(log G' + log(U)/α)
    const T value = small ? M::exp(M::log(dv) + M::log(U) / alpha) : dv;
    const T scaled = value * scale;
    memcpy(val + i, &scaled, sizeof scaled);
  }
}

/** Elements [first, first + n) of gamma(α, scale) into out (CR_TYPE_F32: the float32 layout, rounded once;
 *  else float64): cr_gamma_f32 / cr_gamma_f64 with any M. */
template <int W, class Map>
void cr_cpu_gamma_run(uint32_t k0, uint32_t k1, uint64_t first, double alpha, double scale, void* out, int type,
                      uint64_t n, Map map) {
  constexpr unsigned CH = CR_GAMMA_CHUNK;
  static_assert(CH % W == 0, "whole vectors");
  const bool wide = type != CR_TYPE_F32;
  const cr_gamma_mt mt = cr_gamma_setup(alpha);
  alignas(64) uint32_t w[8 * CH];
  alignas(64) double u1[CH], u2[CH], ua[CH], ub[CH], val[CH];
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < CH ? (unsigned)(n - done) : CH;
    const uint64_t e0 = first + done;
    // the word kernel addresses words by a 64-bit index: elements from 2^61 (float64: 8 words each) or
    // 2^62 (float32) go by the scalar port, as lib/kernels/gamma.ts fillPlane goes block by block there
    if (e0 + m > (wide ? 1ull << 61 : 1ull << 62)) {
      for (unsigned i = 0; i < m; ++i) val[i] = cr_gamma_element(k0, k1, e0 + i, alpha, scale, wide, 1);
    } else {
      cr_cpu_gamma_chunk<W>(k0, k1, e0, m, mt, alpha, scale, wide, w, u1, u2, ua, ub, val, map);
    }
    if (wide) {
      memcpy((double*)out + done, val, m * sizeof(double));
    } else {
      float* o = (float*)out + done;
      for (unsigned i = 0; i < m; ++i) o[i] = (float)val[i];
    }
    done += m;
  }
}

#endif  // CR_CPU_GAMMA_KERNELS_H
