/** dirichlet(): rows of K normalised gammas (docs/streams.md, "Dirichlet and beta"). */
import { rowShape } from '../core/constraints.js';
import { dirichletKernel } from '../kernels/gamma.js';
import { dirichletWasm } from '../wasm/samplers.js';
import { dirichletRowsNative, gammaDrawNative, hostSimdRuns, NATIVE_CPU_MIN } from '../native/cpu.js';
import type { KernelArgs } from '../core/job.js';
import { cpuProposals, opFor, type CudaArg, type SamplerSpec } from './spec.js';

/** Largest Dirichlet dimension K. */
export const MAX_DIRICHLET_K = 2 ** 20;

const kernel = (wide: boolean) => (a: KernelArgs) =>
  dirichletKernel(a.k0, a.k1, a.lo, a.hi, a.params.alpha as Float64Array, cpuProposals(a), wide, a.out as Float32Array | Float64Array);
/**
 * The host SIMD kernels (lib/native/cpu.ts): whole rows drawn and normalised in C++; a row the call starts or
 * ends inside by dirichletKernel with the host draws (the same values).
 */
const native = (a: KernelArgs): boolean => {
  const out = a.out as Float32Array | Float64Array;
  const alpha = a.params.alpha as Float64Array;
  if (out.length < NATIVE_CPU_MIN || !hostSimdRuns()) return false;
  const K = BigInt(alpha.length), wide = out instanceof Float64Array;
  const first = (BigInt(a.hi) << 32n) | BigInt(a.lo);
  const head = Math.min(out.length, Number((K - (first % K)) % K));  // values before the first whole row
  const rows = Math.floor((out.length - head) / alpha.length);
  const part = (from: number, to: number) => {
    if (to <= from) return;
    const at = first + BigInt(from);
    dirichletKernel(a.k0, a.k1, Number(at & 0xffffffffn), Number(at >> 32n), alpha, 1, wide, out.subarray(from, to),
      gammaDrawNative);
  };
  const row = (first + BigInt(head)) / K;
  const end = head + rows * alpha.length;
  if (rows > 0 && !dirichletRowsNative(a.k0, a.k1, Number(row & 0xffffffffn), Number(row >> 32n), alpha, wide, false,
    out.subarray(head, end))) return false;
  part(0, head);
  part(rows > 0 ? end : head, out.length);
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
    { name: 'dirichlet32', dtype: 'float32', fast: dirichletWasm, native, pooled: true, cpu: kernel(false), cuda: { fn: 'dirichlet32', args, crossover: 1 << 10 } },
    { name: 'dirichlet64', dtype: 'float64', fast: dirichletWasm, native, pooled: true, cpu: kernel(true), cuda: { fn: 'dirichlet64', args, crossover: 1 << 10 } },
  ],
};
