/**
 * Sobol points (docs/qmc.md, "Sobol" to "Keyed randomisation"): one op per output type, the CPU specification kernel of
 * lib/kernels/sobol and the CUDA kernels of cuda/include/cr_sobol.h. The job's key is the
 * randomisation key ([0, 0] without one), job.lo/hi the first flat element, params SobolParams.
 * sobol() (lib/sobol) is the public face; Sobol64 words (uint64) have no op: BigUint64Array is no
 * DeviceArray type, so they stay on the CPU.
 */
import { sobolKernel, type SobolArray } from '../kernels/sobol/kernel.js';
import type { KernelArgs } from '../core/job.js';
import type { OpSpec } from './spec.js';

export const OP_SOBOL_U32 = 'sobolU32';
export const OP_SOBOL_F32 = 'sobolF32';
export const OP_SOBOL_F64 = 'sobolF64';
/** The one hand-written CUDA adapter of the three (lib/backend/cuda/custom.ts). */
export const OP_SOBOL = 'sobol';

const cpu = (a: KernelArgs): void => sobolKernel(a as KernelArgs & { out: SobolArray });
// Each element is an O(bits) Gray-code sum on the GPU, cheap like a Philox block; the CPU makes one
// XOR per element, so the GPU pays from about the size of the raw bits' crossover.
const cuda = { custom: OP_SOBOL, crossover: 1 << 16 } as const;

export const SOBOL_OPS: readonly OpSpec[] = [
  { name: OP_SOBOL_U32, dtype: 'uint32', cpu, cuda },
  { name: OP_SOBOL_F32, dtype: 'float32', cpu, cuda },
  { name: OP_SOBOL_F64, dtype: 'float64', cpu, cuda },
];
