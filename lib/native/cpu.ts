/**
 * The addon's host SIMD kernels (binding/cpu.cc → cuda/src/cpu_kernels*.cpp, x86-64 AVX-512 or AVX2):
 * the CPU backend's native fast path for bits, uniform, integers, bernoulli, exponential, the
 * transforms of one uniform or one normal, Wald, normal (Box–Muller), geometric, gamma's draws (gamma, chisquare,
 * Student's t, F, Dirichlet, beta), the counts of one parameter (Poisson, binomial, negative binomial),
 * multinomial rows and whole permutations, tried before the
 * WebAssembly kernels, in the calling thread and in each pool worker (each loads the addon once). The
 * same bits as the specification kernels. They decline — the WebAssembly or specification kernel runs
 * — where there is no addon or it predates them, the CPU lacks AVX2, their self-test failed,
 * CUDA_RANDOM_NO_NATIVE_CPU is set (to anything but '' or '0'), or the call is too short to pay for
 * crossing into C++.
 */
import type { FastKernel, KernelArgs } from '../core/job.js';
import { loadNative } from './load.js';
import { envFlag } from '../core/env.js';

/** What binding/cpu.cc exports. */
export interface CpuAddon {
  cpuSimd(): string;
  cpuSimdCpu(): string;
  cpuIntegers(k0: number, k1: number, lo: number, hi: number, low: number, high: number, out: Int32Array | Uint32Array | Float64Array): boolean;
  cpuBernoulli(k0: number, k1: number, lo: number, hi: number, p: number | Float32Array | Float64Array, out: Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array): boolean;
  cpuBits(k0: number, k1: number, lo: number, hi: number, out: Uint32Array): boolean;
  cpuUniform(k0: number, k1: number, lo: number, hi: number, low: number, high: number, out: Float32Array | Float64Array): boolean;
  cpuExponential(k0: number, k1: number, lo: number, hi: number, rate: number, out: Float32Array | Float64Array): boolean;
  cpuGamma(k0: number, k1: number, lo: number, hi: number, alpha: Float64Array, phase: number, scale: number, wide: boolean,
    out: Float32Array | Float64Array): boolean;
  cpuGammaDraws(k0: number, k1: number, lo: number, hi: number, d: Float64Array, c: Float64Array, phase: number, wide: boolean,
    dv: Float64Array, boost: Float64Array): boolean;
  cpuDirichlet(k0: number, k1: number, rowLo: number, rowHi: number, alpha: Float64Array, wide: boolean, firstOnly: boolean,
    out: Float32Array | Float64Array): boolean;
  cpuGeometric(k0: number, k1: number, lo: number, hi: number, p: number, out: Int32Array | Uint32Array | Float64Array): boolean;
  cpuNormal(k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: Float32Array | Float64Array): boolean;
  cpuTransform(k0: number, k1: number, lo: number, hi: number, id: number, p: Float64Array, out: Float32Array | Float64Array): boolean;
  cpuElement(k0: number, k1: number, lo: number, hi: number, id: number, p: Float64Array, out: Float32Array | Float64Array): boolean;
  cpuPoisson(k0: number, k1: number, lo: number, hi: number, lam: number, out: CountOut): boolean;
  cpuBinomial(k0: number, k1: number, lo: number, hi: number, count: number, p: number, out: CountOut): boolean;
  cpuNegativeBinomial(k0: number, k1: number, lo: number, hi: number, r: number, p: number, out: CountOut): boolean;
  cpuMultinomial(k0: number, k1: number, lo: number, hi: number, count: number, w: Float64Array, out: CountOut): boolean;
  cpuNormalZ(k0: number, k1: number, lo: number, hi: number, wide: boolean, out: Float64Array): boolean;
  cpuPermutation(k0: number, k1: number, out: Int32Array | Uint32Array | Float64Array): boolean;
  cpuPermutationPart(k0: number, k1: number, out: Int32Array | Uint32Array | Float64Array, part: number, parts: number): boolean;
}

/** The output of a count sampler. */
type CountOut = Int32Array | Uint32Array | Float64Array;

