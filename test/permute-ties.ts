/** Keys for the permutation tests whose ties the fast kernels must order as the specification does. */
import { permutationKeys } from '../lib/kernels/select.js';

/** A key (k0 = seed, k1 = 1) whose n keys have items i < j with equal high words and low_i > low_j. */
export function tieAgainstIndex(n: number, from: number): number {
  for (let seed = from; ; seed++) {
    const keys = permutationKeys(seed, 1, n);
    const first = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const h = keys[2 * i], j = first.get(h);
      if (j !== undefined && keys[2 * j + 1] > keys[2 * i + 1]) return seed;
      if (j === undefined) first.set(h, i);
    }
  }
}
