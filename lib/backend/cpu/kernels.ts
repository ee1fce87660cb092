/**
 * The CPU kernels by op name. A kernel fills `out` with elements [first, first + out.length) of its
 * stream; it must give the same bits for any split of that range, which is what lets the worker pool
 * (and the GPU) cut a job anywhere.
 */
import { rawBits, uniform32, uniform64 } from '../../kernels/raw.js';
import { aliasSample, cdfSample } from '../../kernels/alias.js';
import { normalBM32, normalBM64, normalPolar32, normalPolar64 } from '../../kernels/normal.js';
import { DEFAULT_PROPOSALS, betaKernel, dirichletKernel, exponentialKernel, gammaKernel } from '../../kernels/gamma.js';

export type OutArray = Uint32Array | Int32Array | Float32Array | Float64Array;

export interface KernelArgs {
  k0: number;
  k1: number;
  /** Index of out[0] in the stream, as uint32 halves. */
  lo: number;
  hi: number;
  out: OutArray;
  /** Scalar parameters (structured-cloneable). */
  params: Record<string, unknown>;
  /** Per-element parameter arrays, aligned with out (element i of each belongs to out[i]). */
  perElement: Record<string, Float32Array | Float64Array>;
}

export type Kernel = (a: KernelArgs) => void;

/** The job's `proposals`, or the CPU default when the caller left it to the backend. */
const M = (a: KernelArgs): number => (a.params.proposals as number | undefined) ?? DEFAULT_PROPOSALS;

// Static on purpose: worker threads import this module and must see every kernel.
export const KERNELS: Record<string, Kernel> = {
  bits: (a) => rawBits(a.k0, a.k1, a.lo, a.hi, a.out as Uint32Array),
  uniform32: (a) => uniform32(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.low as number, a.params.high as number),
  uniform64: (a) => uniform64(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.low as number, a.params.high as number),
  aliasSample: (a) => aliasSample(a.k0, a.k1, a.lo, a.hi, a.out as Uint32Array, a.params.rows as Uint32Array, a.params.n as number),
  aliasCdfSample: (a) => cdfSample(a.k0, a.k1, a.lo, a.hi, a.out as Uint32Array, a.params.prefix as Uint32Array, a.params.n as number),
  // Normal, gamma and derived samplers (docs/streams.md §5–6).
  normalBM32: (a) => normalBM32(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.mean as number, a.params.std as number),
  normalBM64: (a) => normalBM64(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.mean as number, a.params.std as number),
  normalPolar32: (a) => normalPolar32(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.mean as number, a.params.std as number),
  normalPolar64: (a) => normalPolar64(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.mean as number, a.params.std as number),
  gamma32: (a) => gammaKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.alpha as number, a.perElement.alpha, a.params.scale as number, M(a), false),
  gamma64: (a) => gammaKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.alpha as number, a.perElement.alpha, a.params.scale as number, M(a), true),
  exponential32: (a) => exponentialKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.rate as number, false),
  exponential64: (a) => exponentialKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.rate as number, true),
  beta32: (a) => betaKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.a as number, a.params.b as number, M(a), false),
  beta64: (a) => betaKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.a as number, a.params.b as number, M(a), true),
  dirichlet32: (a) => dirichletKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float32Array, a.params.alpha as Float64Array, M(a), false),
  dirichlet64: (a) => dirichletKernel(a.k0, a.k1, a.lo, a.hi, a.out as Float64Array, a.params.alpha as Float64Array, M(a), true),
};

export function runKernel(op: string, a: KernelArgs): void {
  const k = KERNELS[op];
  if (!k) throw new Error(`internal: no CPU kernel '${op}'`);
  k(a);
}