/** The exports an addon must have for the host kernels to run (an older one lacks some). */
const EXPORTS = ['cpuSimd', 'cpuSimdCpu', 'cpuIntegers', 'cpuBernoulli', 'cpuBits', 'cpuUniform', 'cpuExponential',
  'cpuTransform', 'cpuElement', 'cpuGamma', 'cpuGammaDraws',
  'cpuNormal', 'cpuDirichlet', 'cpuGeometric', 'cpuPoisson', 'cpuBinomial', 'cpuNegativeBinomial', 'cpuMultinomial',
  'cpuNormalZ', 'cpuPermutation', 'cpuPermutationPart'] as const;

/** Below this many elements the WebAssembly kernel is as fast (one Node-API call costs ~0.1 µs). */
export const NATIVE_CPU_MIN = 64;

/** CUDA_RANDOM_NO_NATIVE_CPU: 1 turns the host kernels off; anything but 0, 1 or empty is a RangeError. */
const disabledByEnv = (): boolean => envFlag('CUDA_RANDOM_NO_NATIVE_CPU');

/** The host kernels of this process, or null and why not. */
export interface NativeCpuProbe { addon: CpuAddon | null; reason: string }

/** What `addon` (as loaded: null, and the load error) offers the CPU backend. Pure: tests hand it
 *  stand-ins for an old addon, a CPU without AVX2 or a failed self-test. @internal */
export function nativeCpuOf(addon: unknown, error: string | null, disabled: boolean): NativeCpuProbe {
  if (disabled) return { addon: null, reason: 'disabled by CUDA_RANDOM_NO_NATIVE_CPU' };
  const a = addon as Partial<CpuAddon> | null;
  if (!a) return { addon: null, reason: error ?? 'no native addon' };
  if (EXPORTS.some((f) => typeof a[f] !== 'function')) {
    return { addon: null, reason: 'the native addon predates its CPU kernels (rebuild it: npm run build:native)' };
  }
  const full = a as CpuAddon;
  const simd = full.cpuSimd();
  if (simd !== '') return { addon: full, reason: simd };
  const cpu = full.cpuSimdCpu();
  return {
    addon: null,
    reason: cpu === '' ? 'this CPU lacks AVX2 (or is not x86-64)'
      : `the host kernels failed their self-test on this CPU (${cpu}): this build of the addon does not give the specified bits`,
  };
}

let probe: NativeCpuProbe | undefined;

function probeCpu(): NativeCpuProbe {
  if (probe) return probe;
  if (disabledByEnv()) return (probe = nativeCpuOf(null, null, true));  // the addon is not even loaded
  const { addon, error } = loadNative();
  return (probe = nativeCpuOf(addon, error, false));
}

/** The instruction set the host kernels use ('avx512' or 'avx2'), or null with the reason they do not run. */
export function nativeCpuInfo(): { simd: string | null; reason: string } {
  const p = probeCpu();
  return p.addon ? { simd: p.reason, reason: `host SIMD kernels (${p.reason}) in the native addon` } : { simd: null, reason: p.reason };
}

/** Whether the host kernels run here: for kernels that compose them with others (lib/samplers). */
export const hostSimdRuns = (): boolean => probeCpu().addon !== null;

/** A fast kernel calling the addon through `call`: declines for short calls and where the host kernels
 *  do not run. */
function hostKernel(call: (a: CpuAddon, args: KernelArgs) => boolean): FastKernel {
  return (args) => {
    if (args.out.length < NATIVE_CPU_MIN) return false;
    const a = probeCpu().addon;
    return a !== null && call(a, args);
  };
}

/** integersKernel of lib/kernels/integers.ts through cr_cpu_integers (int32, uint32 or float64 out). */
export const integersNative = hostKernel((a, { k0, k1, lo, hi, params, out }) =>
  a.cpuIntegers(k0, k1, lo, hi, params.low as number, params.high as number, out as Int32Array | Uint32Array | Float64Array));

/** bernoulliKernel of lib/kernels/bernoulli.ts through cr_cpu_bernoulli, or cr_cpu_bernoulli_each for a
 *  per-element p (aligned with out, checked by the facade). */
export const bernoulliNative = hostKernel((a, { k0, k1, lo, hi, params, perElement, out }) =>
  a.cpuBernoulli(k0, k1, lo, hi, perElement.p ?? (params.p as number),
    out as Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array));

/** rawBits of lib/kernels/raw.ts through cr_cpu_bits. */
export const bitsNative = hostKernel((a, { k0, k1, lo, hi, out }) => a.cpuBits(k0, k1, lo, hi, out as Uint32Array));

