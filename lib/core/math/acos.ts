/**
 * acos(x) in binary64 from +, -, *, /, sqrt and exact bit manipulation only (C++ twin cr_acos in
 * cuda/include/cr_special.h); sqrt is correctly rounded in IEEE 754 (Math.sqrt, C sqrt, CUDA's
 * double sqrt), so it is as portable as the four operations. Needed by von Mises sampling. Algorithm
 * and coefficients: fdlibm e_acos.c (Sun Microsystems, 1993; FreeBSD msun); no atan is needed.
 *
 * Method: asin(x) = x + x^3 R(x^2) on |x| <= 1/2 with R = pS(z)/qS(z) a Remez rational fit (shared
 * with fdlibm's asin);
 *  - |x| < 1/2: acos(x) = pi/2 - (x + x R(x^2)), pi/2 as PIO2_HI + PIO2_LO;
 *  - x > 1/2: acos(x) = 2 asin(sqrt(z)), z = (1 - x)/2 exact; sqrt(z) = df + c with df its high 32 bits
 *    (so df*df is exact) and c = (z - df^2)/(s + df) the correction, acos = 2 (df + (s R(z) + c));
 *  - x < -1/2: acos(x) = pi - 2 asin(sqrt(z)), z = (1 + x)/2.
 * Error < 1 ulp (fdlibm); measured in docs/accuracy.md.
 */
import { clearLowWord, highWord } from './bits.js';

/** pi rounded (0x400921FB 54442D18). */
const PI = 3.14159265358979311600e+00; /* 400921FB 54442D18 */
/** pi/2 rounded, and the rest: PIO2_HI + PIO2_LO = pi/2 to ~2^-107. */
const PIO2_HI = 1.57079632679489655800e+00; /* 3FF921FB 54442D18 */
const PIO2_LO = 6.12323399573676603587e-17; /* 3C91A626 33145C07 */
/** R(z) = pS(z) / qS(z): (asin(x) - x) / x^3 on z = x^2 in [0, 1/4]. */
const PS0 = 1.66666666666666657415e-01; /* 3FC55555 55555555 */
const PS1 = -3.25565818622400915405e-01; /* BFD4D612 03EB6F7D */
const PS2 = 2.01212532134862925881e-01; /* 3FC9C155 0E884455 */
const PS3 = -4.00555345006794114027e-02; /* BFA48228 B5688F3B */
const PS4 = 7.91534994289814532176e-04; /* 3F49EFE0 7501B288 */
const PS5 = 3.47933107596021167570e-05; /* 3F023DE1 0DFDF709 */
const QS1 = -2.40339491173441421878e+00; /* C0033A27 1C8A2D4B */
const QS2 = 2.02094576023350569471e+00; /* 40002AE5 9C598AC8 */
const QS3 = -6.88283971605453293030e-01; /* BFE6066C 1B8D0159 */
const QS4 = 7.70381505559019352791e-02; /* 3FB3B8C5 B12E9282 */

/** z R(z) as pS(z) / qS(z). */
function rationalR(z: number): number {
  const p = z * (PS0 + z * (PS1 + z * (PS2 + z * (PS3 + z * (PS4 + z * PS5)))));
  const q = 1.0 + z * (QS1 + z * (QS2 + z * (QS3 + z * QS4)));
  return p / q;
}

/** acos(x) in [0, pi]. acos(1) = +0, acos(-1) = pi rounded, |x| > 1 or NaN gives NaN. */
export function acos(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x3ff00000) {
    // |x| >= 1, or not finite
    if (x === 1) return 0.0;
    if (x === -1) return PI + 2.0 * PIO2_LO;
    return NaN;
  }
  if (ix < 0x3fe00000) {
    // |x| < 1/2
    if (ix <= 0x3c600000) return PIO2_HI + PIO2_LO; // |x| <= 2^-57
    const r = rationalR(x * x);
    return PIO2_HI - (x - (PIO2_LO - x * r));
  }
  if (hx < 0) {
    // x <= -1/2
    const z = (1.0 + x) * 0.5;
    const r = rationalR(z);
    const s = Math.sqrt(z);
    const w = r * s - PIO2_LO;
    return PI - 2.0 * (s + w);
  }
  // x >= 1/2
  const z = (1.0 - x) * 0.5;
  const s = Math.sqrt(z);
  const df = clearLowWord(s);
  const c = (z - df * df) / (s + df);
  const r = rationalR(z);
  const w = r * s + c;
  return 2.0 * (df + w);
}
