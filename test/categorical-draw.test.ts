/**
 * The Generator's one-draw categorical (lib/alias/categorical.ts categoricalDraw) and the prefix sums it
 * finds again by value (lib/alias/prefix-cache.ts): every draw is the bulk call's element s, whether
 * its weights' sums were cached, evicted, or came from an array the caller changed in between.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../lib/index.js';
import { key } from '../lib/core/keys.js';
import { scalarKey } from '../lib/generator/streams.js';
import { fixedPoint, flooredPrefix } from '../lib/alias/fixed-point.js';
import { prefixUnits } from '../lib/kernels/alias.js';
import { cachedPrefix, clearPrefixCache, MAX_ITEMS } from '../lib/alias/prefix-cache.js';
import { refRowCoin } from './alias-ref.js';

const root = key(2026, 11);
const K = scalarKey(root, 'categorical');

/** Rows of weights unlike each other: varied lengths, zeros, tiny, huge and sub-unit weights. */
function rows(count: number): (number[] | Float32Array | Float64Array)[] {
  const out: (number[] | Float32Array | Float64Array)[] = [];
  for (let j = 0; j < count; j++) {
    const n = 1 + ((j * 37) % 70);
    const w = Array.from({ length: n }, (_, i) => ((i + j) % 5 === 0 ? 0 : 1 + ((i * 7 + j) % 13) / 3));
    if (j % 3 === 1) w[n - 1] = 1e-300;  // a sub-unit item
    if (j % 4 === 2) w[0] = j % 5 === 3 ? 1e30 : 1e300;  // float32 holds up to ~3.4e38
    if (!w.some((x) => x > 0)) w[0] = 1;
    out.push(j % 5 === 3 ? Float32Array.from(w) : j % 5 === 4 ? Float64Array.from(w) : w);
  }
  return out;
}

describe('g.categorical(weights): one draw', () => {
  it('is element s of the scalar stream across cache hits, misses and evictions', () => {
    clearPrefixCache();
    const rs = rows(40);  // more rows than the cache's entries: every row is evicted and found again
    const g = lib.generator(root);
    for (let s = 0; s < 400; s++) {
      const w = rs[(s * 7) % (s < 200 ? 40 : 5)];  // all rows in turn, then a few (hits)
      expect(g.categorical(w), `draw ${s}`).toBe(lib.categorical(K, w, 1, { offset: s })[0]);
    }
  });

  it('sees a change the caller makes to the same array between draws', () => {
    clearPrefixCache();
    const w = [1, 1, 1, 1];
    const g = lib.generator(root);
    for (let s = 0; s < 60; s++) {
      w[s % 4] = s % 3 === 0 ? 0 : 1 + s;  // the cached values no longer hold
      if (w.every((x) => x === 0)) w[0] = 1;
      expect(g.categorical(w)).toBe(lib.categorical(K, w.slice(), 1, { offset: s })[0]);
    }
    const f = new Float64Array([0, 0, 5]);
    expect(g.categorical(f)).toBe(2);
    f.set([5, 0, 0]);
    expect(g.categorical(f)).toBe(0);
  });

  it('a generator on the CPU backend, and positions past 2^32', () => {
    const g = lib.generator(root, { backend: 'cpu' });
    const w = [3, 1, 4, 1, 5];
    const want = lib.categorical(K, w, 30);
    for (let s = 0; s < 30; s++) expect(g.categorical(w)).toBe(want[s]);
    const s0 = 2 ** 32 - 3;
    const h = lib.Generator.fromState({ ...g.state, scalar: { categorical: s0 } });
    const far = lib.categorical(K, w, 6, { offset: s0 });
    for (let s = 0; s < 6; s++) expect(h.categorical(w)).toBe(far[s]);
  });

  it('a draw within the round-up of a floored prefix sum takes the exact sums', () => {
    // Integer weights [A, B, C] summing to T − 1 (T = 3·2^32 units): each q_i = w_i·T/(T − 1) floors to
    // w_i and one unit (Δ = 1) goes to the largest remainder, A's: P_1 = A + 1, P_2 = A + B + 1, while
    // the floored sums are A and A + B. Draw s's u = r·2^32 + y is put at a floored sum (A = u, or
    // A + B = u), one unit below the exact one: the floored search alone would answer the next item.
    clearPrefixCache();
    const T = 3 * 2 ** 32;
    const g = lib.generator(root);
    let hits = 0;
    for (let s = 0; s < 40; s++) {
      const [r, y] = refRowCoin(K, BigInt(s), 3);
      const u = r * 2 ** 32 + y;
      const B = 2 ** 20 + s;
      const atFirst = s % 2 === 0;
      const A = atFirst ? u : u - B;
      const C = T - 1 - A - B;
      const w = [A, B, C];
      if (!(A > C && C > B)) {  // A's remainder must be the largest: skip this draw with other weights
        expect(g.categorical([1, 2, 3])).toBe(lib.categorical(K, [1, 2, 3], 1, { offset: s })[0]);
        continue;
      }
      const want = lib.categorical(K, w, 1, { offset: s })[0];
      expect(want, `draw ${s}: u lies below the exact sum`).toBe(atFirst ? 0 : 1);
      expect(g.categorical(w), `draw ${s}`).toBe(want);
      hits++;
    }
    expect(hits).toBeGreaterThan(5);
  });

  it('refuses bad weights as the bulk call does, and the position stays', () => {
    const g = lib.generator(root);
    expect(() => g.categorical([1, NaN])).toThrow(/weights\[1\]/);
    expect(() => g.categorical([0, 0])).toThrow(RangeError);
    expect(() => g.categorical([])).toThrow(/empty/);
    expect(() => g.categorical({} as number[])).toThrow(TypeError);
    expect(() => g.categorical(new Int32Array([1, 2]) as never)).toThrow(TypeError);
    expect(() => g.categorical(['1', 2] as never)).toThrow(/weights\[0\] must be a number/);
    expect(g.state.scalar.categorical).toBeUndefined();
    expect(g.categorical([1, 2])).toBe(lib.categorical(K, [1, 2], 1)[0]);
  });
});

