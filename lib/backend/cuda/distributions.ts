/**
 * Job → addon adapters of the distribution samplers (normal, exponential, gamma, beta, Dirichlet); the
 * addon's functions are binding/distributions.cc's, named like the CPU kernels (lib/backend/cpu/kernels.ts).
 * Every op reads the stream position of out[0] from job.lo/job.hi (Dirichlet: the flat value index).
 */
import type { Job } from '../../core/job.js';
import type { OpAdapter, U32 } from './types.js';

import type { DeviceHandle } from './device.js';
import { mapErrors, outArgs, rangeError } from './shared.js';

/** Where an addon call writes: a host typed array (n = its length), or a device handle and n. */
type Out<T> = [out: T] | [out: DeviceHandle, n: number];
type Alpha = number | Float32Array | Float64Array | DeviceHandle;
type Shapes = Float32Array | Float64Array | DeviceHandle;

/** The addon's sampler functions (binding/distributions.cc); each has an Async twin returning a Promise. */
export interface DistAddon {
  normalBM32(k0: U32, k1: U32, lo: U32, hi: U32, mean: number, std: number, ...out: Out<Float32Array>): void;
  normalBM64(k0: U32, k1: U32, lo: U32, hi: U32, mean: number, std: number, ...out: Out<Float64Array>): void;
  normalPolar32(k0: U32, k1: U32, lo: U32, hi: U32, mean: number, std: number, ...out: Out<Float32Array>): void;
  normalPolar64(k0: U32, k1: U32, lo: U32, hi: U32, mean: number, std: number, ...out: Out<Float64Array>): void;
  exponential32(k0: U32, k1: U32, lo: U32, hi: U32, rate: number, ...out: Out<Float32Array>): void;
  exponential64(k0: U32, k1: U32, lo: U32, hi: U32, rate: number, ...out: Out<Float64Array>): void;
  gamma32(k0: U32, k1: U32, lo: U32, hi: U32, alpha: Alpha, scale: number, lanes: number, ...out: Out<Float32Array>): void;
  gamma64(k0: U32, k1: U32, lo: U32, hi: U32, alpha: Alpha, scale: number, lanes: number, ...out: Out<Float64Array>): void;
  beta32(k0: U32, k1: U32, lo: U32, hi: U32, a: number, b: number, lanes: number, ...out: Out<Float32Array>): void;
  beta64(k0: U32, k1: U32, lo: U32, hi: U32, a: number, b: number, lanes: number, ...out: Out<Float64Array>): void;
  dirichlet32(k0: U32, k1: U32, lo: U32, hi: U32, alpha: Shapes, lanes: number, ...out: Out<Float32Array>): void;
  dirichlet64(k0: U32, k1: U32, lo: U32, hi: U32, alpha: Shapes, lanes: number, ...out: Out<Float64Array>): void;
  /** The lane count the addon uses for lanes = -1 (CR_GAMMA_DEFAULT_LANES; 0 = one thread per element). */
  gammaDefaultLanes?: number;
}

type AddonFn = (...args: unknown[]) => void | Promise<void>;

/** Lanes argument of the gamma-based ops: -1 lets the addon choose (proposals omitted); 1 proposal is
 *  the one-thread-per-element loop (0); M >= 2 the M-proposal reduction with the largest power of two
 *  lanes <= min(M, 32) (a warp's lanes split evenly). The output never depends on it. */
export function lanesFor(proposals: unknown): number {
  if (proposals === undefined) return -1;
  const p = proposals as number;
  if (p <= 1) return 0;
  let m = 1;
  while (m * 2 <= Math.min(p, 32)) m *= 2;
  return m;
}

/** A shape argument: the DeviceArray's handle when the job has one, else the host values. */
function shapes(job: Job, fromHost: unknown): unknown {
  const d = job.device?.inputs?.alpha;
  return d !== undefined ? d : fromHost;
}

/** Calls addon[name](...args, <out>) or its Async twin. */
function invoke(addon: DistAddon, name: string, args: unknown[], job: Job, async: boolean): void | Promise<void> {
  const fn = (addon as unknown as Record<string, AddonFn>)[async ? `${name}Async` : name];
  const all = [...args, ...outArgs(job)];
  return mapErrors(async, () => fn.apply(addon, all), rangeError);
}

const key4 = (j: Job): [U32, U32, U32, U32] => [j.key[0], j.key[1], j.lo, j.hi];

const normal = (name: string): OpAdapter<DistAddon> => (addon, job, async) =>
  invoke(addon, name, [...key4(job), job.params.mean, job.params.std], job, async);

const exponential = (name: string): OpAdapter<DistAddon> => (addon, job, async) =>
  invoke(addon, name, [...key4(job), job.params.rate], job, async);

const gamma = (name: string): OpAdapter<DistAddon> => (addon, job, async) =>
  invoke(addon, name, [...key4(job), shapes(job, job.perElement.alpha ?? job.params.alpha), job.params.scale,
    lanesFor(job.params.proposals)], job, async);

const beta = (name: string): OpAdapter<DistAddon> => (addon, job, async) =>
  invoke(addon, name, [...key4(job), job.params.a, job.params.b, lanesFor(job.params.proposals)], job, async);

const dirichlet = (name: string): OpAdapter<DistAddon> => (addon, job, async) =>
  invoke(addon, name, [...key4(job), shapes(job, job.params.alpha), lanesFor(job.params.proposals)], job, async);

/**
 * - normalBM32/64, normalPolar32/64: params { mean, std }.
 * - exponential32/64: params { rate }.
 * - gamma32/64: params { alpha, scale, proposals? }, or perElement.alpha (one shape per element), or
 *   device.inputs.alpha (a DeviceArray's handle).
 * - beta32/64: params { a, b, proposals? }.
 * - dirichlet32/64: params { alpha: the K shapes, proposals? } or device.inputs.alpha; job.lo/hi is the
 *   flat value index.
 * Every op writes job.out, or the DeviceArray of job.device.out.
 */
export const DIST_OPS: Record<string, OpAdapter<DistAddon>> = {
  normalBM32: normal('normalBM32'),
  normalBM64: normal('normalBM64'),
  normalPolar32: normal('normalPolar32'),
  normalPolar64: normal('normalPolar64'),
  exponential32: exponential('exponential32'),
  exponential64: exponential('exponential64'),
  gamma32: gamma('gamma32'),
  gamma64: gamma('gamma64'),
  beta32: beta('beta32'),
  beta64: beta('beta64'),
  dirichlet32: dirichlet('dirichlet32'),
  dirichlet64: dirichlet('dirichlet64'),
};
