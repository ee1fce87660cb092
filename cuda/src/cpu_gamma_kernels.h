// Gamma (Marsaglia–Tsang, one shape; docs/streams.md, "Gamma (Marsaglia–Tsang)") on W lanes: proposal 0
// of every element from the instruction set's raw-word kernel on the planes its shape reads — a
// Marsaglia–Tsang shape its pair's block(s) of (0, TAG_GAMMA_PAIR), one Box–Muller pair for two elements;
// an Erlang shape its word(s) of the dense planes —, its test in vectors with cr_vmath<W> (an Erlang
// shape's, cr_gamma_erlang, or Marsaglia–Tsang's, lane by lane), and an
// element that rejects it continued from proposal 1 by the scalar port (cr_gamma.h cr_gamma_try), so
// each value is the first accepted proposal, as cr_gamma_draw gives it. As lib/wasm/samplers.cc's
// gamma_impl does on two lanes. Included like cpu_vmath.h (anonymous namespace, the instruction set's
// target).
#ifndef CR_CPU_GAMMA_KERNELS_H
#define CR_CPU_GAMMA_KERNELS_H

#include "cpu_vmath.h"

/** Elements per chunk: their words (8 a float64 element), uniforms and values stay in L1. */
constexpr unsigned CR_GAMMA_CHUNK = 256;

/** Per element j of a chunk: its Marsaglia–Tsang constants and shape (drawRange's d, c; α only for values),
 *  and the chunk's test order (cr_cpu_gamma_group). */
struct cr_cpu_gamma_lanes {
  double d[CR_GAMMA_CHUNK], c[CR_GAMMA_CHUNK], alpha[CR_GAMMA_CHUNK];
  // grouped: lanes [0, group_m) mix Erlang and other shapes; o = the Marsaglia–Tsang ones, then the Erlang
  // ones; gd, gc = their d, c in that order (padding lanes: a valid shape)
  bool grouped;
  unsigned group_m;
  // lanes [0, group_m): their kinds (0 Marsaglia–Tsang, k Erlang shape k) and how many of each
  uint8_t kind[CR_GAMMA_CHUNK];
  unsigned n_mt, n_exp, n_e2, n_e3;
  uint16_t o[CR_GAMMA_CHUNK];
  double gd[CR_GAMMA_CHUNK], gc[CR_GAMMA_CHUNK];
};

/**
 * A vector whose lanes mix Erlang shapes with others pays both tests (beta(2, 5)'s alternating gamma elements,
 * a Dirichlet row [0.5, 1, 2]). A chunk of such lanes [0, m) runs in the order L.o — its Marsaglia–Tsang
 * elements, then its Erlang ones — so that at most one vector mixes them; each lane's arithmetic and so its
 * bits are the same. Set once per call where the lanes repeat from chunk to chunk.
 */
inline void cr_cpu_gamma_group(cr_cpu_gamma_lanes& L, unsigned m, unsigned mv) {
  unsigned n[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < m; ++i) {
    L.kind[i] = (uint8_t)cr_gamma_erlang(L.d[i]);
    ++n[L.kind[i]];
  }
  const unsigned nmt = n[0];
  L.n_mt = n[0], L.n_exp = n[1], L.n_e2 = n[2], L.n_e3 = n[3];
  L.group_m = m;
  L.grouped = nmt != 0 && nmt != m;
  if (!L.grouped) return;
  for (unsigned i = 0, a = 0, b = nmt; i < m; ++i) L.o[cr_gamma_erlang(L.d[i]) == 0 ? a++ : b++] = (uint16_t)i;
  for (unsigned j = 0; j < mv; ++j) {
    const unsigned i = j < m ? L.o[j] : m - 1;
    L.gd[j] = L.d[i], L.gc[j] = L.c[i];
  }
}

/**
 * dst[0, m) = the uniforms of elements [e0, e0 + m) in the dense plane (0, tag), as cr_gamma_dense maps them:
 * float64 the map's k53·2^-53 (written straight into dst) + 2^-53, exact; float32 (w + 1)·2^-32 of the words
 * the map writes into `words` (which must not overlap dst).
 */
