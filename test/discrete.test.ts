/**
 * integers, bernoulli and geometric (docs/streams.md, "Bounded integers", "Bernoulli", "Geometric") beyond what the
 * registry's table-driven tests (test/samplers.test.ts) give every sampler: χ² against exact pmfs for small and
 * large parameters (ranges just above 2^31, near 2^32, wide ranges up to 2^53; p near 0 and 1), the
 * documented identities, values independent of the dtype, the dtype rules, bad input for every
 * parameter with nothing written, async = sync through the worker pool, and the C++ vectors.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import geometricPmf from '@stdlib/stats-base-dists-geometric-pmf';
import bernoulliPmf from '@stdlib/stats-base-dists-bernoulli-pmf';
import discreteUniformPmf from '@stdlib/stats-base-dists-discrete-uniform-pmf';
import {
  DeviceArray, bernoulli, bernoulliAsync, exponential, geometric, geometricAsync, integers, integersAsync, key,
  shutdownPool, uniform,
} from '../lib/index.js';
import { integersKernel, mulHi32 } from '../lib/kernels/integers.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { CTORS } from '../lib/core/types.js';
import { bernoulliWasm, geometricWasm, integersWasm, samplersWasmAvailable } from '../lib/wasm/samplers.js';
import { NATIVE_CPU_MIN, bernoulliNative, integersNative, nativeCpuInfo } from '../lib/native/cpu.js';
// dist: the pool's workers load dist/lib/backend/cpu/worker.js
import * as built from '../dist/lib/index.js';

afterAll(async () => {
  await shutdownPool();
  await built.shutdownPool();
});

const k = key(0x19d15c);
/** Per-test significance: fixed seeds, so this only has to make a real defect fail. */
const P_MIN = 1e-4;

/**
 * χ² goodness-of-fit p-value of counts against cell probabilities (summing to 1); cells with an
 * expected count below 5 are merged with their neighbours first.
 */
function chiSquareP(counts: ArrayLike<number>, probs: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  const cells: [number, number][] = [];
  let o = 0, e = 0;
  for (let i = 0; i < counts.length; i++) {
    o += counts[i];
    e += probs[i] * total;
    if (e >= 5) {
      cells.push([o, e]);
      o = 0;
      e = 0;
    }
  }
  if (e > 0 || o > 0) {
    if (cells.length) {
      cells[cells.length - 1][0] += o;
      cells[cells.length - 1][1] += e;
    } else {
      cells.push([o, e]);
    }
  }
  if (cells.length < 2) return 1;
  let x2 = 0;
  for (const [oc, ec] of cells) x2 += (oc - ec) ** 2 / ec;
  return 1 - chisquareCdf(x2, cells.length - 1);
}

/** Counts of integer values v in [low, low + cells). */
function histogram(xs: ArrayLike<number>, low: number, cells: number): Float64Array {
  const c = new Float64Array(cells);
  let bad = -1;
  for (let i = 0; i < xs.length; i++) {
    const j = xs[i] - low;
    if (Number.isInteger(j) && j >= 0 && j < cells) c[j]++;
    else bad = i;
  }
  expect(bad, bad >= 0 ? `value ${xs[bad]} outside [${low}, ${low + cells})` : '').toBe(-1);
  return c;
}

/**
 * B bins of [low, high) by ⌊(v − low)·B / r⌋, with their exact probabilities. Doubles are exact here
 * for r ≤ 2^32 and B ≤ 1000 (d·B < 2^42, and a quotient within 2^-32 of an integer cannot round onto
 * it); wider ranges take BigInt.
 */
function binned(xs: ArrayLike<number>, low: number, high: number, B: number): { counts: Float64Array; probs: Float64Array } {
  const r = BigInt(high) - BigInt(low);
  const counts = new Float64Array(B);
  let bad = -1;
  const narrow = r <= 2n ** 32n;
  const rn = Number(r);
  for (let i = 0; i < xs.length; i++) {
    if (narrow) {
      const d = xs[i] - low;
      if (Number.isInteger(d) && d >= 0 && d < rn) counts[Math.floor((d * B) / rn)]++;
      else bad = i;
    } else {
      const d = BigInt(xs[i]) - BigInt(low);
      if (d >= 0n && d < r) counts[Number((d * BigInt(B)) / r)]++;
      else bad = i;
    }
  }
  expect(bad, bad >= 0 ? `value ${xs[bad]} outside [${low}, ${high})` : '').toBe(-1);
  // bin b holds the k with ⌊k·B/r⌋ = b: k in [⌈b·r/B⌉, ⌈(b+1)·r/B⌉)
  const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
  const probs = Float64Array.from({ length: B }, (_, b) =>
    Number(ceilDiv(BigInt(b + 1) * r, BigInt(B)) - ceilDiv(BigInt(b) * r, BigInt(B))) / Number(r));
  return { counts, probs };
}

