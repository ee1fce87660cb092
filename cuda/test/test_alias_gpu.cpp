// Host test of the GPU formulation of alias tables (cuda/include/cr_alias_fixed.h, cr_alias_par.h):
// the pieces the kernels of cuda/src/alias_*.cu run per thread, run here sequentially with every
// thread, block and variant emulated, against the TypeScript backend's vectors and the sequential
// port of cr_alias.h:
//   - fixed-point weights (docs/alias.md, "Fixed-point weights") vs test/vectors/alias_fixed.json, dense and
//     sparse; the superaccumulator is order- and blocking-independent; the select picks exactly the top Δ⁺ by
//     (remainder desc, index asc)
//   - PSA+ pre-pass in closed form (one thread per step) vs the greedy sweep of cr_alias.h
//   - the GPU layout (partition, one prefix scan, split by binary and by P-ary search, pack of whole
//     staged sections and of chunks) vs cr_alias_build_host and the rows of test/vectors/alias.json
//   - the sampling work items (8-byte stores, odd offsets, tails) vs the per-element rule
//   - the check of device-resident weights (any grid shape) vs the facade's sequential rule
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "cr_alias.h"
#include "cr_alias_fixed.h"
#include "cr_alias_par.h"
#include "cr_test.h"

using crt::Json;

static const uint64_t C = CR_ALIAS_CAPACITY;

static Json load(const char* path) { return crt::JsonParser(crt::read_file(path)).parse(); }

static std::vector<uint64_t> pairs64(const Json& a) {
  std::vector<uint64_t> r(a.size() / 2);
  for (size_t i = 0; i < r.size(); ++i) r[i] = a[2 * i].u64() | (a[2 * i + 1].u64() << 32);
  return r;
}

/** A deterministic generator for random test inputs (splitmix64). */
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double unit() { return (double)(next() >> 11) * 0x1p-53; }
  uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
};

// ---- fixed point -----------------------------------------------------------------------------------

static void test_fixed_vectors() {
  const Json v = load("test/vectors/alias_fixed.json");
  for (const Json& c : v["dense"].arr) {
    const std::string name = c["name"].text;
    const uint32_t n = c["n"].u32();
    const std::vector<uint64_t> want = pairs64(c["units"]);
    std::vector<uint64_t> W(n, 0xdeadbeefull);
    int ok;
    if (c["dtype"].text == "f32") {
      std::vector<float> w(n);
      for (uint32_t i = 0; i < n; ++i) w[i] = (float)c["weights"][i].d();
      ok = cr_alias_fixed_point_host(w.data(), n, W.data());
    } else {
      std::vector<double> w(n);
      for (uint32_t i = 0; i < n; ++i) w[i] = c["weights"][i].d();
      ok = cr_alias_fixed_point_host(w.data(), n, W.data());
    }
    CRT_CHECK(ok, "%s: fixed point failed", name.c_str());
    int bad = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (W[i] != want[i] && bad++ < 3) CRT_CHECK(W[i] == want[i], "%s item %u: %llu != %llu", name.c_str(), i,
                                                     (unsigned long long)W[i], (unsigned long long)want[i]);
    }
    CRT_CHECK(bad == 0, "%s: %d items differ", name.c_str(), bad);
  }
  for (const Json& c : v["sparse"].arr) {
    const uint32_t n = c["n"].u32();
    std::vector<double> w(n, 0.0);
    for (const Json& e : c["weights"].arr) w[e[(size_t)0].u32()] = e[(size_t)1].d();
    std::vector<uint64_t> want(n, 0), W(n);
    for (const Json& e : c["units"].arr) want[e[(size_t)0].u32()] = e[(size_t)1].u64() | (e[(size_t)2].u64() << 32);
    CRT_CHECK(cr_alias_fixed_point_host(w.data(), n, W.data()), "sparse: failed");
    CRT_CHECK(W == want, "%s: units differ", c["name"].text.c_str());
  }
}

