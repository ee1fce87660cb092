/**
 * The ops of permutations and sampling without replacement (lib/permute is their public face; the
 * stream is docs/streams.md, "Permutations and sampling without replacement"). Not elementwise: a job
 * is the whole result (`whole`), never cut into element ranges; a permutation's job may instead be computed
 * in parts, each a range of keys (`parts`: params `part`, `parts`), by the pool's workers at once. A uniform sample of few from many (docs/streams.md, "Few of
 * many") is its own op, sparseSample; the rest select from keys.
 */
import { permutationKernel, permutationPartKernel, weightedSampleKernel } from '../kernels/select.js';
import { sparseSampleKernel } from '../kernels/sparse-sample.js';
import { permutationWasm, weightedSampleWasm } from '../wasm/select.js';
import { permutationInParts, permutationNative } from '../native/cpu.js';
import type { DeviceDtype } from '../core/types.js';
import type { SamplerFn } from '../core/addon.js';
import type { OpSpec } from './spec.js';

/** Output types of both, the default first (int32, the project's integer default; docs/streams.md, "Permutations and
 *  sampling without replacement":
 *  the largest index, n − 1, must fit the type). */
export type SelectDtype = Extract<DeviceDtype, 'int32' | 'uint32' | 'float64'>;
export const SELECT_DTYPES: readonly SelectDtype[] = ['int32', 'uint32', 'float64'];
type SelectOut = Int32Array | Uint32Array | Float64Array;

const SUFFIX: Record<SelectDtype, string> = { int32: 'I32', uint32: 'U32', float64: 'F64' };

export const permutationOp = (dtype: SelectDtype): string => `permutation${SUFFIX[dtype]}`;
export const weightedSampleOp = (dtype: SelectDtype): string => `weightedSample${SUFFIX[dtype]}`;
export const sparseSampleOp = (dtype: SelectDtype): string => `sparseSample${SUFFIX[dtype]}`;

/** The CUDA adapter of the sparse samples (lib/backend/cuda/custom.ts): sequential by nature, the host
 *  computes them for every backend and uploads a DeviceArray output (docs/streams.md, "Few of many"). */
export const OP_SPARSE_SAMPLE = 'sparseSample';

/** The GPU pays from about this many keys on (a radix sort of 2^16 keys is a few launches). */
const CROSSOVER = 1 << 16;

export const SELECT_OPS: readonly OpSpec[] = SELECT_DTYPES.flatMap((dtype): OpSpec[] => [
  {
    name: permutationOp(dtype), dtype, whole: true, fast: permutationWasm, native: permutationNative,
    parts: (a) => a.out.length === a.params.population && permutationInParts(a.out.length),  // a whole one only
    cpu: (a) => a.params.parts === undefined
      ? permutationKernel(a.k0, a.k1, a.params.population as number, a.out as SelectOut)
      : permutationPartKernel(a.k0, a.k1, a.params.part as number, a.params.parts as number, a.out as SelectOut),
    cuda: { fn: permutationOp(dtype) as SamplerFn, args: [{ param: 'population' }], crossover: CROSSOVER },
  },
  {
    // auto never prefers the GPU for it (Infinity): the GPU would only receive the host's k results.
    name: sparseSampleOp(dtype), dtype, whole: true,
    cpu: (a) => sparseSampleKernel(a.k0, a.k1, a.params.population as number, a.out as SelectOut),
    cuda: { custom: OP_SPARSE_SAMPLE, crossover: Infinity },
  },
  {
    name: weightedSampleOp(dtype), dtype, whole: true, fast: weightedSampleWasm,
    cpu: (a) => weightedSampleKernel(a.k0, a.k1, a.params.weights as Float32Array | Float64Array, a.out as Int32Array | Uint32Array | Float64Array),
    cuda: { fn: weightedSampleOp(dtype) as SamplerFn, args: [{ shapes: 'weights', perElement: false }], crossover: CROSSOVER },
  },
]);
