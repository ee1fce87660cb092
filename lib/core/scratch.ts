/**
 * Reused SharedArrayBuffers for work that other threads write: the worker pool's slabs and input
 * copies, and the alias counts' sample buffers (lib/alias/run.ts). A worker lets go of a buffer it was
 * sent only when its own heap is next collected, and shared memory puts no pressure on that
 * collection, so a fresh buffer per call piles up: scripts/soak.mjs measured RSS plateaus of 0.5 GB for repeated 256 KiB
 * calls and 1.2 GB for 16 MiB ones. Reused (sizes rounded up to powers of two), the memory is what
 * the concurrent calls need plus at most SCRATCH_KEEP idle bytes. Reuse also avoids first-touch page
 * faults, which on sandboxed hosts cost more than the sampling itself.
 */
const SCRATCH_KEEP = 64 * 2 ** 20;
const idle = new Map<number, SharedArrayBuffer[]>();
let idleBytes = 0;

export function takeScratch(bytes: number): SharedArrayBuffer {
  const size = 2 ** Math.ceil(Math.log2(Math.max(bytes, 4096)));
  const sab = idle.get(size)?.pop();
  if (sab) {
    idleBytes -= size;
    return sab;
  }
  return new SharedArrayBuffer(size);
}

/** Only once no worker writes to it any more (every part of its job settled). */
export function giveScratch(sab: SharedArrayBuffer): void {
  if (idleBytes + sab.byteLength > SCRATCH_KEEP) return;
  const list = idle.get(sab.byteLength);
  if (list) list.push(sab);
  else idle.set(sab.byteLength, [sab]);
  idleBytes += sab.byteLength;
}


/** Drops the idle buffers (the pool's shutdown). */
export function forgetScratch(): void {
  idle.clear();
  idleBytes = 0;
}
