// Element samplers (cr_elements.h) on W lanes: Wald (docs/streams.md, "Wald (inverse Gaussian)"), whose
// element has no rejection, so it runs whole in vectors — blocks 0 and 1 of its sub-stream from the
// instruction set's raw-word kernel (element e is block e of the planes (0, TAG_WALD) and (1, TAG_WALD)),
// then cr_wald_element's operations lane by lane with cr_vmath<W>, so its bits. As lib/wasm/samplers.cc's
// wald_vec does on two lanes. The logarithmic series, Zipf and the hypergeometric: block 0 (the hypergeometric's
// draws one by one: blocks 0 … 4) of every element from that kernel, then their scalar functions
// (cr_logseries_value, cr_zipf_try, cr_hypergeometric_try / _by_items) element by element — a rejected
// proposal goes on from proposal 1 by the scalar port. Included like cpu_vmath.h (anonymous namespace, the
// instruction set's target).
#ifndef CR_CPU_ELEMENT_KERNELS_H
#define CR_CPU_ELEMENT_KERNELS_H

#include "cpu_vmath.h"

/** Elements per chunk: two blocks' uniforms (four doubles) and the value of each stay in L1. */
constexpr unsigned CR_ELEMENT_CHUNK = 256;

/**
 * Wald elements [first, first + n) for one (mean, scale) into out (CR_TYPE_F64, or CR_TYPE_F32 rounded
 * once): z = sqrt(0 − 2·log v)·cos2pi(u1) from block 0, u from block 1, then the root mean/r or mean·r.
 * The uniform kernel's float64 map gives k53(w0, w1)·2^-53 and k53(w2, w3)·2^-53 of each block, exactly
 * the spec's u1, u and (v − 2^-53).
 */
template <int W, class Map>
void cr_cpu_wald_run(uint32_t k0, uint32_t k1, uint64_t first, double mean, double scale, void* out, int type,
                     uint64_t n, Map map) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  constexpr unsigned CH = CR_ELEMENT_CHUNK;
  static_assert(CH % W == 0, "whole vectors");
  alignas(64) double b0[2 * CH], b1[2 * CH], u1[CH], v[CH], u[CH], val[CH];
  cr_cpu_map_ctx plane0{0.0, 1.0, true, k0, k1};
  plane0.tag = CR_TAG_WALD;
  cr_cpu_map_ctx plane1 = plane0;
  plane1.plane = 1;
  const T M0 = M::splat(mean), FOUR_SCALE = M::splat(4.0 * scale);
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < CH ? (unsigned)(n - done) : CH;
    const unsigned mv = (m + W - 1) / W * W;
    const uint64_t e0 = first + done;
    map(plane0, 2 * e0, b0, CR_MAP_F64, 2 * (uint64_t)m);
    map(plane1, 2 * e0, b1, CR_MAP_F64, 2 * (uint64_t)m);
    for (unsigned i = 0; i < m; ++i) {
      u1[i] = b0[2 * i];
      v[i] = b0[2 * i + 1] + 1.1102230246251565e-16;  // (k53 + 1)·2^-53: + 2^-53 is exact
      u[i] = b1[2 * i];
    }
    for (unsigned i = m; i < mv; ++i) u1[i] = u[i] = 0.5, v[i] = 0.5;  // padding: computed, never stored
    for (unsigned i = 0; i < mv; i += W) {
      T a1, av, au, s, c;
      memcpy(&a1, u1 + i, sizeof a1);
      memcpy(&av, v + i, sizeof av);
      memcpy(&au, u + i, sizeof au);
      M::sincos2pi(a1, &s, &c);
      const T z = M::sqrt(0.0 - 2.0 * M::log(av)) * c;
      const T a = (M0 * (z * z)) / FOUR_SCALE;
      const T t = M::sqrt(a) + M::sqrt(a + 1.0);
      const T r = t * t;
      const T x = M::select(au * (1.0 + 1.0 / r) <= 1.0, M0 / r, M0 * r);
      memcpy(val + i, &x, sizeof x);
    }
    cr_cpu_store_values(out, type, done, val, m);
    done += m;
  }
}

/**
 * Elements [first, first + n) of an element sampler whose element reads block 0 of its plane (0, tag) first:
 * value(a, b, e) from a = k53(w0, w1)·2^-53 and b = k53(w2, w3)·2^-53 of element e's block (the raw-word
 * kernel's float64 map of the plane, two doubles an element), into out (CR_TYPE_F64, or CR_TYPE_F32 rounded
 * once). The Philox blocks are the vector kernel's; the math is the scalar functions', so their bits.
 */
template <class Map, class Value>
void cr_cpu_block0_run(uint32_t k0, uint32_t k1, uint32_t tag, uint64_t first, void* out, int type, uint64_t n, Map map,
                       Value value) {
  constexpr unsigned CH = CR_ELEMENT_CHUNK;
  alignas(64) double b[2 * CH], val[CH];
  cr_cpu_map_ctx plane0{0.0, 1.0, true, k0, k1};
  plane0.tag = tag;
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < CH ? (unsigned)(n - done) : CH;
    const uint64_t e0 = first + done;
    map(plane0, 2 * e0, b, CR_MAP_F64, 2 * (uint64_t)m);
    for (unsigned i = 0; i < m; ++i) val[i] = value(b[2 * i], b[2 * i + 1], e0 + i);
    cr_cpu_store_values(out, type, done, val, m);
    done += m;
  }
}

