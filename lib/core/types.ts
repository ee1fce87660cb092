/** Shared vocabulary of every layer: element types, host arrays, backend names. */

/** Float output types of the samplers. */
export type Dtype = 'float32' | 'float64';
/** Element types of results and of device-resident arrays. */
export type DeviceDtype = 'uint32' | 'float32' | 'float64';
/** Host arrays of those element types. */
export type HostArray = Uint32Array | Float32Array | Float64Array;
/** What a kernel writes. */
export type OutArray = Uint32Array | Int32Array | Float32Array | Float64Array;

export type BackendName = 'cpu' | 'cuda';
export type BackendChoice = 'auto' | BackendName;

/** Typed-array constructors by element type. */
export const CTORS = { uint32: Uint32Array, float32: Float32Array, float64: Float64Array } as const;
