/**
 * shuffle's input (issue 27, item 7): the items are read when the call is made, a detached array is a
 * TypeError rather than an empty result, and the output is made with the intrinsic typed-array
 * constructor, never the input's own `constructor` (a Buffer's is deprecated: DEP0005).
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';

const k = api.key(27);

function detached(): Float64Array {
  const a = new Float64Array(4);
  structuredClone(a.buffer, { transfer: [a.buffer] });
  return a;
}

describe('shuffleAsync reads its input when called', () => {
  afterEach(() => api.shutdownPool());

  it('a typed array changed while the call is pending gives the values it had', async () => {
    const a = Float64Array.from({ length: 100 }, (_, i) => i);
    const want = api.shuffle(k, a);
    const pending = api.shuffleAsync(k, a);
    a.fill(NaN);
    expect(await pending).toEqual(want);
  });

  it('so does a JS array', async () => {
    const a = ['a', 'b', 'c', 'd', 'e'];
    const want = api.shuffle(k, a);
    const pending = api.shuffleAsync(k, a);
    a[0] = 'changed';
    a.length = 1;
    expect(await pending).toEqual(want);
  });

  it('the generator\'s shuffleAsync too', async () => {
    const a = Int32Array.from({ length: 50 }, (_, i) => i);
    const want = api.generator(3).shuffle(a);
    const pending = api.generator(3).shuffleAsync(a);
    a.fill(-1);
    expect(await pending).toEqual(want);
  });
});

describe('shuffle of a detached array', () => {
  it('is a TypeError naming the array, sync and async', async () => {
    expect(() => api.shuffle(k, detached())).toThrow(TypeError);
    expect(() => api.shuffle(k, detached())).toThrow(/^array is backed by a detached ArrayBuffer/);
    await expect(api.shuffleAsync(k, detached())).rejects.toThrow(/^array is backed by a detached ArrayBuffer/);
  });
});

describe('shuffle builds its output with the intrinsic constructor', () => {
  it('a Buffer gives a Uint8Array of the same values, without the DEP0005 warning', async () => {
    const warnings: string[] = [];
    const listen = (w: Error & { code?: string }) => warnings.push(w.code ?? w.name);
    process.on('warning', listen);
    try {
      const b = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]);
      const r = api.shuffle(k, b);
      expect(Object.getPrototypeOf(r)).toBe(Uint8Array.prototype);
      expect(r).toEqual(api.shuffle(k, new Uint8Array(b)));
      const ra = await api.shuffleAsync(k, b);
      expect(Object.getPrototypeOf(ra)).toBe(Uint8Array.prototype);
      await new Promise((resolve) => setImmediate(resolve));  // warnings are emitted on the next tick
    } finally {
      process.off('warning', listen);
    }
    expect(warnings).not.toContain('DEP0005');
  });

  it('never asks the array for its constructor, species or length', () => {
    class Nosy extends Float32Array {
      static get [Symbol.species](): never { throw new Error('species read'); }
      get length(): never { throw new Error('length read'); }
    }
    const a = new Nosy(6);
    a.set([1, 2, 3, 4, 5, 6]);
    Object.defineProperty(a, 'constructor', { get() { throw new Error('constructor read'); } });
    const r = api.shuffle(k, a);
    expect(Object.getPrototypeOf(r)).toBe(Float32Array.prototype);
    expect(r).toEqual(api.shuffle(k, new Float32Array([1, 2, 3, 4, 5, 6])));
  });
});
