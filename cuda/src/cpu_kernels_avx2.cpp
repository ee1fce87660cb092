// The host SIMD kernels in AVX2 (cpu_kernels.h): sixteen Philox blocks per step (two interleaved sets
// of eight, cpu_philox_avx2.h).
// Streams: docs/streams.md, "Bounded integers", "Bernoulli", "The counter layout", "Uniform floats".
//   integers                          Lemire's multiply and test eight elements (narrow) or four (wide)
//                                     at a time; a rejected element gets its retry blocks as
//                                     cr_discrete.h's scalar port gives them (cr_integers_work's values)
//   bernoulli, scalar p               four elements' k53 at a time against ⌈p·2^53⌉
//             p per element           k53 < p[i]·2^53 in doubles, four at a time
//   bits, uniform                     the rows in stream order, mapped eight (float32) or four (float64)
//                                     at a time
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <type_traits>

#include "cpu_kernels.h"
#include "cpu_philox_avx2.h"
#include "cr_counts.h"
#include "cr_gamma.h"
#include "cr_normal.h"
#include "cr_special.h"
#include "cr_hypergeometric.h"
#include "cr_logseries.h"
#include "cr_wald.h"
#include "cr_zipf.h"

// cr_transforms.h's templates and the vector math, compiled for avx2 with internal linkage (cpu_vmath.h says
// why); GCC notes that W-lane vectors passed between its functions change the ABI: they are all inlined.
#pragma GCC diagnostic ignored "-Wpsabi"
#pragma GCC push_options
#pragma GCC target("avx2")
namespace {
#include "cr_transforms.h"
#include "cpu_open_kernels.h"
#include "cpu_gamma_kernels.h"
#include "cpu_element_kernels.h"
#include "cpu_count_kernels.h"
}  // namespace
#pragma GCC pop_options

