/**
 * The public sampler functions, each made from its registry spec by lib/facade/make.ts, with the
 * types users see: the options of each sampler, and return types that follow `dtype` and `out`
 * (`uniform(k, n)` is a Float64Array, `{ dtype: 'float32' }` or a Float32Array `out` gives a
 * Float32Array, `out: 'device'` a DeviceArray).
 */
import type { Key } from '../core/keys.js';
import type { Dtype } from '../core/types.js';
import type { DeviceArray } from './device-array.js';
import type { DeviceOut, WithDeviceOut } from './dtype.js';
import type { CommonOptions } from './prepare.js';
import { makeSampler } from './make.js';
import { BITS } from '../samplers/bits.js';
import { UNIFORM } from '../samplers/uniform.js';
import { NORMAL } from '../samplers/normal.js';
import { EXPONENTIAL } from '../samplers/exponential.js';
import { GAMMA } from '../samplers/gamma.js';
import { CHISQUARE } from '../samplers/chisquare.js';
import { BETA } from '../samplers/beta.js';
import { DIRICHLET } from '../samplers/dirichlet.js';
import { LOGNORMAL } from '../samplers/lognormal.js';
import { WEIBULL } from '../samplers/weibull.js';
import { INTEGERS } from '../samplers/integers.js';
import { BERNOULLI } from '../samplers/bernoulli.js';
import { GEOMETRIC } from '../samplers/geometric.js';
import { POISSON } from '../samplers/poisson.js';
import { BINOMIAL } from '../samplers/binomial.js';
import { NEGATIVE_BINOMIAL } from '../samplers/negative-binomial.js';
import { MULTINOMIAL } from '../samplers/multinomial.js';
import { CAUCHY } from '../samplers/cauchy.js';
import { LAPLACE } from '../samplers/laplace.js';
import { LOGISTIC } from '../samplers/logistic.js';
import { GUMBEL } from '../samplers/gumbel.js';
import { PARETO } from '../samplers/pareto.js';
import { RAYLEIGH } from '../samplers/rayleigh.js';
import { POWER } from '../samplers/power.js';
import { TRUNCATED_NORMAL } from '../samplers/truncated-normal.js';
import { TRIANGULAR } from '../samplers/triangular.js';
import { STUDENT_T } from '../samplers/student-t.js';
import { F } from '../samplers/f.js';
import { VON_MISES } from '../samplers/von-mises.js';
import { WALD } from '../samplers/wald.js';
import { LOGSERIES } from '../samplers/logseries.js';
import { ZIPF } from '../samplers/zipf.js';
import { HYPERGEOMETRIC } from '../samplers/hypergeometric.js';
import { MULTIVARIATE_NORMAL } from '../samplers/multivariate-normal.js';

// ---- the shapes of the functions ----------------------------------------------------------------
// One set of signatures for every sampler, generic over its element types: a sampler declares the
// dtypes it takes (D, a union) and its default (Def), and its result follows `out` (that array's
// type, or a DeviceArray), else `dtype` (DtypeArrays[dtype]), else the default.

/** The host array of each element type. */
export interface DtypeArrays {
  float64: Float64Array;
  float32: Float32Array;
  int32: Int32Array;
  uint32: Uint32Array;
  uint8: Uint8Array;
}
/** The host array of element type D. */
export type ArrayOf<D extends keyof DtypeArrays> = DtypeArrays[D];

/** Options of a sampler with element types D. */
export interface SamplerOptions<D extends keyof DtypeArrays> extends CommonOptions {
  /** The element type (the sampler's default when omitted; an `out` of one of its types implies it). */
  dtype?: D;
  /** Destination (length ≥ the count; element i is written to out[i]), or 'device' / a DeviceArray to
   *  keep the values on the backend (docs/device-arrays.md). */
  out?: ArrayOf<D> | DeviceOut;
}

/** Options of every float sampler. */
export interface FloatOptions extends SamplerOptions<Dtype> {
  /** 'float64' (default) or 'float32' (a float32 `out` implies it). Sampling math is binary64 either
   *  way; float32 values are rounded once (docs/precision.md). */
  dtype?: Dtype;
}

/** Options with a host `out` of type A: the result is that array. */
export type WithOut<O, A> = O & { out: A };
/** Options naming the element type T: the result is its array (an `out` must be one too). */
export type WithDtype<O, T extends keyof DtypeArrays> = O & { dtype: T; out?: ArrayOf<T> };
/** Options without `dtype` (or naming the default T): the result is T's array. */
export type WithDefault<O, T extends keyof DtypeArrays> = O & { dtype?: T; out?: ArrayOf<T> };

/**
 * The last signature of every sampler, for the compiler's message only: a call that no other signature
 * takes is reported against this one, which names every element type the sampler has (not only its
 * default) and says that `dtype` and `out` must agree. No call can match it (the marker property).
 */
export type NoMatch<O, D extends keyof DtypeArrays> = O & { dtype?: D; out?: ArrayOf<D> | DeviceOut }
  & { 'no signature matches: dtype must be one of the types above, and out an array of that type': true };
