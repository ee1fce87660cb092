// The discrete samplers' per-element math and work items (docs/streams.md, "Bounded integers", "Bernoulli",
// "Geometric"), __host__ __device__ so the host test (cuda/test/test_discrete.cpp) runs exactly what the GPU runs, and
// the WebAssembly module (lib/wasm/samplers.cc) the same integer arithmetic:
//   integers   Lemire's multiply-and-reject over the tag-7 plane (lib/kernels/integers.ts)
//   bernoulli  u < p, u the element's float64 uniform (lib/kernels/bernoulli.ts)
//   geometric  floor(log(v) / log1p(−p)) + 1, v its open uniform (lib/kernels/geometric.ts)
// Work objects follow cr_work.h's shape (items(), operator()(q)); cr_visit_* pick one by output type and
// hand it to `run` (cuda/src launches it, the host tests loop over it).
#ifndef CR_DISCRETE_H
#define CR_DISCRETE_H

#include "cr_target.h"

#include <math.h>
#include <stdint.h>

#include "cr_api.h"
#include "cr_math.h"
#include "cr_philox.h"
#include "cr_special.h"

// ---- integers -------------------------------------------------------------------------------------

/** What a call derives from (low, high) once: r = high − low in [1, 2^53], the rejection threshold
 *  t (2^32 mod r narrow, 2^64 mod r wide). */
struct cr_int_plan {
  int64_t low;
  uint64_t r;
  uint64_t t;
  bool wide;  // r > 2^32: two-word proposals
};

CR_HD inline cr_int_plan cr_integers_plan(int64_t low, int64_t high) {
  cr_int_plan p;
  p.low = low;
  p.r = (uint64_t)(high - low);
  p.wide = p.r > 4294967296ull;
  p.t = p.wide ? (0ull - p.r) % p.r : 4294967296ull % p.r;  // (2^64 − r) mod r = 2^64 mod r
  return p;
}

/** hi64(a·b), *lo = lo64(a·b): exact, from 32-bit limbs (the device's __umul64hi gives the same). */
CR_HD inline uint64_t cr_mul64(uint64_t a, uint64_t b, uint64_t* lo) {
#if CR_DEVICE_CODE
  *lo = a * b;
  return __umul64hi(a, b);
#else
  const uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
  const uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  const uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
  *lo = (mid << 32) | (uint32_t)ll;
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/** A narrow proposal x: true and *k = ⌊x·r / 2^32⌋ when accepted. */
CR_HD inline bool cr_int_narrow(uint32_t x, const cr_int_plan& p, uint64_t* k) {
  const uint64_t m = (uint64_t)x * p.r;  // r ≤ 2^32: no overflow
  *k = m >> 32;
  return (m & 0xffffffffull) >= p.t;
}

/** A wide proposal x = a·2^32 + b: true and *k = ⌊x·r / 2^64⌋ when accepted. */
CR_HD inline bool cr_int_wide(uint32_t a, uint32_t b, const cr_int_plan& p, uint64_t* k) {
  uint64_t lo;
  *k = cr_mul64(((uint64_t)a << 32) | b, p.r, &lo);
  return lo >= p.t;
}

/** Retry block c ≥ 1 of element e, (e, c, CR_TAG_INTEGERS): its four narrow proposals (words 0 … 3) or
 *  two wide ones (words 0, 1 and 2, 3) in order; true and *k at the first accepted one. */
CR_HD inline bool cr_int_retry(const cr_int_plan& p, uint32_t k0, uint32_t k1, uint64_t e, uint32_t c, uint64_t* k) {
  const uint32_t ctr[4] = {(uint32_t)e, (uint32_t)(e >> 32), c, CR_TAG_INTEGERS};
  const uint32_t key[2] = {k0, k1};
  uint32_t w[4];
  cr_philox4x32_10(ctr, key, w);
  if (p.wide) return cr_int_wide(w[0], w[1], p, k) || cr_int_wide(w[2], w[3], p, k);
  return cr_int_narrow(w[0], p, k) || cr_int_narrow(w[1], p, k) || cr_int_narrow(w[2], p, k) || cr_int_narrow(w[3], p, k);
}

/** Element e's value from its proposal-0 words (b used when wide): the first accepted proposal. */
CR_HD inline int64_t cr_integers_value(const cr_int_plan& p, uint32_t k0, uint32_t k1, uint64_t e, uint32_t a,
                                       uint32_t b) {
  uint64_t k;
  bool ok = p.wide ? cr_int_wide(a, b, p, &k) : cr_int_narrow(a, p, &k);
  for (uint32_t c = 1; !ok; ++c) ok = cr_int_retry(p, k0, k1, e, c, &k);
  return p.low + (int64_t)k;
}

/** Block b of the tag-7 plane (c2 = 0): proposal-0 words 4b … 4b+3. */
CR_HD inline void cr_int_block(uint64_t b, uint32_t k0, uint32_t k1, uint32_t w[4]) {
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_INTEGERS};
  const uint32_t key[2] = {k0, k1};
  cr_philox4x32_10(ctr, key, w);
}

