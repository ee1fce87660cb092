/** Shared vocabulary of every layer: element types, host arrays, backend names. */

/** Float output types of the samplers. */
export type Dtype = 'float32' | 'float64';
/** Element types of results and of device-resident arrays. */
export type DeviceDtype = 'uint32' | 'int32' | 'uint8' | 'float32' | 'float64';
/** Host arrays of those element types. */
export type HostArray = Uint32Array | Int32Array | Uint8Array | Float32Array | Float64Array;
/** What a kernel writes. */
export type OutArray = HostArray;

export type BackendName = 'cpu' | 'cuda';
export type BackendChoice = 'auto' | BackendName;

/** Typed-array constructors by element type. */
export const CTORS = {
  uint32: Uint32Array, int32: Int32Array, uint8: Uint8Array, float32: Float32Array, float64: Float64Array,
} as const;

/** Element type codes of the addon and the C API (cuda/include/cr_api.h CR_TYPE_*). */
export const DTYPE_CODE: Readonly<Record<DeviceDtype, number>> = { uint32: 0, float32: 1, float64: 2, int32: 3, uint8: 4 };

const CTOR_ENTRIES = Object.entries(CTORS);

/** The element type of a typed array of one of those types, or undefined. */
export function dtypeOf(a: unknown): DeviceDtype | undefined {
  if (typeof a !== 'object' || a === null) return undefined;  // (no primitive is an instance; most calls pass no out)
  for (const [dtype, ctor] of CTOR_ENTRIES) {
    if (a instanceof ctor) return dtype as DeviceDtype;
  }
  return undefined;
}
