// The count samplers' host kernels (cr_api_cpu.h: cr_cpu_poisson, cr_cpu_binomial,
// cr_cpu_negative_binomial): proposal 0 of every element from the instruction set's raw-stream kernel
// (block e of plane (0, tag) is element e's proposal 0), then cr_counts.h's scalar code per element —
// with one parameter through cr_count_tables.h (the inversion's summed pmf and the memoised bounds,
// the values cr_counts.h computes) — and rejected elements going on from proposal 1: the first
// accepted proposal, as docs/streams.md, "Counts", says. The per-element math is plain C++ (no target
// attribute): what cost most was the scalar Philox per element and the log-pmf per bound, which the
// vector words, the memo and the log table remove. Negative binomial's inversion searches, λ varying
// per element, run in the instruction set's file (cpu_count_kernels.h), several lanes at a time.
#include <math.h>
#include <string.h>

#include <memory>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_count_tables.h"
#include "cr_count_work.h"
#include "cr_counts.h"
#include "cr_gamma.h"

namespace {

/** Elements per chunk: the words (8 KiB) and the values stay in L1. */
constexpr unsigned CHUNK = 512;

/** This thread's tables (pool workers each have theirs), value-initialised: holding no parameter. */
cr_count_tables& thread_tables() {
  thread_local std::unique_ptr<cr_count_tables> t;
  if (!t) t.reset(new cr_count_tables());
  return *t;
}

/** Words of blocks [e, e + m) of plane (0, tag) — elements e.. 's proposals 0 — into w[0, 4m). */
void proposal_words(int isa, uint32_t k0, uint32_t k1, uint32_t tag, uint64_t e, uint32_t* w, unsigned m) {
  cr_cpu_map_ctx c{0.0, 1.0, true, k0, k1};
  c.tag = tag;
  if (isa == CR_ISA_AVX512) cr_cpu_map_avx512(c, 4 * e, w, CR_MAP_BITS, 4 * (uint64_t)m);
  else cr_cpu_map_avx2(c, 4 * e, w, CR_MAP_BITS, 4 * (uint64_t)m);
}

/** log k and Stirling's remainder for the counts k < LOGS: cr_count_logs' values, computed once. */
constexpr int LOGS = 4096;
struct logs_table {
  double lg[LOGS], st[LOGS];
  logs_table() {
    const cr_count_logs f;
    for (int k = 0; k < LOGS; ++k) lg[k] = f.log((double)k), st[k] = f.stirling((double)k);
  }
};

/** cr_count_logs from the table (the log-pmfs ask only about counts: integers >= 0), computed past it.
 *  A bound then costs a log1p or two and an exp instead of up to three more logs and Stirling terms. */
struct table_logs {
  const logs_table* t;
  double log(double k) const { return k >= 0.0 && k < (double)LOGS ? t->lg[(int)k] : cr_log(k); }
  double stirling(double k) const { return k >= 0.0 && k < (double)LOGS ? t->st[(int)k] : cr_stirling_remainder(k); }
};

table_logs logs() {
  static const logs_table t;
  return table_logs{&t};
}

/** Whether instruction set `isa` runs on this CPU. */
bool runs(int isa) { return isa != CR_ISA_NONE && isa <= cr_cpu_isa_cpu(); }

/**
 * Elements [first, first + n) into out, by chunks: before(e, m, w) sees chunk [e, e + m) and its proposal
 * words w first; try(j, w + 4j) is element e + j's count from its proposal 0, or -1 (rejected); retry(j,
 * e + j) its count from proposal 1 on. Declines past 2^62 elements (the
 * word index 4e would wrap): the WebAssembly kernel takes those.
 */
template <class Before, class Try, class Retry>
int counts_run(int isa, uint32_t k0, uint32_t k1, uint32_t tag, uint64_t first, void* out, int type, uint64_t n,
               Before before, Try try_, Retry retry) {
  if (!runs(isa)) return CR_CPU_DECLINED;
  if (first >= (1ull << 62) || n > (1ull << 62) - first) return CR_CPU_DECLINED;
  alignas(64) uint32_t w[4 * CHUNK];
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < CHUNK ? (unsigned)(n - done) : CHUNK;
    proposal_words(isa, k0, k1, tag, first + done, w, m);
    before(first + done, m, (const uint32_t*)w);
    for (unsigned j = 0; j < m; ++j) {
      double v = try_(j, w + 4 * j);
      if (__builtin_expect(v < 0.0, 0)) v = retry(j, first + done + j);
      cr_count_store(out, type, done + j, v);
    }
    done += m;
  }
  return CR_CPU_DONE;
}

