// Samplers that are one function of a uniform or a normal per element (docs/streams.md, "Transforms of one uniform
// or one normal"): the C++/
// CUDA twin of the `f` of each transform in lib/samplers (transformSampler), operation by operation.
// Adding one: a line in CR_TRANSFORMS and its cr_tf_<name>; the kernels, the C API, the binding and
// the WebAssembly path take it from there (cr_work.h's cr_visit_transform, lib/wasm/samplers.cc). test/layout.test.ts checks the ids, bases and
// parameter counts against the TypeScript definitions, cuda/test/test_transforms.cpp the values.
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_TRANSFORMS_H
#define CR_TRANSFORMS_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_normal.h"
#include "cr_special.h"

/** The base value f takes: u in (0, 1], exponential's open uniform, or z = 0 + 1·z', z' the standard
 *  Box–Muller normal (what normal() returns with mean 0 and std 1: −0 becomes +0). */
#define CR_BASE_UNIFORM 0
#define CR_BASE_NORMAL 1

/** Most parameters a transform takes. */
#define CR_TRANSFORM_MAX_PARAMS 8

/** X(id, name, base, parameter count): every transform. */
#define CR_TRANSFORMS(X)              \
  X(0, lognormal, CR_BASE_NORMAL, 2)  \
  X(1, weibull, CR_BASE_UNIFORM, 2)    \
  X(2, cauchy, CR_BASE_UNIFORM, 2)     \
  X(3, laplace, CR_BASE_UNIFORM, 2)    \
  X(4, logistic, CR_BASE_UNIFORM, 2)   \
  X(5, gumbel, CR_BASE_UNIFORM, 2)     \
  X(6, pareto, CR_BASE_UNIFORM, 2)     \
  X(7, rayleigh, CR_BASE_UNIFORM, 1)   \
  X(8, truncatedNormal, CR_BASE_UNIFORM, 7) \
  X(9, triangular, CR_BASE_UNIFORM, 5)  \
  X(10, power, CR_BASE_UNIFORM, 1)

// Each transform is written once over a math policy M (M::exp, M::log, …) and a value type T: the
// scalar policy below (T = double) serves CUDA and the host; lib/wasm/samplers.cc instantiates the same
// body with its two-lane vector math (T = two doubles), so the WebAssembly path needs no code of its own.

/** The scalar math of cr_math.h, as a transform policy. */
struct cr_scalar_math {
  CR_HD static double exp(double x) { return cr_exp(x); }
  CR_HD static double log(double x) { return cr_log(x); }
  CR_HD static double sqrt(double x) { return ::sqrt(x); }
  CR_HD static double ndtri(double x) { return cr_ndtri(x); }
  CR_HD static void sincos2pi(double u, double* s, double* c) { cr_sincos2pi(u, s, c); }
  /** c ? a : b (the vector policy takes a lane mask). */
  CR_HD static double select(bool c, double a, double b) { return c ? a : b; }
};

/** lognormal: exp(mean + std·z); p = (mean, std). */
template <class M, class T>
CR_HD inline T cr_tf_lognormal(T z, const double* p) { return M::exp(p[0] + p[1] * z); }

/** weibull: scale·exp(log(−log u)/shape); p = (shape, scale). u = 1 gives +0. */
template <class M, class T>
CR_HD inline T cr_tf_weibull(T u, const double* p) { return p[1] * M::exp(M::log(0.0 - M::log(u)) / p[0]); }

// The symmetric laws fold u in (0, 1] onto its halves: w = 2u on (0, 1/2], 2u − 1 above (both exact,
// both uniform on (0, 1] again), a magnitude t >= 0 from w, negative on the lower half. No value is
// infinite: w = 0 cannot occur, and w = 1 gives t = 0.

/** w of u (exact). */
template <class M, class T>
CR_HD inline T cr_tf_fold(T u) { return M::select(u <= 0.5, 2.0 * u, 2.0 * u - 1.0); }

