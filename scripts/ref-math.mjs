/**
 * Reference implementations for measuring lib/core/math (scripts/math-accuracy.mjs, test/math.test.ts).
 *
 * Two independent references, both far more precise than binary64:
 *  - double-double (about 106 bits; fast enough for 10^7 inputs): ddLog, ddExp, ddSinCos2pi;
 *  - BigInt fixed point (P = 256 fraction bits, exact rational reduction; slow, for samples):
 *    bigLog, bigExp, bigSin2pi, bigCos2pi.
 * Every reference returns { hi, lo, s }: the value is (hi + lo) * 2^s, hi + lo a double-double
 * (the BigInt ones round their exact result to one). ulpError(ours, ref) measures a binary64 result
 * in units in the last place of the true value (subnormal ulp = 2^-1074).
 */

// ---------- double-double primitives (no FMA: Dekker / Veltkamp) ----------
const SPLITTER = 134217729; // 2^27 + 1

export function twoSum(a, b) {
  const s = a + b;
  const bb = s - a;
  return [s, (a - (s - bb)) + (b - bb)];
}
export function fastTwoSum(a, b) {
  const s = a + b;
  return [s, b - (s - a)];
}
function split(a) {
  const c = SPLITTER * a;
  const h = c - (c - a);
  return [h, a - h];
}
export function twoProd(a, b) {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ((ah * bh - p) + ah * bl + al * bh) + al * bl];
}
export function ddAdd(a, b) {
  let [s, e] = twoSum(a[0], b[0]);
  const [t, f] = twoSum(a[1], b[1]);
  e += t;
  [s, e] = fastTwoSum(s, e);
  e += f;
  return fastTwoSum(s, e);
}
export function ddMul(a, b) {
  const [p, e] = twoProd(a[0], b[0]);
  return fastTwoSum(p, e + (a[0] * b[1] + a[1] * b[0]));
}
export function ddDiv(a, b) {
  const q1 = a[0] / b[0];
  let r = ddAdd(a, ddMul([-q1, 0], b));
  const q2 = r[0] / b[0];
  r = ddAdd(r, ddMul([-q2, 0], b));
  const q3 = r[0] / b[0];
  return ddAdd(fastTwoSum(q1, q2), [q3, 0]);
}

// ln 2 and 2 pi as triple-doubles (from the 256-bit BigInt constants below, checked at load).
const LN2_3 = [0.6931471805599453, 2.3190468138462996e-17, 5.707708438416212e-34];
const TWO_PI_3 = [6.283185307179586, 2.4492935982947064e-16, -5.989539619436679e-33];

function invFactorials(n) {
  const out = [[1, 0]];
  for (let i = 1; i <= n; i++) out.push(ddDiv(out[i - 1], [i, 0]));
  return out;
}
const INV_FACT = invFactorials(40);
const INV_ODD = Array.from({ length: 40 }, (_, i) => ddDiv([1, 0], [2 * i + 1, 0]));

/** Exact power of two 2^k for any integer k in [-1074, 1023]. */
export function pow2(k) {
  if (k < -1022) return 2 ** -1022 * 2 ** (k + 1022);
  return 2 ** k;
}
export function mulPow2(x, k) {
  // x * 2^k in up to three exact steps (no intermediate over/underflow for our ranges).
  while (k > 1000) { x *= 2 ** 1000; k -= 1000; }
  while (k < -1000) { x *= 2 ** -1000; k += 1000; }
  return x * 2 ** k;
}

/** Binary exponent of a finite nonzero double: floor(log2|x|), exact. */
const EF = new Float64Array(1);
const EU = new Uint32Array(EF.buffer);
export function exponentOf(x) {
  EF[0] = x;
  const e = (EU[1] >>> 20) & 0x7ff;
  if (e !== 0) return e - 1023;
  return exponentOf(x * 2 ** 64) - 64; // subnormal
}

/** log(x) for positive finite x, as a double-double. */
export function ddLog(x) {
  let k = 0;
  if (x < 2 ** -1022) { x *= 2 ** 54; k = -54; }
  const e = exponentOf(x);
  let m = x * pow2(-e);
  k += e;
  if (m > Math.SQRT2) { m *= 0.5; k += 1; }
  const f = m - 1; // exact
  const s = ddDiv([f, 0], twoSum(2, f));
  const z = ddMul(s, s);
  let acc = INV_ODD[22];
  for (let i = 21; i >= 0; i--) acc = ddAdd(ddMul(acc, z), INV_ODD[i]);
  const lm = ddMul(ddMul(s, acc), [2, 0]);
  const kl = ddAdd(ddAdd(twoProd(k, LN2_3[0]), twoProd(k, LN2_3[1])), [k * LN2_3[2], 0]);
  return { ...toHL(ddAdd(kl, lm)), s: 0 };
}
function toHL(a) { return { hi: a[0], lo: a[1] }; }

