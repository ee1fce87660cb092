// Integer-exact alias tables (docs/alias.md): the sampling rule, per element, for alias tables and
// the inverse-CDF method, and the PSA / PSA+ construction from fixed-point weights (merge-path split,
// section pack, PSA+ group pre-pass). Bit-identical to lib/kernels/alias.ts and lib/alias/psa.ts;
// cuda/test/test_alias.cpp checks it against test/vectors/alias.json. Every function but the host
// driver at the end is __host__ __device__ under nvcc.
//
// Row layout: rows[2r] = threshold, rows[2r+1] = alias (uint32 each). A bucket holds C = 2^32 units;
// row r gives `threshold` units to item r and C − threshold to `alias`; a full bucket is (0, r).
#ifndef CR_ALIAS_H
#define CR_ALIAS_H

#include <stdint.h>

#include "cr_philox.h"

#ifndef CR_HD
#ifdef __CUDACC__
#define CR_HD __host__ __device__
#else
#define CR_HD
#endif
#endif

#define CR_ALIAS_CAPACITY 0x100000000ull
#define CR_ALIAS_SECTION 4096u
#define CR_ALIAS_PLUS_GROUP 1024u

// ---------------------------------------------------------------------------------------------
// Sampling: element e draws (row, coin), row exactly uniform on [0, n), coin on [0, 2^32).
// ---------------------------------------------------------------------------------------------

/** Lemire's test: accepts x unless lo32(x·n) < t = 2^32 mod n; then *row = hi32(x·n). */
CR_HD inline int cr_alias_accept(uint32_t x, uint32_t n, uint32_t t, uint32_t* row) {
  const uint64_t m = (uint64_t)x * (uint64_t)n;
  if ((uint32_t)m < t) return 0;
  *row = (uint32_t)(m >> 32);
  return 1;
}

/** 2^32 mod n, the rejection threshold (n ≥ 1). */
CR_HD inline uint32_t cr_alias_reject_below(uint32_t n) {
  return (uint32_t)(CR_ALIAS_CAPACITY % (uint64_t)n);
}

/** The row after element e's stream row word was rejected: blocks (lo(e), hi(e), c, 5), c ≥ 1. */
CR_HD inline uint32_t cr_alias_retry_row(const uint32_t key[2], uint64_t e, uint32_t n, uint32_t t) {
  uint32_t row = 0;
  for (uint32_t c = 1; c != 0; ++c) {
    const uint32_t ctr[4] = {(uint32_t)e, (uint32_t)(e >> 32), c, CR_TAG_ALIAS};
    uint32_t w[4];
    cr_philox4x32_10(ctr, key, w);
    for (int j = 0; j < 4; ++j) {
      if (cr_alias_accept(w[j], n, t, &row)) return row;
    }
  }
  return row;  // unreachable in practice (probability < (1/2)^(2^34))
}

/**
 * (row, coin) of stream element e (e < 2^63): words 2e and 2e+1 of the alias stream, whose block b
 * is philox((lo(b), hi(b), 0, 5), key); so block e>>1, lanes 2·(e&1) (row word) and 2·(e&1)+1 (coin).
 */
CR_HD inline uint32_t cr_alias_row_coin(const uint32_t key[2], uint64_t e, uint32_t n, uint32_t* coin) {
  const uint64_t b = e >> 1;
  const uint32_t lane = (uint32_t)(e & 1u);
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_ALIAS};
  uint32_t w[4];
  cr_philox4x32_10(ctr, key, w);
  *coin = w[2 * lane + 1];
  const uint32_t t = cr_alias_reject_below(n);
  uint32_t row;
  if (cr_alias_accept(w[2 * lane], n, t, &row)) return row;
  return cr_alias_retry_row(key, e, n, t);
}

/** Alias sampling: item of stream element e (the row's own item if coin < threshold, else its alias). */
CR_HD inline uint32_t cr_alias_sample(const uint32_t key[2], uint64_t e, const uint32_t* rows, uint32_t n) {
  uint32_t y;
  const uint32_t r = cr_alias_row_coin(key, e, n, &y);
  return y < rows[2 * r] ? r : rows[2 * r + 1];
}

