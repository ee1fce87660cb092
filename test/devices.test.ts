/**
 * Device selection (issue 15, item 7) with a stand-in addon that pretends to have two GPUs
 * (test/stand-in-addon.ts, standInAddon(2)): the `device` option routes a call, async calls keep the
 * device they were made on, DeviceArrays remember theirs, an operand on another GPU is copied through
 * the host (inputs) or refused (an `out` against an explicit device), and bad indices are named errors.
 * The binding's own half (per-environment device, handles refused across devices) is
 * cuda/test/test_runtime.cpp's "devices" case and native.test.ts.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AliasTable, DeviceArray, backend, bits, bitsAsync, gamma, gammaAsync, key, normal, shutdownPool, uniform,
} from '../lib/index.js';
import { deviceFromEnv, makeCudaBackend } from '../lib/backend/cuda/backend.js';
import { standInProbe } from './stand-in-probe.js';
import { StandInHandle, calls, standInAddon } from './stand-in-addon.js';

vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));

afterAll(() => shutdownPool());

const k = key(0xd371ce);
const addon = standInAddon(2);
const gpus = [makeCudaBackend(addon, 0, 0), makeCudaBackend(addon, 0, 1)];

const same = (a: ArrayBufferView, b: ArrayBufferView) =>
  expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))).toBe(true);
const ran = (name: string) => calls.filter((c) => c.name === name).map((c) => c.device);

beforeEach(() => {
  standInProbe.cuda = gpus[0];
  standInProbe.devices = gpus;
  calls.length = 0;
});

describe('the device option', () => {
  it('routes a call to that GPU; the default is device 0; the bits are the same', () => {
    same(bits(k, 100, { backend: 'cuda', device: 1 }), bits(k, 100, { backend: 'cpu' }));
    same(bits(k, 100, { backend: 'cuda' }), bits(k, 100, { backend: 'cpu' }));
    expect(ran('bits')).toEqual([1, 0]);
  });

  it('an async call keeps the device it was made on, whatever runs next', async () => {
    const p = bitsAsync(k, 64, { backend: 'cuda', device: 1 });
    bits(k, 8, { backend: 'cuda', device: 0 });
    same(await p, bits(k, 64, { backend: 'cpu' }));
    expect(calls.map((c) => [c.name, c.device])).toEqual([['bitsAsync', 1], ['bits', 0]]);
  });

  it("out: 'device' lands on the chosen GPU; the DeviceArray remembers it", () => {
    const d = normal(k, 50, { out: 'device', device: 1 }) as DeviceArray;
    expect([d.backend, d.device]).toEqual(['cuda', 1]);
    expect((d as unknown as { [Symbol.toStringTag]: string })[Symbol.toStringTag]).toMatch(/cuda:1/);
    same(d.toHost(), normal(k, 50, { backend: 'cpu' }));
    const e = DeviceArray.from(new Float32Array([1, 2, 3]), { device: 1 });
    expect(e.device).toBe(1);
    expect(DeviceArray.from(new Float32Array(2)).device).toBe(0);
    expect(DeviceArray.from(new Float32Array(2), { backend: 'cpu' }).device).toBeNull();
  });

  it('under auto a call follows its GPU operands: a device-1 alpha runs on device 1, read in place', () => {
    const host = Float64Array.from({ length: 40 }, (_, i) => 0.5 + i);
    const alpha = DeviceArray.from(host, { device: 1 });
    calls.length = 0;
    same(gamma(k, 40, { alpha }), gamma(k, 40, { alpha: host, backend: 'cpu' }));
    const g = calls.find((c) => c.name === 'gamma64')!;
    expect(g.device).toBe(1);
    expect(g.args[4]).toBeInstanceOf(StandInHandle);
  });

  it('an input on another GPU than the one asked for is copied through the host', async () => {
    const host = Float64Array.from({ length: 40 }, (_, i) => 0.25 + i / 3);
    const alpha = DeviceArray.from(host, { device: 1 });
    calls.length = 0;
    same(gamma(k, 40, { alpha, device: 0 }), gamma(k, 40, { alpha: host, backend: 'cpu' }));
    expect(calls.map((c) => [c.name, c.device])).toEqual([['deviceToHost', 1], ['gamma64', 0]]);
    expect(calls[1].args[4]).toBeInstanceOf(Float64Array);
    same(await gammaAsync(k, 40, { alpha, device: 0 }), gamma(k, 40, { alpha: host, backend: 'cpu' }));
  });

  it('an out on another GPU than an explicit device is a TypeError (nothing written)', () => {
    const out = DeviceArray.from(new Float64Array(10), { device: 1 });
    expect(() => uniform(k, 10, { out, device: 0 })).toThrow(TypeError);
    expect(() => uniform(k, 10, { out, device: 0 })).toThrow(/out is a DeviceArray on GPU 1 but this call runs on GPU 0/);
    expect(out.toHost().every((v) => v === 0)).toBe(true);
    // without the option the call follows the out
    uniform(k, 10, { out });
    same(out.toHost(), uniform(k, 10, { backend: 'cpu' }));
  });

  it('bad indices are named errors, whatever the backend', () => {
    expect(() => bits(k, 4, { backend: 'cuda', device: 2 })).toThrow(RangeError);
    expect(() => bits(k, 4, { backend: 'cuda', device: 2 })).toThrow(/device must be a CUDA device index below 2 \(2 visible\), got 2/);
    for (const bad of [-1, 1.5, 64, NaN]) expect(() => bits(k, 4, { device: bad })).toThrow(/device must be an integer in \[0, 63\]/);
    for (const bad of ['1', null, {}]) expect(() => bits(k, 4, { device: bad as never })).toThrow(TypeError);
    expect(() => bits(k, 4, { backend: 'cpu', device: 'gpu1' as never })).toThrow(/device must be a CUDA device index \(a number\)/);
    expect(() => bits(k, 0, { device: -3 })).toThrow(RangeError);  // checked even when nothing is drawn
    expect(() => DeviceArray.from(new Float32Array(1), { device: 9 })).toThrow(/below 2/);
  });

  it('backend({ device }) reports the device', () => {
    expect(backend({ device: 1 })).toMatchObject({ name: 'cuda', device: 1, reason: 'stand-in CUDA device 1' });
    expect(backend()).toMatchObject({ name: 'cuda', reason: 'stand-in CUDA backend' });
    expect(() => backend({ device: 5 })).toThrow(RangeError);
  });

  it('an alias table keeps one device copy per GPU it sampled on', () => {
    const t = AliasTable.build([1, 2, 3, 4, 0, 5], { backend: 'cpu' });  // no device copy yet
    const want = t.sample(k, 5000, { backend: 'cpu' });
    calls.length = 0;
    same(t.sample(k, 5000, { backend: 'cuda', device: 1 }), want);
    same(t.sample(k, 5000, { backend: 'cuda', device: 0 }), want);
    same(t.sample(k, 5000, { backend: 'cuda', device: 1 }), want);
    expect(ran('aliasUpload')).toEqual([1, 0]);
    expect(ran('aliasSample')).toEqual([1, 0, 1]);
  });
});

describe('CUDA_RANDOM_DEVICE', () => {
  it('is a device index or unset', () => {
    expect(deviceFromEnv(undefined)).toBeUndefined();
    expect(deviceFromEnv('')).toBeUndefined();
    expect(deviceFromEnv('3')).toBe(3);
    for (const bad of ['-1', 'one', '1.5', '0x1']) expect(() => deviceFromEnv(bad)).toThrow(/CUDA_RANDOM_DEVICE must be a device index/);
  });
});