/** exp(x) as (hi + lo) * 2^s, for x in [-746, 710]. */
export function ddExp(x) {
  const k = Math.round(x / LN2_3[0]);
  let r = ddAdd([x, 0], ddMul([-k, 0], [LN2_3[0], 0]));
  r = ddAdd(r, twoProd(-k, LN2_3[1]));
  r = ddAdd(r, [-k * LN2_3[2], 0]);
  const rs = [r[0] / 1024, r[1] / 1024];
  let acc = INV_FACT[12];
  for (let i = 11; i >= 0; i--) acc = ddAdd(ddMul(acc, rs), INV_FACT[i]);
  for (let i = 0; i < 10; i++) acc = ddMul(acc, acc);
  return { ...toHL(acc), s: k };
}

/** [sin(2 pi u), cos(2 pi u)] as { hi, lo, s } each, u in [0, 1). */
export function ddSinCos2pi(u) {
  const q = Math.floor(4 * u + 0.5);
  let r = u - q * 0.25; // exact
  let s = 0;
  if (Math.abs(r) < 2 ** -500 && r !== 0) { r *= 2 ** 600; s = -600; }
  const th = ddAdd(ddAdd(twoProd(r, TWO_PI_3[0]), twoProd(r, TWO_PI_3[1])), [r * TWO_PI_3[2], 0]);
  let sn;
  let cs;
  if (s !== 0) {
    sn = th; // theta^3/6 is below 2^-1000 relative
    cs = [1, 0];
  } else {
    const z = ddMul(th, th);
    const mz = [-z[0], -z[1]];
    let a = INV_FACT[31];
    for (let i = 29; i >= 1; i -= 2) a = ddAdd(ddMul(a, mz), INV_FACT[i]);
    sn = ddMul(a, th);
    let b = INV_FACT[30];
    for (let i = 28; i >= 0; i -= 2) b = ddAdd(ddMul(b, mz), INV_FACT[i]);
    cs = b;
  }
  const neg = (v) => [-v[0], -v[1]];
  const qq = q & 3;
  const S = qq === 0 ? sn : qq === 1 ? cs : qq === 2 ? neg(sn) : neg(cs);
  const C = qq === 0 ? cs : qq === 1 ? neg(sn) : qq === 2 ? neg(cs) : sn;
  return [{ ...toHL(S), s: qq === 0 || qq === 2 ? s : 0 }, { ...toHL(C), s: qq === 1 || qq === 3 ? s : 0 }];
}

/**
 * Error of the binary64 value `ours` against ref = (hi + lo) * 2^s, in ulps of the true value
 * (signed). A zero reference demands an exact zero (else Infinity).
 */
export function ulpError(ours, ref) {
  const { hi, lo, s } = ref;
  if (hi === 0) return ours === 0 ? 0 : Infinity;
  if (!Number.isFinite(ours)) return Infinity;
  let e = exponentOf(hi);
  // hi a power of two and lo pulling the true value below it: the binade is the one below.
  if (Math.abs(hi) === 2 ** e && Math.sign(lo) === -Math.sign(hi)) e -= 1;
  const ulpExp = Math.max(e + s - 52, -1074); // ulp of the true value, absolute exponent
  const o = mulPow2(ours, -s);
  const d = (o - hi) - lo;
  return mulPow2(d, s - ulpExp);
}

// ---------- BigInt fixed point ----------
export const P = 256n;
export const ONE = 1n << P;

/** v / 2^p rounded toward zero (>> alone floors, and a negative term would never reach 0). */
function shr(v, p) {
  return v >= 0n ? v >> p : -((-v) >> p);
}

function bigAtanhInv(n) {
  // atanh(1/n) * 2^P for integer n > 1
  const N = BigInt(n);
  const n2 = N * N;
  let pow = ONE / N;
  let sum = pow;
  for (let k = 3n; pow !== 0n; k += 2n) {
    pow /= n2;
    sum += pow / k;
  }
  return sum;
}
/** ln 2 = 2 atanh(1/3), 2^P-scaled. */
export const BIG_LN2 = 2n * bigAtanhInv(3);
function bigArctanInv(n) {
  const N = BigInt(n);
  const n2 = N * N;
  let pow = (ONE << 16n) / N; // 16 guard bits
  let sum = pow;
  for (let k = 3n, sign = -1n; pow !== 0n; k += 2n, sign = -sign) {
    pow /= n2;
    sum += sign * (pow / k);
  }
  return sum;
}
/** pi by Machin (16 guard bits dropped), 2^P-scaled. */
export const BIG_PI = (16n * bigArctanInv(5) - 4n * bigArctanInv(239)) >> 16n;