namespace {

/** A group: the blocks one step computes, SETS interleaved sets of eight (cr_philox8). */
constexpr unsigned SETS = 2, BLOCKS = 8 * SETS;

using Ctx = cr_cpu_int_ctx;

/** u32 lanes k as doubles low + k, into d[0, 8). Exact: k < 2^32 and low + k is a safe integer. */
CR_AVX2 void store_f64(double* d, __m256i k, __m256d low) {
  const __m256i s = _mm256_xor_si256(k, _mm256_set1_epi32((int)0x80000000u));  // k − 2^31 as int32
  const __m256d two31 = _mm256_set1_pd(2147483648.0);
  const __m256d a = _mm256_cvtepi32_pd(_mm256_castsi256_si128(s)), b = _mm256_cvtepi32_pd(_mm256_extracti128_si256(s, 1));
  _mm256_storeu_pd(d, _mm256_add_pd(_mm256_add_pd(a, two31), low));
  _mm256_storeu_pd(d + 4, _mm256_add_pd(_mm256_add_pd(b, two31), low));
}

/** Eight outputs low + k (u32 lanes k) as T into d[0, 8): int32 and uint32 as the same bits. */
template <class T>
CR_AVX2 void store8(T* d, __m256i k, const Ctx& c) {
  if constexpr (sizeof(T) == 8) {
    store_f64((double*)d, k, _mm256_set1_pd((double)c.p.low));
  } else {
    _mm256_storeu_si256((__m256i*)d, _mm256_add_epi32(k, _mm256_set1_epi32((int)(uint32_t)(uint64_t)c.p.low)));
  }
}

/** Lemire on eight narrow proposals x: *k = ⌊x·r / 2^32⌋, and all ones in the lanes accepted
 *  (l = x·r mod 2^32 ≥ t unsigned, i.e. max(l, t) = l). */
CR_AVX2 __m256i narrow8(__m256i x, __m256i R, __m256i T, __m256i* k) {
  __m256i l;
  cr_mulhilo8(x, R, k, &l);
  return _mm256_cmpeq_epi32(_mm256_max_epu32(l, T), l);
}

/** PACK.at[m]: the positions of the set bits of m, lowest first (left-packs a rejection mask without
 *  a branch per bit: half the bits are set at random for some ranges). */
struct Pack {
  alignas(32) uint32_t at[256][8];
  constexpr Pack() : at() {
    for (unsigned m = 0; m < 256; ++m) {
      unsigned n = 0;
      for (unsigned j = 0; j < 8; ++j)
        if (m >> j & 1) at[m][n++] = j;
    }
  }
};
constexpr Pack PACK;

/**
 * Narrow elements e0 + slot[i] (i < count) whose proposal 0 was rejected, into dst[slot[i]]: retry
 * block 1 of eight at a time through the vector Philox, its four proposals tested in lanes and the
 * first accepted kept by blends (a range just above a power of two rejects nearly half of all words:
 * a branch on each would mispredict). One whose four are all rejected goes on from block 2 by the
 * scalar port.
 */
template <class T>
__attribute__((target("avx2"))) void narrow_retries(const Ctx& c, uint64_t e0, const uint32_t* slot, unsigned count,
                                                    T* dst) {
  const __m256i R = _mm256_set1_epi32((int)(uint32_t)c.p.r), Tt = _mm256_set1_epi32((int)(uint32_t)c.p.t);
  const __m256i sign = _mm256_set1_epi32((int)0x80000000u), lo = _mm256_set1_epi32((int)(uint32_t)e0);
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (unsigned i = 0; i < count; i += 8 * SETS) {
    __m256i x[SETS][4];
    for (unsigned g = 0; g < SETS; ++g) {
      // lanes past the count repeat slot i (computed, never written); counters (e0 + slot carried, 1, tag)
      const __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - i - 8 * g)), iota);
      const __m256i s = _mm256_blendv_epi8(_mm256_set1_epi32((int)slot[i]),
                                           _mm256_loadu_si256((const __m256i*)(slot + i + 8 * g)), live);
      x[g][0] = _mm256_add_epi32(lo, s);
      x[g][1] = _mm256_sub_epi32(_mm256_set1_epi32((int)(uint32_t)(e0 >> 32)),
                                 _mm256_cmpgt_epi32(_mm256_xor_si256(lo, sign), _mm256_xor_si256(x[g][0], sign)));
      x[g][2] = _mm256_set1_epi32(1);
      x[g][3] = _mm256_set1_epi32((int)CR_TAG_INTEGERS);
    }
    cr_philox8<SETS>(x, c.k0, c.k1);
    for (unsigned g = 0; g < SETS && i + 8 * g < count; ++g) {
      const unsigned at = i + 8 * g, m = count - at < 8 ? count - at : 8;
      __m256i k, kq;
      __m256i any = narrow8(x[g][3], R, Tt, &k);
      for (int q = 2; q >= 0; --q) {  // the earliest accepted proposal wins: blend in reverse order
        const __m256i ok = narrow8(x[g][q], R, Tt, &kq);
        k = _mm256_blendv_epi8(k, kq, ok);
        any = _mm256_or_si256(any, ok);
      }
      T v[8];
      store8(v, k, c);
      for (unsigned j = 0; j < m; ++j) dst[slot[at + j]] = v[j];
      unsigned none = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(any)) & ((1u << m) - 1);
      for (; none; none &= none - 1) {  // all four rejected: one in 16 at worst
        const unsigned j = (unsigned)__builtin_ctz(none);
        uint64_t kk = 0;
        for (uint32_t b = 2; !cr_int_retry(c.p, c.k0, c.k1, e0 + slot[at + j], b, &kk); ++b) {
        }
        dst[slot[at + j]] = (T)(c.p.low + (int64_t)kk);
      }
    }
  }
}

/** Narrow (r ≤ 2^32): elements 4b … 4b + 4·BLOCKS − 1 (word j of block b' is element 4b' + j) into
 *  dst as T. */
