/**
 * ndtri(p): the inverse of the standard normal CDF, Phi^-1(p), in binary64 from +, -, *, /, sqrt and
 * lib/core/math's log, exp, erf and erfc only (C++ twin cr_ndtri in cuda/include/cr_special.h). Needed by
 * inversion samplers (Sobol-normal, truncated normal).
 *
 * Step 1, Wichura's AS 241, PPND16 (M. J. Wichura, "Algorithm AS 241: The percentage points of the
 * normal distribution", Applied Statistics 37(3), 477-484, 1988): three rational minimax
 * approximations of degree 7/7, relative accuracy ~1e-16 by design:
 *  - |q| <= 0.425, q = p - 1/2: x = q A(r) / B(r), r = 0.425^2 - q^2;
 *  - otherwise r = sqrt(-log(min(p, 1 - p))) (1 - p is exact for p > 1/2), and
 *    r <= 5: x = C(r - 1.6) / D(r - 1.6);  r > 5: x = E(r - 5) / F(r - 5); x takes the sign of q.
 * The coefficients are the paper's 20-digit values rounded to binary64; each comment gives the bits
 * and the paper's digits. Evaluated in binary64 this step alone is off by up to 5.9 ulp (measured).
 *
 * Step 2, one Newton step x - (Phi(x) - p) / phi(x) for |x| < 37 (p > 5.7e-300 or 1 - p > 5.7e-300,
 * where phi(x) is a normal number). Phi is taken from erfc in the tails, as the smaller tail
 * T = erfc(|x|/sqrt2)/2 against p or 1 - p (both exact), and from erf in the centre, as
 * erf(|x|/sqrt2)/2 against q (with q's own rounding error added back), so the residual has no
 * cancellation beyond the wanted one. The argument |x|/sqrt2 is rounded; its error dt, formed exactly
 * (Dekker's product with 1/sqrt2 = S_HI + S_LO), is put back to first order, Phi(x + sqrt2 dt) =
 * Phi(x) + sqrt2 phi(x) dt: without that term the step would leave up to ~1.8 ulp in the tails.
 * Measured (docs/accuracy.md, 10^6 inputs): tails up to 1.1 ulp, centre up to 2.2 ulp (erf's own
 * error, amplified); |x| >= 37 keeps step 1, up to 4.0 ulp (there p is below 5.7e-300, mostly
 * subnormal, so phi and the residual would underflow; Wichura fitted that range for r <= 27,
 * p >= 1e-316, and the smallest subnormal p, r = 27.28, stays within 4 ulp).
 * Not monotone at the last bits: below p = 1/4, where consecutive doubles p < p' are closer than an
 * ulp of x apart after the mapping, ndtri(p') can fall up to 3 ulp below ndtri(p) (for 4.6 % of p in
 * [0.075, 1/4), 0.2 % below; never observed in [1/4, 1)); see docs/accuracy.md.
 */
import { erf, erfc } from './erf.js';
import { exp } from './exp.js';
import { log } from './log.js';

/** Central range |q| <= SPLIT1, r = CONST1 - q^2 with CONST1 = SPLIT1^2. */
const SPLIT1 = 0.425; /* 3FDB3333 33333333 */
const CONST1 = 0.180625; /* 3FC71EB8 51EB851F */
/** Tail split on r = sqrt(-log(min(p, 1 - p))), and the offsets of the two tail fits. */
const SPLIT2 = 5.0; /* 40140000 00000000 */
const CONST2 = 1.6; /* 3FF99999 9999999A */

