// Hypergeometric elements (lib/kernels/hypergeometric.ts; docs/streams.md, "Hypergeometric"), operation by
// operation, an element sampler of cr_elements.h, with numpy's choice of method: for 10 ≤ sample ≤ total − 10
// Stadlober's ratio-of-uniforms method (HRUA), the first accepted proposal t of block (e mod 2^32, e div 2^32,
// t, CR_TAG_HYPERGEOMETRIC); otherwise at most 9 draws of the items one by one, draw j from word pair j mod 2
// of block ⌊j/2⌋. The row (lib/samplers/hypergeometric.ts) is derived on the host; cr_hypergeometric_row
// derives it here by the same operations, so that the check can refuse any row that is not one.
// Build device code with -fmad=false, host code with -ffp-contract=off.
#ifndef CR_HYPERGEOMETRIC_H
#define CR_HYPERGEOMETRIC_H

#include <stdint.h>

#include "cr_math.h"
#include "cr_normal.h"
#include "cr_special.h"

/** Its sub-stream (docs/streams.md, "The counter layout"): distinct from every TAG of cr_layout.h. */
#define CR_TAG_HYPERGEOMETRIC 24u

/** Largest ngood and nbad (numpy's bound): log-factorials of sums up to 2·10^9 keep T = g − g' to ~1e-6. */
#define CR_HYPERGEOMETRIC_MAX 999999999.0

/**
 * The row of (good, bad, sample), integers with sample ≤ good + bad: the method's constants. HRUA (10 ≤ sample ≤
 * total − 10): (a, h, b, g, mn, cs, d, flip) — cs = min(sample, total − sample), mn = min(good, bad),
 * d = max(good, bad) − cs, flip = (good > bad) + 2·(cs < sample); else (good, bad, sample, 0, 0, 0, 0, 4).
 */
CR_HD inline void cr_hypergeometric_row(double good, double bad, double sample, double row[8]) {
  const double D1 = 1.7155277699214135;  // 2·sqrt(2/e)
  const double D2 = 0.8989161620588988;  // 3 − 2·sqrt(3/e)
  const double pop = good + bad;
  if (!(sample >= 10.0 && sample <= pop - 10.0)) {
    row[0] = good, row[1] = bad, row[2] = sample, row[3] = row[4] = row[5] = row[6] = 0.0, row[7] = 4.0;
    return;
  }
  const double cs = sample < pop - sample ? sample : pop - sample;
  const double mn = good < bad ? good : bad, mx = good < bad ? bad : good;
  const double p = mn / pop, q = mx / pop;
  const double a = cs * p + 0.5;
  const double var = (pop - cs) * cs * p * q / (pop - 1.0);
  const double c = sqrt(var + 0.5);
  const double m = floor((cs + 1.0) * (mn + 1.0) / (pop + 2.0));
  const double top = (cs < mn ? cs : mn) + 1.0, tail = floor(a + 16.0 * c);
  row[0] = a;
  row[1] = D1 * c + D2;
  row[2] = top < tail ? top : tail;
  row[3] = cr_log_factorial(m) + cr_log_factorial(mn - m) + cr_log_factorial(cs - m) + cr_log_factorial(mx - cs + m);
  row[4] = mn, row[5] = cs, row[6] = mx - cs;
  row[7] = (good > bad ? 1.0 : 0.0) + (cs < sample ? 2.0 : 0.0);
}

/** The draws one by one (row mode 4) with draw j's uniform from draw(j) in [0, 1). */
template <class Draw>
CR_HD inline double cr_hypergeometric_by_items(const double* p, Draw draw) {
  const double good = p[0], pop = p[0] + p[1], sample = p[2];
  const bool complement = sample > floor(pop / 2.0);
  double left = complement ? pop - sample : sample, total = pop, g = good;
  for (uint32_t j = 0; left > 0.0 && g > 0.0 && total > g; ++j) {
    if (draw(j) * total < g) g = g - 1.0;  // draw j is a good item: (good left)/(items left)
    total = total - 1.0;
    left = left - 1.0;
  }
  if (total == g) g = g - left;
  return complement ? g : good - g;
}

