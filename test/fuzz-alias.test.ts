// Property-based tests (fast-check) of AliasTable and categorical with random VALID weights, from
// benign to adversarial (zeros, subnormals, 1e-300 next to 1e300, one heavy item among many light):
// the table verifies and carries the fixed-point weights of docs/alias.md, "Fixed-point weights", serialises
// losslessly, samples never hit zero-weight items, sampling and counts are chunk/offset invariant and equal their
// async twins, and categorical('alias') is AliasTable.sample. Corrupted buffers are refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AliasTable, categorical, categoricalAsync, categoricalMethod, key } from 'cuda-random';
import { addOffset, keyArb, offsetArb, place, runs, sameBits, untouchedOutside, TIMEOUT } from './fuzz-helpers.js';

const weight = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.double({ min: 0, max: 1e6, noNaN: true }) },
  { weight: 2, arbitrary: fc.double({ min: -320, max: 308, noNaN: true }).map((e) => 10 ** e) },
  { weight: 1, arbitrary: fc.constantFrom(5e-324, 1e-300, 1e300, Number.MAX_VALUE, 2 ** -1022, 1) },
);
/** Weights: plain random, Float32Array, one heavy among light, all equal; at least one positive. */
const weightsArb: fc.Arbitrary<number[] | Float64Array | Float32Array> = fc.oneof(
  fc.array(weight, { minLength: 1, maxLength: 300 }),
  fc.array(weight, { minLength: 1, maxLength: 300 }).map((w) => Float64Array.from(w)),
  fc.array(fc.float({ min: 0, max: Math.fround(3e38), noNaN: true }), { minLength: 1, maxLength: 200 }).map((w) => Float32Array.from(w)),
  fc.record({ n: fc.integer({ min: 1, max: 2000 }), heavy: fc.double({ min: 1, max: 1e300, noNaN: true }), light: fc.double({ min: 5e-324, max: 1, noNaN: true }) })
    .map(({ n, heavy, light }) => { const w = new Float64Array(n).fill(light); w[n >> 1] = heavy; return w; }),
  fc.record({ n: fc.integer({ min: 1, max: 3000 }), v: fc.double({ min: 1e-300, max: 1e300, noNaN: true }) }).map(({ n, v }) => new Float64Array(n).fill(v)),
).filter((w) => Array.prototype.some.call(w, (x: number) => x > 0));
const methodArb = fc.constantFrom('psa' as const, 'psa+' as const);

