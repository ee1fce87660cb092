/**
 * Long-lived arrays the library never hands to user code (alias-table rows and units: AliasTable#rows()
 * returns copies). No caller can detach or resize them, so backends that read or write host memory
 * after a call returns (the CUDA backend's async path, lib/backend/cuda/stable.ts) may use them in place.
 *
 * What is marked is the array's buffer, which no user code can reach either: a table's two unit halves
 * share one buffer (one mark), and a SharedArrayBuffer needs none (it is never detached or shrunk, and
 * stable.ts accepts it as it is). Each WeakSet.add cost ~1 µs here — a third of building a 64-item table
 * when every array was marked.
 */
import { typedBuffer } from './views.js';

const internal = new WeakSet<ArrayBufferLike>();

/** Marks `a` as never reachable by user code; returns it. */
export function internalArray<T extends ArrayBufferView>(a: T): T {
  const b = typedBuffer(a);
  if (!(b instanceof SharedArrayBuffer) && !internal.has(b)) internal.add(b);
  return a;
}

export function isInternal(a: ArrayBufferView): boolean {
  return internal.has(typedBuffer(a));
}
