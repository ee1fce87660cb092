/** gamma(): Marsaglia–Tsang gamma variates, scalar or per-element shape (docs/streams.md §6). */
import { asyncly, makeJob, prepare, runAsync, runSync, type CommonOptions, type Prepared } from './api.js';
import { checkDtype, type Dtype } from './uniform.js';
import { checkDisjoint, checkFiniteNumber, checkOut, describe, isTypedInput } from './validate.js';
import { MAX_PROPOSALS } from './cpu/gamma.js';
import type { Key } from './keys.js';
import type { Job } from './job.js';

/**
 * Proposals evaluated at once when `proposals` is omitted. It never changes the output (the value
 * is always the first accepted proposal); 1 is fastest for the TypeScript backend, where an unused
 * proposal is pure waste (measured with scripts/bench-distributions.mjs).
 */
export const DEFAULT_PROPOSALS = 1;

export interface GammaOptions extends CommonOptions {
  /** Shape α > 0: one number, or one per element (a Float32Array/Float64Array of length n). */
  alpha: number | Float32Array | Float64Array;
  /** Scale θ > 0, default 1: the result is θ·G. */
  scale?: number;
  /** Proposals the backend evaluates at once (1..1024); never changes the output. */
  proposals?: number;
  dtype?: Dtype;
  out?: Float32Array | Float64Array;
}

/** A positive finite shape; `what` names it in errors. */
export function checkShape(v: unknown, what: string): number {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, got ${describe(v)}`);
  if (!(v > 0) || v === Infinity) throw new RangeError(`${what} must be finite and > 0, got ${v}`);
  return v;
}

/** Scalar or per-element shape, validated everywhere; returns [scalar, array | undefined]. */
export function checkShapeParam(
  v: unknown, n: number, name: string,
): [number, Float32Array | Float64Array | undefined] {
  if (typeof v === 'number') return [checkShape(v, name), undefined];
  if (isTypedInput(v, name, Float32Array, Float64Array)) {
    if (v.length !== n) throw new RangeError(`${name} must have length n = ${n}, got ${v.length}`);
    // A snapshot, validated: kernels, workers and the GPU read the shapes after this returns, when a
    // SharedArrayBuffer (or the caller, during an async call) may have changed them to NaN or -1.
    const s = (v as Float32Array | Float64Array).slice();
    for (let i = 0; i < n; i++) {
      const a = s[i];
      if (!(a > 0) || a === Infinity) throw new RangeError(`${name}[${i}] must be finite and > 0, got ${a}`);
    }
    return [0, s];
  }
  throw new TypeError(`${name} must be a number, Float32Array or Float64Array, got ${describe(v)}`);
}

export function checkProposals(v: unknown): number {
  if (v === undefined) return DEFAULT_PROPOSALS;
  if (typeof v !== 'number') throw new TypeError(`proposals must be a number, got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 1 || v > MAX_PROPOSALS) {
    throw new RangeError(`proposals must be an integer in [1, ${MAX_PROPOSALS}], got ${v}`);
  }
  return v;
}

export function checkScale(v: unknown, name = 'scale'): number {
  if (v === undefined) return 1;
  const s = checkFiniteNumber(v, name);
  if (!(s > 0)) throw new RangeError(`${name} must be > 0, got ${s}`);
  return s;
}

/** The gamma Job for shape (scalar or per element) and scale, shared with chisquare. */
export function gammaJobFor(
  p: Prepared, alphaIn: unknown, alphaName: string, scale: number,
): [Prepared, Job, Float32Array | Float64Array] {
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  const [alpha, alphas] = checkShapeParam(alphaIn, p.n, alphaName);
  const proposals = checkProposals(p.opts.proposals);
  const out = dtype === 'float32' ? checkOut(p.opts.out, Float32Array, p.n) : checkOut(p.opts.out, Float64Array, p.n);
  checkDisjoint(out, p.opts[alphaName], 'out', alphaName);
  const job = makeJob(p, dtype === 'float32' ? 'gamma32' : 'gamma64', out, { alpha, scale, proposals },
    alphas ? { alpha: alphas } : {});
  return [p, job, out];
}

function gammaJob(key: Key, n: number, options: GammaOptions): [Prepared, Job, Float32Array | Float64Array] {
  const p = prepare(key, n, options);
  if (options === undefined) throw new TypeError('gamma needs options with alpha');
  const scale = checkScale(p.opts.scale);
  return gammaJobFor(p, p.opts.alpha, 'alpha', scale);
}

/**
 * n gamma variates with shape α and scale θ (mean αθ). Element i is the first accepted
 * Marsaglia–Tsang proposal of its own sub-stream (key, TAG_GAMMA, offset + i), so it does not depend
 * on n, chunking, `proposals` or the backend.
 */
export function gamma(key: Key, n: number, options: GammaOptions): Float32Array | Float64Array {
  return runSync(...gammaJob(key, n, options));
}

export const gammaAsync = asyncly(
  (key: Key, n: number, options: GammaOptions): Promise<Float32Array | Float64Array> =>
    runAsync(...gammaJob(key, n, options)),
);