/** χ² p-value of the low byte of integer values (exact: % of a safe integer is exact). */
function lowByteP(xs: ArrayLike<number>): number {
  const c = new Float64Array(256);
  for (let i = 0; i < xs.length; i++) c[((xs[i] % 256) + 256) % 256]++;
  return chiSquareP(c, new Float64Array(256).fill(1 / 256));
}

describe('integers: exact pmf', () => {
  it('small and non-power-of-two ranges against the discrete uniform pmf (int32, uint32, float64)', () => {
    for (const [low, high] of [[0, 2], [0, 10], [-3, 4], [5, 5 + 37], [-500, 500]] as const) {
      for (const dtype of ['int32', 'uint32', 'float64'] as const) {
        if (dtype === 'uint32' && low < 0) continue;
        const xs = integers(k, 200_000, { low, high, dtype, offset: 77 });
        const r = high - low;
        const probs = Float64Array.from({ length: r }, (_, j) => discreteUniformPmf(low + j, low, high - 1));
        expect(chiSquareP(histogram(xs, low, r), probs), `[${low}, ${high}) ${dtype}`).toBeGreaterThan(P_MIN);
      }
    }
  });

  it('ranges where a modulo or a float map would be biased: 3·2^30, just above 2^31, near 2^32 (binned exactly)', () => {
    for (const [low, high, dtype] of [
      [0, 3 * 2 ** 30, 'uint32'], [0, 2 ** 31 + 1, 'uint32'], [-(2 ** 31), 2 ** 31, 'int32'], [1, 2 ** 32, 'uint32'],
      [0, 2 ** 32, 'float64'], [-(2 ** 31), 2 ** 31 - 7, 'int32'],
    ] as const) {
      const xs = integers(k, 200_000, { low, high, dtype, offset: 2 ** 33 });
      for (const B of [3, 64, 1000]) {
        const { counts, probs } = binned(xs, low, high, B);
        expect(chiSquareP(counts, probs), `[${low}, ${high}) ${B} bins`).toBeGreaterThan(P_MIN);
      }
      // the low bits too (a multiply-only map would leave them structured)
      expect(lowByteP(xs), `[${low}, ${high}) low byte`).toBeGreaterThan(P_MIN);
    }
  });

  it('wide float64 ranges up to 2^53 (two-word proposals), binned exactly, low bits included', () => {
    for (const [low, high] of [[0, 2 ** 32 + 1], [-1, 3 * 2 ** 40 + 6], [-(2 ** 52), 2 ** 52], [-(2 ** 53 - 1), 1], [10 ** 15, 2 ** 53 - 1]] as const) {
      const xs = integers(k, 100_000, { low, high, dtype: 'float64' });
      const { counts, probs } = binned(xs, low, high, 97);
      expect(chiSquareP(counts, probs), `[${low}, ${high})`).toBeGreaterThan(P_MIN);
      expect(lowByteP(xs), `[${low}, ${high}) low byte`).toBeGreaterThan(P_MIN);
    }
  });

  it('the χ² check can fail: a modulo-biased map of the same words is refused', () => {
    // what x mod r would give for r = 3·2^30: values below 2^30 twice as likely
    const r = 3 * 2 ** 30;
    const biased = Float64Array.from(integers(k, 300_000, { high: 2 ** 32, dtype: 'float64' }), (x) => x % r);
    const { counts, probs } = binned(biased, 0, r, 3);
    expect(chiSquareP(counts, probs)).toBeLessThan(1e-10);
  });

  it('values do not depend on the dtype; single-value ranges and the extremes of each dtype', () => {
    for (const [low, high] of [[0, 10], [0, 2 ** 31], [0, 2 ** 32 - 5]] as const) {
      const i = integers(k, 1000, { low, high, dtype: 'float64' });
      if (high <= 2 ** 31) expect(Array.from(integers(k, 1000, { low, high }))).toEqual(Array.from(i));
      expect(Array.from(integers(k, 1000, { low, high, dtype: 'uint32' }))).toEqual(Array.from(i));
    }
    expect(Array.from(integers(k, 50, { low: -7, high: -6 }))).toEqual(new Array(50).fill(-7));
    expect(Array.from(integers(k, 5, { low: 2 ** 53 - 2, high: 2 ** 53 - 1, dtype: 'float64' }))).toEqual(new Array(5).fill(2 ** 53 - 2));
    const ext = integers(k, 100_000, { low: -(2 ** 31), high: 2 ** 31 });
    expect(Math.min(...ext)).toBeLessThan(-(2 ** 31) + 2 ** 20);
    expect(Math.max(...ext)).toBeGreaterThan(2 ** 31 - 2 ** 20);
  });

  it('mulHi32 is the exact high word, and every arithmetic path of the kernel agrees with BigInt', () => {
    let x = 0x9e3779b9;
    for (let i = 0; i < 2000; i++) {
      x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i) >>> 0;
      const y = (Math.imul(x, 0x297a2d39) ^ (x >>> 7)) >>> 0;
      expect(mulHi32(x, y)).toBe(Number((BigInt(x) * BigInt(y)) >> 32n));
    }
    // a reference of the kernel's definition in BigInt (docs/streams.md, "Bounded integers"), proposal 0 only
    for (const [low, high] of [[0, 7], [0, 2 ** 21], [3, 2 ** 21 + 10], [0, 2 ** 32], [0, 2 ** 32 + 3], [-5, 2 ** 53 - 5]] as const) {
      const out = new Float64Array(64);
      integersKernel(k[0], k[1], 0, 0, low, high, out);
      const r = BigInt(high) - BigInt(low);
      const wide = r > 2n ** 32n;
      const words = rawPlane(wide ? 128 : 64);
      for (let e = 0; e < 64; e++) {
        const xw = wide ? (BigInt(words[2 * e]) << 32n) | BigInt(words[2 * e + 1]) : BigInt(words[e]);
        const m = xw * r;
        const bits = wide ? 64n : 32n;
        const accepted = (m & ((1n << bits) - 1n)) >= (1n << bits) % r;
        if (accepted) expect(out[e], `[${low}, ${high}) element ${e}`).toBe(low + Number(m >> bits));
      }
    }
  });
});

