/**
 * Samplers derived from the gamma and raw streams (docs/streams.md §6): exponential, chi-square,
 * beta, Dirichlet.
 */
import { asyncly, makeJob, prepare, runAsync, runSync, type CommonOptions, type Prepared } from './api.js';
import { checkDtype, type Dtype } from './uniform.js';
import { MAX_COUNT, MAX_INDEX, checkDisjoint, checkFiniteNumber, checkOut, describe, isTypedInput } from './validate.js';
import { checkProposals, checkShape, checkShapeParam, gammaJobFor } from './gamma.js';
import type { Key } from './keys.js';
import type { Job } from './job.js';

type Out = Float32Array | Float64Array;
type Triple = [Prepared, Job, Out];

function outFor(p: Prepared, count: number): Out {
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  return dtype === 'float32' ? checkOut(p.opts.out, Float32Array, count) : checkOut(p.opts.out, Float64Array, count);
}
const wideOp = (base: string, out: Out) => base + (out instanceof Float32Array ? '32' : '64');

// ----- exponential -----

export interface ExponentialOptions extends CommonOptions {
  /** Rate λ > 0, default 1 (mean 1/λ). */
  rate?: number;
  dtype?: Dtype;
  out?: Out;
}

function exponentialJob(key: Key, n: number, options?: ExponentialOptions): Triple {
  const p = prepare(key, n, options);
  const rate = p.opts.rate === undefined ? 1 : checkFiniteNumber(p.opts.rate, 'rate');
  if (!(rate > 0)) throw new RangeError(`rate must be > 0, got ${rate}`);
  const out = outFor(p, p.n);
  return [p, makeJob(p, wideOp('exponential', out), out, { rate }), out];
}

/**
 * n exponential variates, -log(u)/rate with u in (0, 1] from the raw stream (the words uniform()
 * uses: one per float32 element, two per float64 element). Cheapest possible: one log per element.
 */
export function exponential(key: Key, n: number, options?: ExponentialOptions): Out {
  return runSync(...exponentialJob(key, n, options));
}
export const exponentialAsync = asyncly(
  (key: Key, n: number, options?: ExponentialOptions): Promise<Out> => runAsync(...exponentialJob(key, n, options)),
);

// ----- chi-square -----

export interface ChisquareOptions extends CommonOptions {
  /** Degrees of freedom k > 0: one number or one per element. */
  df: number | Float32Array | Float64Array;
  proposals?: number;
  dtype?: Dtype;
  out?: Out;
}

function chisquareJob(key: Key, n: number, options: ChisquareOptions): Triple {
  const p = prepare(key, n, options);
  if (options === undefined) throw new TypeError('chisquare needs options with df');
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
  return gammaJobFor(p, alpha, 'df', 2);
}

/** n chi-square variates: exactly 2·G with G the gamma(key, n, { alpha: df/2 }) variates (scale 2). */
export function chisquare(key: Key, n: number, options: ChisquareOptions): Out {
  return runSync(...chisquareJob(key, n, options));
}
export const chisquareAsync = asyncly(
  (key: Key, n: number, options: ChisquareOptions): Promise<Out> => runAsync(...chisquareJob(key, n, options)),
);

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
  out?: Out;
}

function betaJob(key: Key, n: number, options: BetaOptions): Triple {
  const p = prepare(key, n, options);
  if (options === undefined) throw new TypeError('beta needs options with a and b');
  const a = checkRowShape(p.opts.a, 'a');
  const b = checkRowShape(p.opts.b, 'b');
  const proposals = checkProposals(p.opts.proposals);
  const out = outFor(p, p.n);
  return [p, makeJob(p, wideOp('beta', out), out, { a, b, proposals }), out];
}

/**
 * n Beta(a, b) variates: element i is G_a/(G_a + G_b) with G_a, G_b gamma elements 2i and 2i+1 of
 * the key's gamma stream (shapes a and b) — exactly component 0 of dirichlet(key, [a, b], n) row i.
 */
export function beta(key: Key, n: number, options: BetaOptions): Out {
  return runSync(...betaJob(key, n, options));
}
export const betaAsync = asyncly(
  (key: Key, n: number, options: BetaOptions): Promise<Out> => runAsync(...betaJob(key, n, options)),
);

export interface DirichletOptions extends CommonOptions {
  proposals?: number;
  dtype?: Dtype;
  /** n·K values, row-major. */
  out?: Out;
}

function dirichletJob(key: Key, alpha: unknown, n: number, options?: DirichletOptions): Triple {
  const p = prepare(key, n, options);
  let alphas: Float64Array;
  if (Array.isArray(alpha) || isTypedInput(alpha, 'alpha', Float64Array, Float32Array)) {
    const K = alpha.length;
    if (K < 1 || K > MAX_DIRICHLET_K) throw new RangeError(`alpha must have 1 to 2^20 entries, got ${K}`);
    alphas = new Float64Array(K);
    for (let k = 0; k < K; k++) alphas[k] = checkRowShape(alpha[k], `alpha[${k}]`);
  } else {
    throw new TypeError(`alpha must be an array, Float64Array or Float32Array of shapes, got ${describe(alpha)}`);
  }
  const K = alphas.length;
  const count = p.n * K;
  if (count > MAX_COUNT) throw new RangeError(`n·K must be at most 2^32-1, got ${p.n}·${K}`);
  const proposals = checkProposals(p.opts.proposals);
  const out = outFor(p, count);
  checkDisjoint(out, alpha, 'out', 'alpha');
  // The job's elements are the flat values: value j of row-offset m is gamma element m·K + j.
  const first = ((BigInt(p.hi) << 32n) | BigInt(p.lo)) * BigInt(K);
  if (first + BigInt(count) > MAX_INDEX) {
    throw new RangeError(`(offset + n)·K must not exceed 2^63, got offset·K = ${first} and n·K = ${count}`);
  }
  const flat: Prepared = { ...p, n: count, lo: Number(first & 0xffffffffn), hi: Number(first >> 32n) };
  return [flat, makeJob(flat, wideOp('dirichlet', out), out, { alpha: alphas, proposals }), out];
}

/**
 * n rows of Dirichlet(alpha) variates, row-major (n·K values). Row r's component k is its gamma
 * G_k = gamma element r·K + k of the key's gamma stream with shape alpha[k], normalised by the row
 * sum (in log space when every alpha[k] < 1). `offset` counts rows.
 */
export function dirichlet(key: Key, alpha: ArrayLike<number>, n: number, options?: DirichletOptions): Out {
  return runSync(...dirichletJob(key, alpha, n, options));
}
export const dirichletAsync = asyncly(
  (key: Key, alpha: ArrayLike<number>, n: number, options?: DirichletOptions): Promise<Out> =>
    runAsync(...dirichletJob(key, alpha, n, options)),
);
