// The host SIMD kernels' shared parts (cuda/src/cpu_kernels*.cpp: one file per instruction set; the C
// API is cuda/include/cr_api_cpu.h): what a call derives once, the loop that cuts [first, first + n)
// into groups of blocks, and one entry per sampler and instruction set. Internal: the host test
// reaches each instruction set through the *_isa entries.
#ifndef CR_CPU_KERNELS_H
#define CR_CPU_KERNELS_H

#include <stdint.h>
#include <string.h>

#include <type_traits>

#include "cr_api.h"
#include "cr_discrete.h"

/** The instruction sets, best last: cr_cpu_isa_cpu() is the best this CPU (and OS) runs,
 *  cr_cpu_isa() the best of those whose self-test passes (what the C API uses). */
enum { CR_ISA_NONE = 0, CR_ISA_AVX2 = 1, CR_ISA_AVX512 = 2 };
int cr_cpu_isa_cpu(void);
int cr_cpu_isa(void);

/** What every group of an integers call shares. */
struct cr_cpu_int_ctx {
  cr_int_plan p;
  uint32_t k0, k1;
};

/** What every group of a bernoulli call shares: u = k53·2^-53 < p exactly when k53 < ⌈p·2^53⌉
 *  (p·2^53 is exact, k53 an integer), so one p is an integer comparison (a p per element compares
 *  k53 < p[i]·2^53 in doubles instead, and ignores `below`). */
struct cr_cpu_bern_ctx {
  uint64_t below;  // ⌈p·2^53⌉ ∈ [0, 2^53]
  uint32_t k0, k1;
};

/**
 * Elements [first, first + n) into out by groups of BLOCKS Philox blocks (L elements a block: 4 for one
 * word an element, 2 for two): whole groups in place, a partial one (at either end) through a scratch
 * group.
 */
template <class T, unsigned L, unsigned BLOCKS, class Ctx, class Group>
void cr_cpu_fill(const Ctx& c, uint64_t first, T* out, uint64_t n, Group group) {
  constexpr unsigned G = BLOCKS * L;
  for (uint64_t e = first; n > 0;) {
    const uint64_t b = e / L, skip = e - b * L;
    if (skip == 0 && n >= G) {
      group(c, b, out);
      out += G, e += G, n -= G;
      continue;
    }
    T tmp[G];
    group(c, b, tmp);
    const uint64_t take = G - skip < n ? G - skip : n;
    memcpy(out, tmp + skip, take * sizeof(T));
    out += take, e += take, n -= take;
  }
}

/** One instruction set's call: its group kernels — wide (doubles), narrow into doubles, narrow into
 *  32-bit words (int32 and uint32: the same bits) — over cr_cpu_fill. */
template <unsigned BLOCKS, class Wide, class NarrowF64, class NarrowU32>
void cr_cpu_integers_run(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n, Wide wide,
                         NarrowF64 narrow_f64, NarrowU32 narrow_u32) {
  if (c.p.wide) {
    cr_cpu_fill<double, 2, BLOCKS>(c, first, (double*)out, n, wide);
  } else if (type == CR_TYPE_F64) {
    cr_cpu_fill<double, 4, BLOCKS>(c, first, (double*)out, n, narrow_f64);
  } else {
    cr_cpu_fill<uint32_t, 4, BLOCKS>(c, first, (uint32_t*)out, n, narrow_u32);
  }
}

/** What every group of a raw-stream call (bits, uniform) shares: the map of docs/streams.md, "Uniform floats" —
 *  unit: u itself; else low + span·u in binary64, two roundings (cr_uniform.h). */
struct cr_cpu_map_ctx {
  double low, span;
  bool unit;
  uint32_t k0, k1;
  /** the plane (plane, tag) of the counters: the raw stream's, a sampler's first proposals (gamma), or
   *  an element sampler's block `plane` (Wald's blocks 0 and 1) */
  uint32_t tag = CR_TAG_RAW;
  uint32_t plane = 0;
};

/** Raw-stream group kernels of one instruction set, by output: words (bits), float32, float64. */
enum { CR_MAP_BITS = 0, CR_MAP_F32 = 1, CR_MAP_F64 = 2 };

/** One instruction set's bits / uniform call over cr_cpu_fill: one word per element (bits, float32;
 *  four per block) or two (float64; two per block). */
template <unsigned BLOCKS, template <int> class Group>
void cr_cpu_map_run(const cr_cpu_map_ctx& c, uint64_t first, void* out, int map, uint64_t n) {
  if (map == CR_MAP_BITS) return cr_cpu_fill<uint32_t, 4, BLOCKS>(c, first, (uint32_t*)out, n, Group<CR_MAP_BITS>::run);
  if (map == CR_MAP_F32) return cr_cpu_fill<float, 4, BLOCKS>(c, first, (float*)out, n, Group<CR_MAP_F32>::run);
  return cr_cpu_fill<double, 2, BLOCKS>(c, first, (double*)out, n, Group<CR_MAP_F64>::run);
}

