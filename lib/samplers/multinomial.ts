/** multinomial(): rows of K counts summing to `count`, by conditional binomials (docs/streams.md, "Multinomial"). */
import { count, nonNegative } from '../core/constraints.js';
import type { SamplerFn } from '../core/addon.js';
import type { KernelArgs } from '../core/job.js';
import { multinomialKernel } from '../kernels/binomial.js';
import { multinomialWasm } from '../wasm/samplers.js';
import { multinomialNative } from '../native/cpu.js';
import { COUNT_DTYPES, COUNT_FITS, countOp, type CudaArg, type OpSpec, type SamplerSpec } from './spec.js';

/** Largest number of categories K. */
export const MAX_MULTINOMIAL_K = 2 ** 20;

const args: readonly CudaArg[] = [{ param: 'count' }, { shapes: 'probs', perElement: false }];
const cpu = (a: KernelArgs) => multinomialKernel(a.k0, a.k1, a.lo, a.hi, a.params.count as number, a.params.probs as Float64Array, a.out);

export const MULTINOMIAL: SamplerSpec = {
  name: 'multinomial',
  summary: 'rows of K counts summing to count (multinomial over probs, normalised), row-major (n·K values)',
  stream: 'docs/streams.md, "Multinomial"',
  params: [
    { name: 'probs', doc: 'The K category weights, each finite and >= 0 with a positive finite total (normalised; zeros are never drawn): an array, Float32Array or Float64Array.', is: nonNegative, noDevice: 'copy the weights to the host' },
    { name: 'count', doc: 'Trials per row: an integer in [0, 2^53], at most the dtype\'s largest value.', is: count, fits: COUNT_FITS },
  ],
  rows: { param: 'probs', max: MAX_MULTINOMIAL_K, option: true },
  dtypes: COUNT_DTYPES,
  lower: (v, dtype) => {
    const w = v.probs as Float64Array | undefined;
    if (w) {
      let total = 0;
      for (let i = 0; i < w.length; i++) total += w[i];
      if (!(total > 0 && total < Infinity)) throw new RangeError(`probs must have a positive finite total, got ${total}`);
    }
    return { op: countOp('multinomial', dtype), params: { count: v.count, probs: w } };
  },
  ops: COUNT_DTYPES.map((dtype): OpSpec => {
    const name = countOp('multinomial', dtype);
    return { name, dtype, cpu, fast: multinomialWasm, native: multinomialNative, pooled: true, cuda: { fn: name as SamplerFn, args, crossover: 1 << 10 } };
  }),
  hints: { pvals: 'probs', p: 'probs', weights: 'probs', trials: 'count' },
};
