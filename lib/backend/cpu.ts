/** The TypeScript backend: the executable specification, and the fallback everywhere. */
import type { Backend } from './types.js';
import { KERNELS, runKernel } from '../cpu/kernels.js';
import { runPooled } from '../pool.js';

export const cpuBackend: Backend = {
  name: 'cpu',
  supports: (op) => op in KERNELS,
  crossover: () => 0,
  run(job) {
    runKernel(job.op, { k0: job.key[0], k1: job.key[1], ...job });
  },
  runAsync: runPooled,
};