/** A sampler (key, n, options?): `out`'s type, else the `dtype`'s array, else the default's (Def). */
export interface Sampler<O, D extends keyof DtypeArrays, Def extends D> {
  <X extends D>(key: Key, n: number, options: O & { out: DeviceArray<X> }): DeviceArray<X>;
  <T extends D>(key: Key, n: number, options: O & { out: 'device'; dtype: T }): DeviceArray<T>;
  (key: Key, n: number, options: WithDeviceOut<O>): DeviceArray<Def>;
  <A extends ArrayOf<D>>(key: Key, n: number, options: WithOut<O, A>): A;
  <T extends D>(key: Key, n: number, options: WithDtype<O, T>): ArrayOf<T>;
  (key: Key, n: number, options?: WithDefault<O, Def>): ArrayOf<Def>;
  (key: Key, n: number, options: NoMatch<O, D>): never;
}
/** Its Promise twin. */
export interface SamplerAsync<O, D extends keyof DtypeArrays, Def extends D> {
  <X extends D>(key: Key, n: number, options: O & { out: DeviceArray<X> }): Promise<DeviceArray<X>>;
  <T extends D>(key: Key, n: number, options: O & { out: 'device'; dtype: T }): Promise<DeviceArray<T>>;
  (key: Key, n: number, options: WithDeviceOut<O>): Promise<DeviceArray<Def>>;
  <A extends ArrayOf<D>>(key: Key, n: number, options: WithOut<O, A>): Promise<A>;
  <T extends D>(key: Key, n: number, options: WithDtype<O, T>): Promise<ArrayOf<T>>;
  (key: Key, n: number, options?: WithDefault<O, Def>): Promise<ArrayOf<Def>>;
  (key: Key, n: number, options: NoMatch<O, D>): never;
}
/** A sampler whose options are required (a parameter without default). */
export interface SamplerWith<O, D extends keyof DtypeArrays, Def extends D> {
  <X extends D>(key: Key, n: number, options: O & { out: DeviceArray<X> }): DeviceArray<X>;
  <T extends D>(key: Key, n: number, options: O & { out: 'device'; dtype: T }): DeviceArray<T>;
  (key: Key, n: number, options: WithDeviceOut<O>): DeviceArray<Def>;
  <A extends ArrayOf<D>>(key: Key, n: number, options: WithOut<O, A>): A;
  <T extends D>(key: Key, n: number, options: WithDtype<O, T>): ArrayOf<T>;
  (key: Key, n: number, options: WithDefault<O, Def>): ArrayOf<Def>;
  (key: Key, n: number, options: NoMatch<O, D>): never;
}
/** Its Promise twin. */
export interface SamplerWithAsync<O, D extends keyof DtypeArrays, Def extends D> {
  <X extends D>(key: Key, n: number, options: O & { out: DeviceArray<X> }): Promise<DeviceArray<X>>;
  <T extends D>(key: Key, n: number, options: O & { out: 'device'; dtype: T }): Promise<DeviceArray<T>>;
  (key: Key, n: number, options: WithDeviceOut<O>): Promise<DeviceArray<Def>>;
  <A extends ArrayOf<D>>(key: Key, n: number, options: WithOut<O, A>): Promise<A>;
  <T extends D>(key: Key, n: number, options: WithDtype<O, T>): Promise<ArrayOf<T>>;
  (key: Key, n: number, options: WithDefault<O, Def>): Promise<ArrayOf<Def>>;
  (key: Key, n: number, options: NoMatch<O, D>): never;
}
/** A rows sampler (key, vector, n, options?): n rows of K values, row-major. */
export interface RowsSampler<V, O, D extends keyof DtypeArrays, Def extends D> {
  <X extends D>(key: Key, vector: V, n: number, options: O & { out: DeviceArray<X> }): DeviceArray<X>;
  <T extends D>(key: Key, vector: V, n: number, options: O & { out: 'device'; dtype: T }): DeviceArray<T>;
  (key: Key, vector: V, n: number, options: WithDeviceOut<O>): DeviceArray<Def>;
  <A extends ArrayOf<D>>(key: Key, vector: V, n: number, options: WithOut<O, A>): A;
  <T extends D>(key: Key, vector: V, n: number, options: WithDtype<O, T>): ArrayOf<T>;
  (key: Key, vector: V, n: number, options?: WithDefault<O, Def>): ArrayOf<Def>;
}
/** Its Promise twin. */
export interface RowsSamplerAsync<V, O, D extends keyof DtypeArrays, Def extends D> {
  <X extends D>(key: Key, vector: V, n: number, options: O & { out: DeviceArray<X> }): Promise<DeviceArray<X>>;
  <T extends D>(key: Key, vector: V, n: number, options: O & { out: 'device'; dtype: T }): Promise<DeviceArray<T>>;
  (key: Key, vector: V, n: number, options: WithDeviceOut<O>): Promise<DeviceArray<Def>>;
  <A extends ArrayOf<D>>(key: Key, vector: V, n: number, options: WithOut<O, A>): Promise<A>;
  <T extends D>(key: Key, vector: V, n: number, options: WithDtype<O, T>): Promise<ArrayOf<T>>;
  (key: Key, vector: V, n: number, options?: WithDefault<O, Def>): Promise<ArrayOf<Def>>;
}

/** The float samplers' shapes: float64 by default, float32 on request. */
export type FloatSampler<O extends FloatOptions> = Sampler<O, Dtype, 'float64'>;
export type FloatSamplerAsync<O extends FloatOptions> = SamplerAsync<O, Dtype, 'float64'>;
export type FloatSamplerWith<O extends FloatOptions> = SamplerWith<O, Dtype, 'float64'>;
export type FloatSamplerWithAsync<O extends FloatOptions> = SamplerWithAsync<O, Dtype, 'float64'>;

// ---- bits -------------------------------------------------------------------------------------------

export interface BitsOptions extends CommonOptions {
  out?: Uint32Array | DeviceOut;
}
const [bitsFn, bitsAsyncFn] = makeSampler(BITS);
/**
 * n words of the key's raw stream, starting at element `offset`.
 * @function
 */
