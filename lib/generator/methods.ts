/**
 * The types of a Generator's sampler methods, derived from the public functions' types so that a new
 * sampler's methods are typed without a line here: for f(key, n, options) the generator has
 * f(options?) → one number, f(n, options?) → what f returns, and fAsync(n, options?); for a rows
 * sampler f(key, vector, n, options), f(vector, options?) → one row and f(vector, n, options?).
 */
import type { Key } from '../core/keys.js';

/** The public sampler functions, by name. */
export type SamplerFunctions = typeof import('../facade/samplers.js');

/** The names of the public sampler functions (without their Async twins). */
export type SamplerName = { [K in keyof SamplerFunctions]: K extends `${string}Async` ? never : K }[keyof SamplerFunctions];

/** Options of a generator's bulk call: the function's, less `offset` (the generator sets it). */
export type GeneratorBulkOptions<O> = Omit<O, 'offset'>;
/** Options of a single draw: no `offset`, `out` or `dtype`, and numbers only (checked when called). */
export type GeneratorSingleOptions<O> = Omit<O, 'offset' | 'out' | 'dtype'>;

/** A generator method made from public function F: one value without n, an array with it. */
export type GeneratorMethod<F> =
  F extends (key: Key, n: number, options?: infer O) => infer R
    ? { (options?: GeneratorSingleOptions<O>): number; (n: number, options?: GeneratorBulkOptions<O>): R }
    : F extends (key: Key, n: number, options: infer O) => infer R
      ? { (options: GeneratorSingleOptions<O>): number; (n: number, options: GeneratorBulkOptions<O>): R }
      : F extends (key: Key, vector: infer V, n: number, options?: infer O) => infer R
        ? { (vector: V, options?: GeneratorSingleOptions<O>): R; (vector: V, n: number, options?: GeneratorBulkOptions<O>): R }
        : never;

/** The Promise twin of a generator method made from the async public function F. */
export type GeneratorAsyncMethod<F> =
  F extends (key: Key, n: number, options?: infer O) => infer R
    ? (n: number, options?: GeneratorBulkOptions<O>) => R
    : F extends (key: Key, n: number, options: infer O) => infer R
      ? (n: number, options: GeneratorBulkOptions<O>) => R
      : F extends (key: Key, vector: infer V, n: number, options?: infer O) => infer R
        ? (vector: V, n: number, options?: GeneratorBulkOptions<O>) => R
        : never;

/** Every sampler method of a Generator and its Async twin. */
export type GeneratorMethods = { [K in SamplerName]: GeneratorMethod<(SamplerFunctions)[K]> } & {
  [K in SamplerName as `${K}Async`]: `${K}Async` extends keyof SamplerFunctions ? GeneratorAsyncMethod<(SamplerFunctions)[`${K}Async`]> : never;
};
