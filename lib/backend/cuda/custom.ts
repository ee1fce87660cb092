/**
 * The CUDA adapters the registry cannot derive from an argument list (lib/samplers/spec.ts `custom`):
 * alias tables, whose rows the GPU keeps between calls, XORWOW and MRG32k3a, which have no key, and
 * Sobol, whose direction vectors come from the host (the last two in qrng.ts).
 *
 * A table's rows live in host memory (the TypeScript backend, toBuffer, verify need them); the GPU
 * samples from a device copy made once per table and GPU: by the GPU build itself, or uploaded on the
 * first GPU sample there. The copy is an opaque addon handle, kept in a WeakMap keyed by the rows
 * array, so it lives exactly as long as the table (the addon frees the device memory when the handle
 * is collected) and no job parameter carries it (jobs stay structured-cloneable for the worker pool).
 *
 * DeviceArray operands (lib/facade/device-io.ts) arrive as addon handles: weights in
 * job.device.inputs.weights (read in place and checked on the device; a violation comes back with code
 * 'ERANGE' and becomes the facade's RangeError here), samples into job.device.out (handle, n).
 */
import type { Job } from '../../core/job.js';
import type { AliasDeviceTable, DeviceHandle, NativeAddon, Out, Shapes } from '../../core/addon.js';
import { OP_ALIAS, OP_ALIAS_BUILD, OP_ALIAS_COUNTS, OP_CATEGORICAL } from '../../samplers/alias.js';
import { OP_XORWOW } from '../../samplers/xorwow.js';
import { OP_SOBOL } from '../../samplers/sobol.js';
import { OP_MRG32K3A } from '../../samplers/mrg32k3a.js';
import { OP_SPARSE_SAMPLE } from '../../samplers/select.js';
import { sparseSampleKernel } from '../../kernels/sparse-sample.js';
import { CTORS, type DeviceDtype } from '../../core/types.js';
import { OPS } from '../../samplers/registry.js';
import { mapErrors, outArgs, rangeError } from './errors.js';
import { mrg32k3aAdapter, sobolAdapter } from './qrng.js';

/** Calls the addon for `job`: blocking when !async, else returns the addon's Promise. */
export type Adapter = (addon: NativeAddon, job: Job, async: boolean) => void | Promise<void>;

const METHODS: Record<string, number> = { psa: 0, 'psa+': 1, cdf: 2 };

function methodCode(m: unknown): number {
  const c = typeof m === 'string' ? METHODS[m] : undefined;
  if (c === undefined) throw new Error(`internal: unknown alias method ${String(m)}`);
  return c;
}

/** Device copies of table rows, per GPU. */
const resident = new WeakMap<Uint32Array, Map<number, AliasDeviceTable>>();

/** Whether these rows already have a device copy on some GPU (then GPU sampling may need no upload). */
export function isResident(rows: Uint32Array): boolean {
  return resident.has(rows);
}

/** The GPU the addon's next call runs on (the backend selected it). */
function deviceOf(addon: NativeAddon): number {
  return typeof addon.currentDevice === 'function' ? addon.currentDevice() : 0;
}

function keepTable(rows: Uint32Array, device: number, t: AliasDeviceTable): void {
  let m = resident.get(rows);
  if (!m) resident.set(rows, (m = new Map()));
  m.set(device, t);
}

function deviceTable(addon: NativeAddon, params: Record<string, unknown>): AliasDeviceTable {
  const rows = params.rows as Uint32Array;
  const device = deviceOf(addon);
  let t = resident.get(rows)?.get(device);
  if (!t) {
    t = addon.aliasUpload(rows, params.n as number);
    keepTable(rows, device, t);
  }
  return t;
}

/** The weights argument: the DeviceArray's handle when the job has one, else the host values. */
function weightsArg(job: Job): Shapes {
  return (job.device?.inputs?.weights ?? job.params.weights) as Shapes;
}

/** A C "%.17g" number as JavaScript prints it (nan, inf and 0.10000000000000001 become NaN, Infinity, 0.1). */
function jsNumber(c: string): string {
  if (/^[-+]?nan/i.test(c)) return 'NaN';
  if (/^[-+]?inf/i.test(c)) return c.startsWith('-') ? '-Infinity' : 'Infinity';
  return String(Number(c));
}

/** The device's 'ERANGE' for weights as the RangeError checkWeights throws for the same host values. */
function weightsError(e: unknown): unknown {
  const r = rangeError(e);
  if (r instanceof RangeError) r.message = r.message.replace(/got (\S+)$/, (_, c: string) => `got ${jsNumber(c)}`);
  return r;
}

