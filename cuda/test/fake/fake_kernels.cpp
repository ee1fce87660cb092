// Host stand-ins for the kernel launchers of cuda/src (cr_launch.h, cr_launch_dist.h, cr_launch_discrete.h,
// cr_launch_qrng.h, alias_internal.h),
// queued on the fake runtime's streams (fake_cudart.h). The Philox, XORWOW, distribution and alias
// sampling launchers run the same work items as the real kernels (cuda/include) — the map kernels
// through the same dispatch, cr_work.h's visitors, with a host loop for the kernel — so results can be
// compared with host references; the alias construction launchers write fixed probe patterns
// (probe_units, probe_rows) instead, since the runtime tests check how results travel, not what the
// construction computes (cuda/test/test_alias_gpu.cpp covers that).
#include <string.h>

#include "alias_internal.h"
#include "cr_alias.h"
#include "cr_fill.h"
#include "cr_gamma.h"
#include "cr_launch.h"
#include "cr_launch_dist.h"
#include "cr_launch_discrete.h"
#include "cr_launch_qrng.h"
#include "cr_sobol.h"
#include "cr_work.h"
#include "fake_cudart.h"
#include "fake_kernels.h"

using fake::launch;

cudaError_t cr_kernel_image_check() { return fake::launch_gate(); }

namespace {

/** The `run` of cr_work.h's visitors: the work object's items in order, queued on the stand-in stream,
 *  touching `mem` (what the fake runtime checks for use-after-free and ordering). */
struct HostRun {
  cudaStream_t s;
  const void* mem[3];
  template <class Work>
  cudaError_t operator()(const Work& w) const {
    if (w.items() == 0) return cudaSuccess;
    return launch(s, [w] {
      for (uint64_t q = 0, items = w.items(); q < items; ++q) w(q);
    }, {mem[0], mem[1], mem[2]});
  }
};

}  // namespace

cudaError_t cr_launch_bits(uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int, cudaStream_t s) {
  return cr_visit_bits(HostRun{s, {dst}}, dst, n, k0, k1, first);
}

cudaError_t cr_launch_uniform(void* dst, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                              double high, int, cudaStream_t s) {
  return cr_visit_uniform(HostRun{s, {dst}}, dst, f32, n, k0, k1, first, low, high);
}

cudaError_t cr_launch_xorwow(uint32_t* dst, uint64_t n, cr_xorwow_state base, const cr_xorwow_matrix* jumps, int sms,
                             cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  // The kernel's decomposition (xorwow_kernels.cu): thread g owns [g L, (g + 1) L) and jumps there with
  // the matrices in device memory, read when the kernel runs.
  const int log2_seg = cr_xorwow_log2_seg(n, (uint64_t)(sms > 0 ? sms : 1) * 1024);
  return launch(s, [=] {
    const uint64_t seg = 1ull << log2_seg;
    for (uint64_t g = 0; (g << log2_seg) < n; ++g) {
      cr_xorwow_state st;
      cr_xorwow_thread_state(jumps, CR_XORWOW_DEVICE_JUMPS, &base, g, log2_seg, &st);
      for (uint64_t e = g << log2_seg; e < n && e < (g + 1) * seg; ++e) dst[e] = cr_xorwow_next(&st);
    }
  }, {dst, jumps});
}

// ---- Sobol and MRG32k3a (qrng_kernels.cu): the same per-element functions and decomposition ----------

cudaError_t cr_launch_sobol_randomise(const void* dirs, void* out_dirs, void* out_c, uint32_t dims, int bits, bool lms,
                                      uint32_t k0, uint32_t k1, cudaStream_t s) {
  return launch(s, [=] {
    for (uint32_t d = 0; d < dims; ++d) {
      if (bits == 32) {
        cr_sobol32_randomise(k0, k1, d, lms, static_cast<const uint32_t*>(dirs) + 32ull * d,
                             static_cast<uint32_t*>(out_dirs) + 32ull * d, static_cast<uint32_t*>(out_c) + d);
      } else {
        cr_sobol64_randomise(k0, k1, d, lms, static_cast<const uint64_t*>(dirs) + 64ull * d,
                             static_cast<uint64_t*>(out_dirs) + 64ull * d, static_cast<uint64_t*>(out_c) + d);
      }
    }
  }, {dirs, out_dirs, out_c});
}