/** The GPU's two-level sum: per-block 64-bit limbs, then Σ of their 32-bit halves, then carries. */
static std::vector<uint32_t> blocked_sum(const std::vector<double>& w, const std::vector<size_t>& order, size_t blocks) {
  std::vector<std::vector<uint64_t>> part(blocks, std::vector<uint64_t>(CR_SACC_LIMBS, 0));
  for (size_t k = 0; k < order.size(); ++k) {
    const double x = w[order[k]];
    if (!(x > 0)) continue;
    const cr_sacc_parts p = cr_sacc_split(x);
    auto& acc = part[k % blocks];
    acc[p.j] += p.p0;
    acc[p.j + 1] += p.p1;
    acc[p.j + 2] += p.p2;
  }
  std::vector<uint64_t> L(CR_SACC_LIMBS, 0), H(CR_SACC_LIMBS, 0);
  for (auto& acc : part) {
    for (int j = 0; j < CR_SACC_LIMBS; ++j) {
      L[j] += acc[j] & 0xffffffffu;
      H[j] += acc[j] >> 32;
    }
  }
  std::vector<uint32_t> out(CR_SACC_LIMBS);
  CRT_CHECK(cr_sacc_normalize(L.data(), H.data(), out.data()), "normalize overflow");
  return out;
}

static void test_superaccumulator() {
  Rng rng{42};
  // Weights spanning the whole exponent range, subnormals and huge values included.
  std::vector<double> w(5000);
  for (size_t i = 0; i < w.size(); ++i) {
    const int e = (int)rng.below(2098) - 1074;
    w[i] = i % 7 == 0 ? 0.0 : ldexp(1.0 + rng.unit(), e > 1022 ? 1022 : e);
  }
  w[1] = 5e-324;
  w[2] = 1.7976931348623157e308;
  std::vector<size_t> order(w.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::vector<uint32_t> ref = blocked_sum(w, order, 1);
  for (size_t blocks : {2u, 7u, 64u, 1000u}) {
    std::shuffle(order.begin(), order.end(), std::mt19937_64(blocks));
    CRT_CHECK(blocked_sum(w, order, blocks) == ref, "sum depends on blocking (%zu blocks)", blocks);
  }
  // Rounding: a value with known bits. 2^60 + 2^7 + 1 → 53 bits: 2^60 + 2^8 (round up: above half).
  std::vector<uint32_t> limbs(CR_SACC_LIMBS, 0);
  auto set = [&](int bit) { limbs[(bit + 1074) >> 5] |= 1u << ((bit + 1074) & 31); };
  set(60);
  set(7);
  set(-1000);
  double s;
  int E;
  CRT_CHECK(cr_sacc_round(limbs.data(), &s, &E) && E == 60 && s == 1.0 + 0x1p-52, "round up: s=%a E=%d", s, E);
  std::fill(limbs.begin(), limbs.end(), 0);
  set(60);
  set(7);  // exactly half an ulp, even significand → stays
  CRT_CHECK(cr_sacc_round(limbs.data(), &s, &E) && E == 60 && s == 1.0, "tie to even: s=%a E=%d", s, E);
  set(8);  // odd significand + half → rounds up to 2^60 + 2^9
  CRT_CHECK(cr_sacc_round(limbs.data(), &s, &E) && E == 60 && s == 1.0 + 0x1p-51, "tie up: s=%a E=%d", s, E);
  std::fill(limbs.begin(), limbs.end(), 0);
  for (int b = 0; b < 54; ++b) set(b);  // 2^54 − 1 → 2^54
  CRT_CHECK(cr_sacc_round(limbs.data(), &s, &E) && E == 54 && s == 1.0, "carry out: s=%a E=%d", s, E);
  std::fill(limbs.begin(), limbs.end(), 0);
  CRT_CHECK(!cr_sacc_round(limbs.data(), &s, &E), "zero must not round");
}

/** The select's winners are exactly the top `up` by (key desc, index asc), for keys with many ties. */
static void test_select() {
  Rng rng{7};
  for (int trial = 0; trial < 200; ++trial) {
    const uint32_t K = 1 + rng.below(trial < 100 ? 50 : 3000);
    const int spread = trial % 4;  // 0: all equal keys, 1: few, 2: 52-bit, 3: high digits equal
    std::vector<uint64_t> key(K);
    std::vector<uint32_t> idx(K);
    for (uint32_t i = 0; i < K; ++i) {
      idx[i] = i * 3 + (uint32_t)rng.below(3);  // increasing, sparse item indices
      const uint64_t r = rng.next() & ((1ull << 52) - 1);
      key[i] = spread == 0 ? 12345 : spread == 1 ? r % 5 : spread == 2 ? r : (0xabcull << 40) | (r & 0xff);
    }
    const uint64_t up = rng.below(K + 1);
    cr_sel_state st;
    cr_sel_start(&st, up, K);
    std::vector<uint32_t> hist(CR_SEL_BINS);
    while (!st.done) {
      std::fill(hist.begin(), hist.end(), 0);
      for (uint32_t i = 0; i < K; ++i) {
        const cr_u128 v = cr_sel_value(key[i], idx[i]);
        if (cr_sel_prefix(v, st.pass) == st.prefix) ++hist[cr_sel_digit(v, st.pass)];
      }
      cr_sel_advance(&st, hist.data());
    }
    const cr_u128 vs = cr_sel_threshold(st);
    std::vector<uint32_t> order(K);
    for (uint32_t i = 0; i < K; ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](uint32_t a, uint32_t b) { return key[a] != key[b] ? key[a] > key[b] : idx[a] < idx[b]; });
    std::vector<int> want(K, 0);
    for (uint64_t r = 0; r < up; ++r) want[order[r]] = 1;
    int bad = 0;
    for (uint32_t i = 0; i < K; ++i) bad += (cr_sel_value(key[i], idx[i]) >= vs) != want[i];
    CRT_CHECK(bad == 0, "select trial %d (K=%u up=%llu spread %d): %d wrong", trial, K, (unsigned long long)up, spread,
              bad);
  }
}

