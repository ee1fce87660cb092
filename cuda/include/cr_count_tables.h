// cr_counts.h's count policy for one scalar parameter: the inversion's summed pmf tabulated and the
// acceptance bounds memoised — the very values cr_count_direct computes, so either gives the same bits.
// Used by the WebAssembly module (lib/wasm/samplers.cc, one static instance) and the host kernels
// (cuda/src/cpu_counts.cpp, one per thread). Host only: the CUDA kernels take the direct values.
#ifndef CR_COUNT_TABLES_H
#define CR_COUNT_TABLES_H

#include <stdint.h>

#include "cr_counts.h"

/**
 * Zero-initialised (a static, or value-initialised) it holds no parameter. Not thread-safe: one per
 * thread.
 */
struct cr_count_tables {
  /** Chen and Asau's guide to cdf: guide[j] is the least k with cdf[k] > j/GUIDE_SIZE. A search for A in
   *  [j, j + 1)/GUIDE_SIZE may start there: every earlier k has cdf[k] <= j/GUIDE_SIZE <= A, so the
   *  sequential search from 0 steps past each of them. It then takes about one step, instead of about
   *  the mean count's worth of steps with one hard-to-predict exit each. */
  static constexpr int GUIDE_SIZE = 1024;
  /**
   * Bounds memoised, for k in [lp_base, lp_base + LP_SIZE) around the mode. BTRS and PTRS proposals that
   * reach the bound land well outside mode ± 2σ (binomial(10^6, 0.4): 11 % of them past ± 1,024, each then
   * a log-pmf and an exp, most of the call's time): 16,384 covers ± 8σ up to σ = 1,024. Entries are valid
   * for the current parameter when their stamp is `gen`, so a new parameter costs nothing here.
   */
  static constexpr int LP_SIZE = 16384;

  /** The summed pmf: cdf[k] = F_k exactly as the search sums it for k <= cap, and cdf[cap + 1] = +inf,
   *  which stops every search (reaching it is the rejection). */
  double cdf[(int)CR_INVERSION_CAP + 2];
  uint8_t guide[GUIDE_SIZE];
  double lp[LP_SIZE];
  uint32_t stamp[LP_SIZE];
  uint32_t gen;
  double lp_base;
  /** The parameters held: kind + 1 (0: none; kind 0 Poisson, 1 binomial), a, b. */
  uint32_t held;
  double a, b;

  /** Fills cdf[0..cap + 1] by the inversion's recurrence (Poisson, n unused, or binomial) and its guide. */
  void fill_cdf(uint32_t kind, const cr_poisson_state& ps, const cr_binomial_state& bs) {
    int cap;
    if (kind == 0) {
      cap = (int)CR_INVERSION_CAP;
      double p = ps.p0, F = p;
      cdf[0] = F;
      for (int k = 1; k <= cap; ++k) {
        p = p * ps.lam / (double)k;
        F = F + p;
        cdf[k] = F;
      }
    } else {
      cap = (int)bs.cap;
      double pk = bs.p0, F = pk;
      cdf[0] = F;
      for (int k = 1; k <= cap; ++k) {
        pk = pk * bs.r * (bs.n - (double)k + 1.0) / (double)k;
        F = F + pk;
        cdf[k] = F;
      }
    }
    cdf[cap + 1] = __builtin_inf();
    int k = 0;
    for (int j = 0; j < GUIDE_SIZE; ++j) {
      const double t = (double)j / (double)GUIDE_SIZE;
      while (!(cdf[k] > t)) ++k;
      guide[j] = (uint8_t)k;
    }
  }

  /** Makes these the tables of kind 0 Poisson (a = λ; ps its state) or kind 1 binomial (a = count, b = p;
   *  bs its state), unless they already are (the next chunk of one request keeps them). */
  void prepare(uint32_t kind, double a_, double b_, const cr_poisson_state& ps, const cr_binomial_state& bs) {
    if (held == kind + 1 && a_ == a && (kind == 0 || b_ == b)) return;
    held = kind + 1, a = a_, b = b_;
    if ((kind == 0 && !ps.ptrs) || (kind == 1 && bs.method == 1)) fill_cdf(kind, ps, bs);
    const double mode = kind == 0 ? floor(ps.lam) : bs.m;
    lp_base = mode < (double)(LP_SIZE / 2) ? 0.0 : mode - (double)(LP_SIZE / 2);
    if (++gen == 0) {  // after 2^32 parameters: no stamp may look current
      for (int i = 0; i < LP_SIZE; ++i) stamp[i] = 0;
      gen = 1;
    }
  }

  /** Forgets the parameter held (after fill_cdf alone, for tests). */
  void forget() { held = 0; }

  /** The inversion's count for A in [0, 1) from cdf[0..cap + 1], or -1 (the search passed cap). */
  double search(double A, double cap) const {
    uint32_t k = guide[(uint32_t)(A * (double)GUIDE_SIZE)];
    while (!(A < cdf[k])) ++k;
    const double x = (double)k;
    return x > cap ? -1.0 : x;
  }

  /** The memo's value at k, computed by `f` the first time (the value cr_counts.h computes). */
  template <class F>
  double memo(double k, F f) {
    const double i = k - lp_base;
    if (!(i >= 0.0 && i < (double)LP_SIZE)) return f();
    const int j = (int)i;
    if (stamp[j] != gen) lp[j] = f(), stamp[j] = gen;
    return lp[j];
  }
};

/** cr_counts.h's policy over a cr_count_tables prepared for the state it is asked about; a bound not yet
 *  memoised is cr_count_direct_t<L>'s. */
template <class L = cr_count_logs>
struct cr_count_table_policy {
  cr_count_tables* t;
  L logs;
  double poisson_inversion(double A, const cr_poisson_state&) const { return t->search(A, CR_INVERSION_CAP); }
  double poisson_bound(double k, const cr_poisson_state& s) const {
    return t->memo(k, [&] { return cr_count_direct_t<L>{logs}.poisson_bound(k, s); });
  }
  double binomial_inversion(double A, const cr_binomial_state& s) const { return t->search(A, s.cap); }
  double binomial_bound(double k, const cr_binomial_state& s) const {
    return t->memo(k, [&] { return cr_count_direct_t<L>{logs}.binomial_bound(k, s); });
  }
};

#endif  // CR_COUNT_TABLES_H
