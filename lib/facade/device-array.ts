/**
 * DeviceArray: results that stay with the backend that computed them — GPU memory on the CUDA backend,
 * a typed array on the CPU backend — so a chain of calls (gamma → Dirichlet shapes, samples → later
 * kernels) crosses PCIe only when the caller asks for the values (toHost). Made by `{ out: 'device' }`
 * on the bulk functions or by DeviceArray.from(typedArray); accepted as `out` and as shapes (`alpha` of
 * gamma and dirichlet). Identical API on both backends, so user code does not branch on the backend.
 * Routing and cross-backend use: lib/facade/device-io.ts (docs/building.md, "Device arrays").
 */
import type { BackendChoice, BackendName, DeviceDtype, DeviceStore, HostArray } from '../backend/types.js';
import { CTORS, dtypeOf } from '../core/types.js';
import { pickDeviceBackend } from '../backend/select.js';
import { describe, isDetached, knownOptions } from '../core/validate.js';
import { typedArrayName, viewOf } from '../core/views.js';

export type { DeviceDtype } from '../backend/types.js';

const TOKEN = Symbol('DeviceArray');
// Set by the class's static block (the one place that can read #store), for storeOf below.
let readStore: (a: DeviceArray) => DeviceStore | null;

/** The host array of each element type (toHost's result). */
export interface HostArrays {
  float64: Float64Array;
  float32: Float32Array;
  int32: Int32Array;
  uint32: Uint32Array;
  uint8: Uint8Array;
}

/** The element type of a host array type (DeviceArray.from's result). */
export type DtypeOfArray<A> = A extends Float64Array ? 'float64' : A extends Float32Array ? 'float32'
  : A extends Int32Array ? 'int32' : A extends Uint32Array ? 'uint32' : A extends Uint8Array ? 'uint8' : DeviceDtype;

/** Values on a backend, of element type D (`DeviceArray` alone: any of them). */
export class DeviceArray<D extends DeviceDtype = DeviceDtype> {
  /** Element type: 'uint32', 'int32', 'uint8', 'float32' or 'float64'. */
  readonly dtype: D;
  /** Number of elements. */
  readonly length: number;
  /** Where the memory is: 'cuda' (GPU memory) or 'cpu' (a typed array). */
  readonly backend: BackendName;
  /** The GPU holding the memory ('cuda'), else null. Calls follow it; other GPUs get a copy. */
  readonly device: number | null;
  #store: DeviceStore | null;

  static {
    readStore = (a) => a.#store;
  }

  /**
   * Not for direct use: DeviceArrays come from `{ out: 'device' }` or DeviceArray.from().
   * @internal
   */
  constructor(token: symbol, store: DeviceStore, dtype: D, length: number) {
    if (token !== TOKEN) {
      throw new TypeError("DeviceArray cannot be constructed directly; use { out: 'device' } or DeviceArray.from(array)");
    }
    this.#store = store;
    this.dtype = dtype;
    this.length = length;
    this.backend = store.backend;
    this.device = store.backend === 'cuda' ? (store.device ?? 0) : null;
  }

  /** True once free() was called; a freed array can no longer be read or passed to a call. */
  get freed(): boolean {
    return this.#store === null;
  }

  get byteLength(): number {
    return this.length * CTORS[this.dtype].BYTES_PER_ELEMENT;
  }

  /** A new typed array of the element type (Uint32Array, Int32Array, Uint8Array, Float32Array, Float64Array) with the values (a copy). */
  toHost(): HostArrays[D] {
    const s = this.#live('toHost');
    const out = new CTORS[this.dtype](this.length);
    s.toHost(out);
    return out as HostArrays[D];
  }

  /** toHost() without blocking the event loop (the copy runs on a worker thread). */
  async toHostAsync(): Promise<HostArrays[D]> {
    const s = this.#live('toHostAsync');
    const out = new CTORS[this.dtype](this.length);
    await s.toHostAsync(out);
    return out as HostArrays[D];
  }

  /**
   * Releases the memory now instead of when the array is garbage-collected (GPU memory is reported to
   * V8, so forgotten arrays are collected, but explicit frees keep the GPU's memory predictable).
   * Idempotent. Calls already running with this array finish first.
   */
  free(): void {
    const s = this.#store;
    this.#store = null;
    s?.free();
  }

  get [Symbol.toStringTag](): string {
    const where = this.device === null ? this.backend : `${this.backend}:${this.device}`;
    return `DeviceArray(${this.dtype}, ${this.length}, ${where}${this.freed ? ', freed' : ''})`;
  }

  #live(what: string): DeviceStore {
    // a TypeError, as storeOf's for a freed array passed to a call: the argument is the wrong kind of thing now
    if (!this.#store) throw new TypeError(`DeviceArray.${what}: the array was freed (free() was called)`);
    return this.#store;
  }

  /**
   * Copies a Uint32Array/Int32Array/Uint8Array/Float32Array/Float64Array into a new DeviceArray of the same type, on the
   * backend `options.backend` names (default: CUDA_RANDOM_BACKEND, else 'auto': the GPU when one is
   * usable) and, on CUDA, the GPU `options.device` names (default: CUDA_RANDOM_DEVICE, else 0).
   */
  static from<A extends HostArray>(data: A, options?: { backend?: BackendChoice; device?: number }): DeviceArray<DtypeOfArray<A>> {
    const dtype = dtypeOf(data);
    if (!dtype || typedArrayName(data) !== CTORS[dtype].name) {
      throw new TypeError(`data must be a Uint32Array, Int32Array, Uint8Array, Float32Array or Float64Array, got ${describe(data)}`);
    }
    if (isDetached(data)) throw new TypeError('data is backed by a detached ArrayBuffer');
    const b = pickDeviceBackend(knownOptions('DeviceArray.from', options, ['backend', 'device']));
    if (!b.allocate) throw new Error(`internal: backend '${b.name}' cannot hold device arrays`);
    // The values through an intrinsic view: its own length and memory, whatever a subclass's getters say.
    const view = viewOf(data);
    const store = b.allocate(dtype, view.length);
    try {
      store.fromHost(view);
    } catch (e) {
      store.free();
      throw e;
    }
    return new DeviceArray(TOKEN, store, dtype as DtypeOfArray<A>, view.length);
  }
}

/** A DeviceArray over a store a backend allocated (lib/facade/device-io.ts). */
export function wrapStore(store: DeviceStore, dtype: DeviceDtype, length: number): DeviceArray {
  return new DeviceArray(TOKEN, store, dtype, length);
}

/** The live store of `a` (lib/facade/device-io.ts), or a TypeError naming the argument when it was freed. */
export function storeOf(a: DeviceArray, name: string): DeviceStore {
  const s = readStore(a);
  if (!s) throw new TypeError(`${name} is a freed DeviceArray`);
  return s;
}
