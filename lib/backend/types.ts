/** The seam every backend implements. All policy (validation, defaults, routing) stays in the facade. */
import type { Job } from '../core/job.js';

import type { BackendName, DeviceDtype, HostArray } from '../core/types.js';

export type { BackendName, BackendChoice, DeviceDtype, HostArray } from '../core/types.js';

/**
 * Memory a backend keeps results in (lib/facade/device-array.ts wraps it as a DeviceArray): a typed array on
 * the CPU backend, device memory on CUDA. Copies are whole-array from index 0.
 */
export interface DeviceStore {
  readonly backend: BackendName;
  /** The CUDA device holding the memory (CUDA backend), else undefined. */
  readonly device?: number;
  /** The typed array itself (CPU backend), else undefined. */
  readonly host?: HostArray;
  /** The addon's handle (CUDA backend), else undefined. */
  readonly handle?: unknown;
  /** Copies the first out.length elements into out. */
  toHost(out: HostArray): void;
  toHostAsync(out: HostArray): Promise<void>;
  /** Copies src into the first src.length elements. */
  fromHost(src: HostArray): void;
  /** Releases the memory now (or when calls still using it end); idempotent. */
  free(): void;
}

export interface Backend {
  readonly name: BackendName;
  /** The CUDA device index (CUDA backends only). */
  readonly device?: number;
  /** Whether this backend implements `op` (under `auto`, ops it lacks run on the CPU: same bits). */
  supports(op: string): boolean;
  /** Smallest n for which this backend is preferred under `auto` (per-call overhead vs. throughput). */
  crossover(op: string): number;
  run(job: Job): void;
  runAsync(job: Job): Promise<void>;
  /** Whether runAsync of a job of `count` elements would run it in the calling thread before it
   *  returns (the CPU's small jobs): the async call then takes the sync call's steps and settles at once. */
  runsInline?(count: number): boolean;
  /** Memory for `length` elements of `dtype` that stays with this backend (DeviceArray outputs). */
  allocate?(dtype: DeviceDtype, length: number): DeviceStore;
  /** Whether this backend already keeps a copy of `data` (e.g. alias-table rows on the GPU). */
  holds?(data: object): boolean;
}
