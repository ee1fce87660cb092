/** beta(): Jöhnk's algorithm for a, b ≤ 1, else G_a/(G_a + G_b) from gamma elements 2i and 2i + 1
 *  (docs/streams.md, "Dirichlet and beta"). */
import { rowShape } from '../core/constraints.js';
import { betaKernel, isJohnk } from '../kernels/beta.js';
import { betaWasm } from '../wasm/samplers.js';
import { dirichletRowsNative } from '../native/cpu.js';
import type { KernelArgs } from '../core/job.js';
import { cpuProposals, opFor, type CudaArg, type SamplerSpec } from './spec.js';

const args: readonly CudaArg[] = [{ param: 'a' }, { param: 'b' }, { proposals: true }];
const kernel = (wide: boolean) => (a: KernelArgs) =>
  betaKernel(a.k0, a.k1, a.lo, a.hi, a.params.a as number, a.params.b as number, cpuProposals(a), wide, a.out as Float32Array | Float64Array);

/** The ratio region (a or b > 1) in the host SIMD kernels: component 0 of the Dirichlet([a, b]) rows, drawn and
 *  normalised in C++ (lib/native/cpu.ts); Jöhnk's region keeps WebAssembly. */
const pair = new Float64Array(2);
const native = (a: KernelArgs): boolean => {
  const x = a.params.a as number, y = a.params.b as number;
  if (isJohnk(x, y)) return false;
  pair[0] = x;
  pair[1] = y;
  return dirichletRowsNative(a.k0, a.k1, a.lo, a.hi, pair, a.out instanceof Float64Array, true, a.out as Float32Array | Float64Array);
};

export const BETA: SamplerSpec = {
  name: 'beta',
  summary: "Beta(a, b) variates: Jöhnk's algorithm for a, b ≤ 1, else component 0 of the Dirichlet([a, b]) rows",
  stream: 'docs/streams.md, "Dirichlet and beta"',
  params: [
    { name: 'a', doc: 'Shape a in [1e-300, 1e300].', is: rowShape },
    { name: 'b', doc: 'Shape b in [1e-300, 1e300].', is: rowShape },
  ],
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower: (v, dtype) => ({ op: opFor('beta', dtype), params: { a: v.a, b: v.b, proposals: v.proposals } }),
  ops: [
    { name: 'beta32', dtype: 'float32', fast: betaWasm, native, pooled: true, cpu: kernel(false), cuda: { fn: 'beta32', args, crossover: 1 << 10 } },
    { name: 'beta64', dtype: 'float64', fast: betaWasm, native, pooled: true, cpu: kernel(true), cuda: { fn: 'beta64', args, crossover: 1 << 10 } },
  ],
  hints: { alpha: 'a', beta: 'b' },
};
