// The GPU formulation of PSA / PSA+ construction and of sampling (docs/alias.md, "Classification and the closed form of
// the sweep", "PSA and PSA+", "Sampling", "GPU"), as __host__ __device__ pieces: the kernels in cuda/src/alias_*.cu
// call them per thread, and cuda/test/test_alias_gpu.cpp runs the same pieces sequentially (emulating every thread and
// block) against the sequential port in cr_alias.h and the TypeScript vectors.
//
// Global layout after the light/heavy partition (the GPU's, see cuda/src/alias_build.cu):
//   A[0 … L)          lights in index order          λ_l = A[l]
//   A[n−H … n)        heavies in reverse index order  η_h = A[n − 1 − h]
//   X[0 … n]          exclusive prefix sums of (deficits of λ_0 … λ_{L−1}, excesses of η_0 … η_{H−1}, 0 …)
//                     so D(l) = X[l] and E(h) = X[L + h] − X[L] (uint64 arithmetic, wrap-around exact)
#ifndef CR_ALIAS_PAR_H
#define CR_ALIAS_PAR_H

#include "cr_target.h"

#include <stdint.h>
#include <string.h>

#include "cr_alias.h"

/** Stores one row (threshold, alias) as a single 8-byte store on the device. */
CR_HD inline void cr_store_row(uint32_t* rows, uint32_t item, uint32_t thr, uint32_t alias) {
#if CR_DEVICE_CODE
  reinterpret_cast<uint2*>(rows)[item] = make_uint2(thr, alias);
#else
  rows[2 * (size_t)item] = thr;
  rows[2 * (size_t)item + 1] = alias;
#endif
}

/**
 * Merge path over accessors D(l), E(h): the smallest l in [lo, hi] with D(l) ≥ E(p − l), where the
 * answer is known to lie in [lo, hi] (hi itself is never evaluated).
 */
