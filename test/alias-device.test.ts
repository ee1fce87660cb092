/**
 * Alias tables and categorical() with DeviceArray operands (docs/alias.md, "DeviceArray operands"): weights in a
 * DeviceArray, samples into 'device' / a uint32 DeviceArray. On the CPU backend, and on a CUDA backend
 * whose addon is test/stand-in-addon.ts (device memory = handle objects; the device's weight check
 * emulated with the binding's C message format), so routing, handle passing, the ERANGE → RangeError
 * translation and cross-backend copies are exercised without a GPU. scripts/gpu-alias-compare.mjs
 * repeats the CUDA part on a GPU.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AliasTable, DeviceArray, categorical, categoricalAsync, key, shutdownPool, uniform } from '../lib/index.js';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import { standInProbe } from './stand-in-probe.js';
import { StandInHandle, calls, cFormat17g, standInAddon } from './stand-in-addon.js';

vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));
const state = standInProbe;

afterAll(() => shutdownPool());

const k = key(0x5eedcafe);
const BIG = 2n ** 40n + 5n;

function weights(seed: number, n: number): Float64Array {
  const u = uniform(key(seed), n, { backend: 'cpu' }) as Float64Array;
  return u.map((v, i) => (i % 7 === 0 ? 0 : v < 0.02 ? 1e-30 : v));
}

const W = weights(11, 3001);
const W32 = Float32Array.from(weights(12, 777));

/** Invalid weight vectors and the RangeError checkWeights gives for their host values. */
const BAD: [string, Float32Array | Float64Array][] = [
  ['NaN', Float64Array.from([1, 2, NaN, 3])],
  ['-Infinity', Float64Array.from([1, -Infinity])],
  ['+Infinity float32', Float32Array.from([0, Infinity, 1])],
  ['-0.1 (not exact in binary)', Float64Array.from([0.5, 0, -0.1])],
  ['-0.1 float32', Float32Array.from([2, -0.1])],
  ['tiny negative', Float64Array.from([1, -1e-300])],
  ['all zero', new Float64Array(9)],
];

