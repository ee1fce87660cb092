import { afterAll, describe, expect, it } from 'vitest';
import { key, gamma, gammaAsync, philox4x32, shutdownPool } from 'cuda-random';
import gammaCdf from '@stdlib/stats-base-dists-gamma-cdf';
import { expectMoments, expectSameBits, hasNaN, ksP, KS_P_MIN } from './dist-helpers.js';

afterAll(() => shutdownPool());

const k = key(0x6a11a);
const DTYPES = ['float32', 'float64'] as const;
const ALPHAS = [0.05, 0.3, 1, 2, 2.5, 3, 30];

/**
 * docs/streams.md, "Gamma and friends" written out independently with Math.log/cos/sqrt/pow: the value of gamma element
 * e (a bigint) for shape alpha. Agrees with the library to rounding (different log/cos).
 */
function reference(kk: readonly [number, number], e: bigint, alpha: number, dtype: 'float32' | 'float64'): number {
  const a = alpha < 1 ? alpha + 1 : alpha;
  const d = a - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  const k53 = (x: number, y: number) => (x >>> 5) * 2 ** 26 + (y >>> 6);
  // "Erlang shapes": α' = 1, 2 or 3 sums that many exponentials of the proposal's uniforms
  const erlang = Number.isInteger(a) && a <= 3 ? a : 0;
  for (let t = 0; ; t++) {
    let U: number;
    // word e (float32) or words 2e, 2e+1 (float64) of the plane (t, tag), dense like the raw stream: tags 18, 20,
    // 21 are an Erlang shape k's factors 1 … k and its boost k + 1; 18 the other shapes' boost U
    const dense = (tag: number) => {
      const blk = dtype === 'float32' ? e >> 2n : e >> 1n;
      const xw = philox4x32([Number(blk & 0xffffffffn), Number(blk >> 32n), t, tag], kk);
      const at = Number(dtype === 'float32' ? e & 3n : 2n * (e & 1n));
      return dtype === 'float32' ? (xw[at] + 1) * 2 ** -32 : (k53(xw[at], xw[at + 1]) + 1) * 2 ** -53;
    };
    let g: number;
    if (erlang) {
      const f = [dense(18), dense(20), dense(21)];
      const p = f.slice(0, erlang).reduce((q, r) => q * r, 1);
      if (p === 1) continue;
      g = -Math.log(p);
      U = erlang === 3 ? 1 : f[erlang];
    } else {
      // Marsaglia–Tsang: elements 2p, 2p+1 share the Box–Muller pair of block p (float32) or blocks 2p, 2p+1
      // (float64) of the plane (t, 19), cosine and sine; each has its own acceptance uniform there
      const pr = e >> 1n;
      const j = Number(e & 1n);
      let u1: number, u2: number, u: number;
      if (dtype === 'float32') {
        const b = philox4x32([Number(pr & 0xffffffffn), Number(pr >> 32n), t, 19], kk);
        u1 = (b[0] + 1) * 2 ** -32;
        u2 = b[1] * 2 ** -32;
        u = (b[2 + j] + 1) * 2 ** -32;
      } else {
        const b = philox4x32([Number((2n * pr) & 0xffffffffn), Number((2n * pr) >> 32n), t, 19], kk);
        const b2 = philox4x32([Number((2n * pr + 1n) & 0xffffffffn), Number((2n * pr + 1n) >> 32n), t, 19], kk);
        u1 = (k53(b[0], b[1]) + 1) * 2 ** -53;
        u2 = k53(b[2], b[3]) * 2 ** -53;
        u = (k53(b2[2 * j], b2[2 * j + 1]) + 1) * 2 ** -53;
      }
      U = dense(18);
      const x = Math.sqrt(-2 * Math.log(u1)) * (j ? Math.sin : Math.cos)(2 * Math.PI * u2);
      const v0 = 1 + c * x;
      if (v0 <= 0) continue;
      const v = v0 * v0 * v0;
      if (!(u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v)))) continue;
      g = d * v;
    }
    return alpha < 1 ? g * Math.pow(U, 1 / alpha) : g;
  }
}

