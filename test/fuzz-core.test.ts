// Property-based tests (fast-check) of the raw stream, uniform and key functions: random valid
// arguments never throw and keep the contract; random invalid ones throw only TypeError/RangeError.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { key, split, foldIn, bits, uniform } from 'cuda-random';

const seedArb = fc.oneof(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }));
const offsetArb = fc.oneof(fc.nat({ max: 2 ** 53 - 5000 }), fc.bigInt({ min: 0n, max: 2n ** 63n - 5000n }));
const anything = fc.oneof(
  fc.anything(), fc.double(), fc.bigInt(), fc.string(),
  fc.constantFrom(NaN, Infinity, -Infinity, -1, 0.5, 2 ** 64, null, undefined, [], {}),
  fc.constantFrom(new Float32Array(3), new Uint32Array(1), new Int32Array(2), new Float64Array(0)),
);

function expectOnlyArgumentErrors(f: () => unknown) {
  try {
    f();
  } catch (e) {
    expect(e instanceof TypeError || e instanceof RangeError, String(e)).toBe(true);
  }
}

describe('fuzz: valid arguments keep the contract', () => {
  it('bits: any split point of any range gives the same words', () => {
    fc.assert(fc.property(seedArb, offsetArb, fc.nat({ max: 3000 }), fc.nat(), (seed, offset, n, cut) => {
      const k = key(seed);
      const whole = bits(k, n, { offset });
      const c = n === 0 ? 0 : cut % (n + 1);
      const out = new Uint32Array(n);
      bits(k, c, { offset, out });
      bits(k, n - c, { offset: typeof offset === 'bigint' ? offset + BigInt(c) : offset + c, out: out.subarray(c) });
      expect(out).toEqual(whole);
    }), { numRuns: 200 });
  });

  it('uniform: both dtypes, any range, any offset: values inside [low, high] and chunk-invariant', () => {
    fc.assert(fc.property(
      seedArb, fc.nat({ max: 2 ** 40 }), fc.nat({ max: 500 }), fc.constantFrom('float32', 'float64'),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
      (seed, offset, n, dtype, low, width) => {
        const k = key(seed);
        const high = low + width;
        const u = uniform(k, n, { dtype, offset, low, high });
        for (const x of u) {
          expect(x).toBeGreaterThanOrEqual(dtype === 'float32' ? Math.fround(low) - Math.abs(low) * 2 ** -23 : low);
          expect(x).toBeLessThanOrEqual(dtype === 'float32' ? Math.fround(high) + Math.abs(high) * 2 ** -23 : high);
        }
        if (n > 1) expect(uniform(k, n - 1, { dtype, offset: offset + 1, low, high })).toEqual(u.slice(1));
      },
    ), { numRuns: 200 });
  });

  it('outputs into views with byte offsets and into shared memory write exactly their elements', () => {
    fc.assert(fc.property(seedArb, fc.nat({ max: 64 }), fc.nat({ max: 200 }), fc.boolean(), (seed, start, n, shared) => {
      const k = key(seed);
      const buf = shared ? new SharedArrayBuffer(4 * (start + n + 8)) : new ArrayBuffer(4 * (start + n + 8));
      const all = new Uint32Array(buf).fill(0xdeadbeef);
      const view = new Uint32Array(buf, 4 * start, n + 8);
      bits(k, n, { out: view });
      expect(all.subarray(start, start + n)).toEqual(bits(k, n));
      expect([...all.subarray(0, start), ...all.subarray(start + n)].every((x) => x === 0xdeadbeef)).toBe(true);
    }), { numRuns: 100 });
  });

  it('split/foldIn accept any valid key and give valid keys', () => {
    fc.assert(fc.property(fc.tuple(fc.nat({ max: 0xffffffff }), fc.nat({ max: 0xffffffff })), fc.nat({ max: 50 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }), (k, n, d) => {
      for (const c of [...split(k, n), foldIn(k, d)]) {
        expect(c.length).toBe(2);
        expect(Number.isInteger(c[0]) && c[0] >= 0 && c[0] <= 0xffffffff).toBe(true);
      }
    }), { numRuns: 200 });
  });
});

describe('fuzz: invalid arguments throw TypeError or RangeError, never anything else', () => {
  it('bits / uniform / key / split / foldIn with arbitrary junk', () => {
    fc.assert(fc.property(anything, anything, anything, (a, b, c) => {
      expectOnlyArgumentErrors(() => key(a as never));
      expectOnlyArgumentErrors(() => bits(a as never, b as never, c as never));
      expectOnlyArgumentErrors(() => bits(key(1), b as never, c as never));
      expectOnlyArgumentErrors(() => bits(key(1), 4, { offset: b, out: c } as never));
      expectOnlyArgumentErrors(() => uniform(key(1), 4, { dtype: a, low: b, high: c } as never));
      expectOnlyArgumentErrors(() => uniform(key(1), 4, { out: a, offset: b } as never));
      expectOnlyArgumentErrors(() => split(a as never, b as never));
      expectOnlyArgumentErrors(() => foldIn(key(1), a as never));
    }), { numRuns: 500 });
  });
});
