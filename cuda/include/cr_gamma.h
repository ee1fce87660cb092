// Gamma and derived variates of docs/streams.md, "Gamma and friends", per element: the C++/CUDA port of
// lib/kernels/gamma.ts, bit for bit (binary64 internals via cr_math.h; float32 results are the binary64
// value rounded once). Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_GAMMA_H
#define CR_GAMMA_H

#include <stdint.h>
#include "cr_beta.h"
#include "cr_math.h"
#include "cr_normal.h"
#include "cr_philox.h"

/** Marsaglia–Tsang squeeze constant. */
#define CR_GAMMA_SQUEEZE 0.0331
/** fl(1/3) = 3FD55555 55555555: d = alpha' - CR_GAMMA_THIRD, and the Erlang shapes' d (cr_gamma_erlang). */
#define CR_GAMMA_THIRD 0.3333333333333333

/** Marsaglia–Tsang constants of alpha' = alpha (alpha >= 1) or fl(alpha + 1) (alpha < 1). */
struct cr_gamma_mt {
  double d;  // alpha' - 1/3
  double c;  // 1 / sqrt(9 d)
};

CR_HD inline cr_gamma_mt cr_gamma_setup(double alpha) {
  const double a = alpha < 1.0 ? alpha + 1.0 : alpha;
  cr_gamma_mt m;
  m.d = a - CR_GAMMA_THIRD;
  m.c = 1.0 / sqrt(9.0 * m.d);
  return m;
}

/**
 * Erlang shapes (docs/streams.md, "Gamma (Marsaglia–Tsang)", "Erlang shapes"): for alpha' = 1, 2 or 3 a
 * proposal's G' is 0 - log p, p the product of that many of its uniforms (a sum of k exponentials is
 * Gamma(k) exactly), accepted iff p < 1 (so that G' > 0, as Marsaglia–Tsang's d·v is): one log where
 * Marsaglia–Tsang costs a Box–Muller normal and a test. The shape is recognised by d = alpha' - fl(1/3),
 * one-to-one near 1, 2 and 3. Returns k, or 0 for any other shape.
 */
CR_HD inline int cr_gamma_erlang(double d) {
  return d == 1.0 - CR_GAMMA_THIRD ? 1 : d == 2.0 - CR_GAMMA_THIRD ? 2 : d == 3.0 - CR_GAMMA_THIRD ? 3 : 0;
}

/** Element e's uniform of proposal t in a dense plane (docs/streams.md, "Erlang shapes"; tag CR_TAG_GAMMA_EXP,
 *  _EXP2 or _EXP3): word e (float32, (w + 1)·2^-32) or words 2e, 2e + 1 (float64, (k53 + 1)·2^-53) of the plane
 *  (t, tag), laid out like the raw stream. */
CR_HD inline double cr_gamma_dense(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t, uint32_t tag, bool wide) {
  uint32_t a[4];
  const uint64_t b = wide ? e >> 1 : e >> 2;
  cr_block(k0, k1, (uint32_t)b, (uint32_t)(b >> 32), t, tag, a);
  if (wide) {
    const unsigned j = 2 * (unsigned)(e & 1);
    return (double)(cr_u53(cr_word(a, j), cr_word(a, j + 1)) + 1) * 1.1102230246251565e-16;
  }
  return ((double)cr_word(a, (unsigned)(e & 3)) + 1.0) * 2.3283064365386963e-10;
}

/**
 * The normal x and acceptance uniform u of Marsaglia–Tsang proposal t of element e (docs/streams.md, "Gamma
 * (Marsaglia–Tsang)"): elements 2p and 2p + 1 (p = e >> 1) share one Box–Muller pair — x = r·cos(2 pi u2) for
 * 2p, r·sin(2 pi u2) for 2p + 1, r = sqrt(-2 log u1) — and the block after it holds both u. float32: block
 * (lo(p), hi(p), t, TAG_GAMMA_PAIR), u1 = (w0 + 1)·2^-32, u2 = w1·2^-32, u = (w(2 + j) + 1)·2^-32, j = e & 1;
 * float64: blocks 2p (u1, u2 from word pairs 0-1, 2-3) and 2p + 1 (u from words 2j, 2j + 1) of plane t.
 */