namespace {
template <class T>
void sobol_items(T* out, uint64_t n, uint64_t first, const cr_sobol_args& a) {
  for (uint64_t j = 0; j < n; ++j) {
    if (a.bits == 32) {
      cr_sobol32_to(cr_sobol32_item(first + j, a.points, a.dims, a.points_layout, static_cast<const uint32_t*>(a.dirs),
                                    static_cast<const uint32_t*>(a.c), (uint32_t)a.offset), a.normal, &out[j]);
    } else {
      cr_sobol64_to(cr_sobol64_item(first + j, a.points, a.dims, a.points_layout, static_cast<const uint64_t*>(a.dirs),
                                    static_cast<const uint64_t*>(a.c), a.offset), a.normal, &out[j]);
    }
  }
}

template <class T>
void mrg_segments(T* dst, uint64_t n, cr_mrg32k3a_state base, const cr_mrg32k3a_jump* jumps, int log2_seg) {
  for (uint64_t g = 0; (g << log2_seg) < n; ++g) {
    cr_mrg32k3a_state st;
    cr_mrg32k3a_thread_state(jumps, &base, g, log2_seg, &st);
    for (uint64_t e = g << log2_seg; e < n && e < (g + 1) << log2_seg; ++e) cr_mrg32k3a_to(cr_mrg32k3a_step(&st), &dst[e]);
  }
}
}  // namespace

cudaError_t cr_launch_sobol(void* out, int type, uint64_t n, uint64_t first, const cr_sobol_args& a, int, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  return launch(s, [=] {
    if (type == CR_TYPE_U32) sobol_items(static_cast<uint32_t*>(out), n, first, a);
    else if (type == CR_TYPE_F32) sobol_items(static_cast<float*>(out), n, first, a);
    else sobol_items(static_cast<double*>(out), n, first, a);
  }, {out, a.dirs, a.c});
}

cudaError_t cr_launch_mrg32k3a(void* out, int type, uint64_t n, cr_mrg32k3a_state base, const cr_mrg32k3a_jump* jumps,
                               int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const int log2_seg = cr_mrg32k3a_log2_seg(n, (uint64_t)(sms > 0 ? sms : 1) * 1024);
  return launch(s, [=] {
    if (type == CR_TYPE_U32) mrg_segments(static_cast<uint32_t*>(out), n, base, jumps, log2_seg);
    else if (type == CR_TYPE_F32) mrg_segments(static_cast<float*>(out), n, base, jumps, log2_seg);
    else mrg_segments(static_cast<double*>(out), n, base, jumps, log2_seg);
  }, {out, jumps});
}

// ---- distributions ------------------------------------------------------------------------------------

cudaError_t cr_launch_normal(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool polar,
                             double mean, double std_, int, cudaStream_t s) {
  return cr_visit_normal(HostRun{s, {out}}, out, f32, n, k0, k1, first, polar, mean, std_);
}

cudaError_t cr_launch_exponential(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                  double rate, int, cudaStream_t s) {
  return cr_visit_exponential(HostRun{s, {out}}, out, f32, n, k0, k1, first, rate);
}

cudaError_t cr_launch_transform(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int id,
                                const double* p, const double* rows, int, cudaStream_t s) {
  return cr_visit_transform(HostRun{s, {out}}, out, f32, n, k0, k1, first, id, p, rows);
}

cudaError_t cr_launch_element(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int id,
                              const double* p, const double* rows, int, cudaStream_t s) {
  return cr_visit_element(HostRun{s, {out}}, out, f32, n, k0, k1, first, id, p, rows);
}

cudaError_t cr_launch_mvn(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, uint32_t d,
                          const double* lm, int, cudaStream_t s) {
  return cr_visit_mvn(HostRun{s, {out, lm}}, out, f32, n, k0, k1, first, d, lm);
}

