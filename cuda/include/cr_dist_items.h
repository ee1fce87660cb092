// The per-thread work items of the distribution kernels (cuda/src/normal_kernels.cu,
// gamma_kernels.cu; cr_work.h binds them to launches), as __host__ __device__ functions so the host test
// (cuda/test/test_dist_items.cpp) runs exactly the index arithmetic the GPU runs: which raw block or
// pair a thread owns and where its values land (head and tail of unaligned ranges), which element and
// proposal a lane of the M-proposal gamma kernel evaluates and which lane wins, and how a chunk of
// Dirichlet values maps onto whole rows. The math itself is cr_normal.h / cr_gamma.h.
#ifndef CR_DIST_ITEMS_H
#define CR_DIST_ITEMS_H

#include "cr_target.h"

#include <stdint.h>
#include <string.h>
#include "cr_fill.h"
#include "cr_gamma.h"
#include "cr_normal.h"

#define CR_TWO_M32 2.3283064365386963e-10  // 2^-32
#define CR_TWO_M53 1.1102230246251565e-16  // 2^-53

/** 8-byte store of two floats to an 8-byte aligned address. */
CR_HD inline void cr_store8(float* dst, const float f[2]) {
#if CR_DEVICE_CODE
  *reinterpret_cast<float2*>(dst) = make_float2(f[0], f[1]);
#else
  memcpy(dst, f, 8);
#endif
}

/** Whether pairs of `elem`-byte values, the first pair starting `lane0` elements before dst, fall on
 *  2·elem-aligned addresses (one 8- or 16-byte store per pair). */
CR_HD inline bool cr_pair_aligned(const void* dst, unsigned elem, unsigned lane0) {
  return ((reinterpret_cast<uintptr_t>(dst) - (uintptr_t)elem * lane0) & (2u * elem - 1u)) == 0;
}

/** Stores v[0..L) to dst[base + l] for those l with 0 <= base + l < n; one vector store when the whole
 *  group is inside and `aligned`. */
template <class T, int L>
CR_HD inline void cr_store_group(T* dst, int64_t base, uint64_t n, bool aligned, const T (&v)[L]) {
  if (aligned && base >= 0 && (uint64_t)base + L <= n) {
    if constexpr (L * sizeof(T) == 16) {
      cr_store16(dst + base, v);
      return;
    } else if constexpr (L * sizeof(T) == 8) {
      cr_store8(reinterpret_cast<float*>(dst + base), reinterpret_cast<const float*>(v));
      return;
    }
  }
  for (int l = 0; l < L; ++l) {
    const int64_t j = base + l;
    if (j >= 0 && (uint64_t)j < n) dst[j] = v[l];
  }
}

// ---- maps: an element's value from its binary64 base value --------------------------------------
//
// The items below give each element a base value — an open uniform u in (0, 1] or a standard normal z
// — and store (T)f(x), rounded once. normal is the affine map, exponential the log map, and every
// sampler of cr_transforms.h is a cr_transform_map.

/** normal: mean + std·z. */
struct cr_affine_map {
  double mean, std_;
  CR_HD double operator()(double z) const { return mean + std_ * z; }
};

/** exponential: (0 − log u) / rate. */
struct cr_expo_map {
  double rate;
  CR_HD double operator()(double u) const { return (0.0 - cr_log(u)) / rate; }
};

/** Whether Map reads parameters per element (a cr_tf_<name>_rows: Map::kIndexed). */
template <class Map, class = void>
struct cr_map_indexed {
  static constexpr bool value = false;
};
template <class Map>
struct cr_map_indexed<Map, decltype(void(Map::kIndexed))> {
  static constexpr bool value = true;
};

/** The value of the element at index j of the range being written: f(x), or f.at(x, j) for a map with
 *  per-element parameters (j may lie outside [0, n) for lanes that are not stored). */
