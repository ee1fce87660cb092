/**
 * The integer-valued element samplers (docs/streams.md, "Logarithmic series", "Zipf", "Hypergeometric"), beyond what
 * test/samplers.test.ts derives from the registry (arguments, the contract, every backend's bits): χ²
 * against the exact pmf (Zipf's conditioned on k ≤ 2^53, ζ by Euler–Maclaurin) over the parameter range,
 * the degenerate ends, the documented bounds, and each value an integer of its law's support.
 */
import { describe, expect, it } from 'vitest';
import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf';
import * as api from '../lib/index.js';
import { ELEMENTS, SAMPLERS } from '../lib/samplers/registry.js';
import { ZIPF_MAX } from '../lib/samplers/zipf.js';
import { elementWasm } from '../lib/wasm/samplers.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { chiSquareP, expectSameBits } from './dist-helpers.js';

const k = api.key(0x2195);
const N = 40000;
const P_MIN = 1e-4;

/** Σ_{j=1}^{M} j^−a by Euler–Maclaurin: the first 10^4 terms summed, the rest as an integral with end corrections. */
function zipfNorm(a: number, M: number): number {
  const K = 10000;
  let s = 0;
  for (let j = 1; j < K; j++) s += j ** -a;
  const f = (x: number) => x ** -a, f1 = (x: number) => -a * x ** (-a - 1);
  const integral = (K ** (1 - a) - M ** (1 - a)) / (a - 1);
  return s + integral + (f(K) + f(M)) / 2 + (f1(M) - f1(K)) / 12;
}

const logseriesPmf = (p: number) => (x: number) => (x < 1 ? 0 : -(p ** x) / (x * Math.log1p(-p)));

describe('every integer-valued element sampler is tested here', () => {
  it('logseries, zipf and hypergeometric', () => {
    expect(ELEMENTS.filter((e) => e.integer).map((e) => e.name).sort()).toEqual(['hypergeometric', 'logseries', 'zipf']);
  });
});

describe('logseries', () => {
  for (const p of [1e-3, 0.1, 0.6, 0.9, 0.99, 0.9999]) {
    it(`χ² against the exact pmf, p = ${p}`, () => {
      const xs = api.logseries(k, N, { p, offset: 77 });
      expect(xs).toBeInstanceOf(Float64Array);
      expect(chiSquareP(xs, logseriesPmf(p), 1)).toBeGreaterThan(P_MIN);
    });
  }
  it('the χ² test can fail: p = 0.6 against p = 0.62', () => {
    expect(chiSquareP(api.logseries(k, N, { p: 0.6 }), logseriesPmf(0.62), 1)).toBeLessThan(P_MIN);
  });
  it('p = 0 (and p below 2^-53) gives 1 everywhere; values are integers ≥ 1 within the documented bound', () => {
    for (const p of [0, 5e-324, 2 ** -54]) expect(api.logseries(k, 5000, { p }).every((x) => x === 1)).toBe(true);
    for (const p of [0.5, 0.999999, 1 - 2 ** -53]) {
      const bound = 1 + 36.8 / -Math.log(p);
      for (const x of api.logseries(k, 20000, { p, offset: 3 })) {
        if (!(Number.isInteger(x) && x >= 1 && x <= bound)) expect.fail(`p = ${p}: ${x}`);
      }
    }
  });
  it('per-element p: element i is the scalar call\'s element i', () => {
    const ps = Float64Array.from({ length: 300 }, (_, i) => [0, 0.3, 0.99, 0.7][i % 4]);
    const got = api.logseries(k, 300, { p: ps, offset: 9 });
    for (const p of [0, 0.3, 0.99, 0.7]) {
      const want = api.logseries(k, 300, { p, offset: 9 });
      for (let i = 0; i < 300; i++) if (ps[i] === p && got[i] !== want[i]) expect.fail(`p ${p} element ${i}`);
    }
  });
});