cudaError_t cr_launch_gamma(const cr_gamma_args& a, int proposals, int, cudaStream_t s) {
  if (a.count == 0) return cudaSuccess;
  if (proposals < 1 || proposals > CR_MAX_PROPOSALS) return cudaErrorInvalidValue;
  // Every proposal count gives the thread kernel's values (that is the contract; test_dist_items.cpp
  // checks the lane vote), so the stand-in runs the thread loop.
  return launch(s, [a] {
    for (uint64_t i = 0; i < a.count; ++i) {
      double alpha = cr_shape_at(a.shape, i);
      if (a.shape.values && !cr_shape_valid(alpha, a.limit)) {
        if (a.bad && *a.bad > a.bad_base + i) *a.bad = a.bad_base + i;
        alpha = 1.0;
      }
      const cr_gamma_mt mt = cr_gamma_setup(alpha);
      double dv = 0.0, U = 0.0;
      for (uint32_t t = 0;; ++t)
        if (cr_gamma_try(a.k0, a.k1, a.e0 + i, t, mt, a.wide, &dv, &U)) break;
      switch (a.sink) {
        case CR_SINK_F32: static_cast<float*>(a.out)[i] = (float)(cr_gamma_value(alpha, dv, U) * a.scale); break;
        case CR_SINK_F64: static_cast<double*>(a.out)[i] = cr_gamma_value(alpha, dv, U) * a.scale; break;
        case CR_SINK_T32:
        case CR_SINK_T64: {
          const double t = cr_student_t_from(cr_normal_element(a.k0, a.k1, a.e0 + i, false, a.wide, 0.0, 1.0), alpha, dv, U);
          if (a.sink == CR_SINK_T32) static_cast<float*>(a.out)[i] = (float)t;
          else static_cast<double*>(a.out)[i] = t;
          break;
        }
        default: static_cast<double*>(a.out)[i] = cr_row_term(alpha, dv, U, *a.all_small != 0); break;
      }
    }
  }, {a.out, a.shape.values, a.bad, a.all_small});
}

cudaError_t cr_launch_beta(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double a,
                           double b, int proposals, int, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  if (proposals < 1 || proposals > CR_MAX_PROPOSALS) return cudaErrorInvalidValue;
  return launch(s, [=] {
    const cr_gamma_mt ma = cr_gamma_setup(a), mb = cr_gamma_setup(b);
    for (uint64_t i = 0; i < n; ++i) {
      if (cr_beta_johnk(a, b)) {
        const double v = cr_beta_johnk_element(k0, k1, first + i, a, b);
        if (f32) static_cast<float*>(out)[i] = (float)v;
        else static_cast<double*>(out)[i] = v;
        continue;
      }
      double dva, Ua, dvb, Ub;
      cr_gamma_draw(k0, k1, 2 * (first + i), ma, !f32, 1, &dva, &Ua);
      cr_gamma_draw(k0, k1, 2 * (first + i) + 1, mb, !f32, 1, &dvb, &Ub);
      const double v = cr_beta_from_draws(a, b, dva, Ua, dvb, Ub);
      if (f32) static_cast<float*>(out)[i] = (float)v;
      else static_cast<double*>(out)[i] = v;
    }
  }, {out});
}

cudaError_t cr_launch_f(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double dfn,
                        double dfd, const double* rows, int proposals, int, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  if (proposals < 1 || proposals > CR_MAX_PROPOSALS) return cudaErrorInvalidValue;
  return launch(s, [=] {
    for (uint64_t i = 0; i < n; ++i) {
      const double v = rows ? cr_f_element(k0, k1, first + i, rows[2 * i], rows[2 * i + 1], !f32, 1)
                            : cr_f_element(k0, k1, first + i, dfn, dfd, !f32, 1);
      if (f32) static_cast<float*>(out)[i] = (float)v;
      else static_cast<double*>(out)[i] = v;
    }
  }, {out, rows});
}

cudaError_t cr_launch_shape_flags(const void* values, bool f32, uint32_t K, double limit, cr_shape_flags* flags,
                                  cudaStream_t s) {
  return launch(s, [=] {
    unsigned long long bad = ~0ull;
    unsigned small = 1;
    for (uint32_t k = 0; k < K; ++k) {
      const double a = f32 ? (double)static_cast<const float*>(values)[k] : static_cast<const double*>(values)[k];
      if (!cr_shape_valid(a, limit) && k < bad) bad = k;
      if (!(a < 1.0)) small = 0;
    }
    flags->bad = bad;
    flags->all_small = small;
  }, {values, flags});
}

cudaError_t cr_launch_dirichlet_rows(double* terms, uint64_t rows, uint32_t K, const unsigned* all_small, uint32_t lead,
                                     uint64_t m, void* out, bool f32, int, cudaStream_t s) {
  return cr_visit_dirichlet_rows(HostRun{s, {terms, all_small, out}}, terms, rows, K, all_small, lead, m, out, f32);
}

