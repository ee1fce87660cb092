/** dirichlet(): rows of K normalised gammas (docs/streams.md, "Dirichlet and beta"). */
import { rowShape } from '../core/constraints.js';
import { dirichletKernel } from '../kernels/gamma.js';
import { dirichletWasm } from '../wasm/samplers.js';
import { gammaDrawNative, hostSimdRuns, NATIVE_CPU_MIN } from '../native/cpu.js';
import type { KernelArgs } from '../core/job.js';
import { cpuProposals, opFor, type CudaArg, type SamplerSpec } from './spec.js';

/** Largest Dirichlet dimension K. */
export const MAX_DIRICHLET_K = 2 ** 20;

const kernel = (wide: boolean) => (a: KernelArgs) =>
  dirichletKernel(a.k0, a.k1, a.lo, a.hi, a.params.alpha as Float64Array, cpuProposals(a), wide, a.out as Float32Array | Float64Array);
/** The same kernel with its gamma draws from the host SIMD kernels (lib/native/cpu.ts). */
const native = (a: KernelArgs): boolean => {
  if (a.out.length < NATIVE_CPU_MIN || !hostSimdRuns()) return false;
  dirichletKernel(a.k0, a.k1, a.lo, a.hi, a.params.alpha as Float64Array, 1, a.out instanceof Float64Array,
    a.out as Float32Array | Float64Array, gammaDrawNative);
  return true;
};
const args: readonly CudaArg[] = [{ shapes: 'alpha', perElement: false }, { proposals: true }];

export const DIRICHLET: SamplerSpec = {
  name: 'dirichlet',
  summary: 'rows of Dirichlet(alpha) variates, row-major (n·K values)',
  stream: 'docs/streams.md, "Dirichlet and beta"',
  params: [
    { name: 'alpha', doc: 'The K shapes, each in [1e-300, 1e300]: an array, Float32Array, Float64Array or float DeviceArray.', is: rowShape, device: true },
  ],
  rows: { param: 'alpha', max: MAX_DIRICHLET_K },
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower: (v, dtype) => ({ op: opFor('dirichlet', dtype), params: { alpha: v.alpha, proposals: v.proposals } }),
  ops: [
    { name: 'dirichlet32', dtype: 'float32', fast: dirichletWasm, native, cpu: kernel(false), cuda: { fn: 'dirichlet32', args, crossover: 1 << 10 } },
    { name: 'dirichlet64', dtype: 'float64', fast: dirichletWasm, native, cpu: kernel(true), cuda: { fn: 'dirichlet64', args, crossover: 1 << 10 } },
  ],
};
