/** studentT(): z·sqrt((df/2)/G), z the Box–Muller element, G the gamma element of shape df/2 (docs/streams.md §6.6). */
import { ratioDf } from '../core/constraints.js';
import type { KernelArgs } from '../core/job.js';
import { RATIO_STUDENT_T, studentTKernel } from '../kernels/ratios.js';
import { cpuProposals, opFor, type CudaArg, type SamplerSpec } from './spec.js';

const args: readonly CudaArg[] = [{ constant: RATIO_STUDENT_T }, { param: 'df' }, { constant: 0 }, { proposals: true }];
const kernel = (wide: boolean) => (a: KernelArgs) =>
  studentTKernel(a.k0, a.k1, a.lo, a.hi, a.params.df as number, cpuProposals(a), wide, a.out as Float32Array | Float64Array);

export const STUDENT_T: SamplerSpec = {
  name: 'studentT',
  summary: 'Student\'s t variates Z/sqrt(V/df): normal element e over chi-square (gamma) element e of the key',
  stream: 'docs/streams.md §6.6',
  params: [{ name: 'df', doc: 'Degrees of freedom, finite and ≥ 0.2.', is: ratioDf }],
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower: (v, dtype) => ({ op: opFor('studentT', dtype), params: { df: v.df, proposals: v.proposals } }),
  ops: [
    { name: 'studentT32', dtype: 'float32', cpu: kernel(false), cuda: { fn: 'gammaRatio32', args, crossover: 1 << 9 } },
    { name: 'studentT64', dtype: 'float64', cpu: kernel(true), cuda: { fn: 'gammaRatio64', args, crossover: 1 << 9 } },
  ],
  hints: { nu: 'df', dof: 'df', k: 'df' },
};
