import { afterAll, describe, expect, it } from 'vitest';
import { key, bits, normal, normalAsync, philox4x32, shutdownPool } from 'cuda-random';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import { expectMoments, expectSameBits, hasNaN, ksP, KS_P_MIN } from './dist-helpers.js';

afterAll(() => shutdownPool());

const k = key(0x5eed);
const METHODS = ['box-muller', 'polar'] as const;
const DTYPES = ['float32', 'float64'] as const;

describe('normal: the streams of docs/streams.md, "Normal"', () => {
  it('Box–Muller float64: pair p uses raw block p, u1 = (k+1)·2^-53 in (0,1], u2 = k·2^-53', () => {
    const n = 200;
    const w = bits(k, 2 * n);
    const z = normal(k, n);
    for (let p = 0; p < n / 2; p++) {
      const u1 = ((w[4 * p] >>> 5) * 2 ** 26 + (w[4 * p + 1] >>> 6) + 1) * 2 ** -53;
      const u2 = ((w[4 * p + 2] >>> 5) * 2 ** 26 + (w[4 * p + 3] >>> 6)) * 2 ** -53;
      const r = Math.sqrt(-2 * Math.log(u1));
      expect(z[2 * p]).toBeCloseTo(r * Math.cos(2 * Math.PI * u2), 12);
      expect(z[2 * p + 1]).toBeCloseTo(r * Math.sin(2 * Math.PI * u2), 12);
    }
  });

  it('Box–Muller float32: pair p uses raw words 2p, 2p+1 (u1 = (w+1)·2^-32, u2 = w·2^-32), rounded once', () => {
    const n = 200;
    const w = bits(k, n);
    const z = normal(k, n, { dtype: 'float32' });
    expect(z).toBeInstanceOf(Float32Array);
    for (let p = 0; p < n / 2; p++) {
      const r = Math.sqrt(-2 * Math.log((w[2 * p] + 1) * 2 ** -32));
      const t = 2 * Math.PI * w[2 * p + 1] * 2 ** -32;
      expect(Math.abs(z[2 * p] - r * Math.cos(t))).toBeLessThanOrEqual(2 ** -22 * Math.max(1, r));
      expect(Math.abs(z[2 * p + 1] - r * Math.sin(t))).toBeLessThanOrEqual(2 ** -22 * Math.max(1, r));
    }
  });

  it('polar: pair e is the first accepted proposal of counter (lo(e), hi(e), t, 3)', () => {
    for (const dtype of DTYPES) {
      const n = 100;
      const offset = 2n ** 33n - 40n; // pair indices cross 2^32: hi(e) becomes 1
      const z = normal(k, n, { method: 'polar', dtype, offset });
      for (let i = 0; i < n; i += 2) {
        const e = (offset + BigInt(i)) / 2n;
        let x = 0;
        let y = 0;
        let s = 2;
        for (let t = 0; !(s < 1 && s > 0); t++) {
          const b = philox4x32([Number(e & 0xffffffffn), Number(e >> 32n), t, 3], k);
          if (dtype === 'float32') {
            x = (2 * b[0] + 1 - 2 ** 32) * 2 ** -32;
            y = (2 * b[1] + 1 - 2 ** 32) * 2 ** -32;
          } else {
            x = (2 * ((b[0] >>> 5) * 2 ** 26 + (b[1] >>> 6)) + 1 - 2 ** 53) * 2 ** -53;
            y = (2 * ((b[2] >>> 5) * 2 ** 26 + (b[3] >>> 6)) + 1 - 2 ** 53) * 2 ** -53;
          }
          s = x * x + y * y;
        }
        const f = Math.sqrt(-2 * Math.log(s) / s);
        const tol = dtype === 'float32' ? 2 ** -21 : 1e-12;
        expect(Math.abs(z[i] - x * f)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(x * f)));
        expect(Math.abs(z[i + 1] - y * f)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(y * f)));
      }
    }
  });

  it('mean + std·z is evaluated in binary64 and rounded once', () => {
    for (const method of METHODS) {
      const z = normal(k, 300, { method }) as Float64Array;
      const y = normal(k, 300, { method, mean: -3, std: 0.25 });
      for (let i = 0; i < 300; i++) expect(y[i]).toBe(-3 + 0.25 * z[i]);
      const y32 = normal(k, 300, { method, mean: 7, std: 2, dtype: 'float32' });
      // the float32 result rounds the binary64 value of the float32 stream, not of the float64 one
      const ref = normal(k, 300, { method, dtype: 'float32' });
      for (let i = 0; i < 300; i++) expect(Math.abs(y32[i] - (7 + 2 * ref[i]))).toBeLessThanOrEqual(2 ** -20 * 16);
    }
  });

  it('a Float32Array out implies float32; an explicit dtype must match out', () => {
    const out = new Float32Array(10);
    expect(normal(k, 10, { out })).toBe(out);
    expectSameBits(out, normal(k, 10, { dtype: 'float32' }) as Float32Array);
    const big = new Float64Array(12).fill(9);
    normal(k, 10, { out: big });
    expect(big[10]).toBe(9);
  });
});