function hostError(w: Float32Array | Float64Array): string {
  try {
    AliasTable.build(w, { backend: 'cpu' });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a RangeError');
}

describe('cFormat17g (the stand-in prints weights as the binding does)', () => {
  it('matches printf %.17g on representative values', () => {
    expect([NaN, Infinity, -Infinity, -1, -0.1, -1e-300, -1.5e-5, -123456789012345680000].map(cFormat17g)).toEqual(
      ['nan', 'inf', '-inf', '-1', '-0.10000000000000001', '-1e-300', '-1.5e-05', '-1.2345678901234568e+20'],
    );
  });
});

describe('on the CPU backend (no GPU)', () => {
  beforeEach(() => { state.cuda = null; });

  it('AliasTable.build takes float64/float32 DeviceArray weights: the same table as from the host values', () => {
    for (const w of [W, W32]) {
      for (const method of ['psa', 'psa+'] as const) {
        const d = DeviceArray.from(w);
        expect(d.backend).toBe('cpu');
        expect(AliasTable.build(d, { method }).toBuffer()).toEqual(AliasTable.build(w, { method }).toBuffer());
      }
    }
  });

  it('DeviceArray weights are checked like host weights: dtype, freed, values', () => {
    expect(() => AliasTable.build(DeviceArray.from(new Uint32Array([1, 2])))).toThrow(/weights must be a float32 or float64 DeviceArray, got a uint32 one/);
    expect(() => AliasTable.build(DeviceArray.from(new Float64Array(0)))).toThrow(RangeError);
    const d = DeviceArray.from(W);
    d.free();
    expect(() => AliasTable.build(d)).toThrow(/weights is a freed DeviceArray/);
    expect(() => categorical(k, d, 5)).toThrow(TypeError);
    for (const [what, w] of BAD) {
      expect(() => AliasTable.build(DeviceArray.from(w)), what).toThrow(new RangeError(hostError(w)));
      expect(() => categorical(k, DeviceArray.from(w), 10), what).toThrow(new RangeError(hostError(w)));
    }
  });

  it("table.sample with out 'device' or a uint32 DeviceArray: the same samples, sync and async", async () => {
    const t = AliasTable.build(W);
    const want = t.sample(k, 1000, { offset: BIG });
    const d = t.sample(k, 1000, { offset: BIG, out: 'device' });
    expect([d.backend, d.dtype, d.length]).toEqual(['cpu', 'uint32', 1000]);
    expect(d.toHost()).toEqual(want);
    const into = DeviceArray.from(new Uint32Array(1200));
    expect(await t.sampleAsync(k, 1000, { offset: BIG, out: into })).toBe(into);
    expect(into.toHost().subarray(0, 1000)).toEqual(want);
    expect(() => t.sample(k, 10, { out: DeviceArray.from(new Float64Array(10)) as never })).toThrow(/out must be a uint32 DeviceArray, got a float64 one/);
    expect(() => t.sample(k, 10, { out: DeviceArray.from(new Uint32Array(9)) })).toThrow(RangeError);
    expect(t.sample(k, 0, { out: 'device' }).length).toBe(0);
    expect(() => categorical(k, DeviceArray.from(new Float32Array([1, NaN])), 0)).toThrow(/weights\[1\] must be a finite number >= 0, got NaN/);
    expect(categorical(k, DeviceArray.from(W), 0)).toEqual(new Uint32Array(0));
  });

  it('categorical: DeviceArray weights and/or device out give the host draws, both methods, sync and async', async () => {
    for (const method of ['alias', 'cdf'] as const) {
      const want = categorical(k, W, 2000, { method, offset: 7 });
      const dw = DeviceArray.from(W);
      expect(categorical(k, dw, 2000, { method, offset: 7 })).toEqual(want);
      expect(categorical(k, W, 2000, { method, offset: 7, out: 'device' }).toHost()).toEqual(want);
      expect((await categoricalAsync(k, dw, 2000, { method, offset: 7, out: 'device' })).toHost()).toEqual(want);
      expect(await categoricalAsync(k, dw, 2000, { method, offset: 7 })).toEqual(want);
    }
    expect(categorical(k, DeviceArray.from(W32), 500, { table: 'psa+' })).toEqual(categorical(k, W32, 500, { table: 'psa+' }));
  });
});

describe('on a CUDA backend (stand-in addon)', () => {
  beforeEach(() => {
    state.cuda = makeCudaBackend(standInAddon(), 1 << 16);
    calls.length = 0;
  });
  const names = () => calls.map((c) => c.name);

  it('GPU-resident weights are built from in place (a handle, no download); the table is the CPU one', () => {
    for (const w of [W, W32]) {
      const d = DeviceArray.from(w);
      expect(d.backend).toBe('cuda');
      calls.length = 0;
      const t = AliasTable.build(d, { method: 'psa+' });
      expect(names()).toEqual(['aliasBuild']);
      expect(calls[0].args[0]).toBeInstanceOf(StandInHandle);
      expect(t.toBuffer()).toEqual(AliasTable.build(w, { method: 'psa+', backend: 'cpu' }).toBuffer());
      expect(t.verify()).toBe(true);
      // its device copy is kept: sampling it on the GPU uploads nothing
      calls.length = 0;
      expect(t.sample(k, 100, { backend: 'cuda' })).toEqual(t.sample(k, 100, { backend: 'cpu' }));
      expect(names()).toEqual(['aliasSample']);
    }
  });

  it("invalid GPU weights: the device's ERANGE becomes checkWeights's RangeError, word for word", async () => {
    for (const [what, w] of BAD) {
      const d = DeviceArray.from(w);
      const want = new RangeError(hostError(w));
      expect(() => AliasTable.build(d), what).toThrow(want);
      expect(() => categorical(k, d, 10), what).toThrow(want);
      await expect(categoricalAsync(k, d, 10, { out: 'device' }), what).rejects.toThrow(want);
      let caught: unknown;
      try { AliasTable.build(d); } catch (e) { caught = e; }
      expect(caught, what).toBeInstanceOf(RangeError);
    }
    expect(names().filter((n) => n.startsWith('deviceToHost'))).toEqual([]);
    // n = 0 draws nothing but still checks the weights (here through a host copy)
    const [, zeros] = BAD[BAD.length - 1];
    expect(() => categorical(k, DeviceArray.from(zeros), 0)).toThrow(new RangeError(hostError(zeros)));
    await expect(categoricalAsync(k, DeviceArray.from(zeros), 0, { out: 'device' })).rejects.toThrow(RangeError);
    expect(categorical(k, DeviceArray.from(W), 0, { out: 'device' }).length).toBe(0);
  });

  it("table.sample into 'device' runs on the GPU at any n and passes (handle, n)", async () => {
    const t = AliasTable.build(W, { backend: 'cpu' });
    const want = t.sample(k, 37, { offset: 3, backend: 'cpu' });
    const d = t.sample(k, 37, { offset: 3, out: 'device' });
    expect(d.backend).toBe('cuda');
    expect(names()).toEqual(['aliasUpload', 'aliasSample']);
    expect(calls[1].args.at(-2)).toBeInstanceOf(StandInHandle);
    expect(calls[1].args.at(-1)).toBe(37);
    expect(d.toHost()).toEqual(want);
    const into = DeviceArray.from(new Uint32Array(40));
    await t.sampleAsync(k, 37, { offset: 3, out: into });
    expect(into.toHost().subarray(0, 37)).toEqual(want);
    expect(names().filter((n) => n === 'aliasUpload')).toEqual(['aliasUpload']);
  });

  it('categorical with GPU weights and a GPU out: one op, handles in and out; equal to the CPU draws', async () => {
    for (const method of ['alias', 'cdf'] as const) {
      const want = categorical(k, W, 3000, { method, offset: BIG, backend: 'cpu' });
      const dw = DeviceArray.from(W);
      calls.length = 0;
      const d = categorical(k, dw, 3000, { method, offset: BIG, out: 'device' });
      expect(names()).toEqual(['aliasCategorical']);
      expect(calls[0].args[0]).toBeInstanceOf(StandInHandle);
      expect(calls[0].args[1]).toBe(method === 'cdf' ? 2 : 0);
      expect(calls[0].args.at(-2)).toBeInstanceOf(StandInHandle);
      expect(d.toHost()).toEqual(want);
      calls.length = 0;
      expect(await categoricalAsync(k, dw, 3000, { method, offset: BIG })).toEqual(want);
      expect(names()).toEqual(['aliasCategoricalAsync']);
      expect(calls[0].args.at(-1)).toBeInstanceOf(Uint32Array);
    }
  });

  it('across backends operands are copied: forced CPU with GPU weights, forced CUDA with CPU weights', async () => {
    const want = AliasTable.build(W32, { backend: 'cpu' }).toBuffer();
    const gpuW = DeviceArray.from(W32);
    calls.length = 0;
    expect(AliasTable.build(gpuW, { backend: 'cpu' }).toBuffer()).toEqual(want);
    expect(names()).toEqual(['deviceToHost']);
    const cpuW = DeviceArray.from(W32, { backend: 'cpu' });
    calls.length = 0;
    expect(AliasTable.build(cpuW, { backend: 'cuda' }).toBuffer()).toEqual(want);
    expect(names()).toEqual(['aliasBuild']);
    expect(calls[0].args[0]).toBeInstanceOf(Float32Array);
    // auto follows the operands: CPU weights and a CPU out stay on the CPU
    calls.length = 0;
    const draws = categorical(k, cpuW, 4000, { out: DeviceArray.from(new Uint32Array(4000), { backend: 'cpu' }) });
    expect(names()).toEqual([]);
    expect(draws.toHost()).toEqual(categorical(k, W32, 4000, { backend: 'cpu' }));
    // GPU weights drawn on the CPU into a GPU out: weights downloaded, draws uploaded
    const gpuOut = DeviceArray.from(new Uint32Array(100));
    calls.length = 0;
    await categoricalAsync(k, gpuW, 100, { out: gpuOut, backend: 'cpu', method: 'cdf' });
    expect(names()).toEqual(['deviceToHostAsync', 'deviceFromHost']);
    expect(gpuOut.toHost()).toEqual(categorical(k, W32, 100, { backend: 'cpu', method: 'cdf' }));
  });

  it('host weights with a device out go to the GPU whatever n (no PCIe round trip to amortise)', () => {
    const d = categorical(k, [1, 0, 3], 5, { out: 'device' });
    expect(names()).toEqual(['aliasCategorical']);
    expect(calls[0].args[0]).toBeInstanceOf(Float64Array);
    expect(d.toHost()).toEqual(categorical(k, [1, 0, 3], 5, { backend: 'cpu' }));
  });
});
