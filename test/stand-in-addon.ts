/**
 * A stand-in for the CUDA addon that computes every op with the CPU kernels: running the CUDA backend's
 * adapters (lib/backend/cuda/*) against it must reproduce the CPU backend bit for bit, which proves
 * that each adapter passes its arguments right (key words, offset halves, parameters, per-element
 * arrays, output). It also checks what the real binding would reject (argument counts and types, lane
 * counts), so a malformed call fails here rather than only on a GPU.
 */
import type { CudaAddon } from '../lib/backend/cuda/backend.js';
import { rawBits, uniform32, uniform64 } from '../lib/kernels/raw.js';
import { normalBM32, normalBM64, normalPolar32, normalPolar64 } from '../lib/kernels/normal.js';
import { betaKernel, dirichletKernel, exponentialKernel, gammaKernel } from '../lib/kernels/gamma.js';
import { Xorwow } from '../lib/xorwow/xorwow.js';
import { checkWeights, fixedPoint } from '../lib/alias/fixed-point.js';
import { buildRows } from '../lib/alias/psa.js';
import { aliasSample, cdfSample, prefixUnits } from '../lib/kernels/alias.js';

const u64 = (lo: number, hi: number) => (BigInt(hi) << 32n) | BigInt(lo);

function xorwowFrom(v: number[], d: number, skip: bigint): Xorwow {
  const g = Xorwow.fromState({ v: v as [number, number, number, number, number], d });
  return skip ? g.skip(skip) : g;
}

function words(...w: unknown[]): void {
  for (const x of w) {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 0xffffffff) throw new RangeError(`bad word ${String(x)}`);
  }
}

function nums(...v: unknown[]): void {
  for (const x of v) if (typeof x !== 'number') throw new TypeError(`expected a number, got ${typeof x}`);
}

/** What binding/distributions.cc accepts for lanes: -1 (default), 0 (thread per element) or a power of two <= 32. */
function lanesM(lanes: unknown): number {
  if (typeof lanes !== 'number' || ![-1, 0, 1, 2, 4, 8, 16, 32].includes(lanes)) throw new RangeError(`bad lanes ${String(lanes)}`);
  return lanes <= 0 ? 1 : lanes;
}

/** Calls that record the arguments they got, for tests that check routing (lanes, etc.). */
export const calls: { name: string; args: unknown[]; device?: number }[] = [];

type Fn = (...a: never[]) => unknown;

function out32(o: unknown): Float32Array {
  if (!(o instanceof Float32Array)) throw new TypeError('out must be a Float32Array');
  return o;
}
function out64(o: unknown): Float64Array {
  if (!(o instanceof Float64Array)) throw new TypeError('out must be a Float64Array');
  return o;
}

/** The sync ops; `<name>Async` twins are derived below. */
const sync: Record<string, Fn> = {
  bits: (k0: number, k1: number, lo: number, hi: number, out: Uint32Array) => { words(k0, k1, lo, hi); rawBits(k0, k1, lo, hi, out); },
  uniform32: (k0: number, k1: number, lo: number, hi: number, low: number, high: number, out: Float32Array) => uniform32(k0, k1, lo, hi, out, low, high),
  uniform64: (k0: number, k1: number, lo: number, hi: number, low: number, high: number, out: Float64Array) => uniform64(k0, k1, lo, hi, out, low, high),
  xorwowFill: (sl: number, sh: number, ql: number, qh: number, ol: number, oh: number, out: Uint32Array) =>
    void new Xorwow(u64(sl, sh), { subsequence: u64(ql, qh), offset: u64(ol, oh) }).fill(out),
  xorwowFillState: (a: number, b: number, c: number, d: number, e: number, w: number, sl: number, sh: number, out: Uint32Array) =>
    void xorwowFrom([a, b, c, d, e], w, u64(sl, sh)).fill(out),

  normalBM32: (k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: unknown) => { words(k0, k1, lo, hi); nums(mean, std); normalBM32(k0, k1, lo, hi, out32(out), mean, std); },
  normalBM64: (k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: unknown) => { words(k0, k1, lo, hi); nums(mean, std); normalBM64(k0, k1, lo, hi, out64(out), mean, std); },
  normalPolar32: (k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: unknown) => { words(k0, k1, lo, hi); nums(mean, std); normalPolar32(k0, k1, lo, hi, out32(out), mean, std); },
  normalPolar64: (k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: unknown) => { words(k0, k1, lo, hi); nums(mean, std); normalPolar64(k0, k1, lo, hi, out64(out), mean, std); },
  exponential32: (k0: number, k1: number, lo: number, hi: number, rate: number, out: unknown) => { words(k0, k1, lo, hi); nums(rate); exponentialKernel(k0, k1, lo, hi, out32(out), rate, false); },
  exponential64: (k0: number, k1: number, lo: number, hi: number, rate: number, out: unknown) => { words(k0, k1, lo, hi); nums(rate); exponentialKernel(k0, k1, lo, hi, out64(out), rate, true); },
  gamma32: (k0: number, k1: number, lo: number, hi: number, alpha: unknown, scale: number, lanes: number, out: unknown) => gammaOp(k0, k1, lo, hi, alpha, scale, lanes, out32(out), false),
  gamma64: (k0: number, k1: number, lo: number, hi: number, alpha: unknown, scale: number, lanes: number, out: unknown) => gammaOp(k0, k1, lo, hi, alpha, scale, lanes, out64(out), true),
  beta32: (k0: number, k1: number, lo: number, hi: number, a: number, b: number, lanes: number, out: unknown) => { words(k0, k1, lo, hi); nums(a, b); betaKernel(k0, k1, lo, hi, out32(out), a, b, lanesM(lanes), false); },
  beta64: (k0: number, k1: number, lo: number, hi: number, a: number, b: number, lanes: number, out: unknown) => { words(k0, k1, lo, hi); nums(a, b); betaKernel(k0, k1, lo, hi, out64(out), a, b, lanesM(lanes), true); },
  dirichlet32: (k0: number, k1: number, lo: number, hi: number, alpha: unknown, lanes: number, out: unknown) => dirichletOp(k0, k1, lo, hi, alpha, lanes, out32(out), false),
  dirichlet64: (k0: number, k1: number, lo: number, hi: number, alpha: unknown, lanes: number, out: unknown) => dirichletOp(k0, k1, lo, hi, alpha, lanes, out64(out), true),
};

