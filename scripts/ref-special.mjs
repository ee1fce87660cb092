/**
 * High-precision references for the special functions of lib/core/math (scripts/special-accuracy.mjs,
 * test/special-math.test.ts): log1p, expm1, lgamma, erf, erfc, acos and the inverse normal CDF. Each is
 * computed in double-double arithmetic (~106 bits, the primitives of scripts/ref-math.mjs) by a method
 * unrelated to the fdlibm / AS241 approximations under test, with its constants (pi, sqrt(pi), Euler's
 * gamma, zeta(k), Bernoulli numbers) derived here in exact BigInt arithmetic rather than typed in:
 *
 *  - log1p: 2 atanh(x / (2 + x)) as a series where that is small, else log of the exact sum 1 + x;
 *  - expm1: the Taylor series for |x| < 1/2, else exp(x) - 1 on the scaled double-double exp;
 *  - lgamma: the Taylor series in zeta(k) around 1 and 2 (so the relative error stays small at the
 *    zeros), elsewhere Stirling's series with 16 Bernoulli terms after shifting x to >= 30 by the
 *    recursion, the product of the shifted factors kept exact in double-double;
 *  - erf, erfc: erf(t) = 2/sqrt(pi) e^(-t^2) sum t (2t^2)^n / (2n+1)!! (all terms positive, no
 *    cancellation) for t < 3, the Laplace continued fraction of erfc beyond; erfc values are scaled
 *    ({ hi, lo, s } = (hi + lo) 2^s) so that they keep full precision where binary64 underflows;
 *  - acos: the arcsine series with exact half-angle arguments (1 -+ x)/2 and a double-double sqrt;
 *  - ndtri: no direct series; ndtriRef(p, x) measures a candidate x by Newton's correction
 *    dx = (p - Phi(x)) / phi(x), with Phi - p formed without cancellation (erf near the centre, the
 *    ratio p / Phi in the tails), iterated until dx is below an ulp.
 * The methods overlap (series / continued fraction for erfc at t = 3; zeta series / Stirling for lgamma
 * at 0.75, 1.25, 1.75, 2.25), and scripts/special-accuracy.mjs compares them there as a self-check.
 */
import {
  twoSum, fastTwoSum, twoProd, ddAdd, ddMul, ddDiv, ddLog, ddExp, mulPow2, refFromBig, exponentOf,
  P, ONE, BIG_PI, BIG_LN2,
} from './ref-math.mjs';

const PN = Number(P);

// ---------- BigInt constants (2^P-scaled fixed point) ----------

/** floor(sqrt(n)) for a BigInt n >= 0. */
function isqrt(n) {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
/** log(y) for Y = y 2^P with y in [0.5, 2]: 2 atanh((y - 1)/(y + 1)). */
function bigLnFixed(Y) {
  const S = ((Y - ONE) << P) / (Y + ONE);
  const Z = (S * S) >> P;
  let term = S;
  let sum = 0n;
  for (let i = 1n; term !== 0n; i += 2n) {
    sum += term / i;
    const tz = term * Z; // rounded toward zero, so that a negative term also reaches 0
    term = tz >= 0n ? tz >> P : -((-tz) >> P);
  }
  return 2n * sum;
}
function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}
/** Bernoulli numbers B_0..B_n as reduced BigInt fractions [num, den] (B_1 = -1/2 convention). */
function bernoulli(n) {
  const B = [[1n, 1n]];
  const binom = (m, k) => {
    let r = 1n;
    for (let i = 0n; i < BigInt(k); i++) r = (r * (BigInt(m) - i)) / (i + 1n);
    return r;
  };
  for (let m = 1; m <= n; m++) {
    // sum_{k=0}^{m} C(m+1, k) B_k = 0
    let num = 0n;
    let den = 1n;
    for (let k = 0; k < m; k++) {
      const c = binom(m + 1, k);
      num = num * B[k][1] + c * B[k][0] * den;
      den *= B[k][1];
      const g = gcd(num, den);
      num /= g;
      den /= g;
    }
    num = -num;
    den *= BigInt(m + 1);
    const g = gcd(num, den);
    B.push([num / g, den / g]);
  }
  return B;
}
const BERN = bernoulli(64);

