/**
 * The CUDA backend's Job → addon adapter (lib/backend/cuda/backend.ts), checked everywhere with a stand-in
 * addon computed on the CPU: if the adapter passes any argument wrongly (key words, offset halves,
 * low/high, XORWOW seed/subsequence/offset or state), the bits differ from the CPU backend's.
 */
import { describe, expect, it, vi } from 'vitest';
import { makeCudaBackend, CUDA_OPS, CROSSOVER, DEFAULT_CUDA_CROSSOVER, crossoverFromEnv, type CudaAddon } from '../lib/backend/cuda/backend.js';
import { cpuBackend } from '../lib/backend/cpu/backend.js';
import type { Backend } from '../lib/backend/types.js';
import { Xorwow } from '../lib/xorwow/xorwow.js';
import type { Job } from '../lib/core/job.js';
import { calls, standInAddon } from './stand-in-addon.js';
import {
  beta, betaAsync, chisquare, chisquareAsync, dirichlet, dirichletAsync, exponential, exponentialAsync, gamma,
  gammaAsync, key, normal, normalAsync,
} from '../lib/index.js';
import { expectSameBits } from './dist-helpers.js';

// `{ backend: 'cuda' }` in this file runs the CUDA backend's adapters against the stand-in addon, so the
// public functions' jobs go facade → adapter → addon exactly as on a GPU.
const standIn = vi.hoisted(() => ({ backend: null as Backend | null }));
vi.mock('../lib/backend/select.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../lib/backend/select.js')>();
  return {
    ...m,
    pickBackend: (place: { backend?: unknown } | undefined, op: string, n: number) =>
      (place?.backend === 'cuda' && standIn.backend ? standIn.backend : m.pickBackend(place, op, n)),
  };
});

const fake: CudaAddon = standInAddon();
standIn.backend = makeCudaBackend(fake, 0);

function job(op: string, out: Job['out'], lo: number, hi: number, params: Record<string, unknown> = {}): Job {
  return { op, key: [0x01234567, 0x89abcdef], lo, hi, out, params, perElement: {} };
}

