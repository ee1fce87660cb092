/**
 * erf(x) and erfc(x) = 1 - erf(x) in binary64 from +, -, *, /, lib/core/math's exp and exact bit
 * manipulation only (C++ twins cr_erf, cr_erfc in cuda/include/cr_special.h). Algorithm and
 * coefficients: fdlibm s_erf.c (Sun Microsystems, 1993; FreeBSD msun), every branch kept;
 * __ieee754_exp is lib/core/math's exp (the same algorithm, error < 1 ulp). Needed for the normal CDF
 * Phi(x) = erfc(-x / sqrt 2) / 2 (truncated normal, ndtri's checks).
 *
 * Method, by |x|:
 *  - [0, 0.84375): erf(x) = x + x R(x^2), R = P/Q odd/even rational (|error| < 2^-57.9); erfc = 1 - erf,
 *    or 1/2 + ((1/2 - x) - x R) for x >= 1/4, which loses nothing to cancellation.
 *  - [0.84375, 1.25): s = |x| - 1, erf = erx + P1(s)/Q1(s) with erx = erf(1) rounded to 24 bits
 *    (|error| < 2^-59.06); erfc = (1 - erx) - P1/Q1 (1 - erx is exact).
 *  - [1.25, 28) (erf: [1.25, 6)): erfc(x) = exp(-x^2 - 0.5625 + R(1/x^2)/S(1/x^2)) / x with two Remez
 *    rational fits of log(x erfc(x)) + x^2 + 0.5625 ([1.25, 1/0.35): 2^-62.57; [1/0.35, 28): 2^-61.52).
 *    -x^2 is formed without rounding error: z = x with its low 32 bits cleared, so z*z is exact and
 *    -x^2 = -z^2 + (z - x)(z + x); exp(-x^2 - 0.5625 + R/S) = exp(-z^2 - 0.5625) exp((z - x)(z + x) + R/S).
 *    erf = 1 - erfc.
 *  - Beyond: erf = +-1, erfc = 0 (x >= 28: erfc < 2^-1100) or 2 (x <= -6).
 * Measured (docs/accuracy.md, 10^6 inputs): erf < 0.84 ulp everywhere; erfc < 0.9 ulp for x < 1/4, up
 * to 2.7 ulp beyond, where the small result comes from 1/2 - (x R + (x - 1/2)), (1 - erx) - P/Q or the
 * two exps and a division, each rounding relative to a larger intermediate.
 */
import { clearLowWord, highWord } from './bits.js';
import { exp } from './exp.js';