describe('zipf', () => {
  for (const a of [1.1, 1.5, 2, 3.5, 10]) {
    it(`χ² against the exact pmf conditioned on k ≤ 2^53, a = ${a}`, () => {
      const z = zipfNorm(a, ZIPF_MAX);
      const xs = api.zipf(k, N, { a, offset: 5 });
      expect(chiSquareP(xs, (x) => (x < 1 ? 0 : x ** -a / z), 1, 1e5)).toBeGreaterThan(P_MIN);
    });
  }
  it('the χ² test can fail: a = 2 against a = 2.05', () => {
    const z = zipfNorm(2.05, ZIPF_MAX);
    expect(chiSquareP(api.zipf(k, N, { a: 2 }), (x) => (x < 1 ? 0 : x ** -2.05 / z), 1, 1e5)).toBeLessThan(P_MIN);
  });
  it('a close to 1: integers in [1, 2^53], about half of them above 2^40 for a = 1 + 2^-20 (log-uniform-like)', () => {
    for (const a of [1 + 2 ** -52, 1 + 2 ** -20, 1.001]) {
      const xs = api.zipf(k, 20000, { a, offset: 11 });
      for (const x of xs) if (!(Number.isInteger(x) && x >= 1 && x <= ZIPF_MAX)) expect.fail(`a = ${a}: ${x}`);
      if (a === 1 + 2 ** -20) {
        const high = xs.filter((x) => x > 2 ** 40).length / xs.length;
        // P(X > 2^40 | X ≤ 2^53) = (1 − 2^(−40·am1))/(1 − 2^(−53·am1))·… ≈ 13/53 of the log scale
        expect(high).toBeGreaterThan(0.2);
        expect(high).toBeLessThan(0.3);
      }
    }
  });
  it('from a = 1025 on every value is 1; below it values stay integers', () => {
    for (const a of [1025, 1e300]) expect(api.zipf(k, 3000, { a }).every((x) => x === 1)).toBe(true);
    for (const a of [60, 1024]) expect(api.zipf(k, 3000, { a }).every((x) => x === 1)).toBe(true);
  });
});

describe('hypergeometric', () => {
  // HRUA with each of its four flips (good > bad, sample above half), the draws one by one at both ends, huge urns
  const SETS: [number, number, number][] = [[100, 200, 50], [200, 100, 50], [100, 200, 280], [200, 100, 280], [5, 7, 3],
    [1000, 10, 1005], [20, 30, 9], [20, 30, 41], [1e8, 3e8, 1e6], [999999999, 999999999, 5e8], [3, 999999999, 2e6]];
  for (const [ngood, nbad, nsample] of SETS) {
    it(`χ² against the exact pmf, (${ngood}, ${nbad}, ${nsample})`, () => {
      const xs = api.hypergeometric(k, N, { ngood, nbad, nsample, offset: 321 });
      // the walk starts 12 standard deviations below the mean (the mass below is < 1e-30)
      const total = ngood + nbad, mean = (nsample * ngood) / total;
      const sd = Math.sqrt((mean * (nbad / total) * (total - nsample)) / Math.max(1, total - 1));
      const lo = Math.max(0, Math.floor(mean - 12 * sd - 1));
      expect(chiSquareP(xs, (x) => hypergeometricPmf(x, total, ngood, nsample), lo)).toBeGreaterThan(P_MIN);
    });
  }
  it('the χ² test can fail: (100, 200, 50) against (101, 200, 50)', () => {
    expect(chiSquareP(api.hypergeometric(k, N, { ngood: 100, nbad: 200, nsample: 50 }), (x) => hypergeometricPmf(x, 301, 101, 50)))
      .toBeLessThan(P_MIN);
  });
  it('the ends: no good items, no bad items, no sample, the whole urn', () => {
    for (const [ngood, nbad, nsample, want] of [[0, 50, 20, 0], [50, 0, 20, 20], [30, 40, 0, 0], [30, 40, 70, 30], [0, 0, 0, 0]]) {
      expect(api.hypergeometric(k, 500, { ngood, nbad, nsample }).every((x) => x === want), `${ngood} ${nbad} ${nsample}`).toBe(true);
    }
  });
  it('refuses nsample above ngood + nbad and urns of 10^9 items, naming the argument', () => {
    expect(() => api.hypergeometric(k, 3, { ngood: 5, nbad: 5, nsample: 11 })).toThrow(/nsample must be at most ngood \+ nbad = 10, got 11/);
    expect(() => api.hypergeometric(k, 3, { ngood: 1e9, nbad: 5, nsample: 1 })).toThrow(/ngood must be an integer in \[0, 10\^9 − 1\]/);
    expect(() => api.hypergeometric(k, 3, { ngood: 5, nbad: 2.5, nsample: 1 })).toThrow(/nbad must be an integer/);
    expect(() => api.hypergeometric(k, 3, { ngood: [5, 6, 7], nbad: 5, nsample: [1, 12, 1] })).toThrow(/nsample\[1\] must be at most/);
  });
  it('the C++ twin (the WebAssembly module\'s scalar loop) = the TypeScript kernel, bit for bit, on every set', () => {
    const s = SAMPLERS.find((x) => x.name === 'hypergeometric')!;
    for (const [ngood, nbad, nsample] of SETS) {
      const low = s.lower({ ngood, nbad, nsample }, 'float64');
      const args = { k0: 5, k1: 6, lo: 0xffffffff - 700, hi: 3, params: low.params, perElement: {} };
      const wasm = new Float64Array(3000), js = new Float64Array(3000);
      expect(elementWasm({ ...args, out: wasm }, 4, true)).toBe(true);
      runKernel(low.op, { ...args, out: js }, { fast: false });
      expectSameBits(wasm, js, `(${ngood}, ${nbad}, ${nsample})`);
    }
  });
});
