/**
 * Options are read once, when the call is made, from own properties only (issue 27, item 13, and the
 * inherited half of item 5). The generator's scalar buffer was keyed by one read of the options and
 * filled from a second: an option getter that answered differently poisoned later plain calls.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';

const k = api.key(13);

describe('the generator reads a single draw\'s options once', () => {
  it('a getter that changes between reads does not poison the scalar buffer', () => {
    const g = api.generator(5), plain = api.generator(5);
    expect(g.normal({ mean: 1 })).toBe(plain.normal({ mean: 1 }));  // the buffer's key: mean=1
    let reads = 0;
    const tricky = { get mean() { return ++reads === 1 ? 1 : 1e6; } };
    expect(g.normal(tricky)).toBe(plain.normal({ mean: 1 }));
    expect(reads).toBe(1);
    // later plain calls draw what they would have drawn
    for (let i = 0; i < 20; i++) expect(g.normal({ mean: 1 })).toBe(plain.normal({ mean: 1 }));
  });

  it('bulk calls and the functional API read each option once', () => {
    let reads = 0;
    const o = { get offset() { reads++; return 5; } };
    expect(api.uniform(k, 4, o)).toEqual(api.uniform(k, 4, { offset: 5 }));
    expect(reads).toBe(1);
    reads = 0;
    const m = { get mean() { reads++; return 2; } };
    expect(api.generator(1).normal(4, m)).toEqual(api.generator(1).normal(4, { mean: 2 }));
    expect(reads).toBe(1);
  });
});

describe('only own options count', () => {
  it('an option inherited from the caller\'s own prototype is refused, not silently dropped', () => {
    const o = Object.create({ offset: 5 }) as object;
    expect(() => api.uniform(k, 4, o)).toThrow(TypeError);
    expect(() => api.uniform(k, 4, o)).toThrow(/^uniform: option 'offset' is inherited or non-enumerable/);
    class Opts { get mean() { return 3; } }
    expect(() => api.normal(k, 4, new Opts() as never)).toThrow(/^normal: option 'mean' is inherited/);
    const hidden = Object.defineProperty({}, 'offset', { value: 5, enumerable: false });
    expect(() => api.bits(k, 4, hidden)).toThrow(/^bits: option 'offset' is inherited or non-enumerable/);
  });

  it('a null-prototype options object is fine', () => {
    const o = Object.assign(Object.create(null) as object, { offset: 5 });
    expect(api.uniform(k, 4, o)).toEqual(api.uniform(k, 4, { offset: 5 }));
  });
});
