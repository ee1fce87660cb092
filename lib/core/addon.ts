/**
 * The native addon as TypeScript sees it (binding/*.cc): the seam between this package and its C++.
 * Types only; lib/backend/cuda loads the addon, the registry (lib/samplers) names which function of it
 * runs each op. One vocabulary with the C API (cuda/include/cr_api*.h) and the CPU kernels: every
 * sampler takes (k0, k1, lo, hi, parameters…, out), the first element index as uint32 halves, and its
 * output last — a host typed array (n = its length), or a device-array handle followed by n. Every
 * function has an `…Async` twin that runs on a libuv thread and returns a Promise.
 */

export type U32 = number;

/** An opaque device-array handle (binding/device_array.cc). */
export type DeviceHandle = object;
/** An addon handle to alias-table rows in device memory. */
export type AliasDeviceTable = { readonly __brand: 'AliasDeviceTable' };

/** Where a sampler writes: a host typed array (n = its length), or a device handle and n. */
export type Out<T> = [out: T] | [out: DeviceHandle, n: number];
/** Shapes: one number (where allowed), host values, or a float device array. */
export type Shapes = Float32Array | Float64Array | DeviceHandle;

/**
 * `proposals` as the addon takes it: -1 for the addon's default, else 1 … 1024 (the proposals of a
 * rejection sampler evaluated at once; never changes a value).
 */
export type Proposals = number;

type Key4 = [k0: U32, k1: U32, lo: U32, hi: U32];
/** Outputs of the discrete samplers. */
type DiscreteArray = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;
/** A Sobol call's shape (cr_sobol_spec). */
type SobolArgs = [points: U32, dims: U32, pointsLayout: U32, bits: U32, normal: U32, scramble: U32, offLo: U32, offHi: U32, dirs: Uint32Array];
/** curand_init(seed, subsequence, offset) of an MRG32k3a fill. */
type Mrg32k3aArgs = [seedLo: U32, seedHi: U32, subLo: U32, subHi: U32, offLo: U32, offHi: U32];

