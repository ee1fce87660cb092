/**
 * Bernoulli draws (docs/streams.md, "Bernoulli"): element j is 1 when u_j < p, else 0, with u_j = k53·2^-53 the
 * element's float64 uniform — exactly uniform(key)[j], so p = 0 never gives 1 and p = 1 always does.
 * No arithmetic but the comparison: every backend gives the same values trivially. C++ twin:
 * cuda/include/cr_discrete.h cr_bernoulli.
 */
import { eachUniform64 } from './raw.js';

export type DiscreteOut = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/** Elements [first, first + out.length), first = (hi:lo), with probability p or pe[i] per element. */
export function bernoulliKernel(
  k0: number, k1: number, lo: number, hi: number, p: number, pe: Float32Array | Float64Array | undefined,
  out: DiscreteOut,
): void {
  eachUniform64(k0, k1, lo, hi, out.length, (s, u, m) => {
    if (pe) for (let i = 0; i < m; i++) out[s + i] = u[i] < pe[s + i] ? 1 : 0;
    else for (let i = 0; i < m; i++) out[s + i] = u[i] < p ? 1 : 0;
  });
}
