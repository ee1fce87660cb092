/** gamma(): Marsaglia–Tsang gamma variates, scalar or per-element shape (docs/streams.md, "Gamma and friends"). */
import { positive, shape } from '../core/constraints.js';
import type { KernelArgs } from '../core/job.js';
import { gammaKernel } from '../kernels/gamma.js';
import { gammaWasm } from '../wasm/samplers.js';
import { gammaNative } from '../native/cpu.js';
import { cpuProposals, opFor, type CudaArg, type OpSpec, type SamplerSpec } from './spec.js';

/** (alpha: a DeviceArray's handle, per-element values or the scalar; scale; proposals) */
const args: readonly CudaArg[] = [{ shapes: 'alpha', perElement: true }, { param: 'scale' }, { proposals: true }];

function kernel(wide: boolean) {
  return (a: KernelArgs) => gammaKernel(a.k0, a.k1, a.lo, a.hi, a.params.alpha as number, a.perElement.alpha,
    a.params.scale as number, cpuProposals(a), wide, a.out as Float32Array | Float64Array);
}

/** The gamma ops; also chisquare's (which lowers to them). */
const GAMMA_OPS: readonly OpSpec[] = [
  { name: 'gamma32', dtype: 'float32', fast: gammaWasm, native: gammaNative, pooled: true, cpu: kernel(false), cuda: { fn: 'gamma32', args, crossover: 1 << 10 } },
  { name: 'gamma64', dtype: 'float64', fast: gammaWasm, native: gammaNative, pooled: true, cpu: kernel(true), cuda: { fn: 'gamma64', args, crossover: 1 << 10 } },
];

export const GAMMA: SamplerSpec = {
  name: 'gamma',
  summary: 'gamma variates θ·G, G the first accepted Marsaglia–Tsang proposal of the element\'s sub-stream',
  stream: 'docs/streams.md, "Gamma and friends"',
  params: [
    {
      name: 'alpha', doc: 'Shape α > 0: one number, or one per element (a Float32Array/Float64Array or a float32/float64 DeviceArray of length n; a DeviceArray in GPU memory is read there, without a copy).',
      is: shape, perElement: true, device: true,
    },
    { name: 'scale', doc: 'Scale θ > 0, default 1: the result is θ·G.', is: positive, default: 1 },
  ],
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower: (v, dtype) => ({ op: opFor('gamma', dtype), params: { alpha: v.alpha, scale: v.scale, proposals: v.proposals } }),
  ops: GAMMA_OPS,
  hints: { shape: 'alpha', k: 'alpha', a: 'alpha', theta: 'scale', rate: 'scale (as 1/rate)', beta: 'scale (as 1/beta)' },
};