/** A double as an exact (M, q): x = M * 2^q, M a BigInt. */
export function decompose(x) {
  if (x === 0) return [0n, 0];
  const e = Math.max(exponentOf(x) - 52, -1074);
  return [BigInt(mulPow2(x, -e)), e];
}
function bitLength(v) {
  return (v < 0n ? -v : v).toString(2).length;
}
/** Rounds the exact value R * 2^e to a double-double reference { hi, lo, s }. */
export function refFromBig(R, e) {
  if (R === 0n) return { hi: 0, lo: 0, s: 0 };
  // Normalise R to about 120 significant bits, then hi + lo with s keeping them in range.
  const shift = bitLength(R) - 120;
  const Rn = shift > 0 ? R >> BigInt(shift) : R << BigInt(-shift);
  const s = e + shift; // value ~ Rn * 2^s, Rn has 120 bits
  const hiB = Number(Rn); // correctly rounded
  const [hm, hq] = decompose(hiB);
  const rem = Rn - (hq >= 0 ? hm << BigInt(hq) : hm >> BigInt(-hq));
  const loB = Number(rem);
  // (hiB + loB) * 2^s, rescale so that hi is near 1.
  const sh = exponentOf(hiB);
  return { hi: mulPow2(hiB, -sh), lo: mulPow2(loB, -sh), s: s + sh };
}

/** log(x) exactly to 2^-256 (absolute), x positive finite. */
export function bigLog(x) {
  if (x === 1) return { hi: 0, lo: 0, s: 0 };
  const [M, q] = decompose(x);
  // x = M * 2^q; choose k with y = x / 2^k in [1/sqrt2, sqrt2): k = bitlen(M) - 1 + q, adjust.
  let k = bitLength(M) - 1 + q;
  // Y = y * 2^P exactly (M has <= 53 bits, P - (bitlen-1) >= 200 so the shift is left).
  let Y = M << BigInt(Number(P) - (bitLength(M) - 1));
  if (Y * Y > 2n * ONE * ONE) { Y >>= 1n; k += 1; } // exact: Y even (shifted left)
  const S = ((Y - ONE) << P) / (Y + ONE); // s * 2^P
  const Z = (S * S) >> P;
  let term = S;
  let sum = 0n;
  for (let i = 1n; term !== 0n; i += 2n) {
    sum += term / i;
    term = shr(term * Z, P);
  }
  const L = BigInt(k) * BIG_LN2 + 2n * sum;
  return refFromBig(L, -Number(P));
}

/** exp(x), x in [-746, 710], relative error ~2^-250. */
export function bigExp(x) {
  const [M, q] = decompose(x);
  // tiny |x| < 2^-200: exp(x) = 1 + x to within x^2/2 < 2^-400.
  if (x === 0 || exponentOf(x) < -200) return { hi: 1, lo: x, s: 0 };
  const X = M << BigInt(q + Number(P)); // exact: q + P >= 0 here
  const k = Math.round(x / Math.LN2);
  const R = X - BigInt(k) * BIG_LN2; // |r| < 0.35 * 2^P
  let term = ONE;
  let sum = ONE;
  for (let i = 1n; term !== 0n; i++) {
    term = shr(term * R, P) / i;
    sum += term;
  }
  return refFromBig(sum, k - Number(P));
}

/** sin(2 pi u) and cos(2 pi u) exactly to ~2^-250 relative. */
function bigSinCos2pi(u) {
  const q = Math.floor(4 * u + 0.5);
  const r = u - q * 0.25; // exact
  const [M, e] = decompose(r);
  // theta = 2 pi r; work at P' = P + max(0, -(e + 53)) bits so tiny r keeps 256 bits.
  const extra = Math.max(0, -(e + 53));
  const PP = P + BigInt(extra);
  const ONEP = 1n << PP;
  const PI = BIG_PI << BigInt(extra);
  const Rf = e + Number(PP) >= 0 ? M << BigInt(e + Number(PP)) : M >> BigInt(-(e + Number(PP)));
  const TH = (2n * PI * Rf) >> PP;
  const Z = (TH * TH) >> PP;
  let term = TH;
  let sn = 0n;
  for (let i = 1n; term !== 0n; i += 2n) {
    sn += term;
    term = -shr(term * Z, PP) / ((i + 1n) * (i + 2n));
  }
  term = ONEP;
  let cs = 0n;
  for (let i = 0n; term !== 0n; i += 2n) {
    cs += term;
    term = -shr(term * Z, PP) / ((i + 1n) * (i + 2n));
  }
  const qq = q & 3;
  const S = qq === 0 ? sn : qq === 1 ? cs : qq === 2 ? -sn : -cs;
  const C = qq === 0 ? cs : qq === 1 ? -sn : qq === 2 ? -cs : sn;
  return [refFromBig(S, -Number(PP)), refFromBig(C, -Number(PP))];
}
export function bigSin2pi(u) { return bigSinCos2pi(u)[0]; }
export function bigCos2pi(u) { return bigSinCos2pi(u)[1]; }

// Load-time self-check: the triple-double constants are the BigInt ones rounded.
{
  const l = refFromBig(BIG_LN2, -Number(P));
  const t = refFromBig(2n * BIG_PI, -Number(P));
  const okL = mulPow2(l.hi, l.s) === LN2_3[0] && Math.abs(mulPow2(l.lo, l.s) - LN2_3[1]) <= 2 ** -105;
  const okT = mulPow2(t.hi, t.s) === TWO_PI_3[0] && Math.abs(mulPow2(t.lo, t.s) - TWO_PI_3[1]) <= 2 ** -102;
  if (!okL || !okT) throw new Error('ref-math: constant self-check failed');
}
