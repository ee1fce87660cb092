/**
 * exp(x) - 1 in binary64 from +, -, *, / and exact bit manipulation only (C++ twin cr_expm1 in
 * cuda/include/cr_special.h). Algorithm and coefficients: fdlibm s_expm1.c (Sun Microsystems, 1993;
 * FreeBSD msun), every branch kept (fdlibm's analysis: error < 1 ulp; measured in docs/accuracy.md).
 *
 * Method: x = k ln2 + r, |r| <= ln2/2, with r = hi - lo rounded and its rounding error c carried.
 * On |r| <= 0.347, r (e^r + 1) / (e^r - 1) = 2 + r^2/6 R1(r^2), R1(z) ~ 1 + Q1 z + ... + Q5 z^5 (a
 * Remez fit, error < 2^-61; the Q here are fdlibm's scaled Qn 2^n, for R1 evaluated at hxs = r^2/2), and
 * expm1(r) = r + r^2/2 + r^3/2 (3 - (R1 + R1 r/2)) / (6 - r (3 - R1 r/2)), rearranged as r - E with the
 * correction c folded into E. Then expm1(x) = 2^k (expm1(r) + 1) - 1, in the form (one of seven) that
 * loses least for that k.
 */
import { highWord, POW2, POW2_BIAS } from './bits.js';
import { LN2_HI, LN2_LO } from './log.js';

/** 1 / ln 2 rounded (0x3FF71547 652B82FE): only chooses k. */
const INV_LN2 = 1.44269504088896338700e+00; /* 3FF71547 652B82FE */
/** Largest x with exp(x) finite (0x40862E42 FEFA39EF); above it expm1 overflows. */
const O_THRESHOLD = 7.09782712893383973096e+02; /* 40862E42 FEFA39EF */
/** fdlibm's Q1..Q5 of R1(2 hxs), hxs = r^2/2: Qn = 2^n times the Remez coefficients of R1(r^2). */
const Q1 = -3.33333333333331316428e-02; /* BFA11111 111110F4 */
const Q2 = 1.58730158725481460165e-03; /* 3F5A01A0 19FE5585 */
const Q3 = -7.93650757867487942473e-05; /* BF14CE19 9EAADBB7 */
const Q4 = 4.00821782732936239552e-06; /* 3ED0CFCA 86E65239 */
const Q5 = -2.01099218183624371326e-07; /* BE8AFDB7 6E09C32D */

/**
 * expm1(x) = exp(x) - 1. expm1(+Inf) = +Inf, expm1(-Inf) = -1, expm1(NaN) = NaN, expm1(+-0) = +-0;
 * -1 for x < -56 ln2 (the true value rounds to -1), +Infinity above 709.78..., x for |x| < 2^-54.
 */
export function expm1(x: number): number {
  const hw = highWord(x);
  const neg = hw < 0;
  const hx = hw & 0x7fffffff; // high word of |x|
  if (hx >= 0x4043687a) {
    // |x| >= 56 ln2
    if (x !== x) return x + x; // NaN
    if (x > O_THRESHOLD) return Infinity;
    if (neg) return -1.0; // x <= -56 ln2, -Infinity included: exp(x) < 2^-56
  }
  let k: number;
  let c = 0;
  if (hx > 0x3fd62e42) {
    // |x| > ln2/2: reduce
    let hi: number;
    let lo: number;
    if (hx < 0x3ff0a2b2) {
      // |x| < 1.5 ln2: k = +-1
      if (!neg) {
        hi = x - LN2_HI;
        lo = LN2_LO;
        k = 1;
      } else {
        hi = x + LN2_HI;
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      // C's conversion to int truncates toward zero: k = trunc(x / ln2 +- 1/2), |k| <= 1024
      k = Math.trunc(INV_LN2 * x + (neg ? -0.5 : 0.5));
      const t = k;
      hi = x - t * LN2_HI; // t * LN2_HI exact (LN2_HI has 32 bits); the difference exact
      lo = t * LN2_LO;
    }
    x = hi - lo;
    c = (hi - x) - lo; // the rounding error of x = hi - lo
  } else if (hx < 0x3c900000) {
    // |x| < 2^-54: expm1(x) = x + x^2/2 rounds to x (keeps the sign of zero)
    return x;
  } else {
    k = 0;
  }
  // x is now r, |r| <= ln2/2 (+ a little)
  const hfx = 0.5 * x;
  const hxs = x * hfx;
  const r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
  let t = 3.0 - r1 * hfx;
  let e = hxs * ((r1 - t) / (6.0 - x * t));
  if (k === 0) return x - (x * e - hxs); // c is 0
  e = x * (e - c) - c;
  e -= hxs;
  if (k === -1) return 0.5 * (x - e) - 0.5;
  if (k === 1) {
    if (x < -0.25) return -2.0 * (e - (x + 0.5));
    return 1.0 + 2.0 * (x - e);
  }
  let y: number;
  if (k <= -2 || k > 56) {
    // the -1 is absorbed in one rounding (k <= -2) or is below the last bit (k > 56)
    y = 1.0 - (e - x);
    if (k === 1024) y = y * 2.0 * POW2[POW2_BIAS + 1023]; // 2^1024 is not a double
    else y = y * POW2[POW2_BIAS + k];
    return y - 1.0;
  }
  if (k < 20) {
    t = 1.0 - POW2[POW2_BIAS - k]; // 1 - 2^-k, exact (fdlibm sets the high word to the same value)
    y = t - (e - x);
    y = y * POW2[POW2_BIAS + k];
  } else {
    t = POW2[POW2_BIAS - k]; // 2^-k
    y = x - (e + t);
    y += 1.0;
    y = y * POW2[POW2_BIAS + k];
  }
  return y;
}