/** Σ w / max(w) by Neumaier summation (no overflow, ~1 ulp). */
function relativeShares(w: ArrayLike<number>): Float64Array {
  let max = 0;
  for (let i = 0; i < w.length; i++) max = Math.max(max, w[i]);
  let s = 0, c = 0;
  for (let i = 0; i < w.length; i++) {
    const x = w[i] / max, t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  s += c;
  return Float64Array.from(w, (x) => x / max / s);
}

describe('fuzz: alias tables from random and adversarial weights', () => {
  it('build: verifies, exact fixed-point units, zero weight <=> zero probability, within the documented error', () => {
    fc.assert(fc.property(weightsArb, methodArb, (w, method) => {
      const t = AliasTable.build(w, { method });
      const N = w.length;
      expect(t.size).toBe(N);
      expect(t.verify()).toBe(true);
      const { hi, lo } = t.units();
      let total = 0n;
      for (let i = 0; i < N; i++) total += (BigInt(hi[i]) << 32n) + BigInt(lo[i]);
      expect(total).toBe(BigInt(N) << 32n);
      const p = t.probabilities();
      const q = relativeShares(w);
      const T = N * 2 ** 32;
      let subUnit = 0;
      for (let i = 0; i < N; i++) if (w[i] > 0 && q[i] * T < 1) subUnit++;
      let sum = 0;
      for (let i = 0; i < N; i++) {
        sum += p[i];
        expect(p[i] === 0, `item ${i}: weight ${w[i]}, probability ${p[i]}`).toBe(w[i] === 0);
        // docs/alias.md, "Fixed-point weights": |W_i − T·q_i| < 1 + (m/T + 2^-50)·T·q_i, plus the absorbing item's
        // slack.
        const units = hi[i] * 2 ** 32 + lo[i];
        const bound = 3 + (subUnit + 2 ** -50 * T) * q[i] + 5 * 2 ** -53 * T;
        if (!(Math.abs(units - T * q[i]) <= bound)) expect.fail(`item ${i}: ${units} units for share ${q[i]} (T = ${T}, bound ${bound})`);
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
    }), runs(120));
  }, TIMEOUT);

  it('toBuffer/fromBuffer round-trips from Uint8Array, ArrayBuffer, unaligned and shared copies', () => {
    fc.assert(fc.property(weightsArb, methodArb, fc.nat({ max: 7 }), fc.boolean(), keyArb, (w, method, shift, shared, kk) => {
      const t = AliasTable.build(w, { method });
      const bytes = t.toBuffer();
      const buf = shared ? new SharedArrayBuffer(bytes.length + shift) : new ArrayBuffer(bytes.length + shift);
      const view = new Uint8Array(buf, shift, bytes.length);
      view.set(bytes);
      for (const src of [bytes, bytes.buffer as ArrayBuffer, view]) {
        const u = AliasTable.fromBuffer(src);
        expect(u.method).toBe(method);
        expect(sameBits(u.toBuffer(), bytes)).toBe(true);
        expect(sameBits(u.sample(key(kk[0]), 50), t.sample(key(kk[0]), 50))).toBe(true);
      }
    }), runs(60));
  }, TIMEOUT);

  it('corrupted buffers (changed, cut or extended bytes) are a RangeError, never anything else', () => {
    fc.assert(fc.property(weightsArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }), fc.integer({ min: -40, max: 40 }), (w, flips, resize) => {
      const bytes = AliasTable.build(w).toBuffer();
      let bad = bytes.slice();
      for (const [at, x] of flips) bad[at % bad.length] ^= x;
      if (resize !== 0 && flips.length === 1) {
        bad = resize > 0 ? Uint8Array.from([...bytes, ...new Array(resize).fill(0)]) : bytes.slice(0, Math.max(0, bytes.length + resize));
      }
      if (sameBits(bad, bytes)) return; // two flips of one byte cancelled out
      expect(() => AliasTable.fromBuffer(bad)).toThrow(RangeError);
    }), runs(150));
  }, TIMEOUT);

  it('sample and counts: chunk/offset invariant, valid items only, out reused, counts = histogram, async = sync', async () => {
    await fc.assert(fc.asyncProperty(
      weightsArb, methodArb, keyArb, offsetArb(5000), fc.nat({ max: 3000 }), fc.nat(), fc.nat({ max: 5 }), fc.boolean(),
      async (w, method, kk, off, n, cutRaw, start, shared) => {
        const t = AliasTable.build(w, { method });
        const k = key(BigInt(kk[0]) | (BigInt(kk[1]) << 32n));
        const s = t.sample(k, n, { offset: off });
        for (const x of s) if (!(x < w.length && w[x] > 0)) expect.fail(`drew item ${x} (weight ${w[x]})`);
        const cut = n === 0 ? 0 : cutRaw % (n + 1);
        const p = place<Uint32Array>(Uint32Array, n, start, shared);
        t.sample(k, cut, { offset: off, out: p.view.subarray(0, cut) });
        const tail = p.view.subarray(cut);
        expect(t.sample(k, n - cut, { offset: addOffset(off, cut), out: tail })).toBe(tail);
        expect(sameBits(p.view, s)).toBe(true);
        expect(untouchedOutside(p, n)).toBe(true);
        const hist = new Float64Array(w.length);
        for (const x of s) hist[x]++;
        const c = t.counts(k, n, { offset: off });
        expect(sameBits(c, hist)).toBe(true);
        const acc = Float64Array.from(hist);
        expect(t.counts(k, n, { offset: off, out: acc, accumulate: true })).toBe(acc);
        expect(Array.from(acc)).toEqual(Array.from(hist, (x) => 2 * x));
        expect(sameBits(await t.sampleAsync(k, n, { offset: off }), s)).toBe(true);
        expect(sameBits(await t.countsAsync(k, n, { offset: off }), hist)).toBe(true);
      },
    ), runs(50));
  }, TIMEOUT);

  it("categorical: 'alias' is AliasTable.sample, 'cdf' is chunk invariant and valid, 'auto' follows categoricalMethod, async = sync", async () => {
    await fc.assert(fc.asyncProperty(weightsArb, methodArb, keyArb, offsetArb(3000), fc.nat({ max: 2000 }), fc.nat(), async (w, table, kk, off, n, cutRaw) => {
      const k = key(kk[0] + kk[1]);
      const viaTable = AliasTable.build(w, { method: table }).sample(k, n, { offset: off });
      expect(sameBits(categorical(k, w, n, { method: 'alias', table, offset: off }), viaTable)).toBe(true);
      const cdf = categorical(k, w, n, { method: 'cdf', offset: off });
      for (const x of cdf) if (!(x < w.length && w[x] > 0)) expect.fail(`cdf drew item ${x} (weight ${w[x]})`);
      const cut = n === 0 ? 0 : cutRaw % (n + 1);
      const out = new Uint32Array(n);
      categorical(k, w, cut, { method: 'cdf', offset: off, out: out.subarray(0, cut) });
      categorical(k, w, n - cut, { method: 'cdf', offset: addOffset(off, cut), out: out.subarray(cut) });
      expect(sameBits(out, cdf)).toBe(true);
      const auto = categorical(k, w, n, { offset: off, table });
      expect(sameBits(auto, categoricalMethod(w.length, n) === 'cdf' ? cdf : viaTable)).toBe(true);
      expect(sameBits(await categoricalAsync(k, w, n, { method: 'cdf', offset: off }), cdf)).toBe(true);
    }), runs(50));
  }, TIMEOUT);
});