/**
 * - aliasBuild: out = the rows (2N words, filled); params { weights, method: 'psa' | 'psa+', hi, lo }
 *   (the units, filled), or device.inputs.weights. The device copy of the rows is kept for sampling.
 * - aliasSample: params { rows, n } (the table's); out = samples, or device.out.
 * - aliasCounts: params { rows, n, count }; out = the histogram (Float64Array, counts are added).
 * - aliasCategorical: params { weights, method: 'psa' | 'psa+' | 'cdf' } or device.inputs.weights;
 *   out = samples, or device.out.
 * - xorwowFill: the curand() outputs of cuRAND's XORWOW. Either params { seedLo, seedHi,
 *   subsequenceLo, subsequenceHi } (curand_init(seed, subsequence, offset) with offset = job.lo/hi),
 *   or params { state: { v: [5 words], d } } (a curandStateXORWOW_t snapshot, skipping job.lo/hi
 *   steps first). job.key is ignored.
 * - sparseSample: params { population }; out = the k indices, or device.out (computed on the host).
 * - sobol, mrg32k3a: lib/backend/cuda/qrng.ts.
 */
/** Adapters that call the addon function named like the job's op (an addon built before those
 *  functions existed then lacks them, and the backend must not claim the op). */
export const CALLS_OP_NAMED: ReadonlySet<string> = new Set([OP_SOBOL, OP_MRG32K3A]);

export const CUSTOM: Readonly<Record<string, Adapter>> = {
  [OP_ALIAS_BUILD](addon, job, async) {
    const rows = job.out as Uint32Array;
    const w = weightsArg(job);
    const m = methodCode(job.params.method);
    const hi = job.params.hi as Uint32Array, lo = job.params.lo as Uint32Array;
    const device = deviceOf(addon);
    const keep = (t: AliasDeviceTable | undefined): void => {
      if (t) keepTable(rows, device, t);
    };
    const t = mapErrors(async, () => async
      ? addon.aliasBuildAsync(w, m, rows, hi, lo, true)
      : addon.aliasBuild(w, m, rows, hi, lo, true), weightsError);
    if (t instanceof Promise) return t.then(keep);
    keep(t);
  },
  [OP_ALIAS](addon, job, async) {
    const t = deviceTable(addon, job.params);
    const { key, lo, hi } = job;
    const out = outArgs(job) as Out<Uint32Array>;
    return async
      ? addon.aliasSampleAsync(t, key[0], key[1], lo, hi, ...out)
      : addon.aliasSample(t, key[0], key[1], lo, hi, ...out);
  },
  [OP_ALIAS_COUNTS](addon, { key, lo, hi, out, params }, async) {
    const t = deviceTable(addon, params);
    const count = params.count as number;
    return async
      ? addon.aliasCountsAsync(t, key[0], key[1], lo, hi, count, out as Float64Array)
      : addon.aliasCounts(t, key[0], key[1], lo, hi, count, out as Float64Array);
  },
  [OP_CATEGORICAL](addon, job, async) {
    const w = weightsArg(job);
    const m = methodCode(job.params.method);
    const { key, lo, hi } = job;
    const out = outArgs(job) as Out<Uint32Array>;
    return mapErrors(async, () => async
      ? addon.aliasCategoricalAsync(w, m, key[0], key[1], lo, hi, ...out)
      : addon.aliasCategorical(w, m, key[0], key[1], lo, hi, ...out), weightsError);
  },
  [OP_XORWOW](addon, { lo, hi, out, params }, async) {
    const state = params.state as { v: ArrayLike<number>; d: number } | undefined;
    if (state) {
      const v = state.v;
      return async
        ? addon.xorwowFillStateAsync(v[0], v[1], v[2], v[3], v[4], state.d, lo, hi, out as Uint32Array)
        : addon.xorwowFillState(v[0], v[1], v[2], v[3], v[4], state.d, lo, hi, out as Uint32Array);
    }
    const p = params as { seedLo?: number; seedHi?: number; subsequenceLo?: number; subsequenceHi?: number };
    const a = [p.seedLo ?? 0, p.seedHi ?? 0, p.subsequenceLo ?? 0, p.subsequenceHi ?? 0, lo, hi] as const;
    return async
      ? addon.xorwowFillAsync(a[0], a[1], a[2], a[3], a[4], a[5], out as Uint32Array)
      : addon.xorwowFill(a[0], a[1], a[2], a[3], a[4], a[5], out as Uint32Array);
  },
  [OP_SPARSE_SAMPLE](addon, job, async) {
    // Sequential by nature (each step reads the swaps before it) and O(k): the host computes it — the
    // CPU backend's own kernel, so the same bits — and a DeviceArray output receives the k indices.
    const population = job.params.population as number;
    const d = job.device?.out;
    if (!d) {
      sparseSampleKernel(job.key[0], job.key[1], population, job.out as Int32Array | Uint32Array | Float64Array);
      return;
    }
    const host = new CTORS[OPS.get(job.op)!.dtype as DeviceDtype](d.n) as Int32Array | Uint32Array | Float64Array;
    sparseSampleKernel(job.key[0], job.key[1], population, host);
    if (async) return addon.deviceFromHostAsync(d.handle as DeviceHandle, host);
    addon.deviceFromHost(d.handle as DeviceHandle, host);
  },
  [OP_SOBOL]: sobolAdapter,
  [OP_MRG32K3A]: mrg32k3aAdapter,
};
