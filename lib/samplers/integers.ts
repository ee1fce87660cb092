/** integers(): unbiased integers in [low, high), numpy's Generator.integers (docs/streams.md §4.1). */
import { safeInteger } from '../core/constraints.js';
import { DTYPE_CODE, type DeviceDtype } from '../core/types.js';
import type { KernelArgs } from '../core/job.js';
import { integersKernel } from '../kernels/integers.js';
import { integersWasm } from '../wasm/samplers.js';
import { integersNative } from '../native/cpu.js';
import { opOf, type OpSpec, type SamplerSpec } from './spec.js';

const DTYPES = ['int32', 'uint32', 'float64'] as const satisfies readonly DeviceDtype[];

/** What each dtype holds: [smallest low, largest high] (float64: any safe integers, range ≤ 2^53). */
const BOUNDS: Record<(typeof DTYPES)[number], [number, number, string, string]> = {
  int32: [-(2 ** 31), 2 ** 31, '-2^31', '2^31'],
  uint32: [0, 2 ** 32, '0', '2^32'],
  float64: [-(2 ** 53 - 1), 2 ** 53 - 1, '-(2^53-1)', '2^53-1'],
};

/** The dtype can hold every value of [low, high): a RangeError naming the argument and the dtype. */
function checkFits(low: number, high: number, dtype: (typeof DTYPES)[number]): void {
  const [min, max, says, saysHigh] = BOUNDS[dtype];
  if (low < min) throw new RangeError(`low must be at least ${says} for dtype '${dtype}', got ${low}`);
  if (high > max) {
    throw new RangeError(`high must be at most ${saysHigh} for dtype '${dtype}' (high is excluded), got ${high}` +
      (dtype === 'float64' ? '' : `; use dtype '${dtype === 'int32' ? "uint32' or 'float64" : 'float64'}'`));
  }
  if (dtype === 'float64' && BigInt(high) - BigInt(low) > 2n ** 53n) {
    throw new RangeError(`high - low must be at most 2^53 for dtype 'float64', got ${high} - (${low})`);
  }
}

const op = (dtype: (typeof DTYPES)[number]): OpSpec => ({
  name: opOf('integers', dtype),
  dtype,
  fast: integersWasm,
  native: integersNative,
  cpu: (a: KernelArgs) => integersKernel(a.k0, a.k1, a.lo, a.hi, a.params.low as number, a.params.high as number,
    a.out as Int32Array | Uint32Array | Float64Array),
  cuda: { fn: 'integers', args: [{ constant: DTYPE_CODE[dtype] }, { param: 'low' }, { param: 'high' }], crossover: 1 << 16 },
});

export const INTEGERS: SamplerSpec = {
  name: 'integers',
  summary: 'uniform integers in [low, high) (high excluded), Lemire\'s multiply-and-reject, first accepted proposal',
  stream: 'docs/streams.md §4.1',
  params: [
    { name: 'low', doc: 'Smallest value (included), default 0: a safe integer (int32: ≥ −2^31; uint32: ≥ 0).', is: safeInteger, default: 0 },
    { name: 'high', doc: 'One past the largest value (excluded, as numpy\'s integers and jax\'s randint): a safe integer > low '
      + '(int32: ≤ 2^31; uint32: ≤ 2^32; float64: high − low ≤ 2^53).', is: safeInteger },
  ],
  dtypes: DTYPES,
  check({ low, high }) {
    if (!(low < high)) throw new RangeError(`low must be less than high (high is excluded), got low=${low}, high=${high}`);
  },
  lower(v, dtype) {
    checkFits(v.low as number, v.high as number, dtype as (typeof DTYPES)[number]);
    return { op: opOf('integers', dtype), params: { low: v.low, high: v.high } };
  },
  ops: DTYPES.map(op),
  hints: {
    minval: 'low', maxval: 'high (excluded)', min: 'low', max: 'high (excluded)',
    endpoint: 'high is always excluded: pass high + 1 to include it',
  },
};