/** Both elements 2b and 2b+1 from one Philox block (what a GPU thread should do). */
CR_HD inline void cr_alias_sample_pair(const uint32_t key[2], uint64_t b, const uint32_t* rows, uint32_t n,
                                       uint32_t out[2]) {
  const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, CR_TAG_ALIAS};
  uint32_t w[4];
  cr_philox4x32_10(ctr, key, w);
  const uint32_t t = cr_alias_reject_below(n);
  for (uint32_t lane = 0; lane < 2; ++lane) {
    uint32_t r;
    if (!cr_alias_accept(w[2 * lane], n, t, &r)) r = cr_alias_retry_row(key, 2 * b + lane, n, t);
    out[lane] = w[2 * lane + 1] < rows[2 * r] ? r : rows[2 * r + 1];
  }
}

/**
 * Inverse-CDF sampling with the same (row, coin): max { i : P_i ≤ row·2^32 + coin }, where
 * prefix[i] = P_i = Σ_{j<i} W_j for i = 0 … n (P_0 = 0, P_n = n·2^32).
 */
CR_HD inline uint32_t cr_cdf_sample(const uint32_t key[2], uint64_t e, const uint64_t* prefix, uint32_t n) {
  uint32_t y;
  const uint32_t r = cr_alias_row_coin(key, e, n, &y);
  const uint64_t u = ((uint64_t)r << 32) | y;
  uint32_t a = 0, b = n;  // P_a ≤ u < P_b
  while (b - a > 1) {
    const uint32_t mid = a + (b - a) / 2;
    if (prefix[mid] <= u) a = mid; else b = mid;
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Construction from fixed-point weights W_i (Σ W_i = n·2^32): PSA and PSA+.
// Lights (W ≤ C, deficit C − W) and heavies (W > C, excess W − C) in index order; D[0..L] and
// E[0..H] their exclusive prefix sums (64-bit). Light l precedes heavy h iff D[l] < E[h+1].
// ---------------------------------------------------------------------------------------------

CR_HD inline int cr_alias_is_light(uint64_t w) { return w <= CR_ALIAS_CAPACITY; }

/** Merge path: the number of lights among the first p merged items. */
CR_HD inline uint32_t cr_alias_split(uint64_t p, const uint64_t* D, uint32_t L, const uint64_t* E, uint32_t H) {
  uint64_t a = p > H ? p - H : 0;
  uint64_t b = p < L ? p : L;
  while (a < b) {
    const uint64_t mid = a + (b - a) / 2;
    if (D[mid] >= E[p - mid]) b = mid; else a = mid + 1;
  }
  return (uint32_t)a;
}

/** Packs `count` merged positions starting at light l, heavy h. Returns 0 on an internal inconsistency. */
CR_HD inline int cr_alias_pack_section(uint32_t l, uint32_t h, uint32_t count,
                                       const uint32_t* lights, uint32_t L, const uint32_t* heavies, uint32_t H,
                                       const uint64_t* D, const uint64_t* E, uint32_t* rows) {
  for (uint32_t s = 0; s < count; ++s) {
    int light;
    if (l == L) light = 0;
    else if (h == H) light = 1;
    else light = D[l] < E[h + 1];
    if (light) {
      const uint32_t item = lights[l];
      const uint64_t d = D[l + 1] - D[l];
      if (d == 0) {
        rows[2 * item] = 0;
        rows[2 * item + 1] = item;
      } else {
        if (h == H) return 0;
        rows[2 * item] = (uint32_t)(CR_ALIAS_CAPACITY - d);
        rows[2 * item + 1] = heavies[h];
      }
      ++l;
    } else {
      const uint32_t item = heavies[h];
      const uint64_t delta = D[l] - E[h + 1];  // in [0, C)
      if (delta >= CR_ALIAS_CAPACITY) return 0;
      if (delta == 0) {
        rows[2 * item] = 0;
        rows[2 * item + 1] = item;
      } else {
        if (h + 1 == H) return 0;
        rows[2 * item] = (uint32_t)(CR_ALIAS_CAPACITY - delta);
        rows[2 * item + 1] = heavies[h + 1];
      }
      ++h;
    }
  }
  return 1;
}

/**
 * PSA+ pre-pass over items [base, end) (at most CR_ALIAS_PLUS_GROUP): the sequential sweep over the
 * group's own lights and heavies, stopped when it needs an item the group lacks. Appends the items it
 * leaves (index order) to left_items / left_w (effective weights) and returns their number. sl, sh,
 * packed: scratch of CR_ALIAS_PLUS_GROUP entries.
 */
CR_HD inline uint32_t cr_alias_plus_group(const uint64_t* W, uint32_t base, uint32_t end, uint32_t* rows,
                                          uint32_t* left_items, uint64_t* left_w,
                                          uint32_t* sl, uint32_t* sh, uint8_t* packed) {
  const uint64_t C = CR_ALIAS_CAPACITY;
  uint32_t nl = 0, nh = 0;
  for (uint32_t i = base; i < end; ++i) {
    packed[i - base] = 0;
    if (cr_alias_is_light(W[i])) sl[nl++] = i; else sh[nh++] = i;
  }
  int64_t partial = -1;
  uint64_t R = 0;
  if (nl > 0 && nh > 0) {
    uint32_t a = 0, b = 0;
    R = W[sh[0]];
    for (;;) {
      if (R > C) {
        if (a == nl) { partial = sh[b]; break; }
        const uint32_t item = sl[a++];
        packed[item - base] = 1;
        if (W[item] == C) {
          rows[2 * item] = 0;
          rows[2 * item + 1] = item;
        } else {
          rows[2 * item] = (uint32_t)W[item];
          rows[2 * item + 1] = sh[b];
          R -= C - W[item];
        }
      } else if (R == C) {
        const uint32_t item = sh[b++];
        packed[item - base] = 1;
        rows[2 * item] = 0;
        rows[2 * item + 1] = item;
        if (b == nh) break;
        R = W[sh[b]];
      } else {
        if (b + 1 == nh) { partial = sh[b]; break; }
        const uint32_t item = sh[b++];
        packed[item - base] = 1;
        rows[2 * item] = (uint32_t)R;
        rows[2 * item + 1] = sh[b];
        R = W[sh[b]] - (C - R);
      }
    }
  }
  uint32_t k = 0;
  for (uint32_t i = base; i < end; ++i) {
    if (packed[i - base]) continue;
    left_items[k] = i;
    left_w[k] = ((int64_t)i == partial) ? R : W[i];
    ++k;
  }
  return k;
}

// Host-only (not CR_HD): nvcc parses it in both passes and compiles it for the host alone.
#include <vector>

/**
 * Host driver: rows (2n words) for fixed-point weights W (n entries, Σ = n·2^32) by PSA (plus = 0) or
 * PSA+ (plus = 1), sections of CR_ALIAS_SECTION merged positions packed one after another (a GPU runs
 * the same cr_alias_split / cr_alias_pack_section per section in parallel). Returns 0 on failure.
 */
inline int cr_alias_build_host(const uint64_t* W, uint32_t n, int plus, uint32_t* rows) {
  std::vector<uint32_t> items(n);
  std::vector<uint64_t> w(n);
  uint32_t m = 0;
  if (plus) {
    std::vector<uint32_t> sl(CR_ALIAS_PLUS_GROUP), sh(CR_ALIAS_PLUS_GROUP);
    std::vector<uint8_t> packed(CR_ALIAS_PLUS_GROUP);
    for (uint64_t base = 0; base < n; base += CR_ALIAS_PLUS_GROUP) {
      const uint32_t end = (uint32_t)(base + CR_ALIAS_PLUS_GROUP < n ? base + CR_ALIAS_PLUS_GROUP : n);
      m += cr_alias_plus_group(W, (uint32_t)base, end, rows, &items[m], &w[m], sl.data(), sh.data(), packed.data());
    }
  } else {
    for (uint32_t i = 0; i < n; ++i) { items[i] = i; w[i] = W[i]; }
    m = n;
  }
  std::vector<uint32_t> lights, heavies;
  std::vector<uint64_t> D(1, 0), E(1, 0);
  for (uint32_t k = 0; k < m; ++k) {
    if (cr_alias_is_light(w[k])) {
      lights.push_back(items[k]);
      D.push_back(D.back() + (CR_ALIAS_CAPACITY - w[k]));
    } else {
      heavies.push_back(items[k]);
      E.push_back(E.back() + (w[k] - CR_ALIAS_CAPACITY));
    }
  }
  const uint32_t L = (uint32_t)lights.size(), H = (uint32_t)heavies.size();
  if (D.back() != E.back()) return 0;
  const uint64_t P = (uint64_t)L + H;
  for (uint64_t p0 = 0; p0 < P; p0 += CR_ALIAS_SECTION) {
    const uint32_t l = cr_alias_split(p0, D.data(), L, E.data(), H);
    const uint32_t count = (uint32_t)(P - p0 < CR_ALIAS_SECTION ? P - p0 : CR_ALIAS_SECTION);
    if (!cr_alias_pack_section(l, (uint32_t)(p0 - l), count, lights.data(), L, heavies.data(), H, D.data(),
                               E.data(), rows)) {
      return 0;
    }
  }
  return 1;
}

#endif  // CR_ALIAS_H