template <class Map>
CR_HD inline double cr_map_at(const Map& f, double x, int64_t j) {
  if constexpr (cr_map_indexed<Map>::value) {
    return f.at(x, j);
  } else {
    return f(x);
  }
}

// ---- open uniforms: raw-stream blocks, like the uniform fills ---------------------------------------

/** float32: item q is raw block (first >> 2) + q, one element per word, u = (w + 1) 2^-32, landing at
 *  dst indices [4q - (first & 3), +4). Items: cr_bits_items. */
template <class Map>
CR_HD inline void cr_open32_item(uint64_t q, float* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 bool aligned, const Map& f) {
  uint32_t w[4];
  cr_philox_raw_block((first >> 2) + q, k0, k1, w);
  const int64_t base = (int64_t)(4 * q) - (int64_t)(first & 3);
  float v[4];
  for (int l = 0; l < 4; ++l) v[l] = (float)cr_map_at(f, ((double)w[l] + 1.0) * CR_TWO_M32, base + l);
  cr_store_group(dst, base, n, aligned, v);
}

/** float64: item q is raw block b = (first >> 1) + q = elements 2b (words 0, 1) and 2b + 1 (words 2, 3),
 *  u = (k53 + 1) 2^-53. Items: cr_uniform64_items. */
template <class Map>
CR_HD inline void cr_open64_item(uint64_t q, double* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                 bool aligned, const Map& f) {
  uint32_t w[4];
  cr_philox_raw_block((first >> 1) + q, k0, k1, w);
  const int64_t base = (int64_t)(2 * q) - (int64_t)(first & 1);
  double d[2];
  d[0] = cr_map_at(f, (double)(cr_u53(w[0], w[1]) + 1) * CR_TWO_M53, base);
  d[1] = cr_map_at(f, (double)(cr_u53(w[2], w[3]) + 1) * CR_TWO_M53, base + 1);
  cr_store_group(dst, base, n, aligned, d);
}

// ---- Box–Muller: raw-stream blocks, like the uniform fills ----------------------------------------

/** float32: item q is raw block b = (first >> 2) + q = pairs 2b (words 0, 1) and 2b + 1 (words 2, 3),
 *  i.e. elements [4b, 4b + 4), landing at dst indices [4q - (first & 3), +4). Items: cr_bits_items. */
template <class Map>
CR_HD inline void cr_bm32_item(uint64_t q, float* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               bool aligned, const Map& f) {
  uint32_t w[4];
  cr_philox_raw_block((first >> 2) + q, k0, k1, w);
  double z[4];
  cr_bm_transform(((double)w[0] + 1.0) * CR_TWO_M32, (double)w[1] * CR_TWO_M32, &z[0], &z[1]);
  cr_bm_transform(((double)w[2] + 1.0) * CR_TWO_M32, (double)w[3] * CR_TWO_M32, &z[2], &z[3]);
  const int64_t base = (int64_t)(4 * q) - (int64_t)(first & 3);
  float v[4];
  for (int l = 0; l < 4; ++l) v[l] = (float)cr_map_at(f, z[l], base + l);
  cr_store_group(dst, base, n, aligned, v);
}

/** float64: item q is raw block p = (first >> 1) + q = pair p = elements 2p, 2p + 1, landing at dst
 *  indices [2q - (first & 1), +2). Items: cr_uniform64_items. */
template <class Map>
CR_HD inline void cr_bm64_item(uint64_t q, double* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                               bool aligned, const Map& f) {
  uint32_t w[4];
  cr_philox_raw_block((first >> 1) + q, k0, k1, w);
  double z[2];
  cr_bm_transform((double)(cr_u53(w[0], w[1]) + 1) * CR_TWO_M53, (double)cr_u53(w[2], w[3]) * CR_TWO_M53, &z[0], &z[1]);
  const int64_t base = (int64_t)(2 * q) - (int64_t)(first & 1);
  double d[2] = {cr_map_at(f, z[0], base), cr_map_at(f, z[1], base + 1)};
  cr_store_group(dst, base, n, aligned, d);
}

