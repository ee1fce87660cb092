import { describe, expect, it } from 'vitest';
import { erfc, ndtri } from '../lib/core/math/index.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sobol, type SobolOptions } from '../lib/sobol/sobol.js';
import { directions32, directions64, joeKuoEntry, SOBOL_MAX_DIMENSIONS } from '../lib/kernels/sobol/directions.js';
import { sobol32Column, sobol32Point, sobol64Column, sobol64Point } from '../lib/kernels/sobol/generator.js';
import { randomise32, randomise64 } from '../lib/kernels/sobol/scramble.js';
import { JOE_KUO_DEGREE_COUNTS } from '../lib/kernels/sobol/joe-kuo.data.js';
import { key, split } from '../lib/core/keys.js';
import { sobol as publicSobol } from '../lib/index.js';

const readJson = (name: string) => JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), 'utf8'));
const SCIPY = readJson('sobol_scipy.json');

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
}

/** A python3 with scipy, or null (the live comparison is skipped, the committed scipy vectors still run). */
function scipyPython(): string | null {
  for (const py of [process.env.PYTHON, '/usr/bin/python3', 'python3'].filter((p): p is string => !!p)) {
    if (spawnSync(py, ['-c', 'import scipy.stats'], { stdio: 'ignore' }).status === 0) return py;
  }
  return null;
}
const PY = scipyPython();
if (!PY) console.warn('live scipy comparison skipped: no python3 with scipy (apt-get install python3-scipy)');

const u32 = (n: number, o: SobolOptions = {}) => sobol(n, { ...o, dtype: 'uint32' });
const u64 = (n: number, o: SobolOptions = {}) => sobol(n, { ...o, dtype: 'uint64' });
/** Column d of a points-layout array. */
function column<T>(a: ArrayLike<T>, dims: number, d: number): T[] {
  return Array.from({ length: a.length / dims }, (_, i) => a[i * dims + d]);
}
/** The top b bits of a 32-bit word (b = 0 gives 0: JS shifts count mod 32). */
const top = (x: number, b: number) => (b === 0 ? 0 : x >>> (32 - b));

