/**
 * Unnormalised weights as every weighted sampler takes them (alias tables, categorical, weighted
 * sampling without replacement): the one validation rule, so every feature refuses the same inputs.
 */
import { describe, isTypedInput } from './validate.js';
import { typedLength } from './views.js';

/** Most items: indices are uint32 (and an alias table's N·2^32 units stay below 2^64). */
export const MAX_ITEMS = 2 ** 32 - 1;

export type WeightsInput = Float32Array | Float64Array | readonly number[];

/** Where checkWeights puts its copy: a fresh array (the default), or a caller's reused temporary
 *  (lib/core/temp.ts) when the copy does not outlive a synchronous call. */
export interface WeightsAlloc {
  f64(n: number): Float64Array;
  f32(n: number): Float32Array;
}

const FRESH: WeightsAlloc = { f64: (n) => new Float64Array(n), f32: (n) => new Float32Array(n) };

/**
 * Validates weights: a Float32Array, Float64Array or array of numbers, 1 … 2^32−1 of them, each finite
 * and ≥ 0, not all zero. Returns a checked copy the caller cannot reach (number arrays become a Float64Array),
 * made by `alloc`.
 */
export function checkWeights(weights: unknown, name = 'weights', alloc: WeightsAlloc = FRESH): Float32Array | Float64Array {
  let a: Float32Array | Float64Array;
  if (isTypedInput(weights, name, Float64Array, Float32Array)) {
    // A snapshot, taken before the check, of every typed array: shared memory may change at any time
    // (another thread), and the table builders read the weights in several passes — a value changing
    // between the sum and the units broke fixedPoint's invariants (BigInt TypeErrors, "internal"
    // errors); an async caller (a CPU DeviceArray's memory, say) may write them after the call returns.
    // The intrinsic constructor copies from the internal slots (no species, no overridden length), and
    // the copy costs little next to the O(N) table or prefix sums built from it.
    const len = typedLength(weights);  // the internal length, not a subclass's getter
    if (len > MAX_ITEMS) throw new RangeError(`${name} has ${len} items; at most 2^32-1 are supported`);
    if (weights instanceof Float64Array) (a = alloc.f64(len)).set(weights);
    else (a = alloc.f32(len)).set(weights as Float32Array);
  } else if (Array.isArray(weights)) {
    if (weights.length > MAX_ITEMS) {
      throw new RangeError(`${name} has ${weights.length} items; at most 2^32-1 are supported`);
    }
    a = alloc.f64(weights.length);
    for (let i = 0; i < weights.length; i++) {
      const v = weights[i];
      if (typeof v !== 'number') throw new TypeError(`${name}[${i}] must be a number, got ${describe(v)}`);
      a[i] = v;
    }
  } else {
    throw new TypeError(`${name} must be a Float32Array, Float64Array or array of numbers, got ${describe(weights)}`);
  }
  const n = a.length;
  if (n === 0) throw new RangeError(`${name} must not be empty`);
  if (n > MAX_ITEMS) throw new RangeError(`${name} has ${n} items; at most 2^32-1 are supported`);
  let positive = false;
  for (let i = 0; i < n; i++) {
    const v = a[i];
    if (!(v >= 0 && v < Infinity)) {
      throw new RangeError(`${name}[${i}] must be a finite number >= 0, got ${v}`);
    }
    if (v > 0) positive = true;
  }
  if (!positive) throw new RangeError(`${name} must have at least one positive weight; all ${n} are zero`);
  return a;
}
