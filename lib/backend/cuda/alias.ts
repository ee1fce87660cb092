/**
 * Job → addon adapters of the alias-table ops (binding/alias.cc), and the device copies of tables.
 *
 * A table's rows live in host memory (the TypeScript backend, toBuffer, verify need them); the GPU
 * samples from a device copy made once per table: by the GPU build itself, or uploaded on the first
 * GPU sample. The copy is an opaque addon handle, kept in a WeakMap keyed by the rows array, so it
 * lives exactly as long as the table (the addon frees the device memory when the handle is collected)
 * and no job parameter carries it (jobs must stay structured-cloneable for the worker pool).
 *
 * DeviceArray operands (lib/facade/device-io.ts) arrive as addon handles: weights in job.device.inputs.weights
 * (read in place and checked on the device; a violation comes back with code 'ERANGE' and becomes the
 * facade's RangeError here), samples into job.device.out (handle, n).
 */
import type { Job } from '../../core/job.js';
import type { DeviceHandle } from './device.js';
import { mapErrors, outArgs, rangeError } from './shared.js';
import type { OpAdapter, U32 } from './types.js';

/** An addon handle to rows in device memory. */
export type AliasDeviceTable = { readonly __brand: 'AliasDeviceTable' };

export interface AliasTuning {
  /** 0 binary search per section, 1 P-ary search per warp. */
  split: number;
  /** 0 whole sections staged in shared memory, 1 chunks of 1024 positions. */
  pack: number;
  /** 0 auto, 1 shared-memory counters, 2 global atomics. */
  counts: number;
}

/** Weights: host values, or the handle of a float32/float64 DeviceArray on the GPU. */
type Weights = Float32Array | Float64Array | DeviceHandle;
/** Where samples go: a host Uint32Array (n = its length), or a uint32 device handle and n. */
type Out = [out: Uint32Array] | [out: DeviceHandle, n: number];

/** The addon's alias functions. Offsets travel as (lo, hi) uint32 pairs; methods as numbers
 *  (0 psa, 1 psa+, 2 cdf for categorical). */
export interface AliasAddon {
  aliasBuild(weights: Weights, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
    lo: Uint32Array | null, keep: boolean): AliasDeviceTable | undefined;
  aliasBuildAsync(weights: Weights, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
    lo: Uint32Array | null, keep: boolean): Promise<AliasDeviceTable | undefined>;
  aliasUpload(rows: Uint32Array, n: number): AliasDeviceTable;
  aliasSample(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, ...out: Out): void;
  aliasSampleAsync(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, ...out: Out): Promise<void>;
  aliasCounts(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, count: number, out: Float64Array): void;
  aliasCountsAsync(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, count: number, out: Float64Array): Promise<void>;
  aliasCategorical(weights: Weights, method: number, k0: U32, k1: U32, lo: U32, hi: U32, ...out: Out): void;
  aliasCategoricalAsync(weights: Weights, method: number, k0: U32, k1: U32, lo: U32, hi: U32, ...out: Out): Promise<void>;
  aliasTuning(set?: Partial<AliasTuning>): AliasTuning;
  /** binding/addon.cc: the device calls run on (see CudaAddon). */
  currentDevice?(): number;
}

/** Op names (the sampling op is the CPU kernel's, lib/alias/run.ts OP_ALIAS). */
export const OP_ALIAS_BUILD = 'aliasBuild';
export const OP_ALIAS_SAMPLE = 'aliasSample';
export const OP_ALIAS_COUNTS = 'aliasCounts';
export const OP_CATEGORICAL = 'aliasCategorical';

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
function deviceOf(addon: AliasAddon): number {
  return typeof addon.currentDevice === 'function' ? addon.currentDevice() : 0;
}

function keepTable(rows: Uint32Array, device: number, t: AliasDeviceTable): void {
  let m = resident.get(rows);
  if (!m) resident.set(rows, (m = new Map()));
  m.set(device, t);
}

function deviceTable(addon: AliasAddon, params: Record<string, unknown>): AliasDeviceTable {
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
function weightsArg(job: Job): Weights {
  return (job.device?.inputs?.weights ?? job.params.weights) as Weights;
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
 */
export const ALIAS_OPS: Record<string, OpAdapter<AliasAddon>> = {
  aliasBuild(addon, job: Job, async) {
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
  aliasSample(addon, job: Job, async) {
    const t = deviceTable(addon, job.params);
    const { key, lo, hi } = job;
    const out = outArgs(job) as Out;
    return async
      ? addon.aliasSampleAsync(t, key[0], key[1], lo, hi, ...out)
      : addon.aliasSample(t, key[0], key[1], lo, hi, ...out);
  },
  aliasCounts(addon, { key, lo, hi, out, params }: Job, async) {
    const t = deviceTable(addon, params);
    const count = params.count as number;
    return async
      ? addon.aliasCountsAsync(t, key[0], key[1], lo, hi, count, out as Float64Array)
      : addon.aliasCounts(t, key[0], key[1], lo, hi, count, out as Float64Array);
  },
  aliasCategorical(addon, job: Job, async) {
    const w = weightsArg(job);
    const m = methodCode(job.params.method);
    const { key, lo, hi } = job;
    const out = outArgs(job) as Out;
    return mapErrors(async, () => async
      ? addon.aliasCategoricalAsync(w, m, key[0], key[1], lo, hi, ...out)
      : addon.aliasCategorical(w, m, key[0], key[1], lo, hi, ...out), weightsError);
  },
};
