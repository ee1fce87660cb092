/**
 * permutation, shuffle and sampleWithoutReplacement (docs/streams.md, "Permutations and sampling without replacement"):
 * every value exactly once, uniform positions and whole permutations (χ² over many keys), uniform samples against
 * hypergeometric counts, weighted samples against the exact probabilities of successive weighted draws (brute force),
 * argument checks with nothing written, and the same bits on every path: sync/async, pool, dtypes,
 * DeviceArray outputs, and the CUDA adapters against the stand-in addon.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf';
import * as api from '../lib/index.js';
// The built package: its worker pool runs dist/ code (the async tests through the pool).
import * as built from 'cuda-random';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import type { Backend } from '../lib/backend/types.js';
import { permutationKeys, smallestKeys, weightedKeys } from '../lib/kernels/select.js';
import { isFewOfMany } from '../lib/kernels/sparse-sample.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { samplersWasmAvailable } from '../lib/wasm/samplers.js';
import { standInAddon, calls } from './stand-in-addon.js';

// `{ backend: 'cuda' }` in this file runs the CUDA backend's adapters against the stand-in addon.
const standIn = vi.hoisted(() => ({ backend: null as Backend | null }));
vi.mock('../lib/backend/select.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../lib/backend/select.js')>();
  return {
    ...m,
    pickBackend: (place: { backend?: unknown } | undefined, op: string, n: number, prefer?: 'cpu' | 'cuda', device?: number) =>
      (place?.backend === 'cuda' && standIn.backend ? standIn.backend : m.pickBackend(place, op, n, prefer, device)),
  };
});
standIn.backend = makeCudaBackend(standInAddon(), 0);

const { permutation, permutationAsync, shuffle, shuffleAsync, sampleWithoutReplacement, sampleWithoutReplacementAsync } = api;
const k = api.key(0x9e7);
afterAll(() => built.shutdownPool());
const P_MIN = 1e-4;

/** p-value of Pearson's χ² of counts against expected counts (df = cells − 1 − fitted). */
function chiSquareP(observed: ArrayLike<number>, expected: ArrayLike<number>, fitted = 0): number {
  let x = 0;
  for (let i = 0; i < observed.length; i++) x += (observed[i] - expected[i]) ** 2 / expected[i];
  return 1 - chisquareCdf(x, observed.length - 1 - fitted);
}

function isPermutation(p: ArrayLike<number>, n: number): boolean {
  if (p.length !== n) return false;
  const seen = new Uint8Array(n);
  for (let j = 0; j < n; j++) {
    const v = p[j];
    if (!Number.isInteger(v) || v < 0 || v >= n || seen[v]) return false;
    seen[v] = 1;
  }
  return true;
}

