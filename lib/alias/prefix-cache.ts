/**
 * The inverse-CDF prefix sums of recently seen small weight vectors, found again by their values
 * (issue 31, "Small calls"). A Markov chain or a Gibbs sampler draws one item at a time from the
 * same few rows of weights; the fixed-point conversion of a row (docs/alias.md, "Fixed-point
 * weights": the exact sum, the units, the remainder ranking) is O(N) and ~80 ns a weight, which is
 * most of such a draw. The prefix sums are a pure function of the weights' values, so a row whose
 * values equal a cached one's — compared in full, element by element — gets the cached sums: the
 * same bits as computing them again, whatever array holds the values or however often the caller
 * changed it in between (no identity, no hash alone, is trusted). A row seen for the first time
 * costs its conversion without the remainder ranking (Cdf below), which a draw needs only when it
 * lands within a few units of a sum.
 *
 * The hash is a cheap fingerprint (a weighted sum in binary64; equal values give equal sums) that
 * only picks which entry to compare. A fixed number of entries of at most MAX_ITEMS weights each:
 * at most ENTRIES · MAX_ITEMS · 16 bytes (256 KiB) stay alive. The module is per thread (worker threads
 * have their own), and nothing here is shared with a caller: the sums are read in the synchronous
 * call that looked them up.
 */
import { fixedPoint, flooredPrefix } from './fixed-point.js';
import { prefixUnits } from '../kernels/alias.js';

/** Largest weight vector kept; longer ones are converted each time (their draw costs more anyway). */
export const MAX_ITEMS = 1024;
/** Entries kept: the rows of a small chain, replaced round-robin. */
const ENTRIES = 16;

/**
 * Prefix sums S_0 … S_N ([hi, lo] pairs, lib/kernels/alias.ts prefixUnits) within `slack` units below
 * the exact ones P_i (S_i ≤ P_i ≤ S_i + slack): first the sums of the floored units (the remainder
 * ranking skipped: a third of a 64-weight conversion), made exact (slack 0) by exactCdf the first
 * time a draw lands within slack of a sum (lib/kernels/alias.ts cdfDraw).
 */
export interface Cdf { prefix: Uint32Array; slack: number }

interface Entry extends Cdf { hash: number; w: Float64Array }
const entries: (Entry | undefined)[] = new Array(ENTRIES).fill(undefined);
let next = 0;

/** A fingerprint of checked weights (finite, ≥ 0): equal values give equal fingerprints. */
function fingerprint(a: Float32Array | Float64Array): number {
  let h = a.length;
  for (let i = 0; i < a.length; i++) h = h * 1.000244140625 + a[i] * (i + 1.5);
  return h;
}

function sameValues(w: Float64Array, a: Float32Array | Float64Array): boolean {
  if (w.length !== a.length) return false;
  for (let i = 0; i < w.length; i++) if (w[i] !== a[i]) return false;
  return true;
}

/** Fresh zeroed words for prefix sums, or `reuse`'s when it is as long. */
const wordsFor = (reuse: Uint32Array | undefined) => (words: number) =>
  reuse !== undefined && reuse.length === words ? reuse.fill(0) : new Uint32Array(words);

/** The floored sums of `a` (slack = the round-up's units), or the exact ones where only they exist. */
function floored(a: Float32Array | Float64Array, reuse?: Uint32Array): Cdf {
  const f = flooredPrefix(a, wordsFor(reuse));
  return f ?? { prefix: exactPrefix(a, reuse), slack: 0 };
}

function exactPrefix(a: Float32Array | Float64Array, reuse?: Uint32Array): Uint32Array {
  const fp = fixedPoint(a, true);
  return prefixUnits(fp.hi, fp.lo, wordsFor(reuse));
}

/**
 * The prefix sums of checked weights `a` for one draw: a cached entry's when it holds the same values,
 * else computed (and kept when N ≤ MAX_ITEMS). The result must be only read (or made exact by
 * exactCdf), and only until the caller's synchronous call returns.
 */
export function cachedCdf(a: Float32Array | Float64Array): Cdf {
  if (a.length > MAX_ITEMS) return floored(a);
  const hash = fingerprint(a);
  for (let j = 0; j < ENTRIES; j++) {
    const e = entries[j];
    if (e !== undefined && e.hash === hash && sameValues(e.w, a)) return e;
  }
  // The entry replaced lends its arrays when it is as long (a chain's rows usually are).
  const old = entries[next];
  const reuse = old !== undefined && old.w.length === a.length;
  const { prefix, slack } = floored(a, reuse ? old.prefix : undefined);
  const w = reuse ? old.w : new Float64Array(a.length);
  w.set(a);
  const e: Entry = { hash, w, prefix, slack };
  entries[next] = e;
  next = (next + 1) % ENTRIES;
  return e;
}

/** Makes `c` (cachedCdf's answer for the same `a`) hold the exact prefix sums P_i: slack 0. */
export function exactCdf(c: Cdf, a: Float32Array | Float64Array): void {
  if (c.slack === 0) return;
  c.prefix = exactPrefix(a, c.prefix);
  c.slack = 0;
}

/** The exact prefix sums P_0 … P_N of `a`, cached or not (tests). @internal */
export function cachedPrefix(a: Float32Array | Float64Array): Uint32Array {
  const c = cachedCdf(a);
  exactCdf(c, a);
  return c.prefix;
}

/** Forgets every entry (tests). @internal */
export function clearPrefixCache(): void {
  entries.fill(undefined);
  next = 0;
}