// ---- construction --------------------------------------------------------------------------------

/** PSA+ pre-pass of one group in closed form, one "thread" per step (the block kernel's algorithm). */
static uint32_t plus_group_closed(const uint64_t* W, uint32_t base, uint32_t end, uint32_t* rows, uint32_t* left_items,
                                  uint64_t* left_w, int* ok) {
  const uint32_t g = end - base;
  std::vector<uint16_t> idx(g);
  std::vector<uint64_t> pre(g + 2);
  uint32_t nl = 0, nh = 0;
  for (uint32_t k = 0; k < g; ++k) nl += cr_alias_is_light(W[base + k]);
  nh = g - nl;
  // Block scans: ranks and exclusive prefix sums of deficits / excesses.
  uint32_t rl = 0, rh = 0;
  uint64_t d = 0, e = 0;
  for (uint32_t k = 0; k < g; ++k) {
    const uint64_t w = W[base + k];
    if (cr_alias_is_light(w)) {
      idx[rl] = (uint16_t)k;
      pre[rl] = d;
      d += C - w;
      ++rl;
    } else {
      idx[nl + rh] = (uint16_t)k;
      pre[nl + 1 + rh] = e;
      e += w - C;
      ++rh;
    }
  }
  pre[nl] = d;
  pre[nl + 1 + nh] = e;
  const cr_plus_view v{pre.data(), idx.data(), nl, nh, base};
  // Each of 256 threads takes 4 consecutive steps: the merge path gives its first state, the merge the
  // next ones; P_stop = the first step that does not run. Then the steps below P_stop write their rows.
  uint32_t stop = g;
  std::vector<uint32_t> sa(g + 4), sb(g + 4);
  for (uint32_t t0 = 0; t0 < g; t0 += 4) {
    uint32_t a = cr_plus_split(v, t0), b = t0 - a;
    for (uint32_t p = t0; p < t0 + 4 && p < g; ++p) {
      sa[p] = a;
      sb[p] = b;
      if (!cr_plus_valid(v, a, b)) {
        stop = std::min(stop, p);
        break;
      }
      if (cr_plus_D(v, a) < cr_plus_E(v, b + 1)) ++a;
      else ++b;
    }
  }
  std::vector<uint8_t> packed(g, 0);
  for (uint32_t p = 0; p < stop; ++p) {
    uint32_t item;
    if (!cr_plus_row(v, sa[p], sb[p], rows, &item)) *ok = 0;
    CRT_CHECK(sa[p] == cr_plus_split(v, p), "walk and merge path disagree at step %u", p);
    packed[item - base] = 1;
  }
  uint32_t partial = 0xffffffffu;
  uint64_t R = 0;
  if (nl > 0 && nh > 0) {
    const uint32_t a = cr_plus_split(v, stop), b = stop - a;
    if (b < nh) {
      partial = base + idx[nl + b];
      R = cr_plus_residual(v, a, b);
    }
  }
  uint32_t k = 0;
  for (uint32_t i = base; i < end; ++i) {
    if (packed[i - base]) continue;
    left_items[k] = i;
    left_w[k] = i == partial ? R : W[i];
    ++k;
  }
  return k;
}