// ---- Marsaglia polar: one thread per pair, looping over its proposals -------------------------------

/** Item q is pair e = (first >> 1) + q (elements 2e, 2e + 1) at dst indices [2q - (first & 1), +2);
 *  its value is the first accepted proposal t = 0, 1, ... Items: cr_uniform64_items. */
template <class T, class Map>
CR_HD inline void cr_polar_item(uint64_t q, T* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first,
                                bool aligned, const Map& f) {
  double z0, z1;
  cr_normal_polar_pair(k0, k1, (first >> 1) + q, sizeof(T) == 8, &z0, &z1);
  T v[2] = {(T)f(z0), (T)f(z1)};
  cr_store_group(dst, (int64_t)(2 * q) - (int64_t)(first & 1), n, aligned, v);
}

// ---- gamma shapes: scalar, per element, or per Dirichlet component ----------------------------------

/** Shapes as a kernel sees them: `alpha` for every element when `values` is null; else element i's
 *  shape is values[i] (period 0) or values[i mod period] (Dirichlet components; i counts from a row
 *  start), float or double as `f32` says. */
struct cr_shape_view {
  double alpha;
  const void* values;
  int f32;
  uint32_t period;
};

/** Largest shape a call accepts: DBL_MAX (finite) for gamma, 1e300 for Dirichlet and beta rows. */
#define CR_SHAPE_MAX_GAMMA 1.7976931348623157e308
#define CR_SHAPE_MAX_ROW 1e300

/** Whether a shape is inside (0, limit] (false for NaN). */
CR_HD inline bool cr_shape_valid(double a, double limit) { return a > 0.0 && a <= limit; }

/** Element i's shape (binary64). */
CR_HD inline double cr_shape_at(const cr_shape_view& s, uint64_t i) {
  if (!s.values) return s.alpha;
  const uint64_t j = s.period ? i % s.period : i;
  return s.f32 ? (double)static_cast<const float*>(s.values)[j] : static_cast<const double*>(s.values)[j];
}

// ---- the M-proposal gamma kernel: lane roles and the warp vote ---------------------------------------
//
// A warp of 32 lanes takes 32/M elements at a time, M = 2^log2m lanes each: lane L serves element
// (group) L >> log2m of the warp's current set, as member L & (M - 1). In round r every lane evaluates
// proposal t = r·M + member of its element; a warp ballot collects the acceptances, and each group takes
// its lowest set bit: the accepted proposal with the lowest t, i.e. the element's first accepted one.
// Groups without any try the next M proposals, until every group of the warp has its value. The value
// is therefore the same for every M, and the same as the sequential loop of the TypeScript backend.

CR_HD inline unsigned cr_lane_group(unsigned lane, unsigned log2m) { return lane >> log2m; }
CR_HD inline unsigned cr_lane_member(unsigned lane, unsigned log2m) { return lane & ((1u << log2m) - 1u); }
CR_HD inline unsigned cr_groups_per_warp(unsigned log2m) { return 32u >> log2m; }

/** The proposal lane `member` evaluates in round r. */
CR_HD inline uint32_t cr_lane_proposal(uint32_t round, unsigned member, unsigned log2m) {
  return (round << log2m) + member;
}

/** Index of the lowest set bit of x != 0. */
CR_HD inline unsigned cr_lowest_bit(uint32_t x) {
#if CR_DEVICE_CODE
  return (unsigned)(__ffs((int)x) - 1);
#else
  return (unsigned)__builtin_ctz(x);
#endif
}

/** The M ballot bits of `group` (bit m: member m accepted). */
CR_HD inline uint32_t cr_group_bits(uint32_t ballot, unsigned group, unsigned log2m) {
  if (log2m >= 5) return ballot;
  return (ballot >> (group << log2m)) & ((1u << (1u << log2m)) - 1u);
}