const A0 = 3.3871328727963665; /* 400B18D9 1E9EEF75  3.387132872796366608 */
const A1 = 133.14166789178438; /* 4060A488 8B1A436E  133.14166789178437745 */
const A2 = 1971.5909503065513; /* 409ECE5D 2213C0CC  1971.5909503065514427 */
const A3 = 13731.69376550946; /* 40CAD1D8 CD4EE71D  13731.693765509461125 */
const A4 = 45921.95393154987; /* 40E66C3E 869B752A  45921.953931549871457 */
const A5 = 67265.7709270087; /* 40F06C1C 55B78F20  67265.770927008700853 */
const A6 = 33430.57558358813; /* 40E052D2 6B2E45E4  33430.575583588128105 */
const A7 = 2509.0809287301227; /* 40A39A29 6F7D925E  2509.0809287301226727 */
const B1 = 42.31333070160091; /* 4045281B 386E1AB5  42.313330701600911252 */
const B2 = 687.1870074920579; /* 4085797E FDC8B3F7  687.1870074920579083 */
const B3 = 5394.196021424751; /* 40B51232 2E75C89F  5394.1960214247511077 */
const B4 = 21213.794301586597; /* 40D4B772 D5D65266  21213.794301586595867 */
const B5 = 39307.89580009271; /* 40E3317C AA64F4BE  39307.89580009271061 */
const B6 = 28729.085735721943; /* 40DC0E45 7CB1AE76  28729.085735721942674 */
const B7 = 5226.495278852854; /* 40B46A7E CA984B69  5226.495278852854561 */

const C0 = 1.4234371107496835; /* 3FF6C665 FDE9526A  1.42343711074968357734 */
const C1 = 4.630337846156546; /* 40128577 48CAB19B  4.6303378461565452959 */
const C2 = 5.769497221460691; /* 401713F7 1462256A  5.7694972214606914055 */
const C3 = 3.6478483247632045; /* 400D2ECB 1A3D02C4  3.64784832476320460504 */
const C4 = 1.2704582524523684; /* 3FF453CC 085375B2  1.27045825245236838258 */
const C5 = 0.2417807251774506; /* 3FCEF2AB B9B85C37  0.24178072517745061177 */
const C6 = 0.022723844989269184; /* 3F9744EB 6C45EC67  0.0227238449892691845833 */
const C7 = 7.745450142783414e-4; /* 3F49615A C0B7ACE9  7.7454501427834140764e-4 */
const D1 = 2.053191626637759; /* 40006CEF BB46A449  2.05319162663775882187 */
const D2 = 1.6763848301838038; /* 3FFAD278 E6526633  1.6763848301838038494 */
const D3 = 0.6897673349851; /* 3FE61292 F23385C9  0.68976733498510000455 */
const D4 = 0.14810397642748008; /* 3FC2F512 3394F040  0.14810397642748007459 */
const D5 = 0.015198666563616457; /* 3F8F207A 7EAB17BF  0.0151986665636164571966 */
const D6 = 5.475938084995345e-4; /* 3F41F18C BFDF2728  5.475938084995344946e-4 */
const D7 = 1.0507500716444169e-9; /* 3E120D3F 686439E4  1.05075007164441684324e-9 */

const E0 = 6.657904643501103; /* 401AA1B1 C13EE526  6.6579046435011037772 */
const E1 = 5.463784911164114; /* 4015DAEA 6E875003  5.4637849111641143699 */
const E2 = 1.7848265399172913; /* 3FFC8EA6 461FA445  1.7848265399172913358 */
const E3 = 0.29656057182850487; /* 3FD2FAD9 315255CF  0.29656057182850489123 */
const E4 = 0.026532189526576124; /* 3F9B2B41 193B4EE7  0.026532189526576123093 */
const E5 = 0.0012426609473880784; /* 3F545C19 08425345  0.0012426609473880784386 */
const E6 = 2.7115555687434876e-5; /* 3EFC6EC6 CC59E02A  2.71155556874348757815e-5 */
const E7 = 2.0103343992922881e-7; /* 3E8AFB74 D693BF93  2.01033439929228813265e-7 */
const F1 = 0.599832206555888; /* 3FE331D3 4FC7D77F  0.59983220655588793769 */
const F2 = 0.1369298809227358; /* 3FC186EB 183443FB  0.13692988092273580531 */
const F3 = 0.014875361290850615; /* 3F8E76F9 3215462A  0.0148753612908506148525 */
const F4 = 7.868691311456133e-4; /* 3F49C8BC 979DC5D7  7.868691311456132591e-4 */
const F5 = 1.8463183175100548e-5; /* 3EF35C2C 496374BF  1.8463183175100546818e-5 */
const F6 = 1.421511758316446e-7; /* 3E831446 F740B9E0  1.4215117583164458887e-7 */
const F7 = 2.0442631033899397e-15; /* 3CE269BF F1F8C190  2.04426310338993978564e-15 */

