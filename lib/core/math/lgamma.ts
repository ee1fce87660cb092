/**
 * log Gamma(x) for x > 0 in binary64 from +, -, *, /, lib/core/math's log and exact bit manipulation only
 * (C++ twin cr_lgamma in cuda/include/cr_special.h). Algorithm and coefficients: fdlibm e_lgamma_r.c
 * (Sun Microsystems, 1993; FreeBSD msun) restricted to positive arguments: fdlibm reaches negative x
 * through the reflection formula with sin(pi x), which the samplers (Poisson, binomial: log k! and
 * log Gamma of positive shapes) never need, so that path and its sine are left out. fdlibm's
 * __ieee754_log is replaced by lib/core/math's log (the same algorithm, error < 1 ulp).
 *
 * Method (x > 0):
 *  - x < 2^-70: lgamma(x) = -log(x) (the next term, -gamma x, is below 2^-70 relative).
 *  - x = 1 or 2: exactly 0.
 *  - x < 2: fdlibm's three approximations, picked so that the argument y is small where lgamma has its
 *    zeros (1, 2) and its minimum (tc = 1.4616...): around 2 (y = 2 - x; for x <= 0.9 via
 *    lgamma(x) = lgamma(x + 1) - log(x) with y = 1 - x) a polynomial A0..A11 in y with
 *    lgamma(2 - y) = p(y) - y/2; around tc (y = x - tc) a degree-14 polynomial T0..T14 with the minimum
 *    value tf + tt as a two-part constant; around 1 (y = x - 1) a rational U/V.
 *  - 2 <= x < 8: x = i + y, lgamma(x) = lgamma(2 + y) + log((y + 2)(y + 3)...(y + i - 1)), lgamma(2 + y)
 *    by the rational function S/R on [0, 1).
 *  - 8 <= x < 2^58: (x - 1/2)(log(x) - 1) + w(1/x), w a Remez polynomial W0..W6 in 1/x (the Stirling
 *    series with its constant 0.5 log(2 pi) - 1/2 = W0 folded in).
 *  - x >= 2^58: x (log(x) - 1) (the rest is below half an ulp); +Infinity past 2.55e305.
 * Error: fdlibm states no bound; measured (docs/accuracy.md, 10^6 inputs) at most 2.51 ulp. The worst
 * stretch is 8 <= x < 20, where (x - 1/2)(log x - 1) + w rounds several times over terms of similar
 * size (up to 2.51 ulp), then x in [0.23, 0.9] (-log x + lgamma(x + 1) partly cancel: up to 2.0 ulp).
 * Near the zeros 1 and 2 the expansions in y = x - 1, 2 - x keep the error relative: up to 1.9 ulp
 * within 1/4 of 1 (down to 1 +- 2^-53) and 1.1 ulp within 1/4 of 2.
 */
import { highWord } from './bits.js';
import { log } from './log.js';

/**
 * Polynomial around 2: lgamma(2 - y) ~ y (A0 + A2 y^2 + ...) + y^2 (A1 + A3 y^2 + ...) - y/2; A0 is
 * Euler's gamma - 1/2 and A1 = (zeta(2) - 1)/2, the Taylor coefficients, refined by fdlibm's fit.
 */