/** A 2^P-scaled BigInt (or V 2^e) as a double-double [hi, lo]. */
function bigToDD(V, e = -PN) {
  const r = refFromBig(V, e);
  return [mulPow2(r.hi, r.s), mulPow2(r.lo, r.s)];
}
/** num / den as a double-double. */
function ratToDD(num, den) {
  return bigToDD((num << (2n * P)) / den, -2 * PN);
}

const BIG_SQRT_PI = isqrt(BIG_PI << P);
const BIG_SQRT2 = isqrt(2n << (2n * P));
const BIG_SQRT_2PI = isqrt((2n * BIG_PI) << P);
/** Euler's gamma by Euler–Maclaurin: H_N - ln N - 1/(2N) + sum_j B_2j / (2j N^2j), N = 64 = 2^6. */
const BIG_EULER = (() => {
  const N = 64n;
  let h = 0n;
  for (let n = 1n; n <= N; n++) h += ONE / n;
  let g = h - 6n * BIG_LN2 - ONE / (2n * N);
  for (let j = 1; j <= 30; j++) {
    const [bn, bd] = BERN[2 * j];
    g += (ONE * bn) / (bd * BigInt(2 * j) * N ** BigInt(2 * j));
  }
  return g;
})();
/** zeta(k) for k = 2..70 by Euler–Maclaurin with N = 64 and 30 Bernoulli terms (error < 2^-250). */
const BIG_ZETA = (() => {
  const N = 64n;
  const out = [];
  for (let k = 2; k <= 70; k++) {
    const K = BigInt(k);
    let z = 0n;
    for (let n = 1n; n < N; n++) z += ONE / n ** K;
    z += ONE / (2n * N ** K) + ONE / ((K - 1n) * N ** (K - 1n));
    let rising = K; // k (k+1) ... (k + 2j - 2)
    for (let j = 1; j <= 30; j++) {
      const [bn, bd] = BERN[2 * j];
      let fact = 1n;
      for (let i = 2n; i <= BigInt(2 * j); i++) fact *= i;
      z += (ONE * bn * rising) / (bd * fact * N ** (K + BigInt(2 * j - 1)));
      rising *= (K + BigInt(2 * j - 1)) * (K + BigInt(2 * j));
    }
    out[k] = z;
  }
  return out;
})();

/** Double-double constants. */
export const DD = {
  PI: bigToDD(BIG_PI),
  PIO2: bigToDD(BIG_PI >> 1n),
  SQRT_PI: bigToDD(BIG_SQRT_PI),
  INV_SQRT_PI: bigToDD((ONE << P) / BIG_SQRT_PI),
  TWO_OVER_SQRT_PI: bigToDD((ONE << (P + 1n)) / BIG_SQRT_PI),
  SQRT2: bigToDD(BIG_SQRT2),
  INV_SQRT2: bigToDD(BIG_SQRT2 >> 1n),
  INV_SQRT_2PI: bigToDD((ONE << P) / BIG_SQRT_2PI),
  LN_SQRT_2PI: bigToDD((3n * BIG_LN2 + bigLnFixed(BIG_PI >> 2n)) >> 1n),
  EULER: bigToDD(BIG_EULER),
};
// Load-time self-checks of the derived constants against independent facts.
{
  const gammaDec = 577215664901532860606512090082402431042159335939923598805767234884867726777664670936947063n;
  const gDec = (gammaDec << P) / 10n ** 90n;
  const z2 = (BIG_PI * BIG_PI) / (6n * ONE); // zeta(2) = pi^2/6
  const z4 = (BIG_PI ** 4n) / (90n * ONE ** 3n); // zeta(4) = pi^4/90
  const tol = 1n << (P - 240n);
  const off = (a, b) => (a > b ? a - b : b - a) > tol;
  if (off(BIG_EULER, gDec) || off(BIG_ZETA[2], z2) || off(BIG_ZETA[4], z4)) {
    throw new Error('ref-special: constant self-check failed');
  }
}

// ---------- double-double helpers ----------

