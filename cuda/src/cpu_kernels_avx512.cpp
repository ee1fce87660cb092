// The host SIMD kernels in AVX-512 F + DQ (cpu_kernels.h): thirty-two Philox blocks per step (two
// interleaved sets of sixteen, cpu_philox_avx512.h).
// Streams: docs/streams.md, "Bounded integers", "Bernoulli", "The counter layout", "Uniform floats".
//   integers                          Lemire's multiply and test sixteen narrow or eight wide elements
//                                     at a time, rejected lanes left-packed by vpcompressd (narrow) and
//                                     retried like cpu_kernels_avx2.cpp's; wide values convert by
//                                     vcvtuqq2pd (cr_integers_work's values)
//   bernoulli, scalar p               eight elements' k53 at a time against ⌈p·2^53⌉
//             p per element           k53 < p[i]·2^53 in doubles, eight at a time
//   bits, uniform                     the rows in stream order, mapped sixteen (float32) or eight
//                                     (float64) at a time
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <type_traits>

#include "cpu_kernels.h"
// GCC 12's avx512fintrin.h builds _mm512_undefined_* by self-initialisation, which -Wuninitialized
// reports at every inlined use (a false positive; GCC bug 105593)
#pragma GCC diagnostic ignored "-Wuninitialized"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "cpu_philox_avx512.h"
#include "cr_counts.h"
#include "cr_gamma.h"
#include "cr_normal.h"
#include "cr_special.h"
#include "cr_hypergeometric.h"
#include "cr_logseries.h"
#include "cr_wald.h"
#include "cr_zipf.h"

// cr_transforms.h's templates and the vector math, compiled for avx512 with internal linkage (cpu_vmath.h says
// why); GCC notes that W-lane vectors passed between its functions change the ABI: they are all inlined.
#pragma GCC diagnostic ignored "-Wpsabi"
#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq")
namespace {
#include "cr_transforms.h"
#include "cpu_open_kernels.h"
#include "cpu_gamma_kernels.h"
#include "cpu_element_kernels.h"
#include "cpu_count_kernels.h"
}  // namespace
#pragma GCC pop_options