/** Proposals 1, 2, … of element e on `tag` until try_ accepts one. */
template <class Try>
double from_proposal_1(uint32_t k0, uint32_t k1, uint64_t e, uint32_t tag, Try try_) {
  uint32_t w[4];
  for (uint32_t t = 1;; ++t) {
    cr_count_block(k0, k1, e, t, tag, w);
    const double v = try_(w);
    if (v >= 0.0) return v;
  }
}

/** counts_run for one parameter: try_(w) is every element's count from proposal words w, or -1. */
template <class Try>
int one_parameter_run(int isa, uint32_t k0, uint32_t k1, uint32_t tag, uint64_t first, void* out, int type, uint64_t n,
                      Try try_) {
  return counts_run(
      isa, k0, k1, tag, first, out, type, n, [](uint64_t, unsigned, const uint32_t*) {},
      [&](unsigned, const uint32_t* w) { return try_(w); },
      [&](unsigned, uint64_t e) { return from_proposal_1(k0, k1, e, tag, try_); });
}

}  // namespace

int cr_cpu_poisson_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double lam, void* out, int type, uint64_t n) {
  const double max = cr_count_max(type);
  if (max == 0.0 || !cr_lam_fits(lam, max)) return CR_EINVAL;
  const cr_poisson_state s = cr_poisson_setup(lam);
  cr_count_tables& t = thread_tables();
  t.prepare(0, lam, 0.0, s, cr_binomial_setup(0.0, 0.0));
  const cr_count_table_policy<table_logs> pol{&t, logs()};
  return one_parameter_run(isa, k0, k1, CR_TAG_POISSON, first, out, type, n,
                           [&](const uint32_t* w) { return cr_poisson_try(s, w, pol); });
}

int cr_cpu_poisson(uint32_t k0, uint32_t k1, uint64_t first, double lam, void* out, int type, uint64_t n) {
  return cr_cpu_poisson_isa(cr_cpu_isa(), k0, k1, first, lam, out, type, n);
}

int cr_cpu_binomial_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double count, double p, void* out, int type,
                        uint64_t n) {
  const double max = cr_count_max(type);
  if (max == 0.0 || !cr_count_fits(count, max) || !cr_probability(p)) return CR_EINVAL;
  const cr_binomial_state s = cr_binomial_setup(count, p);
  if (s.method == 0) {  // no proposal: every element is the same
    if (!runs(isa)) return CR_CPU_DECLINED;
    for (uint64_t i = 0; i < n; ++i) cr_count_store(out, type, i, s.flip ? s.n : 0.0);
    return CR_CPU_DONE;
  }
  cr_count_tables& t = thread_tables();
  t.prepare(1, count, p, cr_poisson_setup(0.0), s);
  const cr_count_table_policy<table_logs> pol{&t, logs()};
  return one_parameter_run(isa, k0, k1, CR_TAG_BINOMIAL, first, out, type, n,
                           [&](const uint32_t* w) { return cr_binomial_try(s, w, pol); });
}

int cr_cpu_binomial(uint32_t k0, uint32_t k1, uint64_t first, double count, double p, void* out, int type, uint64_t n) {
  return cr_cpu_binomial_isa(cr_cpu_isa(), k0, k1, first, count, p, out, type, n);
}

