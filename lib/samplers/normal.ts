/** normal(): Box–Muller and Marsaglia polar normal variates (docs/streams.md, "Normal"). */
import { finite, positive } from '../core/constraints.js';
import { normalBM32, normalBM64, normalPolar32, normalPolar64 } from '../kernels/normal.js';
import { normalBMWasm, normalPolarWasm } from '../wasm/samplers.js';
import { normalNative } from '../native/cpu.js';
import type { OpSpec, SamplerSpec } from './spec.js';

const meanStd = [{ param: 'mean' }, { param: 'std' }] as const;
const m = (a: { params: Record<string, unknown> }) => a.params.mean as number;
const s = (a: { params: Record<string, unknown> }) => a.params.std as number;

/** The normal ops; also the base of lognormal. */
export const NORMAL_OPS: readonly OpSpec[] = [
  { name: 'normalBM32', dtype: 'float32', fast: normalBMWasm, native: normalNative, cpu: (a) => normalBM32(a.k0, a.k1, a.lo, a.hi, m(a), s(a), a.out as Float32Array), cuda: { fn: 'normalBM32', args: meanStd, crossover: 1 << 14 } },
  { name: 'normalBM64', dtype: 'float64', fast: normalBMWasm, native: normalNative, cpu: (a) => normalBM64(a.k0, a.k1, a.lo, a.hi, m(a), s(a), a.out as Float64Array), cuda: { fn: 'normalBM64', args: meanStd, crossover: 1 << 12 } },
  { name: 'normalPolar32', dtype: 'float32', fast: normalPolarWasm, cpu: (a) => normalPolar32(a.k0, a.k1, a.lo, a.hi, m(a), s(a), a.out as Float32Array), cuda: { fn: 'normalPolar32', args: meanStd, crossover: 1 << 12 } },
  { name: 'normalPolar64', dtype: 'float64', fast: normalPolarWasm, cpu: (a) => normalPolar64(a.k0, a.k1, a.lo, a.hi, m(a), s(a), a.out as Float64Array), cuda: { fn: 'normalPolar64', args: meanStd, crossover: 1 << 12 } },
];

export const NORMAL: SamplerSpec = {
  name: 'normal',
  summary: 'normal variates mean + std·z',
  stream: 'docs/streams.md, "Normal"',
  params: [
    { name: 'mean', doc: 'Mean, default 0 (finite).', is: finite, default: 0 },
    { name: 'std', doc: 'Standard deviation, default 1 (finite, > 0).', is: positive, default: 1 },
  ],
  dtypes: ['float64', 'float32'],
  method: { values: ['box-muller', 'polar'], default: 'box-muller' },
  lower: (v, dtype) => ({
    op: `normal${v.method === 'polar' ? 'Polar' : 'BM'}${dtype === 'float32' ? '32' : '64'}`,
    params: { mean: v.mean, std: v.std },
  }),
  ops: NORMAL_OPS,
  hints: { loc: 'mean', mu: 'mean', scale: 'std', sigma: 'std', sd: 'std', stddev: 'std' },
};
