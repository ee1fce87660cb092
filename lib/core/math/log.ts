/**
 * Natural logarithm in binary64 from +, -, *, / and exact bit manipulation only, so that every
 * platform (V8, nvcc with -fmad=false, g++ with -ffp-contract=off) returns the same bits. The
 * algorithm and coefficients are fdlibm's e_log.c (Sun Microsystems, 1993; FreeBSD msun), with its
 * shortcuts for k == 0 and |f| < 2^-20 removed: they return bitwise the same values as the general
 * path (up to the sign of a zero result), so the function has one path less to port. Error < 1 ulp
 * (measured: docs/accuracy.md).
 *
 * Method: x = 2^k * (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)); s = f / (2 + f), so that
 * log(1 + f) = 2 atanh(s) = f - f^2/2 + s (f^2/2 + R(z)), z = s^2, R a minimax polynomial;
 * log(x) = k ln2_hi - ((f^2/2 - (s (f^2/2 + R) + k ln2_lo)) - f).
 */
import { highWord, POW2, POW2_BIAS } from './bits.js';

/** ln 2 rounded to 32 significant bits (0x3FE62E42 FEE00000): k * LN2_HI is exact for |k| < 2^21. */
export const LN2_HI = 6.93147180369123816490e-01;
/** ln 2 - LN2_HI rounded to binary64 (0x3DEA39EF 35793C76); LN2_HI + LN2_LO = ln 2 to ~2^-86. */
export const LN2_LO = 1.90821492927058770002e-10;
/** 2^54: scales subnormal x into the normal range. */
const TWO54 = 1.80143985094819840000e+16;

/**
 * fdlibm's Remez minimax coefficients: R(z) = LG1 z + LG2 z^2 + ... + LG7 z^7 approximates
 * (2 atanh(s) - 2s) / s = 2z/3 + 2z^2/5 + ... on z = s^2 in [0, 0.1716^2], 0.1716 = max |s| =
 * (sqrt(2) - 1) / (sqrt(2) + 1), with error < 2^-58.45. Comments give the exact binary64 bits.
 */
export const LG1 = 6.666666666666735130e-01; /* 3FE55555 55555593 */
export const LG2 = 3.999999999940941908e-01; /* 3FD99999 9997FA04 */
export const LG3 = 2.857142874366239149e-01; /* 3FD24924 94229359 */
export const LG4 = 2.222219843214978396e-01; /* 3FCC71C5 1D8E78AF */
export const LG5 = 1.818357216161805012e-01; /* 3FC74664 96CB03DE */
export const LG6 = 1.531383769920937332e-01; /* 3FC39A09 D078C69F */
export const LG7 = 1.479819860511658591e-01; /* 3FC2F112 DF3E5244 */

/**
 * log(x) for binary64 x. log(+0) = -Infinity, log(x < 0) = NaN, log(+Inf) = +Inf, log(NaN) = NaN;
 * log(1) = +0. Every positive finite x, subnormals included, goes through the one path below.
 */
export function log(x: number): number {
  let hx = highWord(x);
  let k = 0;
  if (hx < 0x00100000) {
    // x < 2^-1022, or x <= 0, or x negative.
    if (x === 0) return -Infinity;
    if (!(x > 0)) return NaN;
    k = -54;
    x *= TWO54; // exact: subnormal scaled to normal
    hx = highWord(x);
  }
  if (hx >= 0x7ff00000) return x + x; // +Inf or NaN
  // e: exponent of x after normalising its mantissa m = 1.(hx mantissa bits) to [sqrt(2)/2, sqrt(2)):
  // i = 0x100000 exactly when m >= sqrt(2) (the low 20 mantissa bits + 0x95f64 carry into bit 20),
  // and then m/2 is used.
  const i = ((hx & 0x000fffff) + 0x95f64) & 0x100000;
  const e = (hx >> 20) - 1023 + (i >> 20); // in [-1022, 1024]
  k += e;
  // x / 2^e, exact. (fdlibm overwrites the exponent field with 0x3ff or 0x3fe: the same value.)
  x = x * POW2[POW2_BIAS - e];
  const f = x - 1.0; // exact (Sterbenz)
  const s = f / (2.0 + f);
  const dk = k; // k is an integer in [-1076, 1024]: exact
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const R = t2 + t1;
  // fdlibm's choice of form: input mantissas 1.hx in (1.3799, 1.4200), where |f| is largest, use
  // the f^2/2 form; all others the s (f - R) form.
  const hm = hx & 0x000fffff;
  if (((hm - 0x6147a) | (0x6b851 - hm)) > 0) {
    const hfsq = 0.5 * f * f;
    return dk * LN2_HI - ((hfsq - (s * (hfsq + R) + dk * LN2_LO)) - f);
  }
  return dk * LN2_HI - ((s * (f - R) - dk * LN2_LO) - f);
}
