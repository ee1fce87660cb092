/**
 * AliasTable: an integer-exact alias table (docs/alias.md). Built from weights through fixed-point
 * units (fixed-point.ts) by PSA or PSA+ (psa.ts); sampled by the rule of sample.ts.
 */
import { prepare } from '../facade/prepare.js';
import { checkDevice, pickBackend, requestedBackend, type Placement } from '../backend/select.js';
import { internalArray } from '../core/owned.js';
import { record } from '../core/records.js';
import type { Backend } from '../backend/types.js';
import { OP_ALIAS, OP_ALIAS_BUILD } from '../samplers/alias.js';
import type { Key } from '../core/keys.js';
import { jobOf } from '../core/job.js';
import { DeviceArray } from '../facade/device-array.js';
import type { WithDeviceOut } from '../facade/dtype.js';
import { checkEnum, knownOptions } from '../core/validate.js';
import { checkDeviceWeights, hostWeights } from './device-weights.js';
import { checkWeights, fixedPoint, totalUnits, type FixedPoint, type WeightsInput } from './fixed-point.js';
import { allocRows, buildRows, unitsFromRows, type PsaMethod } from './psa.js';
import { decode, encode } from './format.js';
import { tempSlot } from '../core/temp.js';
import {
  COUNTS_NAMES, countsPrepared, countsPreparedAsync, sampleAsync, sampleSync,
  type AliasCountsOptions, type AliasSampleOptions,
} from './run.js';

export interface AliasBuildOptions {
  /** 'psa' (default) or 'psa+' (local pre-pass first); the two give different, equally exact tables. */
  method?: PsaMethod;
  /**
   * Where to build: 'auto' (default: CUDA_RANDOM_BACKEND, else the GPU for at least the CUDA
   * crossover's number of items when one is usable), 'cpu' or 'cuda'. Same table either way.
   */
  backend?: 'auto' | 'cpu' | 'cuda';
}

export type { AliasSampleOptions, AliasCountsOptions } from './run.js';
export type { PsaMethod } from './psa.js';

const METHODS: readonly PsaMethod[] = ['psa', 'psa+'];

/** build()'s copy of host weights (a reused temporary: read before build returns). */
const BUILD_WEIGHTS = { f64: tempSlot(Float64Array), f32: tempSlot(Float32Array) };
/** Up to this many items a CPU build puts rows and units in one buffer (#fromWeights). */
const ONE_BUFFER_MAX = 1 << 16;

/** Only the factories construct tables (a table from `new` would have no rows). */
const INTERNAL = Symbol('AliasTable');

export function checkBuildOptions(options: unknown): { method: PsaMethod; place: Placement } {
  const opts = knownOptions('AliasTable.build', options, ['method', 'backend', 'device']);
  const method = checkEnum(opts.method, METHODS, 'method', 'psa');
  const backend = requestedBackend(opts.backend); // validates the choice before any work
  checkDevice(opts.device);
  // the resolved choice: the pickBackend that follows reads CUDA_RANDOM_BACKEND no second time
  return { method, place: { backend, device: opts.device } };
}

export class AliasTable {
  /** Number of items (= rows). */
  readonly size: number;
  /** The construction method that produced the rows. */
  readonly method: PsaMethod;
  readonly #rows: Uint32Array;
  readonly #hi: Uint32Array;
  readonly #lo: Uint32Array;
  readonly #params: Record<string, unknown>;

  private constructor(token: typeof INTERNAL, method: PsaMethod, rows: Uint32Array, hi: Uint32Array, lo: Uint32Array) {
    if (token !== INTERNAL) {
      throw new TypeError('AliasTable has no public constructor: use AliasTable.build(weights, options) or AliasTable.fromBuffer(buffer)');
    }
    this.size = hi.length;
    this.method = method;
    // Never handed out (rows() copies): async GPU calls may use them in place.
    this.#rows = internalArray(rows);
    this.#hi = internalArray(hi);
    this.#lo = internalArray(lo);
    this.#params = record({ rows, n: this.size });
  }