describe('CUDA backend adapter (stand-in addon)', () => {
  const b = makeCudaBackend(fake, 1234);

  it('supports the implemented ops only, with the given crossover', () => {
    expect(b.name).toBe('cuda');
    for (const op of ['bits', 'uniform32', 'uniform64', 'xorwowFill']) expect(b.supports(op)).toBe(true);
    for (const op of ['normal', 'gamma', 'aliasCdfSample', 'nope']) expect(b.supports(op)).toBe(false);
    for (const op of ['normalBM32', 'normalPolar64', 'gamma32', 'exponential64', 'beta32', 'dirichlet64']) expect(b.supports(op)).toBe(true);
    for (const op of ['aliasBuild', 'aliasSample', 'aliasCounts', 'aliasCategorical']) expect(b.supports(op)).toBe(true);
    expect(b.crossover('bits')).toBe(1234);
    expect(DEFAULT_CUDA_CROSSOVER).toBe(65536);
  });

  it('crossover: a per-op table (every CUDA op listed), overridable for all ops or per op', () => {
    for (const op of CUDA_OPS) expect(Object.hasOwn(CROSSOVER, op), op).toBe(true);
    const env = process.env.CUDA_RANDOM_CROSSOVER;
    delete process.env.CUDA_RANDOM_CROSSOVER;
    try {
      const t = makeCudaBackend(fake);
      expect(t.crossover('gamma32')).toBe(CROSSOVER.gamma32);
      expect(t.crossover('bits')).toBe(CROSSOVER.bits);
      expect(t.crossover('notAnOp')).toBe(DEFAULT_CUDA_CROSSOVER);
      const per = makeCudaBackend(fake, { gamma32: 5 });
      expect([per.crossover('gamma32'), per.crossover('gamma64')]).toEqual([5, CROSSOVER.gamma64]);
    } finally {
      if (env !== undefined) process.env.CUDA_RANDOM_CROSSOVER = env;
    }
    expect(crossoverFromEnv(undefined)).toBeUndefined();
    expect(crossoverFromEnv('')).toBeUndefined();
    expect(crossoverFromEnv('1234')).toBe(1234);
    expect(crossoverFromEnv('gamma32=10, normalBM64=0')).toEqual({ gamma32: 10, normalBM64: 0 });
    for (const bad of ['-1', '1.5', 'x', 'gamma32=', 'gamma32=-3', '=5', 'a=1=2']) {
      expect(() => crossoverFromEnv(bad), bad).toThrow(/CUDA_RANDOM_CROSSOVER must be/);
    }
  });

  it('bits, uniform32 and uniform64 equal the CPU backend (sync and async, offsets with a high word)', async () => {
    const cases: [string, () => Job['out'], Record<string, unknown>][] = [
      ['bits', () => new Uint32Array(37), {}],
      ['uniform32', () => new Float32Array(37), { low: 0, high: 1 }],
      ['uniform32', () => new Float32Array(37), { low: -2.5, high: 1e3 }],
      ['uniform64', () => new Float64Array(37), { low: 0, high: 1 }],
      ['uniform64', () => new Float64Array(37), { low: -1e-3, high: 7 }],
    ];
    for (const [op, make, params] of cases) {
      for (const [lo, hi] of [[0, 0], [3, 0], [0xfffffffe, 5]]) {
        const want = make();
        cpuBackend.run(job(op, want, lo, hi, params));
        const got = make();
        b.run(job(op, got, lo, hi, params));
        expect([...got], `${op} ${lo}:${hi}`).toEqual([...want]);
        const got2 = make();
        await b.runAsync(job(op, got2, lo, hi, params));
        expect([...got2]).toEqual([...want]);
      }
    }
  });

  it('xorwowFill: seed/subsequence params with the offset in job.lo/hi, or a state snapshot', async () => {
    const seed = 0xfedcba9876543210n, sub = 3n, offset = (7n << 32n) + 11n;
    const want = new Xorwow(seed, { subsequence: sub, offset }).fill(new Uint32Array(50));
    const params = {
      seedLo: Number(seed & 0xffffffffn), seedHi: Number(seed >> 32n), subsequenceLo: 3, subsequenceHi: 0,
    };
    const got = new Uint32Array(50);
    b.run(job('xorwowFill', got, 11, 7, params));
    expect([...got]).toEqual([...want]);
    const got2 = new Uint32Array(50);
    await b.runAsync(job('xorwowFill', got2, 11, 7, params));
    expect([...got2]).toEqual([...want]);

    const g = new Xorwow(99n);
    const state = g.state();
    const fromState = new Uint32Array(20);
    b.run(job('xorwowFill', fromState, 4, 0, { state }));
    expect([...fromState]).toEqual([...g.skip(4).fill(new Uint32Array(20))]);
  });

  it('runAsync turns a throw into a rejection', async () => {
    await expect(b.runAsync(job('normal', new Float64Array(1), 0, 0))).rejects.toThrow(/has no op 'normal'/);
  });
});

// ---- the distribution samplers, through the public functions --------------------------------------

const OFFSETS: (number | bigint)[] = [0, 1, 3, 2 ** 32 - 1, 2 ** 40 + 1, 2n ** 59n + 3n]; // (offset + rows)·K < 2^63 for K <= 4