CR_HD inline void cr_gamma_mt_uniforms(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t, bool wide, double* x,
                                       double* u) {
  const uint64_t p = e >> 1;
  const unsigned j = (unsigned)(e & 1);
  uint32_t a[4];
  double u1, u2;
  if (wide) {
    uint32_t b[4];
    const uint64_t b0 = 2 * p;
    cr_block(k0, k1, (uint32_t)b0, (uint32_t)(b0 >> 32), t, CR_TAG_GAMMA_PAIR, a);
    cr_block(k0, k1, (uint32_t)(b0 + 1), (uint32_t)((b0 + 1) >> 32), t, CR_TAG_GAMMA_PAIR, b);
    u1 = (double)(cr_u53(a[0], a[1]) + 1) * 1.1102230246251565e-16;
    u2 = (double)cr_u53(a[2], a[3]) * 1.1102230246251565e-16;
    *u = (double)(cr_u53(cr_word(b, 2 * j), cr_word(b, 2 * j + 1)) + 1) * 1.1102230246251565e-16;
  } else {
    cr_block(k0, k1, (uint32_t)p, (uint32_t)(p >> 32), t, CR_TAG_GAMMA_PAIR, a);
    u1 = ((double)a[0] + 1.0) * 2.3283064365386963e-10;
    u2 = (double)a[1] * 2.3283064365386963e-10;
    *u = ((double)cr_word(a, 2 + j) + 1.0) * 2.3283064365386963e-10;
  }
  double z0, z1;
  cr_bm_transform(u1, u2, &z0, &z1);
  *x = j ? z1 : z0;
}

/** Marsaglia–Tsang test of (x, u); on acceptance *dv = d v. */
CR_HD inline bool cr_gamma_accept(double x, double u, cr_gamma_mt m, double* dv) {
  const double v0 = 1.0 + m.c * x;
  if (v0 <= 0.0) return false;
  const double v = v0 * v0 * v0;
  const double x2 = x * x;
  if (u < 1.0 - CR_GAMMA_SQUEEZE * (x2 * x2) || cr_log(u) < 0.5 * x2 + m.d * ((1.0 - v) + cr_log(v))) {
    *dv = m.d * v;
    return true;
  }
  return false;
}

/** Proposal t of element e, tested: on acceptance *dv = G', *boost = its U (unless boost is null: a caller whose
 *  α ≥ 1 reads none, and a GPU thread then spends no Philox block on it), and true. An Erlang shape k accepts a
 *  proposal whose product p of its dense planes 1 … k is < 1, its U from plane k + 1 (shape 3: 1, as α = 3 reads
 *  none); any other shape tests cr_gamma_mt_uniforms's (x, u) by Marsaglia–Tsang's test, its U from plane 1. */
CR_HD inline bool cr_gamma_try(uint32_t k0, uint32_t k1, uint64_t e, uint32_t t, cr_gamma_mt m, bool wide,
                               double* dv, double* boost) {
  const int k = cr_gamma_erlang(m.d);
  if (k == 0) {
    double x, u;
    cr_gamma_mt_uniforms(k0, k1, e, t, wide, &x, &u);
    if (!cr_gamma_accept(x, u, m, dv)) return false;
    if (boost) *boost = cr_gamma_dense(k0, k1, e, t, CR_TAG_GAMMA_EXP, wide);
    return true;
  }
  double p = cr_gamma_dense(k0, k1, e, t, CR_TAG_GAMMA_EXP, wide);
  if (k >= 2) p = p * cr_gamma_dense(k0, k1, e, t, CR_TAG_GAMMA_EXP2, wide);
  if (k == 3) p = p * cr_gamma_dense(k0, k1, e, t, CR_TAG_GAMMA_EXP3, wide);
  if (!(p < 1.0)) return false;
  *dv = 0.0 - cr_log(p);
  if (boost) *boost = k == 3 ? 1.0 : cr_gamma_dense(k0, k1, e, t, k == 1 ? CR_TAG_GAMMA_EXP2 : CR_TAG_GAMMA_EXP3, wide);
  return true;
}