template <class Map>
void cr_cpu_dense_uniforms(uint32_t k0, uint32_t k1, uint32_t tag, uint64_t e0, unsigned m, bool wide,
                           uint32_t* words, double* dst, Map map) {
  cr_cpu_map_ctx of{0.0, 1.0, true, k0, k1};
  of.tag = tag;
  if (wide) {
    map(of, e0, dst, CR_MAP_F64, (uint64_t)m);
    for (unsigned i = 0; i < m; ++i) dst[i] = dst[i] + 1.1102230246251565e-16;
  } else {
    map(of, e0, words, CR_MAP_BITS, (uint64_t)m);
    for (unsigned i = 0; i < m; ++i) dst[i] = ((double)words[i] + 1.0) * 2.3283064365386963e-10;
  }
}

/**
 * One chunk of m ≤ CR_GAMMA_CHUNK elements from e0, element j with the constants L.d/c[j]: their first
 * accepted proposals, dv = G' = d·v and U (its boost uniform), in binary64. Proposal 0 in vectors; a lane
 * that rejects it goes on from proposal 1 by the scalar port. U is made for the Marsaglia–Tsang lanes when
 * need_U, for the Erlang lanes when need_U_erlang (else left as it was: the caller reads none).
 */
template <int W, bool Grouped, class Map>
void cr_cpu_gamma_chunk(uint32_t k0, uint32_t k1, uint64_t e0, unsigned m, const cr_cpu_gamma_lanes& L, bool wide,
                        bool need_U, bool need_U_erlang, uint32_t* w, double* u1, double* u2, double* ua, double* dvs,
                        double* Us, Map map) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  const unsigned mv = (m + W - 1) / W * W;  // lanes past m are computed from the padding, never stored
  const unsigned n_mt = L.n_mt, n_exp = L.n_exp, n_e2 = L.n_e2, n_e3 = L.n_e3;
  if (n_mt != m && n_exp != m && n_e2 != m && n_e3 != m)  // mixed: a lane may read what its kind never writes
    for (unsigned i = 0; i < m; ++i) u1[i] = u2[i] = ua[i] = Us[i] = 0.5;
  // the dense planes (cr_gamma_dense): word e (float32) or words 2e, 2e + 1 (float64) of (0, tag) for each lane,
  // routed by its kind (L.kind: 0 Marsaglia–Tsang, k Erlang shape k) — plane 1: Erlang's first factor (u1) or
  // Marsaglia–Tsang's boost (Us); plane 2: shapes 2 and 3's second factor (u2) or shape 1's boost; plane 3:
  // shape 3's third factor (ua) or shape 2's boost
  const int only = n_mt == m ? 0 : n_exp == m ? 1 : n_e2 == m ? 2 : n_e3 == m ? 3 : -1;  // every lane's kind
  const auto dense = [&](uint32_t tag, double* const to[4]) {
    if (only >= 0) {  // one kind: straight into its array
      if (to[only] != nullptr) cr_cpu_dense_uniforms(k0, k1, tag, e0, m, wide, w, to[only], map);
      return;
    }
    double* const k = (double*)w;  // its words (float32) from w's second half
    cr_cpu_dense_uniforms(k0, k1, tag, e0, m, wide, w + 2 * CR_GAMMA_CHUNK, k, map);
    for (unsigned i = 0; i < m; ++i)
      if (double* dst = to[L.kind[i]]) dst[i] = k[i];
  };
  const bool erl = n_mt != m;
  if (erl || need_U) {
    double* const to[4] = {need_U ? Us : nullptr, u1, u1, u1};
    dense(CR_TAG_GAMMA_EXP, to);
  }
  if (n_e2 + n_e3 != 0 || (n_exp != 0 && need_U_erlang)) {
    double* const to[4] = {nullptr, need_U_erlang ? Us : nullptr, u2, u2};
    dense(CR_TAG_GAMMA_EXP2, to);
  }
  if (n_e3 != 0 || (n_e2 != 0 && need_U_erlang)) {
    double* const to[4] = {nullptr, nullptr, need_U_erlang ? Us : nullptr, ua};
    dense(CR_TAG_GAMMA_EXP3, to);
    if (need_U_erlang)
      for (unsigned i = 0; i < m; ++i)
        if (L.kind[i] == 3) Us[i] = 1.0;  // α' = 3 is α = 3: no boost
  }
  if (n_mt != 0) {
    // Marsaglia–Tsang lanes (cr_gamma_mt_uniforms): pairs p0 .. p0 + np of the plane (0, TAG_GAMMA_PAIR), one
    // Box–Muller pair each (vectors over pairs), the cosine for the even element, the sine for the odd one;
    // the normal goes to u1 (which such a lane no longer needs), the acceptance uniform to ua
    const uint64_t p0 = e0 >> 1;
    const unsigned np = (unsigned)(((e0 + m + 1) >> 1) - p0), npv = (np + W - 1) / W * W;
    alignas(64) double pu1[CR_GAMMA_CHUNK / 2 + W], pu2[CR_GAMMA_CHUNK / 2 + W];
    alignas(64) double pa[CR_GAMMA_CHUNK + 2 * W];  // the pairs' acceptance uniforms, two a pair
    cr_cpu_map_ctx pair_of{0.0, 1.0, true, k0, k1};
    pair_of.tag = CR_TAG_GAMMA_PAIR;
    if (wide) {
      double* k = (double*)w;
      map(pair_of, 4 * p0, k, CR_MAP_F64, 4 * (uint64_t)np);
      for (unsigned q = 0; q < np; ++q) {
        pu1[q] = k[4 * q] + 1.1102230246251565e-16;
        pu2[q] = k[4 * q + 1];
        pa[2 * q] = k[4 * q + 2] + 1.1102230246251565e-16;
        pa[2 * q + 1] = k[4 * q + 3] + 1.1102230246251565e-16;
      }
    } else {
      map(pair_of, 4 * p0, w, CR_MAP_BITS, 4 * (uint64_t)np);
      for (unsigned q = 0; q < np; ++q) {
        const uint32_t* b = w + 4 * q;
        pu1[q] = ((double)b[0] + 1.0) * 2.3283064365386963e-10;
        pu2[q] = (double)b[1] * 2.3283064365386963e-10;
        pa[2 * q] = ((double)b[2] + 1.0) * 2.3283064365386963e-10;
        pa[2 * q + 1] = ((double)b[3] + 1.0) * 2.3283064365386963e-10;
      }
    }
    for (unsigned q = np; q < npv; ++q) pu1[q] = pu2[q] = 0.5;
    // z[2q] = r·cos, z[2q + 1] = r·sin (cr_bm_transform), in the gathered-values area of w
    double* const z = (double*)w;
    for (unsigned q = 0; q < npv; q += W) {
      T a, b, sn, cs;
      memcpy(&a, pu1 + q, sizeof a);
      memcpy(&b, pu2 + q, sizeof b);
      M::sincos2pi(b, &sn, &cs);
      const T r = M::sqrt(-2.0 * M::log(a));
      const T z0 = r * cs, z1 = r * sn;
      for (int l = 0; l < W; ++l) z[2 * (q + l)] = z0[l], z[2 * (q + l) + 1] = z1[l];
    }
    const unsigned off = (unsigned)(e0 & 1);  // element e0's place in its pair
    if (n_mt == m) {
      for (unsigned i = 0; i < m; ++i) u1[i] = z[off + i], ua[i] = pa[off + i];
    } else {
      for (unsigned i = 0; i < m; ++i)
        if (L.kind[i] == 0) u1[i] = z[off + i], ua[i] = pa[off + i];
    }
  }
  for (unsigned i = m; i < mv; ++i) u1[i] = u2[i] = ua[i] = Us[i] = 0.5;
  // in L's test order where it mixes Erlang and other shapes (cr_cpu_gamma_group): the uniforms gathered
  constexpr bool grouped = Grouped;  // = L.grouped: a separate instance keeps the other path as it was
  const double *D = L.d, *C = L.c, *P1 = u1, *P2 = u2, *PA = ua;
  double* DV = dvs;
  // the gathered uniforms and values live in w (8·CR_GAMMA_CHUNK words), whose words are spent by now
  double* const g1 = (double*)w;
  double *const g2 = g1 + CR_GAMMA_CHUNK, *const ga = g2 + CR_GAMMA_CHUNK, *const gdv = ga + CR_GAMMA_CHUNK;
  if constexpr (grouped) {
    for (unsigned j = 0; j < mv; ++j) {
      const unsigned i = j < m ? L.o[j] : m - 1;  // padding lanes: computed, never stored
      g1[j] = u1[i], g2[j] = u2[i], ga[j] = ua[i];
    }
    D = L.gd, C = L.gc, P1 = g1, P2 = g2, PA = ga, DV = gdv;
  }
  for (unsigned i = 0; i < mv; i += W) {
    T d, u, dv = {};
    memcpy(&d, D + i, sizeof d);
    memcpy(&u, PA + i, sizeof u);
    // cr_gamma_erlang per lane: Erlang lanes take 0 - log p (cr_gamma_try), accepted iff p < 1
    const I e2 = d == 2.0 - CR_GAMMA_THIRD, e3 = d == 3.0 - CR_GAMMA_THIRD;
    const I erl = (d == 1.0 - CR_GAMMA_THIRD) | e2 | e3;
    I ok = erl;
    if (M::any(erl)) {
      T p, v;
      memcpy(&p, P1 + i, sizeof p);
      memcpy(&v, P2 + i, sizeof v);
      p = M::select(e2 | e3, p * v, p);
      p = M::select(e3, p * u, p);
      ok = erl & (p < 1.0);
      dv = 0.0 - M::log(M::select(erl, p, 0.5));
    }
    if (M::any(~erl)) {  // Marsaglia–Tsang lanes
      T x, v, c;
      memcpy(&x, P1 + i, sizeof x);  // the lane's normal (cr_gamma_mt_uniforms)
      memcpy(&c, C + i, sizeof c);
      // cr_gamma_accept per lane
      const T v0 = 1.0 + c * x;
      const I pos = (v0 > 0.0) & ~erl;
      v = v0 * v0 * v0;
      const T x2 = x * x;
      I mt = pos & (u < 1.0 - CR_GAMMA_SQUEEZE * (x2 * x2));
      if (M::any(pos & ~mt)) {  // v0 > 0 but the squeeze failed: the log test (v of the other lanes is unused)
        const T lv = M::log(M::select(pos, v, 1.0));
        mt |= pos & (M::log(u) < 0.5 * x2 + d * ((1.0 - v) + lv));
      }
      ok = (erl & ok) | mt;
      dv = M::select(erl, dv, d * v);
    }
    memcpy(DV + i, &dv, sizeof dv);
    if (__builtin_expect(M::any(~ok), 0)) {
      for (int l = 0; l < W; ++l) {
        if (ok[l] || i + l >= m) continue;
        const unsigned e = grouped ? L.o[i + l] : i + l;
        const cr_gamma_mt mt{L.d[e], L.c[e]};
        for (uint32_t t = 1; !cr_gamma_try(k0, k1, e0 + e, t, mt, wide, DV + i + l, Us + e); ++t) {
        }
      }
    }
  }
  if constexpr (grouped)
    for (unsigned j = 0; j < m; ++j) dvs[L.o[j]] = gdv[j];
}