namespace {

/** A group: two interleaved sets of sixteen blocks (cr_philox16). */
constexpr unsigned SETS = 2, BLOCKS = 16 * SETS;

using Ctx = cr_cpu_int_ctx;

const __m512i* iota16() {
  alignas(64) static const uint32_t v[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  return (const __m512i*)v;
}

/** Sixteen outputs low + k (u32 lanes k) as T into d[0, 16): int32 and uint32 as the same bits;
 *  doubles exact (k < 2^32, low + k a safe integer). */
template <class T>
CR_AVX512 void store16(T* d, __m512i k, const Ctx& c) {
  if constexpr (sizeof(T) == 8) {
    const __m512d low = _mm512_set1_pd((double)c.p.low);
    _mm512_storeu_pd((double*)d, _mm512_add_pd(_mm512_cvtepu32_pd(_mm512_castsi512_si256(k)), low));
    _mm512_storeu_pd((double*)d + 8, _mm512_add_pd(_mm512_cvtepu32_pd(_mm512_extracti64x4_epi64(k, 1)), low));
  } else {
    _mm512_storeu_si512((void*)d, _mm512_add_epi32(k, _mm512_set1_epi32((int)(uint32_t)(uint64_t)c.p.low)));
  }
}

/** Lemire on sixteen narrow proposals x: *k = ⌊x·r / 2^32⌋; the lanes accepted (x·r mod 2^32 ≥ t). */
CR_AVX512 __mmask16 narrow16(__m512i x, __m512i R, __m512i T, __m512i* k) {
  __m512i l;
  cr_mulhilo16(x, R, k, &l);
  return _mm512_cmpge_epu32_mask(l, T);
}

/** Narrow elements e0 + slot[i] (i < count) whose proposal 0 was rejected, into dst[slot[i]]: retry
 *  block 1 of sixteen at a time, the first accepted of its four proposals kept by masked moves; one
 *  whose four are all rejected goes on from block 2 by the scalar port. */
template <class T>
CR_AVX512_TARGET void narrow_retries(const Ctx& c, uint64_t e0, const uint32_t* slot, unsigned count, T* dst) {
  const __m512i R = _mm512_set1_epi32((int)(uint32_t)c.p.r), Tt = _mm512_set1_epi32((int)(uint32_t)c.p.t);
  const __m512i lo = _mm512_set1_epi32((int)(uint32_t)e0), hi = _mm512_set1_epi32((int)(uint32_t)(e0 >> 32));
  for (unsigned i = 0; i < count; i += 16 * SETS) {
    __m512i x[SETS][4];
    __mmask16 live[SETS];
    for (unsigned g = 0; g < SETS; ++g) {
      const int m = (int)count - (int)(i + 16 * g);
      live[g] = m >= 16 ? (__mmask16)0xffff : m > 0 ? (__mmask16)((1u << m) - 1) : (__mmask16)0;
      // lanes past the count repeat slot i (computed, never written); counters (e0 + slot carried, 1, tag)
      const __m512i s = _mm512_mask_loadu_epi32(_mm512_set1_epi32((int)slot[i]), live[g], slot + i + 16 * g);
      x[g][0] = _mm512_add_epi32(lo, s);
      x[g][1] = _mm512_mask_add_epi32(hi, _mm512_cmplt_epu32_mask(x[g][0], lo), hi, _mm512_set1_epi32(1));
      x[g][2] = _mm512_set1_epi32(1);
      x[g][3] = _mm512_set1_epi32((int)CR_TAG_INTEGERS);
    }
    cr_philox16<SETS>(x, c.k0, c.k1);
    for (unsigned g = 0; g < SETS && live[g]; ++g) {
      const unsigned at = i + 16 * g;
      __m512i k, kq;
      __mmask16 any = narrow16(x[g][3], R, Tt, &k);
      for (int q = 2; q >= 0; --q) {  // the earliest accepted proposal wins: moved in last
        const __mmask16 ok = narrow16(x[g][q], R, Tt, &kq);
        k = _mm512_mask_mov_epi32(k, ok, kq);
        any = (__mmask16)(any | ok);
      }
      T v[16];
      store16(v, k, c);
      for (unsigned j = 0; j < 16 && (live[g] >> j & 1); ++j) dst[slot[at + j]] = v[j];
      for (unsigned none = ~(unsigned)any & live[g]; none; none &= none - 1) {  // one in 16 at worst
        const unsigned j = (unsigned)__builtin_ctz(none);
        uint64_t kk = 0;
        for (uint32_t b = 2; !cr_int_retry(c.p, c.k0, c.k1, e0 + slot[at + j], b, &kk); ++b) {
        }
        dst[slot[at + j]] = (T)(c.p.low + (int64_t)kk);
      }
    }
  }
}

/** Narrow (r ≤ 2^32): elements 4b … 4b + 4·BLOCKS − 1 (word j of block b' is element 4b' + j) into dst. */
template <class T>
CR_AVX512_TARGET void narrow_group(const Ctx& c, uint64_t b, T* dst) {
  __m512i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters16(b + 16 * g, 0, CR_TAG_INTEGERS, x[g]);
  cr_philox16<SETS>(x, c.k0, c.k1);
  __m512i rows[4 * SETS];  // rows[q]: elements 16q … 16q + 15 of the group, in order
  for (unsigned g = 0; g < SETS; ++g) cr_rows16(x[g], rows + 4 * g);
  if (c.p.r == 4294967296ull) {  // x·2^32: k = x, never rejected
    for (unsigned q = 0; q < 4 * SETS; ++q) store16(dst + 16 * q, rows[q], c);
    return;
  }
  const __m512i R = _mm512_set1_epi32((int)(uint32_t)c.p.r), Tt = _mm512_set1_epi32((int)(uint32_t)c.p.t);
  alignas(64) uint32_t slot[4 * BLOCKS + 16];  // rejected elements, left-packed (each step stores sixteen)
  unsigned count = 0;
  for (unsigned q = 0; q < 4 * SETS; ++q) {
    __m512i k;
    const __mmask16 bad = (__mmask16)~narrow16(rows[q], R, Tt, &k);
    store16(dst + 16 * q, k, c);
    const __m512i at = _mm512_add_epi32(_mm512_load_si512(iota16()), _mm512_set1_epi32((int)(16 * q)));
    _mm512_storeu_si512(slot + count, _mm512_maskz_compress_epi32(bad, at));
    count += (unsigned)__builtin_popcount(bad);
  }
  if (count) narrow_retries(c, 4 * b, slot, count, dst);
}

/** x·r of the u64 lanes x, r = rh·2^32 + rl: the 128-bit products as 64-bit lanes hi and lo, from
 *  32-bit partial products as cr_mul64 forms them. */
CR_AVX512 void mul_wide8(__m512i x, __m512i rl, __m512i rh, __m512i* hi, __m512i* lo) {
  const __m512i m32 = _mm512_set1_epi64(0xffffffffll), xh = _mm512_srli_epi64(x, 32);
  const __m512i ll = _mm512_mul_epu32(x, rl), lh = _mm512_mul_epu32(x, rh);
  const __m512i hl = _mm512_mul_epu32(xh, rl), hh = _mm512_mul_epu32(xh, rh);
  const __m512i mid = _mm512_add_epi64(_mm512_add_epi64(_mm512_srli_epi64(ll, 32), _mm512_and_si512(lh, m32)),
                                       _mm512_and_si512(hl, m32));
  *lo = _mm512_or_si512(_mm512_slli_epi64(mid, 32), _mm512_and_si512(ll, m32));
  *hi = _mm512_add_epi64(_mm512_add_epi64(hh, _mm512_srli_epi64(lh, 32)),
                         _mm512_add_epi64(_mm512_srli_epi64(hl, 32), _mm512_srli_epi64(mid, 32)));
}

/** Wide (r > 2^32): elements 2b … 2b + 2·BLOCKS − 1 (element 2b' + h of block b' is words 2h (a) and
 *  2h + 1 (b), x = a·2^32 + b) into dst. */
CR_AVX512_TARGET void wide_group(const Ctx& c, uint64_t b, double* dst) {
  __m512i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters16(b + 16 * g, 0, CR_TAG_INTEGERS, x[g]);
  cr_philox16<SETS>(x, c.k0, c.k1);
  const __m512i RL = _mm512_set1_epi64((long long)(uint32_t)c.p.r), RH = _mm512_set1_epi64((long long)(c.p.r >> 32));
  const __m512i T = _mm512_set1_epi64((long long)c.p.t);
  const __m512d LOW = _mm512_set1_pd((double)c.p.low);
  __mmask8 bad[SETS][2][2];  // [set][h][half]
  unsigned any = 0;
  for (unsigned g = 0; g < SETS; ++g) {
    __m512d d[2][2];  // [h][half]: half 0 holds blocks 4L, 4L + 1 of 128-bit lane L, half 1 blocks 4L + 2, 4L + 3
    for (int h = 0; h < 2; ++h) {
      const __m512i a = x[g][2 * h], w = x[g][2 * h + 1];
      const __m512i X[2] = {_mm512_unpacklo_epi32(w, a), _mm512_unpackhi_epi32(w, a)};  // u64 lanes a·2^32 + b
      for (int half = 0; half < 2; ++half) {
        __m512i hi, lo;
        mul_wide8(X[half], RL, RH, &hi, &lo);
        d[h][half] = _mm512_add_pd(_mm512_cvtepu64_pd(hi), LOW);  // exact: hi < 2^53
        bad[g][h][half] = _mm512_cmplt_epu64_mask(lo, T);
        any |= bad[g][h][half];
      }
    }
    // per 128-bit lane L: block 4L + j as (h = 0, h = 1), then a 4×4 transpose of the lanes
    const __m512i v[4] = {_mm512_castpd_si512(_mm512_unpacklo_pd(d[0][0], d[1][0])),
                          _mm512_castpd_si512(_mm512_unpackhi_pd(d[0][0], d[1][0])),
                          _mm512_castpd_si512(_mm512_unpacklo_pd(d[0][1], d[1][1])),
                          _mm512_castpd_si512(_mm512_unpackhi_pd(d[0][1], d[1][1]))};
    __m512i r[4];
    cr_lanes4x4(v, r);
    for (int q = 0; q < 4; ++q) _mm512_storeu_si512(dst + 32 * g + 8 * q, r[q]);
  }
  if (__builtin_expect(any == 0, 1)) return;
  for (unsigned g = 0; g < SETS; ++g) {  // below one in 2^11 proposals
    alignas(64) uint32_t w[4][16];
    for (int j = 0; j < 4; ++j) _mm512_store_si512(w[j], x[g][j]);
    for (int h = 0; h < 2; ++h) {
      for (int half = 0; half < 2; ++half) {
        for (unsigned m = bad[g][h][half]; m; m &= m - 1) {
          const unsigned i = (unsigned)__builtin_ctz(m), l = 4 * (i >> 1) + 2 * half + (i & 1);  // the block in the set
          dst[32 * g + 2 * l + h] =
              (double)cr_integers_value(c.p, c.k0, c.k1, 2 * (b + 16 * g + l) + h, w[2 * h][l], w[2 * h + 1][l]);
        }
      }
    }
  }
}

/** k53 = (a >> 5)·2^26 + (b >> 6) of the 64-bit lanes of a stream-order row: one element's words 2e
 *  (a, the low half) and 2e + 1 (b) — its float64 uniform is k53·2^-53. */
CR_AVX512 __m512i k53_8(__m512i w) {
  const __m512i m32 = _mm512_set1_epi64(0xffffffffll);
  return _mm512_add_epi64(_mm512_slli_epi64(_mm512_srli_epi64(_mm512_and_si512(w, m32), 5), 26), _mm512_srli_epi64(w, 38));
}

/** bernoulli over the raw stream's elements 2b … 2b + 2·BLOCKS − 1 (element e: words 2e, 2e + 1): bit i
 *  is element 2b + i's 0/1. P = void: one p, k53 < ⌈p·2^53⌉ as integers (c.below); else p[i] (float
 *  or double) per element, k53 < p[i]·2^53 in doubles — both exact. */
template <class P>
CR_AVX512_TARGET uint64_t bernoulli_bits(const cr_cpu_bern_ctx& c, uint64_t b, const P* p) {
  __m512i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters16(b + 16 * g, 0, CR_TAG_RAW, x[g]);
  cr_philox16<SETS>(x, c.k0, c.k1);
  const __m512i below = _mm512_set1_epi64((long long)c.below);
  const __m512d two53 = _mm512_set1_pd(9007199254740992.0);
  uint64_t bits = 0;
  for (unsigned g = 0; g < SETS; ++g) {
    __m512i rows[4];
    cr_rows16(x[g], rows);
    for (unsigned q = 0; q < 4; ++q) {
      const unsigned at = 32 * g + 8 * q;  // the row's first element in the group
      const __m512i k53 = k53_8(rows[q]);
      __mmask8 lt;
      if constexpr (std::is_void_v<P>) {
        lt = _mm512_cmpgt_epi64_mask(below, k53);  // signed: both < 2^63
      } else {
        __m512d pv;
        if constexpr (sizeof(P) == 4) pv = _mm512_cvtps_pd(_mm256_loadu_ps((const float*)p + at));
        else pv = _mm512_loadu_pd((const double*)p + at);
        lt = _mm512_cmp_pd_mask(_mm512_cvtepi64_pd(k53), _mm512_mul_pd(pv, two53), _CMP_LT_OQ);
      }
      bits |= (uint64_t)lt << at;
    }
  }
  return bits;
}

/** Raw-stream elements from blocks b … b + BLOCKS − 1 into dst: MAP bits / float32 (element e = word e)
 *  or float64 (element e = words 2e, 2e + 1: a 64-bit lane of a row, low word first). */
template <int MAP>
struct MapGroup {
  using T = std::conditional_t<MAP == CR_MAP_BITS, uint32_t, std::conditional_t<MAP == CR_MAP_F32, float, double>>;
  CR_AVX512_TARGET static void run(const cr_cpu_map_ctx& c, uint64_t b, T* dst) {
    __m512i x[SETS][4];
    for (unsigned g = 0; g < SETS; ++g) cr_counters16(b + 16 * g, c.plane, c.tag, x[g]);
    cr_philox16<SETS>(x, c.k0, c.k1);
    const __m512d low = _mm512_set1_pd(c.low), span = _mm512_set1_pd(c.span);
    for (unsigned g = 0; g < SETS; ++g) {
      __m512i rows[4];
      cr_rows16(x[g], rows);
      for (unsigned q = 0; q < 4; ++q) {
        const __m512i w = rows[q];
        if constexpr (MAP == CR_MAP_BITS) {
          _mm512_storeu_si512(dst + 64 * g + 16 * q, w);
        } else if constexpr (MAP == CR_MAP_F32) {
          // (w >> 8)·2^-24: exact in float; the affine map in binary64, rounded once to float
          const __m512 u = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_srli_epi32(w, 8)), _mm512_set1_ps(5.9604644775390625e-08f));
          float* o = dst + 64 * g + 16 * q;
          if (c.unit) {
            _mm512_storeu_ps(o, u);
          } else {
            const __m512d u0 = _mm512_cvtps_pd(_mm512_castps512_ps256(u));
            const __m512d u1 = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(u), 1)));
            _mm256_storeu_ps(o, _mm512_cvtpd_ps(_mm512_add_pd(low, _mm512_mul_pd(span, u0))));
            _mm256_storeu_ps(o + 8, _mm512_cvtpd_ps(_mm512_add_pd(low, _mm512_mul_pd(span, u1))));
          }
        } else {
          // k53 exact as a double; ·2^-53 exact
          const __m512d u = _mm512_mul_pd(_mm512_cvtepi64_pd(k53_8(w)), _mm512_set1_pd(1.1102230246251565e-16));
          _mm512_storeu_pd(dst + 32 * g + 8 * q, c.unit ? u : _mm512_add_pd(low, _mm512_mul_pd(span, u)));
        }
      }
    }
  }
};