export const bits = bitsFn as Sampler<BitsOptions, 'uint32', 'uint32'>;
/**
 * The Promise twin of bits() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const bitsAsync = bitsAsyncFn as SamplerAsync<BitsOptions, 'uint32', 'uint32'>;

// ---- the float samplers -----------------------------------------------------------------------------

export interface UniformOptions extends FloatOptions {
  /** Lower end (inclusive), default 0. */
  low?: number;
  /** Upper end, default 1; excluded for the default range (see docs/streams.md on rounding). */
  high?: number;
}
const [uniformFn, uniformAsyncFn] = makeSampler(UNIFORM);
/**
 * n uniform floats in [low, high); float64 (default) carries 53 random bits, float32 24.
 * @function
 */
export const uniform = uniformFn as FloatSampler<UniformOptions>;
/**
 * The Promise twin of uniform() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const uniformAsync = uniformAsyncFn as FloatSamplerAsync<UniformOptions>;

export type NormalMethod = 'box-muller' | 'polar';
export interface NormalOptions extends FloatOptions {
  /** 'box-muller' (default; branch-free, raw stream) or 'polar' (Marsaglia; per-pair sub-streams). */
  method?: NormalMethod;
  /** Mean, default 0 (finite). */
  mean?: number;
  /** Standard deviation, default 1 (finite, > 0). */
  std?: number;
}
const [normalFn, normalAsyncFn] = makeSampler(NORMAL);
/**
 * n normal variates mean + std·z. Element j of the stream is a pure function of (key, j, method,
 * dtype): Box–Muller pairs elements 2p and 2p+1 (cos and sin of one pair), polar likewise.
 * @function
 */
export const normal = normalFn as FloatSampler<NormalOptions>;
/**
 * The Promise twin of normal() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const normalAsync = normalAsyncFn as FloatSamplerAsync<NormalOptions>;

export interface ExponentialOptions extends FloatOptions {
  /** Rate λ > 0, default 1 (mean 1/λ). */
  rate?: number;
}
const [exponentialFn, exponentialAsyncFn] = makeSampler(EXPONENTIAL);
/**
 * n exponential variates, -log(u)/rate with u in (0, 1] from the raw stream (the words uniform()
 * uses: one per float32 element, two per float64 element). Cheapest possible: one log per element.
 * @function
 */
export const exponential = exponentialFn as FloatSampler<ExponentialOptions>;
/**
 * The Promise twin of exponential() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const exponentialAsync = exponentialAsyncFn as FloatSamplerAsync<ExponentialOptions>;

export interface GammaOptions extends FloatOptions {
  /** Shape α > 0: one number, or one per element (a Float32Array/Float64Array or a float32/float64 DeviceArray of
   * length n; a DeviceArray in GPU memory is read there, without a copy). */
  alpha: number | readonly number[] | Float32Array | Float64Array | DeviceArray;
  /** Scale θ > 0, default 1: the result is θ·G. */
  scale?: number;
  /**
   * Proposals the backend evaluates at once (1..1024); never changes the output. Omitted: each
   * backend's own default (CPU: DEFAULT_PROPOSALS; CUDA: see docs/building.md, "The gamma kernels").
   */
  proposals?: number;
}
const [gammaFn, gammaAsyncFn] = makeSampler(GAMMA);
/**
 * n gamma variates with shape α and scale θ (mean αθ). Element i is the first accepted
 * Marsaglia–Tsang proposal of its own sub-stream (key, TAG_GAMMA, offset + i), so it does not depend
 * on n, chunking, `proposals` or the backend.
 * @function
 */
export const gamma = gammaFn as FloatSamplerWith<GammaOptions>;
/**
 * The Promise twin of gamma() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const gammaAsync = gammaAsyncFn as FloatSamplerWithAsync<GammaOptions>;

export interface ChisquareOptions extends FloatOptions {
  /** Degrees of freedom k > 0: one number or one per element. */
  df: number | readonly number[] | Float32Array | Float64Array;
  proposals?: number;
}
const [chisquareFn, chisquareAsyncFn] = makeSampler(CHISQUARE);
/**
 * n chi-square variates: exactly 2·G with G the gamma(key, n, { alpha: df/2 }) variates (scale 2).
 * @function
 */
export const chisquare = chisquareFn as FloatSamplerWith<ChisquareOptions>;
/**
 * The Promise twin of chisquare() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const chisquareAsync = chisquareAsyncFn as FloatSamplerWithAsync<ChisquareOptions>;

export interface BetaOptions extends FloatOptions {
  /** Shape a in [1e-300, 1e300]. */
  a: number;
  /** Shape b in [1e-300, 1e300]. */
  b: number;
  proposals?: number;
}
const [betaFn, betaAsyncFn] = makeSampler(BETA);
/**
 * n Beta(a, b) variates. With a > 1 or b > 1 element i is G_a/(G_a + G_b) with G_a, G_b gamma elements 2i
 * and 2i+1 of the key's gamma stream (shapes a and b) — exactly component 0 of dirichlet(key, [a, b], n) row i;
 * with a, b ≤ 1 it is Jöhnk's algorithm on its own sub-stream, as numpy (docs/streams.md, "Dirichlet and beta").
 * @function
 */
export const beta = betaFn as FloatSamplerWith<BetaOptions>;
/**
 * The Promise twin of beta() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const betaAsync = betaAsyncFn as FloatSamplerWithAsync<BetaOptions>;

export interface DirichletOptions extends FloatOptions {
  proposals?: number;
}
const [dirichletFn, dirichletAsyncFn] = makeSampler(DIRICHLET);
/**
 * n rows of Dirichlet(alpha) variates, row-major (n·K values). Row r's component k is its gamma
 * G_k = gamma element r·K + k of the key's gamma stream with shape alpha[k], normalised by the row
 * sum (in log space when every alpha[k] < 1). `offset` counts rows. `alpha` may be a float32/float64
 * DeviceArray of the K shapes (read on the GPU when it lives there).
 * @function
 */