/** Newton's step is taken for |x| < NEWTON_LIMIT, where phi(x) > 2^-990 is a normal number. */
const NEWTON_LIMIT = 37.0; /* 40428000 00000000 */
/** 1/sqrt(2) = S_HI + S_LO to ~2^-107; S_HI = S_H1 + S_H2 is its Veltkamp split (26 + 27 bits). */
const S_HI = 0.7071067811865476; /* 3FE6A09E 667F3BCD */
const S_LO = -4.833646656726457e-17; /* BC8BDD34 13B26456 */
const S_H1 = 0.7071067839860916; /* 3FE6A09E 68000000 */
const S_H2 = -2.7995440410322203e-9; /* BE280C43 30000000 */
/** Veltkamp's splitter 2^27 + 1. */
const SPLIT = 134217729.0; /* 41A00000 02000000 */
/** 1/sqrt(2 pi) and sqrt(2), rounded. */
const INV_SQRT_2PI = 0.3989422804014327; /* 3FD98845 33D43651 */
const SQRT2 = 1.4142135623730951; /* 3FF6A09E 667F3BCD */

/**
 * Phi^-1(p) for p in [0, 1]: ndtri(0) = -Infinity, ndtri(1) = +Infinity, ndtri(1/2) = +0; NaN for p
 * outside [0, 1] or NaN. Odd symmetry holds bit for bit, ndtri(1 - p) = -ndtri(p), for every p in
 * [1/4, 1/2] and every p < 0.075 with 1 - p exact (both halves then run the same operations on the
 * same magnitudes).
 */
export function ndtri(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  let x: number;
  const central = Math.abs(q) <= SPLIT1;
  const pt = q < 0 ? p : 1.0 - p; // the smaller tail probability, exact
  if (central) {
    const r = CONST1 - q * q;
    x = (q * (((((((A7 * r + A6) * r + A5) * r + A4) * r + A3) * r + A2) * r + A1) * r + A0)) /
      (((((((B7 * r + B6) * r + B5) * r + B4) * r + B3) * r + B2) * r + B1) * r + 1.0);
    if (x === 0) return x; // p = 1/2
  } else {
    let r = Math.sqrt(-log(pt));
    if (r <= SPLIT2) {
      r = r - CONST2;
      x = (((((((C7 * r + C6) * r + C5) * r + C4) * r + C3) * r + C2) * r + C1) * r + C0) /
        (((((((D7 * r + D6) * r + D5) * r + D4) * r + D3) * r + D2) * r + D1) * r + 1.0);
    } else {
      r = r - SPLIT2;
      x = (((((((E7 * r + E6) * r + E5) * r + E4) * r + E3) * r + E2) * r + E1) * r + E0) /
        (((((((F7 * r + F6) * r + F5) * r + F4) * r + F3) * r + F2) * r + F1) * r + 1.0);
    }
    if (!(x < NEWTON_LIMIT)) return q < 0 ? -x : x;
    if (q < 0) x = -x;
  }
  // Newton's step. a = |x|; t + dt = a / sqrt(2) exactly up to a S_LO's rounding (Dekker's product).
  const a = Math.abs(x);
  const t = a * S_HI;
  const c = SPLIT * a;
  const a1 = c - (c - a);
  const a2 = a - a1;
  const dt = ((((a1 * S_H1 - t) + a1 * S_H2) + a2 * S_H1) + a2 * S_H2) + a * S_LO;
  const phi = exp(-0.5 * a * a) * INV_SQRT_2PI;
  const corr = SQRT2 * phi * dt; // Phi(a) - Phi(a - sqrt2 dt), to first order
  if (central) {
    // Phi(x) - p = sign(x) (erf(t)/2 + corr) - (q + qlo), p - 1/2 = q + qlo exactly (qlo = 0 for
    // p >= 1/4; below, q + 1/2 is exact and Sterbenz makes the difference exact)
    const qlo = p - (q + 0.5);
    const h = 0.5 * erf(t) + corr;
    const res = ((x < 0 ? -h : h) - q) - qlo;
    return x - res / phi;
  }
  // tails: T = Phi(-a) = erfc(t)/2 - corr; Phi(x) - p = T - pt (x < 0) or pt - T (x > 0)
  const d = ((0.5 * erfc(t) - corr) - pt) / phi;
  return q < 0 ? x - d : x + d;
}
