/**
 * exp(x) in binary64 from +, -, *, / and exact bit manipulation (fdlibm e_exp.c, Sun 1993, with the
 * k == 0 and |x| < 2^-28 shortcuts folded into the general path: same results). Error < 1 ulp for
 * normal results (docs/accuracy.md); subnormal results are rounded once.
 *
 * Method: k = floor(x / ln2 + 1/2), r = x - k ln2 as hi - lo (hi exact), |r| <= ln2 / 2 (+ a little);
 * exp(r) = 1 + r + r c / (2 - c) with c = r - r^2 P(r^2) (a Remez rational form);
 * exp(x) = 2^k exp(r).
 */
import { POW2, POW2_BIAS } from './bits.js';
import { LN2_HI, LN2_LO } from './log.js';

/** 1 / ln 2 rounded to binary64 (0x3FF71547 652B82FE). Only picks k; any rounding is harmless. */
const INV_LN2 = 1.44269504088896338700e+00;
/** Largest x with exp(x) finite: 0x40862E42 FEFA39EF. */
const O_THRESHOLD = 7.09782712893383973096e+02;
/** Below this exp(x) rounds to 0 (x < log(2^-1075)): 0xC0874910 D52D3051. */
const U_THRESHOLD = -7.45133219101941108420e+02;
/** 2^-1000: the second factor of the scaling into the subnormal range. */
const TWO_M1000 = 9.33263618503218878990e-302;
/**
 * fdlibm's Remez coefficients: t (P1 + P2 t + ... + P5 t^4), t = r^2, approximates
 * r (e^r + 1) / (e^r - 1) - 2 = t/6 - t^2/360 + ... on |r| <= 0.347 with error < 2^-59.
 */
const P1 = 1.66666666666666019037e-01; /* 3FC55555 5555553E */
const P2 = -2.77777777770155933842e-03; /* BF66C16C 16BEBD93 */
const P3 = 6.61375632143793436117e-05; /* 3F11566A AF25DE2C */
const P4 = -1.65339022054652515390e-06; /* BEBBBD41 C5D26BF1 */
const P5 = 4.13813679705723846039e-08; /* 3E663769 72BEA4D0 */

/** exp(x): +Inf above 709.78..., +0 below -745.13..., NaN for NaN. */
export function exp(x: number): number {
  if (!(x <= O_THRESHOLD)) return x > O_THRESHOLD ? Infinity : NaN;
  if (x < U_THRESHOLD) return 0;
  const k = Math.floor(x * INV_LN2 + 0.5); // integer in [-1075, 1024]
  const hi = x - k * LN2_HI; // k * LN2_HI exact (32 + 11 bits); the difference exact (Sterbenz)
  const lo = k * LN2_LO;
  const r = hi - lo;
  const t = r * r;
  const c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  // y in [0.70, 1.42]; scale by 2^k exactly, or with one rounding into the subnormal range.
  if (k >= -1021) {
    if (k === 1024) return y * 2.0 * POW2[POW2_BIAS + 1023];
    return y * POW2[POW2_BIAS + k];
  }
  return y * POW2[POW2_BIAS + k + 1000] * TWO_M1000;
}