describe('flooredPrefix', () => {
  it('lies at most slack units below the exact prefix sums, and slack is the round-up', () => {
    const big = (p: ArrayLike<number>, i: number) => BigInt(p[2 * i]) * 2n ** 32n + BigInt(p[2 * i + 1]);
    let rounded = 0;
    for (const w of rows(60)) {
      const a = ArrayBuffer.isView(w) ? w : Float64Array.from(w);
      const fp = fixedPoint(a);
      const exact = prefixUnits(fp.hi, fp.lo, (m) => new Uint32Array(m));
      const f = flooredPrefix(a, (m) => new Uint32Array(m));
      if (f === null) continue;
      const slack = BigInt(f.slack);
      // the round-up's units: the exact total N·2^32 less the floored one
      expect(big(exact, a.length) - big(f.prefix, a.length)).toBe(slack);
      for (let i = 0; i <= a.length; i++) {
        const d = big(exact, i) - big(f.prefix, i);
        expect(d >= 0n && d <= slack, `row of ${a.length}, sum ${i}`).toBe(true);
      }
      if (f.slack > 0) rounded++;
    }
    expect(rounded).toBeGreaterThan(20);
  });
});

describe('cachedPrefix', () => {
  const direct = (a: Float32Array | Float64Array) => {
    const fp = fixedPoint(a);
    return Array.from(prefixUnits(fp.hi, fp.lo, (m) => new Uint32Array(m)));
  };
  it('equals the sums computed afresh, cached or not, up to and past MAX_ITEMS', () => {
    clearPrefixCache();
    const rs = rows(50).map((w) => (ArrayBuffer.isView(w) ? w : Float64Array.from(w)));
    const long = Float64Array.from({ length: MAX_ITEMS + 1 }, (_, i) => 1 + (i % 9));
    const edge = Float64Array.from({ length: MAX_ITEMS }, (_, i) => 2 + (i % 9));
    for (let pass = 0; pass < 3; pass++) {
      for (const a of [...rs, long, edge]) expect(Array.from(cachedPrefix(a))).toEqual(direct(a));
    }
    // values equal to a cached row's, in another array and type, find the same sums
    const f = Float32Array.of(1, 2, 0.5);
    expect(cachedPrefix(Float64Array.from(f))).toBe(cachedPrefix(f));
  });
});