describe('Joe–Kuo direction data (lib/kernels/sobol/joe-kuo.data.ts)', () => {
  /** Prime factors of 2^s − 1, for s ≤ 18. */
  function primeFactors(v: number): number[] {
    const f: number[] = [];
    for (let q = 2; q * q <= v; q++) if (v % q === 0) for (f.push(q); v % q === 0;) v /= q;
    if (v > 1) f.push(v);
    return f;
  }
  /** a·b mod p over GF(2), polynomials as bit masks, deg p = s ≤ 18. */
  function mulMod(a: number, b: number, p: number, s: number): number {
    let r = 0;
    for (let i = s; i >= 0; i--) {
      r <<= 1;
      if ((r >>> s) & 1) r ^= p;
      if ((b >>> i) & 1) r ^= a;
    }
    return r;
  }
  function xPow(e: number, p: number, s: number): number {
    let r = 1, base = 2 % p === 2 && s > 1 ? 2 : mulMod(2, 1, p, s);
    for (; e > 0; e = Math.floor(e / 2)) {
      if (e & 1) r = mulMod(r, base, p, s);
      base = mulMod(base, base, p, s);
    }
    return r;
  }

  it('holds 21,201 dimensions: every primitive polynomial of degree ≤ 18, in increasing order', () => {
    expect(SOBOL_MAX_DIMENSIONS).toBe(21201);
    let d = 1;
    for (let s = 1; s <= 18; s++) {
      const order = 2 ** s - 1;
      const factors = primeFactors(order);
      let phi = order;
      for (const q of factors) phi = (phi / q) * (q - 1);
      expect(JOE_KUO_DEGREE_COUNTS[s - 1], `degree ${s}`).toBe(phi / s); // the number of primitive polynomials
      let prev = -1;
      for (let j = 0; j < JOE_KUO_DEGREE_COUNTS[s - 1]; j++, d++) {
        const e = joeKuoEntry(d);
        expect(e.s).toBe(s);
        const p = 2 ** s + 2 * e.a + 1;
        expect(p).toBeGreaterThan(prev);
        prev = p;
        // primitive: x has order exactly 2^s − 1 modulo p
        if (s > 1) {
          const ok = xPow(order, p, s) === 1 && factors.every((q) => xPow(order / q, p, s) !== 1);
          if (!ok) expect.fail(`dimension ${d + 1}: polynomial ${p} is not primitive`);
        }
        e.m.forEach((m, k) => {
          if (m % 2 !== 1 || m >= 2 ** (k + 1)) expect.fail(`dimension ${d + 1}: m_${k + 1} = ${m}`);
        });
      }
    }
    expect(d).toBe(21201);
  });

  it("decodes Joe and Kuo's published lines (new-joe-kuo-6.21201: d s a m_1 … m_s)", () => {
    const lines = [
      '2 1 0 1', '3 2 1 1 3', '4 3 1 1 3 1', '5 3 2 1 1 1', '6 4 1 1 1 3 3', '7 4 4 1 3 5 13',
      '8 5 2 1 1 5 5 17', '9 5 4 1 1 5 5 5', '10 5 7 1 1 7 11 19', '11 5 11 1 1 5 1 1',
      '21201 18 131059 1 1 7 11 15 7 37 239 337 245 1557 3681 7357 9639 27367 26869 114603 86317',
    ];
    for (const line of lines) {
      const [d, s, a, ...m] = line.split(' ').map(Number);
      expect(joeKuoEntry(d - 1), line).toEqual({ s, a, m });
    }
    expect(joeKuoEntry(0)).toEqual({ s: 0, a: 0, m: [] });
  });

  it("expands to scipy's 64-bit direction vectors, and Sobol32's are their high words", () => {
    expect(SCIPY.directions64.length).toBeGreaterThanOrEqual(8);
    for (const { dim, v } of SCIPY.directions64) {
      const ours = directions64(dim);
      expect(Array.from({ length: 64 }, (_, k) => String((BigInt(ours[2 * k]) << 32n) | BigInt(ours[2 * k + 1])))).toEqual(v);
    }
    for (const d of [0, 1, 2, 3, 77, 1000, 21200]) {
      const v32 = directions32(d), v64 = directions64(d);
      for (let k = 0; k < 32; k++) {
        expect(v64[2 * k]).toBe(v32[k]);
        expect(v64[2 * k + 1]).toBe(0);
      }
    }
  });
});

