/**
 * The count samplers (docs/streams.md, "Counts") beyond what test/samplers.test.ts derives from the registry:
 * χ² against the exact pmf (@stdlib) for small and large parameters around every method switch, huge
 * means by moments and a binned normal approximation, the documented identities (binomial symmetry,
 * multinomial's conditional binomials), per-element parameters, and the dtype-fit rules (refused up
 * front, nothing written).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import poissonPmf from '@stdlib/stats-base-dists-poisson-pmf';
import binomialPmf from '@stdlib/stats-base-dists-binomial-pmf';
import negBinomialPmf from '@stdlib/stats-base-dists-negative-binomial-pmf';
import chisqCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import * as api from '../lib/index.js';
import { chiSquareP, expectMoments, expectSameBits } from './dist-helpers.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { groupInversionAt, inversionAt } from '../lib/wasm/samplers.js';
import { INVERSION_CAP, poissonSetup, poissonTry } from '../lib/kernels/poisson.js';
import { binomialSetup, binomialTry } from '../lib/kernels/binomial.js';
import { exp } from '../lib/core/math/exp.js';
import { log1p } from '../lib/core/math/log1p.js';
import { rng } from './seeded-rng.js';

const k = api.key(0xc0117);
/** Significance of each χ² test: the seeds are fixed, so this only has to let a real defect fail. */
const P_MIN = 1e-4;

const N = 40000;

describe('poisson', () => {
  for (const lam of [0.001, 0.3, 1, 5, 9.99, 10, 10.5, 25, 200, 3000]) {
    it(`χ² against the exact pmf, λ = ${lam}`, () => {
      for (const dtype of ['int32', 'float64'] as const) {
        const xs = api.poisson(k, N, { lam, dtype, offset: 1000 });
        expect(chiSquareP(xs, (x) => poissonPmf(x, lam)), dtype).toBeGreaterThan(P_MIN);
      }
    });
  }

  it('the χ² check can fail: λ = 10 values against λ = 10.3', () => {
    const xs = api.poisson(k, N, { lam: 10 });
    expect(chiSquareP(xs, (x) => poissonPmf(x, 10.3))).toBeLessThan(P_MIN);
  });

  it('λ = 0 gives zeros', () => {
    expect(api.poisson(k, 100, { lam: 0 }).every((x) => x === 0)).toBe(true);
  });

  for (const lam of [1e10, 1e15]) {
    it(`huge λ = ${lam}: moments, and χ² of the standardised values against the normal over 40 bins`, () => {
      const xs = api.poisson(k, N, { lam, dtype: 'float64' });
      expect(xs.every((x) => Number.isInteger(x))).toBe(true);
      expectMoments(xs, lam, lam, 1 / lam);
      const bins = 40;
      const edges = Array.from({ length: bins - 1 }, (_, i) => -3 + (6 * (i + 1)) / bins);
      const obs = new Array(bins).fill(0);
      const sd = Math.sqrt(lam);
      for (const x of xs) {
        const z = (x - lam) / sd;
        let b = 0;
        while (b < bins - 1 && z >= edges[b]) b++;
        obs[b]++;
      }
      let stat = 0;
      for (let b = 0; b < bins; b++) {
        const p = (b === bins - 1 ? 1 : normalCdf(edges[b], 0, 1)) - (b === 0 ? 0 : normalCdf(edges[b - 1], 0, 1));
        stat += (obs[b] - N * p) ** 2 / (N * p);
      }
      expect(1 - chisqCdf(stat, bins - 1)).toBeGreaterThan(P_MIN);
    });
  }

  it('per-element λ: element i is the scalar call\'s element i', () => {
    const lams = Float64Array.from({ length: 300 }, (_, i) => [0, 0.7, 9.999, 10, 57, 1e6][i % 6] + (i % 7) * 0.01);
    const xs = api.poisson(k, 300, { lam: lams, offset: 77 });
    for (let i = 0; i < 300; i++) expect(xs[i], `element ${i}`).toBe(api.poisson(k, 1, { lam: lams[i], offset: 77 + i })[0]);
    expect(Array.from(api.poisson(k, 300, { lam: Float32Array.from(lams, (x) => Math.fround(x)), offset: 77 })).length).toBe(300);
  });

  it('the dtype must hold every count λ can give (λ + 64·√λ + 64 ≤ max), decided up front; nothing written', () => {
    const lim = 2 ** 31 - 1;
    const fits = (l: number) => l + 64 * Math.sqrt(l) + 64 <= lim;
    let hi = 2.2e9;
    let lo = 2e9;
    while (hi - lo > 1) { const m = Math.floor((hi + lo) / 2); if (fits(m)) lo = m; else hi = m; }
    expect(api.poisson(k, 3, { lam: lo }).length).toBe(3);
    const out = new Int32Array(3).fill(-7);
    expect(() => api.poisson(k, 3, { lam: hi, out })).toThrow(/lam = .* too large for dtype 'int32'/);
    expect(Array.from(out)).toEqual([-7, -7, -7]);
    expect(api.poisson(k, 3, { lam: hi, dtype: 'uint32' })).toBeInstanceOf(Uint32Array);
    expect(() => api.poisson(k, 3, { lam: 4.3e9, dtype: 'uint32' })).toThrow(/lam.*'uint32'/);
    expect(() => api.poisson(k, 3, { lam: 2 ** 53, dtype: 'float64' })).toThrow(/lam.*'float64'/);
    expect(() => api.poisson(k, 2, { lam: new Float64Array([1, 3e9]) })).toThrow(/lam\[1\]/);
    // a number[] of means is held to the same rule (it once wrapped 1e10 into an int32)
    expect(() => api.poisson(k, 2, { lam: [1e10, 1], out })).toThrow(/lam\[0\] = .* too large for dtype 'int32'/);
    expect(Array.from(out)).toEqual([-7, -7, -7]);
    expect(() => api.poisson(k, 2, { lam: new Float64Array([1, -1]) })).toThrow(/lam\[1\]/);
    expect(() => api.poisson(k, 2, { lam: 1, dtype: 'float32' as never })).toThrow(/dtype/);
  });

  it('an Int32Array, Uint32Array or Float64Array out implies its dtype', () => {
    const a = api.poisson(k, 50, { lam: 4 });
    expect(a).toBeInstanceOf(Int32Array);
    expect(Array.from(api.poisson(k, 50, { lam: 4, out: new Uint32Array(50) }))).toEqual(Array.from(a));
    expect(Array.from(api.poisson(k, 50, { lam: 4, out: new Float64Array(50) }))).toEqual(Array.from(a));
  });
});