template <class T>
__attribute__((target("avx2"))) void narrow_group(const Ctx& c, uint64_t b, T* dst) {
  __m256i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters8(b + 8 * g, 0, CR_TAG_INTEGERS, x[g]);
  cr_philox8<SETS>(x, c.k0, c.k1);
  __m256i rows[4 * SETS];  // rows[q]: elements 8q … 8q + 7 of the group, in order
  for (unsigned g = 0; g < SETS; ++g) cr_rows8(x[g], rows + 4 * g);
  if (c.p.r == 4294967296ull) {  // x·2^32: k = x, never rejected
    for (unsigned q = 0; q < 4 * SETS; ++q) store8(dst + 8 * q, rows[q], c);
    return;
  }
  const __m256i R = _mm256_set1_epi32((int)(uint32_t)c.p.r), Tt = _mm256_set1_epi32((int)(uint32_t)c.p.t);
  alignas(32) uint32_t slot[4 * BLOCKS + 8];  // rejected elements, left-packed (each step stores eight)
  unsigned count = 0;
  for (unsigned q = 0; q < 4 * SETS; ++q) {
    __m256i k;
    const __m256i ok = narrow8(rows[q], R, Tt, &k);
    store8(dst + 8 * q, k, c);
    const unsigned bad = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(ok)) & 0xffu;
    const __m256i at = _mm256_load_si256((const __m256i*)PACK.at[bad]);
    _mm256_storeu_si256((__m256i*)(slot + count), _mm256_add_epi32(at, _mm256_set1_epi32((int)(8 * q))));
    count += (unsigned)__builtin_popcount(bad);
  }
  if (count) narrow_retries(c, 4 * b, slot, count, dst);
}

/** x·r of the proposals x = a·2^32 + b (the low u32 of each 64-bit lane of a and b), r = rh·2^32 + rl:
 *  the 128-bit products as 64-bit lanes hi and lo, from 32-bit partial products as cr_mul64 forms them. */
CR_AVX2 void mul_wide4(__m256i a, __m256i b, __m256i rl, __m256i rh, __m256i* hi, __m256i* lo) {
  const __m256i m32 = _mm256_set1_epi64x(0xffffffffll);
  const __m256i ll = _mm256_mul_epu32(b, rl), lh = _mm256_mul_epu32(b, rh);
  const __m256i hl = _mm256_mul_epu32(a, rl), hh = _mm256_mul_epu32(a, rh);
  const __m256i mid = _mm256_add_epi64(_mm256_add_epi64(_mm256_srli_epi64(ll, 32), _mm256_and_si256(lh, m32)),
                                       _mm256_and_si256(hl, m32));
  *lo = _mm256_or_si256(_mm256_slli_epi64(mid, 32), _mm256_and_si256(ll, m32));
  *hi = _mm256_add_epi64(_mm256_add_epi64(hh, _mm256_srli_epi64(lh, 32)),
                         _mm256_add_epi64(_mm256_srli_epi64(hl, 32), _mm256_srli_epi64(mid, 32)));
}

/** u64 lanes below 2^53 as doubles, exactly: (2^84 + hi32·2^32) − (2^84 + 2^52) + (2^52 + lo32). */
CR_AVX2 __m256d u53_to_f64(__m256i x) {
  const __m256i hi = _mm256_or_si256(_mm256_srli_epi64(x, 32), _mm256_set1_epi64x(0x4530000000000000ll));
  const __m256i lo = _mm256_blend_epi32(x, _mm256_set1_epi64x(0x4330000000000000ll), 0xAA);
  const __m256d bias = _mm256_set1_pd(19342813118337666422669312.0);  // 2^84 + 2^52
  return _mm256_add_pd(_mm256_sub_pd(_mm256_castsi256_pd(hi), bias), _mm256_castsi256_pd(lo));
}

/** Wide (r > 2^32): elements 2b … 2b + 2·BLOCKS − 1 (element 2b' + h of block b' is words 2h, 2h + 1)
 *  into dst. In each set of eight blocks, lane i = 0 … 3 of the products is block 2i + parity. */