function shapes(alpha: unknown): Float32Array | Float64Array {
  if (alpha instanceof Float32Array || alpha instanceof Float64Array) return alpha;
  throw new TypeError('alpha must be a Float32Array or Float64Array');
}

function gammaOp(k0: number, k1: number, lo: number, hi: number, alpha: unknown, scale: number, lanes: number,
  out: Float32Array | Float64Array, wide: boolean): void {
  words(k0, k1, lo, hi);
  nums(scale);
  const M = lanesM(lanes);
  if (typeof alpha === 'number') {
    gammaKernel(k0, k1, lo, hi, out, alpha, undefined, scale, M, wide);
  } else {
    const a = shapes(alpha);
    if (a.length < out.length) throw new RangeError('alpha has fewer values than out');
    gammaKernel(k0, k1, lo, hi, out, 0, a.subarray(0, out.length), scale, M, wide);
  }
}

function dirichletOp(k0: number, k1: number, lo: number, hi: number, alpha: unknown, lanes: number,
  out: Float32Array | Float64Array, wide: boolean): void {
  words(k0, k1, lo, hi);
  dirichletKernel(k0, k1, lo, hi, out, Float64Array.from(shapes(alpha)), lanesM(lanes), wide);
}

// ---- device memory: a handle object over a typed array, checked like binding/device_array.cc ----

const CTORS = [Uint32Array, Float32Array, Float64Array] as const;
type Data = Uint32Array | Float32Array | Float64Array;

/** The device the stand-in's calls run on (useDevice; binding/addon.cc keeps it per environment). */
const current = { device: 0 };

/** A stand-in device array handle (not a typed array, so adapters must pass it through as a handle). */
export class StandInHandle {
  readonly device = current.device;
  constructor(public data: Data | null, readonly type: number) {}
}

/** What binding/device_array.h refuses: a handle of another device than the call's. */
function sameDevice(device: number, name: string): void {
  if (device !== current.device) {
    throw new TypeError(`${name} is a device array on GPU ${device} but this call runs on GPU ${current.device}`);
  }
}

/** Live memory counted like napi_adjust_external_memory would (bytes). */
export const external = { bytes: 0 };

function live(h: unknown, name: string): Data {
  if (!(h instanceof StandInHandle)) throw new TypeError(`${name} must be a device array handle`);
  if (!h.data) throw new Error(`${name}: the DeviceArray was freed`);
  sameDevice(h.device, name);
  return h.data;
}

/**
 * What the binding does with handle arguments: an output handle (followed by its n, last) becomes its
 * first n elements; a shape handle becomes its values.
 */
function resolve(args: unknown[]): unknown[] {
  const last = args.length - 1;
  if (args.length >= 2 && args[last - 1] instanceof StandInHandle) {
    const n = args[last];
    const data = live(args[last - 1], 'out');
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > data.length) throw new RangeError('n must be an integer no larger than the device array');
    args = [...args.slice(0, last - 1), data.subarray(0, n)];
  }
  return args.map((a) => (a instanceof StandInHandle ? live(a, 'alpha') : a));
}

