/**
 * XORWOW skip-ahead. The xorshift part (v0..v4) of one curand() step is linear over GF(2), so k steps
 * are the 160×160 matrix A^k, and A^k·v is the product of the jump matrices A^(2^i) for the set bits
 * of k. Nothing is tabulated: A is derived here by running the step on each unit vector, and A^(2^i)
 * by squaring A^(2^(i-1)), lazily — the first call that needs bit i pays for the squarings up to it
 * (under 0.1 ms each) and every later call reuses them. The Weyl counter d is not linear over GF(2);
 * it simply advances by 362437·k mod 2^32 (see xorwow.ts).
 */
import { matFromLinearMap, matMul, matVec, type Mat160, type Words } from './gf2.js';

/** One step of the xorshift part, in place on v[0..4] (the Weyl counter is handled elsewhere). */
export function xorshiftStep(v: Int32Array): void {
  const t = v[0] ^ (v[0] >>> 2);
  const v4 = v[4];
  v[0] = v[1]; v[1] = v[2]; v[2] = v[3]; v[3] = v4;
  v[4] = (v4 ^ (v4 << 4)) ^ (t ^ (t << 1));
}

/**
 * A^(2^160 − 1) = I (Marsaglia's xorshift period; test/xorwow.test.ts checks A^(2^160) = A), so
 * distances reduce modulo this and no jump beyond A^(2^159) is ever needed.
 */
export const XORSHIFT_PERIOD = 2n ** 160n - 1n;

/** powers[i] = A^(2^i), grown on demand. */
const powers: Mat160[] = [];

/** A^(2^i), for 0 ≤ i < 160. */
export function jumpMatrix(i: number): Mat160 {
  if (powers.length === 0) powers.push(matFromLinearMap(xorshiftStep));
  while (powers.length <= i) {
    const last = powers[powers.length - 1];
    powers.push(matMul(last, last));
  }
  return powers[i];
}

/** Advances the five words v[at..at+4] by k ≥ 0 xorshift steps. O(log k) matrix–vector products. */
export function jumpXorshift(v: Words, k: bigint, at = 0): void {
  if (k >= XORSHIFT_PERIOD) k %= XORSHIFT_PERIOD;
  // 32 bits at a time keeps bigint work to a handful of operations per call.
  for (let base = 0; k > 0n; base += 32, k >>= 32n) {
    let bits = Number(k & 0xffffffffn) | 0;
    while (bits !== 0) {
      const low = bits & -bits;
      matVec(jumpMatrix(base + 31 - Math.clz32(low)), v, v, at, at);
      bits ^= low;
    }
  }
}
