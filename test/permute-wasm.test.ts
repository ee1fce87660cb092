/**
 * The WebAssembly whole permutation (lib/wasm/select.ts permutationWasm → samplers.cc, "whole permutations")
 * against the specification (lib/kernels/select.ts), bit for bit: docs/streams.md, "permutation and uniform
 * sampling". Sizes around its switches (the threshold, the bucket widths, the chunk of 4096 items), every
 * output type, several keys, and keys found to have two items with equal high words whose low words order them
 * against their indices (the one place the module reads low words).
 */
import { describe, expect, it } from 'vitest';
import { permutationKernel } from '../lib/kernels/select.js';
import { tieAgainstIndex } from './permute-ties.js';
import { PERMUTATION_WASM_MIN, permutationWasm } from '../lib/wasm/select.js';
import { samplersWasmAvailable } from '../lib/wasm/samplers.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import type { KernelArgs } from '../lib/core/job.js';

type Out = Int32Array | Uint32Array | Float64Array;
const CTORS = [Int32Array, Uint32Array, Float64Array] as const;
const KEYS: [number, number][] = [[0, 0], [0x01234567, 0x89abcdef], [0xffffffff, 0xffffffff], [7, 0x80000000]];

const args = (k0: number, k1: number, population: number, out: Out): KernelArgs =>
  ({ k0, k1, lo: 0, hi: 0, params: { population }, perElement: {}, out }) as KernelArgs;

function fast(k0: number, k1: number, out: Out): boolean {
  return permutationWasm(args(k0, k1, out.length, out));
}

function spec(k0: number, k1: number, out: Out): Out {
  permutationKernel(k0, k1, out.length, out);
  return out;
}

describe('permutationWasm', () => {
  it('is available here (else the comparisons below would test nothing)', () => {
    expect(samplersWasmAvailable()).toBe(true);
  });

  it('gives the specification\'s bits around its switch sizes, for every output type and key', () => {
    const m = PERMUTATION_WASM_MIN;
    const sizes = [m, m + 1, 255, 256, 511, 512, 513, 1023, 4095, 4096, 4097, 8191, 8193, 65535, 65536, 70_001];
    sizes.forEach((n, s) => {
      const [k0, k1] = KEYS[s % KEYS.length];
      const C = CTORS[s % CTORS.length];
      const out = new C(n);
      expect(fast(k0, k1, out), `n = ${n}`).toBe(true);
      expect(out, `n = ${n}, ${C.name}, key ${k0}:${k1}`).toEqual(spec(k0, k1, new C(n)));
    });
  });

  it('orders equal high words by low word, then index, as the specification does (n = 10^5)', () => {
    const n = 100_000;
    // About one pair of equal high words per key at this n; half of them order against their indices.
    for (const seed of [tieAgainstIndex(n, 1), tieAgainstIndex(n, 1000)]) {
      const out = new Int32Array(n);
      expect(fast(seed, 1, out)).toBe(true);
      expect(out, `key ${seed}:1`).toEqual(spec(seed, 1, new Int32Array(n)));
    }
  });

  it('declines below its threshold and for a partial result, where the specification runs', () => {
    expect(fast(1, 2, new Int32Array(PERMUTATION_WASM_MIN - 1))).toBe(false);
    const part = new Uint32Array(500);
    expect(permutationWasm(args(1, 2, 1000, part))).toBe(false);
    runKernel('permutationU32', args(1, 2, 1000, part), { fast: true });
    expect(part).toEqual(spec(1, 2, new Uint32Array(1000)).subarray(0, 500));
  });
});