describe('normal: invariance', () => {
  it('sub-ranges at any offset (odd ones split a pair) equal the whole', () => {
    for (const method of METHODS) {
      for (const dtype of DTYPES) {
        const all = normal(k, 5001, { method, dtype });
        for (const [m, n] of [[0, 1], [1, 1], [1, 2], [3, 7], [2, 4], [4095, 3], [4097, 903], [5000, 1], [777, 4224]]) {
          expectSameBits(normal(k, n, { method, dtype, offset: m }), all.subarray(m, m + n), `${method} ${dtype} ${m}+${n}`);
        }
      }
    }
  });

  it('offsets carry into the high counter words', () => {
    for (const method of METHODS) {
      for (const dtype of DTYPES) {
        const base = 2n ** 33n - 5n;
        const all = normal(k, 20, { method, dtype, offset: base });
        for (let m = 0; m < 20; m += 3) {
          expectSameBits(normal(k, 20 - m, { method, dtype, offset: base + BigInt(m) }), all.subarray(m), `${method} ${dtype}`);
        }
      }
    }
  });

  it('async (worker pool, n >= 2^17) equals sync', async () => {
    const n = (1 << 17) + 3;
    for (const method of METHODS) {
      for (const dtype of DTYPES) {
        const a = await normalAsync(k, n, { method, dtype, offset: 5, mean: 1, std: 2 });
        expectSameBits(a, normal(k, n, { method, dtype, offset: 5, mean: 1, std: 2 }), `${method} ${dtype}`);
      }
    }
  });
});

describe('normal: distribution', () => {
  for (const method of METHODS) {
    for (const dtype of DTYPES) {
      it(`${method} ${dtype}: Kolmogorov–Smirnov against N(0,1) and N(2, 3^2)`, () => {
        expect(ksP(normal(key(11), 10000, { method, dtype }), normalCdf, 0, 1)).toBeGreaterThan(KS_P_MIN);
        expect(ksP(normal(key(12), 10000, { method, dtype, mean: 2, std: 3 }), normalCdf, 2, 3)).toBeGreaterThan(KS_P_MIN);
        // the two elements of a pair, separately (cos and sin halves, x and y halves)
        const z = normal(key(13), 20000, { method, dtype });
        expect(ksP(z.filter((_, i) => i % 2 === 0), normalCdf, 0, 1)).toBeGreaterThan(KS_P_MIN);
        expect(ksP(z.filter((_, i) => i % 2 === 1), normalCdf, 0, 1)).toBeGreaterThan(KS_P_MIN);
      });

      it(`${method} ${dtype}: moments of 10^6 draws, no NaN, pair halves uncorrelated`, () => {
        const z = normal(key(21), 1_000_000, { method, dtype });
        expect(hasNaN(z)).toBe(false);
        expectMoments(z, 0, 1, 0);
        let c = 0;
        for (let i = 0; i < z.length; i += 2) c += z[i] * z[i + 1];
        // E[z0 z1] = 0, SE = 1/sqrt(pairs)
        expect(Math.abs(c / (z.length / 2))).toBeLessThan(6 / Math.sqrt(z.length / 2));
        // tails: P(|z| > 3) = 0.0026998
        let t = 0;
        for (let i = 0; i < z.length; i++) if (Math.abs(z[i]) > 3) t++;
        const p = 0.0026997960632601866;
        expect(Math.abs(t - p * z.length)).toBeLessThan(6 * Math.sqrt(p * z.length));
      });
    }
  }
});

