// Property-based tests (fast-check) of the generator-level functions with random VALID arguments:
// philox4x32 (the raw stream's blocks), key/split/foldIn/keyEquals, the Xorwow class (next, fill,
// uniform, skip, state/fromState/clone) and backend(). Keys, counters and outputs may be plain
// arrays, Uint32Arrays on a SharedArrayBuffer or views at a byte offset: same results.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Xorwow, XORWOW_SUBSEQUENCE_STEPS, backend, bits, foldIn, key, keyEquals, philox4x32, split } from 'cuda-random';
import { keyArb, place, runs, sameBits, seedArb, untouchedOutside, TIMEOUT } from './fuzz-helpers.js';

const u32 = fc.nat({ max: 0xffffffff });
/** The same words as an array, a Uint32Array, or a shared view at a byte offset. */
function asForm(words: number[], form: number): number[] | Uint32Array {
  if (form === 0) return words;
  if (form === 1) return Uint32Array.from(words);
  const v = new Uint32Array(new SharedArrayBuffer(4 * (words.length + 3)), 4 * (form % 3), words.length);
  v.set(words);
  return v;
}

describe('fuzz: philox4x32 and keys', () => {
  it('philox4x32 of counter (lo(b), hi(b), 0, 0) is block b of bits(); every input form agrees', () => {
    fc.assert(fc.property(keyArb, u32, fc.nat({ max: 2 ** 29 - 1 }), fc.nat({ max: 4 }), fc.nat({ max: 4 }), ([k0, k1], bLo, bHi, f1, f2) => {
      const block = philox4x32(asForm([bLo, bHi, 0, 0], f1), asForm([k0, k1], f2));
      expect(block).toBeInstanceOf(Uint32Array);
      expect(block.length).toBe(4);
      const offset = (BigInt(bHi) * 2n ** 32n + BigInt(bLo)) * 4n;
      expect(Array.from(block)).toEqual(Array.from(bits([k0, k1], 4, { offset })));
      expect(Array.from(philox4x32([bLo, bHi, 0, 0], [k0, k1]))).toEqual(Array.from(block));
    }), runs(200));
  }, TIMEOUT);

  it('key(seed): number and bigint agree, halves are seed mod / div 2^32; keys work as arrays or Uint32Arrays', () => {
    fc.assert(fc.property(seedArb, fc.nat({ max: 4 }), (seed, form) => {
      const b = BigInt(seed);
      const k = key(seed);
      expect([...k]).toEqual([Number(b & 0xffffffffn), Number(b >> 32n)]);
      if (b <= BigInt(Number.MAX_SAFE_INTEGER)) expect(keyEquals(key(Number(b)), key(b))).toBe(true);
      expect(Object.isFrozen(k)).toBe(true);
      expect(sameBits(bits(asForm([...k], form) as never, 9), bits(k, 9))).toBe(true);
      expect(JSON.parse(JSON.stringify(k))).toEqual([...k]);
    }), runs(200));
  }, TIMEOUT);

  it('split(k, n)[j] does not depend on n; foldIn is deterministic; keyEquals is an equivalence on the words', () => {
    fc.assert(fc.property(keyArb, fc.nat({ max: 40 }), fc.nat({ max: 40 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.nat({ max: 4 }), (k, n, m, d, form) => {
      const a = split(k, n), b = split(asForm(k, form) as never, m);
      for (let j = 0; j < Math.min(n, m); j++) expect(keyEquals(a[j], b[j])).toBe(true);
      expect(a.length).toBe(n);
      const f = foldIn(k, d);
      expect(keyEquals(f, foldIn(asForm(k, form) as never, d))).toBe(true);
      expect(keyEquals(k, asForm(k, form) as never)).toBe(true);
      if (n > 1) expect(keyEquals(a[0], a[1])).toBe(a[0][0] === a[1][0] && a[0][1] === a[1][1]);
    }), runs(200));
  }, TIMEOUT);
});

describe('fuzz: Xorwow', () => {
  const smallSkip = fc.oneof(fc.nat({ max: 5000 }), fc.bigInt({ min: 0n, max: 2n ** 80n }));

  it('curand_init(seed, subsequence, offset) = skip(subsequence·2^67 + offset); skips add; fill = next^n', () => {
    fc.assert(fc.property(seedArb, fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), smallSkip, smallSkip, fc.nat({ max: 300 }), (seed, sub, off, more, n) => {
      const offset = BigInt(off);
      const g = new Xorwow(seed, { subsequence: sub, offset: typeof off === 'bigint' && off >= 2n ** 64n ? 0n : off });
      const h = new Xorwow(seed).skip(sub * XORWOW_SUBSEQUENCE_STEPS + (offset >= 2n ** 64n ? 0n : offset));
      expect(g.state()).toEqual(h.state());
      const a = g.clone().skip(more).skip(off);
      const b = g.clone().skip(BigInt(more) + offset);
      expect(a.state()).toEqual(b.state());
      const words = g.clone().fill(new Uint32Array(n));
      const one = g.clone();
      for (let i = 0; i < n; i++) if (one.next() !== words[i]) expect.fail(`next() differs from fill at ${i}`);
      expect(one.state()).toEqual(g.clone().skip(n).state());
    }), runs(100));
  }, TIMEOUT);

  it('fill and uniform: any chunking, shared views at byte offsets, state/fromState resumes; uniform in (0, 1] from the same words', () => {
    fc.assert(fc.property(seedArb, fc.nat({ max: 500 }), fc.nat(), fc.nat({ max: 5 }), fc.boolean(), (seed, n, cutRaw, start, shared) => {
      const g = new Xorwow(seed);
      const whole = g.clone().fill(new Uint32Array(n));
      const cut = n === 0 ? 0 : cutRaw % (n + 1);
      const p = place<Uint32Array>(Uint32Array, n, start, shared);
      const h = g.clone();
      h.fill(p.view.subarray(0, cut));
      const resumed = Xorwow.fromState(JSON.parse(JSON.stringify(h.state())));
      const tail = p.view.subarray(cut);
      expect(resumed.fill(tail)).toBe(tail);
      expect(sameBits(p.view, whole)).toBe(true);
      expect(untouchedOutside(p, n)).toBe(true);
      const u = g.clone().uniform(n);
      for (let i = 0; i < n; i++) {
        expect(u[i]).toBe(Math.fround(Math.fround(whole[i]) * 2 ** -32 + 2 ** -33));
        if (!(u[i] > 0 && u[i] <= 1)) expect.fail(`uniform ${u[i]}`);
      }
      const f = new Float32Array(n);
      expect(g.clone().uniform(f)).toBe(f);
      expect(sameBits(f, u)).toBe(true);
    }), runs(150));
  }, TIMEOUT);
});

describe('fuzz: backend()', () => {
  it("reports the same backend for undefined, {} and { backend: 'auto' }; 'cpu' is always available", () => {
    fc.assert(fc.property(fc.constantFrom(undefined, {}, { backend: 'auto' as const }), (o) => {
      expect(backend(o).name).toBe(backend().name);
      expect(backend({ backend: 'cpu' }).name).toBe('cpu');
      expect(typeof backend(o).reason).toBe('string');
    }), runs(5));
  }, TIMEOUT);
});
