/** The TypeScript backend: the executable specification, and the fallback everywhere. */
import type { Backend, DeviceDtype, DeviceStore, HostArray } from '../types.js';
import { KERNELS, runKernel } from './kernels.js';
import { runPooled } from './pool.js';

const CTORS = { uint32: Uint32Array, float32: Float32Array, float64: Float64Array } as const;

/** The CPU backend's device memory: a typed array (freeing drops it for the GC). */
export function cpuStore(host: HostArray): DeviceStore {
  let data: HostArray | null = host;
  const live = (): HostArray => {
    if (!data) throw new Error('internal: a freed CPU device store was used');
    return data;
  };
  return {
    backend: 'cpu',
    get host() { return data ?? undefined; },
    toHost(out) { out.set(live().subarray(0, out.length) as never); },
    async toHostAsync(out) { out.set(live().subarray(0, out.length) as never); },
    fromHost(src) { live().set(src as never); },
    free() { data = null; },
  };
}

export const cpuBackend: Backend = {
  name: 'cpu',
  supports: (op) => op in KERNELS,
  crossover: () => 0,
  run(job) {
    runKernel(job.op, { k0: job.key[0], k1: job.key[1], ...job });
  },
  runAsync: runPooled,
  allocate: (dtype: DeviceDtype, length: number) => cpuStore(new CTORS[dtype](length)),
};