__attribute__((target("avx2"))) void wide_group(const Ctx& c, uint64_t b, double* dst) {
  __m256i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters8(b + 8 * g, 0, CR_TAG_INTEGERS, x[g]);
  cr_philox8<SETS>(x, c.k0, c.k1);
  const __m256i RL = _mm256_set1_epi64x((long long)(uint32_t)c.p.r), RH = _mm256_set1_epi64x((long long)(c.p.r >> 32));
  const __m256i SIGN = _mm256_set1_epi64x((long long)0x8000000000000000ull);
  const __m256i T = _mm256_xor_si256(_mm256_set1_epi64x((long long)c.p.t), SIGN);
  const __m256d LOW = _mm256_set1_pd((double)c.p.low);
  unsigned bad[SETS][2][2];  // [set][h][parity]: lanes rejected
  unsigned any = 0;
  for (unsigned g = 0; g < SETS; ++g) {
    __m256d d[2][2];
    for (int h = 0; h < 2; ++h) {
      for (int parity = 0; parity < 2; ++parity) {
        const __m256i a = parity ? _mm256_srli_epi64(x[g][2 * h], 32) : x[g][2 * h];
        const __m256i w = parity ? _mm256_srli_epi64(x[g][2 * h + 1], 32) : x[g][2 * h + 1];
        __m256i hi, lo;
        mul_wide4(a, w, RL, RH, &hi, &lo);
        d[h][parity] = _mm256_add_pd(u53_to_f64(hi), LOW);
        // rejected: lo < t unsigned
        bad[g][h][parity] = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(T, _mm256_xor_si256(lo, SIGN))));
        any |= bad[g][h][parity];
      }
    }
    // dst[16g + 4i + 2·parity + h] = d[h][parity][i]: a 4×4 transpose
    double* o = dst + 16 * g;
    const __m256d t0 = _mm256_unpacklo_pd(d[0][0], d[1][0]), t1 = _mm256_unpacklo_pd(d[0][1], d[1][1]);
    const __m256d t2 = _mm256_unpackhi_pd(d[0][0], d[1][0]), t3 = _mm256_unpackhi_pd(d[0][1], d[1][1]);
    _mm256_storeu_pd(o, _mm256_permute2f128_pd(t0, t1, 0x20));
    _mm256_storeu_pd(o + 4, _mm256_permute2f128_pd(t2, t3, 0x20));
    _mm256_storeu_pd(o + 8, _mm256_permute2f128_pd(t0, t1, 0x31));
    _mm256_storeu_pd(o + 12, _mm256_permute2f128_pd(t2, t3, 0x31));
  }
  if (__builtin_expect(any == 0, 1)) return;
  for (unsigned g = 0; g < SETS; ++g) {  // below one in 2^11 proposals
    alignas(32) uint32_t w[4][8];
    for (int j = 0; j < 4; ++j) _mm256_store_si256((__m256i*)w[j], x[g][j]);
    for (int h = 0; h < 2; ++h) {
      for (int parity = 0; parity < 2; ++parity) {
        for (unsigned m = bad[g][h][parity]; m; m &= m - 1) {
          const unsigned l = 2 * __builtin_ctz(m) + parity;  // the block in the set
          dst[16 * g + 2 * l + h] = (double)cr_integers_value(c.p, c.k0, c.k1, 2 * (b + 8 * g + l) + h, w[2 * h][l], w[2 * h + 1][l]);
        }
      }
    }
  }
}

/** k53 = (a >> 5)·2^26 + (b >> 6) of the 64-bit lanes of a stream-order row: one element's words 2e
 *  (a, the low half) and 2e + 1 (b) — its float64 uniform is k53·2^-53. */
CR_AVX2 __m256i k53_4(__m256i w) {
  const __m256i m32 = _mm256_set1_epi64x(0xffffffffll);
  return _mm256_add_epi64(_mm256_slli_epi64(_mm256_srli_epi64(_mm256_and_si256(w, m32), 5), 26), _mm256_srli_epi64(w, 38));
}

/** bernoulli over the raw stream's elements 2b … 2b + 2·BLOCKS − 1 (element e: words 2e, 2e + 1): bit i
 *  is element 2b + i's 0/1. P = void: one p, k53 < ⌈p·2^53⌉ as integers (c.below); else p[i] (float
 *  or double) per element, k53 < p[i]·2^53 in doubles — both exact. */
template <class P>
__attribute__((target("avx2"))) uint64_t bernoulli_bits(const cr_cpu_bern_ctx& c, uint64_t b, const P* p) {
  __m256i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters8(b + 8 * g, 0, CR_TAG_RAW, x[g]);
  cr_philox8<SETS>(x, c.k0, c.k1);
  const __m256i below = _mm256_set1_epi64x((long long)c.below);
  const __m256d two53 = _mm256_set1_pd(9007199254740992.0);
  uint64_t bits = 0;
  for (unsigned g = 0; g < SETS; ++g) {
    __m256i rows[4];
    cr_rows8(x[g], rows);
    for (unsigned q = 0; q < 4; ++q) {
      const unsigned at = 16 * g + 4 * q;  // the row's first element in the group
      const __m256i k53 = k53_4(rows[q]);
      __m256d lt;
      if constexpr (std::is_void_v<P>) {
        lt = _mm256_castsi256_pd(_mm256_cmpgt_epi64(below, k53));  // signed: both < 2^63
      } else {
        __m256d pv;
        if constexpr (sizeof(P) == 4) pv = _mm256_cvtps_pd(_mm_loadu_ps((const float*)p + at));
        else pv = _mm256_loadu_pd((const double*)p + at);
        lt = _mm256_cmp_pd(u53_to_f64(k53), _mm256_mul_pd(pv, two53), _CMP_LT_OQ);
      }
      bits |= (uint64_t)_mm256_movemask_pd(lt) << at;
    }
  }
  return bits;
}