export const dirichlet = dirichletFn as RowsSampler<ArrayLike<number> | DeviceArray, DirichletOptions, Dtype, 'float64'>;
/**
 * The Promise twin of dirichlet() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const dirichletAsync = dirichletAsyncFn as RowsSamplerAsync<ArrayLike<number> | DeviceArray, DirichletOptions, Dtype, 'float64'>;

/**
 * A parameter of the transforms (lognormal … truncatedNormal), of vonMises and of f: one number for every element, or one
 * value per element — a number[], Float32Array, Float64Array or float32/float64 DeviceArray of length
 * n (a DeviceArray is read back to the host, which derives each element's parameters). Element i is
 * then the scalar call with each per-element parameter's value i at offset + i (docs/streams.md, "Transforms of one
 * uniform or one normal").
 */
export type PerElementParam = number | readonly number[] | Float32Array | Float64Array | DeviceArray;

export interface LognormalOptions extends FloatOptions {
  /** Mean of the underlying normal (finite), default 0. One per element: see PerElementParam. */
  mean?: PerElementParam;
  /** Standard deviation of the underlying normal (> 0), default 1. One per element: see PerElementParam. */
  std?: PerElementParam;
}
const [lognormalFn, lognormalAsyncFn] = makeSampler(LOGNORMAL);
/**
 * n log-normal variates exp(mean + std·z), z element i of the standard Box–Muller stream of the dtype:
 * element i equals exp(normal(key, n, { mean, std })[i]) for float64 (docs/streams.md, "Transforms of one uniform or
 * one normal").
 * @function
 */
export const lognormal = lognormalFn as FloatSampler<LognormalOptions>;
/**
 * The Promise twin of lognormal() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const lognormalAsync = lognormalAsyncFn as FloatSamplerAsync<LognormalOptions>;

export interface WeibullOptions extends FloatOptions {
  /** Shape k > 0. One per element: see PerElementParam. */
  shape: PerElementParam;
  /** Scale λ > 0, default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}
const [weibullFn, weibullAsyncFn] = makeSampler(WEIBULL);
/**
 * n Weibull variates scale·E^(1/shape), E = −log u with u in (0, 1] the element's uniform (the one
 * exponential() uses), E^(1/shape) evaluated as exp(log(E)/shape) (docs/streams.md, "Transforms of one uniform or
 * one normal").
 * @function
 */
export const weibull = weibullFn as FloatSamplerWith<WeibullOptions>;
/**
 * The Promise twin of weibull() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const weibullAsync = weibullAsyncFn as FloatSamplerWithAsync<WeibullOptions>;

// ---- the discrete samplers --------------------------------------------------------------------------

/** Output types of integers and geometric: int32 (default), uint32, float64 (exact up to 2^53). */
export type IntDtype = 'int32' | 'uint32' | 'float64';

export interface IntegersOptions extends SamplerOptions<IntDtype> {
  /** Smallest value (included), default 0: a safe integer (int32: ≥ −2^31; uint32: ≥ 0). */
  low?: number;
  /** One past the largest value (excluded, as numpy's integers and jax's randint): a safe integer > low (int32: ≤ 2^31;
   * uint32: ≤ 2^32; float64: high − low ≤ 2^53). */
  high: number;
}
const [integersFn, integersAsyncFn] = makeSampler(INTEGERS);
/**
 * n uniform integers in [low, high) — high excluded (numpy `Generator.integers(low, high)`, jax
 * `randint(key, shape, minval, maxval)`), unbiased: Lemire's multiply-and-reject, element i the first
 * accepted proposal of its own sub-stream, so it depends on (key, offset + i, low, high) only — not on
 * n, the dtype or the backend (docs/streams.md, "Bounded integers"). Int32Array by default.
 * @function
 */
export const integers = integersFn as SamplerWith<IntegersOptions, IntDtype, 'int32'>;
/**
 * The Promise twin of integers() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const integersAsync = integersAsyncFn as SamplerWithAsync<IntegersOptions, IntDtype, 'int32'>;

/** Output types of bernoulli: uint8 (default), int32, uint32, float32, float64. */
export type BernoulliDtype = 'uint8' | 'int32' | 'uint32' | 'float32' | 'float64';
export interface BernoulliOptions extends SamplerOptions<BernoulliDtype> {
  /** Probability of 1, in [0, 1]: one number, or one per element (a number[], Float32Array/Float64Array or a
   * float32/float64 DeviceArray of length n). */
  p: number | readonly number[] | Float32Array | Float64Array | DeviceArray;
}
const [bernoulliFn, bernoulliAsyncFn] = makeSampler(BERNOULLI);
/**
 * n Bernoulli(p) draws: element i is 1 when u_i < p, u_i = uniform(key)[offset + i] (the float64
 * uniform, k53·2^-53), else 0 — so p = 0 never gives 1 and p = 1 always does (docs/streams.md, "Bernoulli").
 * Uint8Array by default.
 * @function
 */
export const bernoulli = bernoulliFn as SamplerWith<BernoulliOptions, BernoulliDtype, 'uint8'>;
/**
 * The Promise twin of bernoulli().
 * @function
 */
export const bernoulliAsync = bernoulliAsyncFn as SamplerWithAsync<BernoulliOptions, BernoulliDtype, 'uint8'>;

