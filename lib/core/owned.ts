/**
 * Long-lived arrays the library never hands to user code (alias-table rows and units: AliasTable#rows()
 * returns copies). No caller can detach or resize them, so backends that read or write host memory
 * after a call returns (the CUDA backend's async path, lib/backend/cuda/stable.ts) may use them in place.
 */
const internal = new WeakSet<ArrayBufferView>();

/** Marks `a` as never reachable by user code; returns it. */
export function internalArray<T extends ArrayBufferView>(a: T): T {
  internal.add(a);
  return a;
}

export function isInternal(a: ArrayBufferView): boolean {
  return internal.has(a);
}
