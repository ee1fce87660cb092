/**
 * Linear algebra over GF(2) on 160-bit vectors: the state space of XORWOW's xorshift part
 * (v0..v4). A vector is five words, bit b of word w being coordinate 32w + b.
 *
 * A matrix is stored by columns — column j (words 5j … 5j+4) is the image of unit vector j — so
 * applying it is an XOR of the columns picked by the input's set bits, with no bit transposes, and a
 * product M·N is just M applied to each column of N.
 */

export const GF2_WORDS = 5;
export const GF2_BITS = 160;

/** A 160×160 GF(2) matrix, 800 words (signed: only the bits matter). */
export type Mat160 = Int32Array;
/** Anything holding five words from index `at` on. */
export type Words = { [i: number]: number };

/**
 * out[oAt..oAt+4] = m · x[xAt..xAt+4]. Reads x fully before writing, so out may alias x.
 */
export function matVec(m: Mat160, x: Words, out: Words, xAt = 0, oAt = 0): void {
  let r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
  for (let w = 0; w < GF2_WORDS; w++) {
    let bits = x[xAt + w] | 0;
    while (bits !== 0) {
      const low = bits & -bits;
      // column 32w + b starts at word 5·(32w + b)
      const k = 160 * w + 5 * (31 - Math.clz32(low));
      r0 ^= m[k]; r1 ^= m[k + 1]; r2 ^= m[k + 2]; r3 ^= m[k + 3]; r4 ^= m[k + 4];
      bits ^= low;
    }
  }
  out[oAt] = r0; out[oAt + 1] = r1; out[oAt + 2] = r2; out[oAt + 3] = r3; out[oAt + 4] = r4;
}

/** a · b: the map "apply b, then a". */
export function matMul(a: Mat160, b: Mat160): Mat160 {
  const c = new Int32Array(GF2_BITS * GF2_WORDS);
  for (let j = 0; j < GF2_BITS; j++) matVec(a, b, c, 5 * j, 5 * j);
  return c;
}

export function identity160(): Mat160 {
  const m = new Int32Array(GF2_BITS * GF2_WORDS);
  for (let j = 0; j < GF2_BITS; j++) m[5 * j + (j >>> 5)] = 1 << (j & 31);
  return m;
}

/** The matrix of a linear map given as a function, by feeding it each unit vector. */
export function matFromLinearMap(f: (x: Int32Array) => void): Mat160 {
  const m = new Int32Array(GF2_BITS * GF2_WORDS);
  const x = new Int32Array(GF2_WORDS);
  for (let j = 0; j < GF2_BITS; j++) {
    x.fill(0);
    x[j >>> 5] = 1 << (j & 31);
    f(x);
    m.set(x, 5 * j);
  }
  return m;
}

export function matEquals(a: Mat160, b: Mat160): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