/**
 * The values of a chunk whose every element has shape 1 and α ≥ 1 (gamma(1), chi-square(2)) into val:
 * (0 − log u1)·scale, u1 from the plane (0, TAG_GAMMA_EXP) — cr_cpu_gamma_chunk's and cr_cpu_gamma_values'
 * operations without the other planes, which such values never read; an element whose u1 is 1 (rejected:
 * p < 1 fails) by the scalar port from proposal 0, as the chunk's lane would go on from proposal 1.
 */
template <int W, class Map>
void cr_cpu_gamma_exp_values(uint32_t k0, uint32_t k1, uint64_t e0, unsigned m, bool wide, double scale,
                             cr_gamma_mt mt, uint32_t* w, double* val, Map map) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  const unsigned mv = (m + W - 1) / W * W;
  cr_cpu_dense_uniforms(k0, k1, CR_TAG_GAMMA_EXP, e0, m, wide, w, val, map);
  for (unsigned i = m; i < mv; ++i) val[i] = 0.5;
  for (unsigned i = 0; i < mv; i += W) {
    T u;
    memcpy(&u, val + i, sizeof u);
    const I rejected = u >= 1.0;
    const T v = (0.0 - M::log(u)) * scale;
    memcpy(val + i, &v, sizeof v);
    if (__builtin_expect(M::any(rejected), 0)) {
      for (int l = 0; l < W; ++l) {
        if (!rejected[l] || i + l >= m) continue;
        double g, U;
        cr_gamma_draw(k0, k1, e0 + i + l, mt, wide, 1, &g, &U);
        val[i + l] = g * scale;
      }
    }
  }
}

