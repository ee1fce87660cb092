/**
 * The worker pool (lib/backend/cpu/pool.ts): outputs of any size and type equal the single-thread kernels, through
 * the shared scratch slabs (several rounds, sizes not multiples of a round) or in place (shared out);
 * a failing round rejects and leaves the pool usable.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { partsOf, runPooled, SLAB_BYTES, shutdownPool, workerMessage } from '../dist/lib/backend/cpu/pool.js'; // dist: workers load dist/lib/backend/cpu/worker.js
import { runKernel, type OutArray } from '../dist/lib/backend/cpu/kernels.js';
import { subJob, type Job } from '../dist/lib/core/job.js';
import { DEFAULT_PATH } from '../dist/lib/backend/cpu/kernels.js';
import { nativeCpuInfo } from '../dist/lib/native/cpu.js';

afterAll(() => shutdownPool());

function job(op: string, out: OutArray, params: Record<string, unknown> = {}, lo = 7, hi = 1): Job {
  return { op, key: [0x9e3779b9, 0x7f4a7c15], lo, hi, out, params, perElement: {} };
}

function single(j: Job): OutArray {
  const out = new (j.out.constructor as new (n: number) => OutArray)(j.out.length);
  runKernel(j.op, { k0: j.key[0], k1: j.key[1], ...j, out });
  return out;
}

describe('worker pool', () => {
  const round64 = SLAB_BYTES / 8;
  const cases: [string, () => OutArray, Record<string, unknown>][] = [
    ['bits, 2.5 rounds', () => new Uint32Array(Math.floor(2.5 * SLAB_BYTES / 4) + 3), {}],
    ['uniform64, exactly 2 rounds', () => new Float64Array(2 * round64), { low: 0, high: 1 }],
    ['uniform64, 3 rounds + 1', () => new Float64Array(3 * round64 + 1), { low: -1, high: 3 }],
    ['uniform32, under one round', () => new Float32Array(100_003), { low: 0, high: 1 }],
    ['normalBM64, odd length', () => new Float64Array(round64 + 12_345), { mean: 0, std: 1 }],
  ];
  it.each(cases)('%s: equals the single-thread kernel (plain and shared out)', async (_, make, params) => {
    const plain = make();
    const op = _.split(',')[0];
    await runPooled(job(op, plain, params));
    const want = single(job(op, make(), params));
    expect(Buffer.from(plain.buffer).equals(Buffer.from(want.buffer))).toBe(true);
    const Ctor = plain.constructor as new (b: SharedArrayBuffer) => OutArray;
    const shared = new Ctor(new SharedArrayBuffer(plain.byteLength));
    await runPooled(job(op, shared, params));
    expect(Buffer.from(shared.buffer).equals(Buffer.from(want.buffer))).toBe(true);
  });

  it('concurrent multi-round calls do not share slabs', async () => {
    const outs = Array.from({ length: 4 }, () => new Float64Array(2 * round64 + 99));
    await Promise.all(outs.map((o, i) => runPooled(job('uniform64', o, { low: 0, high: 1 }, i * 1000, 0))));
    outs.forEach((o, i) => {
      const want = single(job('uniform64', new Float64Array(o.length), { low: 0, high: 1 }, i * 1000, 0));
      expect(Buffer.from(o.buffer).equals(Buffer.from(want.buffer))).toBe(true);
    });
  });

  it('a failing round rejects, and the next call works', async () => {
    await expect(runPooled(job('noSuchKernel', new Float64Array(3 * round64)))).rejects.toThrow(/no CPU kernel/);
    const out = new Float64Array(2 * round64 + 5);
    await runPooled(job('uniform64', out, { low: 0, high: 1 }));
    expect(Buffer.from(out.buffer).equals(Buffer.from(single(job('uniform64', new Float64Array(out.length), { low: 0, high: 1 })).buffer))).toBe(true);
  });
});

describe('per-element inputs in rounds', () => {
  // round = SLAB_BYTES / 8 elements for a float64 input: 2.3 rounds, not a multiple of one
  const n = Math.floor(2.3 * (SLAB_BYTES / 8)) + 7;
  const lam = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 23 * 0.5);
  const count = Float64Array.from({ length: n }, (_, i) => (i * 31) % 40);
  const p = Float32Array.from({ length: n }, (_, i) => ((i * 13) % 100) / 100);
  const cases: [string, () => Job][] = [
    ['poisson, float64 λ, int32 out', () => ({ ...job('poissonI32', new Int32Array(n), { lam }), perElement: { lam } })],
    ['binomial, float64 count and float32 p, float64 out', () => ({ ...job('binomialF64', new Float64Array(n), { count, p }), perElement: { count, p } })],
  ];
  it.each(cases)('%s: equals the single-thread kernel (plain and shared out, shared inputs too)', async (_, make) => {
    const want = single(make());
    const plain = make();
    await runPooled(plain);
    expect(Buffer.from(plain.out.buffer).equals(Buffer.from(want.buffer))).toBe(true);
    const shared = make();
    shared.out = new (shared.out.constructor as new (b: SharedArrayBuffer) => OutArray)(new SharedArrayBuffer(shared.out.byteLength));
    await runPooled(shared);
    expect(Buffer.from(shared.out.buffer).equals(Buffer.from(want.buffer))).toBe(true);
    const sharedIn = make();
    for (const [k, v] of Object.entries(sharedIn.perElement)) {
      const c = new (v.constructor as Float64ArrayConstructor)(new SharedArrayBuffer(v.byteLength));
      c.set(v);
      sharedIn.perElement[k] = c;
    }
    await runPooled(sharedIn);
    expect(Buffer.from(sharedIn.out.buffer).equals(Buffer.from(want.buffer))).toBe(true);
  });
});

describe('what a worker is sent', () => {
  /** Every typed array in a message: [where, the view]. */
  function views(x: unknown, at: string, found: [string, ArrayBufferView][] = []): [string, ArrayBufferView][] {
    if (ArrayBuffer.isView(x)) found.push([at, x]);
    else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) views(v, `${at}.${k}`, found);
    return found;
  }
  it('a part of a per-element call carries only its own values (params holds the whole array too)', () => {
    const n = 100_000;
    const lam = new Float64Array(n).fill(3);
    const whole: Job = { ...job('poissonF64', new Float64Array(new SharedArrayBuffer(8 * n)), { lam }), perElement: { lam } };
    const part = subJob(whole, 40_000, 1000);
    const m = workerMessage(1, part, DEFAULT_PATH);
    for (const [at, v] of views(m, 'message')) {
      if (v.buffer instanceof SharedArrayBuffer) continue; // shared, not copied
      expect(v.byteLength, `${at} is cloned into the message`).toBeLessThanOrEqual(8 * 1000);
    }
    expect((m.params as Record<string, Float64Array>).lam.length).toBe(1000);
  });
});

