/**
 * The CUDA backend's Job → addon adapter (lib/backend/cuda.ts), checked everywhere with a stand-in
 * addon computed on the CPU: if the adapter passes any argument wrongly (key words, offset halves,
 * low/high, XORWOW seed/subsequence/offset or state), the bits differ from the CPU backend's.
 */
import { describe, expect, it } from 'vitest';
import { makeCudaBackend, DEFAULT_CUDA_CROSSOVER, type CudaAddon } from '../lib/backend/cuda.js';
import { RAW_OPS } from '../lib/backend/cuda-ops/raw.js';
import { cpuBackend } from '../lib/backend/cpu.js';
import { rawBits, uniform32, uniform64 } from '../lib/cpu/raw.js';
import { Xorwow } from '../lib/xorwow.js';
import type { Job } from '../lib/job.js';

const u64 = (lo: number, hi: number) => (BigInt(hi) << 32n) | BigInt(lo);

function xorwowFrom(v: number[], d: number, skip: bigint): Xorwow {
  const g = Xorwow.fromState({ v: v as [number, number, number, number, number], d });
  return skip ? g.skip(skip) : g;
}

// (the raw-stream ops only: other op families test their adapters in their own files)
const fake = {
  deviceInfo: () => ({ usable: true, runtimeVersion: 13000, driverVersion: 13000, deviceCount: 1, archs: 'fake' }),
  pinnedArrayBuffer: (bytes) => new ArrayBuffer(bytes),
  bits: (k0, k1, lo, hi, out) => rawBits(k0, k1, lo, hi, out),
  bitsAsync: async (k0, k1, lo, hi, out) => rawBits(k0, k1, lo, hi, out),
  uniform32: (k0, k1, lo, hi, low, high, out) => uniform32(k0, k1, lo, hi, out, low, high),
  uniform32Async: async (k0, k1, lo, hi, low, high, out) => uniform32(k0, k1, lo, hi, out, low, high),
  uniform64: (k0, k1, lo, hi, low, high, out) => uniform64(k0, k1, lo, hi, out, low, high),
  uniform64Async: async (k0, k1, lo, hi, low, high, out) => uniform64(k0, k1, lo, hi, out, low, high),
  xorwowFill: (sl, sh, ql, qh, ol, oh, out) => void new Xorwow(u64(sl, sh), { subsequence: u64(ql, qh), offset: u64(ol, oh) }).fill(out),
  xorwowFillAsync: async (sl, sh, ql, qh, ol, oh, out) => void new Xorwow(u64(sl, sh), { subsequence: u64(ql, qh), offset: u64(ol, oh) }).fill(out),
  xorwowFillState: (a, b, c, d, e, w, sl, sh, out) => void xorwowFrom([a, b, c, d, e], w, u64(sl, sh)).fill(out),
  xorwowFillStateAsync: async (a, b, c, d, e, w, sl, sh, out) => void xorwowFrom([a, b, c, d, e], w, u64(sl, sh)).fill(out),
} as CudaAddon;

function job(op: string, out: Job['out'], lo: number, hi: number, params: Record<string, unknown> = {}): Job {
  return { op, key: [0x01234567, 0x89abcdef], lo, hi, out, params, perElement: {} };
}

describe('CUDA backend adapter (stand-in addon)', () => {
  const b = makeCudaBackend(fake, 1234);

  it('supports the implemented ops only, with the given crossover', () => {
    expect(b.name).toBe('cuda');
    for (const op of Object.keys(RAW_OPS)) expect(b.supports(op)).toBe(true);
    for (const op of ['normal', 'gamma', 'aliasSample', 'nope']) expect(b.supports(op)).toBe(false);
    expect(b.crossover('bits')).toBe(1234);
    expect(DEFAULT_CUDA_CROSSOVER).toBe(65536);
  });

  it('bits, uniform32 and uniform64 equal the CPU backend (sync and async, offsets with a high word)', async () => {
    const cases: [string, () => Job['out'], Record<string, unknown>][] = [
      ['bits', () => new Uint32Array(37), {}],
      ['uniform32', () => new Float32Array(37), { low: 0, high: 1 }],
      ['uniform32', () => new Float32Array(37), { low: -2.5, high: 1e3 }],
      ['uniform64', () => new Float64Array(37), { low: 0, high: 1 }],
      ['uniform64', () => new Float64Array(37), { low: -1e-3, high: 7 }],
    ];
    for (const [op, make, params] of cases) {
      for (const [lo, hi] of [[0, 0], [3, 0], [0xfffffffe, 5]]) {
        const want = make();
        cpuBackend.run(job(op, want, lo, hi, params));
        const got = make();
        b.run(job(op, got, lo, hi, params));
        expect([...got], `${op} ${lo}:${hi}`).toEqual([...want]);
        const got2 = make();
        await b.runAsync(job(op, got2, lo, hi, params));
        expect([...got2]).toEqual([...want]);
      }
    }
  });

  it('xorwowFill: seed/subsequence params with the offset in job.lo/hi, or a state snapshot', async () => {
    const seed = 0xfedcba9876543210n, sub = 3n, offset = (7n << 32n) + 11n;
    const want = new Xorwow(seed, { subsequence: sub, offset }).fill(new Uint32Array(50));
    const params = {
      seedLo: Number(seed & 0xffffffffn), seedHi: Number(seed >> 32n), subsequenceLo: 3, subsequenceHi: 0,
    };
    const got = new Uint32Array(50);
    b.run(job('xorwowFill', got, 11, 7, params));
    expect([...got]).toEqual([...want]);
    const got2 = new Uint32Array(50);
    await b.runAsync(job('xorwowFill', got2, 11, 7, params));
    expect([...got2]).toEqual([...want]);

    const g = new Xorwow(99n);
    const state = g.state();
    const fromState = new Uint32Array(20);
    b.run(job('xorwowFill', fromState, 4, 0, { state }));
    expect([...fromState]).toEqual([...g.skip(4).fill(new Uint32Array(20))]);
  });

  it('runAsync turns a throw into a rejection', async () => {
    await expect(b.runAsync(job('normal', new Float64Array(1), 0, 0))).rejects.toThrow(/no op 'normal'/);
  });
});