/** erf(1) = 0.84506291151... rounded to single precision (24 bits), so 1 - ERX is exact. */
const ERX = 8.45062911510467529297e-01; /* 3FEB0AC1 60000000 */
/** 2/sqrt(pi) - 1: erf(x) = x + EFX x for |x| < 2^-28 (the next term is below 2^-84). */
const EFX = 1.28379167095512586316e-01; /* 3FC06EBA 8214DB69 */
/** 8 EFX: subnormal x uses (8x + EFX8 x) / 8, so that EFX x does not underflow before the sum. */
const EFX8 = 1.02703333676410069053e+00; /* 3FF06EBA 8214DB69 */
/** erf on [0, 0.84375): R(z) = PP(z) / QQ(z), z = x^2. */
const PP0 = 1.28379167095512558561e-01; /* 3FC06EBA 8214DB68 */
const PP1 = -3.25042107247001499370e-01; /* BFD4CD7D 691CB913 */
const PP2 = -2.84817495755985104766e-02; /* BF9D2A51 DBD7194F */
const PP3 = -5.77027029648944159157e-03; /* BF77A291 236668E4 */
const PP4 = -2.37630166566501626084e-05; /* BEF8EAD6 120016AC */
const QQ1 = 3.97917223959155352819e-01; /* 3FD97779 CDDADC09 */
const QQ2 = 6.50222499887672944485e-02; /* 3FB0A54C 5536CEBA */
const QQ3 = 5.08130628187576562776e-03; /* 3F74D022 C4D36B0F */
const QQ4 = 1.32494738004321644526e-04; /* 3F215DC9 221C1A10 */
const QQ5 = -3.96022827877536812320e-06; /* BED09C43 42A26120 */
/** erf on [0.84375, 1.25): erf(1 + s) - ERX ~ PA(s) / QA(s). */
const PA0 = -2.36211856075265944077e-03; /* BF6359B8 BEF77538 */
const PA1 = 4.14856118683748331666e-01; /* 3FDA8D00 AD92B34D */
const PA2 = -3.72207876035701323847e-01; /* BFD7D240 FBB8C3F1 */
const PA3 = 3.18346619901161753674e-01; /* 3FD45FCA 805120E4 */
const PA4 = -1.10894694282396677476e-01; /* BFBC6398 3D3E28EC */
const PA5 = 3.54783043256182359371e-02; /* 3FA22A36 599795EB */
const PA6 = -2.16637559486879084300e-03; /* BF61BF38 0A96073F */
const QA1 = 1.06420880400844228286e-01; /* 3FBB3E66 18EEE323 */
const QA2 = 5.40397917702171048937e-01; /* 3FE14AF0 92EB6F33 */
const QA3 = 7.18286544141962662868e-02; /* 3FB2635C D99FE9A7 */
const QA4 = 1.26171219808761642112e-01; /* 3FC02660 E763351F */
const QA5 = 1.36370839120290507362e-02; /* 3F8BEDC2 6B51DD1C */
const QA6 = 1.19844998467991074170e-02; /* 3F888B54 5735151D */
/** erfc on [1.25, 1/0.35): RA(s) / SA(s), s = 1/x^2. */
const RA0 = -9.86494403484714822705e-03; /* BF843412 600D6435 */
const RA1 = -6.93858572707181764372e-01; /* BFE63416 E4BA7360 */
const RA2 = -1.05586262253232909814e+01; /* C0251E04 41B0E726 */
const RA3 = -6.23753324503260060396e+01; /* C04F300A E4CBA38D */
const RA4 = -1.62396669462573470355e+02; /* C0644CB1 84282266 */
const RA5 = -1.84605092906711035994e+02; /* C067135C EBCCABB2 */
const RA6 = -8.12874355063065934246e+01; /* C0545265 57E4D2F2 */
const RA7 = -9.81432934416914548592e+00; /* C023A0EF C69AC25C */
const SA1 = 1.96512716674392571292e+01; /* 4033A6B9 BD707687 */
const SA2 = 1.37657754143519042600e+02; /* 4061350C 526AE721 */
const SA3 = 4.34565877475229228821e+02; /* 407B290D D58A1A71 */
const SA4 = 6.45387271733267880336e+02; /* 40842B19 21EC2868 */
const SA5 = 4.29008140027567833386e+02; /* 407AD021 57700314 */
const SA6 = 1.08635005541779435134e+02; /* 405B28A3 EE48AE2C */
const SA7 = 6.57024977031928170135e+00; /* 401A47EF 8E484A93 */
const SA8 = -6.04244152148580987438e-02; /* BFAEEFF2 EE749A62 */
/** erfc on [1/0.35, 28): RB(s) / SB(s), s = 1/x^2. */
const RB0 = -9.86494292470009928597e-03; /* BF843412 39E86F4A */
const RB1 = -7.99283237680523006574e-01; /* BFE993BA 70C285DE */
const RB2 = -1.77579549177547519889e+01; /* C031C209 555F995A */
const RB3 = -1.60636384855821916062e+02; /* C064145D 43C5ED98 */
const RB4 = -6.37566443368389627722e+02; /* C083EC88 1375F228 */
const RB5 = -1.02509513161107724954e+03; /* C0900461 6A2E5992 */
const RB6 = -4.83519191608651397019e+02; /* C07E384E 9BDC383F */
const SB1 = 3.03380607434824582924e+01; /* 403E568B 261D5190 */
const SB2 = 3.25792512996573918826e+02; /* 40745CAE 221B9F0A */
const SB3 = 1.53672958608443695994e+03; /* 409802EB 189D5118 */
const SB4 = 3.19985821950859553908e+03; /* 40A8FFB7 688C246A */
const SB5 = 2.55305040643316442583e+03; /* 40A3F219 CEDF3BE6 */
const SB6 = 4.74528541206955367215e+02; /* 407DA874 E79FE763 */
const SB7 = -2.24409524465858183362e+01; /* C03670E2 42712D62 */

/** x R(x^2) on |x| < 0.84375: erf(x) = x + xR. */
function smallR(x: number): number {
  const z = x * x;
  const r = PP0 + z * (PP1 + z * (PP2 + z * (PP3 + z * PP4)));
  const s = 1.0 + z * (QQ1 + z * (QQ2 + z * (QQ3 + z * (QQ4 + z * QQ5))));
  return r / s;
}

