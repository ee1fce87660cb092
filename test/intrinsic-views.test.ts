/**
 * Caller-supplied typed arrays are viewed and copied with the intrinsic constructors (issue 27, item 9):
 * `out.subarray()` / `a.slice()` consult the array's @@species, and a subclass whose species answers
 * with a view of other memory made calls write outside the caller's view (or read other values as a
 * per-element parameter). Each case fails if the library derives a view through the caller's object.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as api from '../lib/index.js';

const k = api.key(9);
const N = 16;

type TypedCtor = Float64ArrayConstructor | Float32ArrayConstructor | Uint32ArrayConstructor | Int32ArrayConstructor | BigUint64ArrayConstructor;

/**
 * A buffer of 2n elements, and a view of its first n through a subclass whose @@species hands out
 * views of the second half (where the old code wrote) and whose `constructor` is never needed.
 */
function trap<C extends TypedCtor>(Base: C, n = N): { view: InstanceType<C>; outside: InstanceType<C> } {
  const buf = new ArrayBuffer(2 * n * Base.BYTES_PER_ELEMENT);
  const outside = new Base(buf, n * Base.BYTES_PER_ELEMENT, n) as InstanceType<C>;
  const B = Base as unknown as new (...a: unknown[]) => object;
  class Evil extends B {
    static get [Symbol.species]() {
      return function (this: unknown, ..._: unknown[]) { return new Base(buf, n * Base.BYTES_PER_ELEMENT, n); };
    }
  }
  const view = new Evil(buf, 0, n) as InstanceType<C>;
  return { view, outside };
}

const zero = (a: ArrayLike<number | bigint>) => Array.from(a).every((x) => x === 0 || x === 0n);

afterAll(() => api.shutdownPool());

describe('out is written through an intrinsic view of the caller\'s memory', () => {
  const cases: [string, TypedCtor, (out: never) => unknown, () => ArrayLike<number | bigint>][] = [
    ['uniform', Float64Array, (out) => api.uniform(k, N, { out }), () => api.uniform(k, N)],
    ['normal float32', Float32Array, (out) => api.normal(k, N, { out }), () => api.normal(k, N, { dtype: 'float32' })],
    ['gamma per element', Float64Array, (out) => api.gamma(k, N, { alpha: new Float64Array(N).fill(2), out }),
      () => api.gamma(k, N, { alpha: new Float64Array(N).fill(2) })],
    ['poisson', Int32Array, (out) => api.poisson(k, N, { lam: 3, out }), () => api.poisson(k, N, { lam: 3 })],
    ['bits', Uint32Array, (out) => api.bits(k, N, { out }), () => api.bits(k, N)],
    ['permutation', Uint32Array, (out) => api.permutation(k, N, { out }), () => api.permutation(k, N, { dtype: 'uint32' })],
    ['categorical', Uint32Array, (out) => api.categorical(k, [1, 2, 3], N, { out }), () => api.categorical(k, [1, 2, 3], N)],
    ['AliasTable.sample', Uint32Array, (out) => api.AliasTable.build([1, 2, 3]).sample(k, N, { out }),
      () => api.AliasTable.build([1, 2, 3]).sample(k, N)],
    ['AliasTable.counts', Float64Array, (out) => api.AliasTable.build(new Float64Array(N).fill(1)).counts(k, 1000, { out }),
      () => api.AliasTable.build(new Float64Array(N).fill(1)).counts(k, 1000)],
    ['sobol uint64', BigUint64Array, (out) => api.sobol(N, { dtype: 'uint64', out }), () => api.sobol(N, { dtype: 'uint64' })],
    ['mrg32k3aFill', Uint32Array, (out) => api.mrg32k3aFill(1, N, { out }), () => api.mrg32k3aFill(1, N)],
  ];

  it.each(cases)('%s', (_, Ctor, call, want) => {
    const { view, outside } = trap(Ctor);
    expect(call(view as never)).toBe(view);
    expect(Array.from(view as ArrayLike<number>)).toEqual(Array.from(want() as ArrayLike<number>));
    expect(zero(outside)).toBe(true);
  });

  it('the async twins too (inline and on the worker pool)', async () => {
    for (const n of [N, 1 << 17]) {
      const { view, outside } = trap(Float64Array, n);
      expect(await api.uniformAsync(k, n, { out: view })).toBe(view);
      expect(new Float64Array(view)).toEqual(api.uniform(k, n));
      expect(zero(outside)).toBe(true);
    }
    const { view, outside } = trap(Uint32Array);
    expect(await api.permutationAsync(k, N, { out: view })).toBe(view);
    expect(new Uint32Array(view)).toEqual(api.permutation(k, N, { dtype: 'uint32' }));
    expect(zero(outside)).toBe(true);
  });

  it('a subclass whose length getter lies is refused by its real length', () => {
    class Long extends Float64Array {
      get length(): number { return 1000; }
    }
    expect(() => api.uniform(k, N, { out: new Long(4) })).toThrow(/^out has length 4, needs at least 16$/);
  });
});

describe('typed-array inputs are copied with the intrinsic constructor', () => {
  /** A Float64Array whose slice() (through @@species) makes a Float32Array: the values rounded. */
  class Rounding extends Float64Array {
    static get [Symbol.species]() {
      return Float32Array;
    }
  }

  it('per-element parameters: not what a subclass\'s @@species makes of slice()', () => {
    const alpha = Rounding.from({ length: N }, (_, i) => 0.3 + i) as Rounding;  // not float32 values
    const plain = Float64Array.from(alpha);
    expect(api.gamma(k, N, { alpha })).toEqual(api.gamma(k, N, { alpha: plain }));
    expect(api.studentT(k, N, { df: alpha })).toEqual(api.studentT(k, N, { df: plain }));
  });

  it('weights of sampleWithoutReplacement (a float32 copy rounds these to zero weights)', () => {
    const weights = Rounding.from([1e-46, 3e-46, 0, 2e-46]) as Rounding;
    const want = api.sampleWithoutReplacement(k, 3, { weights: new Float64Array([1e-46, 3e-46, 0, 2e-46]) });
    expect(api.sampleWithoutReplacement(k, 3, { weights })).toEqual(want);
  });

  it('DeviceArray.from takes the array\'s own length and memory', () => {
    class Long extends Float64Array {
      get length(): number { return 1000; }
    }
    const d = api.DeviceArray.from(Long.from([1, 2, 3]) as Long, { backend: 'cpu' });
    expect(d.length).toBe(3);
    expect(d.toHost()).toEqual(new Float64Array([1, 2, 3]));
  });
});

describe('Xorwow.fill and uniform read the internal length of out', () => {
  it('a subclass whose length getter lies does not move the state further than the words written', async () => {
    const { Xorwow } = await import('../lib/xorwow/xorwow.js');
    class Liar extends Uint32Array {
      get length(): number { return 1000; }
    }
    const a = new Xorwow(1234n), b = new Xorwow(1234n);
    a.fill(new Liar(8));
    b.fill(new Uint32Array(8));
    expect(a.next()).toBe(b.next());  // the same position: 8 words, not 1000
    const c = new Xorwow(99n), d = new Xorwow(99n);
    class LiarF extends Float32Array {
      get length(): number { return 1000; }
    }
    c.uniform(new LiarF(5));
    d.uniform(new Float32Array(5));
    expect(c.next()).toBe(d.next());
  });
});
