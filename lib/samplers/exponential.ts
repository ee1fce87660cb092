/** exponential(): -log(u)/rate on the raw stream (docs/streams.md, "Exponential"). */
import { positive } from '../core/constraints.js';
import { exponentialKernel } from '../kernels/gamma.js';
import { exponentialWasm } from '../wasm/samplers.js';
import { exponentialNative } from '../native/cpu.js';
import { opFor, type SamplerSpec } from './spec.js';

const rate = (a: { params: Record<string, unknown> }) => a.params.rate as number;

export const EXPONENTIAL: SamplerSpec = {
  name: 'exponential',
  summary: 'exponential variates (0 - log u)/rate, u in (0, 1] from the raw stream',
  stream: 'docs/streams.md, "Exponential"',
  params: [{ name: 'rate', doc: 'Rate λ > 0, default 1 (mean 1/λ).', is: positive, default: 1 }],
  dtypes: ['float64', 'float32'],
  lower: (v, dtype) => ({ op: opFor('exponential', dtype), params: { rate: v.rate } }),
  ops: [
    { name: 'exponential32', dtype: 'float32', fast: exponentialWasm, native: exponentialNative, cpu: (a) => exponentialKernel(a.k0, a.k1, a.lo, a.hi, rate(a), false, a.out as Float32Array), cuda: { fn: 'exponential32', args: [{ param: 'rate' }], crossover: 1 << 14 } },
    { name: 'exponential64', dtype: 'float64', fast: exponentialWasm, native: exponentialNative, cpu: (a) => exponentialKernel(a.k0, a.k1, a.lo, a.hi, rate(a), true, a.out as Float64Array), cuda: { fn: 'exponential64', args: [{ param: 'rate' }], crossover: 1 << 14 } },
  ],
  hints: { scale: 'rate (numpy\'s scale is 1/rate: pass rate: 1/scale)', lambda: 'rate', beta: 'rate (as 1/beta)' },
};
