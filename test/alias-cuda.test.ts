/**
 * The CUDA alias path without a GPU: the facade (AliasTable.build / sample / counts, categorical) routed
 * to a CUDA backend whose addon is a stand-in computed by the TypeScript backend. If the facade or the
 * adapters (lib/backend/cuda/custom.ts) pass any argument wrongly — key words, offset halves, method
 * codes, count, output arrays — or route to the wrong backend, the bits or the recorded calls differ.
 * Where the real addon loads (no GPU needed), its argument checks run before any CUDA call. The GPU
 * itself is checked by scripts/gpu-alias-compare.mjs and cuda/test/alias_selftest.cu.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import type { CudaProbe } from '../lib/backend/cuda/backend.js';

const fakeState = vi.hoisted(() => ({ probe: null as CudaProbe | null }));
vi.mock('../lib/backend/cuda/backend.js', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../lib/backend/cuda/backend.js')>();
  return { ...mod, cudaProbe: () => fakeState.probe ?? mod.cudaProbe() };
});

const { makeCudaBackend } = await import('../lib/backend/cuda/backend.js');
const { AliasTable } = await import('../lib/alias/table.js');
const { categorical, categoricalAsync } = await import('../lib/alias/categorical.js');
const { checkWeights, fixedPoint } = await import('../lib/alias/fixed-point.js');
const { buildRows } = await import('../lib/alias/psa.js');
const { aliasSample, cdfSample, prefixUnits } = await import('../lib/kernels/alias.js');
const { key } = await import('../lib/core/keys.js');
const { uniform } = await import('../lib/facade/samplers.js');
const { shutdownPool } = await import('../lib/backend/cpu/pool.js');
const { loadNative } = await import('../lib/native/load.js');
import type { AliasAddon, AliasDeviceTable } from '../lib/core/addon.js';
import type { CudaAddon } from '../lib/backend/cuda/backend.js';

afterAll(() => shutdownPool());

type FakeTable = AliasDeviceTable & { rows: Uint32Array; n: number };
const calls: string[] = [];
const METHOD = ['psa', 'psa+'] as const;

function table(t: AliasDeviceTable): FakeTable {
  const f = t as FakeTable;
  if (!(f.rows instanceof Uint32Array)) throw new TypeError('not a device table');
  return f;
}

function build(weights: Float32Array | Float64Array, method: number, rows: Uint32Array | null, hi: Uint32Array | null,
  lo: Uint32Array | null, keep: boolean): FakeTable | undefined {
  calls.push(`aliasBuild(${method})`);
  const fp = fixedPoint(checkWeights(weights));
  const r = buildRows(fp.hi, fp.lo, METHOD[method]);
  rows?.set(r);
  hi?.set(fp.hi);
  lo?.set(fp.lo);
  return keep ? ({ rows: r.slice(), n: weights.length } as FakeTable) : undefined;
}

function counts(t: AliasDeviceTable, k0: number, k1: number, lo: number, hi: number, count: number, out: Float64Array): void {
  calls.push('aliasCounts');
  const s = new Uint32Array(count);
  aliasSample(k0, k1, lo, hi, table(t).rows, table(t).n, s);
  for (const x of s) out[x]++;
}

function categ(weights: Float32Array | Float64Array, method: number, k0: number, k1: number, lo: number, hi: number, out: Uint32Array): void {
  calls.push(`aliasCategorical(${method})`);
  const fp = fixedPoint(checkWeights(weights));
  if (method === 2) cdfSample(k0, k1, lo, hi, prefixUnits(fp.hi, fp.lo), weights.length, out);
  else aliasSample(k0, k1, lo, hi, buildRows(fp.hi, fp.lo, METHOD[method]), weights.length, out);
}

const fakeAlias: AliasAddon = {
  aliasBuild: build,
  aliasBuildAsync: async (...a) => build(...a),
  aliasUpload: (rows, n) => {
    calls.push('aliasUpload');
    return { rows: rows.slice(), n } as FakeTable;
  },
  aliasSample: (t, k0, k1, lo, hi, out) => {
    calls.push('aliasSample');
    aliasSample(k0, k1, lo, hi, table(t).rows, table(t).n, out);
  },
  aliasSampleAsync: async (t, k0, k1, lo, hi, out) => {
    calls.push('aliasSampleAsync');
    aliasSample(k0, k1, lo, hi, table(t).rows, table(t).n, out);
  },
  aliasCounts: counts,
  aliasCountsAsync: async (...a) => counts(...a),
  aliasCategorical: categ,
  aliasCategoricalAsync: async (...a) => categ(...a),
  aliasTuning: () => ({ split: 0, pack: 0, counts: 0 }),
};

const CROSSOVER = 1000;
const fake = {
  deviceInfo: () => ({ usable: true, runtimeVersion: 13000, driverVersion: 13000, deviceCount: 1, archs: 'fake' }),
  pinnedArrayBuffer: (bytes: number) => new ArrayBuffer(bytes),
  ...fakeAlias,
} as unknown as CudaAddon;

beforeEach(() => {
  fakeState.probe = { backend: makeCudaBackend(fake, CROSSOVER), reason: 'stand-in', info: null };
  calls.length = 0;
});

function weights(seed: number, n: number): Float64Array {
  const u = uniform(key(seed), n, { backend: 'cpu' }) as Float64Array;
  return u.map((v, i) => (i % 5 === 0 ? 0 : v < 0.01 ? 1e-30 : v));
}

const K = key(0x0123456789abcdefn);
const BIG = 2n ** 40n + 3n; // an offset with a non-zero high word

describe('AliasTable on a (stand-in) CUDA backend', () => {
  it.each(METHOD)('build(%s) with backend cuda gives the CPU table; float32 weights too', (method) => {
    for (const w of [weights(1, 3000), Float32Array.from(weights(2, 777))]) {
      const cpu = AliasTable.build(w, { method, backend: 'cpu' });
      expect(calls).toEqual([]);
      const gpu = AliasTable.build(w, { method, backend: 'cuda' });
      expect(calls).toEqual([`aliasBuild(${method === 'psa' ? 0 : 1})`]);
      expect(gpu.toBuffer()).toEqual(cpu.toBuffer());
      expect(gpu.verify()).toBe(true);
      calls.length = 0;
    }
  });

  it('sampling a GPU-built table uses its device copy (no upload), sync and async, any offset', async () => {
    const w = weights(3, 5000);
    const gpu = AliasTable.build(w, { method: 'psa+', backend: 'cuda' });
    const cpu = AliasTable.build(w, { method: 'psa+', backend: 'cpu' });
    calls.length = 0;
    for (const offset of [0, 1, 7, BIG]) {
      const want = cpu.sample(K, 333, { offset, backend: 'cpu' });
      expect(gpu.sample(K, 333, { offset, backend: 'cuda' })).toEqual(want);
      expect(await gpu.sampleAsync(K, 333, { offset, backend: 'cuda' })).toEqual(want);
      const out = new Uint32Array(400);
      gpu.sample(K, 333, { offset, backend: 'cuda', out });
      expect(out.subarray(0, 333)).toEqual(want);
    }
    expect(calls.every((c) => c.startsWith('aliasSample'))).toBe(true);
  });

  it('a CPU-built table is uploaded once, on its first GPU sample', () => {
    const t = AliasTable.build(weights(4, 2000), { backend: 'cpu' });
    const want = t.sample(K, 50, { offset: 5, backend: 'cpu' });
    expect(t.sample(K, 50, { offset: 5, backend: 'cuda' })).toEqual(want);
    expect(t.sample(K, 50, { offset: 5, backend: 'cuda' })).toEqual(want);
    expect(calls).toEqual(['aliasUpload', 'aliasSample', 'aliasSample']);
  });

  it('counts run as one GPU call and equal the CPU histogram (zeroed, or accumulated)', async () => {
    const w = weights(5, 1500);
    const t = AliasTable.build(w, { backend: 'cuda' });
    const want = t.counts(K, 5000, { offset: BIG, backend: 'cpu' });
    calls.length = 0;
    expect(t.counts(K, 5000, { offset: BIG, backend: 'cuda' })).toEqual(want);
    expect(await t.countsAsync(K, 5000, { offset: BIG, backend: 'cuda' })).toEqual(want);
    expect(calls).toEqual(['aliasCounts', 'aliasCounts']);
    const acc = new Float64Array(1500).fill(1);
    t.counts(K, 5000, { offset: BIG, backend: 'cuda', out: acc, accumulate: true });
    expect(acc).toEqual(want.map((c) => c + 1));
    const zeroed = new Float64Array(1500).fill(9);
    t.counts(K, 5000, { offset: BIG, backend: 'cuda', out: zeroed });
    expect(zeroed).toEqual(want);
  });

  it('auto: the GPU from the crossover on; an unseen table only when the draws pay for its upload', () => {
    const small = AliasTable.build(weights(6, CROSSOVER - 1), { backend: 'auto' });
    expect(calls).toEqual([]);
    const big = AliasTable.build(weights(7, 64_000), { backend: 'auto' });
    expect(calls).toEqual(['aliasBuild(0)']);
    calls.length = 0;
    big.sample(K, CROSSOVER, { backend: 'auto' }); // resident: GPU from the crossover on
    big.sample(K, CROSSOVER - 1, { backend: 'auto' });
    expect(calls).toEqual(['aliasSample']);
    calls.length = 0;
    const cpuBuilt = AliasTable.build(weights(7, 64_000), { backend: 'cpu' });
    cpuBuilt.sample(K, 1999, { backend: 'auto' }); // 1999·32 < 64000: not worth an upload
    expect(calls).toEqual([]);
    cpuBuilt.sample(K, 2000, { backend: 'auto' });
    expect(calls).toEqual(['aliasUpload', 'aliasSample']);
    small.counts(K, CROSSOVER, { backend: 'auto' }); // 999 rows, 1000 draws: upload and count on the GPU
    expect(calls.slice(2)).toEqual(['aliasUpload', 'aliasCounts']);
  });

  it('backend cpu never touches the addon', () => {
    const t = AliasTable.build(weights(8, 5000), { backend: 'cpu' });
    t.sample(K, 5000, { backend: 'cpu' });
    t.counts(K, 5000, { backend: 'cpu' });
    categorical(K, weights(8, 5000), 5000, { backend: 'cpu' });
    expect(calls).toEqual([]);
  });
});

describe('categorical on a (stand-in) CUDA backend', () => {
  it('one GPU call per draw batch, for alias (psa, psa+) and cdf, equal to the CPU; async too', async () => {
    const w = weights(9, 4000);
    for (const [method, table, code] of [['alias', 'psa', 0], ['alias', 'psa+', 1], ['cdf', 'psa', 2]] as const) {
      const want = categorical(K, w, 777, { method, table, offset: BIG, backend: 'cpu' });
      calls.length = 0;
      expect(categorical(K, w, 777, { method, table, offset: BIG, backend: 'cuda' })).toEqual(want);
      expect(await categoricalAsync(K, w, 777, { method, table, offset: BIG, backend: 'cuda' })).toEqual(want);
      expect(calls).toEqual([`aliasCategorical(${code})`, `aliasCategorical(${code})`]);
    }
  });

  it("auto counts the weights and the draws against the crossover; method 'auto' does not depend on the backend", () => {
    const w = weights(10, 600);
    expect(categorical(K, w, 300, { backend: 'auto' })).toEqual(categorical(K, w, 300, { backend: 'cpu' }));
    expect(calls).toEqual([]);
    expect(categorical(K, w, 400, { backend: 'auto' })).toEqual(categorical(K, w, 400, { backend: 'cpu' }));
    expect(calls).toEqual(['aliasCategorical(2)']); // 4·400 < 600 + 8192: cdf, on the GPU
  });

  it('bad input is rejected before the addon is called', () => {
    expect(() => categorical(K, [1, -1], 5, { backend: 'cuda' })).toThrow(RangeError);
    expect(() => categorical(K, [0, 0], 5, { backend: 'cuda' })).toThrow(RangeError);
    expect(() => AliasTable.build([NaN], { backend: 'cuda' })).toThrow(RangeError);
    expect(() => AliasTable.build(new Float64Array(0), { backend: 'cuda' })).toThrow(RangeError);
    expect(() => AliasTable.build([1, 2], { backend: 'gpu' as 'cuda' })).toThrow(RangeError);
    expect(categorical(K, [1, 2], 0, { backend: 'cuda' })).toEqual(new Uint32Array(0));
    expect(calls).toEqual([]);
  });
});

describe('test/vectors/alias_fixed.json', () => {
  it('is what the TypeScript backend computes (weights → units; scripts/gen-alias-vectors.mjs)', () => {
    const v = JSON.parse(readFileSync(new URL('./vectors/alias_fixed.json', import.meta.url), 'utf8'));
    for (const c of v.dense) {
      const w = c.dtype === 'f32' ? Float32Array.from(c.weights) : Float64Array.from(c.weights);
      const fp = fixedPoint(checkWeights(w));
      expect(Array.from(fp.hi).flatMap((h, i) => [fp.lo[i], h]), c.name).toEqual(c.units);
    }
  });
});

const native = loadNative().addon as CudaAddon | null;
const gpuUsable = native !== null && typeof native.deviceInfo === 'function' && native.deviceInfo().usable;

describe.skipIf(native === null)('the real addon checks alias arguments before any CUDA call', () => {
  it('types, lengths, methods and table handles', () => {
    const a = native!;
    const w = new Float64Array([1, 2, 0, 3]);
    expect(() => a.aliasBuild([1, 2] as unknown as Float64Array, 0, null, null, null, false)).toThrow(TypeError);
    expect(() => a.aliasBuild(w, 2, null, null, null, false)).toThrow(RangeError);
    expect(() => a.aliasBuild(w, 0, new Uint32Array(7), null, null, false)).toThrow(/rows must have 8 elements/);
    expect(() => a.aliasBuild(w, 0, null, new Uint32Array(5), null, false)).toThrow(/hi must have 4/);
    expect(() => a.aliasBuild(w, 0, null, null, new Int32Array(4) as unknown as Uint32Array, false)).toThrow(TypeError);
    expect(() => a.aliasSample({} as AliasDeviceTable, 1, 2, 0, 0, new Uint32Array(2))).toThrow(/device alias table/);
    expect(() => a.aliasUpload(new Uint32Array(3), 2)).toThrow(/rows must have 4/);
    expect(() => a.aliasCategorical(w, 3, 1, 2, 0, 0, new Uint32Array(2))).toThrow(RangeError);
    // DeviceArray paths: anything but a typed array or a device handle is refused by name
    expect(() => a.aliasBuild({} as never, 0, null, null, null, false)).toThrow(/weights must be a Float64Array, Float32Array or a device array handle/);
    expect(() => a.aliasCategorical({} as never, 0, 1, 2, 0, 0, new Uint32Array(2))).toThrow(/device array handle/);
    expect(() => a.aliasCategorical(w, 0, 1, 2, 0, 0, {} as never, 2 as never)).toThrow(/out must be a Uint32Array or a uint32 device array handle/);
    expect(() => a.aliasTuning({ pack: 2 })).toThrow(RangeError);
    expect(a.aliasTuning()).toEqual({ split: expect.any(Number), pack: expect.any(Number), counts: expect.any(Number) });
  });

  it.skipIf(gpuUsable)(
    'without a usable GPU, well-formed calls (rows in a SharedArrayBuffer too) fail with the CUDA error', async () => {
      const a = native!;
      const w = new Float32Array([1, 2, 0, 3]);
      const rows = new Uint32Array(new SharedArrayBuffer(32));
      expect(() => a.aliasBuild(w, 1, rows, new Uint32Array(4), new Uint32Array(4), true)).toThrow(/cudaError\w+/);
      await expect(a.aliasBuildAsync(w, 0, rows, null, null, true)).rejects.toThrow(/cudaError\w+/);
      expect(() => a.aliasCategorical(w, 2, 1, 2, 3, 0, new Uint32Array(5))).toThrow(/cudaError\w+/);
    });
});

// last: the fake runtime under the emulated device saw no misuse (binding/emulated.cc)
const violations = (loadNative().addon as { emulatedViolations?: () => string[] } | null)?.emulatedViolations;
describe.skipIf(!violations)('the emulated device\'s runtime', () => {
  it('recorded no violation in this file\'s calls', () => {
    expect(violations!()).toEqual([]);
  });
});