describe('gamma: the stream of docs/streams.md, "Gamma and friends"', () => {
  for (const dtype of DTYPES) {
    it(`${dtype}: element e is the first accepted proposal t: Erlang shapes of its dense planes (t, 18 / 20 / 21), the others of pair e >> 1's block(s) of the plane (t, 19)`, () => {
      // 1, 2, 3 and 1 - 2^-53 (α' = fl(α + 1) = 2) are Erlang shapes; 2 + 2^-51 (the next double) is not
      for (const alpha of [0.3, 1, 2, 3, 1 - 2 ** -53, 2 + 2 ** -51, 2.5, 30]) {
        // hi(e) (float32) and hi(2e) (float64) become 1; 2^61 and 2^62: the plane's blocks cross 2^62,
        // where the kernel stops using philoxStream; the top of the index range
        // odd offsets start inside a Marsaglia–Tsang pair
        for (const offset of [2n ** 32n - 20n, 2n ** 31n - 21n, 2n ** 61n - 20n, 2n ** 62n - 19n, 2n ** 63n - 40n,
          2n ** 63n - 41n]) {
          const g = gamma(k, 40, { alpha, dtype, offset });
          for (let i = 0; i < 40; i++) {
            const r = reference(k, offset + BigInt(i), alpha, dtype);
            const tol = dtype === 'float32' ? 2 ** -22 : alpha < 1 ? 1e-11 : 1e-13;
            expect(Math.abs(g[i] - r)).toBeLessThanOrEqual(tol * r);
          }
        }
      }
    });
  }

  it('scale multiplies the scale-1 value once', () => {
    for (const alpha of [0.3, 2.5]) {
      const g = gamma(k, 200, { alpha });
      const h = gamma(k, 200, { alpha, scale: 3.7 });
      for (let i = 0; i < 200; i++) expect(h[i]).toBe(g[i] * 3.7);
    }
  });
});

describe('gamma: invariance', () => {
  it('identical for every proposals M (1, 2, 3, 4, 7, 16, 1024)', () => {
    for (const dtype of DTYPES) {
      for (const alpha of ALPHAS) {
        const base = gamma(k, 3000, { alpha, dtype, proposals: 1 });
        for (const proposals of [2, 3, 4, 7, 16, 1024]) {
          const n = proposals === 1024 ? 50 : 3000;
          expectSameBits(gamma(k, n, { alpha, dtype, proposals }), base.subarray(0, n), `${dtype} α=${alpha} M=${proposals}`);
        }
      }
    }
  });

  it('sub-ranges at any offset equal the whole', () => {
    for (const dtype of DTYPES) {
      for (const alpha of [0.3, 2.5]) {
        const all = gamma(k, 3001, { alpha, dtype });
        for (const [m, n] of [[0, 1], [1, 2], [3, 7], [2897, 100], [2999, 2]]) {
          expectSameBits(gamma(k, n, { alpha, dtype, offset: m }), all.subarray(m, m + n), `${dtype} α=${alpha} ${m}+${n}`);
        }
      }
    }
  });

  it('per-element alpha: element i uses alpha[i] (Float32Array and Float64Array)', () => {
    const n = 500;
    const a64 = Float64Array.from({ length: n }, (_, i) => [0.05, 0.5, 1, 3, 250][i % 5] * (1 + i / n));
    const a32 = Float32Array.from(a64);
    for (const dtype of DTYPES) {
      for (const alpha of [a64, a32]) {
        const g = gamma(k, n, { alpha, dtype, offset: 9, scale: 2 });
        for (const i of [0, 1, 2, 3, 4, 101, 499]) {
          expectSameBits(g.subarray(i, i + 1), gamma(k, 1, { alpha: alpha[i], dtype, offset: 9 + i, scale: 2 }), `i=${i}`);
        }
        // a sub-range with the matching slice of alpha
        expectSameBits(gamma(k, 100, { alpha: alpha.slice(200, 300), dtype, offset: 209, scale: 2 }), g.subarray(200, 300));
      }
    }
  });

  it('async (worker pool, n >= 2^17) equals sync, scalar and per-element alpha', async () => {
    const n = (1 << 17) + 5;
    const alphas = Float64Array.from({ length: n }, (_, i) => 0.2 + (i % 17) / 3);
    for (const dtype of DTYPES) {
      expectSameBits(await gammaAsync(k, n, { alpha: 0.7, dtype, offset: 3 }), gamma(k, n, { alpha: 0.7, dtype, offset: 3 }), dtype);
      expectSameBits(await gammaAsync(k, n, { alpha: alphas, dtype, proposals: 3 }), gamma(k, n, { alpha: alphas, dtype }), `${dtype} per-element`);
    }
  });
});