/** −t on u's lower half, t on its upper half. */
template <class M, class T>
CR_HD inline T cr_tf_signed(T u, T t) { return M::select(u <= 0.5, -t, t); }

/** u in (0, 1] made open at 1: the upper half reflected, 1.5 − u (exact), so 1 becomes 1/2 (then twice as
 *  likely as any other value, an excess of one grid step's mass: 2^-53 or 2^-32). For laws whose
 *  inverse CDF is infinite at 1. */
template <class M, class T>
CR_HD inline T cr_tf_open(T u) { return M::select(u <= 0.5, u, 1.5 - u); }

/** cauchy: loc ± scale·cot(πw/2) = loc + scale·tan(π(u' − 1/2)) in law; p = (loc, scale). */
template <class M, class T>
CR_HD inline T cr_tf_cauchy(T u, const double* p) {
  T s, c;
  M::sincos2pi(0.25 * cr_tf_fold<M>(u), &s, &c);
  return p[0] + cr_tf_signed<M>(u, p[1] * (c / s));
}

/** laplace: loc ± scale·(−log w); p = (loc, scale). */
template <class M, class T>
CR_HD inline T cr_tf_laplace(T u, const double* p) {
  return p[0] + cr_tf_signed<M>(u, p[1] * (0.0 - M::log(cr_tf_fold<M>(u))));
}

/** logistic: loc ± scale·log((2 − w)/w) (|L| has survival 2/(1 + e^x)); p = (loc, scale). */
template <class M, class T>
CR_HD inline T cr_tf_logistic(T u, const double* p) {
  const T w = cr_tf_fold<M>(u);
  return p[0] + cr_tf_signed<M>(u, p[1] * M::log((2.0 - w) / w));
}

/** gumbel: loc − scale·log(−log v), v = cr_tf_open(u); p = (loc, scale). */
template <class M, class T>
CR_HD inline T cr_tf_gumbel(T u, const double* p) {
  return p[0] - p[1] * M::log(0.0 - M::log(cr_tf_open<M>(u)));
}

/** pareto (type I): scale·exp(−log(u)/alpha) >= scale; p = (alpha, scale). */
template <class M, class T>
CR_HD inline T cr_tf_pareto(T u, const double* p) { return p[1] * M::exp((0.0 - M::log(u)) / p[0]); }

/** rayleigh: scale·sqrt(0 − 2·log u) (u = 1 gives +0); p = (scale). */
template <class M, class T>
CR_HD inline T cr_tf_rayleigh(T u, const double* p) { return p[0] * M::sqrt(0.0 - 2.0 * M::log(u)); }

/** power: exp(log(u)/a) = u^(1/a) in [0, 1] (u = 1 gives 1); p = (a). */
template <class M, class T>
CR_HD inline T cr_tf_power(T u, const double* p) { return M::exp(M::log(u) / p[0]); }

/** truncatedNormal by the inverse CDF on the side of the smaller tail; p = (mean, std, s, pa, pd, low,
 *  high), derived on the host (lib/samplers/truncated-normal.ts): x = ndtri(pa + v·pd) with v =
 *  cr_tf_open(u), the value mean + std·(s·x) clamped to [low, high]. */
template <class M, class T>
CR_HD inline T cr_tf_truncatedNormal(T u, const double* p) {
  const T y = p[0] + p[1] * (p[2] * M::ndtri(p[3] + cr_tf_open<M>(u) * p[4]));
  const T lo = M::select(y <= p[5], p[5], y);
  return M::select(lo <= p[6], lo, p[6]);
}

/** triangular by inversion; p = (left, right, w, a, b), derived on the host (lib/samplers/triangular.ts):
 *  w = right − left, a = (mode − left)/w, b = (right − mode)/w. */
template <class M, class T>
CR_HD inline T cr_tf_triangular(T u, const double* p) {
  return M::select(u <= p[3], p[0] + p[2] * M::sqrt(u * p[3]), p[1] - p[2] * M::sqrt((1.0 - u) * p[4]));
}