describe('the WebAssembly fast paths equal the specification', () => {
  // the WebAssembly kernels (native: false) and, where the addon offers them, the host SIMD kernels
  const paths = [['WebAssembly', { fast: true, native: false }], ['host SIMD', { fast: true, native: true }]] as const;
  for (const [path, cpuPath] of paths) {
    it.skipIf(path === 'host SIMD' && !nativeCpuInfo().simd)(`${path}: bernoulli and geometric (scalar p at the edges of their domains), every dtype, offsets and sizes across chunks`, () => {
      const probe = { k0: 1, k1: 2, lo: 0, hi: 0, params: { p: 0.5 }, perElement: {}, out: new Uint8Array(64) };
      expect(path === 'WebAssembly' ? bernoulliWasm(probe) : bernoulliNative(probe)).toBe(true);
      expect(geometricWasm({ k0: 1, k1: 2, lo: 0, hi: 0, params: { p: 0.5 }, perElement: {}, out: new Int32Array(64) })).toBe(true);
      const cases = [
        ['bernoulli', [0, 5e-324, 2 ** -53, 0.3, 0.5, 1 - 2 ** -53, 1], ['uint8', 'int32', 'uint32', 'float32', 'float64']],
        ['geometric', [2 ** -25, 1e-3, 0.3, 0.5, 1 - 2 ** -53, 1], ['int32', 'uint32', 'float64']],
        ['geometric', [2 ** -47, 1e-12], ['float64']],
      ] as const;
      for (const [name, ps, dtypes] of cases) {
        for (const p of ps) {
          for (const dtype of dtypes) {
            for (const n of [16, 33, 64, 65, 65539]) {
              for (const [lo, hi] of [[0, 0], [3, 0], [0xffffffff, 1], [0xfffe0003, 0x7fffffff]]) {
                const run = (fast: boolean) => {
                  const out = new CTORS[dtype](n);
                  runKernel(`${name}_${dtype}`, { k0: k[0], k1: k[1], lo, hi, params: { p }, perElement: {}, out }, fast ? cpuPath : { fast: false });
                  return out;
                };
                const a = run(true), b = run(false);
                let first = -1;
                for (let i = 0; i < n && first < 0; i++) if (!Object.is(a[i], b[i])) first = i;
                expect(first, `${name} p ${p} ${dtype} n ${n} first ${hi}:${lo}: ${a[first]} vs ${b[first]}`).toBe(-1);
              }
            }
          }
        }
      }
    });
  }

  for (const [path, cpuPath] of paths) {
    it.skipIf(path === 'host SIMD' && !nativeCpuInfo().simd)(`${path}: narrow (high rejection, r = 2^32, powers of two) and wide ranges, every dtype, offsets and sizes across chunks`, () => {
      expect(samplersWasmAvailable()).toBe(true);
      const probe = { k0: 1, k1: 2, lo: 0, hi: 0, params: { low: 0, high: 9 }, perElement: {}, out: new Int32Array(64) };
      expect(path === 'WebAssembly' ? integersWasm(probe) : integersNative(probe)).toBe(true);
      const ranges: [number, number][] = [
        [0, 3], [-9, 1_000_000], [0, 2 ** 31 + 1], [5, 3 * 2 ** 30 + 5], [0, 2 ** 32], [-(2 ** 31), 2 ** 31], [0, 2 ** 16],
        [0, 2 ** 32 + 1], [-(2 ** 52), 2 ** 52], [-7, 2 ** 53 - 7],
        // r = ⌊2^64/2049⌋ + 1: 2^64 mod r is nearly r, so about one wide proposal in 2049 is rejected
        [0, WIDE_REJECTING], [-(2 ** 52), WIDE_REJECTING - 2 ** 52],
      ];
      for (const [low, high] of ranges) {
        const dtypes = (['int32', 'uint32', 'float64'] as const).filter((d) =>
          d === 'float64' || (d === 'int32' ? low >= -(2 ** 31) && high <= 2 ** 31 : low >= 0 && high <= 2 ** 32));
        for (const dtype of dtypes) {
          for (const n of [16, 17, 63, 64, 65, 4099, 8195, 16411]) {
            for (const [lo, hi] of [[0, 0], [3, 0], [0xfffffffd, 1], [6, 0x40000000], [0xffff0003, 0x7fffffff]]) {
              const run = (fast: boolean) => {
                const out = new CTORS[dtype](n);
                runKernel(`integers_${dtype}`, { k0: k[0], k1: k[1], lo, hi, params: { low, high }, perElement: {}, out }, fast ? cpuPath : { fast: false });
                return out;
              };
              const a = run(true), b = run(false);
              let first = -1;
              for (let i = 0; i < n && first < 0; i++) if (a[i] !== b[i]) first = i;
              expect(first, `[${low}, ${high}) ${dtype} n ${n} first ${hi}:${lo}: element ${first} ${a[first]} vs ${b[first]}`).toBe(-1);
            }
          }
        }
      }
    });
  }

  it.skipIf(!nativeCpuInfo().simd)('host SIMD: outputs that are SharedArrayBuffer views at an offset, short calls (declined), per-element p', () => {
    for (const C of [Uint8Array, Int32Array, Float32Array] as const) {
      const n = 1000;
      const sab = new C(new SharedArrayBuffer((n + 9) * C.BYTES_PER_ELEMENT)).subarray(5, 5 + n);
      const want = new C(n);
      runKernel(`bernoulli_${C === Uint8Array ? 'uint8' : C === Int32Array ? 'int32' : 'float32'}`, { k0: k[0], k1: k[1], lo: 11, hi: 0, params: { p: 0.3 }, perElement: {}, out: want }, { fast: false });
      expect(bernoulliNative({ k0: k[0], k1: k[1], lo: 11, hi: 0, params: { p: 0.3 }, perElement: {}, out: sab })).toBe(true);
      expect(Array.from(sab)).toEqual(Array.from(want));
      expect(new C(sab.buffer)[4]).toBe(0);
      expect(new C(sab.buffer)[5 + n]).toBe(0);
    }
    // p per element (float32 or float64, a SharedArrayBuffer view too), partial groups at both ends
    for (const P of [Float32Array, Float64Array] as const) {
      for (const [lo, n] of [[3, 100], [0xffffffc5, 1003]] as const) {
        const pe = new P(new SharedArrayBuffer((n + 4) * P.BYTES_PER_ELEMENT)).subarray(2, 2 + n);
        for (let i = 0; i < n; i++) pe[i] = i % 7 === 0 ? [0, 1, 5e-324, 0.5][i % 4] : ((i * 7919) % 1000) / 1000;
        const want = new Uint8Array(n), got = new Uint8Array(n);
        runKernel('bernoulli_uint8', { k0: k[0], k1: k[1], lo, hi: 2, params: {}, perElement: { p: pe }, out: want }, { fast: false });
        expect(bernoulliNative({ k0: k[0], k1: k[1], lo, hi: 2, params: {}, perElement: { p: pe }, out: got })).toBe(true);
        expect(Array.from(got)).toEqual(Array.from(want));
      }
    }
    for (const [C, low, high] of [[Int32Array, -3, 1e6], [Uint32Array, 3, 2 ** 31 + 4], [Float64Array, -3, 2 ** 40]] as const) {
      const n = 1000;
      const sab = new C(new SharedArrayBuffer((n + 9) * C.BYTES_PER_ELEMENT)).subarray(5, 5 + n);
      const want = new C(n);
      integersKernel(k[0], k[1], 11, 0, low, high, want);
      expect(integersNative({ k0: k[0], k1: k[1], lo: 11, hi: 0, params: { low, high }, perElement: {}, out: sab })).toBe(true);
      expect(Array.from(sab)).toEqual(Array.from(want));
      expect(new C(sab.buffer)[4]).toBe(0);  // nothing written before or after the view
      expect(new C(sab.buffer)[5 + n]).toBe(0);
    }
    const short = new Int32Array(NATIVE_CPU_MIN - 1);
    expect(integersNative({ k0: 1, k1: 2, lo: 0, hi: 0, params: { low: 0, high: 9 }, perElement: {}, out: short })).toBe(false);
    expect(short.every((v) => v === 0)).toBe(true);
  });
});