describe('permutation', () => {
  it('holds every value of 0 … n−1 exactly once, for every n up to 300 and large n', () => {
    for (const key of [k, api.key(0)]) {
      for (let n = 0; n <= 300; n++) expect(isPermutation(permutation(key, n), n), `n = ${n}`).toBe(true);
    }
    for (const n of [4096, 4097, 100_003, 1 << 20]) expect(isPermutation(permutation(k, n), n), `n = ${n}`).toBe(true);
  });

  it('is a pure function of (key, n): repeatable, a different key a different order', () => {
    expect(permutation(k, 1000)).toEqual(permutation(k, 1000));
    expect(permutation(api.key(0x9e8), 1000)).not.toEqual(permutation(k, 1000));
  });

  it('is the indices sorted by their keys, ties by index (docs/streams.md, "permutation and uniform sampling")', () => {
    // 100003 keys: about 1200 pairs share their top 22 bits, the radix passes' resolution
    const n = 100_003;
    const keys = permutationKeys(k[0], k[1], n);
    const ref = Array.from({ length: n }, (_, i) => i)
      .sort((a, b) => (keys[2 * a] - keys[2 * b]) || (keys[2 * a + 1] - keys[2 * b + 1]) || (a - b));
    expect([...permutation(k, n)]).toEqual(ref);
  });

  it('sorts tied keys by (high, low, index) on every radix path (packed below 2^21 items, else two arrays)', () => {
    // Keys crafted to tie (~40 items each, as `uniform` promises rare ties: its insertion is quadratic
    // in a run): sharing their top 22 bits, whole high words, and whole keys.
    for (const n of [6000, 2 ** 21 + 5]) {
      const keys = permutationKeys(k[0], k[1], n), step = Math.floor(n / 40);
      for (let i = 1; i < n; i += step) keys[2 * i] = 0x55555000 | (i & 0x3ff);
      for (let i = 2; i < n; i += step) keys[2 * i] = 0x12345678;
      for (let i = 3; i < n; i += step) { keys[2 * i] = 0x9abcdef0; keys[2 * i + 1] = 5; }
      const want = Array.from({ length: n }, (_, i) => i)
        .sort((a, b) => (keys[2 * a] - keys[2 * b]) || (keys[2 * a + 1] - keys[2 * b + 1]) || (a - b));
      const out = new Uint32Array(n);
      smallestKeys(keys, n, out, true);
      expect(Array.from(out).every((v, j) => v === want[j]), `n=${n}`).toBe(true);
    }
  });

  it('places every value at every position with probability 1/n (χ² over 6000 keys, n = 7)', () => {
    const n = 7, keys = api.split(k, 6000);
    const counts = new Float64Array(n * n);
    for (const key of keys) permutation(key, n).forEach((v, pos) => counts[pos * n + v]++);
    // Each row is a multinomial with n cells; the rows are dependent, so test them one at a time.
    for (let pos = 0; pos < n; pos++) {
      const row = counts.subarray(pos * n, pos * n + n);
      expect(chiSquareP(row, new Float64Array(n).fill(keys.length / n)), `position ${pos}`).toBeGreaterThan(P_MIN);
    }
  });

  it('draws each of the 24 permutations of 4 items with probability 1/24 (χ², 12000 keys)', () => {
    const keys = api.split(api.key(77), 12000);
    const index = new Map<string, number>();
    const counts = new Float64Array(24);
    for (const key of keys) {
      const s = permutation(key, 4).join();
      if (!index.has(s)) index.set(s, index.size);
      counts[index.get(s)!]++;
    }
    expect(index.size).toBe(24);
    expect(chiSquareP(counts, new Float64Array(24).fill(keys.length / 24))).toBeGreaterThan(P_MIN);
  });

  it('gives the same bits as float64, async, through the pool, into out and DeviceArrays', async () => {
    const n = 70_000;  // above the pool's threshold: a whole-result job must not be cut
    const ref = permutation(k, n);
    expect(permutation(k, n, { dtype: 'float64' })).toEqual(Float64Array.from(ref));
    // one worker runs a whole result: the same bits, into a plain or a shared out
    expect(await built.permutationAsync(k, n, { backend: 'cpu' })).toEqual(ref);
    expect(await built.permutationAsync(k, n, { backend: 'cpu', dtype: 'float64' })).toEqual(Float64Array.from(ref));
    const shared = new Int32Array(new SharedArrayBuffer(4 * n));
    await built.permutationAsync(k, n, { backend: 'cpu', out: shared });
    expect(shared).toEqual(ref);
    expect(await built.sampleWithoutReplacementAsync(k, n, { backend: 'cpu', population: n + 5 }))
      .toEqual(permutation(k, n + 5).subarray(0, n));
    expect(await built.shuffleAsync(k, Float64Array.from(ref))).toEqual(Float64Array.from(ref, (i) => ref[i]));
    expect(await permutationAsync(k, 100)).toEqual(permutation(k, 100));
    expect(ref).toBeInstanceOf(Int32Array);  // the integer default
    expect(permutation(k, n, { dtype: 'uint32' })).toEqual(Uint32Array.from(ref));
    const out = new Uint32Array(n + 3).fill(7);
    expect(permutation(k, n, { out })).toBe(out);  // its type implies uint32
    expect(out.subarray(0, n)).toEqual(Uint32Array.from(ref));
    expect(out[n]).toBe(7);
    const d = permutation(k, n, { out: 'device', backend: 'cpu' });
    expect(d).toBeInstanceOf(api.DeviceArray);
    expect(d.toHost()).toEqual(ref);
    expect(permutation(k, n, { out: new Float64Array(n) })).toEqual(Float64Array.from(ref));
  });

  it('computes any part of P alone, on every CPU path: its own range of positions, nothing else (the pool\'s parts)', () => {
    const paths = [{ fast: false }, { fast: true, native: false }, { fast: true, native: true }];
    for (const n of [1, 3, 41, 70, 5000, 70_000]) {
      const ref = permutation(k, n, { dtype: 'uint32' });
      // each item's part for P = 64 (its key's top 6 bits): P = 2^b's parts are ranges of those
      const keys = permutationKeys(k[0], k[1], n);
      for (const parts of n > 5000 ? [2] : [1, 2, 4, 64]) {
        let at = 0;  // the next part's first position
        for (let part = 0; part < parts; part++) {
          let end = at;
          while (end < n && (parts === 1 || keys[2 * ref[end]] >>> (32 - Math.log2(parts)) === part)) end++;
          for (const path of n > 5000 ? paths.slice(1) : paths) {
            for (const Ctor of [Uint32Array, Float64Array]) {
              const out = new Ctor(n).fill(7e6);
              const op = Ctor === Uint32Array ? 'permutationU32' : 'permutationF64';
              runKernel(op, { k0: k[0], k1: k[1], lo: 0, hi: 0, out, params: { population: n, part, parts }, perElement: {} }, path);
              const want = new Ctor(n).fill(7e6);
              want.set(ref.subarray(at, end), at);
              expect(out, `n ${n} part ${part}/${parts} ${JSON.stringify(path)} ${Ctor.name}`).toEqual(want);
            }
          }
          at = end;
        }
        expect(at).toBe(n);
      }
    }
  });

  it('runs the CUDA adapters with the CPU backend\'s bits (stand-in addon)', async () => {
    for (const n of [0, 1, 5, 1000, 70_000]) {
      expect(permutation(k, n, { backend: 'cuda' })).toEqual(permutation(k, n, { backend: 'cpu' }));
      expect(await permutationAsync(k, n, { backend: 'cuda', dtype: 'float64' })).toEqual(permutation(k, n, { backend: 'cpu', dtype: 'float64' }));
    }
    calls.length = 0;
    permutation(k, 10, { backend: 'cuda' });
    expect(calls.map((c) => c.name)).toEqual(['permutationI32']);
    expect(permutation(k, 1000, { backend: 'cuda', dtype: 'uint32' })).toEqual(permutation(k, 1000, { dtype: 'uint32' }));
    const d = permutation(k, 100, { backend: 'cuda', out: 'device' });
    expect(d.backend).toBe('cuda');
    expect(d.toHost()).toEqual(permutation(k, 100));
  });

  it('refuses bad arguments by name and writes nothing', () => {
    for (const n of [-1, 1.5, NaN, Infinity, 2 ** 32]) expect(() => permutation(k, n), String(n)).toThrow(RangeError);
    expect(() => permutation(k, '5' as never)).toThrow(/n/);
    expect(() => permutation(k, 5, { offset: 3 } as never)).toThrow(/unknown option 'offset'/);
    expect(() => permutation(k, 5, { dtype: 'float32' } as never)).toThrow(/dtype/);
    expect(() => permutation(k, 5, { size: 5 } as never)).toThrow(/size/);
    const out = new Uint32Array(4).fill(9);
    expect(() => permutation(k, 5, { out })).toThrow(RangeError);
    expect(() => permutation(k, 3, { out: new Int16Array(3) as never })).toThrow(TypeError);
    expect(() => permutation(k, 2 ** 31 + 1)).toThrow(/n = 2147483649 is too large for dtype 'int32'/);
    expect(() => sampleWithoutReplacement(k, 1, { population: 2 ** 31 + 1 })).toThrow(/population = 2147483649 is too large for dtype 'int32'/);
    expect(out).toEqual(new Uint32Array(4).fill(9));
    expect(() => permutation([1] as never, 5)).toThrow(/key/);
  });
});

