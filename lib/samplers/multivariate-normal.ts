/** multivariateNormal(): rows mean + L·z, L the Cholesky factor of cov (docs/streams.md, "Multivariate normal"). */
import { finite } from '../core/constraints.js';
import { describe } from '../core/validate.js';
import type { KernelArgs } from '../core/job.js';
import { cholesky, mvnKernel } from '../kernels/mvn.js';
import { mvnWasm } from '../wasm/samplers.js';
import { opFor, type CudaArg, type SamplerSpec } from './spec.js';

/** Largest dimension (the host factorisation is O(d³), the factor d(d+1)/2 doubles). */
export const MAX_MVN_DIM = 1024;

/** cov as d·d row-major binary64 values: d arrays of d numbers, or d·d numbers (array or typed array). */
function covValues(v: unknown, d: number): Float64Array {
  const c = new Float64Array(d * d);
  const entry = (x: unknown, i: number, j: number) => finite.check(x, `cov[${i}][${j}]`);
  if (Array.isArray(v) && v.length === d && v.every((r) => Array.isArray(r) || r instanceof Float64Array || r instanceof Float32Array)) {
    for (let i = 0; i < d; i++) {
      const r = v[i] as ArrayLike<unknown>;
      if (r.length !== d) throw new RangeError(`cov must be ${d}×${d} (mean has ${d} entries), got row ${i} of length ${r.length}`);
      for (let j = 0; j < d; j++) c[i * d + j] = entry(r[j], i, j);
    }
    return c;
  }
  if (Array.isArray(v) || v instanceof Float64Array || v instanceof Float32Array) {
    const a = v as ArrayLike<unknown>;
    if (a.length !== d * d) throw new RangeError(`cov must be ${d}×${d} (mean has ${d} entries): ${d} rows or ${d * d} values, got ${a.length}`);
    for (let i = 0; i < d * d; i++) c[i] = entry(a[i], Math.floor(i / d), i % d);
    return c;
  }
  throw new TypeError(`cov must be an array of ${d} rows, or ${d * d} values (array, Float64Array or Float32Array), got ${describe(v)}`);
}

const kernel = (wide: boolean) => (a: KernelArgs) =>
  mvnKernel(a.k0, a.k1, a.lo, a.hi, a.params.d as number, a.params.lm as Float64Array, wide, a.out as Float32Array | Float64Array);
const args: readonly CudaArg[] = [{ param: 'd' }, { param: 'lm' }];

export const MULTIVARIATE_NORMAL: SamplerSpec = {
  name: 'multivariateNormal',
  summary: 'rows of multivariate normal variates mean + L·z, L the lower Cholesky factor of cov (n·d values)',
  stream: 'docs/streams.md, "Multivariate normal"',
  params: [{ name: 'mean', doc: 'The mean vector: d finite numbers (1 ≤ d ≤ 1024; d is the row length).', is: finite }],
  rows: { param: 'mean', max: MAX_MVN_DIM, option: true },
  structured: [{
    name: 'cov',
    doc: 'The d×d covariance: symmetric positive semi-definite (tolerance 1e-10·max diagonal), d rows or d·d values.',
    check: (v, d) => cholesky(covValues(v, d), d, 'cov'),
    example: (d) => Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 2 : 0.5))),
    bad: [[[1, 2], [2, 1]], [[1, 0, 0], [0, -1, 0], [0, 0, 1]], [[1, 0.5, 0], [0, 1, 0], [0, 0, 1]], [1, 2, 3], 'x', [[NaN, 0, 0], [0, 1, 0], [0, 0, 1]]],
  }],
  dtypes: ['float64', 'float32'],
  lower(v, dtype) {
    const mean = v.mean as Float64Array, L = v.cov as Float64Array;
    const lm = new Float64Array(mean.length + L.length);
    lm.set(mean);
    lm.set(L, mean.length);
    return { op: opFor('multivariateNormal', dtype), params: { d: mean.length, lm } };
  },
  ops: [
    { name: 'multivariateNormal32', dtype: 'float32', fast: mvnWasm, cpu: kernel(false),
      cuda: { fn: 'mvn32', args, crossover: 1 << 12 } },
    { name: 'multivariateNormal64', dtype: 'float64', fast: mvnWasm, cpu: kernel(true),
      cuda: { fn: 'mvn64', args, crossover: 1 << 12 } },
  ],
  hints: { mu: 'mean', loc: 'mean', sigma: 'cov', covariance: 'cov' },
};