/**
 * The first accepted proposal of element e: *dv = G', *boost = its U. Proposals are evaluated
 * M at a time, every one of a group in full (as a SIMT backend would), and the first accepted in
 * index order wins; the result does not depend on M.
 */
CR_HD inline void cr_gamma_draw(uint32_t k0, uint32_t k1, uint64_t e, cr_gamma_mt m, bool wide, int M,
                                double* dv, double* boost) {
  for (uint32_t t0 = 0;; t0 += (uint32_t)M) {
    bool found = false;
    for (int j = 0; j < M; ++j) {
      double g, U;
      const bool ok = cr_gamma_try(k0, k1, e, t0 + (uint32_t)j, m, wide, &g, &U);
      if (ok && !found) {
        found = true;
        *dv = g;
        *boost = U;
      }
    }
    if (found) return;
  }
}

/** Gamma value of an accepted proposal: G' (alpha >= 1) or exp(log G' + log(U) / alpha). */
CR_HD inline double cr_gamma_value(double alpha, double dv, double boost) {
  return alpha < 1.0 ? cr_exp(cr_log(dv) + cr_log(boost) / alpha) : dv;
}

/** Element e of gamma(key, ·, { alpha, scale }) in binary64: value * scale. */
CR_HD inline double cr_gamma_element(uint32_t k0, uint32_t k1, uint64_t e, double alpha, double scale, bool wide, int M) {
  double dv, boost;
  cr_gamma_draw(k0, k1, e, cr_gamma_setup(alpha), wide, M, &dv, &boost);
  return cr_gamma_value(alpha, dv, boost) * scale;
}

CR_HD inline double cr_gamma_f64(uint32_t k0, uint32_t k1, uint64_t e, double alpha, double scale, int M) {
  return cr_gamma_element(k0, k1, e, alpha, scale, true, M);
}

CR_HD inline float cr_gamma_f32(uint32_t k0, uint32_t k1, uint64_t e, double alpha, double scale, int M) {
  return (float)cr_gamma_element(k0, k1, e, alpha, scale, false, M);
}

/** Exponential element j: (0 - log u) / rate, u its open uniform (cr_open_uniform_element). */
CR_HD inline double cr_exponential_element(uint32_t k0, uint32_t k1, uint64_t j, double rate, bool wide) {
  return (0.0 - cr_log(cr_open_uniform_element(k0, k1, j, wide))) / rate;
}

/** A row component before normalisation: l = log G' + log(U)/alpha in log space (all_small), else G. */
CR_HD inline double cr_row_term(double alpha, double dv, double boost, bool all_small) {
  return all_small ? cr_log(dv) + cr_log(boost) / alpha : cr_gamma_value(alpha, dv, boost);
}

/**
 * Normalises row[0..K) of cr_row_term values in place, as cr_dirichlet_row does: in log space
 * (all_small) m = max, row[k] = exp(row[k] - m); then row[k] / sum, the sum taken in k order.
 */
CR_HD inline void cr_row_normalise(double* row, uint32_t K, bool all_small) {
  if (all_small) {
    double m = row[0];
    for (uint32_t k = 1; k < K; ++k)
      if (row[k] > m) m = row[k];
    for (uint32_t k = 0; k < K; ++k) row[k] = cr_exp(row[k] - m);
  }
  double s = row[0];
  for (uint32_t k = 1; k < K; ++k) s = s + row[k];
  for (uint32_t k = 0; k < K; ++k) row[k] = row[k] / s;
}