/** High words of items 2b … 2b + 63 (blocks b … b + 31 of plane (0, TAG_PERMUTE)) into h[0, 64), in item
 *  order: an even item's is word 0 of its block, an odd one's word 2 (cr_select_words). */
CR_AVX512_TARGET void perm_highs_group(uint32_t k0, uint32_t k1, uint64_t b, uint32_t* h) {
  __m512i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters16(b + 16 * g, 0, CR_TAG_PERMUTE, x[g]);
  cr_philox16<SETS>(x, k0, k1);
  const __m512i LO = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const __m512i HI = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  for (unsigned g = 0; g < SETS; ++g) {
    _mm512_storeu_si512((void*)(h + 32 * g), _mm512_permutex2var_epi32(x[g][0], LO, x[g][2]));
    _mm512_storeu_si512((void*)(h + 32 * g + 16), _mm512_permutex2var_epi32(x[g][0], HI, x[g][2]));
  }
}

}  // namespace

void cr_cpu_map_avx512(const cr_cpu_map_ctx& c, uint64_t first, void* out, int map, uint64_t n) {
  cr_cpu_map_run<BLOCKS, MapGroup>(c, first, out, map, n);
}

void cr_cpu_bernoulli_avx512(const cr_cpu_bern_ctx& c, uint64_t first, const void* ps, int ps_type, void* out, int type,
                          uint64_t n) {
  cr_cpu_bernoulli_run<BLOCKS>(c, first, ps, ps_type, out, type, n, [](const cr_cpu_bern_ctx& cc, uint64_t b, const auto* p) {
    return bernoulli_bits<std::remove_cv_t<std::remove_pointer_t<decltype(p)>>>(cc, b, p);
  });
}