/** cr_cpu_fill for a sampler with one parameter per element, p[i] belonging to out[i]: the group also
 *  gets the parameters of its elements; a partial group gets them through a scratch copy (zeros for
 *  the elements outside the call, computed and dropped, never read from the caller's array). */
template <class T, class P, unsigned L, unsigned BLOCKS, class Ctx, class Group>
void cr_cpu_fill_each(const Ctx& c, uint64_t first, T* out, const P* p, uint64_t n, Group group) {
  constexpr unsigned G = BLOCKS * L;
  for (uint64_t e = first; n > 0;) {
    const uint64_t b = e / L, skip = e - b * L;
    if (skip == 0 && n >= G) {
      group(c, b, out, p);
      out += G, p += G, e += G, n -= G;
      continue;
    }
    const uint64_t take = G - skip < n ? G - skip : n;
    T tmp[G];
    P ptmp[G] = {};
    memcpy(ptmp + skip, p, take * sizeof(P));
    group(c, b, tmp, ptmp);
    memcpy(out, tmp + skip, take * sizeof(T));
    out += take, p += take, e += take, n -= take;
  }
}

/** 0/1 bits of consecutive elements (bit i: element i) as T into dst[0, n), n ≤ 64: bytes through a
 *  table of eight at a time, other types one by one (the compiler vectorises it). */
template <class T>
inline void cr_cpu_store_bits(uint64_t bits, unsigned n, T* dst) {
  if constexpr (sizeof(T) == 1) {
    struct Bytes {
      uint64_t of[256];
      constexpr Bytes() : of() {
        for (unsigned m = 0; m < 256; ++m)
          for (unsigned j = 0; j < 8; ++j) of[m] |= (uint64_t)(m >> j & 1) << (8 * j);  // little-endian x86-64
      }
    };
    static constexpr Bytes BYTES;
    unsigned i = 0;
    for (; i + 8 <= n; i += 8) memcpy(dst + i, &BYTES.of[bits >> i & 0xff], 8);
    for (; i < n; ++i) dst[i] = (T)(bits >> i & 1);
  } else {
    for (unsigned i = 0; i < n; ++i) dst[i] = (T)(bits >> i & 1);
  }
}

/** f(out as the pointer type of a 0/1 output `type`: uint8, int32, uint32, float32, else float64). */
template <class F>
void cr_cpu_with_out(int type, void* out, F f) {
  switch (type) {
    case CR_TYPE_U8: return f((uint8_t*)out);
    case CR_TYPE_I32: return f((int32_t*)out);
    case CR_TYPE_U32: return f((uint32_t*)out);
    case CR_TYPE_F32: return f((float*)out);
    default: return f((double*)out);
  }
}

/**
 * One instruction set's bernoulli call over cr_cpu_fill (one p: ps null) or cr_cpu_fill_each (p per
 * element, float32 or float64 `ps_type`): bits(c, b, p) gives the 0/1 of a group's 2·BLOCKS elements as
 * a bit mask, p being the group's parameters (a null const void* for one p).
 */
template <unsigned BLOCKS, class Bits>
void cr_cpu_bernoulli_run(const cr_cpu_bern_ctx& c, uint64_t first, const void* ps, int ps_type, void* out, int type,
                          uint64_t n, Bits bits) {
  cr_cpu_with_out(type, out, [&](auto* o) {
    using T = std::remove_pointer_t<decltype(o)>;
    const auto group = [&](const cr_cpu_bern_ctx& cc, uint64_t b, T* dst, const auto* p) {
      cr_cpu_store_bits(bits(cc, b, p), 2 * BLOCKS, dst);
    };
    if (!ps) {
      cr_cpu_fill<T, 2, BLOCKS>(c, first, o, n, [&](const cr_cpu_bern_ctx& cc, uint64_t b, T* dst) {
        group(cc, b, dst, (const void*)nullptr);
      });
    } else if (ps_type == CR_TYPE_F32) {
      cr_cpu_fill_each<T, float, 2, BLOCKS>(c, first, o, (const float*)ps, n, group);
    } else {
      cr_cpu_fill_each<T, double, 2, BLOCKS>(c, first, o, (const double*)ps, n, group);
    }
  });
}

