/**
 * The sampling rule shared by alias tables and the inverse-CDF method (docs/alias.md, "Sampling"): the CPU
 * kernels. Worker threads import this module through lib/backend/cpu/kernels.ts, so it stays free of the
 * facade (no pool, no validation).
 *
 * Element e (64-bit index) draws a uniform row r in [0, N) and a uniform 32-bit coin y:
 *   the alias stream: counter (lo(b), hi(b), 0, TAG_ALIAS), words 4b … 4b+3 (raw-style blocks);
 *   row word x = word 2e, coin y = word 2e + 1 (two elements per block);
 *   Lemire: r = hi32(x·N), accepted unless lo32(x·N) < 2^32 mod N; on rejection the next row words
 *   are words 0, 1, 2, 3 of philox((lo(e), hi(e), c, TAG_ALIAS), key) for c = 1, 2, … (the coin
 *   stays). c ≥ 1 in the third counter word keeps these blocks apart from the stream's.
 * Accepted row words give every r exactly ⌊2^32/N⌋ times, so (r, y) is exactly uniform on
 * [0, N) × [0, 2^32), i.e. u = r·2^32 + y is exactly uniform on [0, T), T = N·2^32.
 *   alias:  item = y < threshold[r] ? r : alias[r]           (P(i) = W_i / T)
 *   cdf:    item = max { i : P_i ≤ u },  P_i = Σ_{j<i} W_j    (P(i) = W_i / T)
 * The stream words come from philoxStream (WebAssembly SIMD where available: the same bits); alias
 * sampling runs wholly in WebAssembly when it can (lib/wasm/alias.ts, the same bits again).
 */
import { philoxBlock, philoxStream } from '../core/philox.js';
import { TAG_ALIAS } from '../core/layout.js';

/** Elements per philoxStream fill. */
const CHUNK = 4096;
const words = new Uint32Array(2 * CHUNK);
const retry = new Uint32Array(4);
const TWO_M32 = 2 ** -32;

/** hi32(x·n), exactly (16-bit split of n; every intermediate below 2^53). */
function mulhi(x: number, n: number): number {
  return ((x * (n >>> 16) + ((x * (n & 0xffff)) / 65536 >>> 0)) / 65536) >>> 0;
}

/** The row of element e = (eHi:eLo) after its stream row word was rejected. */
function retryRow(k0: number, k1: number, eLo: number, eHi: number, n: number, t: number): number {
  for (let c = 1; c <= 0xffffffff; c++) {
    philoxBlock(eLo, eHi, c, TAG_ALIAS, k0, k1, retry, 0);
    for (let j = 0; j < 4; j++) {
      const x = retry[j];
      if ((Math.imul(x, n) >>> 0) >= t) return mulhi(x, n);
    }
  }
  throw new Error('internal: alias row rejection never ended');
}

/** The row of element (h:l) + i after its row word was rejected (also lib/wasm/alias.ts's fallback). */
export function retryAt(k0: number, k1: number, l: number, h: number, i: number, n: number, t: number): number {
  const el = (l + i) >>> 0;
  return retryRow(k0, k1, el, (h + (el < l ? 1 : 0)) >>> 0, n, t);
}

/**
 * Fills `words` with the 2m stream words of elements (h:l) … (h:l) + m − 1 (words 2e, 2e + 1).
 */
function fill(k0: number, k1: number, l: number, h: number, m: number): void {
  philoxStream(k0, k1, 0, TAG_ALIAS, (l << 1) >>> 0, ((h << 1) | (l >>> 31)) >>> 0, words, 0, 2 * m);
}

// The loops below are written out twice (alias, cdf) rather than behind a callback, to keep each hot
// loop monomorphic.

