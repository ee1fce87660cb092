/**
 * Views and copies of caller-supplied typed arrays, made with the intrinsic constructors from the
 * array's internal slots (its buffer, byte offset and length, read through %TypedArray%.prototype's
 * own getters). Never through the caller's object: `out.subarray()`, `a.slice()` and
 * `new a.constructor()` consult its `constructor` and @@species, and a subclass can answer with a
 * view of other memory (a call then writes outside the caller's view), and overridden `length`,
 * `buffer` or `byteOffset` getters can lie (issue 27). A Buffer is viewed as the Uint8Array it is.
 */
type View = ArrayBufferView & ArrayLike<unknown>;
type Ctor = { new (n: number): View; new (b: ArrayBufferLike, byteOffset: number, length: number): View; readonly BYTES_PER_ELEMENT: number };

const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype) as object;
const getter = (name: PropertyKey) => Object.getOwnPropertyDescriptor(TypedArrayProto, name)!.get! as (this: unknown) => unknown;
const TAG = getter(Symbol.toStringTag);
const BUFFER = getter('buffer');
const BYTE_OFFSET = getter('byteOffset');
const LENGTH = getter('length');

/** The intrinsic constructors by [[TypedArrayName]] (Float16Array where the engine has it). */
const INTRINSIC: Readonly<Record<string, Ctor>> = Object.assign(Object.create(null) as Record<string, Ctor>, Object.fromEntries(
  ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float16Array',
    'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']
    .map((name) => [name, (globalThis as Record<string, unknown>)[name]])
    .filter(([, c]) => typeof c === 'function'),
));

/** The [[TypedArrayName]] of a typed array ('Uint8Array' for a Buffer), or undefined (a DataView, a
 *  Proxy, a prototype impostor or no view at all). */
export function typedArrayName(a: unknown): string | undefined {
  return ArrayBuffer.isView(a) ? (TAG.call(a) as string | undefined) : undefined;
}

/** The intrinsic constructor of typed array `a`'s element type. */
export function intrinsicCtor(a: ArrayBufferView): Ctor {
  const c = INTRINSIC[typedArrayName(a) ?? ''];
  if (!c) throw new TypeError('internal: not a typed array');
  return c;
}

/** The element count of typed array `a` (its own, whatever a subclass's `length` says). */
export function typedLength(a: ArrayBufferView): number {
  return LENGTH.call(a) as number;
}

/** The buffer of typed array `a` (its own, whatever a subclass's `buffer` says). */
export function typedBuffer(a: ArrayBufferView): ArrayBufferLike {
  return BUFFER.call(a) as ArrayBufferLike;
}

/** Elements [start, start + length) of typed array `a` as a view of the same memory, of the
 *  intrinsic type. Throws the engine's RangeError beyond `a`'s bounds (callers check lengths first). */
export function viewOf<T extends ArrayBufferView>(a: T, start = 0, length = typedLength(a) - start): T {
  const C = intrinsicCtor(a);
  return new C(typedBuffer(a), (BYTE_OFFSET.call(a) as number) + start * C.BYTES_PER_ELEMENT, length) as unknown as T;
}

/** A copy of typed array `a` in a new array of the intrinsic type. */
export function copyOf<T extends ArrayBufferView>(a: T): T {
  const v = viewOf(a) as unknown as Float64Array;
  const c = new (intrinsicCtor(a))(v.length) as unknown as Float64Array;
  c.set(v);
  return c as unknown as T;
}
