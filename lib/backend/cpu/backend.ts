/** The TypeScript backend: the executable specification, and the fallback everywhere. */
import type { Backend, DeviceStore } from '../types.js';
import { CTORS, type DeviceDtype, type HostArray } from '../../core/types.js';
import { kernelArgs } from '../../core/job.js';
import { DEFAULT_PATH, cpuSupports, runKernel, type CpuPath } from './kernels.js';
import { POOL_MIN_ELEMENTS, runPooled } from './pool.js';

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

/** A CPU backend on `path` (tests compare the specification with the fast kernels by injecting it). */
export function makeCpuBackend(path: CpuPath = DEFAULT_PATH): Backend {
  return {
    name: 'cpu',
    supports: cpuSupports,
    crossover: () => 0,
    run(job) {
      runKernel(job.op, kernelArgs(job), path);
    },
    runAsync: (job) => runPooled(job, path),
    runsInline: (count) => count < POOL_MIN_ELEMENTS,
    allocate: (dtype: DeviceDtype, length: number) => cpuStore(new CTORS[dtype](length)),
  };
}

export const cpuBackend: Backend = makeCpuBackend();