/** Elements [first, first + n) at dst[0, n) as T (int32_t, uint32_t or double). Item q is block
 *  (first >> 2) + q of the plane (narrow: elements 4b … 4b+3) or (first >> 1) + q (wide: 2b, 2b+1). */
template <class T>
struct cr_integers_work {
  T* dst;
  uint64_t n;
  uint32_t k0, k1;
  uint64_t first;
  cr_int_plan p;
  CR_HD unsigned per() const { return p.wide ? 2u : 4u; }
  CR_HD uint64_t items() const {
    if (n == 0) return 0;
    const uint64_t lane0 = first & (per() - 1);
    return (n + lane0 + per() - 1) / per();
  }
  CR_HD void operator()(uint64_t q) const {
    const unsigned L = per();
    const uint64_t b = first / L + q;
    uint32_t w[4];
    cr_int_block(b, k0, k1, w);
    const int64_t base = (int64_t)(L * q) - (int64_t)(first & (L - 1));
    for (unsigned l = 0; l < L; ++l) {
      const int64_t j = base + l;
      if (j < 0 || (uint64_t)j >= n) continue;
      const uint64_t e = b * L + l;
      const int64_t v = p.wide ? cr_integers_value(p, k0, k1, e, w[2 * l], w[2 * l + 1])
                               : cr_integers_value(p, k0, k1, e, w[l], 0);
      dst[j] = (T)v;
    }
  }
};

/** The integers work of output `type` (CR_TYPE_I32, CR_TYPE_U32 or CR_TYPE_F64). */
template <class Run>
inline auto cr_visit_integers(Run run, void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                              const cr_int_plan& p) {
  if (type == CR_TYPE_I32) return run(cr_integers_work<int32_t>{static_cast<int32_t*>(out), n, k0, k1, first, p});
  if (type == CR_TYPE_U32) return run(cr_integers_work<uint32_t>{static_cast<uint32_t*>(out), n, k0, k1, first, p});
  return run(cr_integers_work<double>{static_cast<double*>(out), n, k0, k1, first, p});
}

// ---- bernoulli and geometric: a function of the element's float64 uniform ---------------------------

/** Largest-exponent floor of geometric's p per output type (lib/samplers/geometric.ts GEOMETRIC_LOG2_PMIN):
 *  p ≥ 2^-25 (int32), 2^-26 (uint32), 2^-47 (float64) keeps every value inside the type. */
#define CR_GEOMETRIC_LOG2_PMIN_I32 (-25)
#define CR_GEOMETRIC_LOG2_PMIN_U32 (-26)
#define CR_GEOMETRIC_LOG2_PMIN_F64 (-47)

/** Smallest valid p of geometric for output `type` (0 for other types: not a geometric output). */
CR_HD inline double cr_geometric_pmin(int type) {
  return type == CR_TYPE_I32   ? 2.98023223876953125e-08   // 2^-25
         : type == CR_TYPE_U32 ? 1.490116119384765625e-08  // 2^-26
         : type == CR_TYPE_F64 ? 7.105427357601001859e-15  // 2^-47
                               : 0.0;
}

/** bernoulli: 1 when u < p (u = k53·2^-53 ∈ [0, 1)). */
CR_HD inline double cr_bernoulli(double u, double p) { return u < p ? 1.0 : 0.0; }

/** geometric: floor(log(v) / L) + 1, v ∈ (0, 1], L = log1p(−p). */
CR_HD inline double cr_geometric(double v, double L) { return floor(cr_log(v) / L) + 1.0; }

enum cr_prob_kind { CR_BERNOULLI = 0, CR_GEOMETRIC = 1 };