struct Variant {
  int pary;     // split: 0 binary per section, 1 P-ary per warp with window narrowing
  int chunked;  // pack: 0 whole section staged, 1 chunks of 1024 positions
};

/**
 * The GPU pipeline on the host: PSA+ groups in closed form, three-way partition into A, one exclusive
 * scan into X, the splits, and the pack of staged views by 256 "threads" × consecutive positions.
 */
static int build_gpu_layout(const std::vector<uint64_t>& W, int plus, Variant var, std::vector<uint32_t>& rows) {
  const uint32_t n = (uint32_t)W.size();
  int ok = 1;
  std::vector<uint64_t> weff(W);
  std::vector<uint8_t> take(n, 1);
  if (plus) {
    std::vector<uint32_t> items(CR_ALIAS_PLUS_GROUP);
    std::vector<uint64_t> lw(CR_ALIAS_PLUS_GROUP);
    for (uint64_t base = 0; base < n; base += CR_ALIAS_PLUS_GROUP) {
      const uint32_t end = (uint32_t)std::min<uint64_t>(base + CR_ALIAS_PLUS_GROUP, n);
      for (uint32_t i = (uint32_t)base; i < end; ++i) take[i] = 0;
      const uint32_t m = plus_group_closed(W.data(), (uint32_t)base, end, rows.data(), items.data(), lw.data(), &ok);
      for (uint32_t k = 0; k < m; ++k) {
        take[items[k]] = 1;
        weff[items[k]] = lw[k];
      }
    }
  }
  // Three-way partition: lights forward, heavies through a reverse iterator, packed items dropped.
  std::vector<uint32_t> A(n, 0xeeeeeeeeu);
  uint32_t L = 0, H = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if (!take[i]) continue;
    if (weff[i] <= C) A[L++] = i;
    else A[n - 1 - H++] = i;
  }
  // One exclusive scan over n + 1 positions.
  std::vector<uint64_t> X(n + 1);
  uint64_t acc = 0;
  for (uint64_t k = 0; k <= n; ++k) {
    X[k] = acc;
    if (k < L) acc += C - weff[A[k]];
    else if (k < (uint64_t)L + H) acc += weff[A[n - 1 - (k - L)]] - C;
  }
  if (X[L] != X[L + H] - X[L]) return 0;  // D(L) = E(H)
  auto D = [&](uint64_t l) { return X[l]; };
  auto E = [&](uint64_t h) { return X[L + h] - X[L]; };
  const uint64_t P = (uint64_t)L + H, S = CR_ALIAS_SECTION;
  const uint64_t sections = (P + S - 1) / S;
  std::vector<uint32_t> split(sections + 1);
  for (uint64_t s = 0; s <= sections; ++s) {
    const uint64_t p = std::min(s * S, P);
    uint64_t lo, hi;
    const int warp_first = var.pary ? s % 8 == 0 : 1;  // a warp takes 8 consecutive sections
    cr_split_window(p, L, H, !warp_first, warp_first ? 0 : split[s - 1], S, &lo, &hi);
    uint64_t l;
    if (var.pary) {
      int steps;
      l = cr_pary_search_host(lo, hi, 32, [&](uint64_t x) { return D(x) >= E(p - x); }, &steps);
    } else {
      l = cr_merge_path(p, lo, hi, D, E);
    }
    const uint64_t full = cr_merge_path(p, p > H ? p - H : 0, std::min<uint64_t>(p, L), D, E);
    CRT_CHECK(l == full, "split of %llu: %llu != %llu", (unsigned long long)p, (unsigned long long)l,
              (unsigned long long)full);
    split[s] = (uint32_t)l;
  }
  // Pack: a block per section, staging a view (whole section, or chunk by chunk).
  const uint32_t chunk = var.chunked ? 1024 : (uint32_t)S;
  for (uint64_t s = 0; s < sections; ++s) {
    const uint64_t p0 = s * S, p1 = std::min(p0 + S, P);
    for (uint64_t c0 = p0; c0 < p1; c0 += chunk) {
      const uint64_t c1 = std::min<uint64_t>(c0 + chunk, p1);
      // chunk boundaries: the block searches them inside the section's window
      auto at = [&](uint64_t p) -> uint64_t {
        if (p == p0) return split[s];
        if (p == p1) return split[s + 1];
        uint64_t lo, hi;
        cr_split_window(p, L, H, 1, split[s], p - p0, &lo, &hi);
        return cr_merge_path(p, lo, hi, D, E);
      };
      const uint32_t l0 = (uint32_t)at(c0), l1 = (uint32_t)at(c1);
      const uint32_t h0 = (uint32_t)(c0 - l0), h1 = (uint32_t)(c1 - l1);
      const uint32_t nls = l1 - l0, nhs = h1 - h0;
      std::vector<uint32_t> sL(nls), sH(nhs + 1);
      std::vector<uint64_t> sD(nls + 1), sE(nhs + 2);
      for (uint32_t k = 0; k <= nls; ++k) sD[k] = cr_psa_stage_D(X.data(), l0, k);
      for (uint32_t k = 0; k < nls; ++k) sL[k] = cr_psa_stage_L(A.data(), l0, k);
      for (uint32_t k = 0; k <= nhs + 1; ++k) sE[k] = cr_psa_stage_E(X.data(), L, H, h0, k);
      for (uint32_t k = 0; k <= nhs; ++k) sH[k] = cr_psa_stage_H(A.data(), n, H, h0, k);
      const cr_psa_view v{sL.data(), sD.data(), sH.data(), sE.data(), l0, h0, nls, nhs, L, H};
      const uint32_t cnt = (uint32_t)(c1 - c0), threads = 256, per = (cnt + threads - 1) / threads;
      for (uint32_t t = 0; t < threads; ++t) {
        const uint32_t q = t * per;
        if (q >= cnt) break;
        if (!cr_psa_view_pack(v, q, std::min(per, cnt - q), rows.data())) ok = 0;
      }
    }
  }
  return ok;
}

