// Regression tests for issue 27, items 6, 12, 14 and 17 (library side): parameters at the edge of what
// the API accepts must give either a correct result or a clear TypeError/RangeError naming the
// argument, never Infinity/NaN, an out-of-memory abort or a misleading message. See docs/testing.md,
// "Failures found and fixed".
import { describe, expect, it } from 'vitest';
import * as cr from 'cuda-random';
import { expectArgumentError, sameBits } from './fuzz-helpers.js';

const k = cr.key(27);
const MAX = Number.MAX_VALUE;

describe('multivariateNormal: covariance entries near the binary64 maximum gave ±Infinity/NaN rows', () => {
  // Scaling cov by 2^8 scales the factor by 2^4 exactly, so the rows must be exactly 16 times those of
  // cov·2^-8 (mean 0): any overflow inside the factorisation breaks this.
  const scaled = (cov: number[][]) => cov.map((r) => r.map((x) => x * 2 ** -8));
  for (const cov of [[[9e307, 0], [0, 9e307]], [[1e308, 5e307], [5e307, 1e308]], [[MAX, MAX], [MAX, MAX]], [[MAX, -MAX], [-MAX, MAX]]]) {
    it(`cov = ${JSON.stringify(cov)}`, () => {
      const big = cr.multivariateNormal(k, 50, { mean: [0, 0], cov });
      const small = cr.multivariateNormal(k, 50, { mean: [0, 0], cov: scaled(cov) });
      expect(big.every(Number.isFinite)).toBe(true);
      expect(sameBits(big, small.map((x) => 16 * x))).toBe(true);
    });
  }
  it('a matrix whose factor overflows to ∞·0 = NaN is refused, not sampled as NaN', () => {
    // Not positive semi-definite (|cov[0][2]| far above √(cov[0][0]·cov[2][2])); pivot 2 was NaN,
    // which the `p < -tol` test let through.
    expectArgumentError(() => cr.multivariateNormal(k, 1, { mean: [0, 0, 0], cov: [[1e-9, 0, 1e308], [0, 1, 0], [1e308, 0, 1]] }), 'cov');
  });
});

describe('sizes that exhausted the heap are a RangeError naming the argument, before any allocation', () => {
  it('split(k, n) allows n ≤ 2^20 (2^24 took 1.4 GB)', () => {
    expectArgumentError(() => cr.split(k, 2 ** 20 + 1), 'n');
    expectArgumentError(() => cr.split(k, 2 ** 24), 'n');
    expect(cr.split(k, 5)[4]).toEqual(cr.split(k, 2 ** 10)[4]);
  });
  it('g.spawn(n) / g.split(n) allow n ≤ 2^17 per call (2^22 took 3.1 GB and 30 s) and consume nothing when refused', () => {
    const g = cr.generator(1);
    expectArgumentError(() => g.spawn(2 ** 17 + 1), 'n');
    expectArgumentError(() => g.split(2 ** 22), 'n');
    expect(g.state.spawned).toBe(0);
  });
});

describe('generator counters at 2^53: errors named offset/data, and a state at 2^53 could not be restored', () => {
  const M = 2 ** 53;
  const base = cr.generator(7).state;
  const at = (field: 'bulk' | 'scalar', name: string, count: number) => cr.Generator.fromState({ ...base, [field]: { [name]: count } });
  const exhausted = (f: () => unknown, method: string) => {
    let e: unknown;
    try { f(); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(RangeError);
    expect((e as Error).message).toMatch(new RegExp(`${method}.* counter is exhausted`));
    expect((e as Error).message).not.toMatch(/\boffset\b|\bdata\b/);
  };
  it('the state after draw 2^53 − 1 restores, and the next draw says the counter is exhausted', () => {
    // Three draws from one buffer equal three draws each restored from a state (one value per refill).
    const g = at('scalar', 'uniform', M - 3);
    const seq = [g.random(), g.random(), g.random()];
    expect(seq).toEqual([3, 2, 1].map((d) => at('scalar', 'uniform', M - d).random()));
    expect(g.state.scalar.uniform).toBe(M);
    const h = cr.Generator.fromState(JSON.parse(JSON.stringify(g.state)));
    exhausted(() => h.random(), 'uniform');
    exhausted(() => g.uniform(), 'uniform');
    exhausted(() => at('scalar', 'normal', M).normal({ sd: 2 }), 'normal');
    exhausted(() => at('scalar', 'dirichlet', M).dirichlet([1, 2]), 'dirichlet');
    exhausted(() => at('scalar', 'categorical', M).categorical([1, 2]), 'categorical');
  });
  it('bulk calls and children: the last one works, the next is refused (async: rejected), the state restores', async () => {
    const g = at('bulk', 'uniform', M - 1);
    expect(g.uniform(3)).toEqual(at('bulk', 'uniform', M - 1).uniform(3));
    exhausted(() => g.uniform(3), 'uniform');
    await expect(g.uniformAsync(3)).rejects.toThrow(/uniform bulk-call counter is exhausted/);
    expect(cr.Generator.fromState(g.state).state.bulk.uniform).toBe(M);
    const s = cr.Generator.fromState({ ...base, spawned: M - 1 });
    exhausted(() => s.spawn(2), 'spawn');
    expect(s.spawn(1)).toHaveLength(1);
    exhausted(() => s.spawn(1), 'spawn');
    expect(cr.Generator.fromState(s.state).state.spawned).toBe(M);
    expectArgumentError(() => cr.Generator.fromState({ ...base, spawned: M + 2 }), 'state.spawned');
  });
});

describe('misleading or inconsistent refusals', () => {
  it('truncatedNormal beyond 35 sd names the documented accuracy limit, not "no representable mass"', () => {
    let e: unknown;
    try { cr.truncatedNormal(k, 2, { low: 40 }); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(RangeError);
    expect((e as Error).message).toMatch(/documented accuracy limit/);
    expect((e as Error).message).not.toMatch(/representable/);
  });
  it('toHost() / toHostAsync() after free() is a TypeError, like passing a freed array to a call', async () => {
    const d = cr.DeviceArray.from(new Float64Array(4), { backend: 'cpu' });
    d.free();
    expect(() => d.toHost()).toThrow(TypeError);
    await expect(d.toHostAsync()).rejects.toThrow(TypeError);
    expect(() => cr.uniform(k, 4, { out: d } as never)).toThrow(TypeError);
  });
  it('Xorwow.fromState and Mrg32k3a.fromState refuse unknown fields, as Generator.fromState does', () => {
    const x = new cr.Xorwow(1n).state();
    expectArgumentError(() => cr.Xorwow.fromState({ ...x, subsequence: 3 } as never), 'subsequence');
    expect(cr.Xorwow.fromState(x).state()).toEqual(x);
    const m = new cr.Mrg32k3a(1n).state();
    expectArgumentError(() => cr.Mrg32k3a.fromState({ ...m, s3: [1, 2, 3] } as never), 's3');
    expect(cr.Mrg32k3a.fromState(m).state()).toEqual(m);
    expectArgumentError(() => cr.Generator.fromState({ ...cr.generator(1).state, extra: 1 } as never), 'extra');
  });
});