describe('shuffle', () => {
  it('returns a shuffled copy of the same type: array[permutation(key, n)]', async () => {
    const p = permutation(k, 50);
    const arrays: ArrayLike<unknown>[] = [
      Array.from({ length: 50 }, (_, i) => `s${i}`), Float32Array.from({ length: 50 }, (_, i) => i / 2),
      Int8Array.from({ length: 50 }, (_, i) => i - 25), BigInt64Array.from({ length: 50 }, (_, i) => BigInt(i)),
    ];
    for (const a of arrays) {
      const before = Array.from(a);
      const s = shuffle(k, a as never) as ArrayLike<unknown>;
      expect(s.constructor).toBe(a.constructor);
      expect(Array.from(s)).toEqual(Array.from(p, (i) => before[i]));
      expect(Array.from(a)).toEqual(before);  // the input is untouched
      expect(Array.from(await shuffleAsync(k, a as never) as ArrayLike<unknown>)).toEqual(Array.from(s));
    }
    expect(shuffle(k, [])).toEqual([]);
  });

  it('refuses what is not an array', () => {
    for (const bad of [null, 5, 'abc', { length: 3 }, new DataView(new ArrayBuffer(4))]) {
      expect(() => shuffle(k, bad as never), String(bad)).toThrow(/array must be/);
    }
    expect(() => shuffle(k, [1, 2], { dtype: 'uint32' } as never)).toThrow(/unknown option 'dtype'/);
  });
});

