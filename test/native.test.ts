/**
 * The CUDA addon and backend as far as this machine allows. Everywhere: backend() explains itself, and
 * forcing 'cuda' where it is unusable throws with that explanation. Where the addon loads: its argument
 * checks, and that a failing CUDA call becomes a JS error naming the CUDA error (sync and Promise)
 * and leaves the process usable. Where a GPU is usable (scripts/gpu-run.sh): every GPU op equals the
 * TypeScript backend bit for bit, sync, async and concurrently.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  backend, bits, bitsAsync, key, uniform, uniformAsync, shutdownPool, normal, normalAsync, gamma, gammaAsync, exponential,
  chisquare, beta, dirichlet, dirichletAsync, lognormal, weibull, DeviceArray, sobol, sobolAsync, mrg32k3aFill,
} from 'cuda-random';
import { loadNative } from '../lib/native/load.js';
// the instance 'cuda-random' resolves to (dist/), whose first call kept CUDA_RANDOM_BACKEND
import { forgetBackendEnv } from '../dist/lib/backend/select.js';
import { cudaProbe, CUDA_OPS, type CudaAddon } from '../lib/backend/cuda/backend.js';
import { Xorwow } from '../lib/xorwow/xorwow.js';
import { ELEMENTS, SAMPLERS, TRANSFORMS } from '../lib/samplers/registry.js';
import { parameterSets } from '../lib/core/param-sets.js';
import { cudaArg } from '../lib/samplers/spec.js';
import { exampleValue, exampleValues } from '../lib/samplers/examples.js';
import { vonMisesParams } from '../lib/samplers/von-mises.js';
import { CTORS } from '../lib/core/types.js';

const native = loadNative();
const addon = native.addon as CudaAddon | null;
const probe = cudaProbe();
const gpu = probe.backend !== null;
/** The emulated device (`npm run test:emulated`: the real kernels on the CPU, every CUDA thread a fiber)
 *  runs the same cases with the sizes scaled down: BIG is 2^20 on a GPU, 2^14 there. */
const emulated = gpu && /emulated/.test(String((probe.info as { archs?: unknown } | null)?.archs ?? ''));
const BIG = emulated ? 1 << 14 : 1 << 20;
const capped = (sizes: number[]): number[] => (emulated ? sizes.filter((n) => n <= 4 * BIG) : sizes);

afterAll(() => shutdownPool());

/** f() with CUDA_RANDOM_BACKEND (read once per process, then kept) set to `value` for its duration. */
function withEnv<T>(name: 'CUDA_RANDOM_BACKEND', value: string | undefined, f: () => T): T {
  const old = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  forgetBackendEnv();
  try {
    return f();
  } finally {
    if (old === undefined) delete process.env[name];
    else process.env[name] = old;
    forgetBackendEnv();
  }
}

