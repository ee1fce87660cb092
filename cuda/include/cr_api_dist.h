// The distribution samplers of docs/streams.md §5–6 (normal, exponential, gamma, beta, Dirichlet, and
// the transforms of cr_transforms.h) as plain C++ functions, like cr_api.h: no CUDA or napi types.
// Every sampler takes (k0, k1, first, parameters…, out); element i of an output is element first + i
// of the sampler's stream under key (k0, k1), bit for bit what the TypeScript backend gives.
//
// Blocking calls take their output as a cr_array (cr_api.h) in host memory (pageable or pinned: landed
// through the staging pipeline of cr_runtime.h) or in device memory (written in place, nothing crosses
// PCIe), and return when it is complete; each runs on its own stream (thread-safe). The *_device
// twins only enqueue on the caller's stream (benchmarks, the GPU self-test) and do not validate
// device-resident shapes; both run the same code (cuda/src/cr_run.h).
#ifndef CR_API_DIST_H
#define CR_API_DIST_H

#include <stdint.h>

#include "cr_api.h"
#include "cr_api_device.h"

/* CR_ERANGE (cr_api.h): a device-resident shape out of its domain, found on the device. */

/**
 * `proposals` of the rejection samplers (gamma, beta, Dirichlet): how many of an element's proposals
 * are evaluated at once, 1 … CR_MAX_PROPOSALS (cr_dist_items.h), or CR_PROPOSALS_DEFAULT. It never
 * changes a value. 1: one thread per element, looping over its proposals; M >= 2: the M-proposal
 * reduction, the largest power of two <= min(M, 32) lanes of a warp per element, a ballot picking
 * the first accepted. Anything else is CR_EINVAL.
 */
#define CR_PROPOSALS_DEFAULT (-1)
/**
 * The default. AWAITS MEASUREMENT (gpu_selftest --bench prints the sweep across alpha that decides
 * it). The estimate behind it: with acceptance p per proposal (0.95–0.99 for every alpha, thanks to the
 * alpha < 1 boost), a warp of 32 single-lane elements needs E[max of 32 geometric(p)] ≈ 1.9 (p = 0.95)
 * rounds, i.e. ~55 % of its proposals are used, while 2 lanes use ≤ 50 % and 4 ≤ 25 % by
 * construction; more lanes can only win where p is low, which Marsaglia–Tsang never is.
 */
#define CR_GAMMA_DEFAULT_PROPOSALS 1

/** Normal elements (Box–Muller, or polar when `polar`): mean + std * z, float32 or float64 by out.type. */
cr_status cr_normal(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_, cr_array out);
/** Exponential elements: (0 - log u) / rate. */
cr_status cr_exponential(uint32_t k0, uint32_t k1, uint64_t first, double rate, cr_array out);
/** Gamma elements with shape `alpha`, or per element alphas->data[i] (host or device, float or double;
 *  device shapes are validated on the device: CR_ERANGE), times `scale`. The proposal layout follows
 *  out.type (float32 or float64, docs/streams.md §6.1). */
cr_status cr_gamma(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, double scale,
                   int proposals, cr_array out);
/** Beta(a, b) elements (component 0 of the Dirichlet([a, b]) rows). */
cr_status cr_beta(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int proposals, cr_array out);
/** Student's t elements (docs/streams.md §6.6) for half degrees of freedom `alpha` = df/2, or per element
 *  alphas->data[i] (host or device, float or double; device values validated: CR_ERANGE): the gamma
 *  elements of cr_gamma with scale 1, each divided into the element's standard normal. */
cr_status cr_student_t(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, int proposals,
                       cr_array out);
/** F(dfn, dfd) elements (docs/streams.md §6.6); the values are the caller's to validate. */
cr_status cr_f(uint32_t k0, uint32_t k1, uint64_t first, double dfn, double dfd, int proposals, cr_array out);
/** F with per-element degrees of freedom: rows (host memory) holds np = 2·out.n values, (dfn, dfd) of
 *  element first + i at rows[2i], rows[2i + 1] (each ≥ 0.2 and finite: the caller's to validate). */
cr_status cr_f_rows(uint32_t k0, uint32_t k1, uint64_t first, const double* rows, uint64_t np, int proposals,
                    cr_array out);
/** Element sampler `id` of cr_elements.h (von Mises, Wald, …) with the P parameters p its TypeScript
 *  definition lowers to (lib/samplers/element.ts), np = P; or per-element parameters, np = P·n: row i
 *  (host memory) for element first + i, staged to the device chunk by chunk. Every row must pass the
 *  sampler's check (cr_element_check: its loop ends, its values are defined), else CR_EINVAL. */
cr_status cr_element(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np, cr_array out);
/** Multivariate normal values [first, first + out.n) of the flat row-major stream (first = row offset ·
 *  d), dimension d (1 … 1024); lm (host memory) = the mean (d values), then the lower Cholesky factor
 *  packed by rows (d(d+1)/2 values), as lib/samplers/multivariate-normal.ts derives them. */
#define CR_MVN_MAX_DIM 1024
cr_status cr_mvn(uint32_t k0, uint32_t k1, uint64_t first, uint32_t d, const double* lm, cr_array out);
/** Dirichlet values [first, first + out.n) of the flat row-major stream (first = row offset · K),
 *  K = alpha.n shapes (host or device, float or double; device shapes validated: CR_ERANGE). */
cr_status cr_dirichlet(uint32_t k0, uint32_t k1, uint64_t first, cr_array alpha, int proposals, cr_array out);
/** Transform `id` of cr_transforms.h (docs/streams.md §6.6) with its `np` parameters p: np is the
 *  transform's count P, or P·n for per-element parameters (host memory, row i = element first + i's
 *  P values, staged to the device chunk by chunk); the values are the caller's to validate, as the
 *  TypeScript facade does. The _device twin takes the same host p. */
cr_status cr_transform(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np, cr_array out);

/* The _device twins: output `dev_out` of n elements of `type`, enqueued on `stream`. Shapes
 * `dev_alphas` (per element; NULL: the scalar `alpha`) and `dev_alpha` (Dirichlet, K shapes) are
 * device memory of `alpha_type`. */
cr_status cr_normal_device(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_,
                           void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_exponential_device(uint32_t k0, uint32_t k1, uint64_t first, double rate, void* dev_out, int type,
                                uint64_t n, void* stream);
cr_status cr_gamma_device(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas,
                          int alpha_type, double scale, int proposals, void* dev_out, int type, uint64_t n,
                          void* stream);
cr_status cr_beta_device(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int proposals, void* dev_out,
                         int type, uint64_t n, void* stream);
cr_status cr_student_t_device(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas,
                              int alpha_type, int proposals, void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_f_rows_device(uint32_t k0, uint32_t k1, uint64_t first, const double* rows, uint64_t np, int proposals,
                           void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_f_device(uint32_t k0, uint32_t k1, uint64_t first, double dfn, double dfd, int proposals, void* dev_out,
                      int type, uint64_t n, void* stream);
cr_status cr_element_device(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np,
                            void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_mvn_device(uint32_t k0, uint32_t k1, uint64_t first, uint32_t d, const double* lm, void* dev_out,
                        int type, uint64_t n, void* stream);
cr_status cr_dirichlet_device(uint32_t k0, uint32_t k1, uint64_t first, const void* dev_alpha, int alpha_type,
                              uint32_t K, int proposals, void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_transform_device(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, uint64_t np,
                              void* dev_out, int type, uint64_t n, void* stream);

#endif  // CR_API_DIST_H
