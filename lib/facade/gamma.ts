/** gamma(): Marsaglia–Tsang gamma variates, scalar or per-element shape (docs/streams.md §6). */
import { asyncly, prepare, type CommonOptions, type Prepared } from './prepare.js';
import { checkDtype, type DeviceOut, type Dtype, type WithDeviceOut } from './uniform.js';
import { checkFiniteNumber, describe, isTypedInput } from '../core/validate.js';
import { MAX_PROPOSALS } from '../kernels/gamma.js';
import { runCall, runCallAsync, type Call, type DeviceInput } from './device-io.js';
import { DeviceArray } from './device-array.js';
import type { Key } from '../core/keys.js';

export { DEFAULT_PROPOSALS } from '../kernels/gamma.js';

export interface GammaOptions extends CommonOptions {
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
  dtype?: Dtype;
  /** Destination (length >= n), or 'device' / a DeviceArray to keep the values on the backend. */
  out?: Float32Array | Float64Array | DeviceOut;
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
    return [0, checkShapeValues((v as Float32Array | Float64Array).slice(), name)];
  }
  throw new TypeError(`${name} must be a number, Float32Array or Float64Array, got ${describe(v)}`);
}

/** Every value finite and > 0 (RangeError naming `name[i]`). */
export function checkShapeValues<T extends ArrayLike<number>>(v: T, name: string): T {
  for (let i = 0; i < v.length; i++) {
    const a = v[i];
    if (!(a > 0) || a === Infinity) throw new RangeError(`${name}[${i}] must be finite and > 0, got ${a}`);
  }
  return v;
}

/** A float32/float64 DeviceArray of shapes with the given length (checks that need no values). */
export function checkShapeArray(v: DeviceArray, length: number | undefined, name: string): DeviceArray {
  if (v.freed) throw new TypeError(`${name} is a freed DeviceArray`);
  if (v.dtype !== 'float32' && v.dtype !== 'float64') {
    throw new TypeError(`${name} must be a float32 or float64 DeviceArray, got a ${v.dtype} one`);
  }
  if (length !== undefined && v.length !== length) {
    throw new RangeError(`${name} must have length n = ${length}, got ${v.length}`);
  }
  return v;
}

/** A validated `proposals`, or undefined (omitted: the backend's default). */
export function checkProposals(v: unknown): number | undefined {
  if (v === undefined) return undefined;
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

/** The gamma Call for shape (scalar, per element, or a DeviceArray of shapes) and scale, shared with chisquare. */
export function gammaCallFor(p: Prepared, alphaIn: unknown, alphaName: string, scale: number): Call {
  const dtype = checkDtype(p.opts.dtype, p.opts.out);
  let alpha = 0;
  let alphas: Float32Array | Float64Array | undefined;
  const inputs: DeviceInput[] = [];
  if (alphaIn instanceof DeviceArray) {
    inputs.push({
      name: alphaName, array: checkShapeArray(alphaIn, p.n, alphaName), slot: 'perElement', key: 'alpha',
      host: (v) => checkShapeValues(v as Float32Array | Float64Array, alphaName),
    });
  } else {
    [alpha, alphas] = checkShapeParam(alphaIn, p.n, alphaName);
  }
  const proposals = checkProposals(p.opts.proposals);
  return {
    p, op: dtype === 'float32' ? 'gamma32' : 'gamma64', dtype, count: p.n, params: { alpha, scale, proposals },
    perElement: alphas ? { alpha: alphas } : {}, inputs,
    disjoint: [[p.opts[alphaName], alphaName]], // the caller's array (chisquare passes df/2 as alphaIn)
  };
}

function gammaCall(key: Key, n: number, options: GammaOptions): Call {
  const p = prepare(key, n, options);
  if (options === undefined) throw new TypeError('gamma needs options with alpha');
  const scale = checkScale(p.opts.scale);
  return gammaCallFor(p, p.opts.alpha, 'alpha', scale);
}

/**
 * n gamma variates with shape α and scale θ (mean αθ). Element i is the first accepted
 * Marsaglia–Tsang proposal of its own sub-stream (key, TAG_GAMMA, offset + i), so it does not depend
 * on n, chunking, `proposals` or the backend.
 */
export function gamma(key: Key, n: number, options: WithDeviceOut<GammaOptions>): DeviceArray;
export function gamma(key: Key, n: number, options: GammaOptions): Float32Array | Float64Array;
export function gamma(key: Key, n: number, options: GammaOptions): Float32Array | Float64Array | DeviceArray {
  return runCall(gammaCall(key, n, options)) as Float32Array | Float64Array | DeviceArray;
}

export const gammaAsync = asyncly(
  (key: Key, n: number, options: GammaOptions) => runCallAsync(gammaCall(key, n, options)),
) as {
  (key: Key, n: number, options: WithDeviceOut<GammaOptions>): Promise<DeviceArray>;
  (key: Key, n: number, options: GammaOptions): Promise<Float32Array | Float64Array>;
};