describe('normal: bad input', () => {
  const bad: [string, () => unknown, ErrorConstructor, RegExp][] = [
    ['key', () => normal([1] as never, 3), RangeError, /key/],
    ['key type', () => normal('k' as never, 3), TypeError, /key/],
    ['n negative', () => normal(k, -1), RangeError, /\bn\b/],
    ['n fractional', () => normal(k, 1.5), RangeError, /\bn\b/],
    ['n type', () => normal(k, '3' as never), TypeError, /\bn\b/],
    ['n too large', () => normal(k, 2 ** 32), RangeError, /\bn\b/],
    ['options type', () => normal(k, 3, 5 as never), TypeError, /options/],
    ['method value', () => normal(k, 3, { method: 'ziggurat' as never }), RangeError, /method/],
    ['method type', () => normal(k, 3, { method: 1 as never }), TypeError, /method/],
    ['mean NaN', () => normal(k, 3, { mean: NaN }), RangeError, /mean/],
    ['mean Infinity', () => normal(k, 3, { mean: Infinity }), RangeError, /mean/],
    ['mean type', () => normal(k, 3, { mean: '0' as never }), TypeError, /mean/],
    ['std 0', () => normal(k, 3, { std: 0 }), RangeError, /std/],
    ['std negative', () => normal(k, 3, { std: -1 }), RangeError, /std/],
    ['std NaN', () => normal(k, 3, { std: NaN }), RangeError, /std/],
    ['std Infinity', () => normal(k, 3, { std: Infinity }), RangeError, /std/],
    ['std type', () => normal(k, 3, { std: null as never }), TypeError, /std/],
    ['dtype', () => normal(k, 3, { dtype: 'float16' as never }), RangeError, /dtype/],
    ['out type', () => normal(k, 3, { out: [] as never }), TypeError, /out/],
    ['out vs dtype', () => normal(k, 3, { dtype: 'float64', out: new Float32Array(3) }), TypeError, /out/],
    ['out short', () => normal(k, 3, { out: new Float64Array(2) }), RangeError, /out/],
    ['offset negative', () => normal(k, 3, { offset: -1 }), RangeError, /offset/],
    ['offset + n past 2^63', () => normal(k, 3, { offset: 2n ** 63n - 2n }), RangeError, /offset/],
    ['offset type', () => normal(k, 3, { offset: '1' as never }), TypeError, /offset/],
    ['backend', () => normal(k, 3, { backend: 'gpu' as never }), RangeError, /backend/],
  ];
  for (const [name, f, E, msg] of bad) {
    it(`${name}: ${E.name}`, () => {
      expect(f).toThrow(E);
      expect(f).toThrow(msg);
    });
  }

  it('the async twin rejects instead of throwing', async () => {
    await expect(normalAsync(k, 3, { std: 0 })).rejects.toThrow(RangeError);
    await expect(normalAsync(k, -1)).rejects.toThrow(RangeError);
  });

  it('n = 0 gives an empty array; the largest offset works', () => {
    expect(normal(k, 0).length).toBe(0);
    expect(normal(k, 3, { offset: 2n ** 63n - 3n }).length).toBe(3);
    expect(normal(k, 3, { offset: 2n ** 63n - 3n, method: 'polar' }).length).toBe(3);
  });
});
