/**
 * Fixed-point weights: the one place where floating point touches an alias table. docs/alias.md, "Fixed-point weights"
 * is the prose form of this file; change one, change both (and it changes every table).
 *
 * Every weight w_i (a finite binary64 ≥ 0) becomes an integer W_i of "units"; a bucket holds
 * C = 2^32 units and the N weights share exactly T = N·2^32 units. W_i = 0 exactly when w_i = 0, and
 * W_i ≥ 1 for every positive w_i. W_i is held as two uint32 halves (W_i = hi·2^32 + lo), since T
 * reaches 2^64 and doubles are exact only below 2^53.
 *
 * The rule (all of it deterministic; every binary64 operation is one IEEE round-to-nearest-even):
 *
 *  1. S = Σ w_i, exactly (an integer superaccumulator, so it does not depend on order), then rounded
 *     once to 53 significant bits: S~ = s·2^E with s ∈ [1, 2) (exponent unbounded, so no overflow).
 *  2. f = RN(T / s); q_i = RN(x_i · f) with x_i = w_i·2^-E (exact whenever x_i ≥ 2^-1022; smaller x_i
 *     give q_i < 1 whatever the rounding, which is all that is used of them).
 *  3. "Sub-unit" items: w_i > 0 and q_i < 1. Each gets W_i = 1; m counts them. If m > 0 the others
 *     are rescaled once to share T' = T − m: S' = exact sum of the other positive weights, rounded as
 *     in 1 to s'·2^E'; f' = RN(RN(T') / s'); q'_i = RN(x'_i · f'), x'_i = w_i·2^-E'. (m = 0: q' = q.)
 *  4. Apportionment of T' over the other positive items R: base B_i = floor(q'_i), or 1 (and the item
 *     is no longer eligible for adjustment) where floor(q'_i) = 0. Δ = T' − Σ_R B_i (exact integer).
 *     With K eligible items, the clamp(Δ, 0, K) eligible items with the largest remainders
 *     r_i = q'_i − floor(q'_i) get one more unit (ties: lower index first); whatever of Δ lies outside
 *     [0, K] (only float rounding puts it there: at most 5·2^-53·T + 1 units) goes to the eligible item
 *     with the largest q'_i (ties: lower index).
 *
 * Hence Σ W_i = T exactly, and for every regular item |W_i − T·p_i| < 1 + (m/T + 2^-50)·T·p_i
 * (p_i = w_i / S), the absorbing item excepted (≤ 5·2^-53·T + 2 more units); sub-unit items are
 * over-weighted to exactly one unit (their true share is < 1 unit; m < N, so together they take
 * < N units = one part in 2^32 of the total).
 */

export { checkWeights, MAX_ITEMS, type WeightsInput } from '../core/weights.js';
import { tempSlot } from '../core/temp.js';

/** Reused temporaries (lib/core/temp.ts): the accumulator, the q_i / remainder keys, roundUp's sorted keys. */
const accSlot = tempSlot(Float64Array, 72);
const qSlot = tempSlot(Float64Array);
const sortSlot = tempSlot(Float64Array);
const hiSlot = tempSlot(Uint32Array);
const loSlot = tempSlot(Uint32Array);

/** log2 of the bucket capacity: a bucket holds 2^32 units. */
export const UNIT_BITS = 32;
export const CAPACITY = 2 ** 32;

/** Fixed-point weights: W_i = hi[i]·2^32 + lo[i] units, Σ W_i = n·2^32. */
export interface FixedPoint {
  n: number;
  hi: Uint32Array;
  lo: Uint32Array;
}

const TWO32 = 2 ** 32;
const TWO52 = 2 ** 52;
const TWO20 = 2 ** 20;
/** Limb j of the superaccumulator holds bits [32j, 32j+32) of S·2^1074 (72 limbs: 2304 bits). */
const LIMBS = 72;
/** Limbs absorb 2^20 additions of < 2^32 each before a carry pass (stays below 2^53). */
const FLUSH = 1 << 20;

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const LO_WORD = LITTLE ? 0 : 1;
const HI_WORD = LITTLE ? 1 : 0;


