// Fixed-point weights (docs/alias.md, "Fixed-point weights") as __host__ __device__ building blocks, shared by the GPU
// pipeline (cuda/src/alias_fixed.cu) and a sequential host driver that cuda/test/test_alias_gpu.cpp
// checks against the TypeScript backend (test/vectors/alias_fixed.json). lib/alias/fixed-point.ts is
// the specification; every binary64 operation here is the one it performs, rounded to nearest even
// (device: __dmul_rn/__ddiv_rn/__dsub_rn, which nvcc never contracts; host: -ffp-contract=off).
//
// The GPU splits the rule into passes over the weights, each a pure per-item function of scalars
// that a reduction produced before it:
//   1. exact sum S (integer superaccumulator: every weight is < 2^53 times a power of two, added as
//      three 32-bit parts into 64-bit limbs; integer adds are associative, so any reduction order
//      gives the same S) → s·2^E → scaling (a1, a2, f);
//   2. sub-unit items (q < 1): their count m and exact sum → S' = S − S_sub → rescaling (b1, b2, fr);
//   3. per item: kind (zero / one unit / eligible), base ⌊q'⌋ and remainder key (q' − ⌊q'⌋)·2^52;
//      reductions: Σ base, K, the absorbing item (largest q', lowest index);
//   4. the Δ⁺ = clamp(Δ, 0, K) eligible items ranked first by (key descending, index ascending) get a
//      unit: a radix select for the Δ⁺-th largest of the 84-bit values V = key·2^32 + (2^32−1−index),
//      which are distinct, so "V ≥ V*" names the winners exactly (7 passes of 12-bit digits).
#ifndef CR_ALIAS_FIXED_H
#define CR_ALIAS_FIXED_H

#include "cr_target.h"

#include <math.h>
#include <stdint.h>

#include "cr_math.h"

/** 32-bit limbs of S·2^1074 (2304 bits; N·2^1024·2^1074 < 2^2130). */
#define CR_SACC_LIMBS 72