const A0 = 7.72156649015328655494e-02; /* 3FB3C467 E37DB0C8 */
const A1 = 3.22467033424113591611e-01; /* 3FD4A34C C4A60FAD */
const A2 = 6.73523010531292681824e-02; /* 3FB13E00 1A5562A7 */
const A3 = 2.05808084325167332806e-02; /* 3F951322 AC92547B */
const A4 = 7.38555086081402883957e-03; /* 3F7E404F B68FEFE8 */
const A5 = 2.89051383673415629091e-03; /* 3F67ADD8 CCB7926B */
const A6 = 1.19270763183362067845e-03; /* 3F538A94 116F3F5D */
const A7 = 5.10069792153511336608e-04; /* 3F40B6C6 89B99C00 */
const A8 = 2.20862790713908385557e-04; /* 3F2CF2EC ED10E54D */
const A9 = 1.08011567247583939954e-04; /* 3F1C5088 987DFB07 */
const A10 = 2.52144565451257326939e-05; /* 3EFA7074 428CFA52 */
const A11 = 4.48640949618915160150e-05; /* 3F07858E 90A45837 */
/** The minimum of Gamma on x > 0 (tc) and lgamma there, as tf - tt (tt = minus the tail of tf). */
const TC = 1.46163214496836224576e+00; /* 3FF762D8 6356BE3F */
const TF = -1.21486290535849611461e-01; /* BFBF19B9 BCC38A42 */
const TT = -3.63867699703950536541e-18; /* BC50C7CA A48A971F */
/** Degree-14 polynomial around tc: lgamma(tc + y) ~ tf + y^2 T(y), with -tt added to tf's rounding. */
const T0 = 4.83836122723810047042e-01; /* 3FDEF72B C8EE38A2 */
const T1 = -1.47587722994593911752e-01; /* BFC2E427 8DC6C509 */
const T2 = 6.46249402391333854778e-02; /* 3FB08B42 94D5419B */
const T3 = -3.27885410759859649565e-02; /* BFA0C9A8 DF35B713 */
const T4 = 1.79706750811820387126e-02; /* 3F9266E7 970AF9EC */
const T5 = -1.03142241298341437450e-02; /* BF851F9F BA91EC6A */
const T6 = 6.10053870246291332635e-03; /* 3F78FCE0 E370E344 */
const T7 = -3.68452016781138256760e-03; /* BF6E2EFF B3E914D7 */
const T8 = 2.25964780900612472250e-03; /* 3F6282D3 2E15C915 */
const T9 = -1.40346469989232843813e-03; /* BF56FE8E BF2D1AF1 */
const T10 = 8.81081882437654011382e-04; /* 3F4CDF0C EF61A8E9 */
const T11 = -5.38595305356740546715e-04; /* BF41A610 9C73E0EC */
const T12 = 3.15632070903625950361e-04; /* 3F34AF6D 6C0EBBF7 */
const T13 = -3.12754168375120860518e-04; /* BF347F24 ECC38C38 */
const T14 = 3.35529192635519073543e-04; /* 3F35FD3E E8C2D3F4 */
/** Rational approximation around 1: lgamma(1 + y) ~ -y/2 + y U(y) / V(y). */
const U0 = -7.72156649015328655494e-02; /* BFB3C467 E37DB0C8 */
const U1 = 6.32827064025093366517e-01; /* 3FE4401E 8B005DFF */
const U2 = 1.45492250137234768737e+00; /* 3FF7475C D119BD6F */
const U3 = 9.77717527963372745603e-01; /* 3FEF4976 44EA8450 */
const U4 = 2.28963728064692451092e-01; /* 3FCD4EAE F6010924 */
const U5 = 1.33810918536787660377e-02; /* 3F8B678B BF2BAB09 */
const V1 = 2.45597793713041134822e+00; /* 4003A5D7 C2BD619C */
const V2 = 2.12848976379893395361e+00; /* 40010725 A42B18F5 */
const V3 = 7.69285150456672783825e-01; /* 3FE89DFB E45050AF */
const V4 = 1.04222645593369134254e-01; /* 3FBAAE55 D6537C88 */
const V5 = 3.21709242282423911810e-03; /* 3F6A5ABB 57D0CF61 */
/** Rational approximation on [2, 3): lgamma(2 + y) ~ y/2 + S(y) / R(y) (error < 2^-61.71, fdlibm). */
const S0 = -7.72156649015328655494e-02; /* BFB3C467 E37DB0C8 */
const S1 = 2.14982415960608852501e-01; /* 3FCB848B 36E20878 */
const S2 = 3.25778796408930981787e-01; /* 3FD4D98F 4F139F59 */
const S3 = 1.46350472652464452805e-01; /* 3FC2BB9C BEE5F2F7 */
const S4 = 2.66422703033638609560e-02; /* 3F9B481C 7E939961 */
const S5 = 1.84028451407337715652e-03; /* 3F5E26B6 7368F239 */
const S6 = 3.19475326584100867617e-05; /* 3F00BFEC DD17E945 */
const R1 = 1.39200533467621045958e+00; /* 3FF645A7 62C4AB74 */
const R2 = 7.21935547567138069525e-01; /* 3FE71A18 93D3DCDC */
const R3 = 1.71933865632803078993e-01; /* 3FC601ED CCFBDF27 */
const R4 = 1.86459191715652901344e-02; /* 3F9317EA 742ED475 */
const R5 = 7.77942496381893596434e-04; /* 3F497DDA CA41A95B */
const R6 = 7.32668430744625636189e-06; /* 3EDEBAF7 A5B38140 */
/** Stirling tail for x >= 8: lgamma(x) - (x - 1/2)(log x - 1) ~ W(1/x), error < 2^-58.74 (fdlibm). */
const W0 = 4.18938533204672725052e-01; /* 3FDACFE3 90C97D69 */
const W1 = 8.33333333333329678849e-02; /* 3FB55555 5555553B */
const W2 = -2.77777777728775536470e-03; /* BF66C16C 16B02E5C */
const W3 = 7.93650558643019558500e-04; /* 3F4A019F 98CF38B6 */
const W4 = -5.95187557450339963135e-04; /* BF4380CB 8C0FE741 */
const W5 = 8.36339918996282139126e-04; /* 3F4B67BA 4CDAD5D1 */
const W6 = -1.63092934096575273989e-03; /* BF5AB89D 0B9E43E4 */