describe('binomial', () => {
  // count·min(p, 1 − p) below and above the BTRS switch (10), p near 0 and 1, both symmetric halves
  const cases: [number, number][] = [
    [20, 0.3], [34, 0.29], [35, 0.29], [100, 0.3], [1000, 0.5], [2e5, 0.02], [1e6, 1e-6], [1e9, 3e-9],
    [50, 0.999], [1000, 0.97], [40, 0.75], [30, 0.98], [1, 0.5],
  ];
  for (const [count, p] of cases) {
    it(`χ² against the exact pmf, count ${count}, p ${p}`, () => {
      const xs = api.binomial(k, N, { count, p, offset: 5 });
      const mean = count * p;
      const lo = Math.max(0, Math.floor(mean - 12 * Math.sqrt(mean * (1 - p)) - 12));
      expect(chiSquareP(xs, (x) => binomialPmf(x, count, p), lo)).toBeGreaterThan(P_MIN);
    });
  }

  it('the χ² check can fail: (100, 0.3) against (100, 0.31)', () => {
    expect(chiSquareP(api.binomial(k, N, { count: 100, p: 0.3 }), (x) => binomialPmf(x, 100, 0.31))).toBeLessThan(P_MIN);
  });

  it('huge counts: moments (count 2^40, p 0.4)', () => {
    const c = 2 ** 40;
    expectMoments(api.binomial(k, N, { count: c, p: 0.4, dtype: 'float64' }), 0.4 * c, c * 0.24, 0);
  });

  it('p = 0, p = 1 and count = 0 are exact', () => {
    expect(api.binomial(k, 20, { count: 9, p: 0 }).every((x) => x === 0)).toBe(true);
    expect(api.binomial(k, 20, { count: 9, p: 1 }).every((x) => x === 9)).toBe(true);
    expect(api.binomial(k, 20, { count: 0, p: 0.5 }).every((x) => x === 0)).toBe(true);
  });

  it('symmetry: binomial(count, p) = count − binomial(count, 1 − p) element by element for p > 1/2', () => {
    for (const [count, p] of [[30, 0.75], [5000, 0.875], [12, 0.5625]]) {
      const a = api.binomial(k, 2000, { count, p });
      const b = api.binomial(k, 2000, { count, p: 1 - p });
      for (let i = 0; i < a.length; i++) expect(a[i]).toBe(count - b[i]);
    }
  });

  it('per-element count and p: element i is the scalar call\'s element i', () => {
    const counts = Float64Array.from({ length: 200 }, (_, i) => [0, 1, 20, 35, 1000, 1e7][i % 6]);
    const ps = Float64Array.from({ length: 200 }, (_, i) => [0, 0.1, 0.29, 0.5, 0.8, 1][i % 5]);
    const xs = api.binomial(k, 200, { count: counts, p: ps, offset: 3 });
    const ys = api.binomial(k, 200, { count: counts, p: 0.3, offset: 3 });
    for (let i = 0; i < 200; i++) {
      expect(xs[i]).toBe(api.binomial(k, 1, { count: counts[i], p: ps[i], offset: 3 + i })[0]);
      expect(ys[i]).toBe(api.binomial(k, 1, { count: counts[i], p: 0.3, offset: 3 + i })[0]);
    }
  });

  it('bad count and p name the parameter; the dtype must hold count; nothing written', () => {
    const out = new Int32Array(2).fill(-1);
    expect(() => api.binomial(k, 2, { count: 2.5, p: 0.5, out })).toThrow(/count must be an integer/);
    expect(() => api.binomial(k, 2, { count: 2 ** 31, p: 0.5, out })).toThrow(/count = .* too large for dtype 'int32'/);
    expect(() => api.binomial(k, 2, { count: 5, p: 1.5, out })).toThrow(/\bp must be in \[0, 1\]/);
    expect(() => api.binomial(k, 2, { count: new Float64Array([3, 4.5]), p: 0.5, out })).toThrow(/count\[1\]/);
    expect(() => api.binomial(k, 2, { count: [3, 2 ** 31], p: 0.5, out })).toThrow(/count\[1\] = .* too large for dtype 'int32'/);
    expect(() => api.binomial(k, 2, { count: 3, p: new Float64Array([0.5, NaN]), out })).toThrow(/p\[1\]/);
    expect(Array.from(out)).toEqual([-1, -1]);
    expect(api.binomial(k, 2, { count: 2 ** 31, p: 0.5, dtype: 'uint32' })).toBeInstanceOf(Uint32Array);
    expect(() => api.binomial(k, 2, { count: 2 ** 32, p: 0.5, dtype: 'uint32' })).toThrow(/count.*'uint32'/);
  });
});

