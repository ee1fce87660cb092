/**
 * Parts of a pooled call that fail or never finish (lib/backend/cpu/pool.ts), with a worker injected
 * through CUDA_RANDOM_WORKER (test/fixtures/pool-test-worker.mjs: the real kernels, told per part to
 * fail, hang or write late).
 */
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolThreads, runPooled, setPartTimeout, SLAB_BYTES, shutdownPool } from '../dist/lib/backend/cpu/pool.js';
import { runKernel, type OutArray } from '../dist/lib/backend/cpu/kernels.js';
import type { Job } from '../dist/lib/core/job.js';

const WORKER = join(resolve(__dirname), 'fixtures', 'pool-test-worker.mjs');
const saved = { worker: process.env.CUDA_RANDOM_WORKER, threads: process.env.CUDA_RANDOM_THREADS };

beforeAll(async () => {
  await shutdownPool();
  process.env.CUDA_RANDOM_WORKER = WORKER;
  process.env.CUDA_RANDOM_THREADS = '2';
});
afterAll(async () => {
  setPartTimeout(null);
  await shutdownPool();
  for (const [k, v] of [['CUDA_RANDOM_WORKER', saved.worker], ['CUDA_RANDOM_THREADS', saved.threads]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** One slab round of float64: a plain out's round is [0, R/2) on one worker and [R/2, R) in the calling thread. */
const R = SLAB_BYTES / 8;

/** Through the workers: the WebAssembly path (with the host SIMD kernels an async uniform64 with a plain
 *  out runs in the calling thread, lib/backend/cpu/pool.ts copyBound, and never reaches them). */
const pooled = (j: Job) => runPooled(j, { fast: true, native: false });

function job(lo: number, n: number, test: Record<string, unknown> = {}): Job {
  return { op: 'uniform64', key: [0x12345678, 0x9abcdef0], lo, hi: 0, out: new Float64Array(n), params: { low: 0, high: 1, test }, perElement: {} };
}

function reference(lo: number, n: number): Float64Array {
  const j = job(lo, n);
  runKernel(j.op, { k0: j.key[0], k1: j.key[1], ...j });
  return j.out as Float64Array;
}

const same = (a: OutArray, b: OutArray) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** `p`, or a rejection saying it was still pending after `ms` (a hang fails the test instead of its timeout). */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([
  p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)),
]);

describe('a part that fails', () => {
  it('the call settles only once every part has: the next call never gets values of the failed one', async () => {
    // Failed call, two rounds: round 0's worker part (at 0) fails at once, round 1's (at R, the other slab)
    // writes 600 ms later. Before, the call rejected at once and handed its slabs back; the next call took
    // them, its workers wrote and answered 1 s later, and between the two the stale part overwrote half a round.
    const failed = job(0, 2 * R, { failAt: 0, delays: [[R, 600]] });
    await expect(pooled(failed)).rejects.toThrow(/injected failure/);
    const next = job(10 * R, 2 * R, { answerAfterMs: 1000 });
    await pooled(next);
    expect(same(next.out, reference(10 * R, 2 * R))).toBe(true);
  });
});

describe('a whole permutation in parts', () => {
  it('a failing part fails the call once every part has settled; the next call has the whole bits', async () => {
    await shutdownPool();  // a fresh failure count: the parts run on workers (the host kernels' parts)
    const n = 100_000;
    const perm = (test: Record<string, unknown> = {}): Job =>
      ({ op: 'permutationI32', key: [0x1234, 0x5678], lo: 0, hi: 0, out: new Int32Array(n), params: { population: n, test }, perElement: {} });
    const want = perm();
    runKernel(want.op, { k0: want.key[0], k1: want.key[1], ...want });
    // every part starts at element 0: each of them fails
    await expect(runPooled(perm({ failAt: 0 }))).rejects.toThrow(/injected failure/);
    const ok = perm();
    await runPooled(ok);
    expect(same(ok.out, want.out)).toBe(true);
  });
});

describe('the watchdog', () => {
  it('a part that never finishes fails the call with a clear error; the worker is replaced and the pool works', async () => {
    await pooled(job(0, R)); // starts the pool, under the default bound (a worker's start counts)
    setPartTimeout((elements) => 500 + elements * 1e-6);
    try {
      const before = poolThreads();
      expect(before).toHaveLength(2);
      await expect(within(pooled(job(0, R, { hangAt: 0 })), 5000))  // the workers' part (the caller computes [R/2, R))
        .rejects.toThrow(/cuda-random: a CPU worker thread did not finish its part of an async call \(\d+ elements of uniform64\) within \d+ ms; the call fails and the worker is replaced/);
      setPartTimeout(null); // the replacement's start counts against its first part
      const after = poolThreads();
      expect(after).toHaveLength(2);
      expect(after.filter((id) => !before.includes(id))).toHaveLength(1);
      const ok = job(3 * R, 2 * R + 5);
      await within(pooled(ok), 10_000);
      expect(same(ok.out, reference(3 * R, 2 * R + 5))).toBe(true);
    } finally {
      setPartTimeout(null);
    }
  });

  it('the default bound is generous and grows with the part', async () => {
    const { defaultPartTimeout } = await import('../dist/lib/backend/cpu/pool.js');
    expect(defaultPartTimeout(0)).toBeGreaterThanOrEqual(60_000);
    expect(defaultPartTimeout(2 ** 24)).toBeGreaterThan(defaultPartTimeout(2 ** 20));
  });
});
