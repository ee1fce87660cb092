/**
 * log(1 + x) in binary64 from +, -, *, / and exact bit manipulation only (the rule of lib/core/math: the
 * same bits in V8, g++ -ffp-contract=off and nvcc -fmad=false; C++ twin cr_log1p in
 * cuda/include/cr_special.h). Algorithm and coefficients: fdlibm s_log1p.c (Sun Microsystems, 1993;
 * FreeBSD msun), every branch kept, so fdlibm's error analysis (< 1 ulp) applies; measured in
 * docs/accuracy.md. Needed where 1 + x would lose x: e.g. geometric sampling, log1p(-p) for tiny p.
 *
 * Method: 1 + x = 2^k (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)). For k = 0, f = x exactly. Otherwise
 * u = fl(1 + x) is split instead and the rounding error of u is carried as c = ((1 + x) - u) / u, since
 * log(1 + x) - log(u) ~ c. Then, as in log.ts, s = f / (2 + f), log(1 + f) = f - (f^2/2 - s (f^2/2 + R))
 * with R(s^2) the minimax polynomial LG1..LG7 (fdlibm's Lp1..Lp7 are log's Lg1..Lg7), and
 * log(1 + x) = k ln2_hi + (f - (f^2/2 - (s (f^2/2 + R) + (k ln2_lo + c)))).
 */
import { highWord, POW2, POW2_BIAS } from './bits.js';
import { LN2_HI, LN2_LO, LG1, LG2, LG3, LG4, LG5, LG6, LG7 } from './log.js';

/**
 * 2/3 rounded (0x3FE55555 55555555): |f| < 2^-20 uses log(1 + f) ~ f - f^2/2 + f^3/3 written as
 * f - (f^2/2)(1 - 2f/3); the neglected f^4/4 is below 2^-80 relative.
 */
const TWO_THIRDS = 6.666666666666666297e-01; /* 3FE55555 55555555 */

/**
 * log1p(x) = log(1 + x). log1p(-1) = -Infinity, log1p(x < -1) = NaN (-Infinity included),
 * log1p(+Inf) = +Inf, log1p(NaN) = NaN, log1p(+-0) = +-0; log1p(x) = x for |x| < 2^-54.
 */
export function log1p(x: number): number {
  const hx = highWord(x);
  const ax = hx & 0x7fffffff;
  let k = 1;
  let f = 0;
  let c = 0;
  let hu = 0;
  if (hx < 0x3fda827a) {
    // 1 + x < sqrt(2) + a little (every negative x comes here).
    if (ax >= 0x3ff00000) {
      // x <= -1, -Infinity, or a NaN with its sign bit set
      if (x === -1) return -Infinity;
      return NaN;
    }
    if (ax < 0x3e200000) {
      // |x| < 2^-29: log(1 + x) = x - x^2/2 + x^3/3, the cube below 2^-58 relative
      if (ax < 0x3c900000) return x; // |x| < 2^-54 (keeps the sign of zero)
      return x - x * x * 0.5;
    }
    if (hx > 0 || hx <= (0xbfd2bec4 | 0)) {
      // -0.2929 <= x < 0.41422: 1 + x is in [sqrt(2)/2, sqrt(2)) and f = x exactly
      k = 0;
      f = x;
      hu = 1;
    }
  }
  if (hx >= 0x7ff00000) return x + x; // +Infinity or NaN
  if (k !== 0) {
    let u: number;
    if (hx < 0x43400000) {
      // x < 2^53: u = fl(1 + x) and its rounding error c / u (exact differences: Sterbenz / Fast2Sum)
      u = 1.0 + x;
      hu = highWord(u);
      k = (hu >> 20) - 1023;
      c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0);
      c /= u;
    } else {
      // x >= 2^53: 1 + x rounds to x within half an ulp of a number whose log ~ 37; no correction
      u = x;
      hu = highWord(u);
      k = (hu >> 20) - 1023;
      c = 0;
    }
    hu &= 0x000fffff;
    // fdlibm rewrites u's exponent field to 0 (mantissa m < sqrt(2)) or -1 (m >= sqrt(2)): the same
    // as the exact scalings u / 2^k and u / 2^(k+1) used here.
    if (hu < 0x6a09e) {
      u = u * POW2[POW2_BIAS - k];
    } else {
      k += 1;
      u = u * POW2[POW2_BIAS - k];
      hu = (0x00100000 - hu) >> 2;
    }
    f = u - 1.0; // exact
  }
  const hfsq = 0.5 * f * f;
  const dk = k;
  if (hu === 0) {
    // |f| < 2^-20 (only reached with k != 0)
    if (f === 0) {
      c += dk * LN2_LO;
      return dk * LN2_HI + c;
    }
    const R = hfsq * (1.0 - TWO_THIRDS * f);
    return dk * LN2_HI - ((R - (dk * LN2_LO + c)) - f);
  }
  const s = f / (2.0 + f);
  const z = s * s;
  const R = z * (LG1 + z * (LG2 + z * (LG3 + z * (LG4 + z * (LG5 + z * (LG6 + z * LG7))))));
  if (k === 0) return f - (hfsq - s * (hfsq + R));
  return dk * LN2_HI - ((hfsq - (s * (hfsq + R) + (dk * LN2_LO + c))) - f);
}
