/**
 * The public sampler functions, each made from its registry spec by lib/facade/make.ts, with the
 * types users see: the options of each sampler, and return types that follow `dtype` and `out`
 * (`uniform(k, n)` is a Float64Array, `{ dtype: 'float32' }` or a Float32Array `out` gives a
 * Float32Array, `out: 'device'` a DeviceArray).
 */
import type { Key } from '../core/keys.js';
import type { Dtype } from '../core/types.js';
import type { DeviceArray } from './device-array.js';
import type { DeviceOut } from './dtype.js';
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
import { POISSON } from '../samplers/poisson.js';
import { BINOMIAL } from '../samplers/binomial.js';
import { NEGATIVE_BINOMIAL } from '../samplers/negative-binomial.js';
import { MULTINOMIAL } from '../samplers/multinomial.js';

// ---- the shapes of the functions ----------------------------------------------------------------

/** Options of every float sampler. */
export interface FloatOptions extends CommonOptions {
  /** 'float64' (default) or 'float32' (a float32 `out` implies it). Sampling math is binary64 either
   *  way; float32 values are rounded once (docs/precision.md). */
  dtype?: Dtype;
  /** Destination (length ≥ the count; element i is written to out[i]), or 'device' / a DeviceArray to
   *  keep the values on the backend (docs/device-arrays.md). */
  out?: Float32Array | Float64Array | DeviceOut;
}

type Dev<O> = O & { out: DeviceOut };
type F32<O> = O & ({ dtype: 'float32'; out?: Float32Array } | { out: Float32Array });
type F64<O> = O & { dtype?: 'float64'; out?: Float64Array };

/** A float sampler (key, n, options?): a Float64Array unless `dtype`/`out` say otherwise. */
export interface FloatSampler<O extends FloatOptions> {
  (key: Key, n: number, options: Dev<O>): DeviceArray;
  (key: Key, n: number, options: F32<O>): Float32Array;
  (key: Key, n: number, options?: F64<O>): Float64Array;
  (key: Key, n: number, options?: O): Float32Array | Float64Array;
}
/** Its Promise twin. */
export interface FloatSamplerAsync<O extends FloatOptions> {
  (key: Key, n: number, options: Dev<O>): Promise<DeviceArray>;
  (key: Key, n: number, options: F32<O>): Promise<Float32Array>;
  (key: Key, n: number, options?: F64<O>): Promise<Float64Array>;
  (key: Key, n: number, options?: O): Promise<Float32Array | Float64Array>;
}
/** A float sampler whose options are required (a parameter without default). */
export interface FloatSamplerWith<O extends FloatOptions> {
  (key: Key, n: number, options: Dev<O>): DeviceArray;
  (key: Key, n: number, options: F32<O>): Float32Array;
  (key: Key, n: number, options: F64<O>): Float64Array;
  (key: Key, n: number, options: O): Float32Array | Float64Array;
}
export interface FloatSamplerWithAsync<O extends FloatOptions> {
  (key: Key, n: number, options: Dev<O>): Promise<DeviceArray>;
  (key: Key, n: number, options: F32<O>): Promise<Float32Array>;
  (key: Key, n: number, options: F64<O>): Promise<Float64Array>;
  (key: Key, n: number, options: O): Promise<Float32Array | Float64Array>;
}
/** A rows sampler (key, vector, n, options?): n rows of K values, row-major. */
export interface RowsSampler<V, O extends FloatOptions> {
  (key: Key, vector: V, n: number, options: Dev<O>): DeviceArray;
  (key: Key, vector: V, n: number, options: F32<O>): Float32Array;
  (key: Key, vector: V, n: number, options?: F64<O>): Float64Array;
  (key: Key, vector: V, n: number, options?: O): Float32Array | Float64Array;
}
export interface RowsSamplerAsync<V, O extends FloatOptions> {
  (key: Key, vector: V, n: number, options: Dev<O>): Promise<DeviceArray>;
  (key: Key, vector: V, n: number, options: F32<O>): Promise<Float32Array>;
  (key: Key, vector: V, n: number, options?: F64<O>): Promise<Float64Array>;
  (key: Key, vector: V, n: number, options?: O): Promise<Float32Array | Float64Array>;
}

