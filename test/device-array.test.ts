/**
 * DeviceArray (lib/facade/device-array.ts) and calls with DeviceArray operands (lib/facade/device-io.ts): on the CPU
 * backend, and with a CUDA backend whose addon is the stand-in of test/stand-in-addon.ts (device memory
 * = handle objects over typed arrays), so routing under 'auto', handle passing and cross-backend copies
 * are exercised here; scripts/gpu-compare.mjs repeats the CUDA part on a GPU.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DeviceArray, bernoulli, bernoulliAsync, beta, betaAsync, bits, bitsAsync, geometric, geometricAsync, integers, integersAsync, chisquare, chisquareAsync, dirichlet, dirichletAsync, exponential,
  exponentialAsync, gamma, gammaAsync, key, normal, normalAsync, shutdownPool, uniform, uniformAsync,
} from '../lib/index.js';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import { standInProbe } from './stand-in-probe.js';
import { StandInHandle, calls, external, standInAddon } from './stand-in-addon.js';
import { expectSameBits } from './dist-helpers.js';

vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));
const state = standInProbe;

afterAll(() => shutdownPool());

type HostArray = Uint32Array | Int32Array | Uint8Array | Float32Array | Float64Array;
const same = (a: HostArray, b: HostArray, what = '') => {
  expect(a.constructor, what).toBe(b.constructor);
  expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)), what).toBe(true);
};

const k = key(0xdecafbad);
const shapes = Float64Array.from({ length: 50 }, (_, i) => [0.05, 0.7, 1, 4.5, 300][i % 5]);

/** Every bulk function with { out } options: [name, sync, async, dtype, length]. */
type Fn = (o: Record<string, unknown>) => unknown;
const FUNCTIONS: [string, Fn, (o: Record<string, unknown>) => Promise<unknown>, string, number][] = [
  ['bits', (o) => bits(k, 50, o), (o) => bitsAsync(k, 50, o), 'uint32', 50],
  ['uniform float32', (o) => uniform(k, 50, { dtype: 'float32', ...o }), (o) => uniformAsync(k, 50, { dtype: 'float32', ...o }), 'float32', 50],
  ['uniform float64 [-1, 2)', (o) => uniform(k, 50, { low: -1, high: 2, ...o }), (o) => uniformAsync(k, 50, { low: -1, high: 2, ...o }), 'float64', 50],
  ['normal', (o) => normal(k, 50, { mean: 1, ...o }), (o) => normalAsync(k, 50, { mean: 1, ...o }), 'float64', 50],
  ['normal polar float32', (o) => normal(k, 50, { method: 'polar', dtype: 'float32', ...o }), (o) => normalAsync(k, 50, { method: 'polar', dtype: 'float32', ...o }), 'float32', 50],
  ['gamma', (o) => gamma(k, 50, { alpha: 0.4, ...o }), (o) => gammaAsync(k, 50, { alpha: 0.4, ...o }), 'float64', 50],
  ['gamma per element float32', (o) => gamma(k, 50, { alpha: shapes, dtype: 'float32', ...o }), (o) => gammaAsync(k, 50, { alpha: shapes, dtype: 'float32', ...o }), 'float32', 50],
  ['exponential', (o) => exponential(k, 50, { rate: 2, ...o }), (o) => exponentialAsync(k, 50, { rate: 2, ...o }), 'float64', 50],
  ['chisquare', (o) => chisquare(k, 50, { df: 3, ...o }), (o) => chisquareAsync(k, 50, { df: 3, ...o }), 'float64', 50],
  ['beta', (o) => beta(k, 50, { a: 0.5, b: 2, ...o }), (o) => betaAsync(k, 50, { a: 0.5, b: 2, ...o }), 'float64', 50],
  ['dirichlet', (o) => dirichlet(k, [0.3, 2, 1], 17, o), (o) => dirichletAsync(k, [0.3, 2, 1], 17, o), 'float64', 51],
  ['integers int32', (o) => integers(k, 50, { low: -9, high: 99, ...o }), (o) => integersAsync(k, 50, { low: -9, high: 99, ...o }), 'int32', 50],
  ['integers float64 wide', (o) => integers(k, 50, { high: 2 ** 40, dtype: 'float64', ...o }), (o) => integersAsync(k, 50, { high: 2 ** 40, dtype: 'float64', ...o }), 'float64', 50],
  ['bernoulli uint8 per element', (o) => bernoulli(k, 50, { p: shapes.map((x) => x / 300), ...o }), (o) => bernoulliAsync(k, 50, { p: shapes.map((x) => x / 300), ...o }), 'uint8', 50],
  ['geometric uint32', (o) => geometric(k, 50, { p: 0.2, dtype: 'uint32', ...o }), (o) => geometricAsync(k, 50, { p: 0.2, dtype: 'uint32', ...o }), 'uint32', 50],
];

