/**
 * How many worker threads fit under an address-space limit (`ulimit -v`, RLIMIT_AS). Starting a worker
 * reserves virtual memory (V8's code range, a malloc arena, a stack, heap pages); when V8 cannot reserve
 * its code range it ends the whole process ("Fatal process OOM … CodeRange"), which no try/catch or
 * 'error' listener sees. So the pool counts before it starts a worker instead of finding out.
 */
import { readFileSync } from 'node:fs';

/**
 * Code range each worker reserves (MiB). V8's default on x64 reserves far more (a first worker cost
 * ~800 MiB of address space, ~125 MiB with this); the worker's JIT code (kernels, WASM glue) needs a
 * few MiB of it.
 */
export const WORKER_CODE_RANGE_MB = 64;

/** Address space budgeted per worker (KiB): about twice the ~125–160 MiB measured on Linux x64. */
export const WORKER_KB = 256 * 1024;

/** Address space left to the main thread's own growth once the workers are started (KiB). */
export const MAIN_RESERVE_KB = 256 * 1024;

export interface AddressSpace {
  /** The soft RLIMIT_AS in KiB. */
  limitKb: number;
  /** The process's current virtual size in KiB. */
  usedKb: number;
}

/**
 * The soft address-space limit and the current use, or null where there is no limit (or no /proc to
 * read it from: the limit is a Linux-style setting; elsewhere nothing is assumed).
 */
export function addressSpace(
  limits = () => readFileSync('/proc/self/limits', 'utf8'),
  status = () => readFileSync('/proc/self/status', 'utf8'),
): AddressSpace | null {
  try {
    const soft = /^Max address space\s+(\S+)/m.exec(limits())?.[1];
    if (!soft || soft === 'unlimited') return null;
    const used = /^VmSize:\s+(\d+)\s*kB/m.exec(status())?.[1];
    const limitKb = Number(soft) / 1024;
    if (!used || !Number.isFinite(limitKb)) return null;
    return { limitKb, usedKb: Number(used) };
  } catch {
    return null;
  }
}

/** Workers that fit into `space` on top of what is in use (Infinity without a limit). */
export function workersThatFit(space: AddressSpace | null): number {
  if (!space) return Infinity;
  return Math.max(0, Math.floor((space.limitKb - space.usedKb - MAIN_RESERVE_KB) / WORKER_KB));
}

/** The fallback reason when no worker fits. */
export function noRoomReason(space: AddressSpace): string {
  const mb = (kb: number) => Math.round(kb / 1024);
  return `cuda-random: the address-space limit (ulimit -v: ${mb(space.limitKb)} MiB, ${mb(space.usedKb)} MiB in use) ` +
    `leaves no room for a CPU worker thread (about ${mb(WORKER_KB)} MiB each; V8 ends the process when it cannot ` +
    'reserve one), so async CPU calls run on the main thread, with the same values ' +
    '(docs/building.md, "Worker threads")';
}