/** What an open-uniform or normal call shares (cpu_open_kernels.h): exponential (id CR_CPU_EXPONENTIAL, p[0] =
 *  rate), normal (CR_CPU_NORMAL, p = mean, std; p[2] = 1: the float32 stream's values into a float64 out) or the transform `id` of cr_transforms.h with its parameters p. */
#define CR_CPU_EXPONENTIAL (-1)
#define CR_CPU_NORMAL (-2)
#define CR_CPU_GEOMETRIC (-3)
struct cr_cpu_open_ctx {
  uint32_t k0, k1;
  int id;
  double p[8];
};

/** What a gamma call shares: element first + j has shape alpha[(phase + j) mod period] (values: scaled
 *  by `scale`) or, for draws (`draws` not null: the boost uniforms go there), the Marsaglia–Tsang constants
 *  d[·], c[·] of that index (lib/kernels/gamma.ts drawRange's ds, cs). */
struct cr_cpu_gamma_ctx {
  uint32_t k0, k1;
  const double *alpha, *d, *c;
  uint64_t period, phase;
  double scale;
  double* draws;
  bool wide;  // the float64 proposal layout (else float32's), whatever the output type
};

/** m binary64 values into out[at, at + m): copied (CR_TYPE_F64) or each rounded once to float (CR_TYPE_F32). */
inline void cr_cpu_store_values(void* out, int type, uint64_t at, const double* val, unsigned m) {
  if (type == CR_TYPE_F64) {
    memcpy((double*)out + at, val, m * sizeof(double));
  } else {
    float* o = (float*)out + at;
    for (unsigned i = 0; i < m; ++i) o[i] = (float)val[i];
  }
}

/** The kernels of one instruction set (the caller checked the arguments and the CPU). */
void cr_cpu_integers_avx2(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n);
void cr_cpu_integers_avx512(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n);
/** bernoulli: one p (ps null) or p per element (ps of ps_type). */
void cr_cpu_bernoulli_avx2(const cr_cpu_bern_ctx& c, uint64_t first, const void* ps, int ps_type, void* out, int type,
                           uint64_t n);
void cr_cpu_bernoulli_avx512(const cr_cpu_bern_ctx& c, uint64_t first, const void* ps, int ps_type, void* out, int type,
                             uint64_t n);
void cr_cpu_map_avx2(const cr_cpu_map_ctx& c, uint64_t first, void* out, int map, uint64_t n);
void cr_cpu_map_avx512(const cr_cpu_map_ctx& c, uint64_t first, void* out, int map, uint64_t n);
/** exponential and the uniform-based transforms (CR_TYPE_F32 or F64 out) */
void cr_cpu_open_avx2(const cr_cpu_open_ctx& c, uint64_t first, void* out, int type, uint64_t n);
void cr_cpu_open_avx512(const cr_cpu_open_ctx& c, uint64_t first, void* out, int type, uint64_t n);
/** gamma values or draws (cpu_gamma_kernels.h cr_cpu_gamma_run; the caller checked the shapes) */
void cr_cpu_gamma_avx2(const cr_cpu_gamma_ctx& g, uint64_t first, void* out, int type, uint64_t n);
void cr_cpu_gamma_avx512(const cr_cpu_gamma_ctx& g, uint64_t first, void* out, int type, uint64_t n);
/** Wald with one (mean, scale) (cpu_element_kernels.h; the caller checked them) */
void cr_cpu_wald_avx2(uint32_t k0, uint32_t k1, uint64_t first, double mean, double scale, void* out, int type, uint64_t n);
void cr_cpu_wald_avx512(uint32_t k0, uint32_t k1, uint64_t first, double mean, double scale, void* out, int type,
                        uint64_t n);
/** Logarithmic series / Zipf / hypergeometric elements for one row (cr_logseries.h, cr_zipf.h, cr_hypergeometric.h:
 *  checked, Zipf's 1/b > 0). */
void cr_cpu_logseries_avx2(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n);
void cr_cpu_logseries_avx512(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n);
void cr_cpu_zipf_avx2(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n);
void cr_cpu_zipf_avx512(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n);
void cr_cpu_hypergeometric_avx2(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type,
                              uint64_t n);
void cr_cpu_hypergeometric_avx512(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type,
                                uint64_t n);
/** Poisson inversions of lanes with λ < 10 (cpu_count_kernels.h) */
void cr_cpu_poisson_inversions_avx2(const double* lam, const double* A, double* res, unsigned m);
void cr_cpu_poisson_inversions_avx512(const double* lam, const double* A, double* res, unsigned m);
/** Binomial inversions of lanes of one p' ≤ ½ and their own counts n·p' < 10 (cpu_count_kernels.h) */
void cr_cpu_binomial_inversions_avx2(const double* n, const double* A, double lp, double r, double* res, unsigned m);
void cr_cpu_binomial_inversions_avx512(const double* n, const double* A, double lp, double r, double* res, unsigned m);
/** BTRS's squeeze for lanes with their own states (cpu_count_kernels.h) */
void cr_cpu_btrs_squeezes_avx2(const double* A, const double* vr, const double* urvr, const double* a, const double* b,
                               const double* c, const double* n, double* res, unsigned m);