describe('negativeBinomial', () => {
  for (const [r, p] of [[3, 0.4], [0.5, 0.2], [1, 0.5], [50, 0.9], [20, 0.05], [0.01, 0.3]] as const) {
    it(`χ² against the exact pmf, r ${r}, p ${p}`, () => {
      const xs = api.negativeBinomial(k, N / 2, { r, p, offset: 9 });
      expect(chiSquareP(xs, (x) => negBinomialPmf(x, r, p))).toBeGreaterThan(P_MIN);
    });
  }

  it('p = 1 gives zeros; a mean the dtype cannot hold is refused up front naming r and p', () => {
    expect(api.negativeBinomial(k, 10, { r: 3, p: 1 }).every((x) => x === 0)).toBe(true);
    const out = new Int32Array(2).fill(-1);
    expect(() => api.negativeBinomial(k, 2, { r: 1e3, p: 1e-7, out })).toThrow(/r = 1000 and p = 1e-7 are too large for dtype 'int32'/);
    expect(Array.from(out)).toEqual([-1, -1]);
    expect(api.negativeBinomial(k, 2, { r: 1e3, p: 1e-7, dtype: 'float64' })).toBeInstanceOf(Float64Array);
    expect(() => api.negativeBinomial(k, 2, { r: 3, p: 0 })).toThrow(/\bp must be in \(0, 1\]/);
  });
});

