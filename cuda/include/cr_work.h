// What one launch of a grid-stride kernel runs. A work object holds a range of a stream's elements and
// where they land; items() counts its work items and (q) runs item q (cr_fill.h, cr_dist_items.h).
// The GPU runs every work object with the one kernel template of cuda/src/cr_items.cuh; the host
// tests run the same objects in a loop (cuda/test/test_dist_items.cpp, test_transforms.cpp, and the
// stand-in launchers of cuda/test/fake), so the index arithmetic the GPU runs is tested without one.
//
// The cr_visit_* functions pick the work object of an op from its run-time arguments (output type,
// method, transform id) and hand it to `run`, a generic callable: cuda/src launches it, the stand-in
// runs it on the host. Both therefore dispatch through the same code.
#ifndef CR_WORK_H
#define CR_WORK_H

#include <stdint.h>

#include "cr_dist_items.h"
#include "cr_fill.h"
#include "cr_transforms.h"
#include "cr_elements.h"
#include "cr_mvn.h"

/** Elements [first, first + n) of a stream under key (k0, k1), landing at dst[0, n). */
template <class T>
struct cr_range {
  T* dst;
  uint64_t n;
  uint32_t k0, k1;
  uint64_t first;
};

/** Work items of whole raw blocks: 4 elements of 4 bytes or 2 of 8 per item. */
template <class T>
CR_HD inline uint64_t cr_block_items(const cr_range<T>& r) {
  if (r.n == 0) return 0;
  return sizeof(T) == 4 ? cr_bits_items(r.n, r.first) : cr_uniform64_items(r.n, r.first);
}

/** Whether whole blocks land on 16-byte boundaries (one vector store per item). */
template <class T>
CR_HD inline bool cr_block_aligned(const cr_range<T>& r) {
  return sizeof(T) == 4 ? cr_fill_aligned(r.dst, 4, (unsigned)(r.first & 3)) : cr_fill_aligned(r.dst, 8, (unsigned)(r.first & 1));
}

/** Raw words. */
struct cr_bits_work {
  cr_range<uint32_t> r;
  bool aligned;
  CR_HD explicit cr_bits_work(cr_range<uint32_t> r_) : r(r_), aligned(cr_block_aligned(r_)) {}
  CR_HD uint64_t items() const { return cr_block_items(r); }
  CR_HD void operator()(uint64_t q) const { cr_bits_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned); }
};

/** uniform(low, high): float32 (w >> 8) 2^-24, float64 k53 2^-53, mapped when not [0, 1). */
template <class T>
struct cr_uniform_work {
  cr_range<T> r;
  bool aligned, unit;
  double low, span;
  CR_HD cr_uniform_work(cr_range<T> r_, double low_, double high_)
      : r(r_), aligned(cr_block_aligned(r_)), unit(low_ == 0.0 && high_ == 1.0), low(low_), span(high_ - low_) {}
  CR_HD uint64_t items() const { return cr_block_items(r); }
  CR_HD void operator()(uint64_t q) const {
    if constexpr (sizeof(T) == 4) {
      cr_uniform32_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, unit, low, span);
    } else {
      cr_uniform64_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, unit, low, span);
    }
  }
};

/** f(u), u in (0, 1] the element's open uniform (exponential and the uniform-based transforms). */
template <class T, class Map>
struct cr_open_work {
  cr_range<T> r;
  bool aligned;
  Map f;
  CR_HD cr_open_work(cr_range<T> r_, Map f_) : r(r_), aligned(cr_block_aligned(r_)), f(f_) {}
  CR_HD uint64_t items() const { return cr_block_items(r); }
  CR_HD void operator()(uint64_t q) const {
    if constexpr (sizeof(T) == 4) {
      cr_open32_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, f);
    } else {
      cr_open64_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, f);
    }
  }
};

/** f(z), z the element's standard Box–Muller normal (normal and the normal-based transforms). */
template <class T, class Map>
struct cr_bm_work {
  cr_range<T> r;
  bool aligned;
  Map f;
  CR_HD cr_bm_work(cr_range<T> r_, Map f_) : r(r_), aligned(cr_block_aligned(r_)), f(f_) {}
  CR_HD uint64_t items() const { return cr_block_items(r); }
  CR_HD void operator()(uint64_t q) const {
    if constexpr (sizeof(T) == 4) {
      cr_bm32_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, f);
    } else {
      cr_bm64_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, f);
    }
  }
};

