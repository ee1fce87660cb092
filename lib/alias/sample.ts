/**
 * The sampling rule shared by alias tables and the inverse-CDF method (docs/alias.md §6): the CPU
 * kernels. Worker threads import this module through lib/cpu/kernels.ts, so it stays free of the
 * facade (no pool, no validation).
 *
 * Element e (64-bit index) draws a uniform row r in [0, N) and a uniform 32-bit coin y:
 *   pair block  B = philox((0, lo(e>>1), hi(e>>1), TAG_ALIAS), key); lane = e & 1;
 *   row word x = B[2·lane], coin y = B[2·lane + 1];
 *   Lemire: r = hi32(x·N), accepted unless lo32(x·N) < 2^32 mod N; on rejection the next row words
 *   are words 0, 1, 2, 3 of philox((t, lo(e), hi(e), TAG_ALIAS), key) for t = 1, 2, … (the coin stays).
 * Accepted row words give every r exactly ⌊2^32/N⌋ times, so (r, y) is exactly uniform on
 * [0, N) × [0, 2^32), i.e. u = r·2^32 + y is exactly uniform on [0, T), T = N·2^32.
 *   alias:  item = y < threshold[r] ? r : alias[r]           (P(i) = W_i / T)
 *   cdf:    item = max { i : P_i ≤ u },  P_i = Σ_{j<i} W_j    (P(i) = W_i / T)
 */
import { philoxBlock } from '../philox.js';
import { TAG_ALIAS } from '../layout.js';

const blk = new Uint32Array(4);
const retry = new Uint32Array(4);

/** hi32(x·n), exactly (16-bit split of n; every intermediate below 2^53). */
function mulhi(x: number, n: number): number {
  return ((x * (n >>> 16) + ((x * (n & 0xffff)) / 65536 >>> 0)) / 65536) >>> 0;
}

/** The row of element e after its pair-block row word was rejected. */
function retryRow(k0: number, k1: number, eLo: number, eHi: number, n: number, t: number): number {
  for (let c = 1; c <= 0xffffffff; c++) {
    philoxBlock(c, eLo, eHi, TAG_ALIAS, k0, k1, retry, 0);
    for (let j = 0; j < 4; j++) {
      const x = retry[j];
      if ((Math.imul(x, n) >>> 0) >= t) return mulhi(x, n);
    }
  }
  throw new Error('internal: alias row rejection never ended');
}

/** Row of element e = (eHi:eLo) from row word x (rejection handled). */
function rowOf(x: number, n: number, t: number, k0: number, k1: number, eLo: number, eHi: number): number {
  if ((Math.imul(x, n) >>> 0) < t) return retryRow(k0, k1, eLo, eHi, n, t);
  return mulhi(x, n);
}

// The (row, coin) loops below are written out twice (alias, cdf) rather than behind a callback, to
// keep each hot loop monomorphic; the pair loop is unrolled, the odd head and tail go through rowOf.