/** One HRUA proposal of U in (0, 1], V in [0, 1) for a row of mode 0 … 3: true and its K when accepted. */
CR_HD inline bool cr_hypergeometric_try(double u, double v, const double* p, double* k) {
  const double a = p[0], h = p[1], b = p[2], g = p[3], mn = p[4], cs = p[5], d = p[6];
  const double x = a + h * (v - 0.5) / u;
  if (x < 0.0 || x >= b) return false;
  *k = floor(x);
  const double tt = g - (cr_log_factorial(*k) + cr_log_factorial(mn - *k) + cr_log_factorial(cs - *k) +
                         cr_log_factorial(d + *k));
  if (u * (4.0 - u) - 3.0 <= tt) return true;
  if (u * (u - tt) >= 1.0) return false;
  return 2.0 * cr_log(u) <= tt;
}

/** The count of the original problem from HRUA's K (of min(good, bad) and min(sample, total − sample)). */
CR_HD inline double cr_hypergeometric_unflip(double k, const double* p) {
  const double mn = p[4], cs = p[5], d = p[6], flip = p[7];
  const bool swapped = flip == 1.0 || flip == 3.0;
  if (swapped) k = cs - k;
  if (flip >= 2.0) k = (swapped ? d + cs : mn) - k;
  return k;
}

/** Element e of hypergeometric for a row of cr_hypergeometric_row: the number of good items in the sample. */
CR_HD inline double cr_hypergeometric_element(uint32_t k0, uint32_t k1, uint64_t e, const double* p) {
  const double TWO_M53 = 1.1102230246251565e-16;  // 2^-53
  uint32_t w[4];
  if (p[7] == 4.0) {
    return cr_hypergeometric_by_items(p, [&](uint32_t j) {
      if ((j & 1u) == 0u) cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), j >> 1, CR_TAG_HYPERGEOMETRIC, w);
      return (double)cr_u53(w[2 * (j & 1u)], w[2 * (j & 1u) + 1]) * TWO_M53;
    });
  }
  double k = 0.0;
  for (uint32_t t = 0;; ++t) {
    cr_block(k0, k1, (uint32_t)e, (uint32_t)(e >> 32), t, CR_TAG_HYPERGEOMETRIC, w);
    if (cr_hypergeometric_try((double)(cr_u53(w[0], w[1]) + 1) * TWO_M53, (double)cr_u53(w[2], w[3]) * TWO_M53, p, &k))
      break;
  }
  return cr_hypergeometric_unflip(k, p);
}

/** Null when p is the row cr_hypergeometric_row makes of some integers good, bad ≤ 10^9 − 1 and sample ≤ good +
 *  bad (recomputed and compared bit for bit: any other row might never end). */
inline const char* cr_hypergeometric_check(const double* p) {
  const char* why = "hypergeometric's row must be the one lib/samplers/hypergeometric.ts derives";
  double good, bad, sample;
  if (p[7] == 4.0) {
    good = p[0], bad = p[1], sample = p[2];
  } else if (p[7] == 0.0 || p[7] == 1.0 || p[7] == 2.0 || p[7] == 3.0) {
    const double mn = p[4], cs = p[5], mx = p[6] + p[5];
    const bool swapped = p[7] == 1.0 || p[7] == 3.0;
    good = swapped ? mx : mn, bad = swapped ? mn : mx;
    sample = p[7] >= 2.0 ? good + bad - cs : cs;
  } else {
    return why;
  }
  if (!(good >= 0.0 && good <= CR_HYPERGEOMETRIC_MAX && bad >= 0.0 && bad <= CR_HYPERGEOMETRIC_MAX && sample >= 0.0 &&
        sample <= good + bad) ||
      floor(good) != good || floor(bad) != bad || floor(sample) != sample) {
    return why;
  }
  double row[8];
  cr_hypergeometric_row(good, bad, sample, row);
  for (int i = 0; i < 8; ++i)
    if (!(row[i] == p[i])) return why;
  return nullptr;
}

#endif  // CR_HYPERGEOMETRIC_H
