/**
 * Unnormalised weights as every weighted sampler takes them (alias tables, categorical, weighted
 * sampling without replacement): the one validation rule, so every feature refuses the same inputs.
 */
import { describe, isTypedInput } from './validate.js';

/** Most items: indices are uint32 (and an alias table's N·2^32 units stay below 2^64). */
export const MAX_ITEMS = 2 ** 32 - 1;

export type WeightsInput = Float32Array | Float64Array | readonly number[];

/**
 * Validates weights: a Float32Array, Float64Array or array of numbers, 1 … 2^32−1 of them, each finite
 * and ≥ 0, not all zero. Returns something indexable as numbers (arrays are copied to a Float64Array).
 */
export function checkWeights(weights: unknown, name = 'weights'): Float32Array | Float64Array {
  let a: Float32Array | Float64Array;
  if (isTypedInput(weights, name, Float64Array, Float32Array)) {
    a = weights as Float32Array | Float64Array;
  } else if (Array.isArray(weights)) {
    if (weights.length > MAX_ITEMS) {
      throw new RangeError(`${name} has ${weights.length} items; at most 2^32-1 are supported`);
    }
    a = new Float64Array(weights.length);
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
