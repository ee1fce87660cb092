/**
 * Stream stability: a few outputs of every public sampling function, frozen as literals when 0.1.0
 * was cut. The other tests check that the streams are *right* (against references, across chunking
 * and backends); this file checks that they do not *move*. If one of these fails, a change altered a
 * stream: that is a breaking change under the promise in CHANGELOG.md and docs/reproducibility.md —
 * revert it, or make it deliberately in a major version (and only then update these literals).
 *
 * Decimal literals are the shortest round-trip form of each binary64 (float32 outputs widened
 * exactly), so toEqual compares bits.
 */
import { describe, expect, it } from 'vitest';
import {
  key, split, foldIn, philox4x32, bits, uniform, normal, gamma, exponential, chisquare, beta, dirichlet,
  AliasTable, categorical, Xorwow, sobol, mrg32k3aFill, integers, bernoulli, geometric, permutation, shuffle,
  sampleWithoutReplacement,
} from 'cuda-random';

const k = key(20260501);
const arr = (a: ArrayLike<number>) => Array.from(a);

describe('stream stability (frozen outputs; a failure means a stream changed)', () => {
  it('keys and the Philox block', () => {
    expect(arr(k)).toEqual([0x01352695, 0x00000000]);
    expect(split(k, 3).flatMap(arr)).toEqual([0xb04be888, 0x3dcd80da, 0xe5a20413, 0x4ea2cf60, 0xefdce2f8, 0xe1f8a513]);
    expect(arr(foldIn(k, 7))).toEqual([0x51c487c9, 0x80cb7d84]);
    expect(arr(philox4x32([1, 2, 3, 4], [5, 6]))).toEqual([0xc0c839bc, 0x889c87c5, 0x61986739, 0x2d4623d0]);
  });

  it('bits and uniform', () => {
    expect(arr(bits(k, 6, { offset: 1000 }))).toEqual([0xa0d17e4c, 0xbf2c5334, 0x528b6ecd, 0xa703aff7, 0xffb50b49, 0xd03f408b]);
    expect(arr(uniform(k, 4, { dtype: 'float32', offset: 17 })))
      .toEqual([0.28838586807250977, 0.3334360718727112, 0.6648359894752502, 0.605121374130249]);
    expect(arr(uniform(k, 4, { offset: 17 })))
      .toEqual([0.7873467437684362, 0.8606354754782571, 0.6993373775501602, 0.9208728864131047]);
    expect(arr(uniform(k, 3, { low: -5, high: 3 }))).toEqual([1.079090450749975, 0.5278420390583198, 1.155260978870703]);
  });

  it('normal: Box–Muller and polar, float32 and float64', () => {
    expect(arr(normal(k, 5, { dtype: 'float32', offset: 3 }))).toEqual(
      [-0.49147048592567444, 0.7177013754844666, -0.09577860683202744, 0.39267393946647644, -0.05520637333393097]);
    expect(arr(normal(k, 5, { offset: 3 }))).toEqual(
      [-0.3311849539419411, 0.7599665782792607, -0.6199838658167377, -1.3655070438957986, -0.6406292589153008]);
    expect(arr(normal(k, 5, { method: 'polar', dtype: 'float32', offset: 3 }))).toEqual(
      [-0.17763252556324005, 0.493306964635849, 1.8677915334701538, 0.4812047779560089, 0.8848897218704224]);
    expect(arr(normal(k, 5, { method: 'polar', mean: 10, std: 2 }))).toEqual(
      [6.8798128446095035, 8.58542160418856, 7.658483851393739, 11.151772828327864, 10.069851044243334]);
  });

  it('gamma: α ≥ 1, α < 1 (float32), per-element α with scale', () => {
    expect(arr(gamma(k, 4, { alpha: 2.5, offset: 100 }))).toEqual(
      [1.6433471045866532, 4.2230435873399985, 1.7673811112448796, 2.084247650345993]);
    expect(arr(gamma(k, 4, { alpha: 0.3, dtype: 'float32' }))).toEqual(
      [0.05844065919518471, 0.05728357285261154, 0.006453188136219978, 0.044385287910699844]);
    // α = 1: an Erlang shape since issue 31 (CHANGELOG, "gamma's Erlang shapes"); the others Marsaglia–Tsang
    // pairs since issue 31 (CHANGELOG, "gamma's Marsaglia–Tsang pairs and dense Erlang planes")
    expect(arr(gamma(k, 4, { alpha: new Float64Array([0.1, 1, 7.5, 300]), scale: 2 }))).toEqual(
      [0.0009333647985466313, 1.574538048454238, 10.464319513212269, 606.6420394099406]);
  });

  it('exponential, chisquare, beta, dirichlet', () => {
    expect(arr(exponential(k, 4, { dtype: 'float32', rate: 3 }))).toEqual(
      [0.09152881801128387, 0.18401584029197693, 0.12321467697620392, 0.033951159566640854]);
    expect(arr(exponential(k, 4, { offset: 9 }))).toEqual(
      [1.0983041056829876, 0.5023261429320895, 0.20280304866294774, 1.8257393302711409]);
    expect(arr(chisquare(k, 4, { df: 3 }))).toEqual(
      [0.4071494438761491, 3.3699467099436564, 0.9971944993680336, 2.817630564069614]);
    // a = 2 and [1, 2, 3]: Erlang shapes on dense planes, df = 3 and b = 5: Marsaglia–Tsang pairs since issue 31
    // (CHANGELOG, "gamma's Marsaglia–Tsang pairs and dense Erlang planes")
    expect(arr(beta(k, 4, { a: 2, b: 5 }))).toEqual(
      [0.08556540358959315, 0.04892507820258172, 0.6196854722944362, 0.40663862756823804]);
    // a, b ≤ 1: Jöhnk's algorithm since issue 31 (CHANGELOG, "Stream changes")
    expect(arr(beta(k, 3, { a: 0.2, b: 0.4, dtype: 'float32' }))).toEqual(
      [0.5087143778800964, 0.2074960619211197, 5.395153266363195e-7]);
    expect(arr(beta(k, 3, { a: 0.5, b: 0.5 }))).toEqual([0.6231517873928595, 0.5890410074185769, 0.005629679586700449]);
    expect(arr(dirichlet(k, [1, 2, 3], 2, { offset: 5 }))).toEqual(
      [0.18321606171355648, 0.14546549882417548, 0.671318439462268, 0.22248464877252047, 0.289760865655991, 0.4877544855714886]);
  });

  it('integers (narrow and wide), bernoulli, geometric', () => {
    expect(arr(integers(k, 6, { high: 10, offset: 5 }))).toEqual([4, 5, 3, 5, 0, 6]);
    expect(arr(integers(k, 4, { low: -(2 ** 31), high: 2 ** 31 }))).toEqual([2059262148, 37105619, 2141866213, -850238474]);
    expect(arr(integers(k, 4, { low: -(2 ** 52), high: 2 ** 52, dtype: 'float64', offset: 2 ** 40 }))).toEqual(
      [-2881849257751850, -3567419368356450, -930546177602, 783711171364103]);
    expect(arr(bernoulli(k, 8, { p: 0.5, offset: 3 }))).toEqual([0, 0, 0, 1, 0, 0, 1, 0]);
    expect(arr(bernoulli(k, 4, { p: new Float64Array([0, 1, 0.25, 0.75]), dtype: 'float32' }))).toEqual([0, 1, 0, 0]);
    expect(arr(geometric(k, 6, { p: 0.3 }))).toEqual([1, 2, 1, 1, 2, 1]);
    expect(arr(geometric(k, 4, { p: 1e-6, dtype: 'float64', offset: 77 }))).toEqual([529781, 3580538, 30501, 1498889]);
  });

  it('alias tables (rows of PSA and PSA+, samples) and categorical', () => {
    const w = [1, 0, 2.5, 7, 0.25, 3];
    const t = AliasTable.build(w);
    expect(arr(t.rows())).toEqual([
      0x6fb586fb, 2, 0x00000000, 3, 0x86fb586f, 3, 0xb0df6b0e, 5, 0x1bed61bf, 3, 0x00000000, 5]);
    expect(arr(t.sample(k, 12, { offset: 50 }))).toEqual([0, 5, 2, 0, 3, 3, 3, 2, 3, 3, 4, 5]);
    expect(arr(categorical(k, w, 10, { method: 'alias' }))).toEqual([4, 5, 3, 3, 5, 2, 3, 5, 5, 3]);
    expect(arr(categorical(k, w, 10, { method: 'cdf', offset: 4 }))).toEqual([3, 3, 2, 5, 5, 3, 2, 3, 4, 3]);

    // 3000 items: PSA+ runs its pre-pass in groups of 1024, so the two methods differ here.
    const big = Float64Array.from({ length: 3000 }, (_, i) => ((i * 7919) % 101) + 0.25);
    const fnv = (a: Uint32Array) => a.reduce((h, x) => Math.imul(h ^ x, 0x01000193) >>> 0, 0x811c9dc5);
    const psa = AliasTable.build(big);
    const plus = AliasTable.build(big, { method: 'psa+' });
    expect(fnv(psa.rows())).toBe(0x459de051);
    expect(fnv(plus.rows())).toBe(0xb67e3aa4);
    expect(arr(psa.rows().subarray(4000, 4004))).toEqual([0x9f2dce7e, 0x7d2, 0x950db14a, 0x7d4]);
    expect(arr(plus.rows().subarray(4000, 4004))).toEqual([0xbc6dd894, 0x7d2, 0x950db14a, 0x7cb]);
    expect(arr(psa.sample(key(5), 8, { offset: 1e6 }))).toEqual([120, 2914, 2776, 1908, 1632, 389, 1106, 2108]);
    expect(arr(plus.sample(key(5), 8, { offset: 1e6 }))).toEqual([120, 2914, 2773, 1908, 1630, 389, 1106, 2108]);
  });

  it('permutations and sampling without replacement', () => {
    expect(arr(permutation(k, 12))).toEqual([4, 9, 5, 2, 6, 7, 0, 11, 8, 1, 10, 3]);
    // few of many (16·k ≤ population, docs/streams.md, "Few of many"; changed before 0.1.0 by issue 31) …
    expect(arr(sampleWithoutReplacement(k, 5, { population: 1000 }))).toEqual([456, 731, 865, 319, 333]);
    // … else the first k of the permutation
    expect(arr(sampleWithoutReplacement(k, 100, { population: 1000 }).subarray(0, 5))).toEqual([4, 66, 662, 803, 834]);
    expect(arr(sampleWithoutReplacement(k, 4, { weights: [1, 0, 2, 3, 0.5, 4, 1e-3] }))).toEqual([3, 2, 5, 0]);
    expect(shuffle(k, ['a', 'b', 'c', 'd', 'e'])).toEqual(['e', 'c', 'a', 'b', 'd']);
  });

  it('XORWOW (cuRAND curand() and curand_uniform())', () => {
    const x = new Xorwow(1234n, { subsequence: 3, offset: 10 });
    expect(Array.from({ length: 5 }, () => x.next())).toEqual([0x67e8c6b1, 0x962bc824, 0x5349ec6c, 0x6067fd7c, 0x5642cdab]);
    expect(arr(new Xorwow(0).fill(new Uint32Array(4)))).toEqual([0xbd7f03b6, 0x703e556d, 0x845af0c5, 0x283067fd]);
    expect(arr(new Xorwow(0).uniform(3))).toEqual([0.7402193546295166, 0.4384511411190033, 0.5170126557350159]);
  });

  it('Sobol (plain, keyed lms/shift, normal, Sobol64 float32) and the MRG32k3a bulk fill', () => {
    expect(arr(sobol(3, { dims: 2, offset: 5 }))).toEqual([0.875, 0.875, 0.625, 0.12500000000000006, 0.12500000000000006, 0.625]);
    expect(arr(sobol(3, { dims: 2, dtype: 'uint32', key: k }))).toEqual([0x7f2d443a, 0xbdab1888, 0x8ca4be06, 0x7bd7158e, 0xd11d8ecc, 0xe695a903]);
    expect(arr(sobol(2, { dims: 2, transform: 'normal', key: k, scramble: 'shift', layout: 'dimensions' })))
      .toEqual([0.00806024511228869, -2.7249524153608444, -0.6460977232859496, 0.7034362373211518]);
    expect(arr(sobol(2, { dims: 2, dtype: 'float32', offset: 2 ** 33, bits: 64 }))).toEqual([1.1641532182693481e-10, 0.25, 0.5, 0.75]);
    expect(arr(mrg32k3aFill(12345, 3, { subsequence: 2, offset: 10 }))).toEqual([0x5aa43f19, 0x907940a0, 0x746c3be7]);
    expect(arr(mrg32k3aFill(12345, 2, { dtype: 'float64' }))).toEqual([0.7166541511613684, 0.14695721508796747]);
  });
});