template <class DF, class EF>
CR_HD inline uint64_t cr_merge_path(uint64_t p, uint64_t lo, uint64_t hi, const DF& D, const EF& E) {
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    if (D(mid) >= E(p - mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Where the merge path of position p can lie: [max(0, p − H), min(p, L)], narrowed to
 * [l', l' + step] when the split l' of position p − step is known (neither l nor h decreases along the
 * path, so l(p) ∈ [l(p − step), l(p − step) + step]).
 */
CR_HD inline void cr_split_window(uint64_t p, uint32_t L, uint32_t H, int has_prev, uint64_t prev_l, uint64_t step,
                                  uint64_t* lo, uint64_t* hi) {
  *lo = p > H ? p - H : 0;
  *hi = p < L ? p : L;
  if (has_prev) {
    if (prev_l > *lo) *lo = prev_l;
    if (prev_l + step < *hi) *hi = prev_l + step;
  }
}

/** Pivot j ∈ [0, P) of a P-ary search step over [lo, hi]: pivot P−1 is hi. */
CR_HD inline uint64_t cr_pary_pivot(uint64_t lo, uint64_t hi, uint32_t j, uint32_t P) {
  return lo + ((hi - lo) * (uint64_t)(j + 1)) / P;
}

/**
 * One P-ary narrowing of [lo, hi] (answer: the smallest l in [lo, hi] with pred true, pred(hi) true by
 * convention) given `first`, the smallest j whose pivot satisfies pred (P−1 when none below does).
 */
CR_HD inline void cr_pary_narrow(uint64_t* lo, uint64_t* hi, uint32_t first, uint32_t P) {
  const uint64_t a = *lo, b = *hi;
  *hi = cr_pary_pivot(a, b, first, P);
  if (first > 0) *lo = cr_pary_pivot(a, b, first - 1, P) + 1;
}

/**
 * Host form of the warp's P-ary search (the device evaluates pivot j in lane j and ballots): narrows
 * until hi − lo < P, then one last step over every candidate. Returns the answer; *steps counts the
 * ballots.
 */
template <class Pred>
inline uint64_t cr_pary_search_host(uint64_t lo, uint64_t hi, uint32_t P, const Pred& pred, int* steps) {
  *steps = 0;
  while (hi - lo >= P) {
    uint32_t first = P - 1;
    for (uint32_t j = 0; j + 1 < P; ++j) {
      if (pred(cr_pary_pivot(lo, hi, j, P))) {
        first = j;
        break;
      }
    }
    cr_pary_narrow(&lo, &hi, first, P);
    ++*steps;
  }
  for (uint64_t l = lo; l < hi; ++l) {
    if (pred(l)) return l;
  }
  ++*steps;
  return hi;
}

// ---- rows of one merged position (docs/alias.md, "Classification and the closed form of the sweep") ----

/** Light with deficit d; `heavy` is the heavy current in the merge (needed when d > 0). 0: inconsistent. */
CR_HD inline int cr_psa_light_row(uint32_t item, uint64_t d, int has_heavy, uint32_t heavy, uint32_t* rows) {
  if (d == 0) {
    cr_store_row(rows, item, 0u, item);
    return 1;
  }
  if (!has_heavy || d > CR_ALIAS_CAPACITY) return 0;
  cr_store_row(rows, item, (uint32_t)(CR_ALIAS_CAPACITY - d), heavy);
  return 1;
}

/** Heavy whose bucket is left with δ = D(l) − E(h+1) ∈ [0, C) units to fill from the next heavy. */
CR_HD inline int cr_psa_heavy_row(uint32_t item, uint64_t delta, int has_next, uint32_t next, uint32_t* rows) {
  if (delta >= CR_ALIAS_CAPACITY) return 0;
  if (delta == 0) {
    cr_store_row(rows, item, 0u, item);
    return 1;
  }
  if (!has_next) return 0;
  cr_store_row(rows, item, (uint32_t)(CR_ALIAS_CAPACITY - delta), next);
  return 1;
}

// ---- a section (or chunk) of the merged sequence, staged ---------------------------------------------

/**
 * The staged slice of a section that starts at light l0, heavy h0 and ends at l1 = l0 + nls,
 * h1 = h0 + nhs: sL[k] = λ_{l0+k} (k < nls), sD[k] = D(l0+k) (k ≤ nls), sH[k] = η_{h0+k} (k ≤ nhs,
 * while h0+k < H), sE[k] = E(h0+k) (k ≤ nhs+1, while h0+k ≤ H). The kernels stage it into shared
 * memory with coalesced loads (cr_psa_stage_*), whole sections or chunks of them.
 */
struct cr_psa_view {
  const uint32_t* sL;
  const uint64_t* sD;
  const uint32_t* sH;
  const uint64_t* sE;
  uint32_t l0, h0, nls, nhs, L, H;
};

/** Element k of each staged array, read from the global layout (A, X, n, L, H); see the header. */
CR_HD inline uint64_t cr_psa_stage_D(const uint64_t* X, uint32_t l0, uint32_t k) { return X[(size_t)l0 + k]; }
CR_HD inline uint64_t cr_psa_stage_E(const uint64_t* X, uint32_t L, uint32_t H, uint32_t h0, uint32_t k) {
  const uint64_t h = (uint64_t)h0 + k;
  return h <= H ? X[(size_t)L + h] - X[L] : 0;
}
CR_HD inline uint32_t cr_psa_stage_L(const uint32_t* A, uint32_t l0, uint32_t k) { return A[(size_t)l0 + k]; }
CR_HD inline uint32_t cr_psa_stage_H(const uint32_t* A, uint32_t n, uint32_t H, uint32_t h0, uint32_t k) {
  const uint64_t h = (uint64_t)h0 + k;
  return h < H ? A[(size_t)n - 1 - h] : 0xffffffffu;
}

/** The local merge path of the view: lights among its first q merged positions. */
CR_HD inline uint32_t cr_psa_view_split(const cr_psa_view& v, uint32_t q) {
  const uint64_t lo = q > v.nhs ? q - v.nhs : 0;
  const uint64_t hi = q < v.nls ? q : v.nls;
  const uint64_t* sD = v.sD;
  const uint64_t* sE = v.sE;
  return (uint32_t)cr_merge_path(
      q, lo, hi, [sD](uint64_t a) { return sD[a]; }, [sE](uint64_t j) { return sE[j]; });
}

/**
 * Packs local positions [q, q + count) of the view (all inside it): finds the start by the local merge
 * path, then walks the merge. Returns 0 on an internal inconsistency (never for a valid table).
 */
CR_HD inline int cr_psa_view_pack(const cr_psa_view& v, uint32_t q, uint32_t count, uint32_t* rows) {
  if (count == 0) return 1;
  if ((uint64_t)q + count > (uint64_t)v.nls + v.nhs) return 0;
  const uint32_t a = cr_psa_view_split(v, q);
  uint32_t l = v.l0 + a, h = v.h0 + (q - a);
  for (uint32_t s = 0; s < count; ++s) {
    const uint32_t kl = l - v.l0, kh = h - v.h0;
    int light;
    if (l == v.L) light = 0;
    else if (h == v.H) light = 1;
    else light = v.sD[kl] < v.sE[kh + 1];
    if (light) {
      if (kl >= v.nls) return 0;
      if (!cr_psa_light_row(v.sL[kl], v.sD[kl + 1] - v.sD[kl], h < v.H, h < v.H ? v.sH[kh] : 0u, rows)) return 0;
      ++l;
    } else {
      if (kh >= v.nhs || h >= v.H) return 0;
      const int has_next = h + 1 < v.H;
      if (!cr_psa_heavy_row(v.sH[kh], v.sD[kl] - v.sE[kh + 1], has_next, has_next ? v.sH[kh + 1] : 0u, rows)) return 0;
      ++h;
    }
  }
  return 1;
}

// ---- the PSA+ pre-pass of one group, in closed form -------------------------------------------------
//
// The greedy sweep of a group (docs/alias.md, "PSA+") is the merge of docs/alias.md, "Classification and the closed
// form of the sweep" over the group's own lights and heavies with local prefix sums D, E: at state (a, b) the residual
// of heavy b is R = C + E(b+1) − D(a), and R > C ⟺ D(a) < E(b+1) ⟺ the merge takes light a next. So step p of the sweep
// happens at the merge path's state for p, and it is executed unless the group lacks the item it needs:
//   b = #heavies                 → stopped (every heavy closed)
//   D(a) < E(b+1), a = #lights   → stopped, heavy b partial with R
//   D(a) > E(b+1), b+1 = #heavies → stopped, heavy b partial with R
// Steps before the first stopped one are exactly the greedy's; each thread of a block takes one step.

/** A group staged: lights' local indices idx[0 … nl), heavies' idx[nl … nl+nh); pre[l] = D(l)
 *  (l ≤ nl), pre[nl + 1 + h] = E(h) (h ≤ nh). */
struct cr_plus_view {
  const uint64_t* pre;
  const uint16_t* idx;
  uint32_t nl, nh, base;
};

CR_HD inline uint64_t cr_plus_D(const cr_plus_view& v, uint32_t l) { return v.pre[l]; }
CR_HD inline uint64_t cr_plus_E(const cr_plus_view& v, uint32_t h) { return v.pre[v.nl + 1 + h]; }

/** Lights among the first p steps of the group's merge. */
CR_HD inline uint32_t cr_plus_split(const cr_plus_view& v, uint32_t p) {
  const uint64_t lo = p > v.nh ? p - v.nh : 0;
  const uint64_t hi = p < v.nl ? p : v.nl;
  return (uint32_t)cr_merge_path(
      p, lo, hi, [&v](uint64_t a) { return cr_plus_D(v, (uint32_t)a); },
      [&v](uint64_t j) { return cr_plus_E(v, (uint32_t)j); });
}

/** Whether the sweep executes the step at state (a, b). */
CR_HD inline int cr_plus_valid(const cr_plus_view& v, uint32_t a, uint32_t b) {
  if (v.nl == 0 || v.nh == 0 || b >= v.nh) return 0;
  const uint64_t Da = cr_plus_D(v, a), Eb1 = cr_plus_E(v, b + 1);
  if (Da < Eb1) return a < v.nl;
  if (Da == Eb1) return 1;
  return b + 1 < v.nh;
}

/** Writes the row of the (valid) step at state (a, b); returns 0 on an inconsistency. */
CR_HD inline int cr_plus_row(const cr_plus_view& v, uint32_t a, uint32_t b, uint32_t* rows, uint32_t* item) {
  const uint64_t Da = cr_plus_D(v, a), Eb1 = cr_plus_E(v, b + 1);
  const uint32_t heavy = v.base + v.idx[v.nl + b];
  if (Da < Eb1) {
    *item = v.base + v.idx[a];
    return cr_psa_light_row(*item, cr_plus_D(v, a + 1) - Da, 1, heavy, rows);
  }
  *item = heavy;
  const int has_next = b + 1 < v.nh;
  return cr_psa_heavy_row(heavy, Da - Eb1, has_next, has_next ? v.base + v.idx[v.nl + b + 1] : 0u, rows);
}

/** Residual of heavy b at the stopped state (a, b): C + E(b+1) − D(a). */
CR_HD inline uint64_t cr_plus_residual(const cr_plus_view& v, uint32_t a, uint32_t b) {
  return CR_ALIAS_CAPACITY + cr_plus_E(v, b + 1) - cr_plus_D(v, a);
}

// ---- sampling work items (docs/alias.md, "Sampling") ----------------------------------------------------------

/** Items of elements 2b and 2b+1 (one Philox block); map(row, coin) gives the item of a (row, coin). */
template <class Map>
CR_HD inline void cr_alias_block_items(const uint32_t key[2], uint64_t b, uint32_t n, uint32_t t, const Map& map,
                                       uint32_t out[2]) {
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_ALIAS};
  uint32_t w[4];
  cr_philox4x32_10(ctr, key, w);
  for (uint32_t lane = 0; lane < 2; ++lane) {
    uint32_t r;
    if (!cr_alias_accept(w[2 * lane], n, t, &r)) r = cr_alias_retry_row(key, 2 * b + lane, n, t);
    out[lane] = map(r, w[2 * lane + 1]);
  }
}

/** The alias rule: rows as (threshold, alias) pairs, read as one 8-byte load on the device. */
struct cr_alias_map {
  const uint32_t* rows;
  CR_HD uint32_t operator()(uint32_t r, uint32_t y) const {
#if CR_DEVICE_CODE
    const uint2 row = __ldg(reinterpret_cast<const uint2*>(rows) + r);
    return y < row.x ? r : row.y;
#else
    return y < rows[2 * (size_t)r] ? r : rows[2 * (size_t)r + 1];
#endif
  }
};

/** The inverse-CDF rule: max { i : P_i ≤ r·2^32 + y } over prefix[0 … n] (P_0 = 0, P_n = n·2^32). */
struct cr_cdf_map {
  const uint64_t* prefix;
  uint32_t n;
  CR_HD uint32_t operator()(uint32_t r, uint32_t y) const {
    const uint64_t u = ((uint64_t)r << 32) | y;
    uint32_t a = 0, b = n;
    while (b - a > 1) {
      const uint32_t mid = a + (b - a) / 2;
      if (prefix[mid] <= u) a = mid;
      else b = mid;
    }
    return a;
  }
};

/** Work items of a launch for `count` elements from stream element `first`: Philox blocks. */
CR_HD inline uint64_t cr_alias_pair_items(uint64_t count, uint64_t first) { return (count + (first & 1) + 1) >> 1; }

/**
 * Work item q: block (first >> 1) + q, whose two elements land at dst[2q − lane0] and dst[2q − lane0 + 1]
 * (lane0 = first & 1) when inside [0, count); one 8-byte store when `aligned` (lane0 = 0, dst 8-byte
 * aligned) and both are inside.
 */
template <class Map>
CR_HD inline void cr_alias_pair_store(uint64_t q, uint32_t* dst, uint64_t count, const uint32_t key[2], uint64_t first,
                                      uint32_t n, uint32_t t, const Map& map, bool aligned) {
  uint32_t it[2];
  cr_alias_block_items(key, (first >> 1) + q, n, t, map, it);
  const int64_t base = (int64_t)(2 * q) - (int64_t)(first & 1);
  if (aligned && base >= 0 && (uint64_t)base + 2 <= count) {
#if CR_DEVICE_CODE
    *reinterpret_cast<uint2*>(dst + base) = make_uint2(it[0], it[1]);
#else
    memcpy(dst + base, it, 8);
#endif
    return;
  }
  for (int lane = 0; lane < 2; ++lane) {
    const int64_t j = base + lane;
    if (j >= 0 && (uint64_t)j < count) dst[j] = it[lane];
  }
}

#endif  // CR_ALIAS_PAR_H
