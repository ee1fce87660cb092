/**
 * Host buffers during async calls on the CPU backend (issue 15, item 6; the CUDA half and the reasons
 * are in test/async-buffers.test.ts): the worker pool writes a non-shared `out` from the main thread,
 * round by round, and checks before each round that the caller did not transfer or shrink it; a
 * SharedArrayBuffer-backed `out` is written in place by the workers. Runs the built package (the
 * pool's workers load dist/lib/backend/cpu/worker.js).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { key, normal, normalAsync, shutdownPool, uniform, uniformAsync } from 'cuda-random';
import { POOL_MIN_ELEMENTS, poolSize } from '../dist/lib/backend/cpu/pool.js';

afterAll(() => shutdownPool());

const k = key(0x5eed);
const MOVED = /^out was detached or resized while the call was pending; its values are lost$/;

function transfer(buf: ArrayBuffer): ArrayBuffer {
  return structuredClone(buf, { transfer: [buf] });
}

describe('CPU backend (worker pool)', () => {
  const n = Math.max(3 * POOL_MIN_ELEMENTS, 3 << 20);  // several pool rounds

  it.skipIf(poolSize() === 1)('an out transferred away mid-call: TypeError, and the moved memory is never written', async () => {
    const out = new Float64Array(n);
    const p = uniformAsync(k, n, { out, backend: 'cpu' });
    const moved = new Float64Array(transfer(out.buffer as ArrayBuffer));
    await expect(p).rejects.toThrow(MOVED);
    await expect(uniformAsync(k, n, { out: new Float64Array(n), backend: 'cpu' })).resolves.toBeDefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(moved.every((v) => v === 0)).toBe(true);
  });

  it.skipIf(poolSize() === 1)('an out whose resizable buffer shrinks mid-call: TypeError naming out', async () => {
    const ab = new ArrayBuffer(8 * n, { maxByteLength: 8 * n });
    const out = new Float64Array(ab);  // length-tracking
    const p = normalAsync(k, n, { out, backend: 'cpu' });
    ab.resize(8 * 1000);
    await expect(p).rejects.toThrow(MOVED);
  });

  it('a call below the pool\'s size runs before its async twin returns: out filled, nothing left to move', async () => {
    // Backend.runsInline: the sync call's steps, so a transfer right after the call cannot lose the values
    const out = new Float64Array(POOL_MIN_ELEMENTS - 1);
    const p = normalAsync(k, out.length, { out, backend: 'cpu' });
    const want = normal(k, out.length, { backend: 'cpu' });
    expect(out).toEqual(want);
    const moved = new Float64Array(transfer(out.buffer as ArrayBuffer));
    await expect(p).resolves.toBe(out);
    expect(moved).toEqual(want);
  });

  it('a SharedArrayBuffer-backed out is written in place', async () => {
    const out = new Float64Array(new SharedArrayBuffer(8 * n));
    expect(await uniformAsync(k, n, { out, backend: 'cpu' })).toBe(out);
    expect(out.subarray(n - 5)).toEqual(uniform(k, n, { backend: 'cpu' }).subarray(n - 5));
  });
});