/** Adds sign·w (w finite, > 0) to the superaccumulator exactly. */
function accumulate(acc: Float64Array, w: number, sign: number): void {
  f64[0] = w;
  const hi = u32[HI_WORD];
  const lo = u32[LO_WORD];
  const ef = (hi >>> 20) & 0x7ff;
  const mh = (hi & 0xfffff) | (ef === 0 ? 0 : 0x100000);
  const p = ef === 0 ? 0 : ef - 1;
  const j = p >>> 5;
  const sh = p & 31;
  if (sh === 0) {
    acc[j] += sign * lo;
    acc[j + 1] += sign * mh;
  } else {
    acc[j] += sign * ((lo << sh) >>> 0);
    acc[j + 1] += sign * (((lo >>> (32 - sh)) | (mh << sh)) >>> 0);
    acc[j + 2] += sign * (mh >>> (32 - sh));
  }
}

/** Propagates carries so that every limb lies in [0, 2^32) (limbs may be negative before). */
function normalize(acc: Float64Array): void {
  let c = 0;
  for (let j = 0; j < LIMBS; j++) {
    const v = acc[j] + c;
    if (v >= 0 && v < TWO32) {  // most limbs (all but the few a sum touched are 0): no division
      acc[j] = v;
      c = 0;
      continue;
    }
    c = Math.floor(v / TWO32);
    acc[j] = v - c * TWO32;
  }
  if (c !== 0) throw new Error('internal: superaccumulator overflow');
}

/** Exact Σ w_i over every i (the all-weights sum, order independent). Exported for tests. */
export function exactSum(a: Float32Array | Float64Array): Float64Array {
  const acc = accSlot(LIMBS);  // fixedPoint's temporary (acc.slice() where a copy must outlive it)
  const n = a.length;
  for (let s = 0; s < n; s += FLUSH) {
    const e = Math.min(n, s + FLUSH);
    for (let i = s; i < e; i++) {
      const w = a[i];
      if (w > 0) accumulate(acc, w, 1);
    }
    normalize(acc);
  }
  return acc;
}

/**
 * Σ w_i (w_i > 0) exactly as a pair hi + lo of binary64 numbers, when that pair can hold it: hi is the
 * plain sum in index order, lo the sum of TwoSum's error terms of its steps, and every step of lo must be
 * exact too (its own error term 0: counts and dyadic weights have no error terms at all; decimal weights
 * of a few orders of magnitude have small ones). Then S = hi + lo exactly, so RN(hi + lo), one binary64
 * addition, is S rounded to 53 bits — what exactSum and roundAccumulator give, without the
 * superaccumulator — where it is a normal number. −1 otherwise (lo rounded, something overflowed, or the
 * total is subnormal). Exported for tests.
 */
export function plainExactSum(a: Float32Array | Float64Array): number {
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < a.length; i++) {
    const w = a[i];
    if (!(w > 0)) continue;
    const t = hi + w;
    const z = t - hi;
    const e = (hi - (t - z)) + (w - z);  // TwoSum: hi + w = t + e exactly (NaN once t overflows)
    hi = t;
    if (e === 0) continue;
    const u = lo + e;
    const y = u - lo;
    if ((lo - (u - y)) + (e - y) !== 0) return -1;  // lo + e rounded (or e is NaN)
    lo = u;
  }
  const s = hi + lo;
  return s >= 2.2250738585072014e-308 && s < Infinity ? s : -1;
}

/** s·2^E of a normal binary64 x > 0 (s ∈ [1, 2)), from its bits. */
function splitNormal(x: number): Rounded {
  f64[0] = x;
  const E = ((u32[HI_WORD] >>> 20) & 0x7ff) - 1023;
  u32[HI_WORD] = (u32[HI_WORD] & 0x800fffff) | 0x3ff00000;
  return { s: f64[0], E };
}

export interface Rounded {
  /** Significand in [1, 2), 53 bits. */
  s: number;
  /** Binary exponent: the sum rounds to s·2^E. */
  E: number;
}

/**
 * Rounds the (normalized, positive) superaccumulator to 53 significant bits, ties to even.
 *
 * Only the limbs from the highest non-zero one down are read, in binary64 and 32-bit integer
 * operations that are all exact (no BigInt; rounding the whole 2304-bit number as a BigInt cost ~3 µs
 * a call). With b the accumulator's value, len its bit length and t = acc[top] (tb bits): q is the top
 * 53 bits of b, the round bit the next one and the sticky bit the OR of all below; q + 1 when the round
 * bit is set and (sticky or q odd), and a carry to 2^53 halves q and adds one to the exponent. Then
 * s = q·2^-52 and E = len − 1 − 1074 (+1 after a carry), exactly the value the BigInt form gave
 * (test/small-paths.test.ts holds them equal). Below 54 bits b itself is exact in binary64.
 */