/** The lane holding `group`'s first accepted proposal of this round, or -1 when it has none. */
CR_HD inline int cr_group_winner(uint32_t ballot, unsigned group, unsigned log2m) {
  const uint32_t bits = cr_group_bits(ballot, group, log2m);
  return bits ? (int)((group << log2m) + cr_lowest_bit(bits)) : -1;
}

/** log2 of a lane count M in {1, 2, 4, 8, 16, 32}; -1 otherwise. */
CR_HD inline int cr_lanes_log2(int M) {
  for (int l = 0; l <= 5; ++l)
    if (M == (1 << l)) return l;
  return -1;
}

/** Most proposals a call may ask to evaluate at once (lib/kernels/gamma.ts MAX_PROPOSALS). */
#define CR_MAX_PROPOSALS 1024

/** The lanes that serve one element when `proposals` (1 … CR_MAX_PROPOSALS) are evaluated at once:
 *  0 for 1 (one thread per element, looping over its proposals), else the largest power of two
 *  <= min(proposals, 32), so a warp's lanes split evenly. The values never depend on it. */
CR_HD inline int cr_lanes_for(int proposals) {
  if (proposals <= 1) return 0;
  const int cap = proposals < 32 ? proposals : 32;
  int m = 2;
  while (2 * m <= cap) m *= 2;
  return m;
}

// ---- beta (a or b > 1): two gamma draws of one row --------------------------------------------------

/** Beta value from the draws of gamma elements 2e (shape a) and 2e + 1 (shape b): component 0 of the
 *  Dirichlet([a, b]) row, exactly as cr_dirichlet_row computes it — beta's method when a or b > 1 (a, b <= 1
 *  is Jöhnk's, cr_beta.h). */
CR_HD inline double cr_beta_from_draws(double a, double b, double dva, double Ua, double dvb, double Ub) {
  const bool all_small = a < 1.0 && b < 1.0;
  double row[2] = {cr_row_term(a, dva, Ua, all_small), cr_row_term(b, dvb, Ub, all_small)};
  cr_row_normalise(row, 2, all_small);
  return row[0];
}

// ---- Dirichlet: a chunk of flat values as whole rows ---------------------------------------------------
//
// Flat value f (row-major, K per row) is component f mod K of row f div K and uses gamma element f. A
// chunk [first, first + m) may start and end inside rows: its draws cover the whole rows
// row0 .. row0 + rows - 1 (gamma elements row0·K .. (row0 + rows)·K - 1, a scratch of terms), and only
// the values inside the chunk are written (the rows' other values are recomputed by the neighbouring
// chunk: the same bits).

struct cr_row_span {
  uint64_t row0;  // first row touched
  uint64_t rows;  // rows touched
  uint32_t lead;  // values of row0 before `first`
};

CR_HD inline cr_row_span cr_rows_of(uint64_t first, uint64_t m, uint32_t K) {
  cr_row_span s;
  s.row0 = first / K;
  s.lead = (uint32_t)(first % K);
  s.rows = m ? (s.lead + m + K - 1) / K : 0;
  return s;
}

/** Row r of the span: normalises its K terms in scratch (row-major from row0) in place and writes the
 *  values that fall in the chunk to dst[0 .. m). */
template <class T>
CR_HD inline void cr_dirichlet_row_item(uint64_t r, double* terms, uint32_t K, bool all_small, uint32_t lead,
                                        uint64_t m, T* dst) {
  double* row = terms + r * K;
  cr_row_normalise(row, K, all_small);
  const int64_t base = (int64_t)(r * K) - (int64_t)lead;
  for (uint32_t k = 0; k < K; ++k) {
    const int64_t j = base + (int64_t)k;
    if (j >= 0 && (uint64_t)j < m) dst[j] = (T)row[k];
  }
}

#endif  // CR_DIST_ITEMS_H