describe('DeviceArray on the CPU backend (no GPU)', () => {
  beforeEach(() => { state.cuda = null; });

  for (const [name, f, fa, dtype, length] of FUNCTIONS) {
    it(`${name}: { out: 'device' } gives a CPU DeviceArray holding the same values (sync and async)`, async () => {
      const want = f({}) as HostArray;
      const d = f({ out: 'device' }) as DeviceArray;
      expect(d).toBeInstanceOf(DeviceArray);
      expect([d.backend, d.dtype, d.length, d.freed]).toEqual(['cpu', dtype, length, false]);
      same(d.toHost(), want, name);
      same(await d.toHostAsync(), want, name);
      const da = await fa({ out: 'device', offset: 3 }) as DeviceArray;
      same(da.toHost(), f({ offset: 3 }) as HostArray, `${name} async`);
      // into an existing DeviceArray (longer than needed: the first `length` elements are written)
      const into = DeviceArray.from(new (want.constructor as new (n: number) => HostArray)(length + 4).fill(7));
      expect(f({ out: into })).toBe(into);
      same(into.toHost().subarray(0, length), want);
      expect(into.toHost()[length + 3]).toBe(7);
    });
  }

  it('toHost copies; free() is idempotent; a freed array is refused with errors naming what was used', async () => {
    const d = normal(k, 10, { out: 'device' });
    const a = d.toHost();
    a[0] = 123;
    expect(d.toHost()[0]).not.toBe(123);
    expect(d.byteLength).toBe(80);
    expect(Object.prototype.toString.call(d)).toBe('[object DeviceArray(float64, 10, cpu)]');
    d.free();
    d.free();
    expect(d.freed).toBe(true);
    expect(() => d.toHost()).toThrow(/DeviceArray\.toHost: the array was freed/);
    await expect(d.toHostAsync()).rejects.toThrow(/freed/);
    expect(() => normal(k, 10, { out: d })).toThrow(TypeError);
    expect(() => normal(k, 10, { out: d })).toThrow(/out is a freed DeviceArray/);
    const alpha = DeviceArray.from(new Float64Array(10).fill(2));
    alpha.free();
    expect(() => gamma(k, 10, { alpha })).toThrow(/alpha is a freed DeviceArray/);
    await expect(gammaAsync(k, 10, { alpha })).rejects.toThrow(TypeError);
    expect(() => dirichlet(k, alpha, 2)).toThrow(/alpha is a freed DeviceArray/);
  });

  it('DeviceArray.from copies its input; only the five element types; no direct construction', () => {
    const src = new Float32Array([1, 2, 3]);
    const d = DeviceArray.from(src);
    src[0] = 9;
    expect([...d.toHost()]).toEqual([1, 2, 3]);
    expect(d.dtype).toBe('float32');
    expect(DeviceArray.from(new Uint32Array(0)).length).toBe(0);
    expect(() => DeviceArray.from(new Int16Array(2) as never)).toThrow(TypeError);
    expect(() => DeviceArray.from(new Uint8ClampedArray(2) as never)).toThrow(TypeError);
    expect(() => DeviceArray.from([1, 2] as never)).toThrow(/Uint32Array, Int32Array, Uint8Array, Float32Array or Float64Array/);
    expect(() => new (DeviceArray as unknown as new (...a: unknown[]) => unknown)(Symbol('x'), {}, 'float32', 1)).toThrow(/cannot be constructed directly/);
    expect(() => DeviceArray.from(src, { backend: 'cuda' })).toThrow(/backend 'cuda' was requested but is unavailable/);
  });

  it('int32 and uint8 arrays round-trip (from, toHost, toHostAsync, out: device) and are refused where floats are needed', async () => {
    const cases: [HostArray, string][] = [
      [Int32Array.from([-(2 ** 31), -1, 0, 1, 2 ** 31 - 1]), 'int32'],
      [Uint8Array.from([0, 1, 127, 128, 255]), 'uint8'],
    ];
    for (const [src, dtype] of cases) {
      const d = DeviceArray.from(src);
      expect([d.dtype, d.length, d.byteLength]).toEqual([dtype, 5, src.byteLength]);
      same(d.toHost(), src, dtype);
      same(await d.toHostAsync(), src, `${dtype} async`);
      expect(Object.prototype.toString.call(d)).toBe(`[object DeviceArray(${dtype}, 5, cpu)]`);
      expect(() => normal(k, 5, { out: d as never })).toThrow(/out must be a float64 DeviceArray, got (an int32|a uint8) one/);
      expect(() => gamma(k, 5, { alpha: d })).toThrow(/alpha must be a float32 or float64 DeviceArray, got (an int32|a uint8) one/);
      expect(() => normal(k, 5, { out: src as never })).toThrow(/out must be a Float64Array, got (an Int32Array|a Uint8Array)/);
      await expect(normalAsync(k, 5, { out: src as never })).rejects.toThrow(/out must be a Float64Array/);
    }
  });

  it('as gamma alpha: same values as the typed array; dtype, length and values validated, naming alpha', async () => {
    for (const Ctor of [Float32Array, Float64Array]) {
      const host = Ctor.from(shapes);
      const alpha = DeviceArray.from(host);
      for (const dtype of ['float32', 'float64'] as const) {
        expectSameBits(gamma(k, 50, { alpha, dtype, scale: 2 }), gamma(k, 50, { alpha: host, dtype, scale: 2 }));
        expectSameBits(await gammaAsync(k, 50, { alpha, dtype }), gamma(k, 50, { alpha: host, dtype }));
      }
    }
    expect(() => gamma(k, 5, { alpha: DeviceArray.from(new Uint32Array(5)) })).toThrow(TypeError);
    expect(() => gamma(k, 5, { alpha: DeviceArray.from(new Uint32Array(5)) })).toThrow(/alpha must be a float32 or float64 DeviceArray, got a uint32 one/);
    expect(() => gamma(k, 5, { alpha: DeviceArray.from(new Float64Array(6).fill(1)) })).toThrow(RangeError);
    expect(() => gamma(k, 5, { alpha: DeviceArray.from(new Float64Array(6).fill(1)) })).toThrow(/alpha must have length n = 5, got 6/);
    const bad = new Float64Array(5).fill(1);
    bad[3] = -2;
    expect(() => gamma(k, 5, { alpha: DeviceArray.from(bad) })).toThrow(/alpha\[3\] must be finite and > 0, got -2/);
    bad[3] = NaN;
    await expect(gammaAsync(k, 5, { alpha: DeviceArray.from(bad) })).rejects.toThrow(RangeError);
  });

  it('as dirichlet alpha: same values as the array; K and values validated', () => {
    const K = [0.3, 0.5, 0.2, 4];
    for (const Ctor of [Float32Array, Float64Array]) {
      const alpha = DeviceArray.from(Ctor.from(K));
      expectSameBits(dirichlet(k, alpha, 9, { offset: 2, dtype: 'float32' }), dirichlet(k, Ctor.from(K), 9, { offset: 2, dtype: 'float32' }));
    }
    expect(() => dirichlet(k, DeviceArray.from(new Float64Array(0)), 3)).toThrow(/alpha must have 1 to 2\^20 entries, got 0/);
    expect(() => dirichlet(k, DeviceArray.from(new Float64Array([1, 1e301])), 3)).toThrow(/alpha\[1\] must be in \[1e-300, 1e300\]/);
    expect(() => dirichlet(k, DeviceArray.from(new Uint32Array([1, 2])), 3)).toThrow(TypeError);
  });

  it('as out: dtype inferred from it; wrong dtype, short length and out = alpha refused', () => {
    const f32 = DeviceArray.from(new Float32Array(20));
    normal(k, 20, { out: f32 });
    same(f32.toHost(), normal(k, 20, { dtype: 'float32' }));
    expect(() => normal(k, 20, { out: f32, dtype: 'float64' })).toThrow(/out must be a float64 DeviceArray, got a float32 one/);
    expect(() => bits(k, 20, { out: f32 as never })).toThrow(TypeError);
    expect(() => normal(k, 21, { out: f32 })).toThrow(/out has length 20, needs at least 21/);
    const alpha = DeviceArray.from(new Float64Array(20).fill(1));
    expect(() => gamma(k, 20, { alpha, out: alpha })).toThrow(/out must not be the DeviceArray passed as alpha/);
    expect(() => normal(k, 20, { out: 'devices' as never })).toThrow(TypeError);
    expect(normal(k, 0, { out: 'device' }).length).toBe(0);
  });

  it('chisquare does not take a DeviceArray df (TypeError pointing to gamma)', () => {
    expect(() => chisquare(k, 5, { df: DeviceArray.from(new Float64Array(5).fill(2)) as never })).toThrow(/use gamma\(key, n, \{ alpha: df\/2, scale: 2 \}\)/);
  });
});

