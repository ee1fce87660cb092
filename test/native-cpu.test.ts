/**
 * The CPU backend's native fast path (lib/native/cpu.ts → binding/cpu.cc → cuda/src/cpu_kernels.cpp):
 * where it runs and where it declines, with the machine injected — an addon that predates the kernels,
 * a CPU without AVX2, no addon, CUDA_RANDOM_NO_NATIVE_CPU — and, on this machine, that it is in use
 * whenever the addon loaded and the CPU has AVX2 (so its value tests in discrete.test.ts and
 * samplers.test.ts cannot skip silently), and that the worker pool's threads give the same bits with it.
 * Its values against the specification: test/discrete.test.ts, test/samplers.test.ts and the host
 * program cuda/test/test_cpu_kernels.cpp; the whole permutation's: test/permute-native.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bitsNative, elementNative, exponentialNative, nativeCpuInfo, nativeCpuOf, uniformNative, type CpuAddon } from '../lib/native/cpu.js';
import { elementKernel } from '../lib/kernels/element.js';
import { waldElement } from '../lib/kernels/wald.js';
import { exponentialKernel } from '../lib/kernels/gamma.js';
import { loadNative } from '../lib/native/load.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { integersKernel } from '../lib/kernels/integers.js';
import { rawBits, uniform32, uniform64 } from '../lib/kernels/raw.js';
// dist: the pool's workers load dist/lib/backend/cpu/worker.js
import * as built from '../dist/lib/index.js';
import { runPooled } from '../dist/lib/backend/cpu/pool.js';

afterAll(() => built.shutdownPool());

/** The best instruction set of the host kernels the CPU reports (Linux; elsewhere unknown: null). */
function cpuSimd(): 'avx512' | 'avx2' | '' | null {
  let flags: string;
  try {
    flags = /^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '';
  } catch {
    return null;
  }
  const has = (f: string) => new RegExp(`\\b${f}\\b`).test(flags);
  return has('avx512f') && has('avx512dq') ? 'avx512' : has('avx2') ? 'avx2' : '';
}

const stand = (over: Partial<CpuAddon> & Record<string, unknown>) => ({
  cpuSimd: () => 'avx2', cpuSimdCpu: () => 'avx2', cpuIntegers: () => true, cpuBernoulli: () => true, cpuBits: () => true, cpuUniform: () => true,
  cpuExponential: () => true, cpuTransform: () => true, cpuElement: () => true, cpuGamma: () => true,
  cpuGammaDraws: () => true, cpuNormal: () => true,
  cpuDirichlet: () => true, cpuGeometric: () => true, cpuPoisson: () => true, cpuBinomial: () => true,
  cpuNegativeBinomial: () => true, cpuMultinomial: () => true, cpuNormalZ: () => true, cpuPermutation: () => true, cpuPermutationPart: () => true, ...over,
});

describe('nativeCpuOf (the machine injected)', () => {
  it('declines, saying why, for no addon, an addon without the kernels, a CPU without AVX2, and the opt-out', () => {
    expect(nativeCpuOf(null, 'no native addon is installed: …', false)).toEqual({ addon: null, reason: 'no native addon is installed: …' });
    const old = nativeCpuOf({ bits: () => undefined }, null, false);
    expect(old.addon).toBeNull();
    expect(old.reason).toMatch(/predates its CPU kernels/);
    expect(nativeCpuOf(stand({ cpuIntegers: undefined as never }), null, false).reason).toMatch(/predates/);
    const noAvx = nativeCpuOf(stand({ cpuSimd: () => '', cpuSimdCpu: () => '' }), null, false);
    expect(noAvx.addon).toBeNull();
    expect(noAvx.reason).toMatch(/lacks AVX2/);
    // a CPU with AVX2 whose kernels failed their known-answer self-test (a build that fuses multiply-adds)
    const inexact = nativeCpuOf(stand({ cpuSimd: () => '', cpuSimdCpu: () => 'avx512' }), null, false);
    expect(inexact.addon).toBeNull();
    expect(inexact.reason).toMatch(/failed their self-test on this CPU \(avx512\)/);
    expect(nativeCpuOf(stand({}), null, true)).toEqual({ addon: null, reason: 'disabled by CUDA_RANDOM_NO_NATIVE_CPU' });
    const ok = nativeCpuOf(stand({}), null, false);
    expect(ok.addon).not.toBeNull();
    expect(ok.reason).toBe('avx2');
  });
});