export function roundAccumulator(acc: Float64Array): Rounded {
  let top = LIMBS - 1;
  while (top >= 0 && acc[top] === 0) top--;
  if (top < 0) throw new Error('internal: non-positive weight sum');
  const t = acc[top];
  const tb = 32 - Math.clz32(t);  // t ∈ [1, 2^32): its bit length
  const len = 32 * top + tb;  // bit length of b
  if (len <= 53) {
    // b < 2^53: the limbs' sum is exact (every partial sum is an integer below 2^53).
    let b = 0;
    for (let j = top; j >= 0; j--) b = b * TWO32 + acc[j];
    return { s: b / 2 ** (len - 1), E: len - 1 - 1074 };
  }
  // len > 53, so top ≥ 1 (a limb holds 32 bits).
  const l1 = acc[top - 1];
  const l2 = top >= 2 ? acc[top - 2] : 0;
  const r = 53 - tb;  // bits of q below t: 21 … 52
  let q: number;
  let round: number;
  let sticky: boolean;
  let rest: number;  // limbs below this index are only sticky
  if (r <= 32) {
    // q = t·2^r + the top r bits of l1
    q = t * 2 ** r + Math.floor(l1 / 2 ** (32 - r));
    if (r < 32) {
      round = Math.floor(l1 / 2 ** (31 - r)) % 2;
      sticky = l1 % 2 ** (31 - r) !== 0;
      rest = top - 1;
    } else {
      round = Math.floor(l2 / 2 ** 31);
      sticky = l2 % 2 ** 31 !== 0;
      rest = top - 2;
    }
  } else {
    // q = (t·2^32 + l1)·2^(r−32) + the top r − 32 bits of l2 (r − 32 ∈ [1, 20])
    q = (t * TWO32 + l1) * 2 ** (r - 32) + Math.floor(l2 / 2 ** (64 - r));
    round = Math.floor(l2 / 2 ** (63 - r)) % 2;
    sticky = l2 % 2 ** (63 - r) !== 0;
    rest = top - 2;
  }
  for (let j = rest - 1; !sticky && j >= 0; j--) sticky = acc[j] !== 0;
  let E = len - 1 - 1074;
  if (round === 1 && (sticky || q % 2 === 1)) {
    q += 1;
    if (q === 2 ** 53) {
      q = 2 ** 52;
      E += 1;
    }
  }
  return { s: q / 2 ** 52, E };
}

/** Two factors whose successive product scales by 2^k exactly whenever the result is ≥ 2^-1022. */
function scaleFactors(k: number): [number, number] {
  if (k > 1000) return [2 ** 1000, 2 ** (k - 1000)];
  if (k < -1000) return [2 ** -1000, 2 ** (k + 1000)];
  return [2 ** k, 1];
}

/**
 * The fixed-point weights of docs/alias.md, "Fixed-point weights". `weights` must have passed checkWeights. `temp`: hi
 * and lo are reused temporaries (lib/core/temp.ts), for a caller that only derives rows or prefix sums
 * from them before its call returns — and calls fixedPoint no second time meanwhile. `units`: else, 2n
 * zeroed words to hold hi then lo (a caller's own allocation), instead of a new array. `plainSum` false
 * (tests) always takes the superaccumulator, which plainExactSum must agree with.
 */
export function fixedPoint(a: Float32Array | Float64Array, temp = false, units?: Uint32Array, plainSum = true): FixedPoint {
  return convert(a, temp, units, plainSum, null) as FixedPoint;
}

/**
 * The prefix sums S_0 … S_N ([hi, lo] pairs as lib/kernels/alias.ts prefixUnits writes them, into the
 * 2(N + 1) zeroed words `alloc` gives) of the units before step 4's round-up, and `slack`: how many
 * units the round-up adds. Every W_i is B_i or B_i + 1, so the exact sum P_i = Σ_{j<i} W_j lies in
 * [S_i, S_i + slack] — enough to place one draw without ranking the remainders (lib/kernels/alias.ts
 * cdfDraw). null when Δ lies outside [0, K] (an absorbed rounding error, rare): then only fixedPoint
 * gives the units.
 */