const neg = (a) => [-a[0], -a[1]];
const ddScale = (a, k) => [mulPow2(a[0], k), mulPow2(a[1], k)];
/** Plain double-double of a scaled reference. */
function unscale(r) {
  return [mulPow2(r.hi, r.s), mulPow2(r.lo, r.s)];
}
/** exp(a) for a double-double a, as a scaled { hi, lo, s }. */
function ddExpDD(a) {
  const e = ddExp(a[0]);
  const l = a[1];
  // exp(l) = 1 + l + l^2/2 (+ l^3/6, below 2^-150 for |l| < 2^-40)
  const m = ddMul([e.hi, e.lo], ddAdd(twoSum(1, l), [0.5 * l * l, 0]));
  return { hi: m[0], lo: m[1], s: e.s };
}
/** log(a) for a positive double-double a. */
function ddLogDD(a) {
  const L = ddLog(a[0]);
  const r = a[1] / a[0];
  return ddAdd([L.hi, L.lo], [r - 0.5 * r * r, 0]);
}
/** sqrt(a) for a double-double a > 0: one Newton step on the correctly rounded root. */
function ddSqrt(a) {
  const s = Math.sqrt(a[0]);
  const r = ddAdd(a, neg(twoProd(s, s)));
  return fastTwoSum(s, r[0] / (2 * s));
}
const asRef = (a, s = 0) => ({ hi: a[0], lo: a[1], s });

/** 1 / (2n + 1) for n = 0..599. */
const INV_ODD = Array.from({ length: 600 }, (_, n) => ddDiv([1, 0], [2 * n + 1, 0]));

// ---------- log1p, expm1 ----------

/** log(1 + x), x > -1. */
export function ddLog1p(x) {
  if (x === 0) return asRef([x, 0]);
  if (Math.abs(x) < 2 ** -500) return asRef(fastTwoSum(x, -0.5 * x * x)); // x - x^2/2, exact to 2^-1000
  if (x > -0.3 && x < 0.5) {
    // 2 atanh(s), s = x / (2 + x) in (-0.18, 0.2): s + s^3/3 + ..., terms below 2^-110 after ~24
    const s = ddDiv([x, 0], twoSum(2, x));
    const z = ddMul(s, s);
    let acc = INV_ODD[40];
    for (let i = 39; i >= 0; i--) acc = ddAdd(ddMul(acc, z), INV_ODD[i]);
    return asRef(ddScale(ddMul(s, acc), 1));
  }
  return asRef(ddLogDD(twoSum(1, x)));
}

const INV_FACT = (() => {
  const out = [[1, 0]];
  for (let i = 1; i <= 40; i++) out.push(ddDiv(out[i - 1], [i, 0]));
  return out;
})();

/** exp(x) - 1, x in [-746, 710]. */
export function ddExpm1(x) {
  if (x === 0) return asRef([x, 0]);
  if (Math.abs(x) < 0.5) {
    // x + x^2/2! + ... + x^30/30! (the rest below 2^-120 relative)
    let acc = INV_FACT[30];
    for (let i = 29; i >= 1; i--) acc = ddAdd(ddMul(acc, [x, 0]), INV_FACT[i]);
    return asRef(ddMul(acc, [x, 0]));
  }
  const e = ddExp(x);
  if (e.s > 200) return e; // exp(x) - 1 = exp(x) to 2^-200
  return asRef(ddAdd(unscale(e), [-1, 0]));
}

// ---------- lgamma ----------

const ZETA_C1 = []; // (-1)^k zeta(k) / k: lgamma(1 + z) = -gamma z + sum_{k>=2} ZETA_C1[k] z^k
const ZETA_C2 = []; // (-1)^k (zeta(k) - 1) / k: lgamma(2 + z) = (1 - gamma) z + sum ZETA_C2[k] z^k
for (let k = 2; k <= 70; k++) {
  const sg = k % 2 ? -1n : 1n;
  ZETA_C1[k] = bigToDD((sg * BIG_ZETA[k]) / BigInt(k));
  ZETA_C2[k] = bigToDD((sg * (BIG_ZETA[k] - ONE)) / BigInt(k));
}
const ONE_MINUS_EULER = bigToDD(ONE - BIG_EULER);
/** B_2j / (2j (2j - 1)), j = 1..16: Stirling's series coefficients. */
const STIRLING = Array.from({ length: 17 }, (_, j) =>
  (j === 0 ? [0, 0] : ratToDD(BERN[2 * j][0], BERN[2 * j][1] * BigInt(2 * j * (2 * j - 1)))));