describe('sampleWithoutReplacement', () => {
  it('uniform, not few of many (16·k > population): exactly the first k of permutation(key, population)', async () => {
    for (const [kk, pop] of [[1, 1], [3, 10], [10, 10], [6250, 99_999], [5000, 70_000]]) {
      expect(isFewOfMany(kk, pop)).toBe(false);  // few of many: test/sparse-sample.test.ts
      const want = permutation(k, pop).subarray(0, kk);
      expect(sampleWithoutReplacement(k, kk, { population: pop })).toEqual(want);
      expect(await sampleWithoutReplacementAsync(k, kk, { population: pop, backend: 'cuda' })).toEqual(want);
    }
  });

  it('uniform: the number of draws among the first K items is hypergeometric (χ², 8000 keys)', () => {
    const N = 30, K = 8, n = 10, keys = api.split(api.key(5), 8000);
    const counts = new Float64Array(K + 1);
    for (const key of keys) {
      let c = 0;
      for (const v of sampleWithoutReplacement(key, n, { population: N })) if (v < K) c++;
      counts[c]++;
    }
    // pool the sparse tail cells (expected < 5) into their neighbours
    const exp = Array.from({ length: K + 1 }, (_, c) => keys.length * hypergeometricPmf(c, N, K, n));
    const o: number[] = [], e: number[] = [];
    for (let c = 0; c <= K; c++) {
      if (e.length && (exp[c] < 5 || e[e.length - 1] < 5)) {
        o[o.length - 1] += counts[c];
        e[e.length - 1] += exp[c];
      } else {
        o.push(counts[c]);
        e.push(exp[c]);
      }
    }
    expect(chiSquareP(o, e)).toBeGreaterThan(P_MIN);
  });

  it('weighted: ordered draws have the probabilities of successive weighted draws (brute force, χ²)', () => {
    const w = [1, 2, 0, 3, 0.5, 4];
    const W = w.reduce((a, b) => a + b);
    const keys = api.split(api.key(11), 20000);
    // k = 2: every ordered pair (i, j), P = w_i/W · w_j/(W − w_i)
    const pairs = new Map<string, number>();
    for (const key of keys) {
      const s = sampleWithoutReplacement(key, 2, { weights: w });
      expect(s[0]).not.toBe(s[1]);
      const id = `${s[0]},${s[1]}`;
      pairs.set(id, (pairs.get(id) ?? 0) + 1);
    }
    const o: number[] = [], e: number[] = [];
    for (let i = 0; i < w.length; i++) {
      for (let j = 0; j < w.length; j++) {
        if (i === j || w[i] === 0 || w[j] === 0) continue;
        o.push(pairs.get(`${i},${j}`) ?? 0);
        e.push(keys.length * (w[i] / W) * (w[j] / (W - w[i])));
      }
    }
    expect(o.reduce((a, b) => a + b)).toBe(keys.length);  // zero weights never drawn
    expect(chiSquareP(o, e)).toBeGreaterThan(P_MIN);
  });

  it('weighted: inclusion probabilities of k = 3 against the exact sum over ordered sequences', () => {
    const w = [5, 1, 1, 2, 0, 0.25, 3];
    const keys = api.split(api.key(12), 12000);
    const incl = new Float64Array(w.length);
    for (const key of keys) for (const v of sampleWithoutReplacement(key, 3, { weights: Float32Array.from(w) })) incl[v]++;
    const exact = new Float64Array(w.length);
    const W = w.reduce((a, b) => a + b);
    for (let a = 0; a < w.length; a++) {
      for (let b = 0; b < w.length; b++) {
        for (let c = 0; c < w.length; c++) {
          if (a === b || b === c || a === c) continue;
          const p = (w[a] / W) * (w[b] / (W - w[a])) * (w[c] / (W - w[a] - w[b]));
          exact[a] += p; exact[b] += p; exact[c] += p;
        }
      }
    }
    expect(incl[4]).toBe(0);
    // each item's inclusion count is binomial(keys, π_i)
    for (let i = 0; i < w.length; i++) {
      if (w[i] === 0) continue;
      const m = keys.length * exact[i], sd = Math.sqrt(m * (1 - exact[i]));
      expect(Math.abs(incl[i] - m) / sd, `item ${i}`).toBeLessThan(4.5);
    }
  });

  it('weighted: the indices in order of increasing key E_i / w_i, zeros never, every backend alike', async () => {
    const w = Float64Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? 0 : (i % 13) + 0.5));
    const keys = weightedKeys(k[0], k[1], w);
    const f = new Float64Array(1), u = new Uint32Array(f.buffer);
    const keyOf = (i: number) => { u[1] = keys[2 * i]; u[0] = keys[2 * i + 1]; return w[i] === 0 ? Infinity : f[0]; };
    const ref = Array.from({ length: w.length }, (_, i) => i).filter((i) => w[i] > 0).sort((a, b) => keyOf(a) - keyOf(b) || a - b);
    const s = sampleWithoutReplacement(k, ref.length, { weights: w });
    expect([...s]).toEqual(ref);
    expect(sampleWithoutReplacement(k, 100, { weights: w, backend: 'cuda' })).toEqual(s.subarray(0, 100));
    expect(await sampleWithoutReplacementAsync(k, 100, { weights: w, dtype: 'float64' })).toEqual(Float64Array.from(s.subarray(0, 100)));
    expect(sampleWithoutReplacement(k, 100, { weights: Array.from(w) })).toEqual(s.subarray(0, 100));
  });

  it('weighted: the WebAssembly fast kernel (vector logs) gives the specification\'s bits', () => {
    expect(samplersWasmAvailable()).toBe(true);
    const sets: (Float32Array | Float64Array)[] = [
      Float64Array.from({ length: 10_007 }, (_, i) => (i % 9 === 0 ? 0 : 1 / (1 + (i % 17)))),
      Float32Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? 0 : i % 7 === 0 ? 1e-40 : 3e38 / (1 + i))),
      Float64Array.from({ length: 64 }, (_, i) => [0, 5e-324, 1e-310, 1e308, 1.7976931348623157e308, 1, 2, 3][i % 8]),
    ];
    for (const w of sets) {
      let positive = 0;
      for (const v of w) if (v > 0) positive++;
      for (const kk of [1, 17, positive]) {
        const args = (fast: boolean) => {
          const a = { k0: k[0], k1: k[1], lo: 0, hi: 0, out: new Int32Array(kk), params: { weights: w }, perElement: {} };
          runKernel('weightedSampleI32', a, { fast });
          return a.out;
        };
        expect(args(true), `${w.constructor.name}(${w.length}) k = ${kk}`).toEqual(args(false));
      }
    }
  });

  it('weighted: extreme weights (subnormal keys overflow to +∞, ties by index) are still all drawn before zeros', () => {
    const w = [0, 5e-324, 1e-320, 0, 1e308, 5e-324];
    expect([...sampleWithoutReplacement(k, 4, { weights: w })].sort()).toEqual([1, 2, 4, 5]);
    expect(sampleWithoutReplacement(k, 4, { weights: w, backend: 'cuda' })).toEqual(sampleWithoutReplacement(k, 4, { weights: w }));
  });

  it('refuses bad arguments by name and writes nothing', () => {
    const out = new Uint32Array(8).fill(3);
    const bad: [number, object, RegExp][] = [
      [3, { population: 2 }, /k = 3 exceeds population = 2/],
      [-1, { population: 5 }, /k/], [1.5, { population: 5 }, /k/], [NaN, { population: 5 }, /k/],
      [1, { population: -1 }, /population/], [1, { population: 2.5 }, /population/], [1, { population: 2 ** 32 }, /population/],
      [1, { population: Infinity }, /population/],
      [3, { weights: [1, 0, 2] }, /k = 3 exceeds the number of positive weights \(2\)/],
      [1, { weights: [1, NaN] }, /weights\[1\]/], [1, { weights: [1, -1] }, /weights\[1\]/],
      [1, { weights: [Infinity, 1] }, /weights\[0\]/], [1, { weights: [0, 0] }, /weights/], [1, { weights: [] }, /weights/],
      [1, { weights: new Int32Array(3) }, /weights/], [1, { weights: 'abc' }, /weights/],
      [1, {}, /exactly one of the options population and weights/],
      [1, { population: 5, weights: [1, 2] }, /exactly one/],
      [1, { population: 5, replace: false }, /unknown option 'replace'/],
      [1, { population: 5, p: [1] }, /unknown option 'p'/],
    ];
    for (const [kk, opts, re] of bad) {
      expect(() => sampleWithoutReplacement(k, kk, { ...opts, out } as never), `${kk} ${JSON.stringify(opts)}`).toThrow(re);
    }
    expect(out).toEqual(new Uint32Array(8).fill(3));
    const w = new Float64Array([1, 2, 3]);
    expect(() => sampleWithoutReplacement(k, 2, { weights: w, out: new Uint32Array(w.buffer) })).toThrow(/overlap|out/);
  });
});

describe('test/vectors/select.json (the C++ host test cuda/test/test_select.cpp reads it)', () => {
  it('is what the TypeScript backend computes now (scripts/gen-select-vectors.mjs --check)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    execFileSync(process.execPath, ['scripts/gen-select-vectors.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  });
});