export function flooredPrefix(a: Float32Array | Float64Array, alloc: (words: number) => Uint32Array): FlooredPrefix | null {
  return convert(a, true, undefined, true, alloc(2 * (a.length + 1))) as FlooredPrefix | null;
}

/** Prefix sums within `slack` units below the exact ones (0: exact). */
export interface FlooredPrefix {
  prefix: Uint32Array;
  slack: number;
}

/** fixedPoint, or flooredPrefix's answer where `prefix` (its words) is given. */
function convert(a: Float32Array | Float64Array, temp: boolean, units: Uint32Array | undefined, plainSum: boolean,
  prefix: Uint32Array | null): FixedPoint | FlooredPrefix | null {
  const n = a.length;
  const T = n * TWO32; // exact: n < 2^32

  // Steps 1–3: exact sum, scale, sub-unit items. Q holds q_i (≥ 1), 0 for zero weights, −1 for items
  // fixed at one unit.
  // the superaccumulator only where the plain sum is not exact (or sub-unit items need it below)
  const plain = plainSum ? plainExactSum(a) : -1;
  const acc = plain > 0 ? null : exactSum(a);
  const { s, E } = acc === null ? splitNormal(plain) : roundAccumulator(acc);
  const f = T / s;
  const [a1, a2] = scaleFactors(-E);
  const Q = qSlot(n);
  // q_i grows with w_i (every step rounds monotonically), so there is no sub-unit item when the
  // smallest positive weight has q ≥ 1: then step 4 computes each q_i itself (`direct`), one pass.
  let wmin = Infinity;
  for (let i = 0; i < n; i++) {
    const w = a[i];
    if (w > 0 && w < wmin) wmin = w;
  }
  const direct = ((wmin * a1) * a2) * f >= 1;
  let m = 0;
  let acc2: Float64Array | null = null;
  for (let i = 0; !direct && i < n; i++) {
    const w = a[i];
    if (!(w > 0)) continue; // Q[i] = 0
    const q = ((w * a1) * a2) * f;
    if (q < 1) {
      Q[i] = -1;
      m++;
      if (acc2 === null) acc2 = (acc ?? exactSum(a)).slice();
      accumulate(acc2, w, -1);
      if ((m & (FLUSH - 1)) === 0) normalize(acc2);
    } else {
      Q[i] = q;
    }
  }
  if (acc2 !== null) {
    normalize(acc2);
    const r = roundAccumulator(acc2);
    const fr = (T - m) / r.s; // RN(RN(T − m) / s'): T − m is rounded once by the subtraction
    const [b1, b2] = scaleFactors(-r.E);
    for (let i = 0; i < n; i++) {
      if (!(Q[i] > 0)) continue;
      const q = ((a[i] * b1) * b2) * fr;
      Q[i] = q < 1 ? -1 : q;
    }
  }

  // Step 4: bases, exact total, eligible count, the absorbing item. Q[i] becomes the remainder key
  // (q − floor q)·2^52 (an integer in [0, 2^52)) of eligible items and −1 elsewhere.
  // Kept (a table's units): both halves in one allocation (each off-heap array costs ~1 µs to make).
  const both = temp ? null : units ?? new Uint32Array(2 * n);
  const hi = both ? both.subarray(0, n) : hiSlot(n);
  const lo = both ? both.subarray(n) : loSlot(n);
  let sumHi = 0;
  let sumLo = 0;
  let K = 0;
  let argmax = -1;
  let qmax = -1;
  for (let s0 = 0; s0 < n; s0 += FLUSH) {
    const e = Math.min(n, s0 + FLUSH);
    for (let i = s0; i < e; i++) {
      const w = a[i];
      const q = !direct ? Q[i] : w > 0 ? ((w * a1) * a2) * f : 0;
      if (q <= 0) {
        if (q < 0) {
          lo[i] = 1;
          sumLo += 1;
        }
        Q[i] = -1;
      } else {
        const F = Math.floor(q);
        Q[i] = (q - F) * TWO52;
        if (F < TWO32) {
          lo[i] = F;
          sumLo += F;
        } else {
          const h = Math.floor(F / TWO32);
          const l = F - h * TWO32;
          hi[i] = h;
          lo[i] = l;
          sumHi += h;
          sumLo += l;
        }
        K++;
        if (q > qmax) {
          qmax = q;
          argmax = i;
        }
      }
      if (prefix !== null) {
        // sumLo < 2^32 before this item, which added less than 2^32: one carry at most
        if (sumLo >= TWO32) {
          sumLo -= TWO32;
          sumHi++;
        }
        prefix[2 * i + 2] = sumHi;
        prefix[2 * i + 3] = sumLo;
      }
    }
    const c = Math.floor(sumLo / TWO32);
    sumHi += c;
    sumLo -= c * TWO32;
  }
  // Δ = n·2^32 − (sumHi·2^32 + sumLo), sumLo ∈ [0, 2^32). In binary64 when n − sumHi is small (it is
  // Δ's high part, and Δ is at most K plus a rounding error of ≤ 5·2^-53·T + 1 units): then every
  // operand and the result are integers below 2^53, so the arithmetic is exact — the value the
  // BigInt expression below gives, without its allocations.
  const dh = n - sumHi;
  const delta = dh > -TWO20 && dh < TWO20 ? dh * TWO32 - sumLo
    : Number((BigInt(n) << 32n) - ((BigInt(sumHi) << 32n) + BigInt(sumLo)));
  const up = Math.min(Math.max(delta, 0), K);
  if (prefix !== null) return delta === up ? { prefix, slack: up } : null;
  if (up > 0) roundUp(Q, hi, lo, up, K);
  if (delta !== up) {
    const v = (BigInt(hi[argmax]) << 32n) + BigInt(lo[argmax]) + BigInt(delta - up);
    if (v < 1n) throw new Error('internal: fixed-point absorption below one unit');
    hi[argmax] = Number(v >> 32n);
    lo[argmax] = Number(v & 0xffffffffn);
  }
  return { n, hi, lo };
}