void cr_cpu_integers_avx512(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n) {
  cr_cpu_integers_run<BLOCKS>(c, first, out, type, n, wide_group, narrow_group<double>, narrow_group<uint32_t>);
}

void cr_cpu_open_avx512(const cr_cpu_open_ctx& c, uint64_t first, void* out, int type, uint64_t n) {
  cr_cpu_open_sampler<8>(c, first, out, type, n, cr_cpu_map_avx512);
}

void cr_cpu_gamma_avx512(const cr_cpu_gamma_ctx& g, uint64_t first, void* out, int type, uint64_t n) {
  cr_cpu_gamma_run<8>(g, first, out, type, n, cr_cpu_map_avx512);
}

void cr_cpu_wald_avx512(uint32_t k0, uint32_t k1, uint64_t first, double mean, double scale, void* out, int type,
                        uint64_t n) {
  cr_cpu_wald_run<8>(k0, k1, first, mean, scale, out, type, n, cr_cpu_map_avx512);
}

void cr_cpu_logseries_avx512(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n) {
  cr_cpu_logseries_run(k0, k1, first, p, out, type, n, cr_cpu_map_avx512);
}

void cr_cpu_zipf_avx512(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n) {
  cr_cpu_zipf_run(k0, k1, first, p, out, type, n, cr_cpu_map_avx512);
}

