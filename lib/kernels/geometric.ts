/**
 * Geometric draws, numpy's convention (the number of trials up to and including the first success:
 * 1, 2, …), by inversion (docs/streams.md, "Geometric"): with v = u + 2^-53 ∈ (0, 1] the element's open uniform
 * (exponential's, docs/streams.md, "Exponential") and L = log1p(−p),
 *
 *   value = floor(log(v) / L) + 1,
 *
 * so P(value > k) = P(v ≤ (1 − p)^k) = (1 − p)^k. v = 1 gives 1; p = 1 gives L = −∞ and the value 1 for
 * every v. log and log1p are lib/core/math's (the C++ twin, cuda/include/cr_discrete.h cr_geometric,
 * uses cr_math.h's and cr_special.h's). The largest value the stream can give is
 * floor(log(2^-53) / L) + 1 ≤ 36.74/p + 1, which bounds the dtype rule of lib/samplers/geometric.ts.
 */
import { log } from '../core/math/log.js';
import { log1p } from '../core/math/log1p.js';
import { eachUniform64 } from './raw.js';
import type { DiscreteOut } from './bernoulli.js';

const TWO_M53 = 2 ** -53;

/** One element: v in (0, 1], L = log1p(−p). */
export function geometricOf(v: number, L: number): number {
  return Math.floor(log(v) / L) + 1;
}

/** Elements [first, first + out.length), first = (hi:lo), success probability p or pe[i] per element. */
export function geometricKernel(
  k0: number, k1: number, lo: number, hi: number, p: number, pe: Float32Array | Float64Array | undefined,
  out: Exclude<DiscreteOut, Uint8Array | Float32Array>,
): void {
  const L = log1p(-p);
  eachUniform64(k0, k1, lo, hi, out.length, (s, u, m) => {
    if (pe) for (let i = 0; i < m; i++) out[s + i] = geometricOf(u[i] + TWO_M53, log1p(-pe[s + i]));
    else for (let i = 0; i < m; i++) out[s + i] = geometricOf(u[i] + TWO_M53, L);
  });
}