static std::vector<uint64_t> random_units(Rng& rng, uint32_t n, int family) {
  std::vector<double> w(n);
  for (uint32_t i = 0; i < n; ++i) {
    const double u = rng.unit();
    w[i] = family == 0 ? u : family == 1 ? (u < 0.5 ? 0.0 : u) : family == 2 ? 1.0 / (1 + rng.below(n)) : pow(10.0, 40 * u - 20);
  }
  w[rng.below(n)] = 1.0;  // never all zero
  std::vector<uint64_t> W(n);
  CRT_CHECK(cr_alias_fixed_point_host(w.data(), n, W.data()), "random units failed");
  return W;
}

static void check_build(const std::string& name, const std::vector<uint64_t>& W, int plus,
                        const std::vector<uint32_t>* want) {
  const uint32_t n = (uint32_t)W.size();
  std::vector<uint32_t> ref(2 * (size_t)n, 0xdeadbeefu);
  CRT_CHECK(cr_alias_build_host(W.data(), n, plus, ref.data()), "%s: host build failed", name.c_str());
  if (want) CRT_CHECK(ref == *want, "%s: host port differs from the vectors", name.c_str());
  for (int pary = 0; pary < 2; ++pary) {
    for (int chunked = 0; chunked < 2; ++chunked) {
      std::vector<uint32_t> rows(2 * (size_t)n, 0xdeadbeefu);
      const int ok = build_gpu_layout(W, plus, Variant{pary, chunked}, rows);
      CRT_CHECK(ok, "%s plus=%d pary=%d chunked=%d: inconsistent", name.c_str(), plus, pary, chunked);
      CRT_CHECK(rows == ref, "%s plus=%d pary=%d chunked=%d: rows differ", name.c_str(), plus, pary, chunked);
    }
  }
}