// ---- bits -------------------------------------------------------------------------------------------

export interface BitsOptions extends CommonOptions {
  out?: Uint32Array | DeviceOut;
}
const [bitsFn, bitsAsyncFn] = makeSampler(BITS);
/** n words of the key's raw stream, starting at element `offset`. */
export const bits = bitsFn as {
  (key: Key, n: number, options: Dev<BitsOptions>): DeviceArray;
  (key: Key, n: number, options?: BitsOptions & { out?: Uint32Array }): Uint32Array;
};
export const bitsAsync = bitsAsyncFn as {
  (key: Key, n: number, options: Dev<BitsOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options?: BitsOptions & { out?: Uint32Array }): Promise<Uint32Array>;
};

// ---- the float samplers -----------------------------------------------------------------------------

export interface UniformOptions extends FloatOptions {
  /** Lower end (inclusive), default 0. */
  low?: number;
  /** Upper end, default 1; excluded for the default range (see docs/streams.md on rounding). */
  high?: number;
}
const [uniformFn, uniformAsyncFn] = makeSampler(UNIFORM);
/** n uniform floats in [low, high); float64 (default) carries 53 random bits, float32 24. */
export const uniform = uniformFn as FloatSampler<UniformOptions>;
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
 */
export const normal = normalFn as FloatSampler<NormalOptions>;
export const normalAsync = normalAsyncFn as FloatSamplerAsync<NormalOptions>;

export interface ExponentialOptions extends FloatOptions {
  /** Rate λ > 0, default 1 (mean 1/λ). */
  rate?: number;
}
const [exponentialFn, exponentialAsyncFn] = makeSampler(EXPONENTIAL);
/**
 * n exponential variates, -log(u)/rate with u in (0, 1] from the raw stream (the words uniform()
 * uses: one per float32 element, two per float64 element). Cheapest possible: one log per element.
 */
export const exponential = exponentialFn as FloatSampler<ExponentialOptions>;
export const exponentialAsync = exponentialAsyncFn as FloatSamplerAsync<ExponentialOptions>;