/** f(z), z the element's polar normal: one item per pair, looping over the pair's proposals. */
template <class T, class Map>
struct cr_polar_work {
  cr_range<T> r;
  bool aligned;
  Map f;
  CR_HD cr_polar_work(cr_range<T> r_, Map f_)
      : r(r_), aligned(cr_pair_aligned(r_.dst, sizeof(T), (unsigned)(r_.first & 1))), f(f_) {}
  CR_HD uint64_t items() const { return r.n ? cr_uniform64_items(r.n, r.first) : 0; }
  CR_HD void operator()(uint64_t q) const { cr_polar_item(q, r.dst, r.n, r.k0, r.k1, r.first, aligned, f); }
};

/** Dirichlet rows: item r normalises row r of `terms` and writes its values inside the chunk. */
template <class T>
struct cr_rows_work {
  double* terms;
  uint64_t rows;
  uint32_t K;
  const unsigned* all_small;  // device flag: every shape < 1
  uint32_t lead;
  uint64_t m;
  T* dst;
  CR_HD uint64_t items() const { return rows; }
  CR_HD void operator()(uint64_t r) const { cr_dirichlet_row_item(r, terms, K, *all_small != 0, lead, m, dst); }
};

// ---- dispatch: the work object of each op ---------------------------------------------------------

template <class Run>
inline auto cr_visit_bits(Run run, uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first) {
  return run(cr_bits_work(cr_range<uint32_t>{dst, n, k0, k1, first}));
}

template <class Run>
inline auto cr_visit_uniform(Run run, void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                             double low, double high) {
  if (f32) return run(cr_uniform_work<float>({static_cast<float*>(out), n, k0, k1, first}, low, high));
  return run(cr_uniform_work<double>({static_cast<double*>(out), n, k0, k1, first}, low, high));
}

/** f over the normals of method `polar` (Box–Muller when false). */
template <class T, class Run, class Map>
inline auto cr_visit_normal_map(Run run, cr_range<T> r, bool polar, Map f) {
  if (polar) return run(cr_polar_work<T, Map>(r, f));
  return run(cr_bm_work<T, Map>(r, f));
}

template <class Run>
inline auto cr_visit_normal(Run run, void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                            bool polar, double mean, double std_) {
  const cr_affine_map f{mean, std_};
  if (f32) return cr_visit_normal_map(run, cr_range<float>{static_cast<float*>(out), n, k0, k1, first}, polar, f);
  return cr_visit_normal_map(run, cr_range<double>{static_cast<double*>(out), n, k0, k1, first}, polar, f);
}

template <class Run>
inline auto cr_visit_exponential(Run run, void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 double rate) {
  const cr_expo_map f{rate};
  if (f32) return run(cr_open_work<float, cr_expo_map>({static_cast<float*>(out), n, k0, k1, first}, f));
  return run(cr_open_work<double, cr_expo_map>({static_cast<double*>(out), n, k0, k1, first}, f));
}

/** Transform `Map` over its base: open uniforms or Box–Muller normals. */
template <int Base, class T, class Run, class Map>
inline auto cr_visit_base(Run run, cr_range<T> r, Map f) {
  if constexpr (Base == CR_BASE_UNIFORM) {
    return run(cr_open_work<T, Map>(r, f));
  } else {
    return run(cr_bm_work<T, Map>(r, f));
  }
}

