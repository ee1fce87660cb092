/**
 * Sobol direction vectors for up to 21,201 dimensions, expanded on demand from the packed Joe–Kuo
 * data (lib/kernels/sobol/joe-kuo.data.ts; scripts/gen-sobol-directions.mjs documents the packing) and
 * cached per dimension.
 *
 * Dimension d (0-based) uses the primitive polynomial x^s + a_1 x^(s−1) + … + a_(s−1) x + 1 and
 * initial odd m_1 … m_s with m_k < 2^k; further m_k follow Bratley and Fox's recurrence (ACM TOMS
 * 14, 1988, Algorithm 659, as restated by Joe and Kuo):
 *   m_k = 2 a_1 m_(k−1) ⊕ 2^2 a_2 m_(k−2) ⊕ … ⊕ 2^(s−1) a_(s−1) m_(k−s+1) ⊕ 2^s m_(k−s) ⊕ m_(k−s).
 * The B-bit direction vector is V_k = m_k · 2^(B−k), k = 1 … B, where the recurrence reads
 *   V_k = V_(k−s) ⊕ (V_(k−s) >> s) ⊕ a_1 V_(k−1) ⊕ … ⊕ a_(s−1) V_(k−s+1).
 * Dimension 0 is the van der Corput sequence: every m_k = 1 (Joe and Kuo's first dimension, scipy's
 * column 0).
 */
import { createHash } from 'node:crypto';
import {
  JOE_KUO_DEGREE_COUNTS, JOE_KUO_DIMENSIONS, JOE_KUO_PACKED_BASE64, JOE_KUO_PACKED_SHA256,
} from './joe-kuo.data.js';

export const SOBOL_MAX_DIMENSIONS = JOE_KUO_DIMENSIONS;

/** Joe–Kuo's data for one dimension: degree s, middle coefficients a (a_1 most significant), m_1 … m_s. */
export interface JoeKuoEntry {
  s: number;
  a: number;
  m: number[];
}

let packed: Uint8Array | null = null;
/** Bit offset of dimension d's record in the packed stream (d ≥ 1), and its degree. */
let recordAt: Float64Array | null = null;
let degreeOf: Uint8Array | null = null;

function load(): void {
  const bytes = Buffer.from(JOE_KUO_PACKED_BASE64.join(''), 'base64');
  if (createHash('sha256').update(bytes).digest('hex') !== JOE_KUO_PACKED_SHA256) {
    throw new Error('lib/kernels/sobol/joe-kuo.data.ts is corrupt (SHA-256 mismatch); regenerate it with scripts/gen-sobol-directions.mjs');
  }
  const at = new Float64Array(JOE_KUO_DIMENSIONS);
  const deg = new Uint8Array(JOE_KUO_DIMENSIONS);
  let d = 1, bit = 0;
  JOE_KUO_DEGREE_COUNTS.forEach((count, i) => {
    const s = i + 1;
    for (let j = 0; j < count; j++, d++) {
      at[d] = bit;
      deg[d] = s;
      bit += s - 1 + (s * (s - 1)) / 2; // a, then m_k for k = 2 … s in k − 1 bits each
    }
  });
  if (d !== JOE_KUO_DIMENSIONS || Math.ceil(bit / 8) !== bytes.length) throw new Error('Joe–Kuo data: bad degree counts');
  packed = bytes;
  recordAt = at;
  degreeOf = deg;
}

function readBits(bit: number, n: number): number {
  let v = 0;
  for (let b = 0; b < n; b++, bit++) v |= ((packed![bit >>> 3] >>> (bit & 7)) & 1) << b;
  return v;
}

/** The Joe–Kuo entry of dimension d (0-based; dimension 0 has s = 0 and no data). */
export function joeKuoEntry(d: number): JoeKuoEntry {
  if (d === 0) return { s: 0, a: 0, m: [] };
  if (packed === null) load();
  const s = degreeOf![d];
  let bit = recordAt![d];
  const a = readBits(bit, s - 1);
  bit += s - 1;
  const m = [1];
  for (let k = 2; k <= s; k++, bit += k - 2) m.push(2 * readBits(bit, k - 1) + 1);
  return { s, a, m };
}

const cache32: (Uint32Array | undefined)[] = [];
const cache64: (Uint32Array | undefined)[] = [];

/** V_1 … V_32 of dimension d as uint32 words (index k − 1). Cached; do not modify. */
export function directions32(d: number): Uint32Array {
  let v = cache32[d];
  if (v !== undefined) return v;
  v = new Uint32Array(32);
  const { s, a, m } = joeKuoEntry(d);
  if (s === 0) {
    for (let k = 1; k <= 32; k++) v[k - 1] = 2 ** (32 - k);
  } else {
    for (let k = 1; k <= s; k++) v[k - 1] = m[k - 1] * 2 ** (32 - k);
    for (let k = s + 1; k <= 32; k++) {
      let x = v[k - s - 1] ^ (v[k - s - 1] >>> s);
      for (let j = 1; j < s; j++) if ((a >>> (s - 1 - j)) & 1) x ^= v[k - j - 1];
      v[k - 1] = x;
    }
  }
  return (cache32[d] = v);
}

/**
 * V_1 … V_64 of dimension d as 64-bit words split in uint32 halves: V_k is hi = v[2(k−1)],
 * lo = v[2(k−1) + 1]. Cached; do not modify. For k ≤ 32, V_k = V32_k · 2^32 (lo = 0), so the top
 * 32 bits of the first 2^32 Sobol64 points are the Sobol32 points.
 */
export function directions64(d: number): Uint32Array {
  let v = cache64[d];
  if (v !== undefined) return v;
  v = new Uint32Array(128);
  const { s, a, m } = joeKuoEntry(d);
  if (s === 0) {
    for (let k = 1; k <= 32; k++) v[2 * (k - 1)] = 2 ** (32 - k);
    for (let k = 33; k <= 64; k++) v[2 * (k - 1) + 1] = 2 ** (64 - k);
  } else {
    for (let k = 1; k <= s; k++) v[2 * (k - 1)] = m[k - 1] * 2 ** (32 - k); // s ≤ 18: m_k 2^(64−k) has no low word
    for (let k = s + 1; k <= 64; k++) {
      const hs = v[2 * (k - s - 1)], ls = v[2 * (k - s - 1) + 1];
      let hi = hs ^ (hs >>> s);
      let lo = ls ^ ((ls >>> s) | (hs << (32 - s)));
      for (let j = 1; j < s; j++) {
        if ((a >>> (s - 1 - j)) & 1) {
          hi ^= v[2 * (k - j - 1)];
          lo ^= v[2 * (k - j - 1) + 1];
        }
      }
      v[2 * (k - 1)] = hi;
      v[2 * (k - 1) + 1] = lo;
    }
  }
  return (cache64[d] = v);
}