export interface GeometricOptions extends SamplerOptions<IntDtype> {
  /** Success probability of each trial, in (0, 1] (at least 2^-25 for int32, 2^-26 for uint32, 2^-47 for float64):
   * one number, or one per element (a number[], Float32Array/Float64Array or a float32/float64 DeviceArray of length
   * n). */
  p: number | readonly number[] | Float32Array | Float64Array | DeviceArray;
}
const [geometricFn, geometricAsyncFn] = makeSampler(GEOMETRIC);
/**
 * n geometric draws, numpy's convention: the number of trials up to and including the first success
 * (1, 2, …; mean 1/p). Inversion: floor(log(v)/log1p(−p)) + 1 with v the element's open uniform
 * (exponential's, docs/streams.md, "Geometric"). Int32Array by default.
 * @function
 */
export const geometric = geometricFn as SamplerWith<GeometricOptions, IntDtype, 'int32'>;
/**
 * The Promise twin of geometric().
 * @function
 */
export const geometricAsync = geometricAsyncFn as SamplerWithAsync<GeometricOptions, IntDtype, 'int32'>;

// ---- the count samplers (docs/streams.md, "Counts") ---------------------------------------------------------

/** Output types of the count samplers. */
export type CountDtype = 'int32' | 'uint32' | 'float64';

/** Options of every count sampler. */
export interface CountOptions extends SamplerOptions<CountDtype> {
  /** 'int32' (default), 'uint32' or 'float64' (exact integers up to 2^53); an Int32Array, Uint32Array
   *  or Float64Array `out` implies its type. A parameter whose counts the type cannot hold is a
   *  RangeError (the rule per sampler: docs/streams.md, "Counts"). */
  dtype?: CountDtype;
}

/** Per-element parameter values: one number, or a Float32Array/Float64Array or float DeviceArray of length n. */
export type PerElement = number | Float32Array | Float64Array | DeviceArray;

export interface PoissonOptions extends CountOptions {
  /** Mean λ >= 0 (finite): one number, or one per element (a Float32Array/Float64Array or a float32/float64
   * DeviceArray of length n). The dtype must hold every count λ can give: λ + 64·√λ + 64 at most 2^31−1 (int32),
   * 2^32−1 (uint32) or 2^53 (float64). */
  lam: PerElement;
  /** Proposals evaluated at once (never changes a value). */
  proposals?: number;
}
const [poissonFn, poissonAsyncFn] = makeSampler(POISSON);
/**
 * n Poisson counts with mean λ. Element i is the first accepted proposal of its own sub-stream:
 * inversion for λ < 10, Hörmann's PTRS from 10 on (docs/streams.md, "Poisson").
 * @function
 */
export const poisson = poissonFn as SamplerWith<PoissonOptions, CountDtype, 'int32'>;
/**
 * The Promise twin of poisson().
 * @function
 */
export const poissonAsync = poissonAsyncFn as SamplerWithAsync<PoissonOptions, CountDtype, 'int32'>;

export interface BinomialOptions extends CountOptions {
  /** Trials: an integer in [0, 2^53] (at most the dtype's largest value), one number or one per element (a
   * Float32Array/Float64Array or float DeviceArray of length n). */
  count: PerElement;
  /** Success probability in [0, 1]: one number or one per element (a Float32Array/Float64Array or float DeviceArray
   * of length n). */
  p: PerElement;
  proposals?: number;
}
const [binomialFn, binomialAsyncFn] = makeSampler(BINOMIAL);
/**
 * n binomial counts. Inversion for count·min(p, 1 − p) < 10, Hörmann's BTRS from 10 on; p > 1/2 draws
 * count − Binomial(count, 1 − p) (docs/streams.md, "Binomial").
 * @function
 */
export const binomial = binomialFn as SamplerWith<BinomialOptions, CountDtype, 'int32'>;
/**
 * The Promise twin of binomial().
 * @function
 */
export const binomialAsync = binomialAsyncFn as SamplerWithAsync<BinomialOptions, CountDtype, 'int32'>;

export interface NegativeBinomialOptions extends CountOptions {
  /** Successes r > 0 (finite, need not be an integer). */
  r: number;
  /** Success probability in (0, 1]. */
  p: number;
  proposals?: number;
}
const [negativeBinomialFn, negativeBinomialAsyncFn] = makeSampler(NEGATIVE_BINOMIAL);
/**
 * n negative binomial counts (failures before the r-th success; numpy's negative_binomial(r, p)):
 * Poisson(G·(1 − p)/p) with G element i of gamma(key, ·, { alpha: r }) (docs/streams.md, "Negative binomial").
 * @function
 */
export const negativeBinomial = negativeBinomialFn as SamplerWith<NegativeBinomialOptions, CountDtype, 'int32'>;
/**
 * The Promise twin of negativeBinomial().
 * @function
 */
export const negativeBinomialAsync = negativeBinomialAsyncFn as SamplerWithAsync<NegativeBinomialOptions, CountDtype, 'int32'>;

export interface MultinomialOptions extends CountOptions {
  /** Trials per row: an integer in [0, 2^53], at most the dtype's largest value. */
  count: number;
  /** The K category weights, each finite and >= 0 with a positive finite total (normalised; zeros are never drawn):
   * an array, Float32Array or Float64Array. */
  probs: ArrayLike<number>;
}
const [multinomialFn, multinomialAsyncFn] = makeSampler(MULTINOMIAL);
/**
 * n rows of K multinomial counts summing to `count`, row-major (n·K values); `probs` are K weights
 * (finite, >= 0, positive finite total; normalised). Component j < K − 1 of row r is a binomial draw on
 * element r·K + j of the binomial stream, the last takes the rest (docs/streams.md, "Multinomial").
 * @function
 */
export const multinomial = multinomialFn as SamplerWith<MultinomialOptions, CountDtype, 'int32'>;
/**
 * The Promise twin of multinomial().
 * @function
 */