export interface GammaOptions extends FloatOptions {
  /** Shape α > 0: one number, or one per element (a Float32Array/Float64Array or a float32/float64
   *  DeviceArray of length n; a DeviceArray in GPU memory is read there, without a copy). */
  alpha: number | Float32Array | Float64Array | DeviceArray;
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
 */
export const gamma = gammaFn as FloatSamplerWith<GammaOptions>;
export const gammaAsync = gammaAsyncFn as FloatSamplerWithAsync<GammaOptions>;

export interface ChisquareOptions extends FloatOptions {
  /** Degrees of freedom k > 0: one number or one per element. */
  df: number | Float32Array | Float64Array;
  proposals?: number;
}
const [chisquareFn, chisquareAsyncFn] = makeSampler(CHISQUARE);
/** n chi-square variates: exactly 2·G with G the gamma(key, n, { alpha: df/2 }) variates (scale 2). */
export const chisquare = chisquareFn as FloatSamplerWith<ChisquareOptions>;
export const chisquareAsync = chisquareAsyncFn as FloatSamplerWithAsync<ChisquareOptions>;

export interface BetaOptions extends FloatOptions {
  /** Shapes a, b in [1e-300, 1e300]. */
  a: number;
  b: number;
  proposals?: number;
}
const [betaFn, betaAsyncFn] = makeSampler(BETA);
/**
 * n Beta(a, b) variates: element i is G_a/(G_a + G_b) with G_a, G_b gamma elements 2i and 2i+1 of
 * the key's gamma stream (shapes a and b) — exactly component 0 of dirichlet(key, [a, b], n) row i.
 */
export const beta = betaFn as FloatSamplerWith<BetaOptions>;
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
 */
export const dirichlet = dirichletFn as RowsSampler<ArrayLike<number> | DeviceArray, DirichletOptions>;
export const dirichletAsync = dirichletAsyncFn as RowsSamplerAsync<ArrayLike<number> | DeviceArray, DirichletOptions>;

export interface LognormalOptions extends FloatOptions {
  /** Mean of the underlying normal, default 0 (finite). */
  mean?: number;
  /** Standard deviation of the underlying normal, default 1 (finite, > 0). */
  std?: number;
}
const [lognormalFn, lognormalAsyncFn] = makeSampler(LOGNORMAL);
/**
 * n log-normal variates exp(mean + std·z), z element i of the standard Box–Muller stream of the dtype:
 * element i equals exp(normal(key, n, { mean, std })[i]) for float64 (docs/streams.md §6.5).
 */
export const lognormal = lognormalFn as FloatSampler<LognormalOptions>;
export const lognormalAsync = lognormalAsyncFn as FloatSamplerAsync<LognormalOptions>;

export interface WeibullOptions extends FloatOptions {
  /** Shape k > 0. */
  shape: number;
  /** Scale λ > 0, default 1. */
  scale?: number;
}
const [weibullFn, weibullAsyncFn] = makeSampler(WEIBULL);
/**
 * n Weibull variates scale·E^(1/shape), E = −log u with u in (0, 1] the element's uniform (the one
 * exponential() uses), E^(1/shape) evaluated as exp(log(E)/shape) (docs/streams.md §6.5).
 */
export const weibull = weibullFn as FloatSamplerWith<WeibullOptions>;
export const weibullAsync = weibullAsyncFn as FloatSamplerWithAsync<WeibullOptions>;

// ---- the count samplers (docs/streams.md §11) ---------------------------------------------------------

/** Output types of the count samplers. */
export type CountDtype = 'int32' | 'uint32' | 'float64';

/** Options of every count sampler. */
export interface CountOptions extends CommonOptions {
  /** 'int32' (default), 'uint32' or 'float64' (exact integers up to 2^53); an Int32Array, Uint32Array
   *  or Float64Array `out` implies its type. A parameter whose counts the type cannot hold is a
   *  RangeError (the rule per sampler: docs/streams.md §11). */
  dtype?: CountDtype;
  /** Destination, or 'device' / a DeviceArray (docs/device-arrays.md). */
  out?: Int32Array | Uint32Array | Float64Array | DeviceOut;
}

/** Count options that give an Int32Array (the default). */
export type Int32Counts<O> = O & { dtype?: 'int32'; out?: Int32Array };
/** Count options that give a Uint32Array. */
export type Uint32Counts<O> = O & ({ dtype: 'uint32'; out?: Uint32Array } | { out: Uint32Array });
/** Count options that give a Float64Array. */
export type Float64Counts<O> = O & ({ dtype: 'float64'; out?: Float64Array } | { out: Float64Array });
/** The host arrays a count sampler returns. */
export type Counts = Int32Array | Uint32Array | Float64Array;

/** A count sampler (key, n, options): an Int32Array unless `dtype`/`out` say otherwise. */
export interface CountSampler<O extends CountOptions> {
  (key: Key, n: number, options: Dev<O>): DeviceArray;
  (key: Key, n: number, options: Uint32Counts<O>): Uint32Array;
  (key: Key, n: number, options: Float64Counts<O>): Float64Array;
  (key: Key, n: number, options: Int32Counts<O>): Int32Array;
  (key: Key, n: number, options: O): Counts;
}
export interface CountSamplerAsync<O extends CountOptions> {
  (key: Key, n: number, options: Dev<O>): Promise<DeviceArray>;
  (key: Key, n: number, options: Uint32Counts<O>): Promise<Uint32Array>;
  (key: Key, n: number, options: Float64Counts<O>): Promise<Float64Array>;
  (key: Key, n: number, options: Int32Counts<O>): Promise<Int32Array>;
  (key: Key, n: number, options: O): Promise<Counts>;
}

/** Per-element parameter values: a Float32Array/Float64Array or a float DeviceArray of length n. */
export type PerElement = number | Float32Array | Float64Array | DeviceArray;

export interface PoissonOptions extends CountOptions {
  /** Mean λ >= 0 (finite), one or per element; λ + 64·√λ + 64 must fit the dtype. */
  lam: PerElement;
  /** Proposals evaluated at once (never changes a value). */
  proposals?: number;
}
const [poissonFn, poissonAsyncFn] = makeSampler(POISSON);
/**
 * n Poisson counts with mean λ. Element i is the first accepted proposal of its own sub-stream:
 * inversion for λ < 10, Hörmann's PTRS from 10 on (docs/streams.md §11.1).
 */
export const poisson = poissonFn as CountSampler<PoissonOptions>;
export const poissonAsync = poissonAsyncFn as CountSamplerAsync<PoissonOptions>;

export interface BinomialOptions extends CountOptions {
  /** Trials: an integer in [0, 2^53] that the dtype holds, one or per element. */
  count: PerElement;
  /** Success probability in [0, 1], one or per element. */
  p: PerElement;
  proposals?: number;
}
const [binomialFn, binomialAsyncFn] = makeSampler(BINOMIAL);
/**
 * n binomial counts. Inversion for count·min(p, 1 − p) < 10, Hörmann's BTRS from 10 on; p > 1/2 draws
 * count − Binomial(count, 1 − p) (docs/streams.md §11.2).
 */
export const binomial = binomialFn as CountSampler<BinomialOptions>;
export const binomialAsync = binomialAsyncFn as CountSamplerAsync<BinomialOptions>;

export interface NegativeBinomialOptions extends CountOptions {
  /** Successes r > 0 (real). */
  r: number;
  /** Success probability in (0, 1]. */
  p: number;
  proposals?: number;
}
const [negativeBinomialFn, negativeBinomialAsyncFn] = makeSampler(NEGATIVE_BINOMIAL);
/**
 * n negative binomial counts (failures before the r-th success; numpy's negative_binomial(r, p)):
 * Poisson(G·(1 − p)/p) with G element i of gamma(key, ·, { alpha: r }) (docs/streams.md §11.3).
 */
export const negativeBinomial = negativeBinomialFn as CountSampler<NegativeBinomialOptions>;
export const negativeBinomialAsync = negativeBinomialAsyncFn as CountSamplerAsync<NegativeBinomialOptions>;

export interface MultinomialOptions extends CountOptions {
  /** Trials per row: an integer in [0, 2^53] that the dtype holds. */
  count: number;
}
/** A rows count sampler (key, probs, n, options): n rows of K counts, row-major. */
export interface CountRowsSampler<V, O extends CountOptions> {
  (key: Key, vector: V, n: number, options: Dev<O>): DeviceArray;
  (key: Key, vector: V, n: number, options: Uint32Counts<O>): Uint32Array;
  (key: Key, vector: V, n: number, options: Float64Counts<O>): Float64Array;
  (key: Key, vector: V, n: number, options: Int32Counts<O>): Int32Array;
  (key: Key, vector: V, n: number, options: O): Counts;
}
export interface CountRowsSamplerAsync<V, O extends CountOptions> {
  (key: Key, vector: V, n: number, options: Dev<O>): Promise<DeviceArray>;
  (key: Key, vector: V, n: number, options: Uint32Counts<O>): Promise<Uint32Array>;
  (key: Key, vector: V, n: number, options: Float64Counts<O>): Promise<Float64Array>;
  (key: Key, vector: V, n: number, options: Int32Counts<O>): Promise<Int32Array>;
  (key: Key, vector: V, n: number, options: O): Promise<Counts>;
}
const [multinomialFn, multinomialAsyncFn] = makeSampler(MULTINOMIAL);
/**
 * n rows of K multinomial counts summing to `count`, row-major (n·K values); `probs` are K weights
 * (finite, >= 0, positive finite total; normalised). Component j < K − 1 of row r is a binomial draw on
 * element r·K + j of the binomial stream, the last takes the rest (docs/streams.md §11.4).
 */
export const multinomial = multinomialFn as CountRowsSampler<ArrayLike<number>, MultinomialOptions>;
export const multinomialAsync = multinomialAsyncFn as CountRowsSamplerAsync<ArrayLike<number>, MultinomialOptions>;