template <class T, class Run>
inline auto cr_visit_transform_t(Run run, cr_range<T> r, int id, const double* p, const double* rows) {
  switch (id) {
#define CR_TF_VISIT(ID, NAME, BASE, NP)                                   \
  case ID: {                                                              \
    if (rows) return cr_visit_base<BASE>(run, r, cr_tf_##NAME##_rows{rows, r.n}); \
    cr_tf_##NAME##_map f;                                                 \
    for (int i = 0; i < CR_TRANSFORM_MAX_PARAMS; ++i) f.p[i] = i < NP ? p[i] : 0.0; \
    return cr_visit_base<BASE>(run, r, f);                                \
  }
    CR_TRANSFORMS(CR_TF_VISIT)
#undef CR_TF_VISIT
    default: {  // not reached: the C API refuses unknown ids; NaN values if it did not
      cr_transform_map f{id, {}};
      return cr_visit_base<CR_BASE_UNIFORM>(run, r, f);
    }
  }
}

/** Element sampler F (cr_elements.h): one item per element, looping over its proposals; element i's
 *  parameters are p, or row i of `rows` (per-element calls, memory the run can read). */
template <class T, class F>
struct cr_element_work {
  cr_range<T> r;
  double p[CR_ELEMENT_MAX_PARAMS];
  const double* rows;
  CR_HD uint64_t items() const { return r.n; }
  CR_HD void operator()(uint64_t i) const {
    r.dst[i] = (T)F::value(r.k0, r.k1, r.first + i, rows ? rows + i * F::kParams : p);
  }
};

template <class T, class Run>
inline auto cr_visit_element_t(Run run, cr_range<T> r, int id, const double* p, const double* rows) {
  switch (id) {
#define CR_EL_VISIT(ID, NAME, TAG, NP)                                                  \
  case ID: {                                                                            \
    cr_element_work<T, cr_el_##NAME> w{r, {}, rows};                                    \
    for (int i = 0; i < NP; ++i) w.p[i] = rows ? 0.0 : p[i];                             \
    return run(w);                                                                      \
  }
    CR_ELEMENTS(CR_EL_VISIT)
#undef CR_EL_VISIT
    default: {  // not reached: the C API refuses unknown ids; element sampler 0 over zero rows if it did
      cr_element_work<T, cr_el_von_mises> w{{r.dst, 0, r.k0, r.k1, r.first}, {}, nullptr};
      return run(w);
    }
  }
}

/** Element sampler `id` of cr_elements.h, elements [first, first + n), with parameters p[0 .. its count),
 *  or, when `rows` is not null, element i's at rows[i·count .. (i + 1)·count) (p unused). */
template <class Run>
inline auto cr_visit_element(Run run, void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                             int id, const double* p, const double* rows = nullptr) {
  if (f32) return cr_visit_element_t(run, cr_range<float>{static_cast<float*>(out), n, k0, k1, first}, id, p, rows);
  return cr_visit_element_t(run, cr_range<double>{static_cast<double*>(out), n, k0, k1, first}, id, p, rows);
}

/** Multivariate normal values: one item per value, recomputing the normals it needs (cr_mvn.h). */
template <class T>
struct cr_mvn_work {
  cr_range<T> r;
  uint32_t d;
  const double* lm;  // device memory: mean, then L packed by rows
  CR_HD uint64_t items() const { return r.n; }
  CR_HD void operator()(uint64_t i) const { r.dst[i] = (T)cr_mvn_value(r.k0, r.k1, r.first + i, d, lm, sizeof(T) == 8); }
};

/** Multivariate normal values [first, first + n) of dimension d, lm in memory the run can read. */
template <class Run>
inline auto cr_visit_mvn(Run run, void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                         uint32_t d, const double* lm) {
  if (f32) return run(cr_mvn_work<float>{{static_cast<float*>(out), n, k0, k1, first}, d, lm});
  return run(cr_mvn_work<double>{{static_cast<double*>(out), n, k0, k1, first}, d, lm});
}

/** Transform `id` of cr_transforms.h with parameters p[0 .. its count), or, when `rows` is not null,
 *  element i's parameters at rows[i·count .. (i + 1)·count) (memory the run can read; p unused). */
template <class Run>
inline auto cr_visit_transform(Run run, void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               int id, const double* p, const double* rows = nullptr) {
  if (f32) return cr_visit_transform_t(run, cr_range<float>{static_cast<float*>(out), n, k0, k1, first}, id, p, rows);
  return cr_visit_transform_t(run, cr_range<double>{static_cast<double*>(out), n, k0, k1, first}, id, p, rows);
}

template <class Run>
inline auto cr_visit_dirichlet_rows(Run run, double* terms, uint64_t rows, uint32_t K, const unsigned* all_small,
                                    uint32_t lead, uint64_t m, void* out, bool f32) {
  if (f32) return run(cr_rows_work<float>{terms, rows, K, all_small, lead, m, static_cast<float*>(out)});
  return run(cr_rows_work<double>{terms, rows, K, all_small, lead, m, static_cast<double*>(out)});
}

#endif  // CR_WORK_H
