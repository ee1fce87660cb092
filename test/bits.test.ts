import { afterAll, describe, expect, it } from 'vitest';
import { key, bits, bitsAsync, uniform, uniformAsync, philox4x32, shutdownPool } from 'cuda-random';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

afterAll(() => shutdownPool());

/** A small deterministic generator for test parameters (not under test). */
function params(seed: number) {
  let s = seed >>> 0;
  return (m: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * m);
  };
}

describe('bits: the offset/chunk contract', () => {
  const k = key(31337);
  const all = bits(k, 5000);

  it('bits(k, n, {offset: m}) equals bits(k, m + n).subarray(m) for random m, n', () => {
    const r = params(1);
    for (let t = 0; t < 200; t++) {
      const m = r(4000);
      const n = r(1000);
      expect(bits(k, n, { offset: m })).toEqual(all.slice(m, m + n));
    }
  });

  it('any chunking reproduces the whole', () => {
    const r = params(2);
    const out = new Uint32Array(all.length);
    for (let at = 0; at < out.length; ) {
      const len = Math.min(1 + r(97), out.length - at);
      bits(k, len, { offset: at, out: out.subarray(at) });
      at += len;
    }
    expect(out).toEqual(all);
  });

  it('bigint and number offsets agree, and large offsets address the right block', () => {
    expect(bits(k, 7, { offset: 2 ** 53 })).toEqual(bits(k, 7, { offset: 2n ** 53n }));
    const far = 2n ** 62n + 6n; // block 2^60 + 1, lane 2
    const w = bits(k, 6, { offset: far });
    const b = BigInt.asUintN(64, (far >> 2n));
    const blk0 = philox4x32([Number(b & 0xffffffffn), Number(b >> 32n), 0, 0], k);
    const blk1 = philox4x32([Number((b + 1n) & 0xffffffffn), Number((b + 1n) >> 32n), 0, 0], k);
    expect([...w]).toEqual([blk0[2], blk0[3], ...blk1]);
  });

  it('writes into out and returns it; leaves the rest of out alone', () => {
    const out = new Uint32Array(10).fill(7);
    const r = bits(k, 6, { out });
    expect(r).toBe(out);
    expect([...out.subarray(0, 6)]).toEqual([...all.subarray(0, 6)]);
    expect([...out.subarray(6)]).toEqual([7, 7, 7, 7]);
  });

  it('n = 0 gives an empty array', () => {
    expect(bits(k, 0).length).toBe(0);
  });

  it('the async twin (worker pool) gives the same bits, also into a caller out and a shared buffer', async () => {
    const n = (1 << 18) + 3;
    const sync = bits(k, n, { offset: 5 });
    expect(await bitsAsync(k, n, { offset: 5 })).toEqual(sync);
    const out = new Uint32Array(n);
    expect(await bitsAsync(k, n, { offset: 5, out })).toBe(out);
    expect(out).toEqual(sync);
    const shared = new Uint32Array(new SharedArrayBuffer(4 * n));
    await bitsAsync(k, n, { offset: 5, out: shared });
    expect(shared).toEqual(sync);
  });

  it('concurrent async calls all complete with the right results', async () => {
    const calls = Array.from({ length: 40 }, (_, i) => bitsAsync(k, 1000 + 4000 * i, { offset: i }));
    const res = await Promise.all(calls);
    res.forEach((r, i) => expect(r).toEqual(bits(k, 1000 + 4000 * i, { offset: i })));
  });
});

describe('bits: statistics (smoke)', () => {
  it('bytes are uniform (chi-square, 256 cells)', () => {
    const w = bits(key(5), 1 << 18);
    const bytes = new Uint8Array(w.buffer);
    const counts = new Float64Array(256);
    for (const b of bytes) counts[b]++;
    const e = bytes.length / 256;
    let x2 = 0;
    for (const c of counts) x2 += (c - e) ** 2 / e;
    const p = 1 - chisquareCdf(x2, 255);
    expect(p).toBeGreaterThan(1e-4);
    expect(p).toBeLessThan(1 - 1e-4);
  });

  it('each bit position is set half the time (binomial, 6 sigma)', () => {
    const n = 1 << 16;
    const w = bits(key(6), n);
    for (let b = 0; b < 32; b++) {
      let ones = 0;
      for (const x of w) ones += (x >>> b) & 1;
      expect(Math.abs(ones - n / 2)).toBeLessThan(6 * Math.sqrt(n / 4));
    }
  });
});

