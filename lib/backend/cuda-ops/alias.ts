/**
 * Job → addon adapters of the alias-table ops (binding/alias.cc), and the device copies of tables.
 *
 * A table's rows live in host memory (the TypeScript backend, toBuffer, verify need them); the GPU
 * samples from a device copy made once per table: by the GPU build itself, or uploaded on the first
 * GPU sample. The copy is an opaque addon handle, kept in a WeakMap keyed by the rows array, so it
 * lives exactly as long as the table (the addon frees the device memory when the handle is collected)
 * and no job parameter carries it (jobs must stay structured-cloneable for the worker pool).
 */
import type { Job } from '../../job.js';
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

/** The addon's alias functions. Offsets travel as (lo, hi) uint32 pairs; methods as numbers
 *  (0 psa, 1 psa+, 2 cdf for categorical). */
export interface AliasAddon {
  aliasBuild(weights: Float32Array | Float64Array, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
    lo: Uint32Array | null, keep: boolean): AliasDeviceTable | undefined;
  aliasBuildAsync(weights: Float32Array | Float64Array, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
    lo: Uint32Array | null, keep: boolean): Promise<AliasDeviceTable | undefined>;
  aliasUpload(rows: Uint32Array, n: number): AliasDeviceTable;
  aliasSample(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, out: Uint32Array): void;
  aliasSampleAsync(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, out: Uint32Array): Promise<void>;
  aliasCounts(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, count: number, out: Float64Array): void;
  aliasCountsAsync(table: AliasDeviceTable, k0: U32, k1: U32, lo: U32, hi: U32, count: number, out: Float64Array): Promise<void>;
  aliasCategorical(weights: Float32Array | Float64Array, method: number, k0: U32, k1: U32, lo: U32, hi: U32, out: Uint32Array): void;
  aliasCategoricalAsync(weights: Float32Array | Float64Array, method: number, k0: U32, k1: U32, lo: U32, hi: U32,
    out: Uint32Array): Promise<void>;
  aliasTuning(set?: Partial<AliasTuning>): AliasTuning;
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

const resident = new WeakMap<Uint32Array, AliasDeviceTable>();

/** Whether these rows already have a device copy (then GPU sampling needs no upload). */
export function isResident(rows: Uint32Array): boolean {
  return resident.has(rows);
}

function deviceTable(addon: AliasAddon, params: Record<string, unknown>): AliasDeviceTable {
  const rows = params.rows as Uint32Array;
  let t = resident.get(rows);
  if (!t) {
    t = addon.aliasUpload(rows, params.n as number);
    resident.set(rows, t);
  }
  return t;
}

/**
 * - aliasBuild: out = the rows (2N words, filled); params { weights, method: 'psa' | 'psa+', hi, lo }
 *   (the units, filled). The device copy of the rows is kept for sampling.
 * - aliasSample: params { rows, n } (the table's); out = samples.
 * - aliasCounts: params { rows, n, count }; out = the histogram (Float64Array, counts are added).
 * - aliasCategorical: params { weights, method: 'psa' | 'psa+' | 'cdf' }; out = samples.
 */
export const ALIAS_OPS: Record<string, OpAdapter<AliasAddon>> = {
  aliasBuild(addon, { out, params }: Job, async) {
    const rows = out as Uint32Array;
    const w = params.weights as Float32Array | Float64Array;
    const m = methodCode(params.method);
    const hi = params.hi as Uint32Array, lo = params.lo as Uint32Array;
    if (async) {
      return addon.aliasBuildAsync(w, m, rows, hi, lo, true).then((t) => {
        if (t) resident.set(rows, t);
      });
    }
    const t = addon.aliasBuild(w, m, rows, hi, lo, true);
    if (t) resident.set(rows, t);
  },
  aliasSample(addon, { key, lo, hi, out, params }: Job, async) {
    const t = deviceTable(addon, params);
    return async
      ? addon.aliasSampleAsync(t, key[0], key[1], lo, hi, out as Uint32Array)
      : addon.aliasSample(t, key[0], key[1], lo, hi, out as Uint32Array);
  },
  aliasCounts(addon, { key, lo, hi, out, params }: Job, async) {
    const t = deviceTable(addon, params);
    const count = params.count as number;
    return async
      ? addon.aliasCountsAsync(t, key[0], key[1], lo, hi, count, out as Float64Array)
      : addon.aliasCounts(t, key[0], key[1], lo, hi, count, out as Float64Array);
  },
  aliasCategorical(addon, { key, lo, hi, out, params }: Job, async) {
    const w = params.weights as Float32Array | Float64Array;
    const m = methodCode(params.method);
    return async
      ? addon.aliasCategoricalAsync(w, m, key[0], key[1], lo, hi, out as Uint32Array)
      : addon.aliasCategorical(w, m, key[0], key[1], lo, hi, out as Uint32Array);
  },
};