/** uniform32 / uniform64 of lib/kernels/raw.ts through cr_cpu_uniform. */
export const uniformNative = hostKernel((a, { k0, k1, lo, hi, params, out }) =>
  a.cpuUniform(k0, k1, lo, hi, params.low as number, params.high as number, out as Float32Array | Float64Array));

/** exponentialKernel of lib/kernels/gamma.ts through cr_cpu_exponential. */
export const exponentialNative = hostKernel((a, { k0, k1, lo, hi, params, out }) =>
  a.cpuExponential(k0, k1, lo, hi, params.rate as number, out as Float32Array | Float64Array));

/** geometricKernel of lib/kernels/geometric.ts with one p through cr_cpu_geometric (a per-element p declines; p must
 *  be one the output type can hold every value of, as the sampler's dtype rule ensures). */
export const geometricNative = hostKernel((a, { k0, k1, lo, hi, params, perElement, out }) =>
  !perElement.p && a.cpuGeometric(k0, k1, lo, hi, params.p as number, out as Int32Array | Uint32Array | Float64Array));

/** normalBM32 / normalBM64 of lib/kernels/normal.ts through cr_cpu_normal. */
export const normalNative = hostKernel((a, { k0, k1, lo, hi, params, out }) =>
  a.cpuNormal(k0, k1, lo, hi, params.mean as number, params.std as number, out as Float32Array | Float64Array));

/** A kernel of one parameter row by id (cpuTransform, cpuElement), for one row of parameters: per-element rows
 *  (columns p0, p1, …) decline, and the WebAssembly or specification kernel runs. */
const rowNative = (fn: 'cpuTransform' | 'cpuElement', id: number): FastKernel =>
  hostKernel((a, { k0, k1, lo, hi, params, perElement, out }) =>
    !perElement.p0 && a[fn](k0, k1, lo, hi, id, params.p as Float64Array, out as Float32Array | Float64Array));

/** uniformTransform / normalTransform of lib/kernels/transform.ts for transform `id` through cr_cpu_transform. */
export const transformNative = (id: number): FastKernel => rowNative('cpuTransform', id);

/** The element sampler `id` of lib/samplers/element.ts (its C++ twin in cr_elements.h) through cr_cpu_element (an id
 *  without a host kernel declines: von Mises). */
export const elementNative = (id: number): FastKernel => rowNative('cpuElement', id);

/** One shape as the table cr_cpu_gamma takes (reused: the calls are synchronous). */
const oneShape = new Float64Array(1);
const shapes = (alpha: number, alphas: Float32Array | Float64Array | undefined): Float64Array => {
  if (alphas === undefined) {
    oneShape[0] = alpha;
    return oneShape;
  }
  return alphas instanceof Float64Array ? alphas : Float64Array.from(alphas);
};

/** gammaKernel of lib/kernels/gamma.ts through cr_cpu_gamma, one shape or one per element (its value does not
 *  depend on `proposals`). */
export const gammaNative = hostKernel((a, { k0, k1, lo, hi, params, perElement, out }) =>
  a.cpuGamma(k0, k1, lo, hi, shapes(params.alpha as number, perElement.alpha), 0, params.scale as number,
    out instanceof Float64Array, out as Float32Array | Float64Array));

/** The gamma values (scale 1, binary64) lib/kernels/ratios.ts RatioDraws.gamma asks for, through cr_cpu_gamma:
 *  shape alpha, or alphas[i] (alphas[i mod period] with a period); false where the host kernels do not run. */
export function gammaValuesNative(
  k0: number, k1: number, lo: number, hi: number, alpha: number, alphas: Float32Array | Float64Array | undefined,
  _proposals: number, wide: boolean, g: Float64Array, period?: number,
): boolean {
  const a = g.length < NATIVE_CPU_MIN ? null : probeCpu().addon;
  const table = alphas !== undefined && period !== undefined ? alphas.subarray(0, period) : alphas;
  return a !== null && a.cpuGamma(k0, k1, lo, hi, shapes(alpha, table), 0, 1, wide, g);
}

/** drawRange of lib/kernels/gamma.ts (its DrawRange) through cr_cpu_gamma_draws: the accepted proposals of
 *  elements [first, first + count), element j with ds/cs[(phase + j) mod period]. */