/** sum_{k>=1} c_k z^k with c_1 = first, c_k = table[k], |z| <= 1/4 (70 terms: error < 2^-140). */
function zetaSeries(z, first, table) {
  let acc = table[70];
  for (let k = 69; k >= 2; k--) acc = ddAdd(ddMul(acc, [z, 0]), table[k]);
  acc = ddAdd(ddMul(acc, [z, 0]), first);
  return ddMul(acc, [z, 0]);
}
/** Stirling: lgamma(y) for a double-double y >= 30. */
function stirling(y) {
  const inv = ddDiv([1, 0], y);
  const inv2 = ddMul(inv, inv);
  let acc = STIRLING[16];
  for (let j = 15; j >= 1; j--) acc = ddAdd(ddMul(acc, inv2), STIRLING[j]);
  const tail = ddMul(acc, inv);
  const main = ddAdd(ddMul(ddAdd(y, [-0.5, 0]), ddLogDD(y)), neg(y));
  return ddAdd(ddAdd(main, DD.LN_SQRT_2PI), tail);
}
/** lgamma(x) for x > 0 finite. */
export function ddLgamma(x) {
  if (x === 1 || x === 2) return asRef([0, 0]);
  if (x >= 0.75 && x <= 1.25) return asRef(zetaSeries(x - 1, neg(DD.EULER), ZETA_C1));
  if (x >= 1.75 && x <= 2.25) return asRef(zetaSeries(x - 2, ONE_MINUS_EULER, ZETA_C2));
  if (x >= 30) return asRef(stirling([x, 0]));
  // lgamma(x) = lgamma(x + n) - log(x (x + 1) ... (x + n - 1)), x + n >= 30, every factor exact
  const n = Math.ceil(30 - x);
  let prod = [x, 0];
  for (let i = 1; i < n; i++) prod = ddMul(prod, twoSum(x, i));
  return asRef(ddAdd(stirling(twoSum(x, n)), neg(ddLogDD(prod))));
}

// ---------- erf, erfc ----------

/**
 * erf(t) for a double-double t >= 0 by the all-positive series (used for t < 3, where 1 - erf(t) = erfc
 * still keeps ~2^-82 relative accuracy: the cancellation costs log2(1/erfc(3)) = 24 bits).
 */
function erfSeries(t) {
  if (t[0] === 0) return [0, 0];
  const t2 = ddMul(t, t);
  const twoT2 = ddScale(t2, 1);
  let term = t;
  let sum = t;
  for (let n = 1; n < 600; n++) {
    term = ddMul(ddMul(term, twoT2), INV_ODD[n]);
    sum = ddAdd(sum, term);
    if (term[0] < sum[0] * 2 ** -112) break;
  }
  const e = unscale(ddExpDD(neg(t2)));
  return ddMul(ddMul(sum, e), DD.TWO_OVER_SQRT_PI);
}
/**
 * The Laplace continued fraction K(t) = 1/(t + (1/2)/(t + 1/(t + (3/2)/(t + ...)))), erfc(t) =
 * e^(-t^2) K(t) / sqrt(pi), t >= 3; evaluated backwards from depth 1200/t^2 + 16, where the
 * truncation error is below 2^-100 relative for every t >= 3 (measured against a 400-bit evaluation;
 * scripts/special-accuracy.mjs compares it with twice the depth and with the series at t = 3..5).
 */
