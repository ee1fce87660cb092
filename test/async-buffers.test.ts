/**
 * Host buffers during async calls (issue 15, item 6). An async call returns before its values land;
 * meanwhile the caller may transfer (postMessage, structuredClone with transfer) or shrink (resize())
 * the ArrayBuffer of its `out`. Native code writing into that memory would corrupt whatever it became,
 * so the CUDA backend's async path only hands the addon memory no one can take away (a
 * SharedArrayBuffer, or arrays the library made for the call) and copies the rest; the CPU pool writes
 * `out` on the main thread and checks it first. Either way the call rejects with a TypeError naming
 * `out`, and the memory the buffer moved to is never written. The CUDA half runs against the stand-in
 * addon (the real binding keeps the same contract: it only sees what this layer passes it); the CPU
 * half is test/async-buffers-cpu.test.ts.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AliasTable, categoricalAsync, gammaAsync, key, normal, normalAsync, shutdownPool, uniformAsync,
} from '../lib/index.js';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import { standInProbe } from './stand-in-probe.js';
import { calls, standInAddon } from './stand-in-addon.js';

vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));

afterAll(() => shutdownPool());

const k = key(0x5eed);
const MOVED = /^out was detached or resized while the call was pending; its values are lost$/;

/** Moves `buf`'s memory to a new ArrayBuffer (as postMessage with a transfer list does). */
export function transfer(buf: ArrayBuffer): ArrayBuffer {
  return structuredClone(buf, { transfer: [buf] });
}

describe('CUDA backend (stand-in addon): the addon only sees memory that cannot move', () => {
  const addon = standInAddon();
  beforeEach(() => {
    standInProbe.cuda = makeCudaBackend(addon, 0);
    standInProbe.devices = undefined;
    calls.length = 0;
  });
  const lastAsync = (name: string) => calls.filter((c) => c.name === name).at(-1)!;
  const n = 1000;

  it('no out: the array the call made goes to the addon and is returned (no copy)', async () => {
    const r = await normalAsync(k, n, { backend: 'cuda' });
    expect((lastAsync('normalBM64Async').args.at(-1) as Float64Array).buffer).toBe(r.buffer);
  });

  it("a caller's ordinary out: the addon writes a copy, which lands in out when the call ends", async () => {
    const out = new Float64Array(n + 3);
    expect(await normalAsync(k, n, { out, backend: 'cuda' })).toBe(out);
    const given = lastAsync('normalBM64Async').args.at(-1) as Float64Array;
    expect(given.buffer).not.toBe(out.buffer);
    expect(out.subarray(0, n)).toEqual(normal(k, n, { backend: 'cpu' }));
  });

  it('a SharedArrayBuffer-backed out goes to the addon as it is', async () => {
    const out = new Float32Array(new SharedArrayBuffer(4 * n));
    await uniformAsync(k, n, { out, dtype: 'float32', backend: 'cuda' });
    expect((lastAsync('uniform32Async').args.at(-1) as Float32Array).buffer).toBe(out.buffer);
  });

  it('an out transferred away mid-call: TypeError, and the moved memory is never written', async () => {
    const out = new Float64Array(n);
    const p = normalAsync(k, n, { out, backend: 'cuda' });
    const moved = new Float64Array(transfer(out.buffer as ArrayBuffer));
    await expect(p).rejects.toThrow(MOVED);
    expect(moved.every((v) => v === 0)).toBe(true);
  });

  it('an out whose resizable buffer shrinks mid-call: TypeError', async () => {
    const ab = new ArrayBuffer(8 * n, { maxByteLength: 8 * n });
    const p = normalAsync(k, n, { out: new Float64Array(ab), backend: 'cuda' });
    ab.resize(80);
    await expect(p).rejects.toThrow(MOVED);
  });

  it("inputs: the caller's weights are copied for the addon, shared ones too", async () => {
    const w = Float64Array.from({ length: 300 }, (_, i) => (i % 7) + 0.5);
    await categoricalAsync(k, w, 5000, { backend: 'cuda' });
    expect((lastAsync('aliasCategoricalAsync').args[0] as Float64Array).buffer).not.toBe(w.buffer);
    const s = new Float64Array(new SharedArrayBuffer(8 * 300));
    s.set(w);
    await categoricalAsync(k, s, 5000, { backend: 'cuda' });
    // A snapshot taken before the check (issue 27 item 10): another thread may change shared weights.
    expect((lastAsync('aliasCategoricalAsync').args[0] as Float64Array).buffer).not.toBe(s.buffer);
    // per-element shapes: the facade's snapshot (made for the call) goes as it is
    const alpha = Float64Array.from({ length: n }, (_, i) => 0.5 + (i % 3));
    await gammaAsync(k, n, { alpha, backend: 'cuda' });
    expect((lastAsync('gamma64Async').args[4] as Float64Array).buffer).not.toBe(alpha.buffer);
  });

  it('counts added into a caller histogram survive the copy (accumulate)', async () => {
    const t = AliasTable.build([1, 2, 3]);
    const out = new Float64Array(3).fill(10);
    await t.countsAsync(k, 600, { out, accumulate: true, backend: 'cuda' });
    expect(out.reduce((a, b) => a + b, 0)).toBe(630);
    expect(out).toEqual(t.counts(k, 600, { backend: 'cpu' }).map((c) => c + 10));
  });
});