CR_HD inline double cr_fp_mul(double a, double b) {
#if CR_DEVICE_CODE
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

CR_HD inline double cr_fp_div(double a, double b) {
#if CR_DEVICE_CODE
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}

CR_HD inline double cr_fp_sub(double a, double b) {
#if CR_DEVICE_CODE
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}

CR_HD inline int cr_clz32(uint32_t x) {
#if CR_DEVICE_CODE
  return __clz((int)x);
#else
  return x ? __builtin_clz(x) : 32;
#endif
}

// ---- 1. the superaccumulator ----------------------------------------------------------------------

/** w·2^1074 = mantissa·2^p for finite w > 0, as parts p0, p1, p2 (< 2^32) of limbs j, j+1, j+2. */
struct cr_sacc_parts {
  uint32_t j, p0, p1, p2;
};

CR_HD inline cr_sacc_parts cr_sacc_split(double w) {
  const uint64_t b = cr_dbits(w);
  const uint32_t hi = (uint32_t)(b >> 32), lo = (uint32_t)b;
  const uint32_t ef = (hi >> 20) & 0x7ffu;
  const uint32_t mh = (hi & 0xfffffu) | (ef == 0 ? 0u : 0x100000u);
  const uint32_t p = ef == 0 ? 0u : ef - 1u;
  const uint32_t sh = p & 31u;
  cr_sacc_parts r;
  r.j = p >> 5;
  if (sh == 0) {
    r.p0 = lo;
    r.p1 = mh;
    r.p2 = 0;
  } else {
    r.p0 = lo << sh;
    r.p1 = (lo >> (32u - sh)) | (mh << sh);
    r.p2 = mh >> (32u - sh);
  }
  return r;
}

/**
 * Carries limb sums into 32-bit limbs: the value is Σ_j (L[j] + H[j]·2^32)·2^(32j), where L[j] and
 * H[j] are sums of 32-bit halves (each < 2^62). Returns 0 if the value does not fit CR_SACC_LIMBS.
 */
CR_HD inline int cr_sacc_normalize(const uint64_t* L, const uint64_t* H, uint32_t* out) {
  uint64_t carry = 0;
  for (int j = 0; j < CR_SACC_LIMBS; ++j) {
    // t < 2^62 + 2^62 + 2^31: no overflow
    const uint64_t t = L[j] + (j > 0 ? H[j - 1] : 0) + carry;
    out[j] = (uint32_t)t;
    carry = t >> 32;
  }
  return carry == 0 && H[CR_SACC_LIMBS - 1] == 0;
}

/** a −= b (normalized limbs). Returns 0 if b > a. */
CR_HD inline int cr_sacc_sub(uint32_t* a, const uint32_t* b) {
  uint32_t borrow = 0;
  for (int j = 0; j < CR_SACC_LIMBS; ++j) {
    const uint64_t d = (uint64_t)a[j] - b[j] - borrow;
    a[j] = (uint32_t)d;
    borrow = (uint32_t)(d >> 63);
  }
  return borrow == 0;
}

/** Bits [pos, pos + 64) of the limbs (zeros beyond the top). */
CR_HD inline uint64_t cr_sacc_bits64(const uint32_t* limbs, int pos) {
  const int lw = pos >> 5, sh = pos & 31;
  uint64_t v = 0;
  for (int k = 0; k < 3; ++k) {
    const int i = lw + k;
    const uint64_t x = i < CR_SACC_LIMBS ? limbs[i] : 0;
    const int at = 32 * k - sh;  // where limb i lands relative to pos
    if (at >= 64) continue;
    v |= at >= 0 ? x << at : x >> (-at);
  }
  return v;
}

/** Whether any of bits [0, pos) is set. */
CR_HD inline int cr_sacc_any_below(const uint32_t* limbs, int pos) {
  const int lw = pos >> 5, sh = pos & 31;
  for (int i = 0; i < lw; ++i)
    if (limbs[i]) return 1;
  return sh && (limbs[lw] & ((1u << sh) - 1u)) != 0;
}

/**
 * Rounds the (normalized) accumulator value b·2^-1074 to 53 significant bits, ties to even, with an
 * unbounded exponent: *s ∈ [1, 2), value ≈ s·2^E. Returns 0 when the value is zero.
 */
CR_HD inline int cr_sacc_round(const uint32_t* limbs, double* s, int* E) {
  int top = CR_SACC_LIMBS - 1;
  while (top >= 0 && limbs[top] == 0) --top;
  if (top < 0) return 0;
  const int len = 32 * top + (32 - cr_clz32(limbs[top]));
  uint64_t q;
  int shift = 0;
  if (len <= 53) {
    q = cr_sacc_bits64(limbs, 0);
  } else {
    shift = len - 53;
    q = cr_sacc_bits64(limbs, shift) & ((1ull << 53) - 1);
    const int rb = (int)((cr_sacc_bits64(limbs, shift - 1)) & 1u);
    const int sticky = cr_sacc_any_below(limbs, shift - 1);
    if (rb && (sticky || (q & 1u))) ++q;
    if (q == (1ull << 53)) {
      q >>= 1;
      ++shift;
    }
  }
  const int qlen = len <= 53 ? len : 53;
  *s = cr_fp_mul((double)q, cr_pow2(-(qlen - 1)));
  *E = shift - 1074 + qlen - 1;
  return 1;
}

// ---- 2./3. scaling and the per-item rule ------------------------------------------------------------

/** Two factors whose successive product scales by 2^k exactly whenever the result is ≥ 2^-1022. */
CR_HD inline void cr_fp_scale_factors(int k, double* a1, double* a2) {
  if (k > 1000) {
    *a1 = cr_pow2(1000);
    *a2 = cr_pow2(k - 1000);
  } else if (k < -1000) {
    *a1 = cr_pow2(-1000);
    *a2 = cr_pow2(k + 1000);
  } else {
    *a1 = cr_pow2(k);
    *a2 = 1.0;
  }
}

/** The scalars of the per-item rule: q = ((w·a1)·a2)·f; with rescaled, q' = ((w·b1)·b2)·fr. */
struct cr_fp_params {
  double a1, a2, f;
  double b1, b2, fr;
  uint32_t rescaled;
  uint32_t pad;  // (explicit, so whole-struct copies on the device read initialized bytes only)
};

/** T = n·2^32 as a double (exact: n < 2^32). */
CR_HD inline double cr_fp_total(uint32_t n) { return (double)n * 4294967296.0; }

/** Step 2: f = RN(T / s), a1·a2 = 2^-E. */
CR_HD inline void cr_fp_set_scale(cr_fp_params* p, uint32_t n, double s, int E) {
  p->f = cr_fp_div(cr_fp_total(n), s);
  cr_fp_scale_factors(-E, &p->a1, &p->a2);
  p->rescaled = 0;
  p->pad = 0;
  p->b1 = p->b2 = p->fr = 0;
}

/** Step 3: fr = RN(RN(T − m) / s'), b1·b2 = 2^-E'. */
CR_HD inline void cr_fp_set_rescale(cr_fp_params* p, uint32_t n, uint64_t m, double s, int E) {
  p->fr = cr_fp_div(cr_fp_sub(cr_fp_total(n), (double)m), s);
  cr_fp_scale_factors(-E, &p->b1, &p->b2);
  p->rescaled = 1;
}

/** First-pass q of a positive weight. */
CR_HD inline double cr_fp_q1(double w, const cr_fp_params& p) { return cr_fp_mul(cr_fp_mul(cr_fp_mul(w, p.a1), p.a2), p.f); }

#define CR_FP_ZERO 0
#define CR_FP_ONE 1
#define CR_FP_ELIGIBLE 2

/**
 * The item's kind under the rule: CR_FP_ZERO (w = 0: W = 0), CR_FP_ONE (q < 1 in the first pass, or
 * q' < 1 after the rescale: W = 1 and not eligible), or CR_FP_ELIGIBLE with *q = q', *base = ⌊q'⌋ and
 * *key = (q' − ⌊q'⌋)·2^52 (an integer < 2^52, exact since q' ≥ 1).
 */
CR_HD inline int cr_fp_item(double w, const cr_fp_params& p, double* q, uint64_t* base, uint64_t* key) {
  if (!(w > 0)) return CR_FP_ZERO;
  double v = cr_fp_q1(w, p);
  if (v < 1.0) return CR_FP_ONE;
  if (p.rescaled) {
    v = cr_fp_mul(cr_fp_mul(cr_fp_mul(w, p.b1), p.b2), p.fr);
    if (v < 1.0) return CR_FP_ONE;
  }
  const double F = floor(v);
  *q = v;
  *base = (uint64_t)F;  // F < 2^64: q' ≤ T·(1 + 3·2^-53) and T ≤ 2^64 − 2^32
  *key = (uint64_t)cr_fp_mul(cr_fp_sub(v, F), 4503599627370496.0);  // 2^52
  return CR_FP_ELIGIBLE;
}

/** Whether (q, i) ranks above (qb, ib) for the absorbing item: larger q', then lower index. */
CR_HD inline int cr_fp_argmax_better(double q, uint32_t i, double qb, uint32_t ib) {
  return q > qb || (q == qb && i < ib);
}

// ---- 4. the select --------------------------------------------------------------------------------

#define CR_SEL_DIGIT_BITS 12
#define CR_SEL_BINS 4096
#define CR_SEL_PASSES 7
#define CR_SEL_VALUE_BITS 84

typedef unsigned __int128 cr_u128;

/** V = key·2^32 + (2^32 − 1 − index): larger V ranks first; distinct for distinct indices. */
CR_HD inline cr_u128 cr_sel_value(uint64_t key, uint32_t index) { return ((cr_u128)key << 32) | (uint32_t)~index; }

/** Digit `pass` (0: the top 12 bits) of V. */
CR_HD inline uint32_t cr_sel_digit(cr_u128 v, int pass) {
  return (uint32_t)(v >> (CR_SEL_VALUE_BITS - CR_SEL_DIGIT_BITS * (pass + 1))) & (CR_SEL_BINS - 1);
}

/** Digits 0 … pass−1 of V, as a number (0 for pass 0). */
CR_HD inline cr_u128 cr_sel_prefix(cr_u128 v, int pass) {
  return pass == 0 ? (cr_u128)0 : v >> (CR_SEL_VALUE_BITS - CR_SEL_DIGIT_BITS * pass);
}

/**
 * The digit bucket holding the need-th largest value (1 ≤ need ≤ Σ hist), scanning from the top:
 * returns b with *above = Σ_{d > b} hist[d] < need ≤ *above + hist[b].
 */
CR_HD inline uint32_t cr_sel_choose(const uint32_t* hist, uint64_t need, uint64_t* above) {
  uint64_t acc = 0;
  uint32_t b = CR_SEL_BINS - 1;
  for (; b > 0; --b) {
    if (acc + hist[b] >= need) break;
    acc += hist[b];
  }
  *above = acc;
  return b;
}

/** The select as it goes: the first `pass` digits of V* are `prefix`; `need` winners are left among
 *  the `count` items matching it. done: V* = prefix·2^(84 − 12·pass) (every match wins, or all
 *  digits are known). */
struct cr_sel_state {
  cr_u128 prefix;
  uint64_t need;
  uint64_t count;
  int pass;
  int done;
  int pad[2];  // (explicit: see cr_fp_params)
};

/** Starts the select of the top `up` among K eligible items: up = 0 → nobody (V* = 2^84), up = K →
 *  everybody (V* = 0). */
CR_HD inline void cr_sel_start(cr_sel_state* st, uint64_t up, uint64_t K) {
  st->pass = 0;
  st->pad[0] = st->pad[1] = 0;
  st->need = up;
  st->count = K;
  st->done = up == 0 || up == K;
  st->prefix = up == 0 ? (cr_u128)1 : (cr_u128)0;  // pass 0: V* = prefix << 84
}

/** Consumes the histogram of digit st->pass over the items matching st->prefix. */
CR_HD inline void cr_sel_advance(cr_sel_state* st, const uint32_t* hist) {
  uint64_t above = 0;
  const uint32_t b = cr_sel_choose(hist, st->need, &above);
  st->need -= above;
  st->count = hist[b];
  st->prefix = (st->prefix << CR_SEL_DIGIT_BITS) | b;
  st->pass += 1;
  if (st->need == st->count || st->pass == CR_SEL_PASSES) st->done = 1;
}

/** V* of a finished select: item wins iff V ≥ V*. */
CR_HD inline cr_u128 cr_sel_threshold(const cr_sel_state& st) {
  return st.prefix << (CR_SEL_VALUE_BITS - CR_SEL_DIGIT_BITS * st.pass);
}

// ---- validation of weights the host never saw (device-resident weights) -------------------------------

/** The rule of checkWeights (lib/alias/fixed-point.ts): finite and ≥ 0 (so NaN fails; −0 passes). */
CR_HD inline bool cr_weight_ok(double x) { return x >= 0.0 && x <= 1.7976931348623157e308; }

/** No invalid weight seen (a uint32 index: n ≤ 2^32 − 1, so the largest index is 2^32 − 2). */
#define CR_WEIGHT_NO_BAD 0xffffffffu

/**
 * One thread's share of the check kernel (cuda/src/alias_check.cu): weights begin, begin + stride, …
 * below n. *bad (CR_WEIGHT_NO_BAD before) becomes the first invalid index it meets — its lowest, as the
 * indices it visits increase — and the scan stops there; *positive becomes 1 when it saw a weight > 0. The kernel reduces both over
 * the grid (minimum, or), so the result is the lowest invalid index of all, whatever the grid shape.
 */
template <class T>
CR_HD inline void cr_weights_scan(const T* w, uint64_t begin, uint64_t stride, uint64_t n, uint32_t* bad,
                                  int* positive) {
  for (uint64_t i = begin; i < n; i += stride) {
    const double x = (double)w[i];
    if (!cr_weight_ok(x)) {
      *bad = (uint32_t)i;  // the rest of this thread's share cannot lower it (nor matter for `positive`)
      return;
    }
    if (x > 0.0) *positive = 1;
  }
}

// Host-only (not CR_HD): nvcc parses it in both passes and compiles it for the host alone.
#include <vector>

/**
 * Host driver, sequential, built from the functions above in the GPU's order: W[i] for weights w
 * (validated: finite, ≥ 0, not all zero; n ≥ 1). Returns 0 on an internal inconsistency.
 */
template <class WT>
inline int cr_alias_fixed_point_host(const WT* w, uint32_t n, uint64_t* W) {
  std::vector<uint64_t> L(CR_SACC_LIMBS, 0), H(CR_SACC_LIMBS, 0);
  auto add = [&](double x) {
    const cr_sacc_parts p = cr_sacc_split(x);
    const uint32_t v[3] = {p.p0, p.p1, p.p2};
    for (int k = 0; k < 3; ++k) {
      L[p.j + k] += v[k] & 0xffffffffu;  // (parts are 32-bit: H stays 0 here)
    }
  };
  for (uint32_t i = 0; i < n; ++i)
    if (w[i] > 0) add((double)w[i]);
  std::vector<uint32_t> S(CR_SACC_LIMBS);
  if (!cr_sacc_normalize(L.data(), H.data(), S.data())) return 0;
  double s;
  int E;
  if (!cr_sacc_round(S.data(), &s, &E)) return 0;
  cr_fp_params prm;
  cr_fp_set_scale(&prm, n, s, E);

  // Sub-unit items of the first pass: count and exact sum.
  uint64_t m = 0;
  std::fill(L.begin(), L.end(), 0);
  for (uint32_t i = 0; i < n; ++i) {
    const double x = (double)w[i];
    if (x > 0 && cr_fp_q1(x, prm) < 1.0) {
      ++m;
      add(x);
    }
  }
  if (m > 0) {
    std::vector<uint32_t> sub(CR_SACC_LIMBS);
    if (!cr_sacc_normalize(L.data(), H.data(), sub.data())) return 0;
    if (!cr_sacc_sub(S.data(), sub.data())) return 0;
    if (!cr_sacc_round(S.data(), &s, &E)) return 0;
    cr_fp_set_rescale(&prm, n, m, s, E);
  }

  // Bases, K, the absorbing item.
  uint64_t sum = 0, K = 0;
  double qmax = -1;
  uint32_t arg = 0;
  for (uint32_t i = 0; i < n; ++i) {
    double q;
    uint64_t base, key;
    const int kind = cr_fp_item((double)w[i], prm, &q, &base, &key);
    if (kind == CR_FP_ONE) sum += 1;
    if (kind != CR_FP_ELIGIBLE) continue;
    sum += base;
    ++K;
    if (cr_fp_argmax_better(q, i, qmax, arg)) {
      qmax = q;
      arg = i;
    }
  }
  if (K == 0) return 0;
  const uint64_t total = (uint64_t)n << 32;
  const int64_t delta = (int64_t)(total - sum);
  const uint64_t up = delta < 0 ? 0 : ((uint64_t)delta > K ? K : (uint64_t)delta);

  // The select: one histogram pass per digit over the items matching the prefix.
  cr_sel_state st;
  cr_sel_start(&st, up, K);
  std::vector<uint32_t> hist(CR_SEL_BINS);
  while (!st.done) {
    std::fill(hist.begin(), hist.end(), 0);
    for (uint32_t i = 0; i < n; ++i) {
      double q;
      uint64_t base, key;
      if (cr_fp_item((double)w[i], prm, &q, &base, &key) != CR_FP_ELIGIBLE) continue;
      const cr_u128 v = cr_sel_value(key, i);
      if (cr_sel_prefix(v, st.pass) == st.prefix) ++hist[cr_sel_digit(v, st.pass)];
    }
    cr_sel_advance(&st, hist.data());
  }
  const cr_u128 vstar = cr_sel_threshold(st);

  for (uint32_t i = 0; i < n; ++i) {
    double q;
    uint64_t base, key;
    const int kind = cr_fp_item((double)w[i], prm, &q, &base, &key);
    W[i] = kind == CR_FP_ZERO ? 0 : kind == CR_FP_ONE ? 1 : base + (cr_sel_value(key, i) >= vstar ? 1 : 0);
  }
  if ((uint64_t)delta != up) {
    const int64_t extra = delta - (int64_t)up;
    const uint64_t v = W[arg] + (uint64_t)extra;
    if (extra < 0 && (uint64_t)(-extra) >= W[arg]) return 0;  // would drop below one unit
    W[arg] = v;
  }
  return 1;
}

#endif  // CR_ALIAS_FIXED_H