/** A wide range (> 2^32) whose Lemire threshold 2^64 mod r is close to r: the most rejecting below 2^53. */
const WIDE_REJECTING = Number(2n ** 64n / 2049n + 1n);

/** Words 0 … count−1 of the tag-7 plane under k (proposal 0 of every element). */
function rawPlane(count: number): Uint32Array {
  // integers over [0, 2^32) with float64 output: r = 2^32 never rejects and its value is the word itself
  return Uint32Array.from(integers(k, count, { high: 2 ** 32, dtype: 'float64' }));
}

describe('bernoulli', () => {
  it('matches the Bernoulli pmf for p near 0, near 1 and in between; p = 0 and p = 1 are exact', () => {
    for (const [p, n] of [[1e-5, 1 << 21], [1e-3, 1 << 20], [0.3, 1 << 18], [0.5, 1 << 18], [0.999, 1 << 20], [1 - 1e-5, 1 << 21]] as const) {
      const xs = bernoulli(k, n, { p, offset: 5 });
      let ones = 0;
      for (const x of xs) ones += x;
      expect(chiSquareP([n - ones, ones], [bernoulliPmf(0, p), bernoulliPmf(1, p)]), `p = ${p}`).toBeGreaterThan(P_MIN);
    }
    expect(bernoulli(k, 100_000, { p: 0 }).every((x) => x === 0)).toBe(true);
    expect(bernoulli(k, 100_000, { p: 1 }).every((x) => x === 1)).toBe(true);
  });

  it('is exactly uniform(key)[i] < p, in every dtype (float32 p widened exactly)', () => {
    const u = uniform(k, 5000, { offset: 123 });
    for (const p of [0, 2 ** -53, 0.25, 0.7, 1 - 2 ** -53, 1]) {
      const want = Array.from(u, (x) => (x < p ? 1 : 0));
      for (const dtype of ['uint8', 'int32', 'uint32', 'float32', 'float64'] as const) {
        expect(Array.from(bernoulli(k, 5000, { p, dtype, offset: 123 })), `p ${p} ${dtype}`).toEqual(want);
      }
    }
    const pe = Float32Array.from({ length: 5000 }, (_, i) => (i % 10) / 9);
    expect(Array.from(bernoulli(k, 5000, { p: pe, offset: 123 }))).toEqual(Array.from(u, (x, i) => (x < pe[i] ? 1 : 0)));
  });

  it('per-element p: each group has its own Bernoulli distribution', () => {
    const n = 1 << 18;
    const ps = [0.01, 0.5, 0.9];
    const pe = Float64Array.from({ length: n }, (_, i) => ps[i % 3]);
    const xs = bernoulli(k, n, { p: pe, dtype: 'int32' });
    for (let g = 0; g < 3; g++) {
      let ones = 0, m = 0;
      for (let i = g; i < n; i += 3, m++) ones += xs[i];
      expect(chiSquareP([m - ones, ones], [1 - ps[g], ps[g]]), `p = ${ps[g]}`).toBeGreaterThan(P_MIN);
    }
  });
});