void cr_cpu_btrs_squeezes_avx512(const double* A, const double* vr, const double* urvr, const double* a, const double* b,
                                 const double* c, const double* n, double* res, unsigned m);
/** BTRS past its squeeze for lanes with their own states (cpu_count_kernels.h) */
struct cr_binomial_state;
void cr_cpu_btrs_bounds_avx2(const double* A, const double* B, const cr_binomial_state* const* s, double* res,
                             unsigned m);
void cr_cpu_btrs_bounds_avx512(const double* A, const double* B, const cr_binomial_state* const* s, double* res,
                               unsigned m);
/** The vector log1p of cpu_vmath.h on x[0, n) (tests: its lanes against cr_log1p, bit for bit) */
void cr_cpu_vmath_log1p_avx2(const double* x, double* out, unsigned n);
void cr_cpu_vmath_log1p_avx512(const double* x, double* out, unsigned n);
/** Dirichlet rows in log space (cpu_gamma_kernels.h): the terms log(G') + log(U)/α, and exp in place */
void cr_cpu_dirichlet_terms_avx2(const double* dv, const double* U, const double* alpha, double* l, unsigned n);
void cr_cpu_dirichlet_terms_avx512(const double* dv, const double* U, const double* alpha, double* l, unsigned n);
void cr_cpu_exp_avx2(double* x, unsigned n);
void cr_cpu_exp_avx512(double* x, unsigned n);

/** High words (the key's top 32 bits, docs/streams.md "permutation and uniform sampling") of items [first, first + m),
 *  first even, into h: whole groups, so h[m, m rounded up to 64) is written too (cpu_permute.cpp) */
void cr_cpu_perm_highs_avx2(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* h, uint64_t m);
void cr_cpu_perm_highs_avx512(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* h, uint64_t m);

/** cr_cpu_integers, cr_cpu_bernoulli, cr_cpu_bits and cr_cpu_uniform on instruction set `isa` (tests
 *  and the self-test): CR_CPU_DECLINED where this CPU lacks it. */
int cr_cpu_integers_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out,
                        int type, uint64_t n);
int cr_cpu_bernoulli_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n);
int cr_cpu_bernoulli_each_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, const void* ps, int ps_type, void* out,
                              int type, uint64_t n);
int cr_cpu_bits_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, uint32_t* out, uint64_t n);
int cr_cpu_uniform_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double low, double high, void* out, int type,
                       uint64_t n);
int cr_cpu_exponential_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double rate, void* out, int type,
                           uint64_t n);
int cr_cpu_gamma_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, const double* alpha, uint64_t period,
                     uint64_t phase, double scale, int wide, void* out, int type, uint64_t n);
int cr_cpu_gamma_draws_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, const double* d, const double* c,
                           uint64_t period, uint64_t phase, int wide, double* dv, double* boost, uint64_t n);
int cr_cpu_geometric_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n);
int cr_cpu_normal_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double mean, double std_, void* out, int type,
                      uint64_t n);
int cr_cpu_normal_z_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int wide, double* out, uint64_t n);
int cr_cpu_dirichlet_isa(int isa, uint32_t k0, uint32_t k1, uint64_t row0, const double* alpha, uint32_t K, int wide,
                         int first_only, void* out, int type, uint64_t rows);
int cr_cpu_transform_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out, int type,
                         uint64_t n);
int cr_cpu_element_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int id, const double* p, int np, void* out,
                       int type, uint64_t n);
int cr_cpu_poisson_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double lam, void* out, int type, uint64_t n);
int cr_cpu_binomial_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double count, double p, void* out, int type,
                        uint64_t n);
/** cr_cpu_permutation on `isa` with every key ANDed with `key_mask` (~0: the stream's keys): a test hook that makes
 *  equal high words and equal keys common, so the ties' order is tested at sizes a test can check. */
int cr_cpu_permutation_isa(int isa, uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint64_t key_mask);
int cr_cpu_permutation_part_isa(int isa, uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint32_t part,
                                uint32_t parts, uint64_t key_mask);
int cr_cpu_negative_binomial_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double r, double p, void* out,
                                 int type, uint64_t n);
int cr_cpu_multinomial_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double count, const double* w,
                           uint32_t K, void* out, int type, uint64_t n);

#endif  // CR_CPU_KERNELS_H
