/**
 * The types of a Generator's sampler methods, derived from the public functions' types so that a new
 * sampler's methods are typed without a line here: for f(key, n, options) the generator has
 * f(options?) → one number, f(n, options?) → what f returns for those options, and fAsync(n, options?);
 * for a rows sampler f(key, vector, n, options), f(vector, options?) → one row and f(vector, n, options?).
 */
import type { Key } from '../core/keys.js';
import type { DeviceArray } from '../facade/device-array.js';
import type { WithDeviceOut } from '../facade/dtype.js';
import type {
  ArrayOf, DtypeArrays, RowsSampler, RowsSamplerAsync, Sampler, SamplerAsync, SamplerWith, SamplerWithAsync, WithDefault,
  WithDtype, WithOut,
} from '../facade/samplers.js';

/** The public sampler functions, by name. */
export type SamplerFunctions = typeof import('../facade/samplers.js');

/** The names of the public sampler functions (without their Async twins). */
export type SamplerName = {
  [K in keyof SamplerFunctions]: K extends `${string}Async` ? never : SamplerFunctions[K] extends (key: Key, ...a: never[]) => unknown ? K : never;
}[keyof SamplerFunctions];

/** Options of a generator's bulk call: the function's, less `offset` (the generator sets it). */
export type GeneratorBulkOptions<O> = Omit<O, 'offset'>;
/** Options of a single draw: no `offset`, `out` or `dtype`, and numbers only (checked when called). */
export type GeneratorSingleOptions<O> = Omit<O, 'offset' | 'out' | 'dtype'>;


/** A generator method over a sampler f(key, n, options?) with element types D (default Def). */
export interface GeneratorSampler<O, D extends keyof DtypeArrays, Def extends D> {
  (options?: GeneratorSingleOptions<O>): number;
  (n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): DeviceArray;
  <A extends ArrayOf<D>>(n: number, options: WithOut<GeneratorBulkOptions<O>, A>): A;
  <T extends D>(n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): ArrayOf<T>;
  (n: number, options?: WithDefault<GeneratorBulkOptions<O>, Def>): ArrayOf<Def>;
}
/** The same over a sampler whose options are required. */
export interface GeneratorSamplerWith<O, D extends keyof DtypeArrays, Def extends D> {
  (options: GeneratorSingleOptions<O>): number;
  (n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): DeviceArray;
  <A extends ArrayOf<D>>(n: number, options: WithOut<GeneratorBulkOptions<O>, A>): A;
  <T extends D>(n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): ArrayOf<T>;
  (n: number, options: WithDefault<GeneratorBulkOptions<O>, Def>): ArrayOf<Def>;
}
/** The same over a rows sampler f(key, vector, n, options?): without n, one row. */
export interface GeneratorRows<V, O, D extends keyof DtypeArrays, Def extends D> {
  (vector: V, options?: GeneratorSingleOptions<O>): ArrayOf<Def>;
  (vector: V, n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): DeviceArray;
  <A extends ArrayOf<D>>(vector: V, n: number, options: WithOut<GeneratorBulkOptions<O>, A>): A;
  <T extends D>(vector: V, n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): ArrayOf<T>;
  (vector: V, n: number, options?: WithDefault<GeneratorBulkOptions<O>, Def>): ArrayOf<Def>;
}

/** A generator method made from public function F. */
export type GeneratorMethod<F> =
  F extends Sampler<infer O, infer D, infer Def> ? GeneratorSampler<O, D, Def>
    : F extends SamplerWith<infer O, infer D, infer Def> ? GeneratorSamplerWith<O, D, Def>
      : F extends RowsSampler<infer V, infer O, infer D, infer Def> ? GeneratorRows<V, O, D, Def>
        : never;

/** The Promise twin of a generator method, made from the async public function F. */
export type GeneratorAsyncMethod<F> =
  F extends SamplerAsync<infer O, infer D, infer Def>
    ? { (n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): Promise<DeviceArray>; <A extends ArrayOf<D>>(n: number, options: WithOut<GeneratorBulkOptions<O>, A>): Promise<A>;
        <T extends D>(n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): Promise<ArrayOf<T>>; (n: number, options?: WithDefault<GeneratorBulkOptions<O>, Def>): Promise<ArrayOf<Def>> }
    : F extends SamplerWithAsync<infer O, infer D, infer Def>
      ? { (n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): Promise<DeviceArray>; <A extends ArrayOf<D>>(n: number, options: WithOut<GeneratorBulkOptions<O>, A>): Promise<A>;
          <T extends D>(n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): Promise<ArrayOf<T>>; (n: number, options: WithDefault<GeneratorBulkOptions<O>, Def>): Promise<ArrayOf<Def>> }
      : F extends RowsSamplerAsync<infer V, infer O, infer D, infer Def>
        ? { (vector: V, n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): Promise<DeviceArray>; <A extends ArrayOf<D>>(vector: V, n: number, options: WithOut<GeneratorBulkOptions<O>, A>): Promise<A>;
            <T extends D>(vector: V, n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): Promise<ArrayOf<T>>; (vector: V, n: number, options?: WithDefault<GeneratorBulkOptions<O>, Def>): Promise<ArrayOf<Def>> }
        : never;

/** Samplers whose row vector is an option (`rows.option` in the registry): a single draw is one row. */
export type OptionRowsName = 'multivariateNormal';

/** A generator method of such a sampler (options required): one row without n, n rows with it. */
export interface GeneratorOptionRows<O, D extends keyof DtypeArrays, Def extends D> {
  (options: GeneratorSingleOptions<O>): ArrayOf<Def>;
  (n: number, options: WithDeviceOut<GeneratorBulkOptions<O>>): DeviceArray;
  <A extends ArrayOf<D>>(n: number, options: WithOut<GeneratorBulkOptions<O>, A>): A;
  <T extends D>(n: number, options: WithDtype<GeneratorBulkOptions<O>, T>): ArrayOf<T>;
  (n: number, options: WithDefault<GeneratorBulkOptions<O>, Def>): ArrayOf<Def>;
}

/** Every sampler method of a Generator and its Async twin. */
export type GeneratorMethods = {
  // over keyof SamplerFunctions (homomorphic), so each method keeps its function's doc comment for hovers
  [K in keyof SamplerFunctions as K extends SamplerName ? K : never]: K extends OptionRowsName
    ? SamplerFunctions[K] extends SamplerWith<infer O, infer D, infer Def> ? GeneratorOptionRows<O, D, Def> : never
    : GeneratorMethod<SamplerFunctions[K]>;
} & {
  [K in keyof SamplerFunctions as K extends `${SamplerName}Async` ? K : never]: GeneratorAsyncMethod<SamplerFunctions[K]>;
};