export const multinomialAsync = multinomialAsyncFn as SamplerWithAsync<MultinomialOptions, CountDtype, 'int32'>;
/** Options of the location–scale laws (cauchy, laplace, logistic, gumbel): each narrows the docs of its own. */
export interface LocScaleOptions extends FloatOptions {
  /** Location, default 0 (finite). One per element: see PerElementParam. */
  loc?: PerElementParam;
  /** Scale, default 1 (finite, > 0). One per element: see PerElementParam. */
  scale?: PerElementParam;
}
export interface CauchyOptions extends LocScaleOptions {
  /** Location (the median), default 0. One per element: see PerElementParam. */
  loc?: PerElementParam;
  /** Scale (half the interquartile range) > 0, default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}
export interface LaplaceOptions extends LocScaleOptions {
  /** Location (mean and median), default 0. One per element: see PerElementParam. */
  loc?: PerElementParam;
  /** Scale b (variance 2b²) > 0, default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}
export interface LogisticOptions extends LocScaleOptions {
  /** Location (mean and median), default 0. One per element: see PerElementParam. */
  loc?: PerElementParam;
  /** Scale s (variance s²π²/3) > 0, default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}
export interface GumbelOptions extends LocScaleOptions {
  /** Location (the mode), default 0. One per element: see PerElementParam. */
  loc?: PerElementParam;
  /** Scale β > 0, default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}

const [cauchyFn, cauchyAsyncFn] = makeSampler(CAUCHY);
/**
 * n Cauchy variates loc + scale·C. From the element's uniform u in (0, 1] folded to w (2u, or 2u − 1
 * above 1/2): C = ∓cot(πw/2), negative on u's lower half — the law of tan(π(u − 1/2)), never infinite
 * (docs/streams.md, "Transforms of one uniform or one normal").
 * @function
 */
export const cauchy = cauchyFn as FloatSampler<CauchyOptions>;
/**
 * The Promise twin of cauchy() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const cauchyAsync = cauchyAsyncFn as FloatSamplerAsync<CauchyOptions>;

const [laplaceFn, laplaceAsyncFn] = makeSampler(LAPLACE);
/**
 * n Laplace variates loc ± scale·(−log w), w the folded uniform, negative on u's lower half (docs/streams.md,
 * "Transforms of one uniform or one normal").
 * @function
 */
export const laplace = laplaceFn as FloatSampler<LaplaceOptions>;
/**
 * The Promise twin of laplace() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const laplaceAsync = laplaceAsyncFn as FloatSamplerAsync<LaplaceOptions>;

const [logisticFn, logisticAsyncFn] = makeSampler(LOGISTIC);
/**
 * n logistic variates loc ± scale·log((2 − w)/w), w the folded uniform (docs/streams.md, "Transforms of one uniform
 * or one normal").
 * @function
 */
export const logistic = logisticFn as FloatSampler<LogisticOptions>;
/**
 * The Promise twin of logistic() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const logisticAsync = logisticAsyncFn as FloatSamplerAsync<LogisticOptions>;

const [gumbelFn, gumbelAsyncFn] = makeSampler(GUMBEL);
/**
 * n Gumbel (maximum) variates loc − scale·log(−log v), v in (0, 1) from the element's uniform (docs/streams.md,
 * "Transforms of one uniform or one normal").
 * @function
 */
export const gumbel = gumbelFn as FloatSampler<GumbelOptions>;
/**
 * The Promise twin of gumbel() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const gumbelAsync = gumbelAsyncFn as FloatSamplerAsync<GumbelOptions>;

export interface ParetoOptions extends FloatOptions {
  /** Tail index α > 0. One per element: see PerElementParam. */
  alpha: PerElementParam;
  /** Scale x_m > 0, the smallest value, default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}
const [paretoFn, paretoAsyncFn] = makeSampler(PARETO);
/**
 * n Pareto type I variates scale·u^(−1/alpha) ≥ scale (scipy's pareto(b = alpha, scale); numpy's
 * pareto(a) is the Lomax law, this minus 1 with scale 1). Evaluated as scale·exp(−log(u)/alpha) (docs/streams.md,
 * "Transforms of one uniform or one normal").
 * @function
 */
export const pareto = paretoFn as FloatSamplerWith<ParetoOptions>;
/**
 * The Promise twin of pareto() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const paretoAsync = paretoAsyncFn as FloatSamplerWithAsync<ParetoOptions>;

export interface RayleighOptions extends FloatOptions {
  /** Scale σ > 0 (the mode), default 1. One per element: see PerElementParam. */
  scale?: PerElementParam;
}
const [rayleighFn, rayleighAsyncFn] = makeSampler(RAYLEIGH);
/**
 * n Rayleigh variates scale·sqrt(−2 log u), u the element's uniform in (0, 1] (docs/streams.md, "Transforms of one
 * uniform or one normal").
 * @function
 */
export const rayleigh = rayleighFn as FloatSampler<RayleighOptions>;
/**
 * The Promise twin of rayleigh() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const rayleighAsync = rayleighAsyncFn as FloatSamplerAsync<RayleighOptions>;

export interface PowerOptions extends FloatOptions {
  /** Exponent a > 0 (the density is a·x^(a−1) on [0, 1]). One per element: see PerElementParam. */
  a: PerElementParam;
}
const [powerFn, powerAsyncFn] = makeSampler(POWER);
/**
 * n power-law variates u^(1/a) = exp(log(u)/a) in [0, 1], u the element's uniform in (0, 1] (numpy's
 * Generator.power; docs/streams.md, "Transforms of one uniform or one normal").
 * @function
 */
