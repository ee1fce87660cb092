/** f(): (G_a/G_b)·(dfd/dfn) from gamma elements 2e and 2e + 1, beta's pair (docs/streams.md, "Ratios of the normal
 *  and gamma streams"). */
import { ratioDf } from '../core/constraints.js';
import type { KernelArgs } from '../core/job.js';
import { fKernel, type RatioDraws } from '../kernels/ratios.js';
import { fWasm, RATIO_DRAWS } from '../wasm/samplers.js';
import { gammaValuesNative, hostSimdRuns, NATIVE_CPU_MIN } from '../native/cpu.js';
import { cpuProposals, hostPerElement, opFor, perElementOf, perElementRows, type CudaArg, type SamplerSpec } from './spec.js';

const args: readonly CudaArg[] = [{ param: 'dfn' }, { param: 'dfd' }, { proposals: true }];
/** Per-element calls: columns p0 = dfn, p1 = dfd, sent to CUDA as n (dfn, dfd) rows. */
const rowArgs: readonly CudaArg[] = [{ rows: 'p', width: 2 }, { proposals: true }];
const kernel = (wide: boolean) => (a: KernelArgs) =>
  fKernel(a.k0, a.k1, a.lo, a.hi, a.params.dfn as number, a.params.dfd as number, cpuProposals(a), wide,
    a.out as Float32Array | Float64Array, a.perElement.p0, a.perElement.p1);

/** The gammas from the host SIMD kernels (lib/native/cpu.ts); F draws no normals. */
const DRAWS: RatioDraws = { normal: RATIO_DRAWS.normal, gamma: gammaValuesNative };
const native = (a: KernelArgs): boolean => {
  if (a.out.length < NATIVE_CPU_MIN || !hostSimdRuns()) return false;
  fKernel(a.k0, a.k1, a.lo, a.hi, a.params.dfn as number, a.params.dfd as number, 1, a.out instanceof Float64Array,
    a.out as Float32Array | Float64Array, a.perElement.p0, a.perElement.p1, DRAWS);
  return true;
};

export const F: SamplerSpec = {
  name: 'f',
  summary: 'F (Fisher–Snedecor) variates (V1/dfn)/(V2/dfd) from the chi-square (gamma) elements 2e and 2e + 1',
  stream: 'docs/streams.md, "Ratios of the normal and gamma streams"',
  params: [
    { name: 'dfn', doc: 'Numerator degrees of freedom, finite and ≥ 0.2.', is: ratioDf },
    { name: 'dfd', doc: 'Denominator degrees of freedom, finite and ≥ 0.2.', is: ratioDf },
  ].map(hostPerElement),
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower: (v, dtype) => {
    const arrays = perElementOf(v);
    if (!arrays) return { op: opFor('f', dtype), params: { dfn: v.dfn, dfd: v.dfd, proposals: v.proposals } };
    const perElement = perElementRows(v, arrays, 2, (r) => [r.dfn, r.dfd]);
    return { op: opFor('fRows', dtype), params: { dfn: 1, dfd: 1, p: new Float64Array(2), proposals: v.proposals }, perElement };
  },
  ops: [
    { name: 'f32', dtype: 'float32', cpu: kernel(false), fast: fWasm, native, pooled: true, cuda: { fn: 'f32', args, crossover: 1 << 9 } },
    { name: 'f64', dtype: 'float64', cpu: kernel(true), fast: fWasm, native, pooled: true, cuda: { fn: 'f64', args, crossover: 1 << 9 } },
    {
      name: 'fRows32', dtype: 'float32', cpu: kernel(false), fast: fWasm, native, pooled: true,
      cuda: { fn: 'fRows32', args: rowArgs, crossover: 1 << 9 },
    },
    {
      name: 'fRows64', dtype: 'float64', cpu: kernel(true), fast: fWasm, native, pooled: true,
      cuda: { fn: 'fRows64', args: rowArgs, crossover: 1 << 9 },
    },
  ],
  hints: { d1: 'dfn', d2: 'dfd', dfnum: 'dfn', dfden: 'dfd', df1: 'dfn', df2: 'dfd' },
};