static void test_construction() {
  const Json v = load("test/vectors/alias.json");
  for (const Json& c : v["build"].arr) {
    const std::vector<uint64_t> W = pairs64(c["units"]);
    const char* keys[2] = {"psa", "psaPlus"};
    for (int plus = 0; plus < 2; ++plus) {
      std::vector<uint32_t> want;
      for (const Json& x : c[keys[plus]].arr) want.push_back(x.u32());
      check_build(c["name"].text, W, plus, &want);
    }
  }
  Rng rng{99};
  const uint32_t sizes[] = {1, 2, 3, 31, 1023, 1024, 1025, 4095, 4096, 4097, 9000, 70000};
  for (uint32_t n : sizes) {
    for (int family = 0; family < 4; ++family) {
      const std::vector<uint64_t> W = random_units(rng, n, family);
      for (int plus = 0; plus < 2; ++plus) check_build("random n=" + std::to_string(n), W, plus, nullptr);
    }
  }
  // PSA+ groups: closed form = greedy, including the residual of the stopped heavy.
  for (int trial = 0; trial < 300; ++trial) {
    const uint32_t g = 1 + rng.below(CR_ALIAS_PLUS_GROUP);
    const std::vector<uint64_t> W = random_units(rng, g, trial % 4);
    std::vector<uint32_t> r1(2 * g, 0), r2(2 * g, 0), i1(g), i2(g), sl(g), sh(g);
    std::vector<uint64_t> w1(g), w2(g);
    std::vector<uint8_t> packed(g);
    int ok = 1;
    const uint32_t m1 = cr_alias_plus_group(W.data(), 0, g, r1.data(), i1.data(), w1.data(), sl.data(), sh.data(),
                                            packed.data());
    const uint32_t m2 = plus_group_closed(W.data(), 0, g, r2.data(), i2.data(), w2.data(), &ok);
    CRT_CHECK(ok && m1 == m2 && r1 == r2, "plus group trial %d: m %u vs %u", trial, m1, m2);
    i1.resize(m1);
    i2.resize(m2);
    w1.resize(m1);
    w2.resize(m2);
    CRT_CHECK(i1 == i2 && w1 == w2, "plus group trial %d: leftovers differ", trial);
  }
}

// ---- P-ary search ------------------------------------------------------------------------------------

static void test_pary() {
  Rng rng{3};
  for (int trial = 0; trial < 2000; ++trial) {
    const uint64_t lo = rng.below(1000), hi = lo + rng.below(trial % 2 ? 100 : 5000000);
    const uint64_t ans = lo + (hi > lo ? rng.next() % (hi - lo + 1) : 0);
    int steps;
    const uint64_t got = cr_pary_search_host(lo, hi, 32, [&](uint64_t x) { return x >= ans; }, &steps);
    CRT_CHECK(got == ans, "pary [%llu, %llu] -> %llu, want %llu", (unsigned long long)lo, (unsigned long long)hi,
              (unsigned long long)got, (unsigned long long)ans);
    CRT_CHECK(steps <= 6, "pary took %d steps", steps);
  }
}

// ---- sampling work items --------------------------------------------------------------------------