export function gammaDrawNative(
  k0: number, k1: number, eLo: number, eHi: number, count: number, ds: Float64Array, cs: Float64Array, period: number,
  phase: number, _proposals: number, wide: boolean, dv: Float64Array, bu: Float64Array,
): boolean {
  const a = count < NATIVE_CPU_MIN ? null : probeCpu().addon;
  return a !== null && a.cpuGammaDraws(k0, k1, eLo, eHi, ds.subarray(0, period), cs.subarray(0, period), phase % period,
    wide, dv.subarray(0, count), bu.subarray(0, count));
}

/** Whole Dirichlet rows from row (rowHi:rowLo) through cr_cpu_dirichlet (dirichletKernel's values, normalised in C++):
 *  K values a row, or component 0 only (`firstOnly`: beta); false where the host kernels do not run. */
export function dirichletRowsNative(
  k0: number, k1: number, rowLo: number, rowHi: number, alpha: Float64Array, wide: boolean, firstOnly: boolean,
  out: Float32Array | Float64Array,
): boolean {
  const a = out.length < NATIVE_CPU_MIN ? null : probeCpu().addon;
  return a !== null && a.cpuDirichlet(k0, k1, rowLo, rowHi, alpha, wide, firstOnly, out);
}

/** poissonKernel of lib/kernels/poisson.ts with one λ through cr_cpu_poisson (a per-element λ declines). */
export const poissonNative = hostKernel((a, { k0, k1, lo, hi, params, perElement, out }) =>
  !perElement.lam && a.cpuPoisson(k0, k1, lo, hi, params.lam as number, out as CountOut));

/** binomialKernel of lib/kernels/binomial.ts with one count and p through cr_cpu_binomial (per-element ones
 *  decline). */
export const binomialNative = hostKernel((a, { k0, k1, lo, hi, params, perElement, out }) =>
  !perElement.count && !perElement.p && a.cpuBinomial(k0, k1, lo, hi, params.count as number, params.p as number,
    out as CountOut));

/** negativeBinomialKernel of lib/kernels/negative-binomial.ts through cr_cpu_negative_binomial. */
export const negativeBinomialNative = hostKernel((a, { k0, k1, lo, hi, params, out }) =>
  a.cpuNegativeBinomial(k0, k1, lo, hi, params.r as number, params.p as number, out as CountOut));

/** multinomialKernel of lib/kernels/binomial.ts through cr_cpu_multinomial (rows of up to 4,096 components;
 *  it declines more). */
export const multinomialNative = hostKernel((a, { k0, k1, lo, hi, params, out }) =>
  a.cpuMultinomial(k0, k1, lo, hi, params.count as number, params.probs as Float64Array, out as CountOut));

/** Standard normals in binary64 of the float64 (wide) or float32 stream through cr_cpu_normal_z: the normals
 *  Student's t divides (lib/kernels/ratios.ts RatioDraws.normal); declines as every host kernel does. */
export function normalZNative(k0: number, k1: number, lo: number, hi: number, wide: boolean, z: Float64Array): boolean {
  const a = z.length < NATIVE_CPU_MIN ? null : probeCpu().addon;
  return a !== null && a.cpuNormalZ(k0, k1, lo, hi, wide, z);
}

/** permutationKernel of lib/kernels/select.ts for a whole permutation (out.length = population) through
 *  cr_cpu_permutation, all in one call; a partial result declines. With params `part` and `parts`, only the
 *  positions that part holds (cr_cpu_permutation_part; lib/kernels/select.ts permutationPartKernel). */
export const permutationNative = hostKernel((a, { k0, k1, params, out }) => {
  if (out.length !== params.population) return false;
  const o = out as Int32Array | Uint32Array | Float64Array;
  return params.parts === undefined ? a.cpuPermutation(k0, k1, o) : a.cpuPermutationPart(k0, k1, o, params.part as number, params.parts as number);
});

/** Most items of cr_cpu_permutation (its PERM_MAX): beyond, it declines. */
const PERMUTATION_NATIVE_MAX = 2 ** 30;

/** Whether a permutation of `population` items runs in parts on the host kernels (the pool's workers, each its
 *  part): only there does a part cost less than the whole (lib/backend/cpu/pool.ts). */
export const permutationInParts = (population: number): boolean =>
  population >= NATIVE_CPU_MIN && population <= PERMUTATION_NATIVE_MAX && probeCpu().addon !== null;
