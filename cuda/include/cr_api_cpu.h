// Host SIMD kernels (x86-64: AVX-512 F + DQ, else AVX2): the CPU backend's native fast path, bit for
// bit the TypeScript specification like every other kernel, reached through the addon's cpu* functions
// (binding/cpu.cc) on the main thread and in the worker pool. Plain C++, no CUDA: they run wherever the
// addon loads, GPU or not. Where the CPU lacks AVX2 (or is not x86-64) they decline and the WebAssembly
// kernels run. cuda/src/cpu_kernels*.cpp hold them: bits, uniform, integers, bernoulli, exponential, normal,
// the transforms of one uniform or one normal, gamma's draws, the counts (cuda/src/cpu_counts.cpp) and whole
// permutations (cuda/src/cpu_permute.cpp).
#ifndef CR_API_CPU_H
#define CR_API_CPU_H

#include <stdint.h>

/** The instruction set the CPU kernels use here: "avx512", "avx2", or "" where they decline — the best
 *  set the CPU supports whose known-answer self-test passes (checked once; cpu_kernels.cpp). */
const char* cr_cpu_simd(void);
/** The best set the CPU (and OS) supports, self-test or not: "avx512", "avx2" or "". */
const char* cr_cpu_simd_cpu(void);

#define CR_CPU_DONE 1
#define CR_CPU_DECLINED 0

/**
 * Elements [first, first + n) of integers in [low, high) (docs/streams.md, "Bounded integers") into host memory `out`
 * of `type` (CR_TYPE_I32, CR_TYPE_U32 or CR_TYPE_F64, cr_api.h), what cr_integers gives. Returns
 * CR_CPU_DONE, CR_CPU_DECLINED (no AVX2 here: nothing written) or CR_EINVAL (low ≥ high, or a range
 * the type cannot hold, as cr_integers refuses it: nothing written).
 */
int cr_cpu_integers(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out, int type,
                    uint64_t n);

/**
 * Elements [first, first + n) of bernoulli(p) with one p (docs/streams.md, "Bernoulli") into host memory `out`
 * of `type` (CR_TYPE_U8, I32, U32, F32 or F64), what cr_bernoulli gives. Returns CR_CPU_DONE,
 * CR_CPU_DECLINED (nothing written) or CR_EINVAL (p outside [0, 1] or NaN, another type).
 */
int cr_cpu_bernoulli(uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n);

/** cr_cpu_bernoulli with p per element: ps[i] (n values of `ps_type`, CR_TYPE_F32 or F64, each in [0, 1]
 *  — the caller checked them) belongs to out[i]. CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (a type). */
int cr_cpu_bernoulli_each(uint32_t k0, uint32_t k1, uint64_t first, const void* ps, int ps_type, void* out, int type,
                          uint64_t n);

/** Words [first, first + n) of the raw stream (docs/streams.md, "The counter layout") into `out`, what cr_bits gives.
 *  CR_CPU_DONE or CR_CPU_DECLINED. */
int cr_cpu_bits(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, uint64_t n);

/** Elements [first, first + n) of uniform(low, high) (docs/streams.md, "Uniform floats") into `out` of `type`
 *  (CR_TYPE_F32 or F64), what cr_uniform gives. CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (not low < high, not
 *  finite, high − low not finite, another type). */
int cr_cpu_uniform(uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* out, int type, uint64_t n);

/** Elements [first, first + n) of exponential(rate) (docs/streams.md, "Exponential") into `out` of `type` (CR_TYPE_F32
 *  or F64), what cr_exponential gives. CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (rate not finite and > 0, another
 *  type). */
int cr_cpu_exponential(uint32_t k0, uint32_t k1, uint64_t first, double rate, void* out, int type, uint64_t n);

