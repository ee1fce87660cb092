/**
 * The count samplers with DeviceArray operands and the CUDA backend's adapters (the stand-in addon of
 * test/stand-in-addon.ts): per-element λ / count / p from host arrays and DeviceArrays give the CPU
 * backend's values, int32 DeviceArray outputs, and per-element values checked where they are read
 * (naming the parameter and the index).
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceArray, binomial, binomialAsync, key, multinomial, negativeBinomial, poisson, poissonAsync, shutdownPool } from '../lib/index.js';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import { standInProbe } from './stand-in-probe.js';
import { StandInHandle, calls, standInAddon } from './stand-in-addon.js';

vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));
const state = standInProbe;
afterAll(() => shutdownPool());

const k = key(0xc0de);
const lams = Float64Array.from({ length: 60 }, (_, i) => [0, 0.5, 7, 9.99, 10, 250, 3e6][i % 7]);
const counts = Float64Array.from({ length: 60 }, (_, i) => [0, 1, 30, 1000][i % 4]);
const ps = Float64Array.from({ length: 60 }, (_, i) => [0, 0.2, 0.5, 0.7, 1][i % 5]);
const arr = (a: ArrayLike<number>) => Array.from(a);

describe('count samplers, DeviceArray operands on the CPU backend', () => {
  beforeEach(() => { state.cuda = null; });

  it('a DeviceArray λ / count / p gives the typed array\'s values; out: \'device\' is an int32 DeviceArray', async () => {
    const want = poisson(k, 60, { lam: lams });
    expect(arr(poisson(k, 60, { lam: DeviceArray.from(lams) }))).toEqual(arr(want));
    const d = await poissonAsync(k, 60, { lam: DeviceArray.from(Float32Array.from(lams)), out: 'device' });
    expect([d.dtype, d.length]).toEqual(['int32', 60]);
    expect(arr(d.toHost())).toEqual(arr(poisson(k, 60, { lam: Float32Array.from(lams) })));
    expect(arr(binomial(k, 60, { count: DeviceArray.from(counts), p: DeviceArray.from(ps) }))).toEqual(arr(binomial(k, 60, { count: counts, p: ps })));
  });

  it('bad per-element values in a DeviceArray are refused naming the parameter and index', () => {
    const bad = lams.slice();
    bad[5] = 3e9;
    expect(() => poisson(k, 60, { lam: DeviceArray.from(bad) })).toThrow(/lam\[5\] = 3000000000 is too large for dtype 'int32'/);
    expect(poisson(k, 60, { lam: DeviceArray.from(bad), dtype: 'float64' }).length).toBe(60);
    const c = counts.slice();
    c[2] = 2.5;
    expect(() => binomial(k, 60, { count: DeviceArray.from(c), p: 0.5 })).toThrow(/count\[2\] must be an integer/);
    expect(() => binomial(k, 60, { count: 3, p: DeviceArray.from(new Float64Array(60).fill(1.5)) })).toThrow(/p\[0\] must be in \[0, 1\]/);
  });
});

describe('count samplers on the CUDA backend\'s adapters (stand-in addon)', () => {
  beforeEach(() => {
    state.cuda = makeCudaBackend(standInAddon(), 1 << 16);
    calls.length = 0;
  });

  it('scalar, per-element host arrays and DeviceArrays: the CPU backend\'s values in every dtype', async () => {
    for (const dtype of ['int32', 'uint32', 'float64'] as const) {
      expect(arr(poisson(k, 60, { lam: lams, dtype, backend: 'cuda', offset: 9 }))).toEqual(arr(poisson(k, 60, { lam: lams, dtype, backend: 'cpu', offset: 9 })));
      expect(arr(await binomialAsync(k, 60, { count: counts, p: ps, dtype, backend: 'cuda' }))).toEqual(arr(binomial(k, 60, { count: counts, p: ps, dtype, backend: 'cpu' })));
      expect(arr(negativeBinomial(k, 60, { r: 2.5, p: 0.3, dtype, backend: 'cuda' }))).toEqual(arr(negativeBinomial(k, 60, { r: 2.5, p: 0.3, dtype, backend: 'cpu' })));
      expect(arr(multinomial(k, 20, { probs: [1, 0, 3], count: 50, dtype, backend: 'cuda', offset: 4 }))).toEqual(arr(multinomial(k, 20, { probs: [1, 0, 3], count: 50, dtype, backend: 'cpu', offset: 4 })));
    }
    const lamDev = DeviceArray.from(Float32Array.from(lams));
    expect(lamDev.backend).toBe('cuda');
    calls.length = 0;
    const d = poisson(k, 60, { lam: lamDev, out: 'device' });
    expect(calls.map((c) => c.name)).toEqual(['poissonI32']);
    expect(calls[0].args[4]).toBeInstanceOf(StandInHandle);
    expect([d.backend, d.dtype]).toEqual(['cuda', 'int32']);
    expect(arr(d.toHost())).toEqual(arr(poisson(k, 60, { lam: Float32Array.from(lams), backend: 'cpu' })));
  });
});