  /**
   * Builds the table for `weights` (Float32Array, Float64Array or number[]; finite, ≥ 0, not all zero,
   * 1 … 2^32−1 items). The table is a deterministic function of the weights and the method.
   *
   * `weights` may also be a float32/float64 DeviceArray (docs/alias.md, "DeviceArray operands"): under 'auto' the table
   * is built where the array lives; GPU-resident weights are read and checked in place, never copied
   * to the host. The table is the same either way.
   */
  static build(weights: WeightsInput | DeviceArray, options?: AliasBuildOptions): AliasTable {
    if (weights instanceof DeviceArray) {
      const store = checkDeviceWeights(weights);
      const { method, place } = checkBuildOptions(options);
      const be = pickBackend(place, OP_ALIAS_BUILD, weights.length, weights.backend, weights.device ?? undefined);
      if (be.name === 'cuda' && store.handle !== undefined && store.device === be.device) {
        return AliasTable.#buildOn(be, weights.length, method, {}, { weights: store.handle });
      }
      const a = hostWeights(weights, store);
      return be.name === 'cuda' ? AliasTable.#buildOn(be, a.length, method, { weights: a }) : AliasTable.#fromWeights(a, method);
    }
    // The weights' copy is a reused temporary (lib/core/temp.ts): the build reads it before it returns.
    const a = checkWeights(weights, 'weights', BUILD_WEIGHTS);
    const { method, place } = checkBuildOptions(options);
    const be = pickBackend(place, OP_ALIAS_BUILD, a.length);
    if (be.name === 'cuda') return AliasTable.#buildOn(be, a.length, method, { weights: a.slice() });
    return AliasTable.#fromWeights(a, method);
  }

