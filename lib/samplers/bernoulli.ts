/** bernoulli(): 1 with probability p, else 0 — u < p with u the element's float64 uniform (docs/streams.md,
 *  "Bernoulli"). */
import { probability } from '../core/constraints.js';
import { DTYPE_CODE, type DeviceDtype } from '../core/types.js';
import type { KernelArgs } from '../core/job.js';
import { bernoulliKernel, type DiscreteOut } from '../kernels/bernoulli.js';
import { bernoulliWasm } from '../wasm/samplers.js';
import { bernoulliNative } from '../native/cpu.js';
import { opOf, type OpSpec, type SamplerSpec } from './spec.js';

const DTYPES = ['uint8', 'int32', 'uint32', 'float32', 'float64'] as const satisfies readonly DeviceDtype[];

const op = (dtype: DeviceDtype): OpSpec => ({
  name: opOf('bernoulli', dtype),
  dtype,
  fast: bernoulliWasm,
  native: bernoulliNative,
  cpu: (a: KernelArgs) => bernoulliKernel(a.k0, a.k1, a.lo, a.hi, a.params.p as number, a.perElement.p, a.out as DiscreteOut),
  cuda: { fn: 'bernoulli', args: [{ constant: DTYPE_CODE[dtype] }, { shapes: 'p', perElement: true }], crossover: 1 << 16 },
});

export const BERNOULLI: SamplerSpec = {
  name: 'bernoulli',
  summary: 'Bernoulli draws: 1 when u < p (u the element\'s float64 uniform, uniform(key)[i]), else 0',
  stream: 'docs/streams.md, "Bernoulli"',
  params: [{
    name: 'p',
    doc: 'Probability of 1, in [0, 1]: one number, or one per element (a number[], Float32Array/Float64Array or a float32/float64 DeviceArray of length n).',
    is: probability, perElement: true, device: true,
  }],
  dtypes: DTYPES,
  // A per-element p travels in perElement only (not also in params, which the worker pool would clone).
  lower: (v, dtype) => ({ op: opOf('bernoulli', dtype), params: typeof v.p === 'number' ? { p: v.p } : {} }),
  ops: DTYPES.map(op),
  hints: { prob: 'p', probs: 'p', probability: 'p' },
};