describe('multinomial', () => {
  it('rows sum to count; zero weights are never drawn; each component is Binomial(count, p_j) (χ²)', () => {
    const probs = [0.2, 0, 0.5, 0.3, 0];
    const rows = 8000;
    for (const count of [7, 60, 5000]) {
      const xs = api.multinomial(k, rows, { probs: probs, count });
      expect(xs.length).toBe(rows * 5);
      for (let r = 0; r < rows; r++) {
        let s = 0;
        for (let j = 0; j < 5; j++) s += xs[r * 5 + j];
        expect(s).toBe(count);
        expect(xs[r * 5 + 1]).toBe(0);
        expect(xs[r * 5 + 4]).toBe(0);
      }
      for (const j of [0, 2, 3]) {
        const col = Float64Array.from({ length: rows }, (_, r) => xs[r * 5 + j]);
        const lo = Math.max(0, Math.floor(count * probs[j] - 12 * Math.sqrt(count) - 12));
        expect(chiSquareP(col, (x) => binomialPmf(x, count, probs[j]), lo), `count ${count} component ${j}`).toBeGreaterThan(P_MIN);
      }
    }
  });

  it('component 0 of row ρ is binomial element ρ·K with p = w0/Σw (the documented conditional binomials)', () => {
    const xs = api.multinomial(k, 500, { probs: [1, 1, 2], count: 40, offset: 11 });
    const b = api.binomial(k, 3 * 500, { count: 40, p: 0.25, offset: 33 });
    for (let r = 0; r < 500; r++) expect(xs[3 * r]).toBe(b[3 * r]);
  });

  it('probs: negative, NaN, ∞ entries name probs[k]; a zero or infinite total names probs; count must fit', () => {
    expect(() => api.multinomial(k, 2, { probs: [1, -1], count: 3 })).toThrow(/probs\[1\]/);
    expect(() => api.multinomial(k, 2, { probs: [NaN, 1], count: 3 })).toThrow(/probs\[0\]/);
    expect(() => api.multinomial(k, 2, { probs: [0, 0], count: 3 })).toThrow(/probs must have a positive finite total/);
    expect(() => api.multinomial(k, 2, { probs: [1e308, 1e308], count: 3 })).toThrow(/probs must have a positive finite total/);
    expect(() => api.multinomial(k, 2, { probs: [], count: 3 })).toThrow(/probs/);
    expect(() => api.multinomial(k, 2, { probs: [1, 2], count: 2 ** 31 })).toThrow(/count.*'int32'/);
    expect(() => api.multinomial(k, 2, { probs: [1, 2], count: 1.5 })).toThrow(/count must be an integer/);
  });
});

describe('test/vectors/counts.json (cuda/test/test_counts.cpp compares cr_counts.h to it)', () => {
  it('is what the TypeScript kernels compute now (scripts/gen-count-vectors.mjs --check)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const out = execFileSync(process.execPath, ['scripts/gen-count-vectors.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/is current/);
  });
});

describe('the WebAssembly fast kernels equal the specification with per-element parameters', () => {
  const run = (op: string, params: Record<string, unknown>, perElement: Record<string, Float64Array | Float32Array>, n: number, lo: number, hi: number, fast: boolean) => {
    const out = new Float64Array(n);
    runKernel(op, { k0: k[0], k1: k[1], lo, hi, params, perElement, out }, { fast });
    return out;
  };
  it('poisson and binomial, across chunks and a carry into the high index word', () => {
    const n = 9000;
    const lam = Float64Array.from({ length: n }, (_, i) => [0, 1e-3, 4.5, 9.999, 10, 123.4, 1e7, 2e9][i % 8]);
    const counts = Float32Array.from({ length: n }, (_, i) => [0, 3, 40, 1000, 2 ** 24][i % 5]);
    const ps = Float64Array.from({ length: n }, (_, i) => [0, 0.01, 0.3, 0.5, 0.9, 1][i % 6]);
    for (const [lo, hi] of [[5, 0], [0xffffff00, 7]]) {
      expect(Array.from(run('poissonF64', { lam }, { lam }, n, lo, hi, true))).toEqual(Array.from(run('poissonF64', { lam }, { lam }, n, lo, hi, false)));
      const b = { count: counts, p: ps };
      expect(Array.from(run('binomialF64', b, b, n, lo, hi, true))).toEqual(Array.from(run('binomialF64', b, b, n, lo, hi, false)));
      const c = { count: 50, p: ps };
      expect(Array.from(run('binomialF64', c, { p: ps }, n, lo, hi, true))).toEqual(Array.from(run('binomialF64', c, { p: ps }, n, lo, hi, false)));
    }
  });
});