/** P1(s)/Q1(s) on 0.84375 <= |x| < 1.25, s = |x| - 1. */
function nearOne(ax: number): number {
  const s = ax - 1.0;
  const P = PA0 + s * (PA1 + s * (PA2 + s * (PA3 + s * (PA4 + s * (PA5 + s * PA6)))));
  const Q = 1.0 + s * (QA1 + s * (QA2 + s * (QA3 + s * (QA4 + s * (QA5 + s * QA6)))));
  return P / Q;
}

/**
 * x erfc(x) for x = |x| >= 1.25: exp(-z^2 - 0.5625) exp((z - x)(z + x) + R/S) with z = x truncated to
 * its high word; `low` picks the [1.25, 1/0.35) fit (erf and erfc use fdlibm's slightly different
 * thresholds 0x4006DB6E and 0x4006DB6D).
 */
function tail(ax: number, low: boolean): number {
  const s = 1.0 / (ax * ax);
  let R: number;
  let S: number;
  if (low) {
    R = RA0 + s * (RA1 + s * (RA2 + s * (RA3 + s * (RA4 + s * (RA5 + s * (RA6 + s * RA7))))));
    S = 1.0 + s * (SA1 + s * (SA2 + s * (SA3 + s * (SA4 + s * (SA5 + s * (SA6 + s * (SA7 + s * SA8)))))));
  } else {
    R = RB0 + s * (RB1 + s * (RB2 + s * (RB3 + s * (RB4 + s * (RB5 + s * RB6)))));
    S = 1.0 + s * (SB1 + s * (SB2 + s * (SB3 + s * (SB4 + s * (SB5 + s * (SB6 + s * SB7))))));
  }
  const z = clearLowWord(ax);
  return exp(-z * z - 0.5625) * exp((z - ax) * (z + ax) + R / S);
}

/** erf(x). erf(+-0) = +-0, erf(+-Inf) = +-1, erf(NaN) = NaN. */
export function erf(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) {
    if (x !== x) return x + x;
    return hx < 0 ? -1.0 : 1.0;
  }
  if (ix < 0x3feb0000) {
    // |x| < 0.84375
    if (ix < 0x3e300000) {
      // |x| < 2^-28
      if (ix < 0x00800000) return (8.0 * x + EFX8 * x) / 8.0; // |x| < 2^-1015
      return x + EFX * x;
    }
    return x + x * smallR(x);
  }
  if (ix < 0x3ff40000) {
    // 0.84375 <= |x| < 1.25
    const pq = nearOne(Math.abs(x));
    return hx >= 0 ? ERX + pq : -ERX - pq;
  }
  if (ix >= 0x40180000) return hx >= 0 ? 1.0 : -1.0; // |x| >= 6: 1 - erf < 2^-53
  const ax = Math.abs(x);
  const r = tail(ax, ix < 0x4006db6e);
  return hx >= 0 ? 1.0 - r / ax : r / ax - 1.0;
}

/** erfc(x) = 1 - erf(x). erfc(+Inf) = +0, erfc(-Inf) = 2, erfc(NaN) = NaN, erfc(+-0) = 1. */
export function erfc(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) {
    if (x !== x) return x + x;
    return hx < 0 ? 2.0 : 0.0;
  }
  if (ix < 0x3feb0000) {
    // |x| < 0.84375
    if (ix < 0x3c700000) return 1.0 - x; // |x| < 2^-56
    const y = smallR(x);
    if (hx < 0x3fd00000) return 1.0 - (x + x * y); // x < 1/4 (negative x included)
    let r = x * y;
    r += x - 0.5;
    return 0.5 - r;
  }
  if (ix < 0x3ff40000) {
    // 0.84375 <= |x| < 1.25
    const pq = nearOne(Math.abs(x));
    if (hx >= 0) return (1.0 - ERX) - pq;
    return 1.0 + (ERX + pq);
  }
  if (ix < 0x403c0000) {
    // |x| < 28
    if (hx < 0 && ix >= 0x40180000) return 2.0; // x <= -6: erfc = 2 - (less than 2^-53)
    const ax = Math.abs(x);
    const r = tail(ax, ix < 0x4006db6d);
    return hx > 0 ? r / ax : 2.0 - r / ax;
  }
  return hx > 0 ? 0.0 : 2.0; // x >= 28: erfc(x) < 2^-1100 rounds to +0
}
