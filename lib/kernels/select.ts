/**
 * Permutations and sampling without replacement (docs/streams.md, "Permutations and sampling without replacement"), the
 * specification: element i of [0, n) gets a 64-bit key, and a result lists the indices in increasing order of (key,
 * index) — the index decides between equal keys, so the order is total and the same on every backend.
 *
 * Keys are held interleaved, keys[2i] the high and keys[2i+1] the low word of element i's key.
 */
import { philoxStream } from '../core/philox.js';
import { TAG_PERMUTE, TAG_WEIGHTED } from '../core/layout.js';
import { log } from '../core/math/index.js';
import { tempSlot } from '../core/temp.js';

/** The key of a zero weight: above every float64 key's bits (+∞ is 0x7FF00000:00000000), so a zero
 *  weight is never among the k smallest when k ≤ the number of positive weights. */
export const EXCLUDED = 0xffffffff;

const TWO_M53 = 2 ** -53;
/** The widest histogram of smallestKeys: buckets by the top 16 bits of the high word. */
const BUCKET_BITS = 16;
/** Below this many candidates one comparison sort is cheaper than the radix passes' 2^16 counters. */
const RADIX_MIN = 4096;
/** Index bound of sortByKey's packed keys (high word·PACK + index < 2^53). */
const PACK = 2 ** 21;
/** Reused temporaries (lib/core/temp.ts): the packed keys of a small sort. */
const packSlot = tempSlot(Float64Array, RADIX_MIN);
/** smallestKeys' histogram and candidates (reused; the candidates are copied to `out`). */
const countSlot = tempSlot(Uint32Array, 1 << 12);
const idxSlot = tempSlot(Uint32Array);
/** The kernels' keys (`alloc` of permutationKeys / weightedKeys: smallestKeys reads them, no one keeps them). */
const keySlot = tempSlot(Uint32Array);
/** weightedKeys' uniforms and logs (one round of 4096 = LOG_CHUNK at most). */
const uSlot = tempSlot(Float64Array, 4096);

/** Element i's key: words 2i (high) and 2i+1 (low) of the TAG_PERMUTE stream, i < n. */
export function permutationKeys(k0: number, k1: number, n: number, alloc?: (words: number) => Uint32Array): Uint32Array {
  const keys = alloc ? alloc(2 * n) : new Uint32Array(2 * n);
  philoxStream(k0, k1, 0, TAG_PERMUTE, 0, 0, keys, 0, 2 * n);
  return keys;
}

const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const LO_WORD = LITTLE ? 0 : 1;
const HI_WORD = LITTLE ? 1 : 0;

/** Replaces every u[j] by log(u[j]): lib/core/math's log (the specification) or the same bits faster. */
export type LogInPlace = (u: Float64Array) => void;

const scalarLogs: LogInPlace = (u) => {
  for (let j = 0; j < u.length; j++) u[j] = log(u[j]);
};

/** Elements per round of weightedKeys: the uniforms of a round stay in L1 for their logs. */
const LOG_CHUNK = 4096;

/**
 * Element i's key for weight w_i > 0: the bits of E_i / w_i, E_i = 0 − log(u_i), u_i = (k53 + 1)·2^-53
 * from words 2i, 2i+1 of the TAG_WEIGHTED stream (exponential's float64 u, docs/streams.md, "Exponential").
 * Non-negative binary64 values order as their bit patterns do, so the keys compare as 64-bit integers. w_i = 0:
 * EXCLUDED.
 */
export function weightedKeys(k0: number, k1: number, weights: ArrayLike<number>, logs: LogInPlace = scalarLogs,
  alloc?: (words: number) => Uint32Array): Uint32Array {
  const n = weights.length;
  const keys = alloc ? alloc(2 * n) : new Uint32Array(2 * n);
  philoxStream(k0, k1, 0, TAG_WEIGHTED, 0, 0, keys, 0, 2 * n);
  const u = uSlot(Math.min(n, LOG_CHUNK));
  const uw = new Uint32Array(u.buffer);  // the words of each key, computed in place of its uniform
  for (let s = 0; s < n; s += LOG_CHUNK) {
    const m = Math.min(LOG_CHUNK, n - s);
    const us = u.subarray(0, m);
    for (let j = 0, i = s; j < m; j++, i++) us[j] = ((keys[2 * i] >>> 5) * 67108864 + (keys[2 * i + 1] >>> 6) + 1) * TWO_M53;
    logs(us);
    for (let j = 0, i = s; j < m; j++, i++) {
      const w = weights[i];
      if (w === 0) {
        keys[2 * i] = keys[2 * i + 1] = EXCLUDED;
        continue;
      }
      us[j] = (0 - us[j]) / w;
      keys[2 * i] = uw[2 * j + HI_WORD];
      keys[2 * i + 1] = uw[2 * j + LO_WORD];
    }
  }
  return keys;
}

