/**
 * Samplers derived from the gamma and raw streams (docs/streams.md §6): exponential, chi-square,
 * beta, Dirichlet.
 */
import { asyncly, prepare, type CommonOptions, type Prepared } from './prepare.js';
import { checkDtype, type DeviceOut, type Dtype, type WithDeviceOut } from './uniform.js';
import { MAX_COUNT, MAX_INDEX, checkFiniteNumber, describe, isTypedInput } from '../core/validate.js';
import { checkProposals, checkShape, checkShapeArray, checkShapeParam, gammaCallFor } from './gamma.js';
import { runCall, runCallAsync, type Call, type DeviceInput } from './device-io.js';
import { DeviceArray } from './device-array.js';
import type { Key } from '../core/keys.js';

type Out = Float32Array | Float64Array;
/** Destination: a typed array (length >= the count), or 'device' / a DeviceArray to keep the values on the backend. */
type OutOption = Out | DeviceOut;

/** Op name and dtype of a float sampler: base + '32' / '64'. */
function typed(p: Prepared, base: string): { op: string; dtype: Dtype } {
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  return { op: base + (dtype === 'float32' ? '32' : '64'), dtype };
}

/** The sync and async entry points of a sampler, typed so that a DeviceArray `out` gives a DeviceArray. */
type Sampler<A extends unknown[], O> = {
  (...a: [...A, WithDeviceOut<O>]): DeviceArray;
  (...a: [...A, O?]): Out;
};
type AsyncSampler<A extends unknown[], O> = {
  (...a: [...A, WithDeviceOut<O>]): Promise<DeviceArray>;
  (...a: [...A, O?]): Promise<Out>;
};

// ----- exponential -----

export interface ExponentialOptions extends CommonOptions {
  /** Rate λ > 0, default 1 (mean 1/λ). */
  rate?: number;
  dtype?: Dtype;
  out?: OutOption;
}

function exponentialCall(key: Key, n: number, options?: ExponentialOptions): Call {
  const p = prepare(key, n, options);
  const rate = p.opts.rate === undefined ? 1 : checkFiniteNumber(p.opts.rate, 'rate');
  if (!(rate > 0)) throw new RangeError(`rate must be > 0, got ${rate}`);
  return { p, ...typed(p, 'exponential'), count: p.n, params: { rate } };
}

/**
 * n exponential variates, -log(u)/rate with u in (0, 1] from the raw stream (the words uniform()
 * uses: one per float32 element, two per float64 element). Cheapest possible: one log per element.
 */
export const exponential = ((key: Key, n: number, options?: ExponentialOptions) =>
  runCall(exponentialCall(key, n, options))) as Sampler<[key: Key, n: number], ExponentialOptions>;
export const exponentialAsync = asyncly((key: Key, n: number, options?: ExponentialOptions) =>
  runCallAsync(exponentialCall(key, n, options))) as AsyncSampler<[key: Key, n: number], ExponentialOptions>;

// ----- chi-square -----

export interface ChisquareOptions extends CommonOptions {
  /** Degrees of freedom k > 0: one number or one per element. */
  df: number | Float32Array | Float64Array;
  proposals?: number;
  dtype?: Dtype;
  out?: OutOption;
}

function chisquareCall(key: Key, n: number, options: ChisquareOptions): Call {
  const p = prepare(key, n, options);
  if (options === undefined) throw new TypeError('chisquare needs options with df');
  if (p.opts.df instanceof DeviceArray) {
    throw new TypeError('df must be a number, Float32Array or Float64Array; for shapes in a DeviceArray use ' +
      'gamma(key, n, { alpha: df/2, scale: 2 }), which chisquare is exactly');
  }
  const [df, dfs] = checkShapeParam(p.opts.df, p.n, 'df');
  // α = df/2 (exact unless df is the smallest subnormal, where it would round to 0).
  let alpha: number | Float64Array;
  if (dfs === undefined) {
    alpha = df / 2;
    if (alpha === 0) throw new RangeError(`df must be at least 2^-1073, got ${df}`);
  } else {
    alpha = new Float64Array(p.n);
    for (let i = 0; i < p.n; i++) {
      alpha[i] = dfs[i] / 2;
      if (alpha[i] === 0) throw new RangeError(`df[${i}] must be at least 2^-1073, got ${dfs[i]}`);
    }
  }
  return gammaCallFor(p, alpha, 'df', 2);
}

/** n chi-square variates: exactly 2·G with G the gamma(key, n, { alpha: df/2 }) variates (scale 2). */
export const chisquare = ((key: Key, n: number, options: ChisquareOptions) =>
  runCall(chisquareCall(key, n, options))) as {
  (key: Key, n: number, options: WithDeviceOut<ChisquareOptions>): DeviceArray;
  (key: Key, n: number, options: ChisquareOptions): Out;
};
export const chisquareAsync = asyncly((key: Key, n: number, options: ChisquareOptions) =>
  runCallAsync(chisquareCall(key, n, options))) as {
  (key: Key, n: number, options: WithDeviceOut<ChisquareOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options: ChisquareOptions): Promise<Out>;
};

// ----- beta and Dirichlet -----

/** Largest shape beta and Dirichlet accept: keeps the sum of a row's gammas finite. */
export const MAX_ROW_SHAPE = 1e300;
/**
 * Smallest: keeps a row's log-space gammas log(G') + log(U)/α finite (|log U| ≤ 53·ln 2, so α above
 * about 2e-307 is enough). Below it every log of a row could be -Infinity and the row NaN (found by
 * test/fuzz-distributions.test.ts: beta(5e-324, 5e-324) gave NaN).
 */