void cr_cpu_hypergeometric_avx512(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type,
                              uint64_t n) {
  cr_cpu_hypergeometric_run(k0, k1, first, p, out, type, n, cr_cpu_map_avx512);
}

void cr_cpu_poisson_inversions_avx512(const double* lam, const double* A, double* res, unsigned m) {
  cr_cpu_poisson_inversions_run<8>(lam, A, res, m);
}

void cr_cpu_binomial_inversions_avx512(const double* n, const double* A, double lp, double r, double* res, unsigned m) {
  cr_cpu_binomial_inversions_run<8>(n, A, lp, r, res, m);
}

void cr_cpu_btrs_squeezes_avx512(const double* A, const double* vr, const double* urvr, const double* a, const double* b,
                              const double* c, const double* n, double* res, unsigned m) {
  cr_cpu_btrs_squeezes_run<8>(A, vr, urvr, a, b, c, n, res, m);
}

void cr_cpu_btrs_bounds_avx512(const double* A, const double* B, const cr_binomial_state* const* s, double* res,
                            unsigned m) {
  cr_cpu_btrs_bounds_run<8>(A, B, s, res, m);
}

void cr_cpu_vmath_log1p_avx512(const double* x, double* out, unsigned n) {
  cr_cpu_log1p_run<8>(x, out, n);
}

void cr_cpu_dirichlet_terms_avx512(const double* dv, const double* U, const double* alpha, double* l, unsigned n) {
  cr_cpu_dirichlet_terms_run<8>(dv, U, alpha, l, n);
}

void cr_cpu_exp_avx512(double* x, unsigned n) {
  cr_cpu_exp_run<8>(x, n);
}

void cr_cpu_perm_highs_avx512(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* h, uint64_t m) {
  for (uint64_t j = 0; j < m; j += 2 * BLOCKS) perm_highs_group(k0, k1, (first + j) >> 1, h + j);
}

#endif