const DIGIT_MASK = 0x7ff;

/**
 * Sorts the indices `idx` (ascending on entry) by (high word, low word, index). `uniform`: the keys are
 * iid uniform (permutations), so equal top 22 bits are rare (n²/2^23 pairs) and two radix passes plus
 * one insertion pass finish the order; otherwise (weighted keys cluster by exponent) three passes and
 * a comparison sort of each run of equal high words.
 */
function sortByKey(keys: Uint32Array, idx: Uint32Array, uniform: boolean): void {
  const m = idx.length;
  const byLow = (a: number, b: number): number => (keys[2 * a + 1] - keys[2 * b + 1]) || (a - b);
  if (m < RADIX_MIN) {
    if (m === 0 || idx[m - 1] >= PACK) {
      idx.sort((a, b) => (keys[2 * a] - keys[2 * b]) || byLow(a, b));
      return;
    }
    // The same order without a comparator: high word·2^21 + index is an exact integer below 2^53
    // (indices < 2^21; idx ascends, so idx[m − 1] is the largest) and sorts numerically as (high word,
    // index); then each run of equal high words, in index order, is ordered by (low word, index) —
    // together the comparator's (high, low, index), a strict total order, so the one result.
    const v = packSlot(m);
    for (let j = 0; j < m; j++) v[j] = keys[2 * idx[j]] * PACK + idx[j];
    v.sort();
    for (let j = 0; j < m; j++) {
      const x = v[j];
      idx[j] = x - Math.floor(x / PACK) * PACK;
    }
    for (let j = 0; j < m;) {
      const h = keys[2 * idx[j]];
      let e = j + 1;
      while (e < m && keys[2 * idx[e]] === h) e++;
      if (e - j > 1) idx.subarray(j, e).sort(byLow);
      j = e;
    }
    return;
  }
  if (uniform && idx[m - 1] < PACK) {
    sortPacked(keys, idx);
    return;
  }
  // Stable 11-bit LSD passes over the high words (counters that stay in L1) keep equal digits in
  // index order.
  const shifts = uniform ? [10, 21] : [0, 11, 22];
  let hi: Uint32Array = new Uint32Array(m), tmpHi: Uint32Array = new Uint32Array(m);
  let ix: Uint32Array = idx, tmpIx: Uint32Array = new Uint32Array(m);
  const counts = new Uint32Array(shifts.length << 11);
  const [s0, s1, s2] = shifts;
  for (let j = 0; j < m; j++) {
    const h = keys[2 * idx[j]];
    hi[j] = h;
    counts[(h >>> s0) & DIGIT_MASK]++;
    counts[2048 + ((h >>> s1) & DIGIT_MASK)]++;
    if (s2 !== undefined) counts[4096 + ((h >>> s2) & DIGIT_MASK)]++;
  }
  for (let p = 0; p < shifts.length; p++) {
    const shift = shifts[p], base = p << 11;
    for (let d = 0, s = 0; d < 2048; d++) {
      const c = counts[base + d];
      counts[base + d] = s;
      s += c;
    }
    for (let j = 0; j < m; j++) {
      const h = hi[j];
      const at = counts[base + ((h >>> shift) & DIGIT_MASK)]++;
      tmpHi[at] = h;
      tmpIx[at] = ix[j];
    }
    [hi, tmpHi] = [tmpHi, hi];
    [ix, tmpIx] = [tmpIx, ix];
  }
  if (uniform) {
    // Ordered by the top 22 bits, in index order within: insertion by (high, low, index) moves only
    // within the rare groups of equal top bits.
    for (let j = 1; j < m; j++) {
      const h = hi[j], x = ix[j];
      if (hi[j - 1] < h) continue;
      let i = j - 1;
      while (i >= 0 && (hi[i] > h || (hi[i] === h && byLow(ix[i], x) > 0))) {
        hi[i + 1] = hi[i];
        ix[i + 1] = ix[i];
        i--;
      }
      hi[i + 1] = h;
      ix[i + 1] = x;
    }
  } else {
    // Runs of equal high words are ordered by (low word, index).
    for (let j = 0; j < m;) {
      let e = j + 1;
      while (e < m && hi[e] === hi[j]) e++;
      if (e - j > 1) ix.subarray(j, e).sort(byLow);
      j = e;
    }
  }
  if (ix !== idx) idx.set(ix);
}