/** Raw-stream elements from blocks b … b + BLOCKS − 1 into dst: MAP bits / float32 (element e = word e)
 *  or float64 (element e = words 2e, 2e + 1: a 64-bit lane of a row, low word first). */
template <int MAP>
struct MapGroup {
  using T = std::conditional_t<MAP == CR_MAP_BITS, uint32_t, std::conditional_t<MAP == CR_MAP_F32, float, double>>;
  __attribute__((target("avx2"))) static void run(const cr_cpu_map_ctx& c, uint64_t b, T* dst) {
    __m256i x[SETS][4];
    for (unsigned g = 0; g < SETS; ++g) cr_counters8(b + 8 * g, c.plane, c.tag, x[g]);
    cr_philox8<SETS>(x, c.k0, c.k1);
    const __m256d low = _mm256_set1_pd(c.low), span = _mm256_set1_pd(c.span);
    for (unsigned g = 0; g < SETS; ++g) {
      __m256i rows[4];
      cr_rows8(x[g], rows);
      for (unsigned q = 0; q < 4; ++q) {
        const __m256i w = rows[q];
        if constexpr (MAP == CR_MAP_BITS) {
          _mm256_storeu_si256((__m256i*)(dst + 32 * g + 8 * q), w);
        } else if constexpr (MAP == CR_MAP_F32) {
          // (w >> 8)·2^-24: exact in float; the affine map in binary64, rounded once to float
          const __m256 u = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(w, 8)), _mm256_set1_ps(5.9604644775390625e-08f));
          float* o = dst + 32 * g + 8 * q;
          if (c.unit) {
            _mm256_storeu_ps(o, u);
          } else {
            const __m256d u0 = _mm256_cvtps_pd(_mm256_castps256_ps128(u)), u1 = _mm256_cvtps_pd(_mm256_extractf128_ps(u, 1));
            const __m128 v0 = _mm256_cvtpd_ps(_mm256_add_pd(low, _mm256_mul_pd(span, u0)));
            const __m128 v1 = _mm256_cvtpd_ps(_mm256_add_pd(low, _mm256_mul_pd(span, u1)));
            _mm256_storeu_ps(o, _mm256_set_m128(v1, v0));
          }
        } else {
          // k53 exact as a double; ·2^-53 exact
          const __m256d u = _mm256_mul_pd(u53_to_f64(k53_4(w)), _mm256_set1_pd(1.1102230246251565e-16));
          _mm256_storeu_pd(dst + 16 * g + 4 * q, c.unit ? u : _mm256_add_pd(low, _mm256_mul_pd(span, u)));
        }
      }
    }
  }
};

/** High words of items 2b … 2b + 31 (blocks b … b + 15 of plane (0, TAG_PERMUTE)) into h[0, 32), in item
 *  order: an even item's is word 0 of its block, an odd one's word 2 (cr_select_words). */
CR_AVX2 void perm_highs_group(uint32_t k0, uint32_t k1, uint64_t b, uint32_t* h) {
  __m256i x[SETS][4];
  for (unsigned g = 0; g < SETS; ++g) cr_counters8(b + 8 * g, 0, CR_TAG_PERMUTE, x[g]);
  cr_philox8<SETS>(x, k0, k1);
  for (unsigned g = 0; g < SETS; ++g) {
    // per 128-bit half: blocks 0, 1 | 4, 5 (lo) and 2, 3 | 6, 7 (hi), two items each
    const __m256i lo = _mm256_unpacklo_epi32(x[g][0], x[g][2]), hi = _mm256_unpackhi_epi32(x[g][0], x[g][2]);
    _mm256_storeu_si256((__m256i*)(h + 16 * g), _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256((__m256i*)(h + 16 * g + 8), _mm256_permute2x128_si256(lo, hi, 0x31));
  }
}

}  // namespace

