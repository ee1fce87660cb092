/**
 * cuda-random: counter-based random numbers and sampling, on CUDA when available and in TypeScript
 * everywhere, with the same bits on both. See docs/streams.md for the contract.
 */
import { philox4x32 as philoxRaw } from './core/philox.js';
import { checkUint32, describe, isTypedInput, knownOptions } from './core/validate.js';
import { backendInfo, type BackendInfo } from './backend/select.js';

export { key, split, foldIn, keyEquals, type Key, type SplitKeys, type SmallCount } from './core/keys.js';
export * from './facade/samplers.js';
export type { Dtype, DeviceOut, WithDeviceOut } from './facade/dtype.js';
export { DeviceArray, type DeviceDtype, type DtypeOfArray, type HostArrays } from './facade/device-array.js';
export type { CommonOptions } from './facade/prepare.js';
export type { BackendInfo } from './backend/select.js';
export type { BackendName, BackendChoice, HostArray } from './backend/types.js';
export { shutdownPool } from './backend/cpu/pool.js';
export { AliasTable, type AliasBuildOptions, type AliasSampleOptions, type AliasCountsOptions, type PsaMethod } from './alias/table.js';
export type { WeightsInput } from './core/weights.js';
export { categorical, categoricalAsync, categoricalMethod, type CategoricalOptions, type CategoricalMethod } from './alias/categorical.js';
export {
  permutation, permutationAsync, shuffle, shuffleAsync, sampleWithoutReplacement, sampleWithoutReplacementAsync,
  type PermutationOptions, type SampleWithoutReplacementOptions, type ShuffleOptions, type Shuffleable, type SelectDtype, type PermutationResult,
} from './permute/permutation.js';
export { Xorwow, XORWOW_SUBSEQUENCE_STEPS, type XorwowOptions, type XorwowState } from './xorwow/xorwow.js';

/** philox4x32-10 of a 4-word counter under a 2-word key (Random123 / cuRAND compatible). */
export function philox4x32(counter: ArrayLike<number>, key: ArrayLike<number>): Uint32Array {
  // Every word read once, validated, and only that value used (a getter cannot answer twice).
  const words: number[][] = [];
  for (const [v, name, len] of [[counter, 'counter', 4], [key, 'key', 2]] as const) {
    if (!(Array.isArray(v) || isTypedInput(v, name, Uint32Array))) {
      throw new TypeError(`${name} must be an array or Uint32Array of ${len} words, got ${describe(v)}`);
    }
    const length = v.length;
    if (length !== len) throw new RangeError(`${name} must have ${len} words, got ${length}`);
    const w: number[] = [];
    for (let i = 0; i < len; i++) w.push(checkUint32(v[i], `${name}[${i}]`));
    words.push(w);
  }
  return philoxRaw(words[0], words[1]);
}

/** Which backend `auto` (or the given choice) resolves to, and why. */
export function backend(options?: { backend?: 'auto' | 'cpu' | 'cuda'; device?: number }): BackendInfo {
  return backendInfo(knownOptions('backend', options, ['backend', 'device']));
}
export {
  Mrg32k3a, MRG32K3A_SUBSEQUENCE_STEPS, mrg32k3aFill, mrg32k3aFillAsync, type Mrg32k3aOptions, type Mrg32k3aState, type Mrg32k3aFillOptions,
} from './mrg32k3a/mrg32k3a.js';
export { generator, Generator, type GeneratorOptions, type GeneratorState } from './generator/generator.js';
export type { GeneratorMethods, GeneratorMethod, GeneratorAsyncMethod, GeneratorBulkOptions, GeneratorSingleOptions, GeneratorSampler, GeneratorSamplerWith, GeneratorRows, GeneratorOptionRows, OptionRowsName, SamplerName, SamplerFunctions } from './generator/methods.js';
export { sobol, sobolAsync, type SobolOptions, type SobolDtype, type SobolLayout, type SobolScramble, type SobolTransform, type SobolArray } from './sobol/sobol.js';