const INV_PACK = 1 / PACK;

/**
 * sortByKey's uniform order for indices below 2^21 (a permutation of up to 2^21 items, the common
 * case), the same passes over one packed array: x = high word·2^21 + index, an exact integer below
 * 2^53, so each pass moves one 8-byte value rather than two 4-byte ones in separate arrays (10.8 ms
 * instead of 17 for 10^6 keys: half the cache lines written). x·2^-21 is exact (a power of two), and
 * ToUint32 (`>>>`) of it drops the fraction, giving the high word. Stable passes over the top 22 bits,
 * then insertion by (high, low, index), as sortByKey's: the same strict total order, so the same result.
 */
function sortPacked(keys: Uint32Array, idx: Uint32Array): void {
  const m = idx.length;
  let v = new Float64Array(m), tv = new Float64Array(m);
  const counts = new Uint32Array(2 << 11);
  for (let j = 0; j < m; j++) {
    const i = idx[j], h = keys[2 * i];
    v[j] = h * PACK + i;
    counts[(h >>> 10) & DIGIT_MASK]++;
    counts[2048 + (h >>> 21)]++;
  }
  for (let p = 0; p < 2; p++) {
    const shift = p === 0 ? 10 : 21, base = p << 11;
    for (let d = 0, s = 0; d < 2048; d++) {
      const c = counts[base + d];
      counts[base + d] = s;
      s += c;
    }
    for (let j = 0; j < m; j++) {
      const x = v[j];
      tv[counts[base + (((x * INV_PACK) >>> shift) & DIGIT_MASK)]++] = x;
    }
    [v, tv] = [tv, v];
  }
  // Insertion by (high, low, index) within the rare runs of equal top 22 bits; x orders as (high, index).
  const before = (a: number, b: number): boolean => {  // packed a orders after packed b
    const ha = (a * INV_PACK) >>> 0, hb = (b * INV_PACK) >>> 0;
    if (ha !== hb) return ha > hb;
    const ia = a - ha * PACK, ib = b - hb * PACK;
    const la = keys[2 * ia + 1], lb = keys[2 * ib + 1];
    return la !== lb ? la > lb : ia > ib;
  };
  for (let j = 1; j < m; j++) {
    const x = v[j];
    if (((v[j - 1] * INV_PACK) >>> 0) < ((x * INV_PACK) >>> 0)) continue;
    let i = j - 1;
    while (i >= 0 && before(v[i], x)) {
      v[i + 1] = v[i];
      i--;
    }
    v[i + 1] = x;
  }
  for (let j = 0; j < m; j++) {
    const x = v[j];
    idx[j] = x - ((x * INV_PACK) >>> 0) * PACK;
  }
}

/**
 * out[j] = the index with the j-th smallest (key, index) among n keys, j < out.length ≤ n. Only the
 * candidates in the buckets (by the key's top `bits` bits) up to the one holding the out.length-th
 * smallest are sorted.
 *
 * Any bucket width gives the same result: the buckets are ranges of the high word, so every key in a
 * bucket ≤ top orders before every key in a bucket > top, and the k smallest (key, index) all lie in
 * buckets ≤ top; the candidates are a superset of them, sorted by the same strict total order (high
 * word, low word, index), so their first k are the k smallest. Hence the histogram has about n buckets
 * (2^⌈log2 n⌉, at most 2^16: `bits` is for tests, which compare widths) rather than always 2^16 — whose
 * allocation and scan cost ~100 µs however small n was — and when every key is a candidate anyway
 * (k = n: a whole permutation or shuffle) there is no histogram at all.
 */