describe('geometric', () => {
  /** χ² of draws against numpy's geometric (stdlib's counts failures: value − 1). */
  function check(xs: ArrayLike<number>, p: number, what: string): void {
    let max = 0, bad = -1;
    for (let i = 0; i < xs.length; i++) {
      if (!(Number.isInteger(xs[i]) && xs[i] >= 1)) bad = i;
      if (xs[i] > max) max = xs[i];
    }
    expect(bad, `${what}: value ${xs[bad]}`).toBe(-1);
    if (p >= 1e-3) {
      const cells = Math.min(max, 2000);
      const counts = new Float64Array(cells + 1);
      for (let i = 0; i < xs.length; i++) counts[Math.min(xs[i], cells + 1) - 1]++;
      const probs = Float64Array.from({ length: cells + 1 }, (_, j) => (j < cells ? geometricPmf(j, p) : (1 - p) ** cells));
      expect(chiSquareP(counts, probs), what).toBeGreaterThan(P_MIN);
      return;
    }
    // tiny p: 100 cells of equal probability by the exact CDF, P(X ≤ x) = 1 − (1 − p)^x
    const B = 100;
    const L = Math.log1p(-p);
    const counts = new Float64Array(B);
    const probs = new Float64Array(B);
    const cdf = (x: number) => -Math.expm1(x * L);
    const edges = Array.from({ length: B + 1 }, (_, b) => (b === B ? Infinity : Math.floor(Math.log1p(-b / B) / L)));
    for (let b = 0; b < B; b++) probs[b] = (b === B - 1 ? 1 : cdf(edges[b + 1])) - cdf(edges[b]);
    for (let i = 0; i < xs.length; i++) {
      let lo = 0, hi = B - 1;  // the bin b with edges[b] < x ≤ edges[b + 1]
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (xs[i] > edges[mid]) lo = mid;
        else hi = mid - 1;
      }
      counts[lo]++;
    }
    expect(chiSquareP(counts, probs), what).toBeGreaterThan(P_MIN);
  }

  it('matches numpy\'s geometric pmf for p near 1, moderate and tiny (each dtype\'s floor), every dtype', () => {
    for (const [p, dtype] of [
      [0.999, 'int32'], [0.9, 'int32'], [0.5, 'uint32'], [0.3, 'float64'], [0.01, 'int32'], [1e-3, 'int32'],
      [2 ** -25, 'int32'], [2 ** -26, 'uint32'], [2 ** -47, 'float64'], [1e-9, 'float64'],
    ] as const) {
      check(geometric(k, 200_000, { p, dtype, offset: 9 }), p, `p = ${p} ${dtype}`);
    }
    expect(geometric(k, 100_000, { p: 1 }).every((x) => x === 1)).toBe(true);
  });

  it('never exceeds the dtype at its floor: the largest value the stream can give is below 2^31 − 1', () => {
    // v = 2^-53 (k53 = 0) gives the largest value: floor(log(2^-53)/log1p(−2^-25)) + 1
    expect(Math.floor(-36.7368005696771 / Math.log1p(-(2 ** -25))) + 1).toBeLessThan(2 ** 31 - 1);
    expect(Math.floor(-36.7368005696771 / Math.log1p(-(2 ** -26))) + 1).toBeLessThan(2 ** 32 - 1);
    expect(Math.floor(-36.7368005696771 / Math.log1p(-(2 ** -47))) + 1).toBeLessThan(2 ** 53);
  });

  it('is floor(log(v)/log1p(−p)) + 1 of exponential\'s uniform: floor(−exponential(key)[i]/L) + 1', () => {
    for (const p of [1, 0.75, 0.1, 2 ** -40]) {
      const e = exponential(k, 4000, { offset: 31 });
      const L = Math.log1p(-p);  // only for this check: the kernel uses lib/core/math's log1p
      const g = geometric(k, 4000, { p, dtype: 'float64', offset: 31 });
      let same = 0;
      for (let i = 0; i < e.length; i++) if (g[i] === Math.floor(-e[i] / L) + 1) same++;
      expect(same / e.length, `p = ${p}`).toBeGreaterThan(0.999);  // up to last-ulp differences of log1p
    }
  });

  it('values do not depend on the dtype; per-element p equals scalar p element by element', () => {
    const f = geometric(k, 3000, { p: 0.2, dtype: 'float64' });
    expect(Array.from(geometric(k, 3000, { p: 0.2 }))).toEqual(Array.from(f));
    expect(Array.from(geometric(k, 3000, { p: 0.2, dtype: 'uint32' }))).toEqual(Array.from(f));
    const pe = Float64Array.from({ length: 3000 }, (_, i) => [0.2, 0.9, 2 ** -20][i % 3]);
    const g = geometric(k, 3000, { p: pe, dtype: 'float64' });
    for (const [j, p] of [[0, 0.2], [1, 0.9], [2, 2 ** -20]] as const) {
      const s = geometric(k, 3000, { p, dtype: 'float64' });
      for (let i = j; i < 3000; i += 3) expect(g[i]).toBe(s[i]);
    }
  });
});

