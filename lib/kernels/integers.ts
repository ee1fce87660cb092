/**
 * Bounded integers in [low, high): the executable specification of docs/streams.md, "Bounded integers". Lemire's
 * multiply-and-reject ("Fast random integer generation in an interval", ACM TOMACS 2019) with the
 * threshold computed once per call, so no value is biased and no division runs per element:
 *
 *   range r = high − low ≤ 2^32: a proposal is one word x; m = x·r (64 bits); accept iff
 *     m mod 2^32 ≥ 2^32 mod r; the value is low + ⌊m / 2^32⌋.
 *   2^32 < r ≤ 2^53: a proposal is two words (x = hi·2^32 + lo); m = x·r (128 bits); accept iff
 *     m mod 2^64 ≥ 2^64 mod r; the value is low + ⌊m / 2^64⌋.
 *
 * Proposal 0 of element e is word e (narrow) or words 2e, 2e + 1 (wide) of the plane (c2 = 0, c3 =
 * TAG_INTEGERS), so consecutive elements share Philox blocks like the raw stream; a rejected element
 * continues with its retry blocks (e, c, TAG_INTEGERS), c = 1, 2, …, each holding four narrow proposals
 * (words 0, 1, 2, 3) or two wide ones (words 0, 1 and 2, 3), in that order. The value is the first
 * accepted proposal: a function of (key, e, low, high) only — not of the dtype, n, chunking or backend.
 *
 * All products are exact integer arithmetic in 32-bit pieces (no BigInt per element). The C++ twin
 * is cuda/include/cr_integers.h; the WebAssembly fast path lib/wasm/samplers.cc integers_fill.
 */
import { philoxBlock, philoxStream } from '../core/philox.js';
import { TAG_INTEGERS } from '../core/layout.js';

const TWO_P32 = 4294967296;
const TWO_M32 = 2 ** -32;
/** Below this range x·r < 2^53: one exact double product. */
const SMALL_RANGE = 2 ** 21;

/** What every backend derives from (low, high) once per call. */
export interface IntegersPlan {
  low: number;
  /** r = high − low, in [1, 2^53]. */
  r: number;
  /** r > 2^32: two-word proposals. */
  wide: boolean;
  /** Narrow: 2^32 mod r. Wide: 2^64 mod r as 32-bit halves. */
  t: number;
  tHi: number;
  tLo: number;
  /** Wide: r as 32-bit halves. */
  rHi: number;
  rLo: number;
}

/** The plan of a call (low < high, both safe integers, r ≤ 2^53: the facade checked them). BigInt
 *  runs here once, never per element. */
export function integersPlan(low: number, high: number): IntegersPlan {
  const big = BigInt(high) - BigInt(low);
  const r = Number(big);
  const wide = r > TWO_P32;
  const t64 = wide ? (1n << 64n) % big : 0n;
  return {
    low, r, wide,
    t: wide ? 0 : TWO_P32 % r,
    tHi: Number(t64 >> 32n), tLo: Number(t64 & 0xffffffffn),
    rHi: Math.floor(r / TWO_P32), rLo: r % TWO_P32,
  };
}

/** hi32(a·b) of uint32 a, b, from 16-bit partial products. */
export function mulHi32(a: number, b: number): number {
  const al = a & 0xffff, ah = a >>> 16, bl = b & 0xffff, bh = b >>> 16;
  const ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;  // each < 2^32: exact
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  return (hh + Math.floor(lh / 65536) + Math.floor(hl / 65536) + Math.floor(mid / 65536)) >>> 0;
}

/** Narrow proposal x: k = ⌊x·r / 2^32⌋ when accepted, else −1. */
function narrow(x: number, p: IntegersPlan): number {
  return narrowProposal(x, p.r, p.t);
}

/** Narrow proposal x for range r ≤ 2^32 with threshold t = 2^32 mod r: ⌊x·r / 2^32⌋ when accepted, else −1
 *  (also sampling without replacement's steps, lib/kernels/sparse-sample.ts). */