// ---- alias tables -------------------------------------------------------------------------------------

uint64_t probe_units(uint32_t i) { return 0x0123456789abcdefull ^ ((uint64_t)i * 0x9e3779b97f4a7c15ull); }
uint32_t probe_rows(uint64_t w) { return (uint32_t)(w * 0x85ebca6bu) ^ (uint32_t)(w >> 7); }

size_t cr_alias_units_scratch_bytes(uint32_t, int) { return 256; }
size_t cr_alias_psa_scratch_bytes(uint32_t n, int) { return 16 * (size_t)n + 64; }
size_t cr_alias_psa_offset_A() { return 0; }
size_t cr_alias_psa_offset_X(uint32_t n) { return (4 * (size_t)n + 7) & ~(size_t)7; }
size_t cr_alias_prefix_scratch_bytes(uint32_t) { return 256; }

cudaError_t cr_alias_enqueue_units(const void* w, int, uint32_t n, uint64_t* units, void*, uint32_t*, uint64_t*,
                                   uint32_t*, int, cudaStream_t s) {
  return launch(s, [=] {
    for (uint32_t i = 0; i < n; ++i) units[i] = probe_units(i);
  }, {w, units});
}

cudaError_t cr_alias_enqueue_check(const void* w, int dtype, uint32_t n, uint32_t* words, int, cudaStream_t s) {
  return launch(s, [=] {
    for (uint32_t i = 0; i < n; ++i) {
      const double v = dtype == CR_WEIGHTS_F32 ? (double)static_cast<const float*>(w)[i] : static_cast<const double*>(w)[i];
      if (!(v >= 0.0 && v <= 1.7976931348623157e308)) {
        if (i < words[0]) words[0] = i;
      } else if (v > 0.0) {
        words[1] = 1;
      }
    }
  }, {w, words});
}

cudaError_t cr_alias_enqueue_psa(const uint64_t* units, uint32_t n, int, uint32_t* rows, void*, size_t, uint32_t*,
                                 const cr_alias_tuning&, int, cudaStream_t s) {
  return launch(s, [=] {
    for (uint64_t j = 0; j < 2ull * n; ++j) rows[j] = probe_rows(j) ^ (uint32_t)units[j / 2];
  }, {units, rows});
}

cudaError_t cr_alias_enqueue_prefix(const uint64_t* units, uint32_t n, uint64_t* prefix, void*, size_t, cudaStream_t s) {
  return launch(s, [=] {
    prefix[0] = 0;
    for (uint32_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + (units[i] >> 40);
  }, {units, prefix});
}

cudaError_t cr_launch_alias_sample(const uint32_t* rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                   uint32_t* out, uint64_t count, int, cudaStream_t s) {
  if (count == 0) return cudaSuccess;
  return launch(s, [=] {
    const uint32_t key[2] = {k0, k1};
    for (uint64_t i = 0; i < count; ++i) out[i] = cr_alias_sample(key, first + i, rows, n);
  }, {rows, out});
}

cudaError_t cr_launch_cdf_sample(const uint64_t* prefix, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 uint32_t* out, uint64_t count, int, cudaStream_t s) {
  if (count == 0) return cudaSuccess;
  return launch(s, [=] {
    const uint32_t key[2] = {k0, k1};
    for (uint64_t i = 0; i < count; ++i) out[i] = cr_cdf_sample(key, first + i, prefix, n);
  }, {prefix, out});
}

cudaError_t cr_launch_alias_counts(const uint32_t* rows, uint32_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                   uint64_t count, uint32_t* counts, int, int, cudaStream_t s) {
  return launch(s, [=] {
    const uint32_t key[2] = {k0, k1};
    for (uint64_t i = 0; i < count; ++i) ++counts[cr_alias_sample(key, first + i, rows, n)];
  }, {rows, counts});
}

cudaError_t cr_launch_integers(void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               const cr_int_plan& p, int, cudaStream_t s) {
  return cr_visit_integers(HostRun{s, {out}}, out, type, n, k0, k1, first, p);
}

cudaError_t cr_launch_prob(int kind, void* out, int type, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                           const cr_prob_view& v, int, cudaStream_t s) {
  return cr_visit_prob(HostRun{s, {out, v.values, v.bad}}, kind, out, type, n, k0, k1, first, v);
}
