// Internal to cuda/src: launchers of the distribution kernels (map_kernels.cu: normal, exponential,
// the transforms and the element samplers; gamma_kernels.cu: gamma, beta, Dirichlet), called by
// cr_api_dist.cpp. Every launcher enqueues on stream `s` and returns the launch error; `out` is device memory.
#ifndef CR_LAUNCH_DIST_H
#define CR_LAUNCH_DIST_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "cr_dist_items.h"

/** Normal elements [first, first + n): Box–Muller or polar, float (f32) or double output. */
cudaError_t cr_launch_normal(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, bool polar,
                             double mean, double std_, int sms, cudaStream_t s);

/** Exponential elements [first, first + n). */
cudaError_t cr_launch_exponential(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                  double rate, int sms, cudaStream_t s);

/** Transform `id` of cr_transforms.h (a known one) with parameters p[0 .. its count), or per-element
 *  parameter rows in device memory (`rows`, row i for element first + i; null: p). */
cudaError_t cr_launch_transform(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int id,
                                const double* p, const double* rows, int sms, cudaStream_t s);

/** What the gamma kernel does with element i's accepted draw. */
enum cr_gamma_sink {
  CR_SINK_F32 = 0,   // out[i] = (float)(value * scale)
  CR_SINK_F64 = 1,   // out[i] = value * scale
  CR_SINK_TERM = 2,  // out[i] (double) = cr_row_term(alpha, G', U, all_small): Dirichlet rows
  CR_SINK_T32 = 3,   // out[i] = (float)cr_student_t_from(z_e, alpha, G', U): Student's t, alpha = df/2
  CR_SINK_T64 = 4,   // the same in binary64 (z_e: Box–Muller element e of the float64 stream)
};

struct cr_gamma_args {
  uint32_t k0, k1;
  uint64_t e0;       // gamma stream index of local element 0
  uint64_t count;    // local elements [0, count)
  cr_shape_view shape;
  double limit;      // largest valid shape (CR_SHAPE_MAX_*)
  unsigned long long* bad;  // when non-null: atomicMin(bad, bad_base + i) for each invalid shape (then used as 1)
  uint64_t bad_base;
  bool wide;         // float64 proposal layout (two blocks per proposal)
  double scale;
  void* out;
  cr_gamma_sink sink;
  const unsigned* all_small;  // CR_SINK_TERM: device flag, 1 when every Dirichlet shape is < 1
};

/** Gamma draws of args.count elements, `proposals` (1 … CR_MAX_PROPOSALS) evaluated at once per
 *  element (cr_lanes_for: the lanes that serve an element). */
cudaError_t cr_launch_gamma(const cr_gamma_args& a, int proposals, int sms, cudaStream_t s);

/** Beta(a, b) elements [first, first + n) (gamma elements 2e, 2e + 1), float or double output. */
cudaError_t cr_launch_beta(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double a,
                           double b, int proposals, int sms, cudaStream_t s);

/** Multivariate normal values [first, first + n) of dimension d; lm (device memory) = mean, then L
 *  packed by rows (cr_mvn.h). */
cudaError_t cr_launch_mvn(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, uint32_t d,
                          const double* lm, int sms, cudaStream_t s);

/** Element sampler `id` of cr_elements.h (a known one), elements [first, first + n), with parameters p, or
 *  per-element rows of them in device memory (`rows`, row i for element first + i; null: p). */
cudaError_t cr_launch_element(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int id,
                              const double* p, const double* rows, int sms, cudaStream_t s);

/** F(dfn, dfd) elements [first, first + n) (gamma elements 2e, 2e + 1; cr_gamma.h cr_f_element); with `rows`
 *  (device memory, null: dfn, dfd), element first + i's (dfn, dfd) are rows[2i], rows[2i + 1]. */
cudaError_t cr_launch_f(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double dfn,
                        double dfd, const double* rows, int proposals, int sms, cudaStream_t s);

/** Device flags of a Dirichlet shape vector: the smallest index of an invalid shape (~0 if none) and
 *  whether every shape is < 1. */
struct cr_shape_flags {
  unsigned long long bad;
  unsigned all_small;
  unsigned pad;
};

/** One block: scans K shapes (float or double) into *flags. */
cudaError_t cr_launch_shape_flags(const void* values, bool f32, uint32_t K, double limit, cr_shape_flags* flags,
                                  cudaStream_t s);

/** Normalises `rows` rows of K terms (row-major, in place) and writes the values inside the chunk:
 *  out[j] = row value (lead + j), j < m; float or double output. */
cudaError_t cr_launch_dirichlet_rows(double* terms, uint64_t rows, uint32_t K, const unsigned* all_small, uint32_t lead,
                                     uint64_t m, void* out, bool f32, int sms, cudaStream_t s);

#endif  // CR_LAUNCH_DIST_H
