/**
 * Samplers that are a function of one uniform or one normal per element (docs/streams.md, "Transforms of one uniform or
 * one normal"): the generic kernels here apply a transform f(x, p) to the element's base value;
 * cuda/include/cr_transforms.h holds the same functions for the GPU, operation by operation.
 *
 *   base 'uniform': x = u in (0, 1], exponential's uniform — float32 element j: (w_j + 1)·2^-32 from
 *                   raw word j; float64: (k53(w_2j, w_2j+1) + 1)·2^-53;
 *   base 'normal':  x = z, element j of the Box–Muller stream with mean 0 and std 1, in binary64 (the
 *                   float32 stream uses one-word uniforms, as normal(…, { dtype: 'float32' }) does).
 *
 * The value is f(x, p) in binary64, rounded once to the output type. With per-element columns cols[k]
 * (length out.length), element i's p is (cols[0][i], cols[1][i], …) instead.
 */
import { philoxStream } from '../core/philox.js';
import { TAG_RAW } from '../core/layout.js';
import { uniform64 } from './raw.js';
import { boxMuller } from './normal.js';

/** A transform: binary64 base value and parameters (in the order cr_transforms.h lists them). */
export type TransformFn = (x: number, p: Float64Array) => number;
export type TransformBase = 'uniform' | 'normal';

const TWO_M32 = 2 ** -32;
const TWO_M53 = 2 ** -53;
const CHUNK = 4096;

/** Reused between calls. */
const scratch = {
  words: new Uint32Array(CHUNK),
  x: new Float64Array(CHUNK),
};

const row = new Float64Array(8);

/** Element i's p from per-element columns (p0, p1, …), in a reused buffer. */
function rowOf(cols: readonly (Float32Array | Float64Array)[], i: number): Float64Array {
  for (let k = 0; k < cols.length; k++) row[k] = cols[k][i];
  return row;
}

/** f of the (0, 1] uniforms of elements [first, first + out.length). */
export function uniformTransform(
  k0: number, k1: number, lo: number, hi: number, f: TransformFn, p: Float64Array, wide: boolean,
  out: Float32Array | Float64Array, cols?: readonly (Float32Array | Float64Array)[],
): void {
  const n = out.length;
  const { words, x } = scratch;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    if (wide) {
      uniform64(k0, k1, l, h, 0, 1, x.subarray(0, m));  // k53·2^-53; + 2^-53 is exact
      for (let i = 0; i < m; i++) out[s + i] = f(x[i] + TWO_M53, cols ? rowOf(cols, s + i) : p);
    } else {
      philoxStream(k0, k1, 0, TAG_RAW, l, h, words, 0, m);
      for (let i = 0; i < m; i++) out[s + i] = f((words[i] + 1) * TWO_M32, cols ? rowOf(cols, s + i) : p);
    }
  }
}

/** f of the standard normals of elements [first, first + out.length) (Box–Muller, binary64). */
export function normalTransform(
  k0: number, k1: number, lo: number, hi: number, f: TransformFn, p: Float64Array, wide: boolean,
  out: Float32Array | Float64Array, cols?: readonly (Float32Array | Float64Array)[],
): void {
  const n = out.length;
  const { x } = scratch;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    const z = x.subarray(0, m);
    boxMuller(k0, k1, l, h, 0, 1, wide, z);  // 0 + 1·z = z exactly
    for (let i = 0; i < m; i++) out[s + i] = f(z[i], cols ? rowOf(cols, s + i) : p);
  }
}