describe('gamma: distribution', () => {
  for (const dtype of DTYPES) {
    for (const alpha of ALPHAS) {
      it(`${dtype} α=${alpha}: Kolmogorov–Smirnov against Gamma(α, 1) and Gamma(α, scale 2), M = 1 and 4`, () => {
        const seed = 100 + ALPHAS.indexOf(alpha) + (dtype === 'float32' ? 50 : 0);
        expect(ksP(gamma(key(seed), 10000, { alpha, dtype }), gammaCdf, alpha, 1)).toBeGreaterThan(KS_P_MIN);
        // stdlib's gamma CDF takes a rate: scale 2 is rate 1/2
        expect(ksP(gamma(key(seed + 1000), 10000, { alpha, dtype, scale: 2, proposals: 4 }), gammaCdf, alpha, 0.5))
          .toBeGreaterThan(KS_P_MIN);
      });
    }
  }

  for (const alpha of [0.3, 2, 2.5, 30]) {
    it(`α=${alpha}: moments of 10^6 draws (mean α, variance α, excess kurtosis 6/α)`, () => {
      for (const dtype of DTYPES) expectMoments(gamma(key(7), 1_000_000, { alpha, dtype }), alpha, alpha, 6 / alpha);
    });
  }

  it('α < 1: the log of the values has the right mean (E log X = ψ(α))', () => {
    // ψ(0.05) = -20.5633..., ψ(0.3) = -3.50252...; Var log X = ψ'(α) (401.1, 12.245)
    for (const [alpha, psi, tri] of [[0.05, -20.563442710, 401.10834], [0.3, -3.502524222, 12.245370]]) {
      const g = gamma(key(8), 200000, { alpha });
      let s = 0;
      for (const x of g) s += Math.log(x);
      expect(Math.abs(s / g.length - psi)).toBeLessThan(6 * Math.sqrt(tri / g.length));
    }
  });

  it('never NaN or negative, for extreme shapes too; tiny α gives exact zeros, not NaN', () => {
    for (const dtype of DTYPES) {
      for (const alpha of [1e-300, 1e-10, 1e-3, 0.999999, 1, 1 + 2 ** -52, 1e6, 1e300, Number.MAX_VALUE]) {
        const g = gamma(key(9), 20000, { alpha, dtype });
        expect(hasNaN(g), `${dtype} α=${alpha}`).toBe(false);
        for (const x of g) expect(x >= 0).toBe(true);
      }
      const z = gamma(key(10), 20000, { alpha: 1e-10, dtype });
      expect(z.filter((x) => x === 0).length).toBeGreaterThan(19000);
    }
    // huge α·scale overflows to Infinity (documented), still not NaN
    expect(hasNaN(gamma(k, 100, { alpha: 1e308, scale: 10 }))).toBe(false);
  });
});