/** The values of a chunk's draws into val: cr_gamma_value · scale, α per lane (α < 1: exp(log G' + log(U)/α)). */
template <int W>
void cr_cpu_gamma_values(unsigned m, const cr_cpu_gamma_lanes& L, bool any_small, double scale, const double* dvs,
                         const double* Us, double* val) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  using I = typename M::I;
  for (unsigned i = 0; i < m; i += W) {
    T dv, U, a;
    memcpy(&dv, dvs + i, sizeof dv);
    memcpy(&U, Us + i, sizeof U);
    memcpy(&a, L.alpha + i, sizeof a);
    T value = dv;
    if (any_small) {
      const I small = a < 1.0;
      if (M::any(small)) value = M::select(small, M::exp(M::log(dv) + M::log(U) / M::select(small, a, 1.0)), dv);
    }
    value = value * scale;
    memcpy(val + i, &value, sizeof value);
  }
}

/** cr_gamma_setup of lanes [0, mv) (L.alpha to L.d, L.c), W at a time: its operations lane by lane, so its
 *  bits, without a scalar square root and division per element (a shape per element, or a table of them). */
template <int W>
void cr_cpu_gamma_setup_lanes(cr_cpu_gamma_lanes& L, unsigned mv) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  for (unsigned i = 0; i < mv; i += W) {
    T a;
    memcpy(&a, L.alpha + i, sizeof a);
    const T d = M::select(a < M::splat(1.0), a + 1.0, a) - CR_GAMMA_THIRD;
    const T c = 1.0 / M::sqrt(9.0 * d);
    memcpy(L.d + i, &d, sizeof d);
    memcpy(L.c + i, &c, sizeof c);
  }
}