describe('the WebAssembly inversions: a CDF table with a guide (scalar parameters), four lanes at a time (per element)', () => {
  /** Words whose proposal uniform A (uniformA) is `a`, a multiple of 2^-53 in [0, 1). */
  const wordsOf = (a: number): Uint32Array => {
    const m = a * 2 ** 53;
    return new Uint32Array([Math.floor(m / 2 ** 26) << 5, (m % 2 ** 26) << 6, 0, 0]);
  };
  /** The sums F_0..F_cap the inversion compares A with, by its recurrence (poisson.ts, binomial.ts). */
  const sums = (kind: 0 | 1, a: number, b: number): number[] => {
    const F: number[] = [];
    const cap = kind === 0 ? INVERSION_CAP : Math.min(a, INVERSION_CAP);
    let p = kind === 0 ? exp(-a) : exp(a * log1p(-b));
    let f = p;
    F.push(f);
    for (let k = 1; k <= cap; k++) {
      p = kind === 0 ? p * a / k : p * (b / (1 - b)) * (a - k + 1) / k;
      f = f + p;
      F.push(f);
    }
    return F;
  };
  /** A uniforms on both sides of every F_k and every guide cell edge j/1024, the ends, and random ones. */
  const uniformsFor = (F: number[]): Float64Array => {
    const grid = (x: number) => Math.min(1 - 2 ** -53, Math.max(0, x));
    const As: number[] = [0, 2 ** -53, 1 - 2 ** -53, 0.5];
    for (const f of F) {
      const m = f * 2 ** 53;
      for (const d of [-1, 0, 1]) As.push(grid((Math.floor(m) + d) * 2 ** -53), grid((Math.ceil(m) + d) * 2 ** -53));
    }
    for (let j = 1; j < 1024; j++) As.push(j / 1024, j / 1024 - 2 ** -53);
    const r = rng(5);
    for (let i = 0; i < 2000; i++) As.push(((r() >>> 5) * 2 ** 26 + (r() >>> 6)) * 2 ** -53);
    return Float64Array.from(As);
  };
  const cases: [0 | 1, number, number][] = [
    // λ = 75·5e-5 sums to F_110 = 1 − 2^-52: the largest A passes the cap
    [0, 1e-300, 0], [0, 1e-3, 0], [0, 75 * 5e-5, 0], [0, 0.5, 0], [0, 2, 0], [0, 5, 0], [0, 9.999999, 0],
    [1, 1, 0.5], [1, 1, 1e-9], [1, 20, 0.1], [1, 19, 0.5], [1, 110, 0.09], [1, 111, 0.09], [1, 200, 0.04],
    [1, 1000, 0.001], [1, 2 ** 40, 1e-12], [1, 3, 0.3],
  ];
  it('gives the specification\'s count (or its rejection past the cap) at CDF values, guide edges and the ends', () => {
    const st = new Float64Array(16);
    let rejections = 0;
    for (const [kind, a, b] of cases) {
      const As = uniformsFor(sums(kind, a, b));
      const got = inversionAt(kind, a, b, As);
      if (kind === 0) poissonSetup(a, st, 0);
      else binomialSetup(a, b, st, 0);
      for (let i = 0; i < As.length; i++) {
        const want = kind === 0 ? poissonTry(st, 0, wordsOf(As[i]), 0) : binomialTry(st, 0, wordsOf(As[i]), 0);
        if (got[i] !== want) expect.fail(`kind ${kind} (${a}, ${b}) at A = ${As[i]}: ${got[i]}, the specification ${want}`);
        if (want < 0) rejections++;
      }
    }
    // some sums stop short of 1 − 2^-53: the largest A then passes the cap, and the guide must say so
    expect(rejections).toBeGreaterThan(0);
  });
  it('per element, four lanes of different parameters at a time: the specification\'s count at the same uniforms', () => {
    const st = new Float64Array(16);
    const r = rng(6);
    for (const kind of [0, 1] as const) {
      const rows: [number, number, number, number][] = []; // a, b, A, the specification's count
      for (const [k2, a, b0] of cases) {
        if (k2 !== kind) continue;
        for (const b of kind === 0 ? [0] : [b0, 1 - b0]) { // binomial also flipped: count − X with p' = 1 − p
          const As = uniformsFor(sums(kind, a, Math.min(b, 1 - b)));
          if (kind === 0) poissonSetup(a, st, 0);
          else binomialSetup(a, b, st, 0);
          for (const A of As) rows.push([a, b, A, kind === 0 ? poissonTry(st, 0, wordsOf(A), 0) : binomialTry(st, 0, wordsOf(A), 0)]);
        }
      }
      for (let i = rows.length - 1; i > 0; i--) { // shuffled: every group of four mixes parameters and caps
        const j = r() % (i + 1);
        [rows[i], rows[j]] = [rows[j], rows[i]];
      }
      const got = groupInversionAt(kind, Float64Array.from(rows, (x) => x[0]), Float64Array.from(rows, (x) => x[1]), Float64Array.from(rows, (x) => x[2]));
      let rejections = 0;
      for (let i = 0; i < rows.length; i++) {
        const [a, b, A, want] = rows[i];
        if (got[i] !== want) expect.fail(`kind ${kind} (${a}, ${b}) at A = ${A}: ${got[i]}, the specification ${want}`);
        if (want < 0) rejections++;
      }
      expect(rejections).toBeGreaterThan(0);
    }
  });

  const run = (op: string, params: Record<string, unknown>, perElement: Record<string, Float64Array>, n: number, lo: number, fast: boolean) => {
    const out = new Float64Array(n);
    runKernel(op, { k0: k[0], k1: k[1], lo, hi: 3, params, perElement, out }, { fast });
    return out;
  };
  it('keeps its tables between calls of one parameter and rebuilds them for another (kind, count or p)', () => {
    // one thing changed at a time: the same λ twice; Poisson → binomial with count = λ; p; binomial →
    // Poisson with λ = count; count; the test entry's table between two equal calls
    const calls: [string, Record<string, number>][] = [
      ['poissonF64', { lam: 3 }], ['poissonF64', { lam: 3 }], ['binomialF64', { count: 3, p: 0.2 }],
      ['binomialF64', { count: 3, p: 0.25 }], ['poissonF64', { lam: 3 }], ['binomialF64', { count: 4, p: 0.25 }],
      ['inversionAt', {}], ['binomialF64', { count: 4, p: 0.25 }], ['poissonF64', { lam: 7.5 }],
      ['binomialF64', { count: 30, p: 0.75 }],
    ];
    for (const [op, params] of calls) {
      if (op === 'inversionAt') {
        inversionAt(1, 5, 0.5, new Float64Array([0.3]));
        continue;
      }
      const n = 9001;
      const fast = run(op, params, {}, n, 11, true);
      fast.set(run(op, params, {}, n, 11, true)); // a call that reuses the tables left by the last
      expectSameBits(fast, run(op, params, {}, n, 11, false), `${op} ${JSON.stringify(params)}`);
    }
  });
  it('per-element count and p: no-draw, inversion (both sides of the cap) and BTRS lanes mixed, p > ½ flipped', () => {
    const r = rng(78);
    for (const n of [259, 4097, 9005]) {
      const count = new Float64Array(n), p = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const c = r() % 7;
        const u = r() / 2 ** 32;
        [count[i], p[i]] = c === 0 ? [r() % 3, [0, 1, u][r() % 3]] // no draw, or tiny inversions
          : c === 1 ? [110 + (r() % 2), 0.085 + 0.005 * u] // count·p' just below 10: the cap is count or 110
            : c === 2 ? [20, u] // inversion or BTRS by p, flipped above ½
              : c === 3 ? [1 + (r() % 1000), 0.0001 + 0.01 * u]
                : c === 4 ? [1e6, u] // BTRS
                  : c === 5 ? [19, 0.5] : [r() % 60, 1 - 0.2 * u];
      }
      for (const lo of [0, 2, 4094]) {
        const b = { count, p };
        expectSameBits(run('binomialF64', b, b, n, lo, true), run('binomialF64', b, b, n, lo, false), `n ${n} lo ${lo}`);
      }
    }
  });
  it('per-element λ, inversion and PTRS lanes mixed four to a group, partial groups at the ends', () => {
    const r = rng(77);
    for (const n of [257, 4099, 9003]) {
      const lam = Float64Array.from({ length: n }, () => {
        const c = r() % 6;
        return c === 0 ? 0 : c === 1 ? 9.999999999 : c === 2 ? 10 : c === 3 ? (r() / 2 ** 32) * 10 : c === 4 ? (r() / 2 ** 32) * 300 : (r() / 2 ** 32) * 2;
      });
      for (const lo of [0, 1, 4093]) {
        expectSameBits(run('poissonF64', { lam }, { lam }, n, lo, true), run('poissonF64', { lam }, { lam }, n, lo, false), `n ${n} lo ${lo}`);
      }
    }
  });
});
