/** negativeBinomial(): failures before the r-th success, numpy's negative_binomial (docs/streams.md, "Negative
 *  binomial"). */
import { successProbability, successes } from '../core/constraints.js';
import type { SamplerFn } from '../core/addon.js';
import type { KernelArgs } from '../core/job.js';
import { negativeBinomialKernel } from '../kernels/negative-binomial.js';
import { negativeBinomialWasm } from '../wasm/samplers.js';
import { negativeBinomialNative } from '../native/cpu.js';
import { COUNT_DTYPES, COUNT_MAX, POISSON_FITS, countOp, type CudaArg, type OpSpec, type SamplerSpec } from './spec.js';

const args: readonly CudaArg[] = [{ param: 'r' }, { param: 'p' }, { proposals: true }];
const cpu = (a: KernelArgs) => negativeBinomialKernel(a.k0, a.k1, a.lo, a.hi, a.params.r as number, a.params.p as number, a.out);

/** |x| of the float64 gamma layout's Box–Muller normal is at most √(−2 log 2^-53). */
const NORMAL_MAX = Math.sqrt(106 * Math.LN2);

/**
 * The largest Poisson mean a call can reach: the gamma proposal's largest value d·(1 + c·NORMAL_MAX)³
 * (d, c of α' = r, or r + 1 when r < 1; the boost only shrinks it) times (1 − p)/p.
 */
export function largestMean(r: number, p: number): number {
  const d = (r < 1 ? r + 1 : r) - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  return d * (1 + c * NORMAL_MAX) ** 3 * ((1 - p) / p) * (1 + 1e-12);
}

export const NEGATIVE_BINOMIAL: SamplerSpec = {
  name: 'negativeBinomial',
  summary: 'negative binomial counts (failures before the r-th success) as the gamma–Poisson mixture Poisson(Gamma(r)·(1 − p)/p)',
  stream: 'docs/streams.md, "Negative binomial"',
  params: [
    { name: 'r', doc: 'Successes r > 0 (finite, need not be an integer).', is: successes },
    { name: 'p', doc: 'Success probability in (0, 1].', is: successProbability },
  ],
  dtypes: COUNT_DTYPES,
  proposals: true,
  lower: (v, dtype) => {
    const r = v.r as number, p = v.p as number;
    const lam = largestMean(r, p);
    if (!POISSON_FITS.test(lam, COUNT_MAX[dtype])) {
      throw new RangeError(`r = ${r} and p = ${p} are too large for dtype '${dtype}': the largest mean they can draw, ` +
        `L = ${lam.toPrecision(6)}, must have L + 64·sqrt(L) + 64 at most ${COUNT_MAX[dtype]}`);
    }
    return { op: countOp('negativeBinomial', dtype), params: { r, p, proposals: v.proposals } };
  },
  ops: COUNT_DTYPES.map((dtype): OpSpec => {
    const name = countOp('negativeBinomial', dtype);
    return { name, dtype, cpu, fast: negativeBinomialWasm, native: negativeBinomialNative, pooled: true, cuda: { fn: name as SamplerFn, args, crossover: 1 << 11 } };
  }),
  hints: { n: 'r', k: 'r', prob: 'p' },
};
