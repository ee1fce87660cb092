/**
 * Per-element parameters of the transforms and vonMises (docs/streams.md, "Transforms of one uniform or one normal",
 * "von Mises") beyond test/samplers.test.ts's element-by-element equality: DeviceArray parameters (read back to the
 * host), refusals naming `name[i]` or the length with nothing written, the cross-parameter check per element, and the
 * rows the CUDA adapter sends (one row of p per element).
 */
import { describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';
import { DeviceArray } from '../lib/index.js';
import { TRANSFORMS, transformParams, transformParamNames, transformColumns } from '../lib/samplers/transform.js';
import { rowsOf } from '../lib/samplers/spec.js';
import { expectSameBits } from './dist-helpers.js';

const k = api.key(20);

describe('transform per-element parameters', () => {
  it('a float DeviceArray parameter gives the values of its host copy, sync and async, both dtypes', async () => {
    const scale = Float64Array.from({ length: 50 }, (_, i) => 0.5 + i / 8);
    for (const dtype of ['float64', 'float32'] as const) {
      const want = api.laplace(k, 50, { loc: 1, scale, dtype, offset: 9 });
      for (const d of [DeviceArray.from(scale), DeviceArray.from(Float32Array.from(scale))]) {
        expectSameBits(api.laplace(k, 50, { loc: 1, scale: d, dtype, offset: 9 }) as Float64Array, want as Float64Array, `${d.dtype} ${dtype}`);
        expectSameBits(await api.laplaceAsync(k, 50, { loc: 1, scale: d, dtype, offset: 9 }) as Float64Array, want as Float64Array, `async ${d.dtype} ${dtype}`);
      }
    }
    const bad = DeviceArray.from(Float64Array.of(1, 2, -3));
    expect(() => api.rayleigh(k, 3, { scale: bad })).toThrow(/scale\[2\] must be > 0/);
    expect(() => api.rayleigh(k, 4, { scale: bad })).toThrow(/scale must have length n = 4, got 3/);
    expect(() => api.rayleigh(k, 3, { scale: DeviceArray.from(new Uint32Array(3)) })).toThrow(TypeError);
  });

  it('refuses a bad value naming name[i], a wrong length naming the parameter; nothing is written', async () => {
    const out = new Float64Array(4).fill(7);
    const cases: [() => unknown, RegExp, ErrorConstructor][] = [
      [() => api.weibull(k, 4, { shape: [1, 2, 0, 1], out }), /shape\[2\] must be > 0/, RangeError],
      [() => api.gumbel(k, 4, { loc: Float64Array.of(0, NaN, 0, 0), out }), /loc\[1\] must be finite/, RangeError],
      [() => api.pareto(k, 4, { alpha: 2, scale: [1, 1, 1], out }), /scale must have length n = 4, got 3/, RangeError],
      [() => api.cauchy(k, 4, { scale: [1, 1, '1', 1] as never, out }), /scale\[2\]/, TypeError],
      [() => api.lognormal(k, 4, { std: new Int32Array(4) as never, out }), /std must be/, TypeError],
      [() => api.truncatedNormal(k, 4, { low: [0, 0, 3, 0], high: [1, 2, 3, 4], out }), /low\[2\] must be < high\[2\]/, RangeError],
      [() => api.truncatedNormal(k, 4, { low: [0, 0, 0, 40], high: 50, out }), /low\[3\] and high: .* from mean/, RangeError],
      [() => api.truncatedNormal(k, 4, { low: 0, high: 1, mean: [0, 0, 0, -40], out }), /low and high: .* from mean\[3\]/, RangeError],
    ];
    for (const [f, msg, type] of cases) {
      expect(f).toThrow(msg);
      expect(f).toThrow(type);
    }
    await expect(api.weibullAsync(k, 4, { shape: [1, 2, 0, 1], out })).rejects.toThrow(/shape\[2\]/);
    expect(Array.from(out)).toEqual([7, 7, 7, 7]);
  });

  it('per element, each row is the scalar call\'s p (truncatedNormal: its derived Φ values)', () => {
    const t = TRANSFORMS.find((x) => x.name === 'truncatedNormal')!;
    const low = Float64Array.of(-1, 2, -Infinity, 30), high = Float64Array.of(1, Infinity, -3, 30.5);
    const cols = transformColumns(t, { low, high, mean: 0.25, std: 1.5 }, { low, high });
    const width = transformParamNames(t).length;
    const rows = rowsOf(cols, 'p', width)!;
    for (let i = 0; i < 4; i++) {
      const p = transformParams(t, { low: low[i], high: high[i], mean: 0.25, std: 1.5 });
      expect(Array.from(rows.subarray(i * width, (i + 1) * width)), `row ${i}`).toEqual(Array.from(p));
    }
  });

  it('vonMises: elements in all three modes in one call, a DeviceArray kappa, kappa[i] named', async () => {
    const kappa = Float64Array.of(0, 2.5, 4e6, 1e-9, 0.5, 2e6);
    const mu = [0, -1, 3, 7, -9, 0.5];
    const want = Float64Array.from(kappa, (kp, i) => api.vonMises(k, 1, { mu: mu[i], kappa: kp, offset: 40 + i })[0]);
    expectSameBits(api.vonMises(k, 6, { mu, kappa, offset: 40 }) as Float64Array, want);
    expectSameBits(await api.vonMisesAsync(k, 6, { mu, kappa: DeviceArray.from(kappa), offset: 40 }) as Float64Array, want);
    const out = new Float32Array(3).fill(7);
    expect(() => api.vonMises(k, 3, { kappa: [1, -1, 1], out })).toThrow(/kappa\[1\] must be/);
    expect(() => api.vonMises(k, 3, { kappa: 1, mu: [0, Infinity, 0], out })).toThrow(/mu\[1\] must be finite/);
    expect(Array.from(out)).toEqual([7, 7, 7]);
  });

  it('f: per-element dfn and dfd (number[] and a DeviceArray), dfd[i] named', async () => {
    const dfn = [0.5, 3, 40, 1], dfd = Float64Array.of(7, 0.25, 2, 100);
    for (const dtype of ['float64', 'float32'] as const) {
      const want = Float64Array.from(dfn, (a, i) => api.f(k, 1, { dfn: a, dfd: dfd[i], dtype, offset: 2 ** 32 - 2 + i })[0]);
      const got = api.f(k, 4, { dfn, dfd, dtype, offset: 2 ** 32 - 2 });
      expectSameBits(Float64Array.from(got), want, dtype);
      expectSameBits(Float64Array.from(await api.fAsync(k, 4, { dfn, dfd: DeviceArray.from(dfd), dtype, offset: 2 ** 32 - 2 })), want, `async ${dtype}`);
    }
    expect(() => api.f(k, 4, { dfn: 1, dfd: [1, 1, 0.1, 1] })).toThrow(/dfd\[2\]/);
  });

  it('a scalar call is unchanged: no per-element columns, p as before', () => {
    for (const t of TRANSFORMS) {
      const sampler = (api as unknown as Record<string, (...a: unknown[]) => Float64Array>)[t.name];
      // distinct and ascending: valid for the ordering checks (left ≤ mode ≤ right)
      const v = Object.fromEntries(t.params.map((q, i) => [q.name, q.default ?? 1.5 + i]));
      const a = sampler(k, 33, v);
      const b = sampler(k, 33, Object.fromEntries(Object.entries(v).map(([n, x]) => [n, new Array(33).fill(x)])));
      expectSameBits(b, a, t.name);
    }
  });
});