/** Elements [first, first + n) of gamma (docs/streams.md, "Gamma (Marsaglia–Tsang)"), element first + j of shape
 *  alpha[(phase + j) mod period] (period 1: one shape; period n, phase 0: one per element), times scale, from the
 *  float64 proposal layout when `wide` (else float32's), into `out` of `type` (CR_TYPE_F32 or F64): what cr_gamma
 *  gives for any number of proposals (the dtype's layout; a binary64 result of the float32 layout for Student's t). CR_CPU_DONE, CR_CPU_DECLINED or
 *  CR_EINVAL (period 0, a shape or scale not finite and > 0, another type). */
int cr_cpu_gamma(uint32_t k0, uint32_t k1, uint64_t first, const double* alpha, uint64_t period, uint64_t phase,
                 double scale, int wide, void* out, int type, uint64_t n);

/** The accepted proposals of gamma elements [first, first + n) (lib/kernels/gamma.ts drawRange): dv[j] = G' = d·v and
 *  boost[j] = its U, element first + j with the Marsaglia–Tsang constants d/c[(phase + j) mod period] (cr_gamma_setup's,
 *  of a shape α' >= 1), the float64 proposal layout when `wide`. CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (period 0,
 *  or a pair that is not cr_gamma_setup's). */
int cr_cpu_gamma_draws(uint32_t k0, uint32_t k1, uint64_t first, const double* d, const double* c, uint64_t period,
                       uint64_t phase, int wide, double* dv, double* boost, uint64_t n);

/** Rows [row0, row0 + rows) of dirichlet(alpha[0..K)) (docs/streams.md, "Dirichlet and beta"; cr_dirichlet_row): row r
 *  from gamma elements r·K + k of the float64 proposal layout when `wide` (else float32's), K values a row into `out`
 *  of `type` (CR_TYPE_F32 or F64), or only each row's component 0 with `first_only` (beta(a, b) is that of [a, b]).
 *  CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (K 0, a shape not finite and > 0, gamma elements past 2^64, a type). */
int cr_cpu_dirichlet(uint32_t k0, uint32_t k1, uint64_t row0, const double* alpha, uint32_t K, int wide, int first_only,
                     void* out, int type, uint64_t rows);

/** Elements [first, first + n) of geometric(p) with one p (docs/streams.md, "Geometric"; cr_geometric) into `out` of
 *  `type` (CR_TYPE_I32, U32 or F64). CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (p outside [pmin(type), 1]:
 *  cr_geometric_pmin, another type). */
int cr_cpu_geometric(uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n);

/** Elements [first, first + n) of normal(mean, std) by Box–Muller (docs/streams.md, "Normal") into `out` of `type`
 *  (CR_TYPE_F32 or F64), what cr_normal gives (polar 0). CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (mean not finite,
 *  std not finite and >= 0, another type). */
int cr_cpu_normal(uint32_t k0, uint32_t k1, uint64_t first, double mean, double std_, void* out, int type, uint64_t n);

/** Elements [first, first + n) of the standard Box–Muller normals (mean 0, std 1: `0 + 1·z`) in binary64: the
 *  float64 stream (wide), or the float32 stream's values unrounded — the normals Student's t divides
 *  (docs/streams.md, "Ratios of the normal and gamma streams"). CR_CPU_DONE or CR_CPU_DECLINED. */
int cr_cpu_normal_z(uint32_t k0, uint32_t k1, uint64_t first, int wide, double* out, uint64_t n);

/** Elements [first, first + n) of the element sampler `id` of cr_elements.h with one row of np parameters p, into `out`
 *  of `type` (CR_TYPE_F32 or F64): what cr_element_value gives, rounded once to float32. Host kernels exist for Wald
 *  (id 1, elements below 2^63); other ids and elements decline. CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (np not the sampler's parameter count, values
 *  its check refuses, another type). */
int cr_cpu_element(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out, int type,
                   uint64_t n);

