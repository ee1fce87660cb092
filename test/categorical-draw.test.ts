/**
 * The Generator's one-draw categorical (lib/alias/categorical.ts categoricalDraw) and the prefix sums it
 * finds again by value (lib/alias/prefix-cache.ts): every draw is the bulk call's element s, whether
 * its weights' sums were cached, evicted, or came from an array the caller changed in between.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../lib/index.js';
import { key } from '../lib/core/keys.js';
import { scalarKey } from '../lib/generator/streams.js';
import { fixedPoint } from '../lib/alias/fixed-point.js';
import { prefixUnits } from '../lib/kernels/alias.js';
import { cachedPrefix, clearPrefixCache, MAX_ITEMS } from '../lib/alias/prefix-cache.js';

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
