// Work items of the count kernels (cuda/src/count_kernels.cu), __host__ __device__ so the host test
// (cuda/test/test_counts.cpp) runs exactly what a GPU thread runs: which element or row a thread owns,
// how it reads per-element parameters (scalar, or float32/float64 values in device memory), what it
// does with a value the device finds invalid (records the smallest index, computes with a harmless
// stand-in so the kernel ends), and how it stores to int32 / uint32 / float64 outputs.
#ifndef CR_COUNT_WORK_H
#define CR_COUNT_WORK_H

#include "cr_target.h"

#include "cr_api.h"
#include "cr_counts.h"
#include "cr_dist_items.h"

enum cr_count_kind { CR_COUNT_POISSON = 0, CR_COUNT_BINOMIAL = 1, CR_COUNT_NEGATIVE_BINOMIAL = 2 };

/** The largest count of an output type (docs/streams.md, "Counts"), or 0 when it is not a count type. */
inline double cr_count_max(int type) {
  switch (type) {
    case CR_TYPE_I32: return 2147483647.0;
    case CR_TYPE_U32: return 4294967295.0;
    case CR_TYPE_F64: return 9007199254740992.0;
    default: return 0.0;
  }
}

/** The largest Poisson mean negative binomial (r, p) can draw (docs/streams.md, "Negative binomial"), with a
 *  margin: the gamma proposal's largest value times (1 − p)/p (lib/samplers/negative-binomial.ts largestMean). */
inline double cr_negative_binomial_largest_mean(double r, double p) {
  const double d = (r < 1.0 ? r + 1.0 : r) - 1.0 / 3.0;
  const double c = 1.0 / sqrt(9.0 * d);
  const double v = 1.0 + c * sqrt(106.0 * log(2.0));
  return d * v * v * v * ((1.0 - p) / p) * (1.0 + 1e-12);
}

/** out[i] = v in the output type (an exact integer that fits: the facade and cr_*_fits checked). */
CR_HD inline void cr_count_store(void* out, int type, uint64_t i, double v) {
  if (type == CR_TYPE_I32) static_cast<int32_t*>(out)[i] = (int32_t)v;
  else if (type == CR_TYPE_U32) static_cast<uint32_t*>(out)[i] = (uint32_t)v;
  else static_cast<double*>(out)[i] = v;
}

/** *slot = min(*slot, i). */
CR_HD inline void cr_note_bad(unsigned long long* slot, unsigned long long i) {
#if CR_DEVICE_CODE
  atomicMin(slot, i);
#else
  if (i < *slot) *slot = i;
#endif
}

struct cr_count_args {
  uint32_t k0, k1;
  uint64_t e0;     // stream element of local element 0
  uint64_t count;  // local elements [0, count)
  int kind;
  cr_shape_view a, b;  // poisson: a = λ; binomial: a = count, b = p; negative binomial: a = r, b = p (scalars)
  double max;          // the output type's largest count
  unsigned long long* bad;  // [2], or null: smallest bad_base + i with an invalid a, b
  uint64_t bad_base;
  void* out;
  int type;
};

/** Local element i's count. */
CR_HD inline double cr_count_value(const cr_count_args& c, uint64_t i) {
  const uint64_t e = c.e0 + i;
  double x = cr_shape_at(c.a, i);
  if (c.kind == CR_COUNT_NEGATIVE_BINOMIAL) return cr_negative_binomial_element(c.k0, c.k1, e, x, c.b.alpha);
  if (c.kind == CR_COUNT_POISSON) {
    if (c.a.values && !cr_lam_fits(x, c.max)) {
      if (c.bad) cr_note_bad(&c.bad[0], c.bad_base + i);
      x = 0.0;
    }
    return cr_poisson_element(c.k0, c.k1, e, cr_poisson_setup(x), CR_TAG_POISSON);
  }
  double p = cr_shape_at(c.b, i);
  if (c.a.values && !cr_count_fits(x, c.max)) {
    if (c.bad) cr_note_bad(&c.bad[0], c.bad_base + i);
    x = 0.0;
  }
  if (c.b.values && !cr_probability(p)) {
    if (c.bad) cr_note_bad(&c.bad[1], c.bad_base + i);
    p = 0.0;
  }
  return cr_binomial_element(c.k0, c.k1, e, cr_binomial_setup(x, p));
}

/** Item i: local element i. */
struct cr_count_work {
  cr_count_args c;
  CR_HD uint64_t items() const { return c.count; }
  CR_HD void operator()(uint64_t i) const { cr_count_store(c.out, c.type, i, cr_count_value(c, i)); }
};

/** Item q: row row0 + q of a chunk of m multinomial values that starts `lead` values into row0; the
 *  thread runs the row's K conditional binomials in order and stores those inside the chunk. */
struct cr_multinomial_work {
  uint32_t k0, k1;
  cr_row_span span;
  uint32_t K;
  uint64_t m;
  double count;
  const double* w;
  const double* tail;
  void* out;
  int type;
  CR_HD uint64_t items() const { return span.rows; }
  CR_HD void operator()(uint64_t q) const {
    const uint64_t e0 = (span.row0 + q) * K;
    double rest = count;
    for (uint32_t j = 0; j < K; ++j) {
      const double x = cr_multinomial_component(k0, k1, e0, j, K, rest, w, tail);
      rest = rest - x;
      const int64_t at = (int64_t)(q * K + j) - (int64_t)span.lead;
      if (at >= 0 && (uint64_t)at < m) cr_count_store(out, type, (uint64_t)at, x);
    }
  }
};

#endif  // CR_COUNT_WORK_H