describe('points equal scipy.stats.qmc.Sobol(scramble=False)', () => {
  it('the committed scipy vectors (test/vectors/sobol_scipy.json)', () => {
    expect(SCIPY.points32.length).toBeGreaterThanOrEqual(8);
    for (const c of SCIPY.points32) {
      const maxCol = Math.max(...c.columns);
      const got = u32(c.n, { dims: maxCol + 1, offset: c.offset });
      c.columns.forEach((col: number, j: number) => {
        expect(column(got, maxCol + 1, col), `dims ${c.dims} offset ${c.offset} column ${col}`).toEqual(c.words[j]);
      });
    }
    // bits=64 floats are the 64-bit words rounded to binary64 and scaled by 2^-64
    for (const c of SCIPY.points64) {
      const got = u64(c.n, { dims: c.dims, offset: c.offset });
      c.columns.forEach((col: number, j: number) => {
        expect(column(got, c.dims, col).map((x) => Number(x) * 2 ** -64)).toEqual(c.floats[j]);
      });
    }
  });

  it.skipIf(!PY)('a live scipy run: random dimensions, offsets and lengths', () => {
    const r = lcg(2024);
    const cases = Array.from({ length: 12 }, (_, t) => {
      const dims = t < 4 ? 1 + (r() % 64) : 1 + (r() % 21201);
      const cols = dims <= 8 ? Array.from({ length: dims }, (_, j) => j) : [0, dims - 1, r() % dims, r() % dims];
      return { dims, offset: t % 3 === 0 ? 0 : r() % (t < 4 ? 200_000 : 3000), n: 1 + (r() % 300), cols };
    });
    const script = `
import json, sys, warnings
from scipy.stats import qmc
warnings.simplefilter('ignore')
out = []
for c in json.load(sys.stdin):
    e = qmc.Sobol(c['dims'], scramble=False, bits=32)
    if c['offset']: e.fast_forward(c['offset'])
    x = e.random(c['n']) * 2.0**32
    out.append([[int(v) for v in x[:, j]] for j in c['cols']])
json.dump(out, sys.stdout)`;
    const res = spawnSync(PY!, ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(res.status, res.stderr).toBe(0);
    const want = JSON.parse(res.stdout);
    cases.forEach((c, t) => {
      const got = u32(c.n, { dims: c.dims, offset: c.offset, layout: 'dimensions' });
      c.cols.forEach((col, j) => {
        expect(Array.from(got.subarray(col * c.n, (col + 1) * c.n)), JSON.stringify({ ...c, col })).toEqual(want[t][j]);
      });
    });
  });
});

describe('Gray code, offsets and the 32/64-bit variants', () => {
  it('a column (one XOR per point) equals the Gray-code sum at every index, far offsets included', () => {
    const r = lcg(3);
    const col = new Uint32Array(300);
    const hi = new Uint32Array(300), lo = new Uint32Array(300);
    for (const d of [0, 1, 2, 5, 40, 1000, 21200]) {
      for (const first of [0, 1, 2 ** 31 - 150, 2 ** 32 - 300, r()]) {
        const n = Math.min(300, 2 ** 32 - first);
        sobol32Column(directions32(d), 0, first, n, col);
        for (let j = 0; j < n; j++) if (col[j] !== sobol32Point(directions32(d), 0, first + j)) expect.fail(`d ${d} i ${first + j}`);
      }
      for (const first of [0n, 2n ** 32n - 150n, 2n ** 63n - 7n, 2n ** 64n - 300n, (BigInt(r()) << 30n) + BigInt(r())]) {
        sobol64Column(directions64(d), 0n, first, 300, hi, lo);
        for (let j = 0; j < 300; j++) {
          const want = sobol64Point(directions64(d), 0n, first + BigInt(j));
          if (((BigInt(hi[j]) << 32n) | BigInt(lo[j])) !== want) expect.fail(`d ${d} i ${first + BigInt(j)}`);
        }
      }
    }
  });

  it('offset k is points k, k+1, … of the run from 0, in every dimension; calls chain', () => {
    const all = u32(4096, { dims: 7 });
    for (const k of [1, 2, 3, 511, 512, 1000, 4000]) {
      expect(Array.from(u32(96, { dims: 7, offset: k }))).toEqual(Array.from(all.subarray(7 * k, 7 * Math.min(4096, k + 96))).concat(
        k + 96 > 4096 ? Array.from(u32(k + 96 - 4096, { dims: 7, offset: 4096 })) : []));
    }
    const a = u64(50, { dims: 3, offset: 2n ** 50n });
    const b = u64(70, { dims: 3, offset: 2n ** 50n + 50n });
    expect(Array.from(u64(120, { dims: 3, offset: 2n ** 50n }))).toEqual([...a, ...b]);
  });

  it('the sequences end at 2^32 (Sobol32) and 2^64 (Sobol64) points', () => {
    expect(u32(4, { offset: 2 ** 32 - 4 })).toHaveLength(4);
    expect(() => u32(5, { offset: 2 ** 32 - 4 })).toThrow(RangeError);
    expect(() => u32(1, { offset: 2 ** 32 })).toThrow(/offset \+ n must not exceed 2\^32/);
    expect(u64(4, { offset: 2n ** 64n - 4n })).toHaveLength(4);
    expect(() => u64(5, { offset: 2n ** 64n - 4n })).toThrow(/2\^64/);
    // the last Sobol32 point of dimension 0: gray(2^32 − 1) = 2^31 selects V_32 = 1
    expect(u32(1, { offset: 2 ** 32 - 1 })[0]).toBe(1);
  });

  it('below 2^32 points, a Sobol64 word is the Sobol32 word times 2^32', () => {
    for (const [dims, offset] of [[5, 0], [3, 2 ** 32 - 100], [21201, 123]] as const) {
      const w32 = u32(100, { dims, offset });
      const w64 = u64(100, { dims, offset });
      for (let i = 0; i < w32.length; i++) if (w64[i] !== BigInt(w32[i]) << 32n) expect.fail(`element ${i}`);
    }
    // beyond 2^32 the low word carries the extra precision
    expect(u64(8, { dims: 2, offset: 2 ** 32 + 8 }).some((x) => (x & 0xffffffffn) !== 0n)).toBe(true);
  });
});

describe('classic Sobol properties', () => {
  it('every dimension stratifies [0, 1): each aligned block of 2^m points has one point per interval of width 2^-m', () => {
    const dimsList = [...Array.from({ length: 64 }, (_, d) => d), 100, 1110, 5000, 20000, 21200];
    const col = new Uint32Array(4096);
    for (const d of dimsList) {
      for (const first of [0, 4096 * 12345]) {
        sobol32Column(directions32(d), 0, first, 4096, col);
        for (let m = 1; m <= 12; m++) {
          for (let b = 0; b < 4096; b += 2 ** m) {
            const seen = new Uint8Array(2 ** m);
            for (let i = b; i < b + 2 ** m; i++) seen[top(col[i], m)]++;
            if (!seen.every((c) => c === 1)) expect.fail(`dimension ${d}, block ${first + b} of 2^${m}`);
          }
        }
      }
    }
  });

  /** The t of the 2-D projection (x, y) of 2^m points: the least t with every 2^a × 2^b box (a + b = m − t) holding 2^t points. */
  function tValue(x: ArrayLike<number>, y: ArrayLike<number>, m: number): number {
    for (let t = 0; t <= m; t++) {
      let ok = true;
      for (let a = 0; a <= m - t && ok; a++) {
        const b = m - t - a;
        const counts = new Uint32Array(2 ** (m - t));
        for (let i = 0; i < 2 ** m; i++) counts[top(x[i], a) * 2 ** b + top(y[i], b)]++;
        ok = counts.every((c) => c === 2 ** t);
      }
      if (ok) return t;
    }
    return m;
  }
  const degree = (d: number) => Math.max(1, joeKuoEntry(d).s); // dimension 0 uses x: degree 1

  it("every 2-D projection of the first 12 dimensions is a (t, 12, 2)-net with t ≤ (s_j − 1) + (s_l − 1) (Sobol's bound); dimensions 0 and 1 form a (0, 12, 2)-net", () => {
    const m = 12, dims = 12;
    const pts = u32(2 ** m, { dims, layout: 'dimensions' });
    const col = (d: number) => pts.subarray(d * 2 ** m, (d + 1) * 2 ** m);
    expect(tValue(col(0), col(1), m)).toBe(0);
    for (let j = 0; j < dims; j++) {
      for (let l = j + 1; l < dims; l++) {
        const t = tValue(col(j), col(l), m);
        expect(t, `dims ${j}, ${l}`).toBeLessThanOrEqual(degree(j) - 1 + degree(l) - 1);
      }
    }
  });

  it('keyed randomisation keeps both properties', () => {
    const m = 10, dims = 8;
    for (const scramble of ['lms', 'shift'] as const) {
      const pts = u32(2 ** m, { dims, layout: 'dimensions', key: key(99), scramble });
      const col = (d: number) => pts.subarray(d * 2 ** m, (d + 1) * 2 ** m);
      for (let d = 0; d < dims; d++) {
        const seen = new Set(Array.from(col(d), (x) => top(x, m)));
        expect(seen.size, `${scramble} dimension ${d}`).toBe(2 ** m);
      }
      expect(tValue(col(0), col(1), m)).toBe(0);
      for (let j = 0; j < dims; j++) {
        for (let l = j + 1; l < dims; l++) expect(tValue(col(j), col(l), m)).toBeLessThanOrEqual(degree(j) - 1 + degree(l) - 1);
      }
    }
  });
});

describe('layouts, dtypes and the uniform maps', () => {
  it("'dimensions' is the transpose of 'points' (cuRAND's host API order)", () => {
    for (const dtype of ['uint32', 'uint64', 'float32', 'float64'] as const) {
      const p = sobol(37, { dims: 5, offset: 11, dtype });
      const d = sobol(37, { dims: 5, offset: 11, dtype, layout: 'dimensions' });
      for (let i = 0; i < 37; i++) for (let j = 0; j < 5; j++) expect(d[j * 37 + i]).toBe(p[i * 5 + j]);
    }
  });

  it('float32 is curand_uniform of the word: float(x)·2^-32 + 2^-33 in binary32, in (0, 1]', () => {
    const w = u32(4096, { dims: 3, offset: 1 << 20 });
    const f = sobol(4096, { dims: 3, offset: 1 << 20, dtype: 'float32' });
    for (let i = 0; i < w.length; i++) expect(f[i]).toBe(Math.fround(Math.fround(w[i]) * 2 ** -32 + 2 ** -33));
    expect(sobol(1, { dtype: 'float32' })[0]).toBe(2 ** -33); // point 0 is the zero word
    expect(sobol(1, { dtype: 'float32', offset: 2 ** 32 - 1 })[0]).toBe(3 * 2 ** -33);
    // words from 0xFFFFFF80 on round to 1. In dimension 0 the word is the bit reversal of gray(i), so the
    // points with gray(i) = 0x01FFFFFF and 0x00FFFFFF hold 0xFFFFFF80 and 0xFFFFFF00.
    const grayInverse = (g: number) => {
      let i = g;
      for (let sh = 1; sh < 32; sh *= 2) i ^= i >>> sh;
      return i >>> 0;
    };
    expect(u32(1, { offset: grayInverse(0x01ffffff) })[0]).toBe(0xffffff80);
    expect(sobol(1, { dtype: 'float32', offset: grayInverse(0x01ffffff) })[0]).toBe(1);
    expect(u32(1, { offset: grayInverse(0x00ffffff) })[0]).toBe(0xffffff00);
    expect(sobol(1, { dtype: 'float32', offset: grayInverse(0x00ffffff) })[0]).toBe(1 - 2 ** -24);
    // with bits 64 the high word goes through the same map, so it agrees below 2^32 points
    expect(Array.from(sobol(64, { dims: 4, dtype: 'float32', bits: 64, offset: 999 })))
      .toEqual(Array.from(sobol(64, { dims: 4, dtype: 'float32', offset: 999 })));
  });

  it('float64 from Sobol32 is x·2^-32 + 2^-32; from Sobol64 (x >> 11)·2^-53 + 2^-54, both in (0, 1]', () => {
    const w = u32(1000, { dims: 2, offset: 5 });
    const f = sobol(1000, { dims: 2, offset: 5, bits: 32 });
    for (let i = 0; i < w.length; i++) expect(f[i]).toBe(w[i] * 2 ** -32 + 2 ** -32);
    for (const offset of [0n, 2n ** 40n, 2n ** 64n - 1000n]) {
      const x = u64(1000, { dims: 2, offset });
      const g = sobol(1000, { dims: 2, offset });
      for (let i = 0; i < x.length; i++) {
        expect(g[i]).toBe(Number(x[i] >> 11n) * 2 ** -53 + 2 ** -54);
        expect(g[i] > 0 && g[i] <= 1).toBe(true);
      }
    }
    expect(sobol(1)[0]).toBe(2 ** -54);
    expect(sobol(1, { bits: 32 })[0]).toBe(2 ** -32);
  });

  it('is exported from the package; default dtype float64, layout points, 1 dimension', () => {
    expect(publicSobol(4)).toEqual(sobol(4, { dims: 1, dtype: 'float64', layout: 'points', bits: 64 }));
    expect(publicSobol(0, { dims: 3 })).toHaveLength(0);
  });
});

describe('keyed randomisation (Philox-keyed random linear scramble + digital shift)', () => {
  const K = key(0xfeedn);

  it('coordinate d of point i is a pure function of (key, d, i): independent of dims, offset, n and layout', () => {
    for (const dtype of ['uint32', 'uint64'] as const) {
      const big = sobol(64, { dims: 6, offset: 100, dtype, key: K });
      const small = sobol(10, { dims: 3, offset: 130, dtype, key: K, layout: 'dimensions' });
      for (let i = 0; i < 10; i++) for (let d = 0; d < 3; d++) expect(small[d * 10 + i]).toBe(big[(30 + i) * 6 + d]);
    }
  });

  it("'shift' XORs one Philox word per dimension; 'lms' also maps the direction vectors through L", () => {
    const plain = u32(50, { dims: 4 });
    const shifted = u32(50, { dims: 4, key: K, scramble: 'shift' });
    for (let d = 0; d < 4; d++) {
      const { c } = randomise32(K, d, directions32(d), 'shift');
      for (let i = 0; i < 50; i++) expect(shifted[i * 4 + d]).toBe((plain[i * 4 + d] ^ c) >>> 0);
    }
    const { dirs, c } = randomise32(K, 2, directions32(2), 'lms');
    expect(Array.from(dirs)).not.toEqual(Array.from(directions32(2)));
    const lms = u32(50, { dims: 4, key: K });
    for (let i = 0; i < 50; i++) expect(lms[i * 4 + 2]).toBe(sobol32Point(dirs, c, i));
  });

  it('randomised Sobol64 words agree with randomised Sobol32 in their top 32 bits', () => {
    for (const scramble of ['lms', 'shift'] as const) {
      const w32 = u32(200, { dims: 5, offset: 12345, key: K, scramble });
      const w64 = u64(200, { dims: 5, offset: 12345, key: K, scramble });
      for (let i = 0; i < w32.length; i++) expect(Number(w64[i] >> 32n)).toBe(w32[i]);
    }
    const r64 = randomise64(K, 7, directions64(7), 'lms');
    expect(Array.from(r64.dirs).some((w, j) => j % 2 === 1 && w !== 0)).toBe(true); // L mixes digits into the low word
  });

  it('different keys give different randomisations', () => {
    const [a, b] = split(K, 2);
    expect(Array.from(u32(16, { dims: 2, key: a }))).not.toEqual(Array.from(u32(16, { dims: 2, key: b })));
  });

  it('randomised QMC: replicates under split keys give an unbiased estimate with a small standard error', () => {
    // ∫_[0,1]^5 x1 x2 x3 x4 x5 dx = 1/32; plain Monte Carlo with the same 32 · 1024 points has SE ≈ 3.1e-4
    const R = 32, N = 1024, dims = 5;
    const est = split(key(7), R).map((k) => {
      const x = sobol(N, { dims, key: k });
      let s = 0;
      for (let i = 0; i < N; i++) {
        let p = 1;
        for (let d = 0; d < dims; d++) p *= x[i * dims + d];
        s += p;
      }
      return s / N;
    });
    const mean = est.reduce((a, b) => a + b) / R;
    const se = Math.sqrt(est.reduce((a, b) => a + (b - mean) ** 2, 0) / (R - 1) / R);
    const mcSe = Math.sqrt((1 / 3 ** 5 - 1 / 32 ** 2) / (N * R));
    expect(Math.abs(mean - 1 / 32)).toBeLessThan(4 * se + 1e-12);
    expect(se).toBeLessThan(mcSe / 5);
  });
});

describe('normal transform (inverse CDF by lib/core/math ndtri)', () => {
  it('the first 2^m points of every dimension fall one in each normal quantile bin; finite; float32 = float64 rounded', () => {
    const n = 1024, dims = 5;
    const z = sobol(n, { dims, transform: 'normal', bits: 32 }) as Float64Array;
    const z32 = sobol(n, { dims, transform: 'normal', dtype: 'float32' }) as Float32Array;
    for (let d = 0; d < dims; d++) {
      const seen = new Set<number>();
      for (let i = 0; i < n; i++) {
        const v = z[i * dims + d];
        expect(Number.isFinite(v)).toBe(true);
        seen.add(Math.floor((erfc(-v / Math.SQRT2) / 2) * n));
        expect(z32[i * dims + d]).toBe(Math.fround(v));
      }
      expect(seen.size).toBe(n);
    }
  });

  it('mirrored words give negated values (the map is odd about the midpoint)', () => {
    const w = sobol(256, { dims: 3, dtype: 'uint32' }) as Uint32Array;
    const z = sobol(256, { dims: 3, transform: 'normal', bits: 32 }) as Float64Array;
    for (let i = 0; i < w.length; i++) {
      const x = w[i];
      const m = x > 0x80000000 ? 0xffffffff - x : x;
      const v = ndtri(m * 2 ** -32 + 2 ** -33);
      expect(Object.is(z[i], x > 0x80000000 ? v : -v)).toBe(true);
    }
  });

  it('bad combinations are named errors', () => {
    expect(() => sobol(4, { transform: 'normal', dtype: 'uint32' })).toThrow(RangeError);
    expect(() => sobol(4, { transform: 'gaussian' as 'normal' })).toThrow(RangeError);
  });
});

describe('argument checks', () => {
  const expectError = (f: () => unknown, type: typeof TypeError | typeof RangeError, name: string) => {
    expect(f).toThrow(type);
    expect(f).toThrow(name);
  };

  it('n, dims, offset', () => {
    for (const bad of ['4', null, undefined, 4n, {}]) expectError(() => sobol(bad as number), TypeError, 'n');
    for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 32]) expectError(() => sobol(bad), RangeError, 'n');
    for (const bad of ['3', null, 3n]) expectError(() => sobol(4, { dims: bad as number }), TypeError, 'dims');
    for (const bad of [0, -1, 2.5, 21202, NaN]) expectError(() => sobol(4, { dims: bad }), RangeError, 'dims');
    expect(sobol(1, { dims: 21201 })).toHaveLength(21201);
    for (const bad of ['1', null, {}]) expectError(() => sobol(4, { offset: bad as number }), TypeError, 'offset');
    for (const bad of [-1, 1.5, -1n, 2 ** 53, NaN]) expectError(() => sobol(4, { offset: bad }), RangeError, 'offset');
    expectError(() => sobol(2 ** 20, { dims: 2 ** 13 }), RangeError, 'n');
  });

  it('dtype, bits, layout, scramble, key, transform', () => {
    expectError(() => sobol(4, { dtype: 'int32' as 'uint32' }), RangeError, 'dtype');
    expectError(() => sobol(4, { dtype: 5 as unknown as 'uint32' }), TypeError, 'dtype');
    expectError(() => sobol(4, { bits: 16 as 32 }), RangeError, 'bits');
    expectError(() => sobol(4, { bits: '32' as unknown as 32 }), TypeError, 'bits');
    expectError(() => sobol(4, { dtype: 'uint32', bits: 64 }), RangeError, 'bits');
    expectError(() => sobol(4, { dtype: 'uint64', bits: 32 }), RangeError, 'bits');
    expectError(() => sobol(4, { layout: 'rows' as 'points' }), RangeError, 'layout');
    expectError(() => sobol(4, { scramble: 'owen' as 'lms', key: K() }), RangeError, 'scramble');
    expectError(() => sobol(4, { scramble: 'curand', key: K() }), RangeError, 'key');
    expectError(() => sobol(4, { scramble: 'curand', dims: 20001 }), RangeError, 'dims');
    expectError(() => sobol(4, { scramble: 'lms' }), TypeError, 'key');
    expectError(() => sobol(4, { scramble: 'none', key: K() }), RangeError, 'key');
    expectError(() => sobol(4, { key: [1, 2, 3] as unknown as ReturnType<typeof key> }), RangeError, 'key');
    expectError(() => sobol(4, { key: 'k' as unknown as ReturnType<typeof key> }), TypeError, 'key');
    expectError(() => sobol(4, 5 as unknown as SobolOptions), TypeError, 'options');
  });
  function K() {
    return key(1);
  }
});

