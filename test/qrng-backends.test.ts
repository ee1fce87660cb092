/**
 * Sobol and MRG32k3a on every backend (docs/qmc.md, "Bulk fills on either backend", "Sobol: API"): the CPU kernels give
 * the same bits for any cut of a call's range (the worker pool and the GPU rely on it), and the CUDA adapters
 * (lib/backend/cuda/qrng.ts) run against the stand-in addon — which computes each element as the GPU
 * does, from the direction vectors the adapter passed — give the CPU's bits, sync and async, into host
 * arrays, `out: 'device'` and existing DeviceArrays; `auto` follows DeviceArray operands.
 * cuda/test/test_sobol.cpp and test_mrg32k3a.cpp check the kernels' per-element C++ against the same
 * TypeScript; scripts/gpu/qrng.mjs repeats the CUDA part on a GPU.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DeviceArray, Mrg32k3a, key, mrg32k3aFill, mrg32k3aFillAsync, shutdownPool, sobol, sobolAsync, split, type SobolOptions,
} from '../lib/index.js';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { standInProbe } from './stand-in-probe.js';
import { calls, standInAddon } from './stand-in-addon.js';
import { expectSameBits } from './dist-helpers.js';

vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));

afterAll(() => shutdownPool());

const K = key(0xc0ffee);
const show = (o: unknown): string => JSON.stringify(o, (_, v) => (typeof v === 'bigint' ? String(v) : typeof v === 'object' && v instanceof Uint32Array ? 'key' : v));
type Host = Uint32Array | Float32Array | Float64Array;

const SOBOL_CASES: [number, SobolOptions][] = [
  [37, { dims: 5 }],
  [37, { dims: 5, dtype: 'float32' }],
  [37, { dims: 5, dtype: 'uint32', layout: 'dimensions', offset: 1000 }],
  [20, { dims: 3, bits: 32, offset: 2 ** 32 - 20 }],
  [20, { dims: 4, offset: 2n ** 40n + 3n, layout: 'dimensions' }],
  [20, { dims: 3, dtype: 'float32', bits: 64, offset: 2 ** 33 }],
  [33, { dims: 6, key: K }],
  [33, { dims: 6, key: K, scramble: 'shift', layout: 'dimensions', dtype: 'float32' }],
  [33, { dims: 4, key: K, bits: 32, dtype: 'uint32', offset: 77 }],
  [40, { dims: 3, transform: 'normal' }],
  [40, { dims: 3, transform: 'normal', dtype: 'float32', key: K }],
  [40, { dims: 2, transform: 'normal', bits: 32, offset: 2 ** 31 - 20, layout: 'dimensions' }],
  [9, { dims: 21201, dtype: 'float32', offset: 12345 }],
];

describe('CPU kernels: any cut of the range gives the same bits', () => {
  it('sobol: every split point, both layouts, 32 and 64 bits, randomised or not', () => {
    for (const [n, o] of SOBOL_CASES.slice(0, 12)) {
      const whole = sobol(n, { ...o, backend: 'cpu' }) as Host;
      const op = whole instanceof Uint32Array ? 'sobolU32' : whole instanceof Float32Array ? 'sobolF32' : 'sobolF64';
      const dims = o.dims ?? 1, bits = o.bits ?? (o.dtype === 'uint32' || o.dtype === 'float32' ? 32 : 64);
      const off = BigInt(o.offset ?? 0);
      const params = {
        n, dims, layout: o.layout ?? 'points', bits, transform: o.transform ?? 'uniform', scramble: o.key ? (o.scramble ?? 'lms') : 'none',
        offsetLo: Number(off & 0xffffffffn), offsetHi: Number(off >> 32n),
      };
      const k = o.key ?? [0, 0];
      for (const cut of [1, 2, dims - 1, dims + 1, Math.floor(whole.length / 2), whole.length - 1]) {
        if (cut <= 0 || cut >= whole.length) continue;
        const parts = new (whole.constructor as new (n: number) => Host)(whole.length);
        runKernel(op, { k0: k[0], k1: k[1], lo: 0, hi: 0, out: parts.subarray(0, cut), params, perElement: {} });
        runKernel(op, { k0: k[0], k1: k[1], lo: cut, hi: 0, out: parts.subarray(cut), params, perElement: {} });
        expectSameBits(parts, whole, `sobol ${show({ n, ...o })} cut ${cut}`);
      }
    }
  });

  it('mrg32k3aFill equals the Mrg32k3a class for every dtype, and splits anywhere', () => {
    const seed = 0x1234567890abn, subsequence = 7, offset = 2n ** 40n + 9n;
    const g = () => new Mrg32k3a(seed, { subsequence, offset });
    expectSameBits(mrg32k3aFill(seed, 1000, { subsequence, offset }), g().fill(new Uint32Array(1000)), 'uint32');
    expectSameBits(mrg32k3aFill(seed, 1000, { subsequence, offset, dtype: 'float32' }), g().uniform(1000), 'float32');
    expectSameBits(mrg32k3aFill(seed, 1000, { subsequence, offset, dtype: 'float64' }), g().uniformDouble(1000), 'float64');
    const whole = mrg32k3aFill(seed, 5000, { subsequence, offset });
    const tail = mrg32k3aFill(seed, 1000, { subsequence, offset: offset + 4000n });
    expectSameBits(whole.subarray(4000), tail, 'offset = a later cut');
  });

  it('the async twins (worker pool, chunked) give the same bits', async () => {
    // dist: the pool's workers load dist/lib/backend/cpu/worker.js
    const d = await import('../dist/lib/index.js') as unknown as typeof import('../lib/index.js');
    try {
      for (const [n, o] of SOBOL_CASES.slice(0, 12).filter(([, c]) => c.offset !== 2 ** 32 - 20)) {
        const opts = { ...o, backend: 'cpu' as const };
        expectSameBits(await d.sobolAsync(n * 3000, opts) as Host, sobol(n * 3000, opts) as Host, `sobolAsync ${show(o)}`);
      }
      const want = mrg32k3aFill(3, 300_000, { dtype: 'float64', offset: 5 });
      expectSameBits(await d.mrg32k3aFillAsync(3, 300_000, { dtype: 'float64', offset: 5, backend: 'cpu' }), want, 'mrg32k3aFillAsync');
    } finally {
      await d.shutdownPool();
    }
  });
});

describe('CUDA adapters against the stand-in addon', () => {
  beforeEach(() => {
    standInProbe.cuda = makeCudaBackend(standInAddon(), 1 << 30);  // auto stays on the CPU unless operands say otherwise
  });
  afterAll(() => { standInProbe.cuda = null; });

  it("sobol with backend 'cuda' gives the CPU's bits, sync and async, host and device outputs", async () => {
    for (const [n, o] of SOBOL_CASES) {
      const what = show({ n, ...o });
      const want = sobol(n, { ...o, backend: 'cpu' }) as Host;
      calls.length = 0;
      expectSameBits(sobol(n, { ...o, backend: 'cuda' }) as Host, want, what);
      expect(calls.map((c) => c.name)).toEqual([want instanceof Uint32Array ? 'sobolU32' : want instanceof Float32Array ? 'sobolF32' : 'sobolF64']);
      expectSameBits(await sobolAsync(n, { ...o, backend: 'cuda' }) as Host, want, `${what} async`);
      const d = sobol(n, { ...o, out: 'device' }) as DeviceArray;  // auto: a device output goes to the GPU
      expect(d.backend).toBe('cuda');
      expectSameBits(d.toHost(), want, `${what} out: 'device'`);
      const into = DeviceArray.from(new (want.constructor as new (n: number) => Host)(want.length + 3), { backend: 'cuda' });
      expect(sobol(n, { ...o, out: into })).toBe(into);
      expectSameBits(into.toHost().subarray(0, want.length), want, `${what} into a DeviceArray`);
      d.free();
      into.free();
    }
  });

  it("mrg32k3aFill with backend 'cuda' gives the CPU's bits for every dtype, sync and async, host and device", async () => {
    for (const dtype of ['uint32', 'float32', 'float64'] as const) {
      const o = { subsequence: 2n ** 50n + 1n, offset: 2n ** 63n + 11n, dtype };
      const want = mrg32k3aFill(99, 3000, { ...o, backend: 'cpu' });
      expectSameBits(mrg32k3aFill(99, 3000, { ...o, backend: 'cuda' }), want, dtype);
      expectSameBits(await mrg32k3aFillAsync(99, 3000, { ...o, backend: 'cuda' }), want, `${dtype} async`);
      const d = mrg32k3aFill(99, 3000, { ...o, out: 'device' });
      expect(d.backend).toBe('cuda');
      expectSameBits(d.toHost(), want, `${dtype} device`);
      d.free();
    }
  });
});

describe('an addon built before these functions', () => {
  it('is not asked for them: the CUDA backend does not claim the ops, auto stays on the CPU', () => {
    const stale = standInAddon() as unknown as Record<string, unknown>;
    for (const f of ['sobolU32', 'sobolF32', 'sobolF64', 'mrg32k3aFill', 'mrg32k3aUniform32', 'mrg32k3aUniform64']) {
      delete stale[f];
      delete stale[`${f}Async`];
    }
    const b = makeCudaBackend(stale as never, 0);
    for (const op of ['sobolU32', 'sobolF32', 'sobolF64', 'mrg32k3aFill', 'mrg32k3aUniform32', 'mrg32k3aUniform64']) expect(b.supports(op), op).toBe(false);
    expect(b.supports('bits')).toBe(true);
    standInProbe.cuda = b;
    expectSameBits(sobol(1000, { dims: 3 }) as Host, sobol(1000, { dims: 3, backend: 'cpu' }) as Host, 'auto with a stale addon');
    expect(() => sobol(10, { backend: 'cuda' })).toThrow(/does not implement 'sobolF64'/);
    standInProbe.cuda = null;
  });
});

describe('bad input names the argument; nothing is written', () => {
  it('sobol', () => {
    const out = new Float64Array(10).fill(7);
    const bad: [unknown, unknown, RegExp, ErrorConstructor][] = [
      [10, { dims: 0 }, /dims/, RangeError],
      [10, { dims: 21202 }, /dims/, RangeError],
      [10, { dims: 1.5 }, /dims/, RangeError],
      [2.5, {}, /\bn\b/, RangeError],
      [10, { offset: 1.5 }, /offset/, RangeError],
      [10, { offset: 2 ** 32 - 9, bits: 32, dtype: 'float64' }, /offset \+ n/, RangeError],
      [10, { offset: 2n ** 64n - 9n }, /offset \+ n/, RangeError],
      [10, { offset: -1 }, /offset/, RangeError],
      [10, { offset: '5' }, /offset/, TypeError],
      [10, { seed: 5 }, /unknown option 'seed'/, TypeError],
      [10, { out: new Float32Array(10), dtype: 'float64' }, /out/, TypeError],
      [10, { out: new Float64Array(9) }, /out/, RangeError],
      [10, { dtype: 'uint64', out: 'device' }, /out/, TypeError],
      [10, { dtype: 'uint64', backend: 'cuda' }, /uint64/, RangeError],
      [10, { backend: 'gpu' }, /backend/, RangeError],
      [10, { transform: 'normal', dtype: 'uint32' }, /transform/, RangeError],
    ];
    for (const [n, o, msg, type] of bad) {
      expect(() => sobol(n as number, o as SobolOptions), show(o)).toThrow(type);
      expect(() => sobol(n as number, o as SobolOptions)).toThrow(msg);
    }
    expect(() => sobol(10, { dims: 2, out })).toThrow(/out/);
    expect(Array.from(out)).toEqual(new Array(10).fill(7));
  });

  it('mrg32k3aFill', () => {
    const bad: [unknown, unknown, unknown, RegExp, ErrorConstructor][] = [
      [-1, 5, {}, /seed/, RangeError],
      [2n ** 64n, 5, {}, /seed/, RangeError],
      ['1', 5, {}, /seed/, TypeError],
      [1, 5.5, {}, /\bn\b/, RangeError],
      [1, 5, { subsequence: 2n ** 51n }, /subsequence/, RangeError],
      [1, 5, { offset: 2n ** 64n - 4n }, /offset \+ n/, RangeError],
      [1, 5, { offset: 0.5 }, /offset/, RangeError],
      [1, 5, { dtype: 'int8' }, /dtype/, RangeError],
      [1, 5, { key: K }, /unknown option 'key'/, TypeError],
      [1, 5, { out: new Float64Array(4) }, /out/, RangeError],
    ];
    for (const [seed, n, o, msg, type] of bad) {
      expect(() => mrg32k3aFill(seed as number, n as number, o as object)).toThrow(type);
      expect(() => mrg32k3aFill(seed as number, n as number, o as object)).toThrow(msg);
    }
  });

  it('randomised replicates from split keys stay independent through the GPU path too', () => {
    standInProbe.cuda = makeCudaBackend(standInAddon(), 1 << 30);
    const [a, b] = split(K, 2);
    const x = sobol(64, { dims: 2, key: a, backend: 'cuda' }), y = sobol(64, { dims: 2, key: b, backend: 'cuda' });
    expect(Array.from(x)).not.toEqual(Array.from(y));
    standInProbe.cuda = null;
  });
});
