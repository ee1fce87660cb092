/**
 * The host kernel of whole permutations (lib/native/cpu.ts permutationNative → binding/cpu.cc →
 * cuda/src/cpu_permute.cpp) against the specification (lib/kernels/select.ts), bit for bit: docs/streams.md,
 * "permutation and uniform sampling". Sizes around its switches (the native threshold, the vector groups, the
 * bucket widths, the 4096-item chunk), every output type, several keys, outputs that are views at odd offsets
 * of a SharedArrayBuffer, keys with two items of equal high words ordered by low word against their indices,
 * and the same bits through runKernel on every path (host SIMD, WebAssembly, specification). The host program
 * cuda/test/test_cpu_permute.cpp checks each instruction set, up to 2^25 items and with forced ties.
 */
import { describe, expect, it } from 'vitest';
import { permutationKernel } from '../lib/kernels/select.js';
import { tieAgainstIndex } from './permute-ties.js';
import { NATIVE_CPU_MIN, nativeCpuInfo, permutationNative, type CpuAddon } from '../lib/native/cpu.js';
import { loadNative } from '../lib/native/load.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import type { KernelArgs } from '../lib/core/job.js';

type Out = Int32Array | Uint32Array | Float64Array;
type Ctor = Int32ArrayConstructor | Uint32ArrayConstructor | Float64ArrayConstructor;
const CTORS = [Int32Array, Uint32Array, Float64Array] as const;
const KEYS: [number, number][] = [[0, 0], [0x01234567, 0x89abcdef], [0xffffffff, 0xffffffff], [7, 0x80000000]];

const args = (k0: number, k1: number, population: number, out: Out): KernelArgs =>
  ({ k0, k1, lo: 0, hi: 0, params: { population }, perElement: {}, out }) as KernelArgs;

const native = (k0: number, k1: number, out: Out): boolean => permutationNative(args(k0, k1, out.length, out));

function spec(k0: number, k1: number, out: Out): Out {
  permutationKernel(k0, k1, out.length, out);
  return out;
}

/** n elements of C viewed at element offset 3 of a SharedArrayBuffer (guards of 7 around them). */
function view(C: Ctor, n: number): Out {
  const all = new C(new SharedArrayBuffer((n + 6) * C.BYTES_PER_ELEMENT));
  all.fill(7);
  return all.subarray(3, 3 + n);
}

/** The first index where x and y differ, or -1. */
function firstDiff(x: ArrayLike<number>, y: ArrayLike<number>): number {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return x.length === y.length ? -1 : x.length;
}