/**
 * lgamma(x) = log(Gamma(x)) for x > 0. lgamma(+-0) = +Infinity (C99), lgamma(+Inf) = +Inf,
 * lgamma(1) = lgamma(2) = +0, NaN for NaN. Negative x (-Infinity included) is outside this
 * function's domain and gives NaN (C99 defines log|Gamma(x)| there; see the file comment).
 */
export function lgamma(x: number): number {
  if (!(x > 0)) {
    if (x === 0) return Infinity; // +0 and -0: a pole
    return NaN; // negative, -Infinity, NaN
  }
  const hx = highWord(x);
  if (hx >= 0x7ff00000) return Infinity;
  if (hx < 0x3b900000) return -log(x); // x < 2^-70
  let r: number;
  if (x === 1 || x === 2) {
    r = 0;
  } else if (hx < 0x40000000) {
    // x < 2
    let y: number;
    let i: number;
    if (hx <= 0x3feccccc) {
      // x <= 0.9: lgamma(x) = lgamma(x + 1) - log(x)
      r = -log(x);
      if (hx >= 0x3fe76944) {
        y = 1.0 - x; // x in [0.7316, 0.9]: x + 1 near 2
        i = 0;
      } else if (hx >= 0x3fcda661) {
        y = x - (TC - 1.0); // x in [0.2316, 0.7316]: x + 1 near tc
        i = 1;
      } else {
        y = x; // x + 1 near 1
        i = 2;
      }
    } else {
      r = 0;
      if (hx >= 0x3ffbb4c3) {
        y = 2.0 - x; // [1.7316, 2)
        i = 0;
      } else if (hx >= 0x3ff3b4c4) {
        y = x - TC; // [1.2316, 1.7316)
        i = 1;
      } else {
        y = x - 1.0; // (0.9, 1.2316)
        i = 2;
      }
    }
    if (i === 0) {
      const z = y * y;
      const p1 = A0 + z * (A2 + z * (A4 + z * (A6 + z * (A8 + z * A10))));
      const p2 = z * (A1 + z * (A3 + z * (A5 + z * (A7 + z * (A9 + z * A11)))));
      const p = y * p1 + p2;
      r += p - 0.5 * y;
    } else if (i === 1) {
      const z = y * y;
      const w = z * y;
      // three interleaved Horner chains in w = y^3 (fdlibm's "parallel" evaluation)
      const p1 = T0 + w * (T3 + w * (T6 + w * (T9 + w * T12)));
      const p2 = T1 + w * (T4 + w * (T7 + w * (T10 + w * T13)));
      const p3 = T2 + w * (T5 + w * (T8 + w * (T11 + w * T14)));
      const p = z * p1 - (TT - w * (p2 + y * p3));
      r += TF + p;
    } else {
      const p1 = y * (U0 + y * (U1 + y * (U2 + y * (U3 + y * (U4 + y * U5)))));
      const p2 = 1.0 + y * (V1 + y * (V2 + y * (V3 + y * (V4 + y * V5))));
      r += -0.5 * y + p1 / p2;
    }
  } else if (hx < 0x40200000) {
    // 2 <= x < 8
    const i = Math.floor(x);
    const y = x - i; // exact
    const p = y * (S0 + y * (S1 + y * (S2 + y * (S3 + y * (S4 + y * (S5 + y * S6))))));
    const q = 1.0 + y * (R1 + y * (R2 + y * (R3 + y * (R4 + y * (R5 + y * R6)))));
    r = 0.5 * y + p / q;
    if (i >= 3) {
      // lgamma(y + i) = lgamma(y + 2) + log((y + i - 1) ... (y + 2)), the product formed from the top
      // as fdlibm's fall-through switch does
      let z = 1.0;
      for (let j = i - 1; j >= 2; j--) z *= y + j;
      r += log(z);
    }
  } else if (hx < 0x43900000) {
    // 8 <= x < 2^58
    const t = log(x);
    const z = 1.0 / x;
    const y = z * z;
    const w = W0 + z * (W1 + y * (W2 + y * (W3 + y * (W4 + y * (W5 + y * W6)))));
    r = (x - 0.5) * (t - 1.0) + w;
  } else {
    // x >= 2^58
    r = x * (log(x) - 1.0);
  }
  return r;
}