function addOne(hi: Uint32Array, lo: Uint32Array, i: number): void {
  if (lo[i] === 0xffffffff) {
    lo[i] = 0;
    hi[i] += 1;
  } else {
    lo[i] += 1;
  }
}

/** Digit `pass` of a 52-bit key: bits 51–36, 35–20, 19–4, 3–0. */
function digit(key: number, pass: number): number {
  const kh = (key / TWO32) >>> 0; // key < 2^52: bits 51–32
  const kl = (key - kh * TWO32) >>> 0;
  switch (pass) {
    case 0: return kh >>> 4;
    case 1: return ((kh & 15) << 12) | (kl >>> 20);
    case 2: return (kl >>> 4) & 0xffff;
    default: return kl & 15;
  }
}

/** Up to this many eligible items, roundUp sorts their keys instead of running the radix select (whose
 *  four passes clear and scan a 2^16-bin histogram whatever K is: ~1 ms for 4 weights). Measured on the
 *  reference machine (2026-11-27, need = K/2, shared with other work, so ±50 %): the sort takes 0.05 ms
 *  at K = 1,024 and 0.5 ms at 4,096, where the radix select took 0.2–3.5 ms; at 8,192 the radix select
 *  wins (0.8 against 1.3 ms). */
export const SORT_MAX = 4096;

/**
 * The value of rank r (0-based, ascending) among v[0, K): a quickselect (Hoare partition around the
 * median of three), O(K) expected. Only the value is used, so how it reorders v does not matter.
 */
function selectRank(v: Float64Array, K: number, r: number): number {
  let lo = 0;
  let hi = K - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const a = v[lo], b = v[mid], c = v[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i] < pivot) i++;
      while (v[j] > pivot) j--;
      if (i <= j) {
        const t = v[i];
        v[i] = v[j];
        v[j] = t;
        i++;
        j--;
      }
    }
    // [lo, j] ≤ pivot, [i, hi] ≥ pivot, and anything strictly between equals the pivot
    if (r <= j) hi = j;
    else if (r >= i) lo = i;
    else return pivot;
  }
  return v[lo];
}