describe.skipIf(!nativeCpuInfo().simd)('permutationNative', () => {
  it('gives the specification\'s bits around its switch sizes, for every output type and key, into views at odd offsets', () => {
    const m = NATIVE_CPU_MIN;
    const sizes = [m, m + 1, 127, 128, 1023, 1024, 1025, 4095, 4096, 4097, 65535, 65537, 100_003, 1 << 20];
    sizes.forEach((n, s) => {
      for (const [k0, k1] of [KEYS[s % KEYS.length], KEYS[(s + 1) % KEYS.length]]) {
        const C = CTORS[s % CTORS.length];
        const out = view(C, n);
        expect(native(k0, k1, out), `n = ${n}`).toBe(true);
        const want = spec(k0, k1, new C(n));
        expect(firstDiff(out, want), `n = ${n}, ${C.name}, key ${k0}:${k1}`).toBe(-1);
        const all = new C(out.buffer as SharedArrayBuffer);
        expect([all[2], all[3 + n]], 'writes outside the view').toEqual([7, 7]);
      }
    });
  });

  it('every output type gives the same integers (n = 10^5 + 3, each key)', () => {
    for (const [k0, k1] of KEYS) {
      const want = spec(k0, k1, new Int32Array(100_003));
      for (const C of CTORS) {
        const out = new C(100_003);
        expect(native(k0, k1, out)).toBe(true);
        expect(firstDiff(out, want), `${C.name}, key ${k0}:${k1}`).toBe(-1);
      }
    }
  });

  it('orders equal high words by low word, then index, as the specification does (n = 10^5)', () => {
    const n = 100_000;
    for (const seed of [tieAgainstIndex(n, 1), tieAgainstIndex(n, 1000)]) {
      for (const C of CTORS) {
        const out = new C(n);
        expect(native(seed, 1, out)).toBe(true);
        expect(firstDiff(out, spec(seed, 1, new C(n))), `key ${seed}:1, ${C.name}`).toBe(-1);
      }
    }
  });

  it('runKernel gives the same bits on every path: host SIMD, WebAssembly only, specification only', () => {
    for (const n of [NATIVE_CPU_MIN, 5000, 300_001]) {
      for (const [op, C] of [['permutationI32', Int32Array], ['permutationU32', Uint32Array], ['permutationF64', Float64Array]] as const) {
        const outs = [{ fast: true, native: true }, { fast: true, native: false }, { fast: false }].map((path) => {
          const out = new C(n);
          runKernel(op, args(3, 4, n, out), path);
          return out;
        });
        expect(firstDiff(outs[0], outs[2]), `${op} n ${n}: host SIMD`).toBe(-1);
        expect(firstDiff(outs[1], outs[2]), `${op} n ${n}: WebAssembly`).toBe(-1);
      }
    }
  });

  it('declines below its threshold and for a partial result, where another kernel runs', () => {
    expect(native(1, 2, new Int32Array(NATIVE_CPU_MIN - 1))).toBe(false);
    const part = new Uint32Array(500).fill(9);
    expect(permutationNative(args(1, 2, 1000, part))).toBe(false);
    expect(part.every((v) => v === 9)).toBe(true);
    runKernel('permutationU32', args(1, 2, 1000, part), { fast: true });
    expect(part).toEqual(spec(1, 2, new Uint32Array(1000)).subarray(0, 500));
  });

  it('the binding refuses other output types with a TypeError and writes nothing', () => {
    const a = loadNative().addon as CpuAddon;
    const call = (...x: unknown[]) => () => (a.cpuPermutation as (...y: unknown[]) => boolean)(...x);
    expect(call(1, 2, new Float32Array(100))).toThrow(TypeError);
    expect(call(1, 2, new Int16Array(100))).toThrow(TypeError);
    expect(call(1, 2, [1, 2, 3])).toThrow(TypeError);
    expect(call(-1, 2, new Int32Array(100))).toThrow(RangeError);
    const out = new Int32Array(100).fill(7);
    expect(call(1, 2, out)()).toBe(true);
    expect(firstDiff(out, spec(1, 2, new Int32Array(100)))).toBe(-1);
  });

  it('a part: the binding refuses parts that are not a power of two up to 64 or a part past them, writing nothing; '
    + 'parts into one SharedArrayBuffer view at an offset give the whole', () => {
    const a = loadNative().addon as CpuAddon;
    const call = (...x: unknown[]) => () => (a.cpuPermutationPart as (...y: unknown[]) => boolean)(...x);
    const out = new Int32Array(100).fill(7);
    for (const [part, parts] of [[0, 0], [0, 3], [2, 2], [0, 128], [-1, 2]]) {
      expect(call(1, 2, out, part, parts), `${part}/${parts}`).toThrow(RangeError);
    }
    expect(call(1, 2, new Float32Array(100), 0, 2)).toThrow(TypeError);
    expect(out.every((v) => v === 7)).toBe(true);
    const sab = new SharedArrayBuffer(4 * 5003);
    const view = new Uint32Array(sab, 12, 5000);
    for (let part = 0; part < 4; part++) expect(call(3, 4, view, part, 4)()).toBe(true);
    expect(firstDiff(view, spec(3, 4, new Uint32Array(5000)))).toBe(-1);
  });
});