function erfcCF(t) {
  const depth = Math.ceil(1200 / (t[0] * t[0])) + 16;
  let f = t;
  for (let n = depth; n >= 1; n--) f = ddAdd(t, ddDiv([n / 2, 0], f));
  return ddDiv([1, 0], f);
}
export const SERIES_LIMIT = 3;
/** erfc(t) for a double-double t >= 0, scaled. */
function erfcPos(t, forceSeries = false, forceCF = false) {
  if ((t[0] < SERIES_LIMIT && !forceCF) || forceSeries) return asRef(ddAdd([1, 0], neg(erfSeries(t))));
  const e = ddExpDD(neg(ddMul(t, t)));
  return asRef(ddMul(ddMul([e.hi, e.lo], erfcCF(t)), DD.INV_SQRT_PI), e.s);
}
/** erf(x) for a double x. */
export function ddErf(x) {
  // tiny |x|: erf(x) = 2x/sqrt(pi) (1 - x^2/3), formed at scale 2^600 so that the low part of a
  // subnormal or near-subnormal result is not lost
  if (x !== 0 && Math.abs(x) < 2 ** -900) return asRef(ddMul([x * 2 ** 600, 0], DD.TWO_OVER_SQRT_PI), -600);
  const t = [Math.abs(x), 0];
  let v;
  if (t[0] < SERIES_LIMIT) v = erfSeries(t);
  else v = ddAdd([1, 0], neg(unscale(erfcPos(t))));
  return asRef(x < 0 ? neg(v) : v);
}
/** erfc(x) for a double x, scaled. */
export function ddErfc(x) {
  if (x >= 0) return erfcPos([x, 0]);
  const t = [-x, 0];
  if (t[0] < SERIES_LIMIT) return asRef(ddAdd([1, 0], erfSeries(t)));
  return asRef(ddAdd([2, 0], neg(unscale(erfcPos(t)))));
}
/** erfc by the series and by the continued fraction at one t (the overlap self-check). */
export function erfcBothWays(x) {
  return [erfcPos([x, 0], true, false), erfcPos([x, 0], false, true), erfcCFDepthCheck(x)];
}
function erfcCFDepthCheck(x) {
  // the continued fraction at twice its depth
  const t = [x, 0];
  const depth = 2 * (Math.ceil(1200 / (x * x)) + 16);
  let f = t;
  for (let n = depth; n >= 1; n--) f = ddAdd(t, ddDiv([n / 2, 0], f));
  const e = ddExpDD(neg(ddMul(t, t)));
  return asRef(ddMul(ddMul([e.hi, e.lo], ddDiv([1, 0], f)), DD.INV_SQRT_PI), e.s);
}
/** lgamma by the zeta series and by Stirling at one x in the overlap (self-check). */
export function lgammaBothWays(x) {
  const n = Math.ceil(30 - x);
  let prod = [x, 0];
  for (let i = 1; i < n; i++) prod = ddMul(prod, twoSum(x, i));
  const st = asRef(ddAdd(stirling(twoSum(x, n)), neg(ddLogDD(prod))));
  const near = Math.abs(x - 1) <= 0.25 ? zetaSeries(x - 1, neg(DD.EULER), ZETA_C1)
    : zetaSeries(x - 2, ONE_MINUS_EULER, ZETA_C2);
  return [asRef(near), st];
}

// ---------- acos ----------

/** (2n)! / (4^n n!^2 (2n + 1)): asin(s) = sum ASIN_C[n] s^(2n+1). */
const ASIN_C = (() => {
  const out = [];
  let t = [1, 0];
  for (let n = 0; n < 90; n++) {
    if (n > 0) t = ddDiv(ddMul(t, [2 * n - 1, 0]), [2 * n, 0]);
    out.push(ddMul(t, INV_ODD[n]));
  }
  return out;
})();
/** asin(s) for a double-double 0 <= s <= 1/2 (|terms| < 4^-n: 90 terms reach 2^-180). */
function asinSeries(s) {
  const z = ddMul(s, s);
  let acc = ASIN_C[89];
  for (let n = 88; n >= 0; n--) acc = ddAdd(ddMul(acc, z), ASIN_C[n]);
  return ddMul(acc, s);
}
/** acos(x), |x| <= 1. */
export function ddAcos(x) {
  if (x === -1) return asRef(DD.PI);
  if (x === 1) return asRef([0, 0]);
  if (Math.abs(x) <= 0.5) return asRef(ddAdd(DD.PIO2, neg(asinSeries([x, 0]))));
  // acos(x) = 2 asin(sqrt((1 - x)/2)) for x > 1/2; pi - 2 asin(sqrt((1 + x)/2)) for x < -1/2.
  // (1 -+ x)/2 is exact for |x| in [1/2, 1] (Sterbenz, then a halving).
  const z = x > 0 ? (1 - x) / 2 : (1 + x) / 2;
  const a = ddScale(asinSeries(ddSqrt([z, 0])), 1);
  return asRef(x > 0 ? a : ddAdd(DD.PI, neg(a)));
}