static void test_sampling() {
  const Json v = load("test/vectors/alias.json");
  const Json& c = v["build"][1];  // powerLaw, 2100 items
  const std::vector<uint64_t> W = pairs64(c["units"]);
  const uint32_t n = (uint32_t)W.size();
  std::vector<uint32_t> rows(2 * (size_t)n);
  CRT_CHECK(cr_alias_build_host(W.data(), n, 0, rows.data()), "build");
  std::vector<uint64_t> prefix(n + 1, 0);
  for (uint32_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + W[i];
  const uint32_t key[2] = {0x01234567u, 0x89abcdefu};
  const uint32_t t = cr_alias_reject_below(n);
  const cr_alias_map amap{rows.data()};
  const cr_cdf_map cmap{prefix.data(), n};
  for (uint64_t first : {0ull, 1ull, 2ull, 7ull, (1ull << 33) + 1, (1ull << 62) + 3}) {
    for (uint64_t count : {0ull, 1ull, 2ull, 3ull, 64ull, 1001ull}) {
      for (int aligned = 0; aligned < 2; ++aligned) {
        std::vector<uint32_t> out(count + 2, 0xfefefefeu), cdf(count + 2, 0xfefefefeu);
        const bool al = aligned && (first & 1) == 0;  // what the kernel computes for an 8-byte aligned dst
        for (uint64_t q = 0; q < cr_alias_pair_items(count, first); ++q) {
          cr_alias_pair_store(q, out.data() + 1, count, key, first, n, t, amap, al);
          cr_alias_pair_store(q, cdf.data() + 1, count, key, first, n, t, cmap, al);
        }
        CRT_CHECK(out[0] == 0xfefefefeu && out[count + 1] == 0xfefefefeu, "guard words overwritten");
        CRT_CHECK(cdf[0] == 0xfefefefeu && cdf[count + 1] == 0xfefefefeu, "cdf guard words overwritten");
        for (uint64_t i = 0; i < count; ++i) {
          CRT_CHECK(out[i + 1] == cr_alias_sample(key, first + i, rows.data(), n), "alias element %llu",
                    (unsigned long long)(first + i));
          CRT_CHECK(cdf[i + 1] == cr_cdf_sample(key, first + i, prefix.data(), n), "cdf element %llu",
                    (unsigned long long)(first + i));
        }
      }
    }
  }
}

// ---- device weight check ---------------------------------------------------------------------------

/** The check kernel of alias_check.cu emulated: every thread of a grid of `threads` scans its share,
 *  then the minimum of the bad indices and the or of `positive` over all of them. */
template <class T>
static void check_grid(const std::vector<T>& w, uint64_t threads, uint32_t* bad, int* positive) {
  *bad = CR_WEIGHT_NO_BAD;
  *positive = 0;
  for (uint64_t t = 0; t < threads; ++t) {
    uint32_t b = CR_WEIGHT_NO_BAD;
    int p = 0;
    cr_weights_scan(w.data(), t, threads, w.size(), &b, &p);
    *bad = std::min(*bad, b);
    *positive |= p;
  }
}

/** The facade's rule (checkWeights, lib/alias/fixed-point.ts), sequentially. */
template <class T>
static void check_seq(const std::vector<T>& w, uint32_t* bad, int* positive) {
  *bad = CR_WEIGHT_NO_BAD;
  *positive = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    const double x = (double)w[i];
    if (!(x >= 0) || x == INFINITY) {
      *bad = (uint32_t)i;
      return;
    }
    if (x > 0) *positive = 1;
  }
}

template <class T>
static void test_weight_check_dtype(Rng& rng) {
  const T specials[] = {(T)NAN, (T)INFINITY, (T)-INFINITY, (T)-1, (T)-1e-30, (T)0, (T)-0.0};
  for (uint32_t n : {1u, 2u, 31u, 257u, 4096u}) {
    for (int trial = 0; trial < 40; ++trial) {
      std::vector<T> w(n);
      const int family = trial % 4;  // 0 valid, 1 all zero, 2 some specials, 3 zeros and one special late
      for (uint32_t i = 0; i < n; ++i) w[i] = family == 1 || family == 3 ? (T)0 : (T)(rng.unit() * 10);
      if (family == 2) {
        for (int k = 0; k < 3; ++k) w[rng.below(n)] = specials[rng.below(7)];
      } else if (family == 3) {
        w[n - 1 - rng.below(n)] = specials[rng.below(5)];
      }
      uint32_t want_bad, got_bad;
      int want_pos, got_pos;
      check_seq(w, &want_bad, &want_pos);
      for (uint64_t threads : {1ull, 7ull, 32ull, 256ull, 8192ull}) {
        check_grid(w, threads, &got_bad, &got_pos);
        CRT_CHECK(got_bad == want_bad, "weight check n=%u trial %d threads %llu: bad %u, want %u", n, trial,
                  (unsigned long long)threads, got_bad, want_bad);
        // `positive` only matters when no weight is bad: then it must equal the sequential answer.
        if (want_bad == CR_WEIGHT_NO_BAD) {
          CRT_CHECK(got_pos == want_pos, "weight check n=%u trial %d threads %llu: positive %d, want %d", n, trial,
                    (unsigned long long)threads, got_pos, want_pos);
        }
      }
    }
  }
  CRT_CHECK(cr_weight_ok((double)(T)-0.0) && !cr_weight_ok(NAN) && !cr_weight_ok(INFINITY) && cr_weight_ok(1.7976931348623157e308),
            "cr_weight_ok edge cases");
}

static void test_weight_check() {
  Rng rng{0x5eed};
  test_weight_check_dtype<float>(rng);
  test_weight_check_dtype<double>(rng);
}

int main() {
  try {
    test_fixed_vectors();
    test_superaccumulator();
    test_select();
    test_pary();
    test_construction();
    test_sampling();
    test_weight_check();
  } catch (const std::exception& e) {
    fprintf(stderr, "test_alias_gpu: %s\n", e.what());
    return 2;
  }
  return crt::report("test_alias_gpu");
}