describe('gamma: bad input', () => {
  const bad: [string, () => unknown, ErrorConstructor, RegExp][] = [
    ['no options', () => gamma(k, 3, undefined as never), TypeError, /alpha/],
    ['no alpha', () => gamma(k, 3, {} as never), TypeError, /alpha/],
    ['alpha 0', () => gamma(k, 3, { alpha: 0 }), RangeError, /alpha/],
    ['alpha negative', () => gamma(k, 3, { alpha: -1 }), RangeError, /alpha/],
    ['alpha NaN', () => gamma(k, 3, { alpha: NaN }), RangeError, /alpha/],
    ['alpha Infinity', () => gamma(k, 3, { alpha: Infinity }), RangeError, /alpha/],
    ['alpha string', () => gamma(k, 3, { alpha: '2' as never }), TypeError, /alpha/],
    ['alpha plain array with a string', () => gamma(k, 3, { alpha: [1, '2', 3] as never }), TypeError, /alpha\[1\]/],
    ['alpha Int32Array', () => gamma(k, 3, { alpha: new Int32Array(3) as never }), TypeError, /alpha/],
    ['alpha array too short', () => gamma(k, 3, { alpha: new Float64Array(2).fill(1) }), RangeError, /alpha/],
    ['alpha array too long', () => gamma(k, 3, { alpha: new Float64Array(4).fill(1) }), RangeError, /alpha/],
    ['alpha[1] = 0', () => gamma(k, 3, { alpha: new Float64Array([1, 0, 1]) }), RangeError, /alpha\[1\]/],
    ['alpha[2] NaN', () => gamma(k, 3, { alpha: new Float32Array([1, 1, NaN]) }), RangeError, /alpha\[2\]/],
    ['alpha[0] -Infinity', () => gamma(k, 3, { alpha: new Float64Array([-Infinity, 1, 1]) }), RangeError, /alpha\[0\]/],
    ['alpha[2] Infinity', () => gamma(k, 3, { alpha: new Float64Array([1, 1, Infinity]) }), RangeError, /alpha\[2\]/],
    ['scale 0', () => gamma(k, 3, { alpha: 1, scale: 0 }), RangeError, /scale/],
    ['scale negative', () => gamma(k, 3, { alpha: 1, scale: -2 }), RangeError, /scale/],
    ['scale Infinity', () => gamma(k, 3, { alpha: 1, scale: Infinity }), RangeError, /scale/],
    ['scale NaN', () => gamma(k, 3, { alpha: 1, scale: NaN }), RangeError, /scale/],
    ['scale type', () => gamma(k, 3, { alpha: 1, scale: '1' as never }), TypeError, /scale/],
    ['proposals 0', () => gamma(k, 3, { alpha: 1, proposals: 0 }), RangeError, /proposals/],
    ['proposals fractional', () => gamma(k, 3, { alpha: 1, proposals: 1.5 }), RangeError, /proposals/],
    ['proposals too many', () => gamma(k, 3, { alpha: 1, proposals: 1025 }), RangeError, /proposals/],
    ['proposals type', () => gamma(k, 3, { alpha: 1, proposals: '4' as never }), TypeError, /proposals/],
    ['dtype', () => gamma(k, 3, { alpha: 1, dtype: 'int32' as never }), RangeError, /dtype/],
    ['out type', () => gamma(k, 3, { alpha: 1, out: new Uint32Array(3) as never }), TypeError, /out/],
    ['out short', () => gamma(k, 3, { alpha: 1, out: new Float32Array(2) }), RangeError, /out/],
    ['offset', () => gamma(k, 3, { alpha: 1, offset: 1.5 }), RangeError, /offset/],
    ['n', () => gamma(k, -2, { alpha: 1 }), RangeError, /\bn\b/],
    ['key', () => gamma([1, 2, 3] as never, 3, { alpha: 1 }), RangeError, /key/],
    ['backend', () => gamma(k, 3, { alpha: 1, backend: 'tpu' as never }), RangeError, /backend/],
  ];
  for (const [name, f, E, msg] of bad) {
    it(`${name}: ${E.name}`, () => {
      expect(f).toThrow(E);
      expect(f).toThrow(msg);
    });
  }

  it('the async twin rejects instead of throwing', async () => {
    await expect(gammaAsync(k, 3, { alpha: 0 })).rejects.toThrow(RangeError);
    await expect(gammaAsync(k, 3, { alpha: new Float64Array([1, 2, -1]) })).rejects.toThrow(/alpha\[2\]/);
  });
});