const device: Record<string, Fn> = {
  deviceAlloc: (type: number, length: number) => {
    const h = new StandInHandle(new CTORS[type](length), type);
    external.bytes += h.data!.byteLength;
    return h;
  },
  deviceFree: (h: StandInHandle) => {
    if (h.data) external.bytes -= h.data.byteLength;
    h.data = null;
  },
  deviceToHost: (h: StandInHandle, out: Data) => { out.set(live(h, 'handle').subarray(0, out.length) as never); },
  deviceFromHost: (h: StandInHandle, src: Data) => { live(h, 'handle').set(src as never); },
  bitsInto: (k0: number, k1: number, lo: number, hi: number, h: StandInHandle, n: number) => sync.bits(...(resolve([k0, k1, lo, hi, h, n]) as never[])),
  uniform32Into: (k0: number, k1: number, lo: number, hi: number, low: number, high: number, h: StandInHandle, n: number) =>
    sync.uniform32(...(resolve([k0, k1, lo, hi, low, high, h, n]) as never[])),
  uniform64Into: (k0: number, k1: number, lo: number, hi: number, low: number, high: number, h: StandInHandle, n: number) =>
    sync.uniform64(...(resolve([k0, k1, lo, hi, low, high, h, n]) as never[])),
};

// ---- alias tables (binding/alias.cc): weights may be a float handle, samples may go to a uint32 handle ----

/** A stand-in device alias table (aliasBuild with keep, aliasUpload). */
export class StandInTable {
  readonly device = current.device;
  constructor(readonly rows: Uint32Array, readonly n: number) {}
}

const ALIAS_METHODS = ['psa', 'psa+'] as const;

/** printf's "%.17g", as cuda/src/cr_api_alias.cpp formats the offending weight. */
export function cFormat17g(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-inf' : 'inf';
  const strip = (m: string) => (m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m);
  const [m, e] = v.toExponential(16).split('e');
  const x = Number(e);
  // %g: exponential when the exponent is < -4 or >= the precision, else fixed; trailing zeros dropped
  if (x < -4 || x >= 17) return `${strip(m)}e${x < 0 ? '-' : '+'}${String(Math.abs(x)).padStart(2, '0')}`;
  return strip(v.toFixed(16 - x));
}

function erange(message: string): Error {
  return Object.assign(new Error(`cuda-random: ${message}`), { code: 'ERANGE' });
}

/**
 * Weights as the binding reads them: host values as they are (the facade checked them), a handle's
 * values checked by the device's rule first (cr_alias_check_device), failing with code 'ERANGE'.
 */
function aliasWeights(w: unknown): Float32Array | Float64Array {
  if (w instanceof Float32Array || w instanceof Float64Array) return w;
  if (!(w instanceof StandInHandle)) throw new TypeError('weights must be a Float64Array, Float32Array or a device array handle');
  const v = live(w, 'weights');
  if (!(v instanceof Float32Array || v instanceof Float64Array)) throw new TypeError('weights must be a float32 or float64 device array');
  if (v.length === 0) throw new RangeError('weights must have 1 … 2^32-1 items');
  let positive = false;
  for (let i = 0; i < v.length; i++) {
    if (!(v[i] >= 0 && v[i] < Infinity)) throw erange(`weights[${i}] must be a finite number >= 0, got ${cFormat17g(v[i])}`);
    if (v[i] > 0) positive = true;
  }
  if (!positive) throw erange(`weights must have at least one positive weight; all ${v.length} are zero`);
  return v;
}

function aliasTable(t: unknown): StandInTable {
  if (!(t instanceof StandInTable)) throw new TypeError('table must be a device alias table (from aliasBuild or aliasUpload)');
  if (t.device !== current.device) throw new TypeError(`table is on GPU ${t.device} but this call runs on GPU ${current.device}`);
  return t;
}

function optRows(a: unknown, len: number, name: string): Uint32Array | null {
  if (a === null || a === undefined) return null;
  if (!(a instanceof Uint32Array) || a.length !== len) throw new TypeError(`${name} must be a Uint32Array of ${len} or null`);
  return a;
}

/** Samples' destination: a Uint32Array, or a uint32 handle followed by n. */
function sampleOut(args: unknown[], i: number): Uint32Array {
  const o = args[i];
  if (o instanceof Uint32Array) return o;
  const [out] = resolve([o, args[i + 1]]) as [unknown];
  if (!(out instanceof Uint32Array)) throw new TypeError('out must be a uint32 device array');
  return out;
}