describe('a whole permutation in parts', () => {
  const perm = (n: number, population = n) => job('permutationI32', new Int32Array(n), { population }, 0, 0);
  it.skipIf(!nativeCpuInfo().simd)('runs as the largest power of two of parts up to the threads, on the host kernels only', () => {
    expect(partsOf(perm(100_000), DEFAULT_PATH, 2)).toBe(2);
    expect(partsOf(perm(100_000), DEFAULT_PATH, 7)).toBe(4);
    expect(partsOf(perm(100_000), DEFAULT_PATH, 200)).toBe(64);
    expect(partsOf(perm(100_000), DEFAULT_PATH, 1)).toBe(1);
    // not: without the host kernels, a partial result (the first k of a larger population), another op
    expect(partsOf(perm(100_000), { fast: true, native: false }, 2)).toBe(1);
    expect(partsOf(perm(100_000), { fast: false }, 2)).toBe(1);
    expect(partsOf(perm(100_000, 100_005), DEFAULT_PATH, 2)).toBe(1);
    expect(partsOf(job('weightedSampleI32', new Int32Array(10), { weights: new Float64Array(10).fill(1) }), DEFAULT_PATH, 2)).toBe(1);
  });
  it('gives the whole permutation\'s bits in parts, into a shared and a plain out', async () => {
    for (const n of [70_000, 1 << 20]) {
      const want = single(perm(n));
      const shared = new Int32Array(new SharedArrayBuffer(4 * n));
      await runPooled({ ...perm(n), out: shared });
      expect(shared).toEqual(want);
      const plain = perm(n);
      await runPooled(plain);
      expect(plain.out).toEqual(want);
    }
  });
});

describe('a plain out in rounds: the calling thread computes a share of each', () => {
  const path = { fast: true, native: false };  // the rounds path (with the host kernels uniform64 runs sliced)
  const n = 2 * (SLAB_BYTES / 8) + 4099;
  it('writes nothing before the call returns, then the single-thread values', async () => {
    const j = job('uniform64', new Float64Array(n), { low: -1, high: 2 });
    const p = runPooled(j, path);
    expect((j.out as Float64Array).every((v) => v === 0)).toBe(true);
    await p;
    expect(j.out).toEqual(single(j));
  });
  it('an out transferred away before its share: TypeError, the moved memory never written', async () => {
    const j = job('uniform64', new Float64Array(n), { low: 0, high: 1 });
    const p = runPooled(j, path);
    const moved = new Float64Array(structuredClone(j.out.buffer as ArrayBuffer, { transfer: [j.out.buffer as ArrayBuffer] }));
    await expect(p).rejects.toThrow(/detached or resized/);
    await new Promise((r) => setTimeout(r, 50));
    expect(moved.every((v) => v === 0)).toBe(true);
  });
});