/** The sampler ops (binding/addon.cc, distributions.cc, transforms.cc). */
export interface SamplerAddon {
  bits(...a: [...Key4, ...Out<Uint32Array>]): void;
  bitsAsync(...a: [...Key4, ...Out<Uint32Array>]): Promise<void>;
  uniform32(...a: [...Key4, low: number, high: number, ...Out<Float32Array>]): void;
  uniform32Async(...a: [...Key4, low: number, high: number, ...Out<Float32Array>]): Promise<void>;
  uniform64(...a: [...Key4, low: number, high: number, ...Out<Float64Array>]): void;
  uniform64Async(...a: [...Key4, low: number, high: number, ...Out<Float64Array>]): Promise<void>;
  normalBM32(...a: [...Key4, mean: number, std: number, ...Out<Float32Array>]): void;
  normalBM32Async(...a: [...Key4, mean: number, std: number, ...Out<Float32Array>]): Promise<void>;
  normalBM64(...a: [...Key4, mean: number, std: number, ...Out<Float64Array>]): void;
  normalBM64Async(...a: [...Key4, mean: number, std: number, ...Out<Float64Array>]): Promise<void>;
  normalPolar32(...a: [...Key4, mean: number, std: number, ...Out<Float32Array>]): void;
  normalPolar32Async(...a: [...Key4, mean: number, std: number, ...Out<Float32Array>]): Promise<void>;
  normalPolar64(...a: [...Key4, mean: number, std: number, ...Out<Float64Array>]): void;
  normalPolar64Async(...a: [...Key4, mean: number, std: number, ...Out<Float64Array>]): Promise<void>;
  exponential32(...a: [...Key4, rate: number, ...Out<Float32Array>]): void;
  exponential32Async(...a: [...Key4, rate: number, ...Out<Float32Array>]): Promise<void>;
  exponential64(...a: [...Key4, rate: number, ...Out<Float64Array>]): void;
  exponential64Async(...a: [...Key4, rate: number, ...Out<Float64Array>]): Promise<void>;
  gamma32(...a: [...Key4, alpha: number | Shapes, scale: number, proposals: Proposals, ...Out<Float32Array>]): void;
  gamma32Async(...a: [...Key4, alpha: number | Shapes, scale: number, proposals: Proposals, ...Out<Float32Array>]): Promise<void>;
  gamma64(...a: [...Key4, alpha: number | Shapes, scale: number, proposals: Proposals, ...Out<Float64Array>]): void;
  gamma64Async(...a: [...Key4, alpha: number | Shapes, scale: number, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  beta32(...a: [...Key4, a: number, b: number, proposals: Proposals, ...Out<Float32Array>]): void;
  beta32Async(...a: [...Key4, a: number, b: number, proposals: Proposals, ...Out<Float32Array>]): Promise<void>;
  beta64(...a: [...Key4, a: number, b: number, proposals: Proposals, ...Out<Float64Array>]): void;
  beta64Async(...a: [...Key4, a: number, b: number, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  /** Student's t for the gamma shapes alpha = df/2 (a number or per element, as gamma's). */
  studentT32(...a: [...Key4, alpha: number | Shapes, proposals: Proposals, ...Out<Float32Array>]): void;
  studentT32Async(...a: [...Key4, alpha: number | Shapes, proposals: Proposals, ...Out<Float32Array>]): Promise<void>;
  studentT64(...a: [...Key4, alpha: number | Shapes, proposals: Proposals, ...Out<Float64Array>]): void;
  studentT64Async(...a: [...Key4, alpha: number | Shapes, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  /** F(dfn, dfd): lib/kernels/ratios.ts. */
  f32(...a: [...Key4, dfn: number, dfd: number, proposals: Proposals, ...Out<Float32Array>]): void;
  f32Async(...a: [...Key4, dfn: number, dfd: number, proposals: Proposals, ...Out<Float32Array>]): Promise<void>;
  f64(...a: [...Key4, dfn: number, dfd: number, proposals: Proposals, ...Out<Float64Array>]): void;
  f64Async(...a: [...Key4, dfn: number, dfd: number, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  /** F with per-element degrees of freedom: rows = n (dfn, dfd) pairs. */
  fRows32(...a: [...Key4, rows: Float64Array, proposals: Proposals, ...Out<Float32Array>]): void;
  fRows32Async(...a: [...Key4, rows: Float64Array, proposals: Proposals, ...Out<Float32Array>]): Promise<void>;
  fRows64(...a: [...Key4, rows: Float64Array, proposals: Proposals, ...Out<Float64Array>]): void;
  fRows64Async(...a: [...Key4, rows: Float64Array, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  /** Element sampler `sampler` of cuda/include/cr_elements.h (lib/samplers/element.ts: von Mises, Wald, …)
   *  with its P lowered parameters, or n·P: one row per element. */
  element32(...a: [...Key4, sampler: number, params: Float64Array, ...Out<Float32Array>]): void;
  element32Async(...a: [...Key4, sampler: number, params: Float64Array, ...Out<Float32Array>]): Promise<void>;
  element64(...a: [...Key4, sampler: number, params: Float64Array, ...Out<Float64Array>]): void;
  element64Async(...a: [...Key4, sampler: number, params: Float64Array, ...Out<Float64Array>]): Promise<void>;
  /** Multivariate normal values of dimension d; lm = mean, then the Cholesky factor packed by rows. */
  mvn32(...a: [...Key4, d: number, lm: Float64Array, ...Out<Float32Array>]): void;
  mvn32Async(...a: [...Key4, d: number, lm: Float64Array, ...Out<Float32Array>]): Promise<void>;
  mvn64(...a: [...Key4, d: number, lm: Float64Array, ...Out<Float64Array>]): void;
  mvn64Async(...a: [...Key4, d: number, lm: Float64Array, ...Out<Float64Array>]): Promise<void>;
  dirichlet32(...a: [...Key4, alpha: Shapes, proposals: Proposals, ...Out<Float32Array>]): void;
  dirichlet32Async(...a: [...Key4, alpha: Shapes, proposals: Proposals, ...Out<Float32Array>]): Promise<void>;
  dirichlet64(...a: [...Key4, alpha: Shapes, proposals: Proposals, ...Out<Float64Array>]): void;
  dirichlet64Async(...a: [...Key4, alpha: Shapes, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  /** A transform of uniforms or normals (cuda/include/cr_transforms.h): `transform` is its id there,
   *  `params` its P parameters in the order the header lists them, or n·P of them: one row per element. */
  transform32(...a: [...Key4, transform: number, params: Float64Array, ...Out<Float32Array>]): void;
  transform32Async(...a: [...Key4, transform: number, params: Float64Array, ...Out<Float32Array>]): Promise<void>;
  transform64(...a: [...Key4, transform: number, params: Float64Array, ...Out<Float64Array>]): void;
  transform64Async(...a: [...Key4, transform: number, params: Float64Array, ...Out<Float64Array>]): Promise<void>;
  /** Count samplers (binding/counts.cc): I32 / U32 / F64 write Int32Array / Uint32Array / Float64Array.
   *  A device-found invalid parameter (or one whose counts the output type cannot hold) rejects with 'ERANGE'. */
  poissonI32(...a: [...Key4, lam: number | Shapes, proposals: Proposals, ...Out<Int32Array>]): void;
  poissonI32Async(...a: [...Key4, lam: number | Shapes, proposals: Proposals, ...Out<Int32Array>]): Promise<void>;
  poissonU32(...a: [...Key4, lam: number | Shapes, proposals: Proposals, ...Out<Uint32Array>]): void;
  poissonU32Async(...a: [...Key4, lam: number | Shapes, proposals: Proposals, ...Out<Uint32Array>]): Promise<void>;
  poissonF64(...a: [...Key4, lam: number | Shapes, proposals: Proposals, ...Out<Float64Array>]): void;
  poissonF64Async(...a: [...Key4, lam: number | Shapes, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  binomialI32(...a: [...Key4, count: number | Shapes, p: number | Shapes, proposals: Proposals, ...Out<Int32Array>]): void;
  binomialI32Async(...a: [...Key4, count: number | Shapes, p: number | Shapes, proposals: Proposals, ...Out<Int32Array>]): Promise<void>;
  binomialU32(...a: [...Key4, count: number | Shapes, p: number | Shapes, proposals: Proposals, ...Out<Uint32Array>]): void;
  binomialU32Async(...a: [...Key4, count: number | Shapes, p: number | Shapes, proposals: Proposals, ...Out<Uint32Array>]): Promise<void>;
  binomialF64(...a: [...Key4, count: number | Shapes, p: number | Shapes, proposals: Proposals, ...Out<Float64Array>]): void;
  binomialF64Async(...a: [...Key4, count: number | Shapes, p: number | Shapes, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  negativeBinomialI32(...a: [...Key4, r: number, p: number, proposals: Proposals, ...Out<Int32Array>]): void;
  negativeBinomialI32Async(...a: [...Key4, r: number, p: number, proposals: Proposals, ...Out<Int32Array>]): Promise<void>;
  negativeBinomialU32(...a: [...Key4, r: number, p: number, proposals: Proposals, ...Out<Uint32Array>]): void;
  negativeBinomialU32Async(...a: [...Key4, r: number, p: number, proposals: Proposals, ...Out<Uint32Array>]): Promise<void>;
  negativeBinomialF64(...a: [...Key4, r: number, p: number, proposals: Proposals, ...Out<Float64Array>]): void;
  negativeBinomialF64Async(...a: [...Key4, r: number, p: number, proposals: Proposals, ...Out<Float64Array>]): Promise<void>;
  /** lo/hi: the flat index row·K + component. */
  multinomialI32(...a: [...Key4, count: number, probs: Float64Array, ...Out<Int32Array>]): void;
  multinomialI32Async(...a: [...Key4, count: number, probs: Float64Array, ...Out<Int32Array>]): Promise<void>;
  multinomialU32(...a: [...Key4, count: number, probs: Float64Array, ...Out<Uint32Array>]): void;
  multinomialU32Async(...a: [...Key4, count: number, probs: Float64Array, ...Out<Uint32Array>]): Promise<void>;
  multinomialF64(...a: [...Key4, count: number, probs: Float64Array, ...Out<Float64Array>]): void;
  multinomialF64Async(...a: [...Key4, count: number, probs: Float64Array, ...Out<Float64Array>]): Promise<void>;
  /** Integers in [low, high) (binding/discrete.cc): `type` is the output's type code (lib/core/types.ts
   *  DTYPE_CODE: int32, uint32 or float64); low and high safe integers, low < high, the range fitting the type. */
  integers(...a: [...Key4, type: number, low: number, high: number, ...Out<Int32Array | Uint32Array | Float64Array>]): void;
  integersAsync(...a: [...Key4, type: number, low: number, high: number, ...Out<Int32Array | Uint32Array | Float64Array>]): Promise<void>;
  /** Bernoulli(p) as `type` (uint8, int32, uint32, float32 or float64); p one number or per element. */
  bernoulli(...a: [...Key4, type: number, p: number | Shapes, ...Out<DiscreteArray>]): void;
  bernoulliAsync(...a: [...Key4, type: number, p: number | Shapes, ...Out<DiscreteArray>]): Promise<void>;
  /** Geometric(p) as `type` (int32, uint32 or float64); p at least the type's floor (lib/samplers/geometric.ts). */
  geometric(...a: [...Key4, type: number, p: number | Shapes, ...Out<Int32Array | Uint32Array | Float64Array>]): void;
  geometricAsync(...a: [...Key4, type: number, p: number | Shapes, ...Out<Int32Array | Uint32Array | Float64Array>]): Promise<void>;
  /**
   * Flat elements lo/hi … of a Sobol output (binding/qrng.cc, cuda/include/cr_api_qrng.h): `points`
   * points of `dims` dimensions from point offLo/offHi, layout 1 point-major / 0 dimension-major,
   * `bits` 32 or 64, `normal` 1 for the normal transform, `scramble` 0 none / 1 lms / 2 shift under
   * (k0, k1) / 3 given (cuRAND's scrambled Sobol); `dirs` the dimensions' direction vectors (dims × 32
   * words, or dims × 64 hi/lo pairs), with scramble 3 already scrambled and followed by the dims start
   * constants (a word, or a hi/lo pair, each).
   */
  sobolU32(...a: [...Key4, ...SobolArgs, ...Out<Uint32Array>]): void;
  sobolU32Async(...a: [...Key4, ...SobolArgs, ...Out<Uint32Array>]): Promise<void>;
  sobolF32(...a: [...Key4, ...SobolArgs, ...Out<Float32Array>]): void;
  sobolF32Async(...a: [...Key4, ...SobolArgs, ...Out<Float32Array>]): Promise<void>;
  sobolF64(...a: [...Key4, ...SobolArgs, ...Out<Float64Array>]): void;
  sobolF64Async(...a: [...Key4, ...SobolArgs, ...Out<Float64Array>]): Promise<void>;
  /** cuRAND's MRG32k3a at steps offset … after curand_init(seed, subsequence, 0): curand(), curand_uniform(), curand_uniform_double(). */
  mrg32k3aFill(...a: [...Mrg32k3aArgs, ...Out<Uint32Array>]): void;
  mrg32k3aFillAsync(...a: [...Mrg32k3aArgs, ...Out<Uint32Array>]): Promise<void>;
  mrg32k3aUniform32(...a: [...Mrg32k3aArgs, ...Out<Float32Array>]): void;
  mrg32k3aUniform32Async(...a: [...Mrg32k3aArgs, ...Out<Float32Array>]): Promise<void>;
  mrg32k3aUniform64(...a: [...Mrg32k3aArgs, ...Out<Float64Array>]): void;
  mrg32k3aUniform64Async(...a: [...Mrg32k3aArgs, ...Out<Float64Array>]): Promise<void>;
  /** The first n entries of the permutation of [0, population) (docs/streams.md, "permutation and uniform
   *  sampling"); n ≤ population. */
  permutationU32(...a: [...Key4, population: number, ...Out<Uint32Array>]): void;
  permutationU32Async(...a: [...Key4, population: number, ...Out<Uint32Array>]): Promise<void>;
  permutationI32(...a: [...Key4, population: number, ...Out<Int32Array>]): void;
  permutationI32Async(...a: [...Key4, population: number, ...Out<Int32Array>]): Promise<void>;
  permutationF64(...a: [...Key4, population: number, ...Out<Float64Array>]): void;
  permutationF64Async(...a: [...Key4, population: number, ...Out<Float64Array>]): Promise<void>;
  /** n items of a weighted sample without replacement, in key order (docs/streams.md, "weighted sampling without
   *  replacement"); host weights, checked by the caller (finite, ≥ 0, more than n positive). */
  weightedSampleU32(...a: [...Key4, weights: Float32Array | Float64Array, ...Out<Uint32Array>]): void;
  weightedSampleU32Async(...a: [...Key4, weights: Float32Array | Float64Array, ...Out<Uint32Array>]): Promise<void>;
  weightedSampleI32(...a: [...Key4, weights: Float32Array | Float64Array, ...Out<Int32Array>]): void;
  weightedSampleI32Async(...a: [...Key4, weights: Float32Array | Float64Array, ...Out<Int32Array>]): Promise<void>;
  weightedSampleF64(...a: [...Key4, weights: Float32Array | Float64Array, ...Out<Float64Array>]): void;
  weightedSampleF64Async(...a: [...Key4, weights: Float32Array | Float64Array, ...Out<Float64Array>]): Promise<void>;
  /** curand() outputs of cuRAND's XORWOW after curand_init(seed, subsequence, offset). */
  xorwowFill(seedLo: U32, seedHi: U32, subLo: U32, subHi: U32, offLo: U32, offHi: U32, out: Uint32Array): void;
  xorwowFillAsync(seedLo: U32, seedHi: U32, subLo: U32, subHi: U32, offLo: U32, offHi: U32, out: Uint32Array): Promise<void>;
  /** The outputs that follow `skip` steps from a curandStateXORWOW_t snapshot (v[5], d). */
  xorwowFillState(v0: U32, v1: U32, v2: U32, v3: U32, v4: U32, d: U32, skipLo: U32, skipHi: U32, out: Uint32Array): void;
  xorwowFillStateAsync(v0: U32, v1: U32, v2: U32, v3: U32, v4: U32, d: U32, skipLo: U32, skipHi: U32, out: Uint32Array): Promise<void>;
  /** The proposals the addon uses for -1 (0: one thread per element, looping). */
  gammaDefaultProposals?: number;
}

/** Device memory (binding/device_array.cc). */
export interface DeviceAddon {
  /** type: 0 uint32, 1 float32, 2 float64, 3 int32, 4 uint8 (lib/backend/cuda/device.ts TYPE_CODE). */
  deviceAlloc(type: number, length: number): DeviceHandle;
  deviceFree(handle: DeviceHandle): void;
  deviceToHost(handle: DeviceHandle, out: ArrayBufferView): void;
  deviceToHostAsync(handle: DeviceHandle, out: ArrayBufferView): Promise<void>;
  deviceFromHost(handle: DeviceHandle, src: ArrayBufferView): void;
  deviceFromHostAsync(handle: DeviceHandle, src: ArrayBufferView): Promise<void>;
  /** How host outputs reach pageable memory (cuda/include/cr_api_device.h): 'staging' (default) or 'register'. */
  setTransferMode(mode: 'staging' | 'register'): void;
  transferMode(): 'staging' | 'register';
}

export interface AliasTuning {
  /** 0 binary search per section, 1 P-ary search per warp. */
  split: number;
  /** 0 whole sections staged in shared memory, 1 chunks of 1024 positions. */
  pack: number;
  /** 0 auto, 1 shared-memory counters, 2 global atomics. */
  counts: number;
}

/** Alias tables (binding/alias.cc): weights are host values or a float device array; methods as
 *  numbers (0 psa, 1 psa+, 2 cdf for categorical). */
export interface AliasAddon {
  aliasBuild(weights: Shapes, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
    lo: Uint32Array | null, keep: boolean): AliasDeviceTable | undefined;
  aliasBuildAsync(weights: Shapes, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
    lo: Uint32Array | null, keep: boolean): Promise<AliasDeviceTable | undefined>;
  aliasUpload(rows: Uint32Array, n: number): AliasDeviceTable;
  aliasSample(table: AliasDeviceTable, ...a: [...Key4, ...Out<Uint32Array>]): void;
  aliasSampleAsync(table: AliasDeviceTable, ...a: [...Key4, ...Out<Uint32Array>]): Promise<void>;
  aliasCounts(table: AliasDeviceTable, ...a: [...Key4, count: number, out: Float64Array]): void;
  aliasCountsAsync(table: AliasDeviceTable, ...a: [...Key4, count: number, out: Float64Array]): Promise<void>;
  aliasCategorical(weights: Shapes, method: number, ...a: [...Key4, ...Out<Uint32Array>]): void;
  aliasCategoricalAsync(weights: Shapes, method: number, ...a: [...Key4, ...Out<Uint32Array>]): Promise<void>;
  aliasTuning(set?: Partial<AliasTuning>): AliasTuning;
}

/** What the runtime reports (binding/addon.cc deviceInfo). */
export interface CudaDeviceBrief {
  index: number;
  name: string;
  computeCapability: string;
  multiprocessors: number;
  totalMemory: number;
}

export interface CudaDeviceInfo {
  usable: boolean;
  runtimeVersion: number;
  driverVersion: number;
  deviceCount: number;
  archs: string;
  device?: number;
  name?: string;
  computeCapability?: string;
  multiprocessors?: number;
  totalMemory?: number;
  freeMemory?: number;
  error?: string;
  errorName?: string;
  /** Every visible GPU (properties only: no context is created on unused devices). */
  devices?: CudaDeviceBrief[];
}

/** The whole addon. */
export interface NativeAddon extends SamplerAddon, DeviceAddon, AliasAddon {
  deviceInfo(): CudaDeviceInfo;
  /** The device of this thread's later calls (async calls keep the one they were made with). */
  useDevice(device: number): void;
  currentDevice(): number;
  pinnedArrayBuffer(bytes: number): ArrayBuffer;
}

/** Names of the addon's synchronous sampler functions (each has an `…Async` twin). */
export type SamplerFn = Exclude<{ [K in keyof SamplerAddon]-?: K extends `${string}Async` ? never : K }[keyof SamplerAddon], 'gammaDefaultProposals'>;