int cr_cpu_negative_binomial_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double r, double p, void* out,
                                 int type, uint64_t n) {
  const double max = cr_count_max(type);
  if (max == 0.0 || !(r > 0.0) || !isfinite(r) || !(p > 0.0 && p <= 1.0)) return CR_EINVAL;
  if (!cr_lam_fits(cr_negative_binomial_largest_mean(r, p), max)) return CR_EINVAL;
  if (p == 1.0) {
    if (!runs(isa)) return CR_CPU_DECLINED;
    for (uint64_t i = 0; i < n; ++i) cr_count_store(out, type, i, 0.0);
    return CR_CPU_DONE;
  }
  // λ of each element: gamma element e (float64 layout) of shape r, times (1 − p)/p (cr_negative_binomial_element)
  const double scale = (1.0 - p) / p;
  const cr_count_direct_t<table_logs> pol{logs()};
  // a chunk's λ (gamma elements), then the searches of its elements in the inversion region (λ < 10)
  // gathered for the vector search; PTRS elements one by one
  double lam[CHUNK], inv_lam[CHUNK], inv_a[CHUNK], inv_k[CHUNK];
  unsigned at[CHUNK];  // element j's place among the gathered ones
  const auto before = [&](uint64_t e, unsigned m, const uint32_t* w) {
    const cr_cpu_gamma_ctx g{k0, k1, &r, nullptr, nullptr, 1, 0, scale, nullptr, true};
    if (isa == CR_ISA_AVX512) cr_cpu_gamma_avx512(g, e, lam, CR_TYPE_F64, m);
    else cr_cpu_gamma_avx2(g, e, lam, CR_TYPE_F64, m);
    unsigned q = 0;
    for (unsigned i = 0; i < m; ++i)
      if (lam[i] < CR_POISSON_PTRS_FROM) at[i] = q, inv_lam[q] = lam[i], inv_a[q++] = cr_count_a(w + 4 * i);
    if (isa == CR_ISA_AVX512) cr_cpu_poisson_inversions_avx512(inv_lam, inv_a, inv_k, q);
    else cr_cpu_poisson_inversions_avx2(inv_lam, inv_a, inv_k, q);
  };
  const auto try_ = [&](unsigned j, const uint32_t* w) {
    return lam[j] < CR_POISSON_PTRS_FROM ? inv_k[at[j]] : cr_poisson_try(cr_poisson_setup(lam[j]), w, pol);
  };
  const auto retry = [&](unsigned j, uint64_t e) {
    const cr_poisson_state s = cr_poisson_setup(lam[j]);
    return from_proposal_1(k0, k1, e, CR_TAG_NEGATIVE_BINOMIAL,
                           [&](const uint32_t* w) { return cr_poisson_try(s, w, pol); });
  };
  return counts_run(isa, k0, k1, CR_TAG_NEGATIVE_BINOMIAL, first, out, type, n, before, try_, retry);
}

int cr_cpu_negative_binomial(uint32_t k0, uint32_t k1, uint64_t first, double r, double p, void* out, int type,
                             uint64_t n) {
  return cr_cpu_negative_binomial_isa(cr_cpu_isa(), k0, k1, first, r, p, out, type, n);
}

// Multinomial rows (docs/streams.md, "Multinomial"; cr_multinomial_component): component j of a row is a
// binomial of the row's count left and one p = w[j]/tail[j] for every row — so the chunk's rows go
// through component j together: its setup's constants once, the rows whose count left makes n·p' < 10
// searched side by side in vector lanes (cpu_count_kernels.h), the others by BTRS with the log table,
// rejected proposals from proposal 1 on as everywhere.

namespace {

/** Most components of a host multinomial row: a chunk holds at least one whole row's words. */
constexpr uint32_t MULTINOMIAL_K_MAX = 4096;
/** Rows per chunk, at most: enough lanes for the vector searches, the words (R·K blocks) in L2. */
constexpr uint32_t MULTINOMIAL_ROWS = 64;

/** BTRS states by (n, p), direct-mapped: a component's rows leave it few distinct counts (around their
 *  mean), so most rows find theirs, in this call or the next with the same weights. A state is a pure
 *  function of (n, p), so a hit is the setup's very value. */
struct btrs_memo {
  static constexpr unsigned SIZE = 1024;
  struct entry {
    double n = -1.0, p = -1.0;
    cr_binomial_state s{};
  };
  entry e[SIZE];
  const cr_binomial_state& get(double n, double p, const table_logs& l) {
    uint64_t bn, bp;
    memcpy(&bn, &n, 8);
    memcpy(&bp, &p, 8);
    entry& x = e[(bn * 0x9E3779B97F4A7C15ull ^ bp * 0xC2B2AE3D27D4EB4Full) >> 54];
    if (!(x.n == n && x.p == p)) x.n = n, x.p = p, x.s = cr_binomial_setup(n, p, true, l);
    return x.s;
  }
};

btrs_memo& thread_memo() {
  thread_local std::unique_ptr<btrs_memo> m;
  if (!m) m.reset(new btrs_memo());
  return *m;
}

}  // namespace