describe('on this machine', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('the host kernels run wherever the addon loaded and the CPU has AVX2, with AVX-512 where it has that', () => {
    const info = nativeCpuInfo();
    const simd = cpuSimd();
    if (loadNative().addon && simd) {
      expect(info).toEqual({ simd, reason: `host SIMD kernels (${simd}) in the native addon` });
    } else {
      expect(info.simd).toBeNull();
      expect(info.reason.length).toBeGreaterThan(10);
    }
  });

  it.skipIf(!nativeCpuInfo().simd)('the binding refuses bad arguments (integers, bernoulli) with TypeError/RangeError and writes nothing', () => {
    const a = loadNative().addon as CpuAddon;
    const out = new Int32Array(100).fill(7);
    const call = (...args: unknown[]) => () => (a.cpuIntegers as (...x: unknown[]) => boolean)(...args);
    expect(call(1, 2, 0, 0, 5, 5, out)).toThrow(RangeError);  // empty range
    expect(call(1, 2, 0, 0, 0, 2 ** 32, out)).toThrow(RangeError);  // too wide for int32
    expect(call(1, 2, 0, 0, 0.5, 9, out)).toThrow(RangeError);  // not an integer
    expect(call(1, 2, 0, 0, 0, 2 ** 53, new Float64Array(4))).toThrow(RangeError);  // not a safe integer
    expect(call(1, 2, 0, 0, 0, 9, new Float32Array(100))).toThrow(TypeError);
    expect(call(1, 2, 0, 0, 0, 9, [1, 2, 3])).toThrow(TypeError);
    expect(call(-1, 2, 0, 0, 0, 9, out)).toThrow(RangeError);  // k0
    expect(call('1', 2, 0, 0, 0, 9, out)).toThrow(TypeError);
    expect(out.every((v) => v === 7)).toBe(true);
    expect(call(1, 2, 0, 0, -3, 9, out)()).toBe(true);
    expect(out.every((v) => v >= -3 && v < 9)).toBe(true);
    const bytes = new Uint8Array(100).fill(7);
    const bern = (...args: unknown[]) => () => (a.cpuBernoulli as (...x: unknown[]) => boolean)(...args);
    for (const p of [-0.1, 1.5, NaN, Infinity]) expect(bern(1, 2, 0, 0, p, bytes)).toThrow(RangeError);
    expect(bern(1, 2, 0, 0, '0.5', bytes)).toThrow(TypeError);
    expect(bern(1, 2, 0, 0, 0.5, new Int16Array(100))).toThrow(TypeError);
    expect(bern(1, 2, 0, 0, 0.5, new BigInt64Array(100))).toThrow(TypeError);
    expect(bern(1, 2, 0, 0, new Float64Array(99), bytes)).toThrow(RangeError);  // fewer p values than out
    expect(bern(1, 2, 0, 0, new Int32Array(100), bytes)).toThrow(TypeError);
    expect(bytes.every((v) => v === 7)).toBe(true);
    expect(bern(1, 2, 0, 0, 0.5, bytes)()).toBe(true);
    expect(bytes.every((v) => v === 0 || v === 1)).toBe(true);
  });

  it.skipIf(!nativeCpuInfo().simd)('Wald: the specification\'s bits for ordinary, extreme and cross-parameter rows, starts across carries, both types; von Mises and per-element rows decline', () => {
    const WALD = 1, VON_MISES = 0;
    const rows = [[1, 2], [1.5, 0.25], [3e-300, 1e300], [1e300, 1e-300], [1.7976931348623157e308, 1e-5], [5e-324, 7], [1e6, 3]];
    for (const [lo, hi] of [[0, 0], [0xfffffff3, 7], [0xfffe0001, 0x7fffffff]]) {
      for (const n of [64, 255, 257, 1000]) {
        for (const r of rows) {
          const p = new Float64Array(r);
          for (const C of [Float64Array, Float32Array]) {
            const want = new C(n), got = new C(new SharedArrayBuffer(8 * (n + 4))).subarray(2, 2 + n);
            elementKernel(11, 12, lo, hi, waldElement, p, want);
            expect(elementNative(WALD)({ k0: 11, k1: 12, lo, hi, params: { p }, perElement: {}, out: got })).toBe(true);
            let first = -1;
            for (let i = 0; i < n && first < 0; i++) if (!Object.is(got[i], want[i])) first = i;
            expect(first, `wald (${r}) ${C.name} ${hi}:${lo} n ${n}: element ${first}`).toBe(-1);
          }
        }
      }
    }
    const out = new Float64Array(100).fill(7);
    const p5 = new Float64Array(5).fill(1);
    expect(elementNative(VON_MISES)({ k0: 1, k1: 2, lo: 0, hi: 0, params: { p: p5 }, perElement: {}, out })).toBe(false);
    const col = new Float64Array(100).fill(1);
    expect(elementNative(WALD)({ k0: 1, k1: 2, lo: 0, hi: 0, params: { p: new Float64Array(2) }, perElement: { p0: col, p1: col }, out })).toBe(false);
    const a = loadNative().addon as CpuAddon;
    const call = (...args: unknown[]) => () => (a.cpuElement as (...x: unknown[]) => boolean)(...args);
    for (const r of [[0, 1], [1, -1], [NaN, 1], [1, Infinity]]) expect(call(1, 2, 0, 0, WALD, new Float64Array(r), out)).toThrow(RangeError);
    expect(call(1, 2, 0, 0, WALD, new Float64Array(1), out)).toThrow(RangeError);
    expect(call(1, 2, 0, 0, WALD, [1, 2], out)).toThrow(TypeError);
    expect(call(1, 2, 0, 0, WALD, new Float64Array([1, 2]), new Int32Array(100))).toThrow(TypeError);
    expect(out.every((v) => v === 7)).toBe(true);
  });

  it.skipIf(!nativeCpuInfo().simd)('bits, uniform and exponential: the specification\'s bits for unit, negative, huge and subnormal ranges, starts across carries, SharedArrayBuffer views', () => {
    const same = (x: ArrayLike<number>, y: ArrayLike<number>, what: string) => {
      let first = -1;
      for (let i = 0; i < x.length && first < 0; i++) if (!Object.is(x[i], y[i])) first = i;
      expect(first, `${what}: element ${first}: ${x[first]} vs ${y[first]}`).toBe(-1);
    };
    const shared = <T extends Uint32Array | Float32Array | Float64Array>(C: new (b: SharedArrayBuffer) => T, n: number): T =>
      new C(new SharedArrayBuffer((n + 7) * (C as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT)).subarray(3, 3 + n) as T;
    for (const [lo, hi] of [[0, 0], [5, 0], [0xfffffff3, 7], [0xfffe0001, 0x7fffffff]]) {
      for (const n of [64, 65, 127, 1000, 4099]) {
        const want = new Uint32Array(n), got = shared(Uint32Array, n);
        rawBits(9, 10, lo, hi, want);
        expect(bitsNative({ k0: 9, k1: 10, lo, hi, params: {}, perElement: {}, out: got })).toBe(true);
        same(got, want, `bits ${hi}:${lo} n ${n}`);
        for (const [low, high] of [[0, 1], [-1, 1], [0.1, 0.7], [-3e300, 1e300], [5e-324, 1e-323], [1e15, 1e15 + 3]]) {
          const w64 = new Float64Array(n), g64 = shared(Float64Array, n);
          uniform64(9, 10, lo, hi, low, high, w64);
          expect(uniformNative({ k0: 9, k1: 10, lo, hi, params: { low, high }, perElement: {}, out: g64 })).toBe(true);
          same(g64, w64, `uniform64 [${low}, ${high}) ${hi}:${lo} n ${n}`);
          const w32 = new Float32Array(n), g32 = shared(Float32Array, n);
          uniform32(9, 10, lo, hi, low, high, w32);
          expect(uniformNative({ k0: 9, k1: 10, lo, hi, params: { low, high }, perElement: {}, out: g32 })).toBe(true);
          same(g32, w32, `uniform32 [${low}, ${high}) ${hi}:${lo} n ${n}`);
        }
        for (const rate of [1, 1e-300, 1e300]) {
          for (const wide of [true, false]) {
            const want = wide ? new Float64Array(n) : new Float32Array(n);
            const got = wide ? shared(Float64Array, n) : shared(Float32Array, n);
            exponentialKernel(9, 10, lo, hi, rate, wide, want);
            expect(exponentialNative({ k0: 9, k1: 10, lo, hi, params: { rate }, perElement: {}, out: got })).toBe(true);
            same(got, want, `exponential rate ${rate} ${wide ? 64 : 32} ${hi}:${lo} n ${n}`);
          }
        }
      }
    }
    const a = loadNative().addon as CpuAddon;
    const call = (f: 'cpuBits' | 'cpuUniform', ...args: unknown[]) => () => (a[f] as (...x: unknown[]) => boolean)(...args);
    expect(call('cpuBits', 1, 2, 0, 0, new Int32Array(80))).toThrow(TypeError);
    expect(call('cpuUniform', 1, 2, 0, 0, 1, 1, new Float64Array(80))).toThrow(RangeError);
    expect(call('cpuUniform', 1, 2, 0, 0, 0, Infinity, new Float64Array(80))).toThrow(RangeError);
    expect(call('cpuUniform', 1, 2, 0, 0, -1e308, 1e308, new Float64Array(80))).toThrow(RangeError);
    expect(call('cpuUniform', 1, 2, 0, 0, 0, 1, new Uint32Array(80))).toThrow(TypeError);
    const out = new Float64Array(80).fill(7);
    const raw = (f: 'cpuExponential' | 'cpuTransform' | 'cpuGamma' | 'cpuGammaDraws' | 'cpuNormal' | 'cpuDirichlet', ...args: unknown[]) => () => (a[f] as (...x: unknown[]) => boolean)(...args);
    for (const rate of [0, -1, NaN, Infinity]) expect(raw('cpuExponential', 1, 2, 0, 0, rate, out)).toThrow(RangeError);
    expect(raw('cpuExponential', 1, 2, 0, 0, 1, new Int32Array(80))).toThrow(TypeError);
    expect(raw('cpuTransform', 1, 2, 0, 0, 99, new Float64Array(2), out)).toThrow(RangeError);  // no transform 99
    for (const [mean, sd] of [[NaN, 1], [Infinity, 1], [0, -1], [0, Infinity]]) expect(raw('cpuNormal', 1, 2, 0, 0, mean, sd, out)).toThrow(RangeError);
    expect(raw('cpuTransform', 1, 2, 0, 0, 7, new Float64Array(2), out)).toThrow(RangeError);  // rayleigh takes 1
    expect(raw('cpuTransform', 1, 2, 0, 0, 7, [1], out)).toThrow(TypeError);
    for (const [alpha, scale] of [[0, 1], [NaN, 1], [Infinity, 1], [1, 0], [1, -1], [1, Infinity]]) {
      expect(raw('cpuGamma', 1, 2, 0, 0, new Float64Array([2, alpha]), 0, scale, true, out)).toThrow(RangeError);
    }
    expect(raw('cpuGamma', 1, 2, 0, 0, new Float64Array(0), 0, 1, true, out)).toThrow(RangeError);  // no shape
    expect(raw('cpuGamma', 1, 2, 0, 0, 2, 0, 1, true, out)).toThrow(TypeError);
    // drawRange's constants: only those of a shape >= 1 (others could make the loop never accept)
    const d = new Float64Array([2 - 1 / 3]), c = new Float64Array([1 / Math.sqrt(9 * d[0])]);
    const dv = new Float64Array(80), bu = new Float64Array(80);
    expect(raw('cpuGammaDraws', 1, 2, 0, 0, d, c, 0, true, dv, bu)()).toBe(true);
    expect(raw('cpuGammaDraws', 1, 2, 0, 0, d, new Float64Array([c[0] * 2]), 0, true, dv, bu)).toThrow(RangeError);
    expect(raw('cpuGammaDraws', 1, 2, 0, 0, new Float64Array([0.1]), c, 0, true, dv, bu)).toThrow(RangeError);
    expect(raw('cpuGammaDraws', 1, 2, 0, 0, d, c, 0, true, dv, new Float64Array(79))).toThrow(RangeError);
    const three = new Float64Array([1, 2, 3]);
    expect(raw('cpuDirichlet', 1, 2, 0, 0, three, true, false, new Float64Array(80))).toThrow(RangeError);  // not whole rows
    expect(raw('cpuDirichlet', 1, 2, 0, 0, new Float64Array([1, -2, 3]), true, false, new Float64Array(81))).toThrow(RangeError);
    expect(raw('cpuDirichlet', 1, 2, 0, 0, new Float64Array(0), true, true, new Float64Array(81))).toThrow(RangeError);
    expect(raw('cpuDirichlet', 1, 2, 0, 0, three, true, true, new Float64Array(80))()).toBe(true);  // component 0 only
    // the counts: parameters the output type cannot hold, and float outputs
    const counts = (f: 'cpuPoisson' | 'cpuBinomial' | 'cpuNegativeBinomial', ...args: unknown[]) => () => (a[f] as (...x: unknown[]) => boolean)(...args);
    for (const lam of [-1, NaN, Infinity, 2 ** 31]) expect(counts('cpuPoisson', 1, 2, 0, 0, lam, new Int32Array(80))).toThrow(RangeError);
    expect(counts('cpuPoisson', 1, 2, 0, 0, 3, new Float32Array(80))).toThrow(TypeError);
    for (const [n, p] of [[2.5, 0.5], [-1, 0.5], [2 ** 32, 0.5], [10, -0.1], [10, 1.5], [10, NaN]]) {
      expect(counts('cpuBinomial', 1, 2, 0, 0, n, p, new Uint32Array(80))).toThrow(RangeError);
    }
    for (const [r, p] of [[0, 0.5], [NaN, 0.5], [Infinity, 0.5], [5, 0], [5, 1.5], [1e9, 1e-3]]) {
      expect(counts('cpuNegativeBinomial', 1, 2, 0, 0, r, p, new Int32Array(80))).toThrow(RangeError);
    }
    expect(raw('cpuNormalZ', 1, 2, 0, 0, true, new Float32Array(80))).toThrow(TypeError);
    const z = new Float64Array(80);
    expect(raw('cpuNormalZ', 1, 2, 0, 0, false, z)()).toBe(true);
    expect(z.every((v) => Number.isFinite(v))).toBe(true);
    const mult = (...args: unknown[]) => () => (a.cpuMultinomial as (...x: unknown[]) => boolean)(...args);
    const w3 = new Float64Array([1, 2, 3]);
    for (const count of [2.5, -1, NaN, 2 ** 31]) expect(mult(1, 2, 0, 0, count, w3, new Int32Array(81))).toThrow(RangeError);
    for (const w of [[1, -1], [1, NaN], [0, 0], [1.7e308, 1.7e308]]) {
      expect(mult(1, 2, 0, 0, 10, new Float64Array(w), new Int32Array(80))).toThrow(RangeError);
    }
    expect(mult(1, 2, 0, 0, 10, new Float64Array(0), new Int32Array(80))).toThrow(RangeError);
    expect(mult(1, 2, 0, 0, 10, new Float32Array([1, 2]), new Int32Array(80))).toThrow(TypeError);
    expect(mult(1, 2, 0, 0, 10, w3, new Float32Array(81))).toThrow(TypeError);
    const rows = new Int32Array(81);
    expect(mult(1, 2, 0, 0, 10, w3, rows)()).toBe(true);
    for (let r = 0; r < 27; r++) expect(rows[3 * r] + rows[3 * r + 1] + rows[3 * r + 2]).toBe(10);
    expect(counts('cpuBinomial', 1, 2, 0, 0, 10, 0.5, out)()).toBe(true);
    expect(out.every((v) => Number.isInteger(v) && v >= 0 && v <= 10)).toBe(true);
  });

  it('CUDA_RANDOM_NO_NATIVE_CPU=1 turns them off (the addon is not consulted); the values stay the same', async () => {
    const args = (out: Int32Array) => ({ k0: 5, k1: 6, lo: 0xfffffff1, hi: 2, out, params: { low: -4, high: 1e6 }, perElement: {} });
    const a = new Int32Array(5001);
    runKernel('integers_int32', args(a));
    vi.stubEnv('CUDA_RANDOM_NO_NATIVE_CPU', '1');
    vi.resetModules();
    const cpu = await import('../lib/native/cpu.js');
    const kernels = await import('../lib/backend/cpu/kernels.js');
    expect(cpu.nativeCpuInfo()).toEqual({ simd: null, reason: 'disabled by CUDA_RANDOM_NO_NATIVE_CPU' });
    expect(cpu.integersNative(args(new Int32Array(5001)))).toBe(false);
    const b = new Int32Array(5001);
    kernels.runKernel('integers_int32', args(b));
    expect(b).toEqual(a);
  });

  it('CUDA_RANDOM_NO_NATIVE_CPU=0 or empty leaves them on', async () => {
    for (const v of ['0', '']) {
      vi.stubEnv('CUDA_RANDOM_NO_NATIVE_CPU', v);
      vi.resetModules();
      const cpu = await import('../lib/native/cpu.js');
      expect(cpu.nativeCpuInfo().reason).not.toMatch(/CUDA_RANDOM_NO_NATIVE_CPU/);
    }
  });

  it('the pool gives the same bits on every injected path: host SIMD, WebAssembly only, specification only', async () => {
    const n = (1 << 18) + 5;  // through the pool, in more than one chunk
    const outs = [];
    for (const path of [{ fast: true, native: true }, { fast: true, native: false }, { fast: false }]) {
      for (const [op, C, params] of [['uniform64', Float64Array, { low: -2, high: 3 }], ['bits', Uint32Array, {}],
        ['integers_int32', Int32Array, { low: -9, high: 1e6 }], ['bernoulli_uint8', Uint8Array, { p: 0.3 }]] as const) {
        const out = new C(new SharedArrayBuffer(n * C.BYTES_PER_ELEMENT));
        await runPooled({ op, key: [5, 6], lo: 0xfffffff0, hi: 3, out, params, perElement: {} }, path);
        outs.push([`${op} ${JSON.stringify(path)}`, out] as const);
      }
    }
    for (let i = 4; i < outs.length; i++) expect(Array.from(outs[i][1]), outs[i][0]).toEqual(Array.from(outs[i % 4][1]));
  });

  it('the worker pool gives the specification\'s bits (its threads load the addon themselves)', async () => {
    for (const [dtype, low, high, C] of [['int32', -9, 1e6, Int32Array], ['uint32', 0, 2 ** 31 + 1, Uint32Array], ['float64', 0, 2 ** 40, Float64Array]] as const) {
      const n = 1 << 20;  // large enough for the pool to cut it
      const got = await built.integersAsync(built.key(77), n, { low, high, dtype, offset: 2 ** 32 - 5 });
      const want = new C(n);
      integersKernel(built.key(77)[0], built.key(77)[1], 2 ** 32 - 5 >>> 0, 0, low, high, want);
      let first = -1;
      for (let i = 0; i < n && first < 0; i++) if (got[i] !== want[i]) first = i;
      expect(first, `${dtype}: element ${first}`).toBe(-1);
    }
  });
});
