/** studentT(): z·sqrt(h/G), h = df/2, z the Box–Muller element, G the gamma element of shape h (docs/streams.md,
 *  "Ratios of the normal and gamma streams"). */
import { ratioDf } from '../core/constraints.js';
import type { KernelArgs } from '../core/job.js';
import { studentTKernel, type RatioDraws } from '../kernels/ratios.js';
import { RATIO_DRAWS, studentTWasm } from '../wasm/samplers.js';
import { gammaValuesNative, hostSimdRuns, NATIVE_CPU_MIN, normalZNative } from '../native/cpu.js';
import { cpuProposals, halfShapes, opFor, type CudaArg, type SamplerSpec } from './spec.js';

// The addon takes the gamma shapes h = df/2, a number or per element, as gamma takes alpha.
const args: readonly CudaArg[] = [{ shapes: 'alpha', perElement: true }, { proposals: true }];
const kernel = (wide: boolean) => (a: KernelArgs) =>
  studentTKernel(a.k0, a.k1, a.lo, a.hi, a.params.alpha as number, a.perElement.alpha, cpuProposals(a), wide,
    a.out as Float32Array | Float64Array);

/** The normals and the gammas from the host SIMD kernels (lib/native/cpu.ts; the normals from WebAssembly where
 *  the host kernel declines). */
const DRAWS: RatioDraws = {
  normal: (k0, k1, lo, hi, wide, z) => normalZNative(k0, k1, lo, hi, wide, z) || RATIO_DRAWS.normal(k0, k1, lo, hi, wide, z),
  gamma: gammaValuesNative,
};
const native = (a: KernelArgs): boolean => {
  if (a.out.length < NATIVE_CPU_MIN || !hostSimdRuns()) return false;
  studentTKernel(a.k0, a.k1, a.lo, a.hi, a.params.alpha as number, a.perElement.alpha, 1, a.out instanceof Float64Array,
    a.out as Float32Array | Float64Array, DRAWS);
  return true;
};

export const STUDENT_T: SamplerSpec = {
  name: 'studentT',
  summary: 'Student\'s t variates Z/sqrt(V/df): normal element e over chi-square (gamma) element e of the key',
  stream: 'docs/streams.md, "Ratios of the normal and gamma streams"',
  params: [{
    name: 'df', doc: 'Degrees of freedom ν, finite and ≥ 0.2: one number, or one per element (Float32Array or Float64Array of length n).', is: ratioDf, perElement: true,
    noDevice: 'pass the degrees of freedom as a number or a Float32Array/Float64Array',
  }],
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower(v, dtype) {
    const { alpha, perElement } = halfShapes(v.df);
    return { op: opFor('studentT', dtype), params: { alpha, proposals: v.proposals }, perElement };
  },
  ops: [
    {
      name: 'studentT32', dtype: 'float32', cpu: kernel(false), fast: studentTWasm, native, pooled: true,
      cuda: { fn: 'studentT32', args, crossover: 1 << 9 },
    },
    {
      name: 'studentT64', dtype: 'float64', cpu: kernel(true), fast: studentTWasm, native, pooled: true,
      cuda: { fn: 'studentT64', args, crossover: 1 << 9 },
    },
  ],
  hints: { nu: 'df', dof: 'df', k: 'df' },
};