describe('test/vectors/sobol.json (for cuda/test/test_sobol.cpp)', () => {
  it('is what the TypeScript computes now (recomputed from its inputs)', () => {
    const doc = readJson('sobol.json');
    expect(doc.about).toMatch(/equal libcurand.s JOEKUO6 set for its 20,000 dimensions/);
    for (const e of doc.dimensions) {
      expect(joeKuoEntry(e.dim)).toEqual({ s: e.s, a: e.a, m: e.m });
      expect(Array.from(directions32(e.dim))).toEqual(e.v32);
      for (const p of e.points32) expect(sobol32Point(directions32(e.dim), 0, p.i)).toBe(p.x);
      for (const p of e.points64) expect(String(sobol64Point(directions64(e.dim), 0n, BigInt(p.i)))).toBe(p.x);
    }
    for (const r of doc.randomisations) {
      const k = [r.k0, r.k1] as const;
      expect(randomise32(k, r.dim, directions32(r.dim), r.mode).c).toBe(r.c32);
      expect(String(randomise64(k, r.dim, directions64(r.dim), r.mode).c)).toBe(r.c64);
    }
    expect(doc.cases.length).toBeGreaterThanOrEqual(10);
    for (const c of doc.cases) {
      const { n, values, k0, k1, offset, ...rest } = c;
      const opts = { ...rest, offset: BigInt(offset), ...(k0 !== undefined ? { key: [k0, k1] } : {}) };
      const got = Array.from(sobol(n, opts), (v) => (typeof v === 'bigint' ? String(v) : v));
      expect(got, JSON.stringify(rest)).toEqual(values);
    }
  });
});