const alias: Record<string, Fn> = {
  aliasBuild: (w: unknown, method: number, rows: unknown, hi: unknown, lo: unknown, keep: boolean) => {
    const v = aliasWeights(w);
    const fp = fixedPoint(checkWeights(v));
    const r = buildRows(fp.hi, fp.lo, ALIAS_METHODS[method]);
    optRows(rows, 2 * v.length, 'rows')?.set(r);
    optRows(hi, v.length, 'hi')?.set(fp.hi);
    optRows(lo, v.length, 'lo')?.set(fp.lo);
    return keep ? new StandInTable(r, v.length) : undefined;
  },
  aliasUpload: (rows: Uint32Array, n: number) => new StandInTable(rows.slice(), n),
  aliasSample: (...a: unknown[]) => {
    const t = aliasTable(a[0]);
    words(a[1], a[2], a[3], a[4]);
    aliasSample(a[1] as number, a[2] as number, a[3] as number, a[4] as number, sampleOut(a, 5), t.rows, t.n);
  },
  aliasCounts: (tab: unknown, k0: number, k1: number, lo: number, hi: number, count: number, out: Float64Array) => {
    const t = aliasTable(tab);
    const s = new Uint32Array(count);
    aliasSample(k0, k1, lo, hi, s, t.rows, t.n);
    for (const x of s) out[x]++;
  },
  aliasCategorical: (...a: unknown[]) => {
    const v = aliasWeights(a[0]);
    const method = a[1] as number;
    words(a[2], a[3], a[4], a[5]);
    const out = sampleOut(a, 6);
    const fp = fixedPoint(checkWeights(v));
    const [k0, k1, lo, hi] = a.slice(2, 6) as number[];
    if (method === 2) cdfSample(k0, k1, lo, hi, out, prefixUnits(fp.hi, fp.lo), v.length);
    else aliasSample(k0, k1, lo, hi, out, buildRows(fp.hi, fp.lo, ALIAS_METHODS[method]), v.length);
  },
};

/** A fresh stand-in addon (records every call in `calls`, with the device it ran on), pretending to
 *  have `devices` GPUs. */
export function standInAddon(devices = 1): CudaAddon {
  let mode: 'staging' | 'register' = 'staging';
  current.device = 0;
  const list = Array.from({ length: devices }, (_, i) => ({
    index: i, name: `Stand-in GPU ${i}`, computeCapability: '9.0', multiprocessors: 4, totalMemory: 2 ** 33,
  }));
  const addon: Record<string, unknown> = {
    deviceInfo: () => ({
      usable: current.device < devices, runtimeVersion: 13000, driverVersion: 13000, deviceCount: devices, archs: 'stand-in',
      device: current.device, name: `Stand-in GPU ${current.device}`, computeCapability: '9.0', devices: list,
    }),
    useDevice: (d: number) => {
      if (!Number.isInteger(d) || d < 0 || d > 63) throw new RangeError('device must be an integer in [0, 63]');
      current.device = d;
    },
    currentDevice: () => current.device,
    pinnedArrayBuffer: (bytes: number) => new ArrayBuffer(bytes),
    gammaDefaultLanes: 0,
    aliasTuning: () => ({ split: 0, pack: 0, counts: 0 }),
    setTransferMode: (m: 'staging' | 'register') => { mode = m; },
    transferMode: () => mode,
    deviceAlloc: device.deviceAlloc,
    deviceFree: device.deviceFree,
  };
  const ops: [string, Fn][] = [
    ...Object.entries(sync).map(([name, f]): [string, Fn] => [name, (...a: never[]) => f(...(resolve(a) as never[]))]),
    ...['deviceToHost', 'deviceFromHost', 'bitsInto', 'uniform32Into', 'uniform64Into'].map((name): [string, Fn] => [name, device[name]]),
    ...Object.entries(alias),
  ];
  for (const [name, f] of ops) {
    addon[name] = (...args: never[]) => {
      if (current.device >= devices) throw Object.assign(new Error('cuda-random: cudaSetDevice: cudaErrorInvalidDevice'), { code: 'cudaErrorInvalidDevice' });
      calls.push({ name, args, device: current.device });
      return f(...args);
    };
    addon[`${name}Async`] = async (...args: never[]) => {
      const device = current.device;  // captured when the call is made, as the binding's workers do
      calls.push({ name: `${name}Async`, args, device });
      await Promise.resolve();
      const was = current.device;
      current.device = device;
      try {
        return f(...args);
      } finally {
        current.device = was;
      }
    };
  }
  return addon as unknown as CudaAddon;
}