describe('dtype rules and bad input (nothing written)', () => {
  /** Runs f with an `out` prefilled with 7s and expects `err` (class and message) with out unchanged. */
  async function refuses(f: (out: Int32Array) => unknown, fa: (out: Int32Array) => Promise<unknown>, err: RegExp, Err: Function): Promise<void> {
    const out = new Int32Array(8).fill(7);
    expect(() => f(out)).toThrow(err);
    try {
      f(out);
    } catch (e) {
      expect(e).toBeInstanceOf(Err);
    }
    await expect(fa(out)).rejects.toThrow(err);
    expect(Array.from(out)).toEqual(new Array(8).fill(7));
  }

  it('integers: low/high kinds, integrality, order and each dtype\'s bounds, naming the argument and the dtype', async () => {
    const cases: [Record<string, unknown>, RegExp, Function][] = [
      [{ high: 1.5 }, /high must be an integer/, RangeError],
      [{ low: 0.5, high: 4 }, /low must be an integer/, RangeError],
      [{ high: NaN }, /high must be an integer/, RangeError],
      [{ high: Infinity }, /high must be an integer/, RangeError],
      [{ high: 2 ** 53 }, /high must be an integer in \[-\(2\^53-1\), 2\^53-1\]/, RangeError],
      [{ high: '4' }, /high must be a number/, TypeError],
      [{ low: 3, high: 3 }, /low must be less than high/, RangeError],
      [{ low: 4, high: -4 }, /low must be less than high/, RangeError],
      [{ high: 2 ** 31 + 1 }, /high must be at most 2\^31 for dtype 'int32'.*use dtype 'uint32' or 'float64'/, RangeError],
      [{ low: -(2 ** 31) - 1, high: 0 }, /low must be at least -2\^31 for dtype 'int32'/, RangeError],
      [{ low: -1, high: 4, dtype: 'uint32' }, /low must be at least 0 for dtype 'uint32'/, RangeError],
      [{ high: 2 ** 32 + 1, dtype: 'uint32' }, /high must be at most 2\^32 for dtype 'uint32'/, RangeError],
      [{ low: -(2 ** 53 - 1), high: 2, dtype: 'float64' }, /high - low must be at most 2\^53 for dtype 'float64'/, RangeError],
      [{ high: 4, dtype: 'float32' }, /dtype must be one of 'float64', 'int32', 'uint32'/, RangeError],
      [{ high: 4, endpoint: true }, /unknown option 'endpoint' \(here: high is always excluded/, TypeError],
    ];
    for (const [o, err, Err] of cases) {
      await refuses((out) => integers(k, 8, { ...o, out } as never), (out) => integersAsync(k, 8, { ...o, out } as never), err, Err);
    }
    expect(() => integers(k, 8, undefined as never)).toThrow(/integers needs options with high/);
    expect(integers(k, 3, { low: 2 ** 32 - 2, high: 2 ** 32, dtype: 'uint32' }).every((x) => x >= 2 ** 32 - 2)).toBe(true);
  });

  it('bernoulli and geometric: p out of its domain, per element and per dtype floor, naming p or p[i]', async () => {
    for (const p of [NaN, Infinity, -Infinity, -0.01, 1.01]) {
      await refuses((out) => bernoulli(k, 8, { p, dtype: 'int32', out }), (out) => bernoulliAsync(k, 8, { p, dtype: 'int32', out }), /p must be in \[0, 1\]/, RangeError);
      await refuses((out) => geometric(k, 8, { p, out }), (out) => geometricAsync(k, 8, { p, out }), /p must be in \(0, 1\]/, RangeError);
    }
    await refuses((out) => geometric(k, 8, { p: 0, out }), (out) => geometricAsync(k, 8, { p: 0, out }), /p must be in \(0, 1\]/, RangeError);
    const pe = new Float64Array(8).fill(0.5);
    pe[5] = 2 ** -26;
    await refuses((out) => geometric(k, 8, { p: pe, out }), (out) => geometricAsync(k, 8, { p: pe, out }),
      /p\[5\] must be at least 2\^-25 for dtype 'int32'/, RangeError);
    expect(() => geometric(k, 8, { p: pe, dtype: 'uint32' })).not.toThrow();
    await refuses((out) => geometric(k, 8, { p: 1e-9, out }), (out) => geometricAsync(k, 8, { p: 1e-9, out }),
      /p must be at least 2\^-25 for dtype 'int32' .*use dtype 'uint32' \(from 2\^-26\) or 'float64' \(from 2\^-47\)/, RangeError);
    expect(() => geometric(k, 8, { p: 1e-9, dtype: 'uint32' })).toThrow(/at least 2\^-26 for dtype 'uint32'/);
    expect(() => geometric(k, 8, { p: 1e-15, dtype: 'float64' })).toThrow(/at least 2\^-47 for dtype 'float64'/);
    // a DeviceArray p (CPU backend) is checked by the same per-dtype rule
    const dp = DeviceArray.from(pe, { backend: 'cpu' });
    await refuses((out) => geometric(k, 8, { p: dp, out }), (out) => geometricAsync(k, 8, { p: dp, out }), /p\[5\] must be at least 2\^-25/, RangeError);
    pe[5] = NaN;
    await refuses((out) => bernoulli(k, 8, { p: pe, dtype: 'int32', out }), (out) => bernoulliAsync(k, 8, { p: pe, dtype: 'int32', out }),
      /p\[5\] must be in \[0, 1\], got NaN/, RangeError);
    expect(() => bernoulli(k, 8, { p: new Float64Array(7) })).toThrow(/p must have length n = 8, got 7/);
    expect(() => bernoulli(k, 8, { p: new Uint8Array(8) as never })).toThrow(TypeError);
    expect(() => bernoulli(k, 8, { p: [0.5] })).toThrow(/p must have length n = 8, got 1/);
    expect(() => geometric(k, 3, { p: [0.5, 1e-9, 0.5] })).toThrow(/p\[1\] must be at least 2\^-25 for dtype 'int32'/);
    expect(Array.from(bernoulli(k, 3, { p: [0, 1, 1] }))).toEqual([0, 1, 1]);
    expect(() => bernoulli(k, 8, { p: 'x' as never })).toThrow(/p must be a number, number\[\], Float32Array, Float64Array or float DeviceArray/);
    expect(() => bernoulli(k, 8, { p: DeviceArray.from(new Int32Array(8), { backend: 'cpu' }) })).toThrow(/p must be a float32 or float64 DeviceArray, got an int32 one/);
  });

  it('`out` of the wrong type is refused naming out; an out of an allowed type implies the dtype', async () => {
    expect(() => integers(k, 4, { high: 9, out: new Uint8Array(4) as never })).toThrow(/out must be an Int32Array, got a Uint8Array/);
    expect(() => integers(k, 4, { high: 9, dtype: 'uint32', out: new Int32Array(4) as never })).toThrow(/out must be a Uint32Array, got an Int32Array/);
    await expect(integersAsync(k, 4, { high: 9, out: new Float32Array(4) as never })).rejects.toThrow(/out must be an Int32Array/);
    expect(() => bernoulli(k, 4, { p: 0.5, out: new Int32Array(3) })).toThrow(/out has length 3, needs at least 4/);
    expect(() => geometric(k, 4, { p: 0.5, out: new Uint8Array(4) as never })).toThrow(/out must be an Int32Array/);
    const u = new Uint32Array(4);
    expect(integers(k, 4, { high: 9, out: u })).toBe(u);
    const f = new Float64Array(4);
    expect(geometric(k, 4, { p: 0.5, out: f })).toBe(f);
    const b = new Float32Array(4);
    expect(bernoulli(k, 4, { p: 0.5, out: b })).toBe(b);
    const d = DeviceArray.from(new Uint8Array(4), { backend: 'cpu' });
    expect(() => integers(k, 4, { high: 9, out: d as never })).toThrow(/out must be an int32 DeviceArray, got a uint8 one/);
    expect(bernoulli(k, 4, { p: 0.5, out: d })).toBe(d);
  });
});

describe('async twins (the worker pool cuts the job; same bits)', () => {
  it('integers, bernoulli, geometric: async = sync beyond the pool threshold, every dtype', async () => {
    const { integersAsync, geometricAsync, bernoulliAsync } = built;
    const n = (1 << 17) + 13;
    for (const dtype of ['int32', 'uint32', 'float64'] as const) {
      expect(Array.from(await integersAsync(k, n, { low: 3, high: 2 ** 31 - 9, dtype, offset: 5 })))
        .toEqual(Array.from(integers(k, n, { low: 3, high: 2 ** 31 - 9, dtype, offset: 5 })));
      expect(Array.from(await geometricAsync(k, n, { p: 0.01, dtype }))).toEqual(Array.from(geometric(k, n, { p: 0.01, dtype })));
    }
    const wide = { low: -(2 ** 50), high: 2 ** 52, dtype: 'float64' } as const;
    expect(Array.from(await integersAsync(k, n, wide))).toEqual(Array.from(integers(k, n, wide)));
    const pe = Float32Array.from({ length: n }, (_, i) => (i % 17) / 16);
    for (const dtype of ['uint8', 'int32', 'uint32', 'float32', 'float64'] as const) {
      expect(Array.from(await bernoulliAsync(k, n, { p: pe, dtype }))).toEqual(Array.from(bernoulli(k, n, { p: pe, dtype })));
    }
  });
});

describe('test/vectors/discrete.json (cuda/test/test_discrete.cpp compares cr_discrete.h to it)', () => {
  it('is what the TypeScript backend computes now (scripts/gen-discrete-vectors.mjs --check)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const out = execFileSync(process.execPath, ['scripts/gen-discrete-vectors.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/is current/);
  });
});