/**
 * Elements [first, first + n) of gamma with the shapes of c (element first + j: alpha[(phase + j) mod
 * period]), the proposal layout g.wide: values (c.draws null: cr_gamma_value · scale into out of `type`,
 * CR_TYPE_F32 rounded once, else doubles) or draws (c.draws: out = G', c.draws = U,
 * doubles; c.alpha then holds no shapes but c.d / c.c their constants).
 */
template <int W, class Map>
void cr_cpu_gamma_run(const cr_cpu_gamma_ctx& g, uint64_t first, void* out, int type, uint64_t n, Map map) {
  constexpr unsigned CH = CR_GAMMA_CHUNK;
  static_assert(CH % W == 0, "whole vectors");
  const bool wide = g.wide;
  const bool draws = g.draws != nullptr;
  alignas(64) cr_cpu_gamma_lanes L;
  alignas(64) uint32_t w[8 * CH];
  alignas(64) double u1[CH], u2[CH], ua[CH], dvs[CH], Us[CH], val[CH];
  uint64_t k = g.phase % g.period;  // the table index of the next element
  // the constants of lanes [0, mv) from table index k on (lanes past m repeat a valid shape): drawRange's
  // d, c, or cr_gamma_setup's of the shapes, in vectors
  bool any_small = false, small_erlang = false;
  const auto set_lanes = [&](unsigned mv, unsigned m) {
    any_small = small_erlang = false;
    for (unsigned i = 0; i < mv; ++i) {
      if (draws) L.d[i] = g.d[k], L.c[i] = g.c[k], L.alpha[i] = 0.0;  // draws carry no shapes
      else L.alpha[i] = g.alpha[k], any_small |= g.alpha[k] < 1.0;
      if (i < m && ++k == g.period) k = 0;
    }
    if (!draws) cr_cpu_gamma_setup_lanes<W>(L, mv);
    // a shape below 1 whose α + 1 rounds to 1, 2 or 3 (1e-300, 1 − 2^-53) is an Erlang lane with a boost
    if (any_small)
      for (unsigned i = 0; i < m; ++i) small_erlang |= L.alpha[i] < 1.0 && cr_gamma_erlang(L.d[i]) != 0;
  };
  // A table of at most CH shapes (one shape, beta's pair, a Dirichlet row) repeats in chunks of a multiple of
  // its period: every chunk starts at the same table index, so the lanes' constants are set once per call.
  const bool fixed = g.period <= CH;
  const unsigned len = fixed ? CH - CH % (unsigned)g.period : CH;
  if (fixed) {
    set_lanes((len + W - 1) / W * W, len);
    cr_cpu_gamma_group(L, len, (len + W - 1) / W * W);
  }
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < len ? (unsigned)(n - done) : len;
    const unsigned mv = (m + W - 1) / W * W;
    const uint64_t e0 = first + done;
    if (!fixed) set_lanes(mv, m);
    if (!fixed || m != L.group_m) cr_cpu_gamma_group(L, m, mv);
    // every element of shape 1 with α ≥ 1, values only: the exponential-like path
    const bool exp_only = fixed && !draws && !any_small && L.n_exp == m;
    // the word kernel addresses words by a 64-bit index: elements from 2^61 (float64: 8 words each) or
    // 2^62 (float32) go by the scalar port, as lib/kernels/gamma.ts fillPlane goes block by block there
    const bool scalar = e0 + m > (wide ? 1ull << 61 : 1ull << 62);
    // whole vectors of exponential-like values into a float64 out in place (its uniforms, then the values),
    // not through val and a copy
    const bool straight = exp_only && !scalar && type == CR_TYPE_F64 && m % W == 0;
    if (scalar) {
      for (unsigned i = 0; i < m; ++i)
        cr_gamma_draw(g.k0, g.k1, e0 + i, cr_gamma_mt{L.d[i], L.c[i]}, wide, 1, dvs + i, Us + i);
    } else if (exp_only) {
      cr_cpu_gamma_exp_values<W>(g.k0, g.k1, e0, m, wide, g.scale, cr_gamma_mt{L.d[0], L.c[0]}, w,
                                 straight ? (double*)out + done : val, map);
    } else {
      // the boost uniforms are wanted by the draws, and by values with a shape below 1
      // (an Erlang lane's α is 1, 2 or 3 but where α + 1 rounded to one of them: only the draws, which return
      // every U, and those lanes want an Erlang lane's — not beta(2, 5)'s or a Dirichlet row [0.05, 0.05, 2]'s)
      const bool need_U = draws || any_small, need_U_erlang = draws || small_erlang;
      if (L.grouped)
        cr_cpu_gamma_chunk<W, true>(g.k0, g.k1, e0, m, L, wide, need_U, need_U_erlang, w, u1, u2, ua, dvs, Us, map);
      else
        cr_cpu_gamma_chunk<W, false>(g.k0, g.k1, e0, m, L, wide, need_U, need_U_erlang, w, u1, u2, ua, dvs, Us, map);
    }
    if (draws) {
      memcpy((double*)out + done, dvs, m * sizeof(double));
      memcpy(g.draws + done, Us, m * sizeof(double));
    } else {
      if (!exp_only || scalar) {  // else cr_cpu_gamma_exp_values put them in val
        for (unsigned i = m; i < mv; ++i) dvs[i] = Us[i] = 1.0;
        cr_cpu_gamma_values<W>(mv, L, any_small, g.scale, dvs, Us, val);
      }
      if (!straight) cr_cpu_store_values(out, type, done, val, m);
    }
    done += m;
  }
}

/** Dirichlet rows in log space (every α_k < 1), cr_row_term's terms on W lanes: l[j] = log(G'[j]) + log(U[j]) / alpha[j]
 *  for j < n (alpha: each draw's shape). */
template <int W>
void cr_cpu_dirichlet_terms_run(const double* dv, const double* U, const double* alpha, double* l, unsigned n) {
  using M = cr_vmath<W>;
  for (unsigned g = 0; g < n; g += W) {
    const auto x = M::log(cr_lanes_load<W>(dv, g, n, 1.0)) + M::log(cr_lanes_load<W>(U, g, n, 1.0)) /
                   cr_lanes_load<W>(alpha, g, n, 1.0);
    cr_lanes_store<W>(l, g, n, x);
  }
}

/** x[j] = cr_exp(x[j]) for j < n on W lanes (cr_row_normalise's exp of the log-space terms). */
template <int W>
void cr_cpu_exp_run(double* x, unsigned n) {
  for (unsigned g = 0; g < n; g += W) cr_lanes_store<W>(x, g, n, cr_vmath<W>::exp(cr_lanes_load<W>(x, g, n, 0.0)));
}

#endif  // CR_CPU_GAMMA_KERNELS_H