describe('distribution adapters (public functions → CUDA adapters → stand-in addon) = CPU backend', () => {
  const k = key(0xc0ffee);
  type Case = [string, (o: Record<string, unknown>) => Float32Array | Float64Array, (o: Record<string, unknown>) => Promise<Float32Array | Float64Array>];
  const n = 37;
  const per32 = Float32Array.from({ length: n }, (_, i) => [0.05, 0.7, 1, 4.5, 300][i % 5]);
  const per64 = Float64Array.from({ length: n }, (_, i) => [0.3, 2.5, 0.01, 1, 40][i % 5]);
  const cases: Case[] = [];
  for (const dtype of ['float32', 'float64'] as const) {
    for (const method of ['box-muller', 'polar'] as const) {
      cases.push([`normal ${method} ${dtype}`, (o) => normal(k, n, { method, dtype, mean: -2, std: 3, ...o }), (o) => normalAsync(k, n, { method, dtype, mean: -2, std: 3, ...o })]);
    }
    cases.push([`exponential ${dtype}`, (o) => exponential(k, n, { dtype, rate: 2.5, ...o }), (o) => exponentialAsync(k, n, { dtype, rate: 2.5, ...o })]);
    for (const alpha of [0.2, 1, 7.5]) {
      cases.push([`gamma α=${alpha} ${dtype}`, (o) => gamma(k, n, { alpha, scale: 1.5, dtype, ...o }), (o) => gammaAsync(k, n, { alpha, scale: 1.5, dtype, ...o })]);
    }
    for (const alpha of [per32, per64]) {
      cases.push([`gamma per-element ${alpha.constructor.name} ${dtype}`, (o) => gamma(k, n, { alpha, dtype, ...o }), (o) => gammaAsync(k, n, { alpha, dtype, ...o })]);
    }
    cases.push([`chisquare ${dtype}`, (o) => chisquare(k, n, { df: 3, dtype, ...o }), (o) => chisquareAsync(k, n, { df: 3, dtype, ...o })]);
    cases.push([`chisquare per-element ${dtype}`, (o) => chisquare(k, n, { df: per64, dtype, ...o }), (o) => chisquareAsync(k, n, { df: per64, dtype, ...o })]);
    for (const [a, b] of [[2, 3], [0.2, 0.4]]) {
      cases.push([`beta(${a}, ${b}) ${dtype}`, (o) => beta(k, n, { a, b, dtype, ...o }), (o) => betaAsync(k, n, { a, b, dtype, ...o })]);
    }
    for (const alpha of [[0.3, 0.5, 0.2], [1.5, 0.2, 7, 0.9]]) {
      cases.push([`dirichlet K=${alpha.length} ${dtype}`, (o) => dirichlet(k, alpha, 9, { dtype, ...o }), (o) => dirichletAsync(k, alpha, 9, { dtype, ...o })]);
    }
  }

  for (const [name, sync, async] of cases) {
    it(`${name}: sync and async, offsets with a high word`, async () => {
      for (const offset of OFFSETS) {
        const want = sync({ offset, backend: 'cpu' });
        expectSameBits(sync({ offset, backend: 'cuda' }), want, `${name} offset ${offset}`);
        expectSameBits(await async({ offset, backend: 'cuda' }), want, `${name} async offset ${offset}`);
      }
    });
  }

  it('proposals go to the addon as they are: omitted → -1 (the addon chooses), else 1 … 1024', () => {
    const proposalsOf = (f: () => unknown) => {
      calls.length = 0;
      f();
      return calls.map((c) => c.args[c.name.startsWith('dirichlet') ? 5 : 6]);
    };
    expect(proposalsOf(() => gamma(k, 5, { alpha: 2, backend: 'cuda' }))).toEqual([-1]);
    expect(proposalsOf(() => gamma(k, 5, { alpha: 2, proposals: 1, backend: 'cuda' }))).toEqual([1]);
    expect(proposalsOf(() => beta(k, 5, { a: 2, b: 1, proposals: 6, backend: 'cuda' }))).toEqual([6]);
    expect(proposalsOf(() => dirichlet(k, [1, 2], 5, { proposals: 100, backend: 'cuda' }))).toEqual([100]);
    // and the output never depends on it
    const base = gamma(k, 100, { alpha: 0.4, backend: 'cpu' });
    for (const proposals of [1, 2, 5, 8, 32, 1024]) expectSameBits(gamma(k, 100, { alpha: 0.4, proposals, backend: 'cuda' }), base);
  });

  it("an 'ERANGE' error of the addon (a device-resident shape out of its domain) becomes a RangeError", async () => {
    const erange = () => Object.assign(new Error('cuda-random: alpha[3] must be finite and > 0, got -1'), { code: 'ERANGE' });
    const bad = { ...standInAddon(), gamma64: () => { throw erange(); }, gamma64Async: () => Promise.reject(erange()) } as CudaAddon;
    const b = makeCudaBackend(bad, 0);
    const j = (): Job => ({ op: 'gamma64', key: [1, 2], lo: 0, hi: 0, out: new Float64Array(4), params: { alpha: 1, scale: 1 }, perElement: {} });
    expect(() => b.run(j())).toThrow(RangeError);
    expect(() => b.run(j())).toThrow(/^alpha\[3\] must be finite and > 0, got -1$/);
    await expect(b.runAsync(j())).rejects.toThrow(RangeError);
  });
});