/** Alias sampling: out[i] = item of stream element (hi:lo) + i. rows: [threshold, alias] × n. */
export function aliasSample(
  k0: number, k1: number, lo: number, hi: number, out: Uint32Array, rows: Uint32Array, n: number,
): void {
  const count = out.length;
  if (count === 0) return;
  const t = 4294967296 % n;
  const nLo = n & 0xffff;
  const nHi = n >>> 16;
  let bLo = ((lo >>> 1) | (hi << 31)) >>> 0;
  let bHi = hi >>> 1;
  let i = 0;
  if (lo & 1) {
    philoxBlock(0, bLo, bHi, TAG_ALIAS, k0, k1, blk, 0);
    const r = rowOf(blk[2], n, t, k0, k1, lo, hi);
    out[i++] = blk[3] < rows[2 * r] ? r : rows[2 * r + 1];
    bLo = (bLo + 1) >>> 0;
    if (bLo === 0) bHi = (bHi + 1) >>> 0;
  }
  for (; i + 1 < count; i += 2) {
    philoxBlock(0, bLo, bHi, TAG_ALIAS, k0, k1, blk, 0);
    const x0 = blk[0];
    const y0 = blk[1];
    const x1 = blk[2];
    const y1 = blk[3];
    const eLo = (bLo << 1) >>> 0;
    const eHi = ((bHi << 1) | (bLo >>> 31)) >>> 0;
    const r0 = (Math.imul(x0, n) >>> 0) < t
      ? retryRow(k0, k1, eLo, eHi, n, t)
      : ((x0 * nHi + ((x0 * nLo) / 65536 >>> 0)) / 65536) >>> 0;
    const r1 = (Math.imul(x1, n) >>> 0) < t
      ? retryRow(k0, k1, (eLo | 1) >>> 0, eHi, n, t)
      : ((x1 * nHi + ((x1 * nLo) / 65536 >>> 0)) / 65536) >>> 0;
    const a0 = 2 * r0;
    const a1 = 2 * r1;
    out[i] = y0 < rows[a0] ? r0 : rows[a0 + 1];
    out[i + 1] = y1 < rows[a1] ? r1 : rows[a1 + 1];
    bLo = (bLo + 1) >>> 0;
    if (bLo === 0) bHi = (bHi + 1) >>> 0;
  }
  if (i < count) {
    philoxBlock(0, bLo, bHi, TAG_ALIAS, k0, k1, blk, 0);
    const r = rowOf(blk[0], n, t, k0, k1, (bLo << 1) >>> 0, ((bHi << 1) | (bLo >>> 31)) >>> 0);
    out[i] = blk[1] < rows[2 * r] ? r : rows[2 * r + 1];
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
  k0: number, k1: number, lo: number, hi: number, out: Uint32Array, prefix: Uint32Array, n: number,
): void {
  const count = out.length;
  if (count === 0) return;
  const t = 4294967296 % n;
  let bLo = ((lo >>> 1) | (hi << 31)) >>> 0;
  let bHi = hi >>> 1;
  let i = 0;
  if (lo & 1) {
    philoxBlock(0, bLo, bHi, TAG_ALIAS, k0, k1, blk, 0);
    out[i++] = cdfFind(prefix, n, rowOf(blk[2], n, t, k0, k1, lo, hi), blk[3]);
    bLo = (bLo + 1) >>> 0;
    if (bLo === 0) bHi = (bHi + 1) >>> 0;
  }
  for (; i + 1 < count; i += 2) {
    philoxBlock(0, bLo, bHi, TAG_ALIAS, k0, k1, blk, 0);
    const x0 = blk[0];
    const y0 = blk[1];
    const x1 = blk[2];
    const y1 = blk[3];
    const eLo = (bLo << 1) >>> 0;
    const eHi = ((bHi << 1) | (bLo >>> 31)) >>> 0;
    out[i] = cdfFind(prefix, n, rowOf(x0, n, t, k0, k1, eLo, eHi), y0);
    out[i + 1] = cdfFind(prefix, n, rowOf(x1, n, t, k0, k1, (eLo | 1) >>> 0, eHi), y1);
    bLo = (bLo + 1) >>> 0;
    if (bLo === 0) bHi = (bHi + 1) >>> 0;
  }
  if (i < count) {
    philoxBlock(0, bLo, bHi, TAG_ALIAS, k0, k1, blk, 0);
    out[i] = cdfFind(prefix, n, rowOf(blk[0], n, t, k0, k1, (bLo << 1) >>> 0, ((bHi << 1) | (bLo >>> 31)) >>> 0), blk[1]);
  }
}

/** Exclusive prefix sums P_0 … P_n of W as [hi, lo] pairs, in a SharedArrayBuffer. */
export function prefixUnits(whi: Uint32Array, wlo: Uint32Array): Uint32Array {
  const n = whi.length;
  const p = new Uint32Array(new SharedArrayBuffer(8 * (n + 1)));
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