// ---------- the inverse normal CDF ----------

/**
 * Newton's correction dx = (p - Phi(x)) / phi(x) at a double x, as a double accurate to ~2^-50
 * relative (enough to measure x in ulps to 10^-9). Phi - p is formed without cancellation:
 * |x| < 1: Phi(x) - p = erf(x/sqrt2)/2 - (p - 1/2); x <= -1: Phi(x) - p = Phi (1 - p/Phi) with Phi
 * scaled; x >= 1: Phi(x) - p = (1 - p) - Q(x), Q(x) = Phi(-x), likewise.
 */
function newtonStep(p, x) {
  const x2h = ddScale(twoProd(x, x), -1); // x^2/2 exactly
  const phi = ddExpDD(neg(x2h)); // phi(x) sqrt(2 pi), scaled
  const phiDD = ddMul([phi.hi, phi.lo], DD.INV_SQRT_2PI);
  if (Math.abs(x) < 1) {
    const t = ddMul([Math.abs(x), 0], DD.INV_SQRT2);
    let half = ddScale(erfSeries(t), -1);
    if (x < 0) half = neg(half);
    const res = ddAdd(half, neg(twoSum(p, -0.5))); // Phi(x) - p, phi not scaled here (s = 0)
    return -ddDiv(res, phiDD)[0];
  }
  // tail: T = Phi(-|x|) (the smaller side), target pt = p (x < 0) or 1 - p (x > 0), both exact
  const t = ddMul([Math.abs(x), 0], DD.INV_SQRT2);
  const e = erfcPos(t);
  const T = ddScale([e.hi, e.lo], -1); // T = [T] 2^e.s
  const pt = x < 0 ? [p, 0] : twoSum(1, -p);
  // 1 - pt / T, and T / phi with the scales combined
  const ratio = ddDiv(ddScale(pt, -e.s), T);
  const rel = ddAdd([1, 0], neg(ratio));
  const tOverPhi = ddScale(ddDiv(T, phiDD), e.s - phi.s);
  const d = ddMul(rel, tOverPhi)[0]; // (T - pt) / phi
  // x < 0: Phi(x) - p = T - pt, dx = -(T - pt)/phi; x > 0: Phi(x) - p = pt - T, dx = (T - pt)/phi
  return x < 0 ? -d : d;
}
/**
 * The inverse normal CDF at p in (0, 1), measured through a candidate x (e.g. the function under
 * test): Newton steps from x until the correction is below a hundredth of an ulp; returns
 * { hi, lo, s } = x* as a double-double. A far-off candidate still converges (the steps are
 * recomputed at each rounded iterate).
 */
export function ndtriRef(p, x) {
  let xi = x;
  for (let it = 0; it < 60; it++) {
    const dx = newtonStep(p, xi);
    const ulp = 2 ** (exponentOf(xi) - 52);
    if (Math.abs(dx) < ulp * 0.01 || it === 59) return asRef(fastTwoSum(xi, dx));
    const next = xi + dx;
    if (next === xi) return asRef(fastTwoSum(xi, dx));
    xi = next;
  }
  return asRef([xi, 0]);
}

// ---------- log k! ----------

/** log(N) for a BigInt N >= 1, 2^P-scaled (absolute error ~2^-250). */
function bigLnInt(N) {
  const b = N.toString(2).length - 1; // N = y 2^b, y in [1, 2)
  const Y = b > PN ? N >> BigInt(b - PN) : N << BigInt(PN - b);
  return BigInt(b) * BIG_LN2 + bigLnFixed(Y);
}
/** log(k!) for an integer k >= 0, from the exact BigInt k!, as a reference { hi, lo, s }. */
export function bigLogFactorial(k) {
  let f = 1n;
  for (let i = 2n; i <= BigInt(k); i++) f *= i;
  return refFromBig(bigLnInt(f), -PN);
}