export const power = powerFn as FloatSamplerWith<PowerOptions>;
/**
 * The Promise twin of power() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const powerAsync = powerAsyncFn as FloatSamplerWithAsync<PowerOptions>;

export interface TruncatedNormalOptions extends FloatOptions {
  /** Lower bound (−Infinity: none; not NaN), default −Infinity. One per element: see PerElementParam. */
  low?: PerElementParam;
  /** Upper bound (Infinity: none; not NaN), > low, default Infinity. One per element: see PerElementParam. */
  high?: PerElementParam;
  /** Mean of the normal before truncation, default 0. One per element: see PerElementParam. */
  mean?: PerElementParam;
  /** Standard deviation of the normal before truncation (> 0), default 1. One per element: see PerElementParam. */
  std?: PerElementParam;
}
const [truncatedNormalFn, truncatedNormalAsyncFn] = makeSampler(TRUNCATED_NORMAL);
/**
 * n normal(mean, std) variates conditioned on [low, high], by the inverse CDF evaluated in the smaller
 * tail (accurate for bounds far out, e.g. low = mean + 8·std; docs/accuracy.md), one uniform per
 * element (docs/streams.md, "Transforms of one uniform or one normal"). The interval must come within 35 standard
 * deviations of the mean.
 * @function
 */
export const truncatedNormal = truncatedNormalFn as FloatSampler<TruncatedNormalOptions>;
/**
 * The Promise twin of truncatedNormal() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const truncatedNormalAsync = truncatedNormalAsyncFn as FloatSamplerAsync<TruncatedNormalOptions>;

export interface TriangularOptions extends FloatOptions {
  /** Lower limit (finite). One per element: see PerElementParam. */
  left: PerElementParam;
  /** The peak, left ≤ mode ≤ right. One per element: see PerElementParam. */
  mode: PerElementParam;
  /** Upper limit (finite), > left; right − left must be finite. One per element: see PerElementParam. */
  right: PerElementParam;
}
const [triangularFn, triangularAsyncFn] = makeSampler(TRIANGULAR);
/**
 * n triangular variates on [left, right] with peak at mode (numpy's triangular), by inversion of the
 * element's uniform u in (0, 1]: left + w·sqrt(u·a) for u ≤ a, else right − w·sqrt((1 − u)·b), with
 * w = right − left, a = (mode − left)/w, b = (right − mode)/w (docs/streams.md, "Transforms of one uniform or one
 * normal").
 * @function
 */
export const triangular = triangularFn as FloatSamplerWith<TriangularOptions>;
/**
 * The Promise twin of triangular() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const triangularAsync = triangularAsyncFn as FloatSamplerWithAsync<TriangularOptions>;

export interface StudentTOptions extends FloatOptions {
  /** Degrees of freedom ν, finite and ≥ 0.2: one number, or one per element (Float32Array or Float64Array of length
   * n). */
  df: number | Float32Array | Float64Array;
  proposals?: number;
}
const [studentTFn, studentTAsyncFn] = makeSampler(STUDENT_T);
/**
 * n Student's t variates z·sqrt((df/2)/G): z element i of normal(key) (the dtype's Box–Muller
 * stream) and G element i of gamma(key, ·, { alpha: df/2 }) — two streams of the key (docs/streams.md, "Ratios of
 * the normal and gamma streams").
 * @function
 */
export const studentT = studentTFn as FloatSamplerWith<StudentTOptions>;
/**
 * The Promise twin of studentT() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const studentTAsync = studentTAsyncFn as FloatSamplerWithAsync<StudentTOptions>;

export interface FOptions extends FloatOptions {
  /** Numerator degrees of freedom, finite and ≥ 0.2. One per element: see PerElementParam. */
  dfn: PerElementParam;
  /** Denominator degrees of freedom, finite and ≥ 0.2. One per element: see PerElementParam. */
  dfd: PerElementParam;
  proposals?: number;
}
const [fFn, fAsyncFn] = makeSampler(F);
/**
 * n F(dfn, dfd) variates (G_a/G_b)·(dfd/dfn), G_a and G_b gamma elements 2i (shape dfn/2) and 2i + 1
 * (shape dfd/2) of the key: the pair beta(key, n, { a: dfn/2, b: dfd/2 }) uses when dfn or dfd > 2
 * (docs/streams.md, "Ratios of the normal and gamma streams").
 * @function
 */
export const f = fFn as FloatSamplerWith<FOptions>;
/**
 * The Promise twin of f() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const fAsync = fAsyncFn as FloatSamplerWithAsync<FOptions>;

export interface VonMisesOptions extends FloatOptions {
  /** Mean direction in radians, default 0 (any finite value; reduced to [−π, π)). One per element: see
   * PerElementParam. */
  mu?: PerElementParam;
  /** Concentration κ ≥ 0 (below 1e-8: uniform on the circle). One per element: see PerElementParam. */
  kappa: PerElementParam;
}
const [vonMisesFn, vonMisesAsyncFn] = makeSampler(VON_MISES);
/**
 * n von Mises variates in [−π, π) (float32: rounded once, so π itself can appear): Best–Fisher
 * rejection as numpy, element i the first accepted proposal of its own sub-stream (TAG_VON_MISES);
 * κ > 1e6 uses the normal limit μ + z/√κ, κ < 1e-8 the uniform law (docs/streams.md, "von Mises").
 * @function
 */
