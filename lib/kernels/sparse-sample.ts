/**
 * Uniform sampling of k from [0, N) without replacement in O(k) time and memory, the specification of
 * docs/streams.md, "Few of many": the first k steps of a Fisher–Yates shuffle of the virtual
 * array a = [0, 1, …, N − 1], of which only the entries that moved are stored (a hash table of at most
 * k positions), so nothing proportional to N is touched.
 *
 *   step j = 0 … k − 1:  r_j uniform in [0, N − j);  swap a[j] and a[j + r_j];  out[j] = a[j]
 *
 * r_j is the first accepted of the narrow Lemire proposals of docs/streams.md, "Bounded integers", for
 * the range N − j (integers' own proposal, lib/kernels/integers.ts), in their layout under TAG_SAMPLE:
 * proposal 0 is word j of the plane (c2 = 0), then the retry blocks (j, 0, c, TAG_SAMPLE), c = 1, 2, …,
 * words 0, 1, 2, 3 in order.
 * Each step has its own words, so out[j] is a pure function of (key, N, j) and out[0 … j − 1], and a
 * sample of k is the first k of a sample of k' > k from the same N.
 * Sequential by nature (step j reads the swaps before it): every backend runs this code on the host
 * (the CUDA backend uploads the k results; lib/backend/cuda/custom.ts).
 */
import { philoxBlock, philoxStream } from '../core/philox.js';
import { TAG_SAMPLE } from '../core/layout.js';
import { narrowProposal } from './integers.js';
import { tempSlot } from '../core/temp.js';

const TWO_P32 = 4294967296;
/** Fibonacci hashing's multiplier, ⌊2^32/φ⌋ (odd): spreads consecutive positions over the table. */
const GOLDEN = 0x9e3779b9;

/** The table of moved entries, reused between calls (lib/core/temp.ts): word 2h = position + 1 (0: an
 *  empty slot; positions < N ≤ 2^32 − 1), word 2h + 1 = the value now at that position. */
const tableSlot = tempSlot(Uint32Array, 1 << 17);
const retry = new Uint32Array(4);
/** Steps per round: their proposals 0 are one stretch of the Philox plane (philoxStream, WebAssembly
 *  when it runs), four steps to a block. */
const STEPS = 4096;
const plane = new Uint32Array(STEPS);

/** Step j's offset in [0, r), r = N − j ≥ 1, from its proposal 0 (x, word j of the plane), else its
 *  retry blocks c = 1, 2, … (a proposal is rejected with probability below 1/2). */
function stepOffset(k0: number, k1: number, j: number, r: number, x: number): number {
  const t = TWO_P32 % r;
  let v = narrowProposal(x, r, t);
  for (let c = 1; v < 0; c++) {
    philoxBlock(j, 0, c, TAG_SAMPLE, k0, k1, retry, 0);
    for (let w = 0; w < 4 && v < 0; w++) v = narrowProposal(retry[w], r, t);
  }
  return v;
}

/** out[j] for j < out.length = k ≤ population ≤ 2^32 − 1, k < 2^29 (the table's slots are counted in 32
 *  bits; isFewOfMany admits k < 2^28): the sample of "Few of many". */
export function sparseSampleKernel(k0: number, k1: number, population: number,
  out: Int32Array | Uint32Array | Float64Array): void {
  const k = out.length;
  if (k === 0) return;
  // At most k entries are ever stored (position j + r_j per step): a table of at least 2k slots stays
  // at most half full, so linear probing ends after a few slots.
  const bits = Math.max(3, 32 - Math.clz32(2 * k - 1));
  const mask = ((1 << bits) - 1) >>> 0, shift = 32 - bits;
  const tab = tableSlot(2 << bits);
  /** The slot of position p: where it is stored, or the empty slot where it would go. */
  const slot = (p: number): number => {
    let h = Math.imul(p, GOLDEN) >>> shift;
    while (tab[2 * h] !== 0 && tab[2 * h] !== p + 1) h = (h + 1) & mask;
    return h;
  };
  for (let s = 0; s < k; s += STEPS) {
    const m = Math.min(STEPS, k - s);
    philoxStream(k0, k1, 0, TAG_SAMPLE, s, 0, plane, 0, m);  // words s … s + m − 1 of the plane (s < 2^32)
    for (let j = s; j < s + m; j++) {
      const i = j + stepOffset(k0, k1, j, population - j, plane[j - s]);
      const hi = slot(i);
      const ai = tab[2 * hi] === 0 ? i : tab[2 * hi + 1];
      if (i !== j) {
        // a[i] takes a[j]'s value; a[j] itself is never read again (every later step reads positions > j).
        const hj = slot(j);
        tab[2 * hi] = i + 1;
        tab[2 * hi + 1] = tab[2 * hj] === 0 ? j : tab[2 * hj + 1];
      }
      out[j] = ai;
    }
  }
}

/** How much larger than k the population must be for this method (docs/streams.md, "Few of many"): from
 *  population = 16·k on it is at least twice as fast as selecting from N keys, and its table (at most
 *  32·k bytes) is smaller than their 8·N bytes. */
export const FEW_OF_MANY = 16;

/** Whether sampleWithoutReplacement(key, k, { population }) is the sample of docs/streams.md, "Few of many"
 *  (else the first k of permutation(key, population): "permutation and uniform sampling"). A rule in
 *  (k, population) only, the same on every backend. */
export function isFewOfMany(k: number, population: number): boolean {
  return FEW_OF_MANY * k <= population;
}
