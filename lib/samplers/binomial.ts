/** binomial(): successes in `count` trials of probability p, scalar or per element (docs/streams.md, "Binomial"). */
import { count, probability } from '../core/constraints.js';
import type { SamplerFn } from '../core/addon.js';
import type { KernelArgs } from '../core/job.js';
import { binomialKernel } from '../kernels/binomial.js';
import { binomialWasm } from '../wasm/samplers.js';
import { binomialNative } from '../native/cpu.js';
import { COUNT_DTYPES, COUNT_FITS, countOp, type CudaArg, type OpSpec, type SamplerSpec } from './spec.js';

const args: readonly CudaArg[] = [{ shapes: 'count', perElement: true }, { shapes: 'p', perElement: true }, { proposals: true }];
const cpu = (a: KernelArgs) => binomialKernel(a.k0, a.k1, a.lo, a.hi, a.params.count as number, a.perElement.count,
  a.params.p as number, a.perElement.p, a.out);

export const BINOMIAL: SamplerSpec = {
  name: 'binomial',
  summary: 'binomial counts: inversion for count·min(p, 1 − p) < 10, Hörmann\'s BTRS from 10 on; p > 1/2 as count − Binomial(count, 1 − p)',
  stream: 'docs/streams.md, "Binomial"',
  params: [
    {
      name: 'count', doc: 'Trials: an integer in [0, 2^53] (at most the dtype\'s largest value), one number or one per element (a Float32Array/Float64Array or float DeviceArray of length n).',
      is: count, perElement: true, device: true, fits: COUNT_FITS,
    },
    {
      name: 'p', doc: 'Success probability in [0, 1]: one number or one per element (a Float32Array/Float64Array or float DeviceArray of length n).',
      is: probability, perElement: true, device: true,
    },
  ],
  dtypes: COUNT_DTYPES,
  proposals: true,
  lower: (v, dtype) => ({ op: countOp('binomial', dtype), params: { count: v.count, p: v.p, proposals: v.proposals } }),
  ops: COUNT_DTYPES.map((dtype): OpSpec => {
    const name = countOp('binomial', dtype);
    return { name, dtype, cpu, fast: binomialWasm, native: binomialNative, pooled: true, cuda: { fn: name as SamplerFn, args, crossover: 1 << 11 } };
  }),
  hints: { n: 'count', trials: 'count', prob: 'p', probs: 'p' },
};