describe('bad input', () => {
  const k = key(1);
  const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
    ['key type', () => bits(5 as never, 1), TypeError, /key/],
    ['key words', () => bits([1, 2, 3] as never, 1), RangeError, /key/],
    ['key word range', () => bits([1, 2 ** 32] as never, 1), RangeError, /key\[1\]/],
    ['n type', () => bits(k, '3' as never), TypeError, /\bn\b/],
    ['n negative', () => bits(k, -1), RangeError, /\bn\b/],
    ['n fraction', () => bits(k, 1.5), RangeError, /\bn\b/],
    ['n NaN', () => bits(k, NaN), RangeError, /\bn\b/],
    ['n Infinity', () => bits(k, Infinity), RangeError, /\bn\b/],
    ['n too large', () => bits(k, 2 ** 32), RangeError, /\bn\b/],
    ['offset type', () => bits(k, 1, { offset: '1' as never }), TypeError, /offset/],
    ['offset negative', () => bits(k, 1, { offset: -1 }), RangeError, /offset/],
    ['offset fraction', () => bits(k, 1, { offset: 0.5 }), RangeError, /offset/],
    ['offset beyond 2^53 as number', () => bits(k, 1, { offset: 2 ** 54 }), RangeError, /offset/],
    ['offset + n beyond 2^63', () => bits(k, 2, { offset: 2n ** 63n - 1n }), RangeError, /offset/],
    ['offset negative bigint', () => bits(k, 1, { offset: -1n }), RangeError, /offset/],
    ['out type', () => bits(k, 4, { out: new Float32Array(4) as never }), TypeError, /out/],
    ['out plain array', () => bits(k, 4, { out: [0, 0, 0, 0] as never }), TypeError, /out/],
    ['out too short', () => bits(k, 4, { out: new Uint32Array(3) }), RangeError, /out/],
    ['options type', () => bits(k, 4, 7 as never), TypeError, /options/],
    ['backend name', () => bits(k, 4, { backend: 'gpu' as never }), RangeError, /backend/],
    ['uniform dtype', () => uniform(k, 4, { dtype: 'float16' as never }), RangeError, /dtype/],
    ['uniform low NaN', () => uniform(k, 4, { low: NaN }), RangeError, /low/],
    ['uniform high Inf', () => uniform(k, 4, { high: Infinity }), RangeError, /high/],
    ['uniform low >= high', () => uniform(k, 4, { low: 1, high: 1 }), RangeError, /low/],
    ['uniform span overflow', () => uniform(k, 4, { low: -1.7e308, high: 1.7e308 }), RangeError, /high - low/],
    ['uniform out dtype mismatch', () => uniform(k, 4, { dtype: 'float64', out: new Float32Array(4) as never }), TypeError, /out/],
    ['uniform low type', () => uniform(k, 4, { low: '0' as never }), TypeError, /low/],
  ];
  for (const [name, f, E, re] of cases) {
    it(name, () => {
      expect(f).toThrow(E);
      expect(f).toThrow(re);
    });
  }

  it('detached out buffers are refused', () => {
    const out = new Uint32Array(8);
    structuredClone(out.buffer, { transfer: [out.buffer] });
    expect(() => bits(k, 4, { out })).toThrow(TypeError);
  });

  it('async twins reject (not throw) on bad input', async () => {
    const p = bitsAsync(k, -1);
    expect(p).toBeInstanceOf(Promise);
    await expect(p).rejects.toThrow(RangeError);
    await expect(uniformAsync(k, 3, { dtype: 'x' as never })).rejects.toThrow(RangeError);
  });
});