/** Proposal t's uniforms of element e by the scalar port: a = k53(w0, w1)·2^-53, b = k53(w2, w3)·2^-53 of its block
 *  (e mod 2^32, e div 2^32, t, tag) — what cr_cpu_block0_run hands over for t = 0. */
inline void cr_cpu_proposal(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t, uint32_t tag, double* a, double* b) {
  uint32_t w[4];
  cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, tag, w);
  *a = (double)cr_u53(w[0], w[1]) * 1.1102230246251565e-16;
  *b = (double)cr_u53(w[2], w[3]) * 1.1102230246251565e-16;
}

/** Logarithmic series elements for one row p = (p, r): V = a + 2^-53, U = b + 2^-53 (exact), cr_logseries_value. */
template <class Map>
void cr_cpu_logseries_run(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n,
                          Map map) {
  const double row[2] = {p[0], p[1]};
  cr_cpu_block0_run(k0, k1, CR_TAG_LOGSERIES, first, out, type, n, map, [&](double a, double b, uint64_t) {
    return cr_logseries_value(a + 1.1102230246251565e-16, b + 1.1102230246251565e-16, row);
  });
}

/**
 * Zipf elements for one row p = (am1, 1/am1, c, 1/b, 1/bm1), 1/b > 0: proposal 0 (u = a, v = b), a rejected one
 * continued from proposal 1, as cr_zipf_element goes on. cr_zipf_tm1 of an X ≤ 1024 — most proposals (a = 2:
 * 99.9 %, a = 1.1: half) — is computed once per call, the first time that X comes (the same function of the
 * same X, so its bits).
 */
template <class Map>
void cr_cpu_zipf_run(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n,
                     Map map) {
  if (!(p[3] > 0.0)) {  // 1/b = 0 (a ≥ 1025): every value is 1, and cr_zipf_element reads no block
    double ones[CR_ELEMENT_CHUNK];
    for (double& x : ones) x = 1.0;
    for (uint64_t i = 0; i < n; i += CR_ELEMENT_CHUNK)
      cr_cpu_store_values(out, type, i, ones, n - i < CR_ELEMENT_CHUNK ? (unsigned)(n - i) : CR_ELEMENT_CHUNK);
    return;
  }
  constexpr int SMALL = 1024;
  const double row[5] = {p[0], p[1], p[2], p[3], p[4]};
  double tm1_of[SMALL + 1];
  bool known[SMALL + 1] = {};
  const auto take = [&](double u, double v, double* x) {
    *x = cr_zipf_x(u, row);
    if (*x > 9007199254740992.0) return false;  // 2^53: rounding past the bound
    if (*x > SMALL) return cr_zipf_accept(v, *x, cr_zipf_tm1(*x, row), row);
    const int i = (int)*x;
    if (!known[i]) tm1_of[i] = cr_zipf_tm1(*x, row), known[i] = true;
    return cr_zipf_accept(v, *x, tm1_of[i], row);
  };
  cr_cpu_block0_run(k0, k1, CR_TAG_ZIPF, first, out, type, n, map, [&](double a, double b, uint64_t e) {
    double x;
    for (uint32_t t = 1; !take(a, b, &x); ++t) cr_cpu_proposal(k0, k1, e, t, CR_TAG_ZIPF, &a, &b);
    return x;
  });
}

/**
 * Hypergeometric elements for one row p of cr_hypergeometric_row. The draws one by one (mode 4, at most 9): draw j
 * of element e is word pair j mod 2 of its block ⌊j/2⌋, from the vector map of plane ⌊j/2⌋ (only the planes the
 * row's draw count reaches). HRUA: proposal 0 from plane 0 (U = a + 2^-53, V = b), a rejected one continued from
 * proposal 1 by the scalar port.
 */
template <class Map>
void cr_cpu_hypergeometric_run(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type,
                               uint64_t n, Map map) {
  const double row[8] = {p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]};
  const double TWO_M53 = 1.1102230246251565e-16;
  if (row[7] != 4.0) {
    cr_cpu_block0_run(k0, k1, CR_TAG_HYPERGEOMETRIC, first, out, type, n, map, [&](double a, double b, uint64_t e) {
      double k = 0.0;
      for (uint32_t t = 1; !cr_hypergeometric_try(a + TWO_M53, b, row, &k); ++t)
        cr_cpu_proposal(k0, k1, e, t, CR_TAG_HYPERGEOMETRIC, &a, &b);
      return cr_hypergeometric_unflip(k, row);
    });
    return;
  }
  constexpr unsigned CH = CR_ELEMENT_CHUNK;
  const double pop = row[0] + row[1], sample = row[2];
  const double draws = sample > floor(pop / 2.0) ? pop - sample : sample;  // at most 9
  const unsigned planes = (unsigned)((draws + 1.0) / 2.0);
  alignas(64) double b[5][2 * CH], val[CH];
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < CH ? (unsigned)(n - done) : CH;
    const uint64_t e0 = first + done;
    for (unsigned q = 0; q < planes; ++q) {
      cr_cpu_map_ctx plane{0.0, 1.0, true, k0, k1};
      plane.tag = CR_TAG_HYPERGEOMETRIC;
      plane.plane = q;
      map(plane, 2 * e0, b[q], CR_MAP_F64, 2 * (uint64_t)m);
    }
    for (unsigned i = 0; i < m; ++i)
      val[i] = cr_hypergeometric_by_items(row, [&](uint32_t j) { return b[j >> 1][2 * i + (j & 1u)]; });
    cr_cpu_store_values(out, type, done, val, m);
    done += m;
  }
}

#endif  // CR_CPU_ELEMENT_KERNELS_H