/**
 * Dirichlet row whose component 0 is gamma element e0: row[k] for k < K, from gamma elements e0 + k
 * with shapes alpha[k]. all_small (every alpha[k] < 1): log space, l_k = log G'_k + log(U_k)/alpha_k,
 * m = max l_k, row[k] = exp(l_k - m) / sum; else row[k] = G_k / sum G_j. Sums run in k order.
 */
CR_HD inline void cr_dirichlet_row(uint32_t k0, uint32_t k1, uint64_t e0, const double* alpha, int K,
                                   bool wide, int M, double* row) {
  bool all_small = true;
  for (int k = 0; k < K; ++k)
    if (!(alpha[k] < 1.0)) all_small = false;
  for (int k = 0; k < K; ++k) {
    double dv, boost;
    cr_gamma_draw(k0, k1, e0 + (uint64_t)k, cr_gamma_setup(alpha[k]), wide, M, &dv, &boost);
    row[k] = cr_row_term(alpha[k], dv, boost, all_small);
  }
  cr_row_normalise(row, (uint32_t)K, all_small);
}

/** Beta(a, b) element e: Jöhnk's (cr_beta.h) for a, b <= 1, else component 0 of the Dirichlet([a, b]) row at
 *  gamma element 2e (`wide` and M apply to that one only). */
CR_HD inline double cr_beta_element(uint32_t k0, uint32_t k1, uint64_t e, double a, double b, bool wide, int M) {
  if (cr_beta_johnk(a, b)) return cr_beta_johnk_element(k0, k1, e, a, b);
  const double alpha[2] = {a, b};
  double row[2];
  cr_dirichlet_row(k0, k1, 2 * e, alpha, 2, wide, M, row);
  return row[0];
}

// ---- Student's t and F: ratios of the normal and gamma streams (lib/kernels/ratios.ts) ----------------

/** Student's t from element e's standard normal z and its gamma draw of shape h = df/2: z·sqrt(h/G). */
CR_HD inline double cr_student_t_from(double z, double h, double dv, double boost) {
  return z * sqrt(h / cr_gamma_value(h, dv, boost));
}

/** studentT element e: z = Box–Muller element e (mean 0, std 1), G = gamma element e with α = df/2. */
CR_HD inline double cr_student_t_element(uint32_t k0, uint32_t k1, uint64_t e, double df, bool wide, int M) {
  const double h = 0.5 * df;
  double dv, boost;
  cr_gamma_draw(k0, k1, e, cr_gamma_setup(h), wide, M, &dv, &boost);
  return cr_student_t_from(cr_normal_element(k0, k1, e, false, wide, 0.0, 1.0), h, dv, boost);
}

/** F from the draws of gamma elements 2e (shape dfn/2) and 2e + 1 (shape dfd/2): (G_a/G_b)·(dfd/dfn). */
CR_HD inline double cr_f_from_draws(double dfn, double dfd, double dva, double Ua, double dvb, double Ub) {
  return (cr_gamma_value(0.5 * dfn, dva, Ua) / cr_gamma_value(0.5 * dfd, dvb, Ub)) * (dfd / dfn);
}

/** f element e. */
CR_HD inline double cr_f_element(uint32_t k0, uint32_t k1, uint64_t e, double dfn, double dfd, bool wide, int M) {
  double dva, Ua, dvb, Ub;
  cr_gamma_draw(k0, k1, 2 * e, cr_gamma_setup(0.5 * dfn), wide, M, &dva, &Ua);
  cr_gamma_draw(k0, k1, 2 * e + 1, cr_gamma_setup(0.5 * dfd), wide, M, &dvb, &Ub);
  return cr_f_from_draws(dfn, dfd, dva, Ua, dvb, Ub);
}

#endif  // CR_GAMMA_H