int cr_cpu_multinomial_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double count, const double* w,
                           uint32_t K, void* out, int type, uint64_t n) {
  const double max = cr_count_max(type);
  if (max == 0.0 || K == 0 || !cr_count_fits(count, max)) return CR_EINVAL;
  double total = 0.0;
  for (uint32_t j = 0; j < K; ++j) {
    if (!(w[j] >= 0.0 && w[j] <= 1.7976931348623157e308)) return CR_EINVAL;
    total += w[j];
  }
  if (!(total > 0.0 && total <= 1.7976931348623157e308)) return CR_EINVAL;
  if (!runs(isa) || K > MULTINOMIAL_K_MAX) return CR_CPU_DECLINED;
  if (first >= (1ull << 62) || n > (1ull << 62) - first) return CR_CPU_DECLINED;
  if (n == 0) return CR_CPU_DONE;
  std::unique_ptr<double[]> tail(new double[K]);
  cr_weight_tails(w, K, tail.get());
  const uint32_t R = MULTINOMIAL_K_MAX / K < MULTINOMIAL_ROWS ? MULTINOMIAL_K_MAX / K : MULTINOMIAL_ROWS;  // >= 1
  std::unique_ptr<uint32_t[]> words(new uint32_t[4 * (size_t)R * K]);
  double rest[MULTINOMIAL_ROWS], inv_n[MULTINOMIAL_ROWS], inv_a[MULTINOMIAL_ROWS], inv_k[MULTINOMIAL_ROWS];
  double bt_a[MULTINOMIAL_ROWS], bt_vr[MULTINOMIAL_ROWS], bt_urvr[MULTINOMIAL_ROWS], bt_sa[MULTINOMIAL_ROWS],
      bt_b[MULTINOMIAL_ROWS], bt_c[MULTINOMIAL_ROWS], bt_n[MULTINOMIAL_ROWS], bt_k[MULTINOMIAL_ROWS];
  unsigned bt_row[MULTINOMIAL_ROWS];  // the row of BTRS lane i
  // the BTRS lanes past the squeeze (pb_): their uniforms A and B, states, results, and lane
  double pb_a[MULTINOMIAL_ROWS], pb_b[MULTINOMIAL_ROWS], pb_k[MULTINOMIAL_ROWS];
  unsigned pb_at[MULTINOMIAL_ROWS];
  const cr_binomial_state* pb_s[MULTINOMIAL_ROWS];
  cr_binomial_state bs[MULTINOMIAL_ROWS];  // copies: a later row may evict a memo entry
  const cr_binomial_state* st[MULTINOMIAL_ROWS];  // BTRS lane i's state: bs[i], or component 0's one
  cr_binomial_state first_state;  // component 0's: every row has the whole count left there
  btrs_memo& memo = thread_memo();
  const cr_count_direct_t<table_logs> pol{logs()};
  const uint64_t lead = first % K, end = first + n;
  for (uint64_t e0 = first - lead; e0 < end; e0 += (uint64_t)R * K) {
    const uint32_t rows = (uint32_t)((end - e0 + K - 1) / K < R ? (end - e0 + K - 1) / K : R);
    proposal_words(isa, k0, k1, CR_TAG_BINOMIAL, e0, words.get(), rows * K);
    for (uint32_t r = 0; r < rows; ++r) rest[r] = count;
    const auto store = [&](uint32_t r, uint32_t j, double x) {
      const uint64_t e = e0 + (uint64_t)r * K + j;
      if (e >= first && e < end) cr_count_store(out, type, e - first, x);
    };
    for (uint32_t j = 0; j + 1 < K; ++j) {
      const double t = tail[j];
      if (!(t > 0.0)) {  // after the last positive weight: nothing more is drawn until the rest
        for (uint32_t r = 0; r < rows; ++r) store(r, j, 0.0);
        continue;
      }
      const double q = w[j] / t, p = q < 1.0 ? q : 1.0;
      const bool flip = p > 0.5;
      const double pp = flip ? 1.0 - p : p;
      // cr_binomial_setup's inversion constants, the same for every row of this component
      const double lp = cr_log1p(-pp), ratio = pp / (1.0 - pp);
      // Rows by method: their count left makes n·p' < 10 (inversion lanes), or BTRS (its squeeze in lanes,
      // with each row's state from the memo).
      unsigned m = 0, mb = 0;
      const bool one_state = j == 0 && count * pp >= CR_BINOMIAL_BTRS_FROM;  // no lookup and copy a row
      if (one_state) first_state = memo.get(count, p, pol.logs);
      for (uint32_t r = 0; r < rows; ++r) {
        const double nr = rest[r];
        if (!(nr > 0.0) || pp == 0.0) continue;  // method 0, below
        const double A = cr_count_a(&words[4 * ((size_t)r * K + j)]);
        if (nr * pp < CR_BINOMIAL_BTRS_FROM) {
          inv_n[m] = nr, inv_a[m++] = A;
          continue;
        }
        const cr_binomial_state& t = *(st[mb] = one_state ? &first_state : &(bs[mb] = memo.get(nr, p, pol.logs)));
        bt_a[mb] = A, bt_vr[mb] = t.vr, bt_urvr[mb] = t.urvr, bt_sa[mb] = t.a, bt_b[mb] = t.b, bt_c[mb] = t.c;
        bt_row[mb] = r;
        bt_n[mb++] = nr;
      }
      if (isa == CR_ISA_AVX512) {
        cr_cpu_binomial_inversions_avx512(inv_n, inv_a, lp, ratio, inv_k, m);
        cr_cpu_btrs_squeezes_avx512(bt_a, bt_vr, bt_urvr, bt_sa, bt_b, bt_c, bt_n, bt_k, mb);
      } else {
        cr_cpu_binomial_inversions_avx2(inv_n, inv_a, lp, ratio, inv_k, m);
        cr_cpu_btrs_squeezes_avx2(bt_a, bt_vr, bt_urvr, bt_sa, bt_b, bt_c, bt_n, bt_k, mb);
      }
      // The proposals past the squeeze (about a quarter at n·p' in the thousands): the rest of the draw,
      // its log-pmf bound, in lanes too; -2 left means the scalar draw below (k = 0 or n)
      unsigned mp = 0;
      for (unsigned i = 0; i < mb; ++i) {
        if (bt_k[i] != -2.0) continue;
        pb_at[mp] = i, pb_a[mp] = bt_a[i], pb_s[mp] = st[i];
        pb_b[mp++] = cr_count_b(&words[4 * ((size_t)bt_row[i] * K + j)]);
      }
      if (isa == CR_ISA_AVX512) cr_cpu_btrs_bounds_avx512(pb_a, pb_b, pb_s, pb_k, mp);
      else cr_cpu_btrs_bounds_avx2(pb_a, pb_b, pb_s, pb_k, mp);
      for (unsigned i = 0; i < mp; ++i) bt_k[pb_at[i]] = pb_k[i];
      unsigned at = 0, bat = 0;
      for (uint32_t r = 0; r < rows; ++r) {
        const double nr = rest[r];
        double x;
        if (!(nr > 0.0)) {
          x = 0.0;
        } else if (pp == 0.0) {
          x = flip ? nr : 0.0;
        } else {
          const uint32_t* wr = &words[4 * ((size_t)r * K + j)];
          const bool inversion = nr * pp < CR_BINOMIAL_BTRS_FROM;
          const double k = inversion ? inv_k[at++] : bt_k[bat++];
          if (k >= 0.0) {
            x = flip ? nr - k : k;
          } else {
            const cr_binomial_state s = inversion ? cr_binomial_setup(nr, p, true, pol.logs) : *st[bat - 1];
            x = k == -2.0 ? cr_binomial_try(s, wr, pol) : -1.0;  // past the squeeze: the scalar draw
            if (x < 0.0) {
              x = from_proposal_1(k0, k1, e0 + (uint64_t)r * K + j, CR_TAG_BINOMIAL,
                                  [&](const uint32_t* v) { return cr_binomial_try(s, v, pol); });
            }
          }
        }
        store(r, j, x);
        rest[r] = nr - x;
      }
    }
    for (uint32_t r = 0; r < rows; ++r) store(r, K - 1, rest[r]);
  }
  return CR_CPU_DONE;
}

int cr_cpu_multinomial(uint32_t k0, uint32_t k1, uint64_t first, double count, const double* w, uint32_t K, void* out,
                       int type, uint64_t n) {
  return cr_cpu_multinomial_isa(cr_cpu_isa(), k0, k1, first, count, w, K, out, type, n);
}