export const MIN_ROW_SHAPE = 1e-300;
/** Largest Dirichlet dimension K. */
export const MAX_DIRICHLET_K = 2 ** 20;

function checkRowShape(v: unknown, name: string): number {
  const a = checkShape(v, name);
  if (a > MAX_ROW_SHAPE || a < MIN_ROW_SHAPE) throw new RangeError(`${name} must be in [1e-300, 1e300], got ${a}`);
  return a;
}

export interface BetaOptions extends CommonOptions {
  /** Shapes a, b in [1e-300, 1e300]. */
  a: number;
  b: number;
  proposals?: number;
  dtype?: Dtype;
  out?: OutOption;
}

function betaCall(key: Key, n: number, options: BetaOptions): Call {
  const p = prepare(key, n, options);
  if (options === undefined) throw new TypeError('beta needs options with a and b');
  const a = checkRowShape(p.opts.a, 'a');
  const b = checkRowShape(p.opts.b, 'b');
  const proposals = checkProposals(p.opts.proposals);
  return { p, ...typed(p, 'beta'), count: p.n, params: { a, b, proposals } };
}

/**
 * n Beta(a, b) variates: element i is G_a/(G_a + G_b) with G_a, G_b gamma elements 2i and 2i+1 of
 * the key's gamma stream (shapes a and b) — exactly component 0 of dirichlet(key, [a, b], n) row i.
 */
export const beta = ((key: Key, n: number, options: BetaOptions) => runCall(betaCall(key, n, options))) as {
  (key: Key, n: number, options: WithDeviceOut<BetaOptions>): DeviceArray;
  (key: Key, n: number, options: BetaOptions): Out;
};
export const betaAsync = asyncly((key: Key, n: number, options: BetaOptions) =>
  runCallAsync(betaCall(key, n, options))) as {
  (key: Key, n: number, options: WithDeviceOut<BetaOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options: BetaOptions): Promise<Out>;
};

export interface DirichletOptions extends CommonOptions {
  proposals?: number;
  dtype?: Dtype;
  /** n·K values, row-major: a typed array, or 'device' / a DeviceArray. */
  out?: OutOption;
}

/** Every shape in (0, 1e300] (RangeError naming alpha[k]), as the Float64Array the kernels take. */
function rowShapes(values: ArrayLike<unknown>): Float64Array {
  const K = values.length;
  if (K < 1 || K > MAX_DIRICHLET_K) throw new RangeError(`alpha must have 1 to 2^20 entries, got ${K}`);
  const alphas = new Float64Array(K);
  for (let k = 0; k < K; k++) alphas[k] = checkRowShape(values[k], `alpha[${k}]`);
  return alphas;
}

function dirichletCall(key: Key, alpha: unknown, n: number, options?: DirichletOptions): Call {
  const p = prepare(key, n, options);
  let alphas: Float64Array | undefined;
  const inputs: DeviceInput[] = [];
  if (alpha instanceof DeviceArray) {
    checkShapeArray(alpha, undefined, 'alpha');
    if (alpha.length < 1 || alpha.length > MAX_DIRICHLET_K) {
      throw new RangeError(`alpha must have 1 to 2^20 entries, got ${alpha.length}`);
    }
    inputs.push({ name: 'alpha', array: alpha, slot: 'params', key: 'alpha', host: (v) => rowShapes(v) });
  } else if (Array.isArray(alpha) || isTypedInput(alpha, 'alpha', Float64Array, Float32Array)) {
    alphas = rowShapes(alpha);
  } else {
    throw new TypeError(`alpha must be an array, Float64Array, Float32Array or DeviceArray of shapes, got ${describe(alpha)}`);
  }
  const K = alphas ? alphas.length : (alpha as DeviceArray).length;
  const count = p.n * K;
  if (count > MAX_COUNT) throw new RangeError(`n·K must be at most 2^32-1, got ${p.n}·${K}`);
  const proposals = checkProposals(p.opts.proposals);
  // The job's elements are the flat values: value j of row-offset m is gamma element m·K + j.
  const first = ((BigInt(p.hi) << 32n) | BigInt(p.lo)) * BigInt(K);
  if (first + BigInt(count) > MAX_INDEX) {
    throw new RangeError(`(offset + n)·K must not exceed 2^63, got offset·K = ${first} and n·K = ${count}`);
  }
  const flat: Prepared = { ...p, n: count, lo: Number(first & 0xffffffffn), hi: Number(first >> 32n) };
  return { p: flat, ...typed(p, 'dirichlet'), count, params: { alpha: alphas, proposals }, inputs, disjoint: [[alpha, 'alpha']] };
}

/**
 * n rows of Dirichlet(alpha) variates, row-major (n·K values). Row r's component k is its gamma
 * G_k = gamma element r·K + k of the key's gamma stream with shape alpha[k], normalised by the row
 * sum (in log space when every alpha[k] < 1). `offset` counts rows. `alpha` may be a float32/float64
 * DeviceArray of the K shapes (read on the GPU when it lives there).
 */
export const dirichlet = ((key: Key, alpha: ArrayLike<number> | DeviceArray, n: number, options?: DirichletOptions) =>
  runCall(dirichletCall(key, alpha, n, options))) as Sampler<[key: Key, alpha: ArrayLike<number> | DeviceArray, n: number], DirichletOptions>;
export const dirichletAsync = asyncly((key: Key, alpha: ArrayLike<number> | DeviceArray, n: number, options?: DirichletOptions) =>
  runCallAsync(dirichletCall(key, alpha, n, options))) as AsyncSampler<[key: Key, alpha: ArrayLike<number> | DeviceArray, n: number], DirichletOptions>;