/** The base value as f sees it, from the value the stream gives. */
template <int Base>
CR_HD inline double cr_tf_base(double x) {
  return Base == CR_BASE_NORMAL ? 0.0 + x : x;
}

/** Each transform as a map with its parameters by value (a kernel argument): cr_tf_<name>_map. */
#define CR_TF_MAP(ID, NAME, BASE, NP)                                                     \
  struct cr_tf_##NAME##_map {                                                             \
    double p[CR_TRANSFORM_MAX_PARAMS];                                                    \
    CR_HD double operator()(double x) const { return cr_tf_##NAME<cr_scalar_math>(cr_tf_base<BASE>(x), p); } \
  };
CR_TRANSFORMS(CR_TF_MAP)
#undef CR_TF_MAP

/** Each transform with one parameter row per element (per-element calls): row j at rows + j·NP for
 *  the element at index j of the range being written. Lanes outside [0, n) are computed but never
 *  stored (cr_store_group), so they read no row: cr_tf_<name>_rows. */
#define CR_TF_ROWS(ID, NAME, BASE, NP)                                                      \
  struct cr_tf_##NAME##_rows {                                                              \
    static constexpr bool kIndexed = true;                                                  \
    const double* rows;                                                                     \
    uint64_t n;                                                                             \
    CR_HD double at(double x, int64_t j) const {                                            \
      if (j < 0 || (uint64_t)j >= n) return 0.0;                                            \
      return cr_tf_##NAME<cr_scalar_math>(cr_tf_base<BASE>(x), rows + (uint64_t)j * NP);    \
    }                                                                                       \
  };
CR_TRANSFORMS(CR_TF_ROWS)
#undef CR_TF_ROWS

/** f of transform `id` at base value x (NaN for an unknown id: the C API refuses those first). */
CR_HD inline double cr_transform(int id, double x, const double* p) {
  switch (id) {
#define CR_TF_CASE(ID, NAME, BASE, NP) \
  case ID:                             \
    return cr_tf_##NAME<cr_scalar_math>(x, p);
    CR_TRANSFORMS(CR_TF_CASE)
#undef CR_TF_CASE
    default:
      return cr_dfrom(0x7ff8000000000000ull);
  }
}

/** The base of transform `id`, or -1 when there is none. */
CR_HD inline int cr_transform_base(int id) {
  switch (id) {
#define CR_TF_CASE(ID, NAME, BASE, NP) \
  case ID:                             \
    return BASE;
    CR_TRANSFORMS(CR_TF_CASE)
#undef CR_TF_CASE
    default:
      return -1;
  }
}

/** The parameter count of transform `id`, or -1. */
CR_HD inline int cr_transform_params(int id) {
  switch (id) {
#define CR_TF_CASE(ID, NAME, BASE, NP) \
  case ID:                             \
    return NP;
    CR_TRANSFORMS(CR_TF_CASE)
#undef CR_TF_CASE
    default:
      return -1;
  }
}

/** Transform `id` with its parameters, chosen per element (host tests; unknown ids give NaN). */
struct cr_transform_map {
  int id;
  double p[CR_TRANSFORM_MAX_PARAMS];
  CR_HD double operator()(double x) const { return cr_transform(id, x, p); }
};

/** Element j of transform `id` (binary64; the float32 stream's value is this rounded once): the
 *  per-element reference of the tests. */
CR_HD inline double cr_transform_element(uint32_t k0, uint32_t k1, uint64_t j, int id, const double* p, bool wide) {
  const double x = cr_transform_base(id) == CR_BASE_NORMAL ? cr_normal_element(k0, k1, j, false, wide, 0.0, 1.0)
                                                           : cr_open_uniform_element(k0, k1, j, wide);
  return cr_transform(id, x, p);
}

#endif  // CR_TRANSFORMS_H