export function smallestKeys(keys: Uint32Array, n: number, out: Int32Array | Uint32Array | Float64Array, uniform = false,
  bits = bucketBits(n)): void {
  const k = out.length;
  if (k === 0) return;
  let idx: Uint32Array;
  if (k >= n || bits === 0) {
    idx = idxSlot(n);
    for (let i = 0; i < n; i++) idx[i] = i;
  } else {
    const shift = 32 - bits;
    const counts = countSlot(1 << bits);
    for (let i = 0; i < n; i++) counts[keys[2 * i] >>> shift]++;
    let top = 0, c = counts[0];
    while (c < k) c += counts[++top];
    idx = idxSlot(c);
    if (c === n) for (let i = 0; i < n; i++) idx[i] = i;
    else for (let i = 0, m = 0; i < n; i++) if (keys[2 * i] >>> shift <= top) idx[m++] = i;
  }
  sortByKey(keys, idx, uniform);
  for (let j = 0; j < k; j++) out[j] = idx[j];
}

/** The histogram width of smallestKeys for n keys: ⌈log2 n⌉ bits, 1 to 16 (0 for n ≤ 1: no histogram). */
export function bucketBits(n: number): number {
  return n <= 1 ? 0 : Math.min(BUCKET_BITS, 32 - Math.clz32(n - 1));
}

/** The first out.length entries of the permutation of [0, population) (docs/streams.md, "permutation and uniform
 * sampling"). */
export function permutationKernel(k0: number, k1: number, population: number, out: Int32Array | Uint32Array | Float64Array): void {
  if (out.length === 0) return;
  smallestKeys(permutationKeys(k0, k1, population, keySlot), population, out, true);
}

/** The high word of element i's key (word 2i of the TAG_PERMUTE stream). */
function highWord(k0: number, k1: number, i: number): number {
  const w = new Uint32Array(1);
  philoxStream(k0, k1, 0, TAG_PERMUTE, (2 * i) >>> 0, Math.floor(i / 2 ** 31), w, 0, 1);
  return w[0];
}

/**
 * Part `part` of `parts` (a power of two) of the permutation of [0, out.length): the positions holding the items
 * whose key's top log2(parts) bits are `part` — a range, the order being the keys' — written with the
 * permutation's values, no other position (the pool's workers each write one part of a shared `out`, at once;
 * cr_cpu_permutation_part is the fast one). `whole(w)` writes the whole permutation into w (default: the
 * specification); the range is found by bisection over the keys of its items.
 */
export function permutationPartKernel(k0: number, k1: number, part: number, parts: number,
  out: Int32Array | Uint32Array | Float64Array,
  whole: (w: Int32Array | Uint32Array | Float64Array) => void = (w) => permutationKernel(k0, k1, w.length, w)): void {
  const n = out.length;  // the pool parts whole permutations only (population = out.length)
  // an intrinsic array of out's type (never through out's own `constructor`)
  const w = out instanceof Int32Array ? new Int32Array(n) : out instanceof Uint32Array ? new Uint32Array(n) : new Float64Array(n);
  whole(w);
  const shift = 32 - Math.log2(parts);
  const top = (j: number) => (parts === 1 ? 0 : highWord(k0, k1, w[j]) >>> shift);
  const first = (p: number) => {  // the first position whose item's top bits are >= p
    let a = 0, b = n;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (top(m) < p) a = m + 1;
      else b = m;
    }
    return a;
  };
  const s = first(part), e = part + 1 === parts ? n : first(part + 1);
  out.set(w.subarray(s, e), s);
}

/** The out.length items of a weighted sample without replacement, in order of increasing key (docs/streams.md,
 * "weighted sampling without replacement"). */
export function weightedSampleKernel(
  k0: number, k1: number, weights: ArrayLike<number>, out: Int32Array | Uint32Array | Float64Array, logs: LogInPlace = scalarLogs,
): void {
  if (out.length === 0) return;
  smallestKeys(weightedKeys(k0, k1, weights, logs, keySlot), weights.length, out);
}