/**
 * roundUp for small K: the same winners by construction. The radix select below gives a unit to
 * exactly the `need` first eligible items in the order (key descending, index ascending) — a strict
 * total order, since indices differ: items whose digit beats the threshold digit are all before the
 * need-th, items below it all after, and among the candidates that share every digit (that is, the
 * whole 52-bit key: the digits are bits 51–36, 35–20, 19–4, 3–0 of an integer key < 2^52, so equal
 * digits ⟺ equal keys, and keys compare as doubles exactly as integers) the lowest indices win.
 *
 * Here: t = the need-th largest eligible key (rank K − need ascending, selected from a copy of the K
 * keys, integers ≥ 0). In that order every key > t comes before position need, and the winners are
 * those items plus the lowest indices among the items whose key is t, as many as positions are left
 * (`ties` = need − the number of keys > t). Each winner gets one unit, so the order in which they get it
 * does not matter. test/small-paths.test.ts compares both paths around SORT_MAX.
 */
function roundUpSorted(keys: Float64Array, hi: Uint32Array, lo: Uint32Array, need: number, K: number): void {
  const n = keys.length;
  const v = sortSlot(K);
  for (let i = 0, j = 0; j < K; i++) if (keys[i] >= 0) v[j++] = keys[i];
  const t = selectRank(v, K, K - need);
  let ties = need;
  for (let i = 0; i < n; i++) if (keys[i] > t) ties--;
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    if (k > t) addOne(hi, lo, i);
    else if (k === t && ties > 0) {
      addOne(hi, lo, i);
      ties--;
    }
  }
}

/**
 * Gives one unit to each of the `need` eligible items (key ≥ 0) with the largest keys, lower index
 * first among equal keys: a radix select over the 52-bit key, 16 + 16 + 16 + 4 bits, keeping the
 * candidates in index order; up to `sortMax` eligible items (K) a sort instead, the same winners
 * (roundUpSorted). `sortMax` is for tests, which run both paths on the same keys.
 * @internal
 */
export function roundUp(keys: Float64Array, hi: Uint32Array, lo: Uint32Array, need: number, K: number, sortMax = SORT_MAX): void {
  const n = keys.length;
  if (need === K) {
    for (let i = 0; i < n; i++) if (keys[i] >= 0) addOne(hi, lo, i);
    return;
  }
  if (K <= sortMax) {
    roundUpSorted(keys, hi, lo, need, K);
    return;
  }
  const hist = new Float64Array(1 << 16);
  let cand: Uint32Array | null = null; // null: every eligible item
  let count = K;
  for (let pass = 0; pass < 4; pass++) {
    const size = pass === 3 ? 16 : 1 << 16;
    hist.fill(0, 0, size);
    if (cand === null) {
      for (let i = 0; i < n; i++) {
        const k = keys[i];
        if (k >= 0) hist[digit(k, pass)]++;
      }
    } else {
      for (let c = 0; c < count; c++) hist[digit(keys[cand[c]], pass)]++;
    }
    // The digit b where the need-th largest key lies.
    let above = 0;
    let b = size - 1;
    for (; b > 0; b--) {
      if (above + hist[b] >= need) break;
      above += hist[b];
    }
    const next = new Uint32Array(hist[b]);
    let k = 0;
    if (cand === null) {
      for (let i = 0; i < n; i++) {
        const key = keys[i];
        if (key < 0) continue;
        const d = digit(key, pass);
        if (d > b) addOne(hi, lo, i);
        else if (d === b) next[k++] = i;
      }
    } else {
      for (let c = 0; c < count; c++) {
        const i = cand[c];
        const d = digit(keys[i], pass);
        if (d > b) addOne(hi, lo, i);
        else if (d === b) next[k++] = i;
      }
    }
    need -= above;
    cand = next;
    count = k;
    if (need === count) break;
  }
  // Candidates left share one key (or all of them win); the lowest indices win.
  for (let c = 0; c < need; c++) addOne(hi, lo, cand![c]);
}

/** Exact Σ W_i as a bigint (for checks). */
export function totalUnits(fp: { hi: Uint32Array; lo: Uint32Array }): bigint {
  let h = 0;
  let l = 0;
  const n = fp.hi.length;
  for (let s = 0; s < n; s += FLUSH) {
    const e = Math.min(n, s + FLUSH);
    for (let i = s; i < e; i++) {
      h += fp.hi[i];
      l += fp.lo[i];
    }
    const c = Math.floor(l / TWO32);
    h += c;
    l -= c * TWO32;
  }
  return (BigInt(h) << 32n) + BigInt(l);
}
