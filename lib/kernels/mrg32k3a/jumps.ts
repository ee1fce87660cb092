/**
 * MRG32k3a skip-ahead. Each component is linear modulo its prime, so k steps are the 3×3 matrix
 * A^k mod m, applied as the product of the tabulated A^(2^i) (lib/kernels/mrg32k3a/jump-table.ts, derived by
 * scripts/gen-mrg32k3a-jumps.mjs) for the set bits of k: O(log k) matrix–vector products.
 *
 * A component's characteristic polynomial is primitive modulo its prime (L'Ecuyer 1999), so A has
 * order exactly m^3 − 1 and distances reduce modulo that: no jump beyond A^(2^95) is ever needed
 * (test/mrg32k3a.test.ts checks A^(m^3 − 1) = I for both components).
 */
import { MRG32K3A_A1_JUMPS, MRG32K3A_A2_JUMPS, MRG32K3A_JUMP_COUNT } from './jump-table.js';

/** The moduli and multipliers, named as in L'Ecuyer (1999) and cuRAND's curand_mrg32k3a.h. */
export const MRG32K3A_M1 = 4294967087; // 2^32 − 209
export const MRG32K3A_M2 = 4294944443; // 2^32 − 22853
export const MRG32K3A_A12 = 1403580;
export const MRG32K3A_A13N = 810728;
export const MRG32K3A_A21 = 527612;
export const MRG32K3A_A23N = 1370589;

/** Orders of the two step matrices (each component's period). */
export const MRG32K3A_PERIOD1 = BigInt(MRG32K3A_M1) ** 3n - 1n;
export const MRG32K3A_PERIOD2 = BigInt(MRG32K3A_M2) ** 3n - 1n;

/**
 * a·b mod m for a, b < 2^32 and m < 2^32, exact in binary64: b is split into 16-bit halves so every
 * intermediate stays below 2^49, and % on doubles is exact.
 */
export function mulMod(a: number, b: number, m: number): number {
  return (((a * (b >>> 16)) % m) * 65536 + a * (b & 0xffff)) % m;
}

/** v[at..at+2] = M v[at..at+2] mod m for the row-major matrix at table[t..t+8]. */
function matVecMod(table: readonly number[], t: number, v: Float64Array, at: number, m: number): void {
  const x = v[at], y = v[at + 1], z = v[at + 2];
  for (let r = 0; r < 3; r++) {
    const row = t + 3 * r;
    // three residues < m sum below 2^34: exact
    v[at + r] = (mulMod(table[row], x, m) + mulMod(table[row + 1], y, m) + mulMod(table[row + 2], z, m)) % m;
  }
}

function jumpComponent(table: readonly number[], k: bigint, v: Float64Array, at: number, m: number): void {
  for (let i = 0; k > 0n; i++, k >>= 1n) {
    if (i >= MRG32K3A_JUMP_COUNT) throw new Error('MRG32k3a jump table exhausted'); // unreachable after reduction
    if (k & 1n) matVecMod(table, 9 * i, v, at, m);
  }
}

/**
 * Advances the state s = (s1[0..2], s2[0..2]) held in s[0..5] by k ≥ 0 steps: component 1 by
 * k mod (m1^3 − 1), component 2 by k mod (m2^3 − 1).
 */
export function jumpMrg32k3a(s: Float64Array, k: bigint): void {
  jumpComponent(MRG32K3A_A1_JUMPS, k % MRG32K3A_PERIOD1, s, 0, MRG32K3A_M1);
  jumpComponent(MRG32K3A_A2_JUMPS, k % MRG32K3A_PERIOD2, s, 3, MRG32K3A_M2);
}