/** Alias sampling: out[i] = item of stream element (hi:lo) + i. rows: [threshold, alias] × n. */
export function aliasSample(
  k0: number, k1: number, lo: number, hi: number, rows: Uint32Array, n: number, out: Uint32Array,
): void {
  const count = out.length;
  const t = 4294967296 % n;
  for (let s = 0; s < count; s += CHUNK) {
    const m = Math.min(CHUNK, count - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    fill(k0, k1, l, h, m);
    for (let i = 0; i < m; i++) {
      const x = words[2 * i];
      const y = words[2 * i + 1];
      const xl = Math.imul(x, n) >>> 0; // lo32(x·n)
      // hi32(x·n) = (x·n − lo32)/2^32, an integer; the binary64 evaluation is within 2^-20 of it
      // (two roundings of at most 2^11 each at magnitude < 2^64), so rounding to nearest is exact.
      const r = xl < t ? retryAt(k0, k1, l, h, i, n, t) : ((x * n - xl) * TWO_M32 + 0.5) >>> 0;
      const a = 2 * r;
      out[s + i] = y < rows[a] ? r : rows[a + 1];
    }
  }
}

/** max { j : P_j ≤ r·2^32 + y } by binary search; prefix: [hi, lo] × (n + 1). */
function cdfFind(prefix: Uint32Array, n: number, r: number, y: number): number {
  // Invariant: P_a ≤ u < P_b (P_0 = 0, P_n = n·2^32).
  let a = 0;
  let b = n;
  while (b - a > 1) {
    const mid = (a + b) >>> 1;
    const ph = prefix[2 * mid];
    if (ph < r || (ph === r && prefix[2 * mid + 1] <= y)) a = mid;
    else b = mid;
  }
  return a;
}

/**
 * Inverse-CDF sampling with the same (row, coin) pairs: out[i] = max { j : P_j ≤ r·2^32 + y }.
 * prefix: [hi, lo] × (n + 1), P_0 = 0, P_n = n·2^32.
 */
export function cdfSample(
  k0: number, k1: number, lo: number, hi: number, prefix: Uint32Array, n: number, out: Uint32Array,
): void {
  const count = out.length;
  const t = 4294967296 % n;
  for (let s = 0; s < count; s += CHUNK) {
    const m = Math.min(CHUNK, count - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    fill(k0, k1, l, h, m);
    for (let i = 0; i < m; i++) {
      const x = words[2 * i];
      const xl = Math.imul(x, n) >>> 0;
      const r = xl < t ? retryAt(k0, k1, l, h, i, n, t) : ((x * n - xl) * TWO_M32 + 0.5) >>> 0;
      out[s + i] = cdfFind(prefix, n, r, words[2 * i + 1]);
    }
  }
}

/**
 * One element of cdfSample, (hi:lo), from prefix sums known only up to `slack` units: sums S_i with
 * S_i ≤ P_i ≤ S_i + slack (lib/alias/fixed-point.ts flooredPrefix's sums; slack 0: the
 * exact sums). a = max { i : S_i ≤ u } is the exact draw max { i : P_i ≤ u } whenever u ≥ S_a + slack
 * (then P_a ≤ u < S_{a+1} ≤ P_{a+1}); else −1, and the caller asks again with exact sums. u lies that
 * close above a sum with probability ≤ slack·N / T, under 2^-32 per unit of slack.
 */
export function cdfDraw(k0: number, k1: number, lo: number, hi: number, prefix: Uint32Array, n: number, slack: number): number {
  fill(k0, k1, lo, hi, 1);
  const x = words[0];
  const y = words[1];
  const t = 4294967296 % n;
  const xl = Math.imul(x, n) >>> 0;
  const r = xl < t ? retryAt(k0, k1, lo, hi, 0, n, t) : ((x * n - xl) * TWO_M32 + 0.5) >>> 0;
  const a = cdfFind(prefix, n, r, y);
  // u − S_a, exact in binary64: below N·2^32 < 2^53
  return slack === 0 || (r - prefix[2 * a]) * 4294967296 + (y - prefix[2 * a + 1]) >= slack ? a : -1;
}

/** Exclusive prefix sums P_0 … P_n of W as [hi, lo] pairs, in a SharedArrayBuffer for the worker pool,
 *  or in the zeroed array of 2(n + 1) words `alloc` gives (a synchronous call: a reused temporary). */
export function prefixUnits(whi: Uint32Array, wlo: Uint32Array, alloc?: (words: number) => Uint32Array): Uint32Array {
  const n = whi.length;
  const p = alloc ? alloc(2 * (n + 1)) : new Uint32Array(new SharedArrayBuffer(8 * (n + 1)));
  let h = 0;
  let l = 0;
  for (let i = 0; i < n; i++) {
    h += whi[i];
    l += wlo[i];
    if (l >= 4294967296) {
      l -= 4294967296;
      h++;
    }
    p[2 * i + 2] = h;
    p[2 * i + 3] = l;
  }
  return p;
}
