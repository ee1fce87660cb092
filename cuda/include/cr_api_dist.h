// The distribution samplers of docs/streams.md §5–6 (normal, exponential, gamma, beta, Dirichlet) as
// plain C++ functions, like cr_api.h: no CUDA or napi types. Element i of an output is element
// first + i of the sampler's stream under key (k0, k1), bit for bit what the TypeScript backend gives.
//
// Blocking calls take their output as a cr_array in host memory (pageable or pinned: landed through
// the staging pipeline of cr_runtime.h) or in device memory (written in place, nothing crosses PCIe),
// and return when it is complete; each runs on its own stream (thread-safe). The *_device variants
// only enqueue on the caller's stream (benchmarks, the GPU self-test); they do not validate
// device-resident shapes.
#ifndef CR_API_DIST_H
#define CR_API_DIST_H

#include <stdint.h>

#include "cr_api.h"
#include "cr_api_device.h"

/* CR_ERANGE (cr_api.h): a device-resident shape out of its domain, found on the device. */

/** An array argument: n elements of `type` (CR_TYPE_F32 or CR_TYPE_F64) in host or device memory. */
struct cr_array {
  void* data;
  uint64_t n;
  int type;
  int on_device;
};

/**
 * How the gamma-based samplers run Marsaglia–Tsang's rejection loop (never changes the output):
 * CR_GAMMA_LANES_THREAD: one thread per element, looping over its proposals; M in {1, 2, 4, 8, 16, 32}:
 * the M-proposal reduction, M lanes of a warp per element with a ballot picking the first accepted;
 * CR_GAMMA_LANES_DEFAULT: CR_GAMMA_DEFAULT_LANES.
 */
#define CR_GAMMA_LANES_DEFAULT (-1)
#define CR_GAMMA_LANES_THREAD 0
/**
 * The default. AWAITS MEASUREMENT (gpu_selftest --bench prints the M sweep across alpha that decides
 * it). The estimate behind it: with acceptance p per proposal (0.95–0.99 for every alpha, thanks to the
 * alpha < 1 boost), a warp of 32 single-lane elements needs E[max of 32 geometric(p)] ≈ 1.9 (p = 0.95)
 * rounds, i.e. ~55 % of its proposals are used, while M = 2 uses ≤ 50 % and M = 4 ≤ 25 % by
 * construction; M > 1 can only win where p is low, which Marsaglia–Tsang never is.
 */
#define CR_GAMMA_DEFAULT_LANES CR_GAMMA_LANES_THREAD

/** Normal elements (Box–Muller, or polar when `polar`): mean + std * z, float32 or float64 by out.type. */
cr_status cr_normal(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_, cr_array out);
/** Exponential elements: (0 - log u) / rate. */
cr_status cr_exponential(uint32_t k0, uint32_t k1, uint64_t first, double rate, cr_array out);
/** Gamma elements with shape `alpha`, or per element alphas->data[i] (host or device, float or double;
 *  device shapes are validated on the device: CR_ERANGE), times `scale`. The proposal layout follows
 *  out.type (float32 or float64, docs/streams.md §6.1). */
cr_status cr_gamma(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const cr_array* alphas, double scale,
                   int lanes, cr_array out);
/** Beta(a, b) elements (component 0 of the Dirichlet([a, b]) rows). */
cr_status cr_beta(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int lanes, cr_array out);
/** Dirichlet values [first, first + out.n) of the flat row-major stream (first = row offset · K),
 *  K = alpha.n shapes (host or device, float or double; device shapes validated: CR_ERANGE). */
cr_status cr_dirichlet(uint32_t k0, uint32_t k1, uint64_t first, cr_array alpha, int lanes, cr_array out);

/* Stream variants: device output `dev_out` of n elements of `type`, enqueued on `stream` (a
 * cudaStream_t; NULL: the legacy default stream). Shapes `dev_alphas` (per element; NULL: the scalar
 * `alpha`) and `dev_alpha` (Dirichlet, K shapes) are device memory of `alpha_type`. */
cr_status cr_normal_device(uint32_t k0, uint32_t k1, uint64_t first, int polar, double mean, double std_,
                           void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_exponential_device(uint32_t k0, uint32_t k1, uint64_t first, double rate, void* dev_out, int type,
                                uint64_t n, void* stream);
cr_status cr_gamma_device(uint32_t k0, uint32_t k1, uint64_t first, double alpha, const void* dev_alphas,
                          int alpha_type, double scale, int lanes, void* dev_out, int type, uint64_t n, void* stream);
cr_status cr_beta_device(uint32_t k0, uint32_t k1, uint64_t first, double a, double b, int lanes, void* dev_out,
                         int type, uint64_t n, void* stream);
cr_status cr_dirichlet_device(uint32_t k0, uint32_t k1, uint64_t first, const void* dev_alpha, int alpha_type,
                              uint32_t K, int lanes, void* dev_out, int type, uint64_t n, void* stream);

#endif  // CR_API_DIST_H