describe('backend() reports what the addon found', () => {
  it('names the backend and says why', () => {
    const info = withEnv('CUDA_RANDOM_BACKEND', undefined, () => backend());
    expect(['cpu', 'cuda']).toContain(info.name);
    expect(info.reason.length).toBeGreaterThan(10);
    if (info.name === 'cpu') expect(info.reason).toMatch(/^CUDA is not used: /);
    else expect(info.reason).toMatch(/^CUDA device \d+: .+ \(compute capability \d+\.\d+/);
  });

  it('{ backend: "cpu" } and CUDA_RANDOM_BACKEND=cpu force the CPU backend', () => {
    expect(backend({ backend: 'cpu' }).name).toBe('cpu');
    expect(withEnv('CUDA_RANDOM_BACKEND', 'cpu', () => backend()).name).toBe('cpu');
  });

  it('CUDA_RANDOM_BACKEND is read at the first call and kept: later calls read no environment variable', () => {
    const old = process.env.CUDA_RANDOM_BACKEND;
    forgetBackendEnv();
    const first = backend().name;  // the first call: reads it and keeps it
    const calls = () => [bits(key(1), 8), uniform(key(2), 16, { dtype: 'float32' }), gamma(key(3), 4, { alpha: 2.5 })];
    calls();  // (and whatever these load once: the WebAssembly module reads CUDA_RANDOM_NO_WASM)
    const env = process.env;
    env.CUDA_RANDOM_BACKEND = 'nonsense';  // read again, it would be a RangeError
    const reads: string[] = [];
    const spy = new Proxy(env, { get: (t, p) => { reads.push(String(p)); return Reflect.get(t, p); } });
    Object.defineProperty(process, 'env', { value: spy, configurable: true, writable: true });
    try {
      calls();
      expect(backend().name).toBe(first);
    } finally {
      Object.defineProperty(process, 'env', { value: env, configurable: true, writable: true });
      if (old === undefined) delete env.CUDA_RANDOM_BACKEND;
      else env.CUDA_RANDOM_BACKEND = old;
      forgetBackendEnv();
    }
    expect(reads).toEqual([]);
  });

  it.skipIf(gpu)('forcing cuda where it is unusable throws with the reason', () => {
    expect(() => backend({ backend: 'cuda' })).toThrow(/backend 'cuda' was requested but is unavailable: .+/);
    expect(() => bits(key(1), 8, { backend: 'cuda' })).toThrow(probe.reason);
    expect(() => withEnv('CUDA_RANDOM_BACKEND', 'cuda', () => bits(key(1), 8))).toThrow(probe.reason);
    // and auto still works, on the CPU
    expect(bits(key(1), 8, { backend: 'auto' })).toEqual(bits(key(1), 8, { backend: 'cpu' }));
  });

  it.skipIf(addon !== null)('without an addon, says it could not be loaded', () => {
    expect(probe.reason).toMatch(/native addon could not be loaded|no native addon is installed/);
  });

  it.skipIf(addon === null)('with the addon, reports versions, archs and the CUDA error or the device', () => {
    const info = addon!.deviceInfo();
    expect(info.runtimeVersion).toBeGreaterThanOrEqual(12000);
    expect(info.archs).toMatch(/\d\d/);
    if (info.usable) {
      expect(info.name).toBeTruthy();
      expect(info.computeCapability).toMatch(/^\d+\.\d+$/);
      expect(info.totalMemory).toBeGreaterThan(0);
    } else {
      // the real runtime error, e.g. cudaErrorInsufficientDriver where no driver is installed
      expect(info.errorName).toMatch(/^cudaError\w+$/);
      expect(info.error).toContain(info.errorName!);
      expect(probe.reason).toContain(info.errorName!);
      expect(probe.info).toMatchObject({ usable: false, errorName: info.errorName });
    }
  });
});

describe.skipIf(addon === null)('the addon binding', () => {
  it('rejects the wrong output type and bad words before touching CUDA', () => {
    expect(() => addon!.bits(1, 2, 0, 0, new Float32Array(4) as unknown as Uint32Array)).toThrow(TypeError);
    expect(() => addon!.uniform64(1, 2, 0, 0, 0, 1, new Float32Array(4) as unknown as Float64Array)).toThrow(/Float64Array/);
    expect(() => addon!.bits(-1, 2, 0, 0, new Uint32Array(4))).toThrow(RangeError);
    expect(() => addon!.bits(1.5, 2, 0, 0, new Uint32Array(4))).toThrow(RangeError);
    expect(() => addon!.bits('1' as unknown as number, 2, 0, 0, new Uint32Array(4))).toThrow(TypeError);
  });

  it('distribution ops check outputs, shapes, proposals and transforms before touching CUDA', () => {
    const a = addon!;
    expect(() => a.normalBM32(1, 2, 0, 0, 0, 1, new Float64Array(4) as unknown as Float32Array)).toThrow(/out must be a Float32Array/);
    expect(() => a.gamma64(1, 2, 0, 0, {} as unknown as number, 1, -1, new Float64Array(4))).toThrow(TypeError);
    expect(() => a.gamma64(1, 2, 0, 0, new Float64Array(3), 1, -1, new Float64Array(4))).toThrow(/fewer values/);
    for (const p of [0, 1025, -2, 0.5, NaN]) expect(() => a.beta32(1, 2, 0, 0, 1, 1, p, new Float32Array(4))).toThrow(/proposals/);
    expect(() => a.transform32(1, 2, 0, 0, 0, [0, 1] as unknown as Float64Array, new Float32Array(4))).toThrow(/params must be a Float64Array/);
    expect(() => a.transform64(1, 2, 0, 0, 0, new Float64Array(9), new Float64Array(4))).toThrow(RangeError);
    expect(() => a.transform64(1, 2, 0, 0, -1, new Float64Array(2), new Float64Array(4))).toThrow(RangeError);
    expect(() => a.dirichlet64(1, 2, 0, 0, new Float64Array(0), -1, new Float64Array(4))).toThrow(/1 to 2\^20/);
    expect(() => a.studentT64(1, 2, 0, 0, new Float64Array(3), -1, new Float64Array(4))).toThrow(/fewer values/);
    expect(() => a.f32(1, 2, 0, 0, 1, 1, 0, new Float32Array(4))).toThrow(/proposals/);
    expect(() => a.element64(1, 2, 0, 0, 0, new Float64Array(4), new Float64Array(4))).toThrow(/sampler's parameters/);
    expect(() => a.element64(1, 2, 0, 0, 99, new Float64Array(5), new Float64Array(4))).toThrow(/id of cuda\/include\/cr_elements/);
    // per-element rows: n·P values (P at most 8), n·5 for von Mises; the C API checks P against the id
    expect(() => a.transform64(1, 2, 0, 0, 0, new Float64Array(36), new Float64Array(4))).toThrow(/one row of them per element/);
    expect(() => a.transform64(1, 2, 0, 0, 0, new Float64Array(12), new Float64Array(4))).toThrow(/parameter count/);
    expect(() => a.element64(1, 2, 0, 0, 0, new Float64Array(21), new Float64Array(4))).toThrow(/one row of them per element/);
    expect(() => a.fRows64(1, 2, 0, 0, new Float64Array(7), -1, new Float64Array(4))).toThrow(/2 values \(dfn, dfd\) per element/);
    expect(() => a.mvn64(1, 2, 0, 0, 2, new Float64Array(4), new Float64Array(4))).toThrow(/d \+ d\(d\+1\)\/2/);
    expect(() => a.mvn64(1, 2, 0, 0, 0, new Float64Array(0), new Float64Array(4))).toThrow(/d must be in/);
    expect(() => a.dirichlet32(1, 2, 0, 0, new Uint32Array(2) as unknown as Float32Array, -1, new Float32Array(4))).toThrow(TypeError);
    expect(a.exponential64(1, 2, 0, 0, 1, new Float64Array(0))).toBeUndefined();
    expect(a.gammaDefaultProposals).toBeGreaterThanOrEqual(1);
  });

  // GPU run 3 (2026-11-27): von Mises rows (1, 1, 1, 1, 1) reached the kernel, whose rejection loop never
  // accepts for s = 1, and hung the device and the calling thread. Every rejection sampler's scalar
  // parameters and host rows are now checked in the C API, before any CUDA call.
  it('rejection samplers refuse parameters their loops would never accept, before touching CUDA', () => {
    const a = addon!;
    const out = () => new Float64Array(4);
    for (const bad of [[1, 1, 1, 1, 1], [1, NaN, 1, 0, 0], [1, 2, 0, 0, 0], [1, 2, Infinity, 0, 0]]) {
      expect(() => a.element64(1, 2, 0, 0, 0, Float64Array.from(bad), out()), String(bad)).toThrow(/s > 1 and kappa > 0/);
    }
    expect(() => a.element64(1, 2, 0, 0, 0, Float64Array.of(2, 0, 1e7, 0, NaN), out())).toThrow(/mode 2 needs c/);
    for (const bad of [[0, 1], [1, -1], [NaN, 1], [1, Infinity]]) {
      expect(() => a.element64(1, 2, 0, 0, 1, Float64Array.from(bad), out()), String(bad)).toThrow(/wald mean and scale/);
    }
    const rows = new Float64Array(20);
    rows.set(vonMisesParams(0.5, 2), 0);
    rows.set(vonMisesParams(0.5, 2), 5);
    rows.set([1, 1, 1, 1, 1], 10);  // row 2 of 4
    rows.set(vonMisesParams(0.5, 2), 15);
    expect(() => a.element64(1, 2, 0, 0, 0, rows, out())).toThrow(/s > 1 and kappa > 0/);
    for (const alpha of [0, -1, NaN, Infinity]) {
      expect(() => a.gamma64(1, 2, 0, 0, alpha, 1, -1, out()), String(alpha)).toThrow(/alpha must be finite and > 0/);
      expect(() => a.studentT64(1, 2, 0, 0, alpha, -1, out()), String(alpha)).toThrow(/alpha must be finite and > 0/);
      expect(() => a.beta64(1, 2, 0, 0, alpha, 2, -1, out()), String(alpha)).toThrow(/finite and > 0/);
      expect(() => a.beta64(1, 2, 0, 0, 2, alpha, -1, out()), String(alpha)).toThrow(/finite and > 0/);
      expect(() => a.f64(1, 2, 0, 0, alpha, 2, -1, out()), String(alpha)).toThrow(/finite and > 0/);
      expect(() => a.fRows64(1, 2, 0, 0, Float64Array.of(1, 2, 3, 4, alpha, 1, 5, 6), -1, out()), String(alpha)).toThrow(/finite and > 0/);
    }
    // per-element host shapes: the kernels replace a bad one by 1 (so they end); the C API names it first
    expect(() => a.gamma64(1, 2, 0, 0, Float64Array.of(1, 2, -3, 4), 1, -1, out())).toThrow(/alpha\[2\] must be finite and > 0, got -3/);
    expect(() => a.gamma32(1, 2, 0, 0, Float32Array.of(1, NaN, 1, 1), 1, -1, new Float32Array(4))).toThrow(/alpha\[1\] must be finite and > 0/);
  });

  it('device-array handles: checked before use, idempotent free, allocation errors name the CUDA error', () => {
    const a = addon!;
    expect(() => a.deviceFree({} as object)).toThrow(TypeError);
    expect(() => a.deviceAlloc(5, 1)).toThrow(/type must be 0 \(uint32\), 1 \(float32\), 2 \(float64\), 3 \(int32\) or 4 \(uint8\)/);
    for (const [type, name] of [[3, 'int32'], [4, 'uint8']] as const) {
      const hi = a.deviceAlloc(type, 0);
      expect(() => a.normalBM64(1, 2, 0, 0, 0, 1, hi as unknown as Float64Array, 0)).toThrow(/out must be a float64 device array/);
      expect(() => a.bits(1, 2, 0, 0, hi as unknown as Uint32Array, 0)).toThrow(/out must be a uint32 device array/);
      a.deviceFree(hi);
    }
    expect(() => a.bits(1, 2, 0, 0, new Int32Array(2) as unknown as Uint32Array)).toThrow(/out must be a Uint32Array/);
    // the discrete samplers: type codes, safe-integer bounds, p as a number or float values
    expect(() => a.integers(1, 2, 0, 0, 1, 0, 5, new Float32Array(2) as never)).toThrow(/type is not an output type/);
    expect(() => a.integers(1, 2, 0, 0, 3, 0.5, 5, new Int32Array(2))).toThrow(/low must be an integer/);
    expect(() => a.integers(1, 2, 0, 0, 3, 0, 2 ** 53, new Int32Array(2))).toThrow(/high must be an integer/);
    expect(() => a.integers(1, 2, 0, 0, 3, 0, 5, new Uint32Array(2))).toThrow(/out must be an Int32Array/);
    expect(() => a.bernoulli(1, 2, 0, 0, 4, new Uint8Array(2) as never, new Uint8Array(2))).toThrow(/p must be a Float32Array or Float64Array/);
    expect(() => a.bernoulli(1, 2, 0, 0, 4, new Float64Array(1), new Uint8Array(2))).toThrow(/p has fewer values than out/);
    expect(() => a.geometric(1, 2, 0, 0, 4, 0.5, new Uint8Array(2) as never)).toThrow(/type is not an output type/);
    expect(() => a.deviceAlloc(1, -1)).toThrow(RangeError);
    const h = a.deviceAlloc(2, 0);
    expect(() => a.normalBM64(1, 2, 0, 0, 0, 1, h as unknown as Float64Array, 1)).toThrow(/n must be an integer no larger than the device array/);
    expect(() => a.normalBM32(1, 2, 0, 0, 0, 1, h as unknown as Float32Array, 0)).toThrow(/out must be a float32 device array/);
    expect(() => a.bits(1, 2, 0, 0, h as unknown as Uint32Array, 0)).toThrow(/out must be a uint32 device array/);
    expect(() => a.uniform64(1, 2, 0, 0, 0, 1, h as unknown as Float64Array, 1)).toThrow(/n must be an integer no larger/);
    expect(() => a.transform64(1, 2, 0, 0, 0, new Float64Array(2), h as unknown as Float64Array, 0.5)).toThrow(/n must be an integer/);
    a.normalBM64(1, 2, 0, 0, 0, 1, h as unknown as Float64Array, 0);
    a.deviceFree(h);
    a.deviceFree(h);
    expect(() => a.normalBM64(1, 2, 0, 0, 0, 1, h as unknown as Float64Array, 0)).toThrow(/out: the DeviceArray was freed/);
    expect(() => a.gamma64(1, 2, 0, 0, h as unknown as Float64Array, 1, -1, new Float64Array(0))).toThrow(/alpha: the DeviceArray was freed/);
    expect(() => a.deviceToHost(h, new Float64Array(0))).toThrow(/freed/);
    expect(() => a.normalBM32(1, 2, 0, 0, 0, 1, {} as unknown as Float32Array, 1)).toThrow(TypeError);
    expect(() => a.setTransferMode('fast' as never)).toThrow(RangeError);
    expect(a.transferMode()).toBe('staging');
    if (!gpu) {
      let err: (Error & { code?: string }) | null = null;
      try {
        a.deviceAlloc(1, 10);
      } catch (e) {
        err = e as Error & { code?: string };
      }
      expect(err?.code).toBe(a.deviceInfo().errorName);
    }
  });

  it('empty outputs succeed without CUDA', async () => {
    expect(addon!.bits(1, 2, 0, 0, new Uint32Array(0))).toBeUndefined();
    await expect(addon!.uniform32Async(1, 2, 0, 0, 0, 1, new Float32Array(0))).resolves.toBeUndefined();
  });

  it.skipIf(gpu)('a failing CUDA call throws (sync) or rejects (async) naming the CUDA error; the process stays usable', async () => {
    const name = addon!.deviceInfo().errorName!;
    let err: (Error & { code?: string }) | null = null;
    try {
      addon!.bits(1, 2, 0, 0, new Uint32Array(5));
    } catch (e) {
      err = e as Error & { code?: string };
    }
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/cuda-random: \w+.*: cudaError\w+: /);
    expect(err!.code).toBe(name);
    const asyncOps = addon as unknown as Record<string, (...a: unknown[]) => Promise<void>>;
    const calls = [
      addon!.bitsAsync(1, 2, 3, 0, new Uint32Array(7)),
      addon!.uniform32Async(1, 2, 3, 0, 0, 1, new Float32Array(7)),
      addon!.uniform64Async(1, 2, 3, 0, -1, 1, new Float64Array(7)),
      addon!.xorwowFillAsync(1, 0, 0, 0, 5, 0, new Uint32Array(7)),
      addon!.xorwowFillStateAsync(1, 2, 3, 4, 5, 6, 0, 0, new Uint32Array(7)),
      asyncOps.normalPolar64Async(1, 2, 0, 0, 0, 1, new Float64Array(7)),
      asyncOps.gamma32Async(1, 2, 0, 0, new Float32Array(7).fill(1), 1, -1, new Float32Array(7)),
      asyncOps.dirichlet64Async(1, 2, 0, 0, new Float64Array([1, 2]), 4, new Float64Array(7)),
    ];
    for (const c of await Promise.allSettled(calls)) {
      expect(c.status).toBe('rejected');
      expect((c as PromiseRejectedResult).reason.code).toBe(name);
    }
    expect(bits(key(3), 5)).toEqual(bits(key(3), 5, { backend: 'cpu' }));
  });
});

// ---- every entry point takes SharedArrayBuffer-backed arrays (issue 15, item 2) ------------------

const sab = <T extends Uint32Array | Int32Array | Float32Array | Float64Array>(C: new (b: SharedArrayBuffer) => T, n: number, fill = 0): T => {
  const a = new C(new SharedArrayBuffer(n * (C as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT));
  a.fill(fill);
  return a;
};

const sabOf = (C: new (b: SharedArrayBuffer) => Float64Array, values: ArrayLike<number>): Float64Array => {
  const a = sab(C, values.length);
  a.set(values);
  return a;
};

/** Dimension 0's Sobol32 direction vectors (van der Corput: 2^31, 2^30, …) in shared memory. */
const sobolDirs = (): Uint32Array => {
  const v = sab(Uint32Array, 32);
  for (let k = 0; k < 32; k++) v[k] = 2 ** (31 - k);
  return v;
};

/** Every addon function that takes a host typed array, called with SharedArrayBuffer-backed ones. */
const SAB_CALLS: Record<string, () => unknown[]> = {
  bits: () => [1, 2, 3, 0, sab(Uint32Array, 7)],
  uniform32: () => [1, 2, 3, 0, 0, 1, sab(Float32Array, 7)],
  uniform64: () => [1, 2, 3, 0, -1, 1, sab(Float64Array, 7)],
  xorwowFill: () => [1, 0, 0, 0, 5, 0, sab(Uint32Array, 7)],
  xorwowFillState: () => [1, 2, 3, 4, 5, 6, 0, 0, sab(Uint32Array, 7)],
  normalBM32: () => [1, 2, 0, 0, 0, 1, sab(Float32Array, 7)],
  normalBM64: () => [1, 2, 0, 0, 0, 1, sab(Float64Array, 7)],
  normalPolar32: () => [1, 2, 0, 0, 0, 1, sab(Float32Array, 7)],
  normalPolar64: () => [1, 2, 0, 0, 0, 1, sab(Float64Array, 7)],
  exponential32: () => [1, 2, 0, 0, 2, sab(Float32Array, 7)],
  exponential64: () => [1, 2, 0, 0, 2, sab(Float64Array, 7)],
  gamma32: () => [1, 2, 0, 0, sab(Float32Array, 7, 1.5), 1, -1, sab(Float32Array, 7)],
  gamma64: () => [1, 2, 0, 0, sab(Float64Array, 7, 0.5), 1, -1, sab(Float64Array, 7)],
  beta32: () => [1, 2, 0, 0, 1, 2, -1, sab(Float32Array, 7)],
  beta64: () => [1, 2, 0, 0, 1, 2, -1, sab(Float64Array, 7)],
  dirichlet32: () => [1, 2, 0, 0, sab(Float32Array, 3, 0.5), -1, sab(Float32Array, 9)],
  dirichlet64: () => [1, 2, 0, 0, sab(Float64Array, 3, 2), -1, sab(Float64Array, 9)],
  transform32: () => [1, 2, 0, 0, 0, sab(Float64Array, 2, 1), sab(Float32Array, 9)],
  transform64: () => [1, 2, 0, 0, 1, sab(Float64Array, 2, 1), sab(Float64Array, 9)],
  poissonI32: () => [1, 2, 0, 0, sab(Float64Array, 7, 3), -1, sab(Int32Array, 7)],
  poissonU32: () => [1, 2, 0, 0, 4, -1, sab(Uint32Array, 7)],
  poissonF64: () => [1, 2, 0, 0, sab(Float32Array, 7, 30), -1, sab(Float64Array, 7)],
  binomialI32: () => [1, 2, 0, 0, sab(Float64Array, 7, 20), sab(Float32Array, 7, 0.5), -1, sab(Int32Array, 7)],
  binomialU32: () => [1, 2, 0, 0, 20, 0.25, -1, sab(Uint32Array, 7)],
  binomialF64: () => [1, 2, 0, 0, 100, sab(Float64Array, 7, 0.3), -1, sab(Float64Array, 7)],
  negativeBinomialI32: () => [1, 2, 0, 0, 3, 0.5, -1, sab(Int32Array, 7)],
  negativeBinomialU32: () => [1, 2, 0, 0, 3, 0.5, -1, sab(Uint32Array, 7)],
  negativeBinomialF64: () => [1, 2, 0, 0, 3, 0.5, -1, sab(Float64Array, 7)],
  multinomialI32: () => [1, 2, 0, 0, 10, sab(Float64Array, 3, 1), sab(Int32Array, 9)],
  multinomialU32: () => [1, 2, 0, 0, 10, sab(Float64Array, 3, 1), sab(Uint32Array, 9)],
  multinomialF64: () => [1, 2, 0, 0, 10, sab(Float64Array, 3, 1), sab(Float64Array, 9)],
  studentT32: () => [1, 2, 0, 0, sab(Float64Array, 7, 1.5), -1, sab(Float32Array, 7)],
  studentT64: () => [1, 2, 0, 0, sab(Float32Array, 7, 0.5), -1, sab(Float64Array, 7)],
  f32: () => [1, 2, 0, 0, 1, 2, -1, sab(Float32Array, 7)],
  f64: () => [1, 2, 0, 0, 3, 4, -1, sab(Float64Array, 7)],
  fRows32: () => [1, 2, 0, 0, sab(Float64Array, 14, 1), -1, sab(Float32Array, 7)],
  fRows64: () => [1, 2, 0, 0, sab(Float64Array, 14, 1), -1, sab(Float64Array, 7)],
  // a row the facade derives: (1, 1, 1, 1, 1) never accepts and hung the GPU (run 3)
  element32: () => [1, 2, 0, 0, 0, sabOf(Float64Array, vonMisesParams(0.5, 2)), sab(Float32Array, 7)],
  element64: () => [1, 2, 0, 0, 1, sab(Float64Array, 14, 1.5), sab(Float64Array, 7)],
  mvn32: () => [1, 2, 0, 0, 2, sab(Float64Array, 5, 1), sab(Float32Array, 8)],
  mvn64: () => [1, 2, 0, 0, 2, sab(Float64Array, 5, 1), sab(Float64Array, 8)],
  aliasBuild: () => [sab(Float64Array, 5, 1), 0, sab(Uint32Array, 10), sab(Uint32Array, 5), sab(Uint32Array, 5), false],
  aliasUpload: () => [sab(Uint32Array, 10), 5],
  aliasCategorical: () => [sab(Float32Array, 5, 1), 1, 1, 2, 0, 0, sab(Uint32Array, 7)],
  integers: () => [1, 2, 0, 0, 3, -5, 10, sab(Int32Array, 7)],
  bernoulli: () => [1, 2, 0, 0, 4, sab(Float32Array, 7, 0.5), sab(Uint8Array, 7)],
  geometric: () => [1, 2, 0, 0, 2, sab(Float64Array, 7, 0.25), sab(Float64Array, 7)],
  // Sobol: 7 points of 1 dimension (van der Corput's vectors), randomised for the float32 one
  sobolU32: () => [1, 2, 0, 0, 7, 1, 1, 32, 0, 0, 0, 0, sobolDirs(), sab(Uint32Array, 7)],
  sobolF32: () => [1, 2, 0, 0, 7, 1, 1, 32, 1, 1, 0, 0, sobolDirs(), sab(Float32Array, 7)],
  sobolF64: () => [1, 2, 0, 0, 7, 1, 0, 32, 0, 2, 3, 0, sobolDirs(), sab(Float64Array, 7)],
  mrg32k3aFill: () => [1, 0, 0, 0, 5, 0, sab(Uint32Array, 7)],
  mrg32k3aUniform32: () => [1, 0, 2, 0, 5, 0, sab(Float32Array, 7)],
  mrg32k3aUniform64: () => [1, 0, 0, 1, 5, 0, sab(Float64Array, 7)],
  permutationI32: () => [1, 2, 0, 0, 9, sab(Int32Array, 7)],
  permutationU32: () => [1, 2, 0, 0, 9, sab(Uint32Array, 7)],
  permutationF64: () => [1, 2, 0, 0, 9, sab(Float64Array, 7)],
  weightedSampleI32: () => [1, 2, 0, 0, sab(Float64Array, 9, 1), sab(Int32Array, 7)],
  weightedSampleU32: () => [1, 2, 0, 0, sab(Float32Array, 9, 1), sab(Uint32Array, 7)],
  weightedSampleF64: () => [1, 2, 0, 0, sab(Float64Array, 9, 1), sab(Float64Array, 7)],
};
/** Host arrays plus a handle or table that only a GPU can make: run in the GPU part below. */
const NEEDS_DEVICE = ['aliasSample', 'aliasCounts', 'deviceToHost', 'deviceFromHost'];
/** No host arrays at all. */
const NO_ARRAYS = ['aliasTuning', 'currentDevice', 'deviceAlloc', 'deviceFree', 'deviceInfo', 'diagHog',
  'diagMemInfo', 'diagRelease', 'emulatedViolations', 'gammaDefaultProposals', 'napiVersion', 'pinnedArrayBuffer', 'setTransferMode',
  'transferMode', 'useDevice'];
/** The CPU backend's host SIMD kernels (no CUDA): test/native-cpu.test.ts and discrete.test.ts give them
 *  SharedArrayBuffer views. */
const HOST_SIMD = ['cpuSimd', 'cpuSimdCpu', 'cpuIntegers', 'cpuBernoulli', 'cpuBits', 'cpuUniform', 'cpuExponential',
  'cpuTransform', 'cpuElement', 'cpuGamma', 'cpuGammaDraws', 'cpuNormal', 'cpuDirichlet', 'cpuGeometric', 'cpuPoisson', 'cpuBinomial',
  'cpuNegativeBinomial', 'cpuMultinomial', 'cpuNormalZ', 'cpuPermutation', 'cpuPermutationPart'];

describe.skipIf(addon === null)('SharedArrayBuffer-backed arrays reach CUDA in every entry point', () => {
  it('every export of the addon is listed here (a new entry point must be added to SAB_CALLS)', () => {
    const listed = new Set([...Object.keys(SAB_CALLS), ...NEEDS_DEVICE, ...NO_ARRAYS, ...HOST_SIMD]);
    for (const name of Object.keys(addon!)) expect(listed.has(name.replace(/Async$/, '')), name).toBe(true);
  });

  it('sync and async: past argument parsing (without a driver the error is the CUDA runtime\'s)', async () => {
    const fns = addon as unknown as Record<string, (...a: unknown[]) => unknown>;
    const want = gpu ? null : addon!.deviceInfo().errorName;
    for (const [name, args] of Object.entries(SAB_CALLS)) {
      for (const fn of [name, `${name}Async`]) {
        if (typeof fns[fn] !== 'function') continue;
        let err: (Error & { code?: string }) | null = null;
        try {
          await fns[fn](...args());
        } catch (e) {
          err = e as Error & { code?: string };
        }
        if (gpu) expect(err, `${fn}: ${err?.message}`).toBeNull();
        else expect(err?.code, `${fn}: ${err?.message}`).toBe(want);
      }
    }
  });

  it('every registry op\'s declared CUDA arguments parse in the binding (the adapter\'s call, as ops.ts makes it)', () => {
    const fns = addon as unknown as Record<string, (...a: unknown[]) => unknown>;
    const want = gpu ? null : addon!.deviceInfo().errorName;
    const checked: string[] = [];
    for (const s of SAMPLERS) {
      const values: Record<string, unknown> = { method: s.method?.default, ...exampleValues(s, true) };
      if (s.rows) {
        const v = exampleValue(s.params.find((q) => q.name === s.rows!.param)!);
        values[s.rows.param] = Float64Array.from([v, 2 * v]);
      }
      for (const dtype of s.dtypes) {
        let low: ReturnType<typeof s.lower>;
        try {
          low = s.lower(values, dtype);
        } catch {
          continue;  // a sampler whose lowering needs more than ordinary scalar values (e.g. a matrix)
        }
        checked.push(s.name);
        const cuda = s.ops.find((o) => o.name === low.op)?.cuda;
        if (!cuda || cuda.fn === undefined) continue;
        const job = { op: low.op, key: [1, 2] as [number, number], lo: 0, hi: 0, out: new CTORS[dtype](6), params: low.params, perElement: {} };
        const args = [1, 2, 0, 0, ...cuda.args.map((a) => cudaArg(job, a)), job.out];
        let err: (Error & { code?: string }) | null = null;
        try {
          fns[cuda.fn](...args);
        } catch (e) {
          err = e as Error & { code?: string };
        }
        if (gpu) expect(err, `${cuda.fn}: ${err?.message}`).toBeNull();
        else expect(err?.code, `${cuda.fn}: ${err?.message}`).toBe(want);
      }
    }
    for (const name of ['gamma', 'poisson', 'binomial', 'negativeBinomial', 'multinomial']) expect(checked, name).toContain(name);
  });

  it.skipIf(!gpu)('the entry points that need a device handle or table (GPU)', async () => {
    const a = addon!;
    const t = a.aliasUpload(new Uint32Array([0xffffffff, 0, 0xffffffff, 1]), 2);
    a.aliasSample(t, 1, 2, 0, 0, sab(Uint32Array, 9));
    await a.aliasSampleAsync(t, 1, 2, 0, 0, sab(Uint32Array, 9));
    a.aliasCounts(t, 1, 2, 0, 0, 100, sab(Float64Array, 2));
    await a.aliasCountsAsync(t, 1, 2, 0, 0, 100, sab(Float64Array, 2));
    const h = a.deviceAlloc(2, 8);
    a.deviceFromHost(h, sab(Float64Array, 8, 3));
    await a.deviceFromHostAsync(h, sab(Float64Array, 8, 4));
    const back = sab(Float64Array, 8);
    await a.deviceToHostAsync(h, back);
    a.deviceToHost(h, back);
    expect([...back]).toEqual(new Array(8).fill(4));
    a.deviceFree(h);
  });

  it('useDevice takes an index (calls on a device that does not exist fail as CUDA calls)', () => {
    const a = addon!;
    const before = a.currentDevice();
    expect(() => a.useDevice(64)).toThrow(RangeError);
    expect(() => a.useDevice(-1)).toThrow(RangeError);
    a.useDevice(7);
    try {
      expect(a.currentDevice()).toBe(7);
      const info = a.deviceInfo();
      expect(info.usable).toBe(false);
      expect(Array.isArray(info.devices)).toBe(true);
      let err: (Error & { code?: string }) | null = null;
      try {
        a.bits(1, 2, 0, 0, new Uint32Array(3));
      } catch (e) {
        err = e as Error & { code?: string };
      }
      expect(err?.code).toMatch(/^cudaError/);
    } finally {
      a.useDevice(before);
    }
  });
});

// ---- on a GPU: bit-for-bit against the TypeScript backend ----------------------------------------

const SIZES = capped([1, 2, 3, 4, 5, 7, 31, 1023, 4097, 65537, BIG + 3, 2 * BIG + 5, 6 * BIG + 1]);
const OFFSETS: (number | bigint)[] = [0, 1, 2, 3, 5, 4 * (2 ** 32 - 1) - 2, 2 ** 40 + 1, 2n ** 62n + 3n];

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const x = new Uint8Array((a as Uint32Array).buffer, (a as Uint32Array).byteOffset, (a as Uint32Array).byteLength);
  const y = new Uint8Array((b as Uint32Array).buffer, (b as Uint32Array).byteOffset, (b as Uint32Array).byteLength);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

describe.skipIf(!gpu)('CUDA backend = TypeScript backend, bit for bit', () => {
  it('supports exactly the ops the addon implements', () => {
    for (const op of CUDA_OPS) expect(probe.backend!.supports(op)).toBe(true);
    expect(probe.backend!.supports('normal')).toBe(false);
  });

  it('bits and uniform, every size and offset shape (sync)', () => {
    const k = key(0x1234567890abn);
    for (const n of SIZES) {
      for (const offset of OFFSETS) {
        const o = { offset };
        expect(same(bits(k, n, { ...o, backend: 'cuda' }), bits(k, n, { ...o, backend: 'cpu' })), `bits n=${n} offset=${offset}`).toBe(true);
        for (const [low, high] of [[0, 1], [-2.5, 1e3]]) {
          for (const dtype of ['float32', 'float64'] as const) {
            const off = dtype === 'float64' && typeof offset === 'bigint' ? offset / 2n : offset;
            const a = uniform(k, n, { offset: off, dtype, low, high, backend: 'cuda' });
            const b = uniform(k, n, { offset: off, dtype, low, high, backend: 'cpu' });
            expect(same(a, b), `uniform ${dtype} [${low}, ${high}) n=${n} offset=${offset}`).toBe(true);
          }
        }
      }
    }
  });

  it('into subarray outputs at odd byte offsets of a larger buffer', () => {
    const k = key(9);
    const big = new Uint32Array(1000);
    const view = big.subarray(3, 3 + 517);
    bits(k, 517, { offset: 6, out: view, backend: 'cuda' });
    expect(same(view, bits(k, 517, { offset: 6, backend: 'cpu' }))).toBe(true);
    expect(big[2]).toBe(0);
    expect(big[520]).toBe(0);
    const f = new Float64Array(300).subarray(1, 258);
    uniform(k, 257, { offset: 1, out: f, backend: 'cuda' });
    expect(same(f, uniform(k, 257, { offset: 1, backend: 'cpu' }))).toBe(true);
  });

  it('async and concurrent calls give the same bits', async () => {
    const k = key(77);
    const jobs = Array.from({ length: 24 }, (_, i) => ({ n: 1000 + 37 * i + (i % 2 ? BIG : 0), offset: i * 3 }));
    const gpuOut = await Promise.all(jobs.map((j, i) => (i % 3 === 0
      ? uniformAsync(k, j.n, { offset: j.offset, dtype: i % 2 ? 'float32' : 'float64', backend: 'cuda' })
      : bitsAsync(k, j.n, { offset: j.offset, backend: 'cuda' }))));
    jobs.forEach((j, i) => {
      const ref = i % 3 === 0
        ? uniform(k, j.n, { offset: j.offset, dtype: i % 2 ? 'float32' : 'float64', backend: 'cpu' })
        : bits(k, j.n, { offset: j.offset, backend: 'cpu' });
      expect(same(gpuOut[i], ref), `job ${i}`).toBe(true);
    });
  });

  it('xorwowFill equals curand() stepping (the TypeScript Xorwow), from a seed and from a state', async () => {
    for (const [seed, sub, offset, n] of [[0n, 0n, 0n, 1], [1234n, 1n, 5n, 4099], [2n ** 64n - 1n, 3n, 1000n, 70001]] as const) {
      const out = new Uint32Array(n);
      const p = { seedLo: Number(seed & 0xffffffffn), seedHi: Number(seed >> 32n), subsequenceLo: Number(sub), subsequenceHi: 0 };
      probe.backend!.run({ op: 'xorwowFill', key: [0, 0], lo: Number(offset), hi: 0, out, params: p, perElement: {} });
      const g = new Xorwow(seed, { subsequence: sub, offset });
      const ref = new Uint32Array(n);
      for (let i = 0; i < n; i++) ref[i] = g.next();
      expect(same(out, ref), `xorwow seed=${seed} sub=${sub} offset=${offset} n=${n}`).toBe(true);
      const st = g.state();
      const out2 = new Uint32Array(333);
      await probe.backend!.runAsync({ op: 'xorwowFill', key: [0, 0], lo: 7, hi: 0, out: out2, params: { state: st }, perElement: {} });
      g.skip(7);
      for (let i = 0; i < 333; i++) expect(out2[i]).toBe(g.next());
    }
  });
});

describe.skipIf(!gpu)('CUDA Sobol and MRG32k3a = TypeScript backend, bit for bit', () => {
  it('sobol: layouts, 32/64 bits, uniform and normal, randomised, far offsets, every dimension; mrg32k3aFill: every dtype', async () => {
    const k = key(0x50b01);
    const cases: [number, Record<string, unknown>][] = [
      [BIG + 3, { dims: 3 }], [BIG + 3, { dims: 3, dtype: 'float32', layout: 'dimensions' }],
      [4099, { dims: 7, dtype: 'uint32', offset: 2 ** 32 - 4099 }], [4099, { dims: 5, offset: 2n ** 63n + 1n, key: k }],
      [4099, { dims: 5, transform: 'normal', key: k, scramble: 'shift' }], [33, { dims: 21201, dtype: 'float32', key: k }],
      [BIG + 1, { dims: 2, transform: 'normal', dtype: 'float32' }],
      // cuRAND's scrambled Sobol: libcurand's vectors and constants handed over (CR_SOBOL_SCRAMBLE_GIVEN)
      [4099, { dims: 5, scramble: 'curand', offset: 7, dtype: 'uint32' }], [BIG + 3, { dims: 3, scramble: 'curand', dtype: 'float32', layout: 'dimensions' }],
      [33, { dims: 20000, scramble: 'curand' }], [4099, { dims: 4, scramble: 'curand', transform: 'normal', offset: 2n ** 62n }],
    ];
    for (const [n, o] of cases) {
      const want = sobol(n, { ...o, backend: 'cpu' }) as Float64Array;
      expect(same(sobol(n, { ...o, backend: 'cuda' }) as Float64Array, want), `sobol ${n} ${String(Object.keys(o))}`).toBe(true);
      expect(same(await sobolAsync(n, { ...o, backend: 'cuda' }) as Float64Array, want), `sobolAsync ${n}`).toBe(true);
    }
    for (const dtype of ['uint32', 'float32', 'float64'] as const) {
      for (const [seed, sub, offset, n] of [[0n, 0n, 0n, 1], [1234n, 1n, 5n, 4099], [2n ** 64n - 1n, 2n ** 50n, 2n ** 63n, 3 * BIG + 7]] as const) {
        const want = mrg32k3aFill(seed, n, { subsequence: sub, offset, dtype, backend: 'cpu' });
        expect(same(mrg32k3aFill(seed, n, { subsequence: sub, offset, dtype, backend: 'cuda' }), want), `mrg32k3a ${dtype} ${n}`).toBe(true);
      }
    }
  });
});

describe.skipIf(!gpu)('CUDA distributions = TypeScript backend, bit for bit', () => {
  const k = key(0xabcdef12345n);
  const sizes = [1, 2, 3, 5, 33, 4097, BIG + 3, 5 * BIG + 1];
  const offsets: (number | bigint)[] = [0, 1, 3, 2 ** 40 + 1, 2n ** 59n + 3n];
  const alphas = Float64Array.from({ length: (5 << 20) + 1 }, (_, i) => [0.05, 0.7, 1, 4.5, 2, 100, 3][i % 7]);

  // Every offset at the small sizes, one offset at the two large ones: the CPU reference for all of them
  // took minutes on the first GPU machine (run 4 cut it at 150 s); scripts/gpu-compare.mjs covers 10^7
  it('normal (both methods), exponential, gamma (scalar, per element, every proposals), chisquare, beta, dirichlet, lognormal, weibull', () => {
    for (const n of sizes) {
      for (const offset of n > 4097 ? offsets.slice(-1) : offsets) {
        for (const dtype of ['float32', 'float64'] as const) {
          const both = (f: (b: 'cpu' | 'cuda') => Float32Array | Float64Array, what: string) =>
            expect(same(f('cuda'), f('cpu')), `${what} ${dtype} n=${n} offset=${offset}`).toBe(true);
          for (const method of ['box-muller', 'polar'] as const) both((b) => normal(k, n, { method, dtype, offset, mean: 1, std: 2, backend: b }), `normal ${method}`);
          both((b) => exponential(k, n, { dtype, offset, rate: 3, backend: b }), 'exponential');
          for (const proposals of [undefined, 1, 2, 4, 32]) {
            both((b) => gamma(k, n, { alpha: 0.3, dtype, offset, proposals, backend: b }), `gamma M=${proposals}`);
            if (proposals === undefined || proposals === 4) both((b) => gamma(k, n, { alpha: 3, dtype, offset, proposals, backend: b }), `gamma α=3 M=${proposals}`);
          }
          both((b) => gamma(k, n, { alpha: alphas.subarray(0, n), scale: 2, dtype, offset, backend: b }), 'gamma per element');
          both((b) => chisquare(k, n, { df: 5, dtype, offset, backend: b }), 'chisquare');
          both((b) => beta(k, n, { a: 0.5, b: 0.4, dtype, offset, proposals: 8, backend: b }), 'beta');
          if (n < 1 << 20) both((b) => dirichlet(k, [0.3, 2, 0.1], n, { dtype, offset, backend: b }), 'dirichlet');
          both((b) => lognormal(k, n, { mean: 0.5, std: 1.5, dtype, offset, backend: b }), 'lognormal');
          both((b) => weibull(k, n, { shape: 1.5, scale: 2, dtype, offset, backend: b }), 'weibull');
        }
      }
    }
  });

  it('async and concurrent calls give the same bits', async () => {
    const jobs = Array.from({ length: 16 }, (_, i) => ({ n: 3000 + 101 * i + (i % 3 ? 0 : BIG), offset: 5 * i }));
    const gpuOut = await Promise.all(jobs.map((j, i) => (i % 3 === 0
      ? normalAsync(k, j.n, { offset: j.offset, method: 'polar', backend: 'cuda' })
      : i % 3 === 1 ? gammaAsync(k, j.n, { offset: j.offset, alpha: 0.7, dtype: 'float32', backend: 'cuda' })
        : dirichletAsync(k, [0.5, 0.5, 3], j.n, { offset: j.offset, backend: 'cuda' }))));
    jobs.forEach((j, i) => {
      const ref = i % 3 === 0 ? normal(k, j.n, { offset: j.offset, method: 'polar', backend: 'cpu' })
        : i % 3 === 1 ? gamma(k, j.n, { offset: j.offset, alpha: 0.7, dtype: 'float32', backend: 'cpu' })
          : dirichlet(k, [0.5, 0.5, 3], j.n, { offset: j.offset, backend: 'cpu' });
      expect(same(gpuOut[i], ref), `job ${i}`).toBe(true);
    });
  });
});

describe.skipIf(!gpu)('DeviceArrays in GPU memory', () => {
  const k = key(0x1357n);

  it('out: device (every sampler), device shapes, toHost/toHostAsync, free, and copies across backends', async () => {
    const n = BIG + 5;
    const cases: [string, (o: Record<string, unknown>) => unknown][] = [
      ['bits', (o) => bits(k, n, o)],
      ['uniform', (o) => uniform(k, n, { dtype: 'float32', ...o })],
      ['normal polar', (o) => normal(k, n, { method: 'polar', ...o })],
      ['gamma', (o) => gamma(k, n, { alpha: 0.3, ...o })],
      ['exponential', (o) => exponential(k, n, o)],
      ['chisquare', (o) => chisquare(k, n, { df: 1, ...o })],
      ['beta', (o) => beta(k, n, { a: 2, b: 0.5, ...o })],
      ['dirichlet', (o) => dirichlet(k, [0.2, 0.3], n, o)],
    ];
    for (const [name, f] of cases) {
      const d = f({ out: 'device' }) as DeviceArray;
      expect(d.backend, name).toBe('cuda');
      expect(same(d.toHost(), f({ backend: 'cpu' }) as Float64Array), name).toBe(true);
      expect(same(await d.toHostAsync(), f({ backend: 'cpu' }) as Float64Array), `${name} async`).toBe(true);
      d.free();
      expect(() => d.toHost()).toThrow(/freed/);
    }
    const host = Float32Array.from({ length: n }, (_, i) => [0.05, 0.7, 1, 4.5, 300][i % 5]);
    const alpha = DeviceArray.from(host);
    expect(same(gamma(k, n, { alpha }), gamma(k, n, { alpha: host, backend: 'cpu' }))).toBe(true);
    expect(same(gamma(k, n, { alpha, backend: 'cpu' }), gamma(k, n, { alpha: host, backend: 'cpu' }))).toBe(true);
    const out = await gammaAsync(k, n, { alpha, out: 'device', dtype: 'float32' });
    expect(same(out.toHost(), gamma(k, n, { alpha: host, dtype: 'float32', backend: 'cpu' }))).toBe(true);
    const K = DeviceArray.from(new Float64Array([0.5, 1.5, 3]));
    expect(same(await dirichletAsync(k, K, 1000), dirichlet(k, [0.5, 1.5, 3], 1000, { backend: 'cpu' }))).toBe(true);
  });

  it('invalid shapes in GPU memory are found on the GPU: RangeError naming the first bad index', async () => {
    const bad = new Float64Array(5000).fill(2);
    bad[4321] = -1;
    bad[4999] = 0;
    const alpha = DeviceArray.from(bad);
    expect(() => gamma(k, 5000, { alpha })).toThrow(RangeError);
    expect(() => gamma(k, 5000, { alpha })).toThrow(/^alpha\[4321\] must be finite and > 0, got -1$/);
    await expect(gammaAsync(k, 5000, { alpha, out: 'device' })).rejects.toThrow(/alpha\[4321\]/);
    expect(() => dirichlet(k, DeviceArray.from(new Float64Array([1, NaN])), 3)).toThrow(/alpha\[1\]/);
  });
});

// ---- the GPU comparison scripts' sweeps (scripts/gpu/), at small sizes: every sampler (counts, discrete,
// transforms, von Mises, MVN, Student's t, F … included), permutations and weighted samples, Sobol and
// MRG32k3a — on a GPU, and on the emulated device in `npm test` ----------------------------------------

describe.skipIf(!gpu)('every sampler, permutation and QMC generator: CUDA = TypeScript backend (scripts/gpu sweeps)', () => {
  const sweep = async (section: (a: Record<string, unknown>) => Promise<void>, max: number) => {
    const lib = await import('../lib/index.js');
    const results = { comparisons: 0, mismatches: [] as unknown[], timings: [] as unknown[] };
    const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    const record = (label: string, g: ArrayBufferView, c: ArrayBufferView) => {
      results.comparisons++;
      const same = bytes(g).equals(bytes(c));
      if (!same) results.mismatches.push(label);
      return same;
    };
    const silent = console.log;
    console.log = () => {};
    try {
      await section({ lib, record, results, now: () => performance.now(), max });
    } finally {
      console.log = silent;
    }
    expect(results.comparisons).toBeGreaterThan(20);
    expect(results.mismatches).toEqual([]);
  };

  it('compare-distributions.mjs: every sampler, dtype, method switch and per-element form', async () => {
    const { compareDistributions } = await import('../scripts/gpu/compare-distributions.mjs');
    const transforms = { list: [...TRANSFORMS, ...ELEMENTS], parameterSets };
    await sweep((a) => compareDistributions({ ...a, transforms }), emulated ? 1000 : 65537);
  });

  it('compare-permute.mjs: permutations, uniform and weighted samples without replacement', async () => {
    const { comparePermute } = await import('../scripts/gpu/compare-permute.mjs');
    await sweep(comparePermute, emulated ? 4099 : 65537);
  });

  it('compare-qrng.mjs: Sobol and MRG32k3a', async () => {
    const { compareQrng } = await import('../scripts/gpu/compare-qrng.mjs');
    await sweep(compareQrng, emulated ? 4099 : 65537);
  });
});

// ---- last: the fake runtime under the emulated device saw no misuse by the product code -------------------
describe.skipIf(!emulated)('the emulated device\'s runtime (binding/emulated.cc)', () => {
  it('recorded no violation in this file\'s calls (streams, memory lifetimes, devices)', () => {
    const list = (addon as unknown as { emulatedViolations?: () => string[] }).emulatedViolations;
    expect(typeof list).toBe('function');
    expect(list!()).toEqual([]);
  });
});
