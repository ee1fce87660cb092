/** uniform(): the raw stream mapped to floats in [low, high) (docs/streams.md, "Uniform floats"). */
import { finite } from '../core/constraints.js';
import { uniform32, uniform64 } from '../kernels/raw.js';
import { uniform32Wasm, uniform64Wasm } from '../wasm/raw.js';
import { uniformNative } from '../native/cpu.js';
import { opFor, type SamplerSpec } from './spec.js';

const range = [{ param: 'low' }, { param: 'high' }] as const;

export const UNIFORM: SamplerSpec = {
  name: 'uniform',
  summary: 'uniform floats in [low, high): 24 random bits (float32) or 53 (float64)',
  stream: 'docs/streams.md, "Uniform floats"',
  params: [
    { name: 'low', doc: 'Lower end (inclusive), default 0.', is: finite, default: 0 },
    { name: 'high', doc: 'Upper end, default 1; excluded for the default range (see docs/streams.md on rounding).', is: finite, default: 1 },
  ],
  dtypes: ['float64', 'float32'],
  check({ low, high }) {
    if (!(low < high)) throw new RangeError(`low must be less than high, got low=${low}, high=${high}`);
    if (!Number.isFinite(high - low)) throw new RangeError(`high - low must be finite, got ${high} - ${low}`);
  },
  lower: (v, dtype) => ({ op: opFor('uniform', dtype), params: { low: v.low, high: v.high } }),
  ops: [
    {
      name: 'uniform32', dtype: 'float32', fast: uniform32Wasm, native: uniformNative,
      cpu: (a) => uniform32(a.k0, a.k1, a.lo, a.hi, a.params.low as number, a.params.high as number, a.out as Float32Array),
      cuda: { fn: 'uniform32', args: range, crossover: 1 << 20 },
    },
    {
      name: 'uniform64', dtype: 'float64', fast: uniform64Wasm, native: uniformNative,
      cpu: (a) => uniform64(a.k0, a.k1, a.lo, a.hi, a.params.low as number, a.params.high as number, a.out as Float64Array),
      cuda: { fn: 'uniform64', args: range, crossover: 1 << 18 },
    },
  ],
  hints: { min: 'low', max: 'high', a: 'low', b: 'high' },
};