/** Elements [first, first + n) of the transform `id` of cr_transforms.h (of one uniform, or of one normal), with one row of
 *  np parameters p (values checked by the caller, as cr_transform's are), into `out` of `type` (CR_TYPE_F32 or F64):
 *  what cr_transform gives. CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL (an unknown id, np not the transform's
 *  parameter count, another type). */
int cr_cpu_transform(uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out, int type,
                     uint64_t n);

/** Elements [first, first + n) of Poisson(lam) with one λ (docs/streams.md, "Poisson"; cr_poisson_element on
 *  CR_TAG_POISSON) into `out` of `type` (CR_TYPE_I32, U32 or F64). CR_CPU_DONE, CR_CPU_DECLINED (also for elements
 *  past 2^62) or CR_EINVAL (λ not cr_lam_fits for the type's largest count, another type). */
int cr_cpu_poisson(uint32_t k0, uint32_t k1, uint64_t first, double lam, void* out, int type, uint64_t n);

/** Elements [first, first + n) of binomial(count, p) with one count and p (docs/streams.md, "Binomial";
 *  cr_binomial_element) into `out` of `type` (CR_TYPE_I32, U32 or F64). CR_CPU_DONE, CR_CPU_DECLINED or CR_EINVAL
 *  (count not an integer in [0, the type's largest count], p outside [0, 1], another type). */
int cr_cpu_binomial(uint32_t k0, uint32_t k1, uint64_t first, double count, double p, void* out, int type, uint64_t n);

/** Elements [first, first + n) of negativeBinomial(r, p) (docs/streams.md, "Negative binomial";
 *  cr_negative_binomial_element) into `out` of `type` (CR_TYPE_I32, U32 or F64). CR_CPU_DONE, CR_CPU_DECLINED or
 *  CR_EINVAL (r not finite and > 0, p outside (0, 1], a largest mean the type cannot hold, another type). */
int cr_cpu_negative_binomial(uint32_t k0, uint32_t k1, uint64_t first, double r, double p, void* out, int type,
                             uint64_t n);

/** Elements [first, first + n) of multinomial(count, w) rows of K components (docs/streams.md,
 *  "Multinomial"; element e is component e mod K of row e / K, as cr_multinomial_component) into `out` of
 *  `type` (CR_TYPE_I32, U32 or F64). CR_CPU_DONE, CR_CPU_DECLINED (K > 4096, past 2^62 elements) or
 *  CR_EINVAL (count not an integer in [0, the type's largest count], a weight not finite and >= 0, no
 *  positive finite total, another type). */
int cr_cpu_multinomial(uint32_t k0, uint32_t k1, uint64_t first, double count, const double* w, uint32_t K, void* out,
                       int type, uint64_t n);

/** The permutation of [0, n) (docs/streams.md, "permutation and uniform sampling": the indices in increasing order of
 *  (key, index)) into `out` of `type` (CR_TYPE_I32, U32 or F64; the caller checked that n − 1 fits it), what
 *  cr_permutation gives. Uses 8n bytes of temporary memory (none for F64: out's own memory). CR_CPU_DONE,
 *  CR_CPU_DECLINED (n above 2^30, no memory: out may have been written, the caller's fallback writes all of it)
 *  or CR_EINVAL (another type: nothing written). */
int cr_cpu_permutation(uint32_t k0, uint32_t k1, uint64_t n, void* out, int type);

/** Part `part` of `parts` (a power of two, at most 64) of that permutation: the positions of `out` (all n of them)
 *  that hold the items whose key's top log2(parts) bits are `part` — a range, as the order is the keys' — are
 *  written, no others, so the parts can run at once on as many threads (lib/backend/cpu/pool.ts). Temporary memory
 *  8 bytes an item of the part (none for F64). The parts' writes together are cr_cpu_permutation's. Returns as it
 *  does; CR_EINVAL also for parts not a power of two in [1, 64] or part >= parts. */
int cr_cpu_permutation_part(uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint32_t part, uint32_t parts);

#endif  // CR_API_CPU_H
