/**
 * geometric(): the number of Bernoulli(p) trials up to and including the first success (1, 2, …), as
 * numpy's Generator.geometric, by inversion of the element's open uniform (docs/streams.md, "Geometric").
 */
import { successProbability, type Constraint } from '../core/constraints.js';
import { DTYPE_CODE, type DeviceDtype } from '../core/types.js';
import type { KernelArgs } from '../core/job.js';
import { geometricKernel } from '../kernels/geometric.js';
import { geometricWasm } from '../wasm/samplers.js';
import { geometricNative } from '../native/cpu.js';
import { opOf, type OpSpec, type SamplerSpec } from './spec.js';

const DTYPES = ['int32', 'uint32', 'float64'] as const satisfies readonly DeviceDtype[];

/**
 * Smallest p per dtype, as a power of two: the largest value the stream can give is
 * floor(log(2^-53)/log1p(−p)) + 1 ≤ 36.74/p + 1 (v ≥ 2^-53, −log1p(−p) ≥ p), which for p at least this
 * floor stays below the dtype's largest exact integer (int32 2^31 − 1, uint32 2^32 − 1, float64 2^53)
 * with a margin of 1.7×: no value can ever overflow (cuda/include/cr_discrete.h CR_GEOMETRIC_LOG2_PMIN_*).
 */
export const GEOMETRIC_LOG2_PMIN: Readonly<Record<(typeof DTYPES)[number], number>> = { int32: -25, uint32: -26, float64: -47 };

const FLOORS = new Map<DeviceDtype, Constraint>(DTYPES.map((dtype) => {
  const e = GEOMETRIC_LOG2_PMIN[dtype];
  const min = 2 ** e;
  const other = dtype === 'int32' ? "; use dtype 'uint32' (from 2^-26) or 'float64' (from 2^-47)" : dtype === 'uint32' ? "; use dtype 'float64' (from 2^-47)" : '';
  return [dtype, {
    says: `in [2^${e}, 1]`,
    check(v, name) {
      const x = successProbability.check(v, name);
      if (x < min) throw new RangeError(`${name} must be at least 2^${e} for dtype '${dtype}' (smaller p could give values the dtype cannot hold${other}), got ${x}`);
      return x;
    },
    bad: [...successProbability.bad, min / 2],
    good: [min, 0.3, 1],
  }];
}));

const op = (dtype: (typeof DTYPES)[number]): OpSpec => ({
  name: opOf('geometric', dtype),
  dtype,
  fast: geometricWasm,
  // a p below the dtype's floor (only a direct kernel call has one) takes the other kernels, which accept it
  native: (a: KernelArgs) => (a.params.p as number) >= 2 ** GEOMETRIC_LOG2_PMIN[dtype] && (a.params.p as number) <= 1
    && geometricNative(a),
  cpu: (a: KernelArgs) => geometricKernel(a.k0, a.k1, a.lo, a.hi, a.params.p as number, a.perElement.p,
    a.out as Int32Array | Uint32Array | Float64Array),
  cuda: { fn: 'geometric', args: [{ constant: DTYPE_CODE[dtype] }, { shapes: 'p', perElement: true }], crossover: 1 << 14 },
});

export const GEOMETRIC: SamplerSpec = {
  name: 'geometric',
  summary: 'geometric draws (trials up to the first success, 1, 2, …): floor(log(v)/log1p(−p)) + 1, v the element\'s open uniform',
  stream: 'docs/streams.md, "Geometric"',
  params: [{
    name: 'p',
    doc: 'Success probability of each trial, in (0, 1] (at least 2^-25 for int32, 2^-26 for uint32, 2^-47 for float64): one number, or one per element (a number[], Float32Array/Float64Array or a float32/float64 DeviceArray of length n).',
    is: successProbability, byDtype: (dtype) => FLOORS.get(dtype) ?? successProbability, perElement: true, device: true,
  }],
  dtypes: DTYPES,
  lower: (v, dtype) => ({ op: opOf('geometric', dtype), params: typeof v.p === 'number' ? { p: v.p } : {} }),
  ops: DTYPES.map(op),
  hints: { prob: 'p', probability: 'p' },
};
