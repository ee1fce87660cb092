/**
 * cuRAND's MRG32k3a bulk fills (docs/qmc.md, "Bulk fills on either backend"): element j of a job is the value at step
 * job.lo/hi + j after curand_init(seed, subsequence, 0) — curand(), curand_uniform() or
 * curand_uniform_double() by output type —, the same rule as XORWOW's xorwowFill op. The CPU kernel
 * steps lib/kernels/mrg32k3a; the GPU jumps each thread ahead (cuda/include/cr_mrg32k3a.h).
 * job.key is ignored. mrg32k3aFill() (lib/mrg32k3a) is the public face.
 */
import { mrg32k3aKernel } from '../kernels/mrg32k3a/kernel.js';
import type { OpSpec } from './spec.js';

export const OP_MRG32K3A_U32 = 'mrg32k3aFill';
export const OP_MRG32K3A_F32 = 'mrg32k3aUniform32';
export const OP_MRG32K3A_F64 = 'mrg32k3aUniform64';
/** The one hand-written CUDA adapter of the three (lib/backend/cuda/custom.ts). */
export const OP_MRG32K3A = 'mrg32k3a';

const cuda = { custom: OP_MRG32K3A, crossover: 1 << 15 } as const;

export const MRG32K3A_OPS: readonly OpSpec[] = [
  { name: OP_MRG32K3A_U32, dtype: 'uint32', cpu: mrg32k3aKernel, cuda },
  { name: OP_MRG32K3A_F32, dtype: 'float32', cpu: mrg32k3aKernel, cuda },
  { name: OP_MRG32K3A_F64, dtype: 'float64', cpu: mrg32k3aKernel, cuda },
];