/** p as a kernel sees it: `p` for every element when `values` is null, else values[i] (float or double).
 *  Validated per element when `bad` is set: each p outside [pmin, 1] (or NaN; geometric also refuses 0)
 *  does atomicMin(bad, bad_base + i) and gives 0. */
struct cr_prob_view {
  double p;
  const void* values;
  int f32;
  double pmin;
  unsigned long long* bad;
  uint64_t bad_base;
};

CR_HD inline double cr_prob_at(const cr_prob_view& v, uint64_t i) {
  if (!v.values) return v.p;
  return v.f32 ? (double)static_cast<const float*>(v.values)[i] : static_cast<const double*>(v.values)[i];
}

/** Whether p is a valid parameter of `kind` (false for NaN). */
CR_HD inline bool cr_prob_valid(double p, double pmin, int kind) {
  return p >= pmin && p <= 1.0 && (kind == CR_BERNOULLI || p > 0.0);
}

CR_HD inline void cr_flag_bad(unsigned long long* bad, unsigned long long index) {
#if CR_DEVICE_CODE
  atomicMin(bad, index);
#else
  if (index < *bad) *bad = index;
#endif
}

/** The value of one element from its raw words (a, b) = (w_2e, w_2e+1). */
CR_HD inline double cr_prob_value(int kind, uint32_t a, uint32_t b, double p) {
  const uint64_t k = ((uint64_t)(a >> 5) << 26) | (b >> 6);  // k53
  if (kind == CR_BERNOULLI) return cr_bernoulli((double)k * 1.1102230246251565e-16, p);
  return cr_geometric((double)(k + 1) * 1.1102230246251565e-16, cr_log1p(-p));
}

/** Elements [first, first + n) at dst[0, n) as T. Item q is raw block (first >> 1) + q: elements 2b
 *  (words 0, 1) and 2b + 1 (words 2, 3); local element i reads p at view index i. */
template <class T, int Kind>
struct cr_prob_work {
  T* dst;
  uint64_t n;
  uint32_t k0, k1;
  uint64_t first;
  cr_prob_view v;
  CR_HD uint64_t items() const { return n ? (n + (first & 1) + 1) >> 1 : 0; }
  CR_HD void operator()(uint64_t q) const {
    const uint64_t b = (first >> 1) + q;
    const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_RAW};
    const uint32_t key[2] = {k0, k1};
    uint32_t w[4];
    cr_philox4x32_10(ctr, key, w);
    const int64_t base = (int64_t)(2 * q) - (int64_t)(first & 1);
    for (int l = 0; l < 2; ++l) {
      const int64_t j = base + l;
      if (j < 0 || (uint64_t)j >= n) continue;
      double p = cr_prob_at(v, (uint64_t)j);
      if (v.bad && !cr_prob_valid(p, v.pmin, Kind)) {
        cr_flag_bad(v.bad, v.bad_base + (uint64_t)j);
        dst[j] = (T)0;
        continue;
      }
      dst[j] = (T)cr_prob_value(Kind, w[2 * l], w[2 * l + 1], p);
    }
  }
};

template <int Kind, class Run>
inline auto cr_visit_prob_kind(Run run, void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               const cr_prob_view& v) {
  switch (type) {
    case CR_TYPE_U8: return run(cr_prob_work<uint8_t, Kind>{static_cast<uint8_t*>(out), n, k0, k1, first, v});
    case CR_TYPE_I32: return run(cr_prob_work<int32_t, Kind>{static_cast<int32_t*>(out), n, k0, k1, first, v});
    case CR_TYPE_U32: return run(cr_prob_work<uint32_t, Kind>{static_cast<uint32_t*>(out), n, k0, k1, first, v});
    case CR_TYPE_F32: return run(cr_prob_work<float, Kind>{static_cast<float*>(out), n, k0, k1, first, v});
    default: return run(cr_prob_work<double, Kind>{static_cast<double*>(out), n, k0, k1, first, v});
  }
}

/** The bernoulli or geometric work of output `type`. */
template <class Run>
inline auto cr_visit_prob(Run run, int kind, void* out, int type, uint64_t n, uint32_t k0, uint32_t k1,
                          uint64_t first, const cr_prob_view& v) {
  if (kind == CR_GEOMETRIC) return cr_visit_prob_kind<CR_GEOMETRIC>(run, out, type, n, k0, k1, first, v);
  return cr_visit_prob_kind<CR_BERNOULLI>(run, out, type, n, k0, k1, first, v);
}

#endif  // CR_DISCRETE_H
