import { describe, expect, it } from 'vitest';
import { key, split, foldIn, keyEquals, philox4x32, bits } from 'cuda-random';

describe('key', () => {
  it('puts the seed in the Philox key words, low word first', () => {
    expect(key(0)).toEqual([0, 0]);
    expect(key(0x1234_5678_9abcn)).toEqual([0x5678_9abc, 0x1234]);
    expect(key(2 ** 32 + 5)).toEqual([5, 1]);
    expect(key(2n ** 64n - 1n)).toEqual([0xffffffff, 0xffffffff]);
    expect(key(Number.MAX_SAFE_INTEGER)).toEqual(key(BigInt(Number.MAX_SAFE_INTEGER)));
  });

  it('is plain data: frozen, JSON round-trips, usable after parsing', () => {
    const k = key(99);
    expect(Object.isFrozen(k)).toBe(true);
    const back = JSON.parse(JSON.stringify(k));
    expect(keyEquals(back, k)).toBe(true);
    expect([...bits(back, 8)]).toEqual([...bits(k, 8)]);
    expect([...bits(new Uint32Array(k), 8)]).toEqual([...bits(k, 8)]);
  });

  it('rejects bad seeds', () => {
    expect(() => key(-1)).toThrow(RangeError);
    expect(() => key(1.5)).toThrow(/seed/);
    expect(() => key(NaN)).toThrow(RangeError);
    expect(() => key(Infinity)).toThrow(RangeError);
    expect(() => key(2 ** 53)).toThrow(RangeError);
    expect(() => key(2n ** 64n)).toThrow(RangeError);
    expect(() => key(-1n)).toThrow(RangeError);
    expect(() => key('1' as never)).toThrow(TypeError);
    expect(() => key(undefined as never)).toThrow(TypeError);
  });
});

describe('split', () => {
  const k = key(2024);

  it('derives child j from philox((j, 0, 0, 1), key)', () => {
    const kids = split(k, 3);
    for (let j = 0; j < 3; j++) expect(kids[j]).toEqual([...philox4x32([j, 0, 0, 1], k)].slice(0, 2));
  });

  it('is deterministic and prefix-stable as n grows', () => {
    const a = split(k, 5);
    const b = split(k, 64);
    expect(b.slice(0, 5)).toEqual(a);
    expect(split(k)).toEqual(a.slice(0, 2));
  });

  it('gives distinct children, different from the parent and from foldIn children', () => {
    const kids = split(k, 4096);
    const seen = new Set(kids.map((c) => `${c[0]}:${c[1]}`));
    seen.add(`${k[0]}:${k[1]}`);
    for (let d = 0; d < 4096; d++) seen.add(foldIn(k, d).join(':'));
    expect(seen.size).toBe(4096 * 2 + 1);
  });

  it('children give unrelated streams (no shared words in a short window)', () => {
    const [a, b] = split(k);
    const wa = new Set(bits(a, 4096));
    let shared = 0;
    for (const w of bits(b, 4096)) if (wa.has(w)) shared++;
    // Expected collisions among 2^12 × 2^12 random words: 2^24 / 2^32 ≈ 0.004.
    expect(shared).toBeLessThanOrEqual(2);
  });

  it('rejects bad arguments', () => {
    expect(() => split([1, 2, 3] as never)).toThrow(RangeError);
    expect(() => split('k' as never)).toThrow(TypeError);
    expect(() => split([1, -1] as never)).toThrow(/key\[1\]/);
    expect(() => split(k, -1)).toThrow(RangeError);
    expect(() => split(k, 2.5)).toThrow(RangeError);
    expect(() => split(k, 2 ** 24 + 1)).toThrow(RangeError);
    expect(() => split(k, '2' as never)).toThrow(TypeError);
  });
});

describe('foldIn', () => {
  const k = key(7);

  it('derives from philox((lo(d), hi(d), 0, 2), key)', () => {
    expect(foldIn(k, 5)).toEqual([...philox4x32([5, 0, 0, 2], k)].slice(0, 2));
    expect(foldIn(k, 2 ** 40 + 3)).toEqual([...philox4x32([3, 2 ** 8, 0, 2], k)].slice(0, 2));
  });

  it('is deterministic and distinct per datum', () => {
    expect(foldIn(k, 1)).toEqual(foldIn(k, 1));
    expect(keyEquals(foldIn(k, 1), foldIn(k, 2))).toBe(false);
  });

  it('rejects bad data', () => {
    expect(() => foldIn(k, -1)).toThrow(RangeError);
    expect(() => foldIn(k, 0.5)).toThrow(/data/);
    expect(() => foldIn(k, 2 ** 53)).toThrow(RangeError);
    expect(() => foldIn(k, NaN)).toThrow(RangeError);
    expect(() => foldIn(k, 1n as never)).toThrow(TypeError);
    expect(() => foldIn(null as never, 1)).toThrow(TypeError);
  });
});

describe('philox4x32 argument checks', () => {
  it('names the bad argument', () => {
    expect(() => philox4x32([0, 0, 0], [0, 0])).toThrow(/counter/);
    expect(() => philox4x32([0, 0, 0, 0], [0])).toThrow(/key/);
    expect(() => philox4x32([0, 0, 0, 2 ** 32], [0, 0])).toThrow(RangeError);
    expect(() => philox4x32('abcd' as never, [0, 0])).toThrow(TypeError);
  });
});