export function narrowProposal(x: number, r: number, t: number): number {
  let k: number, l: number;
  if (r <= SMALL_RANGE) {
    const m = x * r;  // < 2^53: exact
    k = Math.floor(m * TWO_M32);
    l = m - k * TWO_P32;
  } else if (r === TWO_P32) {
    return x;  // m = x·2^32: l = 0 = 2^32 mod 2^32, always accepted
  } else {
    k = mulHi32(x, r);
    l = Math.imul(x, r) >>> 0;
  }
  return l >= t ? k : -1;
}

/** Wide proposal x = xh·2^32 + xl: k = ⌊x·r / 2^64⌋ when accepted, else −1. The 128-bit product in
 *  32-bit limbs: x·r = xh·rh·2^64 + (xh·rl + xl·rh)·2^32 + xl·rl, with rh < 2^21. */
function wide(xh: number, xl: number, p: IntegersPlan): number {
  const { rHi, rLo } = p;
  const p0h = mulHi32(xl, rLo), p0l = Math.imul(xl, rLo) >>> 0;
  const p1h = mulHi32(xh, rLo), p1l = Math.imul(xh, rLo) >>> 0;
  const p2 = xl * rHi, p3 = xh * rHi;  // < 2^53: exact
  const p2h = Math.floor(p2 * TWO_M32), p2l = p2 - p2h * TWO_P32;
  const p3h = Math.floor(p3 * TWO_M32), p3l = p3 - p3h * TWO_P32;
  const s1 = p0h + p1l + p2l;
  const c1 = Math.floor(s1 * TWO_M32), l1 = s1 - c1 * TWO_P32;
  const s2 = p1h + p2h + p3l + c1;
  const c2 = Math.floor(s2 * TWO_M32), l2 = s2 - c2 * TWO_P32;
  const l3 = p3h + c2;
  if (l1 < p.tHi || (l1 === p.tHi && p0l < p.tLo)) return -1;
  return l3 * TWO_P32 + l2;  // < r ≤ 2^53
}

const CHUNK = 4096;
const words = new Uint32Array(2 * CHUNK);
const retry = new Uint32Array(4);

/** Element e = (eh:el)'s value from its retry blocks (proposal 0 was rejected). */
function retried(k0: number, k1: number, el: number, eh: number, p: IntegersPlan): number {
  for (let c = 1; ; c++) {
    philoxBlock(el, eh, c, TAG_INTEGERS, k0, k1, retry, 0);
    if (p.wide) {
      for (let j = 0; j < 4; j += 2) {
        const k = wide(retry[j], retry[j + 1], p);
        if (k >= 0) return k;
      }
    } else {
      for (let j = 0; j < 4; j++) {
        const k = narrow(retry[j], p);
        if (k >= 0) return k;
      }
    }
  }
}

/** Elements [first, first + out.length), first = (hi:lo), of integers in [low, high). */
export function integersKernel(
  k0: number, k1: number, lo: number, hi: number, low: number, high: number,
  out: Int32Array | Uint32Array | Float64Array,
): void {
  const p = integersPlan(low, high);
  const n = out.length;
  const per = p.wide ? 2 : 1;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    if (p.wide) philoxStream(k0, k1, 0, TAG_INTEGERS, (l << 1) >>> 0, ((h << 1) | (l >>> 31)) >>> 0, words, 0, 2 * m);
    else philoxStream(k0, k1, 0, TAG_INTEGERS, l, h, words, 0, m);
    for (let i = 0; i < m; i++) {
      let k = p.wide ? wide(words[per * i], words[per * i + 1], p) : narrow(words[i], p);
      if (k < 0) {
        const el = (l + i) >>> 0;
        k = retried(k0, k1, el, (h + (el < l ? 1 : 0)) >>> 0, p);
      }
      out[s + i] = low + k;
    }
  }
}