  /** The CPU build of checked weights. A small table's rows and units share one shared buffer (each
   *  off-heap allocation costs about a microsecond, a third of a 64-item build); rows stay in
   *  their own SharedArrayBuffer for the pool either way. */
  static #fromWeights(a: Float32Array | Float64Array, method: PsaMethod): AliasTable {
    const n = a.length;
    if (n > ONE_BUFFER_MAX) return AliasTable.fromFixedPoint(fixedPoint(a), method);
    const mem = new Uint32Array(new SharedArrayBuffer(16 * n));  // rows (2n words), hi (n), lo (n)
    const fp = fixedPoint(a, false, mem.subarray(2 * n));
    return new AliasTable(INTERNAL, method, buildRows(fp.hi, fp.lo, method, mem.subarray(0, 2 * n)), fp.hi, fp.lo);
  }

  /** The GPU build (docs/alias.md, "GPU") of n weights, host values in params.weights or a device
   *  handle in inputs.weights: the same units and rows; the device keeps a copy of the rows for sampling. */
  static #buildOn(be: Backend, n: number, method: PsaMethod, params: { weights?: Float32Array | Float64Array },
    inputs?: { weights: unknown }): AliasTable {
    const rows = internalArray(allocRows(n));
    const hi = internalArray(new Uint32Array(n));
    const lo = internalArray(new Uint32Array(n));
    be.run(jobOf({
      op: OP_ALIAS_BUILD, key: [0, 0], lo: 0, hi: 0, out: rows, params: { ...params, method, hi, lo }, perElement: {},
      device: inputs ? record({ inputs: record(inputs) }) : undefined,
    }));
    return new AliasTable(INTERNAL, method, rows, hi, lo);
  }

  /** @internal A table from already validated fixed-point weights. */
  static fromFixedPoint(fp: FixedPoint, method: PsaMethod): AliasTable {
    return new AliasTable(INTERNAL, method, buildRows(fp.hi, fp.lo, method), fp.hi, fp.lo);
  }

  /** Reads a table written by toBuffer(); checks the header, the length and then verify(). */
  static fromBuffer(buffer: Uint8Array | ArrayBuffer): AliasTable {
    const parts = decode(buffer);
    const t = new AliasTable(INTERNAL, parts.method, parts.rows, parts.hi, parts.lo);
    t.verify();
    return t;
  }

  /** The serialized table (docs/alias.md, "Serialization"): header, rows, fixed-point weights. */
  toBuffer(): Uint8Array {
    return encode({ method: this.method, n: this.size, rows: this.#rows, hi: this.#hi, lo: this.#lo });
  }

  /** A copy of the rows: [threshold, alias] for row 0 … size−1. */
  rows(): Uint32Array {
    return this.#rows.slice();
  }

  /** A copy of the fixed-point weights W_i = hi[i]·2^32 + lo[i] units (Σ W_i = size·2^32). */
  units(): { hi: Uint32Array; lo: Uint32Array } {
    return { hi: this.#hi.slice(), lo: this.#lo.slice() };
  }

  /**
   * The probability of each item under sample(), recomputed from the rows: units_i / (size·2^32),
   * rounded to binary64 (units_i is exact; the quotient is within 2 ulp).
   */
  probabilities(): Float64Array {
    const u = unitsFromRows(this.#rows, this.size);
    const p = new Float64Array(this.size);
    const n = this.size;
    for (let i = 0; i < n; i++) p[i] = (u.hi[i] + u.lo[i] / 4294967296) / n;
    return p;
  }

  /**
   * Checks the table: every row well formed (alias < size; a self-aliased row has threshold 0), the
   * units the rows give each item equal its fixed-point weight exactly, the weights total size·2^32,
   * and rebuilding from those weights with the same method reproduces the rows bit for bit.
   * Returns true; throws a RangeError naming the first discrepancy.
   */
  verify(): true {
    const n = this.size;
    const total = totalUnits({ hi: this.#hi, lo: this.#lo });
    if (total !== BigInt(n) << 32n) {
      throw new RangeError(`alias table verification: fixed-point weights total ${total}, expected ${n}·2^32`);
    }
    const u = unitsFromRows(this.#rows, n);
    for (let i = 0; i < n; i++) {
      if (u.hi[i] !== this.#hi[i] || u.lo[i] !== this.#lo[i]) {
        const got = (BigInt(u.hi[i]) << 32n) + BigInt(u.lo[i]);
        const want = (BigInt(this.#hi[i]) << 32n) + BigInt(this.#lo[i]);
        throw new RangeError(`alias table verification: item ${i} gets ${got} units from the rows, its weight is ${want}`);
      }
    }
    const again = buildRows(this.#hi, this.#lo, this.method);
    for (let i = 0; i < 2 * n; i++) {
      if (again[i] !== this.#rows[i]) {
        throw new RangeError(`alias table verification: row ${i >> 1} differs from the ${this.method} construction`);
      }
    }
    return true;
  }

  /**
   * n iid item indices; element i is a pure function of (key, offset + i) (docs/alias.md, "Sampling"). With
   * `out: 'device'` or a uint32 DeviceArray the samples stay on the backend (docs/device-arrays.md).
   */
  sample(key: Key, n: number, options: WithDeviceOut<AliasSampleOptions>): DeviceArray;
  sample(key: Key, n: number, options?: AliasSampleOptions): Uint32Array;
  sample(key: Key, n: number, options?: AliasSampleOptions): Uint32Array | DeviceArray {
    return sampleSync(key, n, options, OP_ALIAS, this.#params);
  }

  sampleAsync(key: Key, n: number, options: WithDeviceOut<AliasSampleOptions>): Promise<DeviceArray>;
  sampleAsync(key: Key, n: number, options?: AliasSampleOptions): Promise<Uint32Array>;
  sampleAsync(key: Key, n: number, options?: AliasSampleOptions): Promise<Uint32Array | DeviceArray> {
    return sampleAsync(key, n, options, OP_ALIAS, this.#params);
  }

  /** The histogram (length size) of sample(key, n, options), without materialising the samples. */
  counts(key: Key, n: number, options?: AliasCountsOptions): Float64Array {
    return countsPrepared(prepare(key, n, options, COUNTS_NAMES), this.#params, this.size);
  }

  countsAsync(key: Key, n: number, options?: AliasCountsOptions): Promise<Float64Array> {
    try {
      return countsPreparedAsync(prepare(key, n, options, COUNTS_NAMES), this.#params, this.size);
    } catch (e) {
      return Promise.reject(e);
    }
  }
}
