/**
 * Every input is read once, when the call is made (issue 27): what the caller does to a key, a weight
 * array or a DeviceArray after the call returns — and what a getter answers on a second read — never
 * reaches the result. Async calls are pool-sized (several slab rounds), so later rounds run after the
 * caller has regained control.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as cr from '../dist/lib/index.js';

const prevThreads = process.env.CUDA_RANDOM_THREADS;
process.env.CUDA_RANDOM_THREADS = '2'; // the pool runs even on a one-core machine
afterAll(async () => {
  if (prevThreads === undefined) delete process.env.CUDA_RANDOM_THREADS;
  else process.env.CUDA_RANDOM_THREADS = prevThreads;
  await cr.shutdownPool();
});

const CPU = { backend: 'cpu' } as const;
const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const same = (a: ArrayBufferView, b: ArrayBufferView) => bytes(a).equals(bytes(b));

/** A [k0, k1] array whose word 0 answers `first` on its first read and `later` after. */
function flippingKey(first: number, later: unknown, k1 = 5): cr.Key {
  let reads = 0;
  const k = [0, k1];
  Object.defineProperty(k, 0, { get: () => (reads++ === 0 ? first : later), enumerable: true });
  return k as unknown as cr.Key;
}

describe('keys are read once, when the call is made', () => {
  it('a Uint32Array key reused in a loop: every async call uses the words it was given', async () => {
    const n = 2 ** 22; // 4 slab rounds of float64
    const k = new Uint32Array(2);
    const pending: Promise<Float64Array>[] = [];
    for (let i = 0; i < 2; i++) {
      k[0] = i; k[1] = 7;
      pending.push(cr.uniformAsync(k as unknown as cr.Key, n, CPU));
    }
    k[0] = 99;
    const got = await Promise.all(pending);
    got.forEach((g, i) => expect(same(g, cr.uniform([i, 7], n, CPU)), `call ${i}`).toBe(true));
  });

  it('a key whose word is a getter: the validated value is the one used (sync and async)', async () => {
    const want = cr.uniform([3, 5], 1000, CPU);
    expect(same(cr.uniform(flippingKey(3, 4), 1000, CPU), want)).toBe(true);
    expect(same(await cr.uniformAsync(flippingKey(3, 4), 1000, CPU), want)).toBe(true);
    // A later read that would not even pass validation must not reach the kernel either.
    expect(same(cr.uniform(flippingKey(3, 'x'), 1000, CPU), want)).toBe(true);
    expect(same(cr.permutation(flippingKey(3, -1), 100, CPU), cr.permutation([3, 5], 100, CPU))).toBe(true);
  });

  it('split, foldIn, keyEquals and philox4x32 use the word they validated', () => {
    expect(cr.split(flippingKey(3, 4))).toEqual(cr.split([3, 5]));
    expect(cr.foldIn(flippingKey(3, 4), 1)).toEqual(cr.foldIn([3, 5], 1));
    expect(cr.keyEquals(flippingKey(3, 4), [3, 5])).toBe(true);
    expect([...cr.philox4x32([1, 2, 3, 4], flippingKey(3, 4))]).toEqual([...cr.philox4x32([1, 2, 3, 4], [3, 5])]);
  });
});

describe('generator(key) copies the key', () => {
  it('two generators from one reused buffer draw their own streams; state.key does not change', () => {
    const k = new Uint32Array([1, 2]);
    const a = cr.generator(k as unknown as cr.Key, CPU);
    k[0] = 9;
    const b = cr.generator(k as unknown as cr.Key, CPU);
    k[0] = 77; k[1] = 77;
    expect([...a.key]).toEqual([1, 2]);
    expect(a.state.key).toEqual([1, 2]);
    expect([...b.key]).toEqual([9, 2]);
    expect(same(a.uniform(5000), cr.generator([1, 2], CPU).uniform(5000))).toBe(true);
    expect(same(b.uniform(5000), cr.generator([9, 2], CPU).uniform(5000))).toBe(true);
  });

  it('a key with a getter: the generator keeps the validated word', () => {
    const g = cr.generator(flippingKey(3, 4), CPU);
    expect([...g.key]).toEqual([3, 5]);
    expect(same(g.normal(100), cr.generator([3, 5], CPU).normal(100))).toBe(true);
  });
});

describe('a CPU DeviceArray input is snapshotted for an async call', () => {
  it('per-element λ in a CPU DeviceArray, overwritten (as another call\'s out) right after poissonAsync returns', async () => {
    const n = 2 ** 22; // 4 slab rounds: before, rounds 2–3 staged the overwritten values
    const lam = cr.DeviceArray.from(new Float64Array(n).fill(4), CPU);
    const pending = cr.poissonAsync(cr.key(1), n, { lam, ...CPU });
    cr.uniform(cr.key(2), n, { out: lam, ...CPU });
    const got = await pending;
    expect(same(got, cr.poisson(cr.key(1), n, { lam: new Float64Array(n).fill(4), ...CPU }))).toBe(true);
  });

  it('categoricalAsync weights in a CPU DeviceArray, overwritten right after the call returns', async () => {
    const w = cr.DeviceArray.from(new Float64Array([1, 1, 1, 1]), CPU);
    const pending = cr.categoricalAsync(cr.key(1), w, 1000, CPU);
    cr.uniform(cr.key(2), 4, { out: w, ...CPU }); // before, the table was built from these, a microtask later
    expect(same(await pending, cr.categorical(cr.key(1), [1, 1, 1, 1], 1000, CPU))).toBe(true);
  });
});

describe('SharedArrayBuffer weights are snapshotted', () => {
  it('another thread switching every weight between 0.5 and 1e300: AliasTable.build and categorical never throw', async () => {
    const { Worker } = await import('node:worker_threads');
    const N = 1000;
    const w = new Float64Array(new SharedArrayBuffer(8 * N)).fill(1);
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const flipper = new Worker(`
      const { workerData: { w, flag } } = require('node:worker_threads');
      const a = new Float64Array(w), f = new Int32Array(flag);
      Atomics.store(f, 0, 1);
      while (Atomics.load(f, 0) === 1) { a.fill(1e300); a.fill(0.5); }
    `, { eval: true, workerData: { w: w.buffer, flag: flag.buffer } });
    try {
      while (Atomics.load(flag, 0) === 0) await new Promise((r) => setTimeout(r, 1));
      // Before: ~1 build in 4 threw ("Cannot convert undefined to a BigInt", "internal: fixed-point
      // absorption below one unit"). Any snapshot is a valid weight vector, so none may now.
      const errors: string[] = [];
      for (let t = 0; t < 300; t++) {
        try {
          cr.AliasTable.build(w, CPU).verify();
          cr.categorical(cr.key(t), w, 64, { method: 'cdf', ...CPU });
          cr.categorical(cr.key(t), w, 64, { method: 'alias', ...CPU });
        } catch (e) {
          errors.push(String(e));
        }
      }
      expect(errors).toEqual([]);
    } finally {
      Atomics.store(flag, 0, 0);
      await flipper.terminate();
    }
  });
});