export const vonMises = vonMisesFn as FloatSamplerWith<VonMisesOptions>;
/**
 * The Promise twin of vonMises() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const vonMisesAsync = vonMisesAsyncFn as FloatSamplerWithAsync<VonMisesOptions>;

export interface WaldOptions extends FloatOptions {
  /** Mean μ > 0. One per element: see PerElementParam. */
  mean: PerElementParam;
  /** Scale (shape) λ > 0: the variance is μ³/λ. One per element: see PerElementParam. */
  scale: PerElementParam;
}
const [waldFn, waldAsyncFn] = makeSampler(WALD);
/**
 * n Wald (inverse Gaussian) variates with mean μ and shape λ (numpy's wald(mean, scale)): Michael,
 * Schucany and Haas's method with its root in a form that does not cancel, one normal and one uniform
 * from element i's own sub-stream (docs/streams.md, "Wald (inverse Gaussian)").
 * @function
 */
export const wald = waldFn as FloatSamplerWith<WaldOptions>;
/**
 * The Promise twin of wald() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const waldAsync = waldAsyncFn as FloatSamplerWithAsync<WaldOptions>;

/** Options of the integer-valued samplers whose values outgrow int32 (logseries, zipf): float64 alone,
 *  whose doubles hold every value exactly (numpy returns int64). */
export interface WholeOptions extends SamplerOptions<'float64'> {
  /** 'float64', the only one. */
  dtype?: 'float64';
}

export interface LogseriesOptions extends WholeOptions {
  /** Shape p in [0, 1): P(k) = −p^k / (k·log(1 − p)) for k ≥ 1 (p = 0: every value is 1). One per element: see PerElementParam. */
  p: PerElementParam;
}
const [logseriesFn, logseriesAsyncFn] = makeSampler(LOGSERIES);
/**
 * n logarithmic series counts k ≥ 1 with P(k) = −p^k / (k·log(1 − p)) (numpy's logseries(p)), as
 * float64 integers: Kemp's second method, one block of element i's own sub-stream each
 * (docs/streams.md, "Logarithmic series").
 * @function
 */
export const logseries = logseriesFn as SamplerWith<LogseriesOptions, 'float64', 'float64'>;
/**
 * The Promise twin of logseries() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const logseriesAsync = logseriesAsyncFn as SamplerWithAsync<LogseriesOptions, 'float64', 'float64'>;

export interface ZipfOptions extends WholeOptions {
  /** Exponent a > 1: P(k) = k^−a / ζ(a) for k ≥ 1, conditioned on k ≤ 2^53 (numpy: ≤ 2^63 − 1). One per element: see PerElementParam. */
  a: PerElementParam;
}
const [zipfFn, zipfAsyncFn] = makeSampler(ZIPF);
/**
 * n Zipf (zeta) counts k ≥ 1 with P(k) ∝ k^−a (numpy's zipf(a)), as float64 integers: Devroye's
 * rejection from the Pareto law, element i's first accepted proposal of its own sub-stream, the proposals
 * conditioned on k ≤ 2^53 (docs/streams.md, "Zipf").
 * @function
 */
export const zipf = zipfFn as SamplerWith<ZipfOptions, 'float64', 'float64'>;
/**
 * The Promise twin of zipf() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const zipfAsync = zipfAsyncFn as SamplerWithAsync<ZipfOptions, 'float64', 'float64'>;

export interface HypergeometricOptions extends WholeOptions {
  /** Good items in the urn: an integer in [0, 10^9 − 1]. One per element: see PerElementParam. */
  ngood: PerElementParam;
  /** Other items in the urn: an integer in [0, 10^9 − 1]. One per element: see PerElementParam. */
  nbad: PerElementParam;
  /** Items drawn without replacement: an integer in [0, ngood + nbad]. One per element: see PerElementParam. */
  nsample: PerElementParam;
}
const [hypergeometricFn, hypergeometricAsyncFn] = makeSampler(HYPERGEOMETRIC);
/**
 * n hypergeometric counts — the good items among nsample drawn without replacement from ngood good and nbad
 * other items (numpy's hypergeometric(ngood, nbad, nsample)) — as float64 integers, by numpy's methods:
 * Stadlober's ratio of uniforms (HRUA), or the items drawn one by one when nsample is within 10 of 0 or of
 * ngood + nbad; element i from its own sub-stream (docs/streams.md, "Hypergeometric").
 * @function
 */
export const hypergeometric = hypergeometricFn as SamplerWith<HypergeometricOptions, 'float64', 'float64'>;
/**
 * The Promise twin of hypergeometric() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const hypergeometricAsync = hypergeometricAsyncFn as SamplerWithAsync<HypergeometricOptions, 'float64', 'float64'>;

export interface MultivariateNormalOptions extends FloatOptions {
  /** The mean vector: d finite numbers (1 ≤ d ≤ 1024; d is the row length). */
  mean: ArrayLike<number>;
  /** The d×d covariance: d rows of d numbers, or d·d numbers row-major; symmetric positive
   *  semi-definite within 1e-10·max diagonal (docs/streams.md, "Multivariate normal"). */
  cov: ArrayLike<ArrayLike<number>> | ArrayLike<number>;
}
const [multivariateNormalFn, multivariateNormalAsyncFn] = makeSampler(MULTIVARIATE_NORMAL);
/**
 * n rows of d multivariate normal values, row-major (n·d values): row r is mean + L·z with L the lower
 * Cholesky factor of cov (computed once per call) and z the normal elements r·d .. r·d + d − 1 of the
 * key. `offset` counts rows (docs/streams.md, "Multivariate normal").
 * @function
 */
export const multivariateNormal = multivariateNormalFn as FloatSamplerWith<MultivariateNormalOptions>;
/**
 * The Promise twin of multivariateNormal() (the same values; large CPU calls run on worker threads).
 * @function
 */
export const multivariateNormalAsync = multivariateNormalAsyncFn as FloatSamplerWithAsync<MultivariateNormalOptions>;