describe('DeviceArray with a CUDA backend (stand-in addon)', () => {
  beforeEach(() => {
    state.cuda = makeCudaBackend(standInAddon(), 1 << 16);
    calls.length = 0;
  });
  const names = () => calls.map((c) => c.name);

  for (const [name, f, fa, dtype, length] of FUNCTIONS) {
    it(`${name}: { out: 'device' } under auto goes to CUDA at any n and writes the addon's device memory`, async () => {
      const want = f({ backend: 'cpu' }) as HostArray;
      const d = f({ out: 'device' }) as DeviceArray;
      expect([d.backend, d.dtype, d.length]).toEqual(['cuda', dtype, length]);
      const last = calls[calls.length - 1];
      expect(last.args.at(-2)).toBeInstanceOf(StandInHandle); // (…, handle, n)
      expect(last.args.at(-1)).toBe(length);
      same(d.toHost(), want, name);
      same(await ((await fa({ out: 'device' })) as DeviceArray).toHostAsync(), want, `${name} async`);
      d.free();
    });
  }

  it('without device operands, auto keeps the crossover (small n on the CPU)', () => {
    normal(k, 100);
    expect(names()).toEqual([]);
    normal(k, 1 << 16);
    expect(names()).toEqual(['normalBM64']);
  });

  it('a CUDA-resident alpha sends gamma/dirichlet to CUDA as a handle (no host copy); results equal the CPU', async () => {
    const alpha = DeviceArray.from(Float32Array.from(shapes));
    expect(alpha.backend).toBe('cuda');
    calls.length = 0;
    const got = gamma(k, 50, { alpha });
    expect(names()).toEqual(['gamma64']);
    expect(calls[0].args[4]).toBeInstanceOf(StandInHandle);
    expectSameBits(got as Float64Array, gamma(k, 50, { alpha: Float32Array.from(shapes), backend: 'cpu' }));
    const K = DeviceArray.from(new Float64Array([0.3, 0.5, 2]));
    calls.length = 0;
    const rows = await dirichletAsync(k, K, 7, { out: 'device' });
    expect(names()).toEqual(['dirichlet64Async']);
    expect(calls[0].args[4]).toBeInstanceOf(StandInHandle);
    same(rows.toHost(), dirichlet(k, [0.3, 0.5, 2], 7, { backend: 'cpu' }));
  });

  it('a CUDA-resident p sends bernoulli/geometric to CUDA as a handle, with the output type code; results equal the CPU', async () => {
    const host = Float64Array.from(shapes, (x) => x / 300);
    const p = DeviceArray.from(host);
    calls.length = 0;
    const got = bernoulli(k, 50, { p, dtype: 'int32' });
    expect(names()).toEqual(['bernoulli']);
    expect(calls[0].args[4]).toBe(3);  // int32
    expect(calls[0].args[5]).toBeInstanceOf(StandInHandle);
    same(got as Int32Array, bernoulli(k, 50, { p: host, dtype: 'int32', backend: 'cpu' }));
    calls.length = 0;
    const g = await geometricAsync(k, 50, { p, out: 'device' });
    expect(names()).toEqual(['geometricAsync']);
    expect(g.dtype).toBe('int32');
    same(g.toHost(), geometric(k, 50, { p: host, backend: 'cpu' }));
    calls.length = 0;
    const ints = integers(k, 50, { high: 2 ** 32, dtype: 'uint32', out: 'device' });
    expect(names()).toEqual(['integers']);
    expect(calls[0].args.slice(4, 7)).toEqual([0, 0, 2 ** 32]);
    same(ints.toHost(), integers(k, 50, { high: 2 ** 32, dtype: 'uint32', backend: 'cpu' }));
  });

  it('operands that all live on the CPU keep auto on the CPU', () => {
    const alpha = DeviceArray.from(Float64Array.from(shapes), { backend: 'cpu' });
    gamma(k, 50, { alpha, out: DeviceArray.from(new Float64Array(50), { backend: 'cpu' }) });
    expect(names().filter((n) => n.startsWith('gamma'))).toEqual([]);
  });

  it('across backends operands are copied: forced CPU with CUDA operands, forced CUDA with CPU operands', async () => {
    const host = Float64Array.from(shapes);
    const want = gamma(k, 50, { alpha: host, backend: 'cpu' });
    const gpuAlpha = DeviceArray.from(host);
    // CPU run: alpha downloaded (toHost), output uploaded into the CUDA out
    const gpuOut = DeviceArray.from(new Float64Array(50));
    calls.length = 0;
    expect(gamma(k, 50, { alpha: gpuAlpha, out: gpuOut, backend: 'cpu' })).toBe(gpuOut);
    expect(names()).toEqual(['deviceToHost', 'deviceFromHost']);
    same(gpuOut.toHost(), want);
    expectSameBits(await gammaAsync(k, 50, { alpha: gpuAlpha, backend: 'cpu' }) as Float64Array, want);
    // CUDA run with CPU operands: host values in, host output written
    const cpuAlpha = DeviceArray.from(host, { backend: 'cpu' });
    const cpuOut = DeviceArray.from(new Float64Array(50), { backend: 'cpu' });
    calls.length = 0;
    gamma(k, 50, { alpha: cpuAlpha, out: cpuOut, backend: 'cuda' });
    expect(names()).toEqual(['gamma64']);
    expect(calls[0].args[4]).toBeInstanceOf(Float64Array);
    expect(calls[0].args[7]).toBeInstanceOf(Float64Array);
    same(cpuOut.toHost(), want);
    // a CPU-side copy of CUDA shapes is validated like host shapes
    const bad = host.slice();
    bad[7] = 0;
    expect(() => gamma(k, 50, { alpha: DeviceArray.from(bad), backend: 'cpu' })).toThrow(/alpha\[7\] must be finite and > 0, got 0/);
  });

  it('a CUDA out freed while an async CPU run fills it: the call resolves and nothing is uploaded', async () => {
    // a pool-sized call (a small one runs in the calling thread and settles before it returns)
    const n = 1 << 17;
    const gpuOut = DeviceArray.from(new Float64Array(n));
    calls.length = 0;
    const pending = normalAsync(k, n, { out: gpuOut, backend: 'cpu' });
    gpuOut.free();
    await expect(pending).resolves.toBe(gpuOut);
    expect(names()).not.toContain('deviceFromHost');
  });

  it('bits/uniform into CUDA memory pass the handle and n as the addon function\'s output', () => {
    const b = bits(k, 33, { out: 'device', offset: 5 });
    expect(names()).toEqual(['bits']);
    expect(calls[0].args.slice(4)).toEqual([expect.any(StandInHandle), 33]);
    same(b.toHost(), bits(k, 33, { offset: 5, backend: 'cpu' }));
    const u = uniform(k, 33, { out: DeviceArray.from(new Float32Array(40)) });
    same(u.toHost().subarray(0, 33), uniform(k, 33, { dtype: 'float32', backend: 'cpu' }));
  });

  it('int32 and uint8 arrays live in CUDA memory: type codes 3 and 4, byte sizes, round trips', async () => {
    for (const [src, code] of [[Int32Array.from([-5, 0, 2 ** 31 - 1]), 3], [Uint8Array.from([0, 200, 255]), 4]] as const) {
      const before = external.bytes;
      const d = DeviceArray.from(src, { backend: 'cuda' });
      expect(d.backend).toBe('cuda');
      const h = calls.find((c) => c.name === 'deviceFromHost')!.args[0] as StandInHandle;
      expect([h.type, h.data!.constructor]).toEqual([code, src.constructor]);
      expect(external.bytes - before).toBe(src.byteLength);
      same(d.toHost(), src);
      same(await d.toHostAsync(), src);
      expect(() => normal(k, 3, { out: d as never })).toThrow(/out must be a float64 DeviceArray/);
      d.free();
      expect(external.bytes).toBe(before);
      calls.length = 0;
    }
  });

  it('free() releases device memory once; a freed CUDA array is refused before the addon is called', () => {
    const before = external.bytes;
    const d = normal(k, 1000, { out: 'device' });
    expect(external.bytes - before).toBe(8000);
    d.free();
    d.free();
    expect(external.bytes).toBe(before);
    calls.length = 0;
    expect(() => normal(k, 1000, { out: d })).toThrow(/out is a freed DeviceArray/);
    expect(() => d.toHost()).toThrow(/freed/);
    expect(names()).toEqual([]);
  });
});