void cr_cpu_map_avx2(const cr_cpu_map_ctx& c, uint64_t first, void* out, int map, uint64_t n) {
  cr_cpu_map_run<BLOCKS, MapGroup>(c, first, out, map, n);
}

void cr_cpu_bernoulli_avx2(const cr_cpu_bern_ctx& c, uint64_t first, const void* ps, int ps_type, void* out, int type,
                          uint64_t n) {
  cr_cpu_bernoulli_run<BLOCKS>(c, first, ps, ps_type, out, type, n, [](const cr_cpu_bern_ctx& cc, uint64_t b, const auto* p) {
    return bernoulli_bits<std::remove_cv_t<std::remove_pointer_t<decltype(p)>>>(cc, b, p);
  });
}

void cr_cpu_integers_avx2(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n) {
  cr_cpu_integers_run<BLOCKS>(c, first, out, type, n, wide_group, narrow_group<double>, narrow_group<uint32_t>);
}

void cr_cpu_open_avx2(const cr_cpu_open_ctx& c, uint64_t first, void* out, int type, uint64_t n) {
  cr_cpu_open_sampler<4>(c, first, out, type, n, cr_cpu_map_avx2);
}

void cr_cpu_gamma_avx2(const cr_cpu_gamma_ctx& g, uint64_t first, void* out, int type, uint64_t n) {
  cr_cpu_gamma_run<4>(g, first, out, type, n, cr_cpu_map_avx2);
}

void cr_cpu_wald_avx2(uint32_t k0, uint32_t k1, uint64_t first, double mean, double scale, void* out, int type,
                      uint64_t n) {
  cr_cpu_wald_run<4>(k0, k1, first, mean, scale, out, type, n, cr_cpu_map_avx2);
}

void cr_cpu_logseries_avx2(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n) {
  cr_cpu_logseries_run(k0, k1, first, p, out, type, n, cr_cpu_map_avx2);
}

void cr_cpu_zipf_avx2(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type, uint64_t n) {
  cr_cpu_zipf_run(k0, k1, first, p, out, type, n, cr_cpu_map_avx2);
}

void cr_cpu_hypergeometric_avx2(uint32_t k0, uint32_t k1, uint64_t first, const double* p, void* out, int type,
                              uint64_t n) {
  cr_cpu_hypergeometric_run(k0, k1, first, p, out, type, n, cr_cpu_map_avx2);
}

void cr_cpu_poisson_inversions_avx2(const double* lam, const double* A, double* res, unsigned m) {
  cr_cpu_poisson_inversions_run<4>(lam, A, res, m);
}

void cr_cpu_binomial_inversions_avx2(const double* n, const double* A, double lp, double r, double* res, unsigned m) {
  cr_cpu_binomial_inversions_run<4>(n, A, lp, r, res, m);
}

void cr_cpu_btrs_squeezes_avx2(const double* A, const double* vr, const double* urvr, const double* a, const double* b,
                              const double* c, const double* n, double* res, unsigned m) {
  cr_cpu_btrs_squeezes_run<4>(A, vr, urvr, a, b, c, n, res, m);
}

void cr_cpu_btrs_bounds_avx2(const double* A, const double* B, const cr_binomial_state* const* s, double* res,
                            unsigned m) {
  cr_cpu_btrs_bounds_run<4>(A, B, s, res, m);
}

void cr_cpu_vmath_log1p_avx2(const double* x, double* out, unsigned n) {
  cr_cpu_log1p_run<4>(x, out, n);
}

void cr_cpu_dirichlet_terms_avx2(const double* dv, const double* U, const double* alpha, double* l, unsigned n) {
  cr_cpu_dirichlet_terms_run<4>(dv, U, alpha, l, n);
}

void cr_cpu_exp_avx2(double* x, unsigned n) {
  cr_cpu_exp_run<4>(x, n);
}

void cr_cpu_perm_highs_avx2(uint32_t k0, uint32_t k1, uint64_t first, uint32_t* h, uint64_t m) {
  for (uint64_t j = 0; j < m; j += 2 * BLOCKS) perm_highs_group(k0, k1, (first + j) >> 1, h + j);
}

#endif
