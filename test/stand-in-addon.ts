/**
 * A stand-in for the CUDA addon that computes every op with the CPU kernels, derived from the registry
 * (lib/samplers/registry.ts): each op's addon function takes (k0, k1, lo, hi, its declared arguments…,
 * out[, n]) and runs the op's specification kernel. Running the CUDA backend's adapters
 * (lib/backend/cuda/ops.ts, custom.ts) against it must reproduce the CPU backend bit for bit, which
 * proves that each adapter passes its arguments right. It also checks what the real binding would
 * reject (argument counts and types, proposals, device handles on another device), so a malformed
 * call fails here rather than only on a GPU. A new sampler in the registry is covered without an edit
 * here.
 */
import { withArticle } from '../lib/core/validate.js';
import type { CudaAddon } from '../lib/backend/cuda/backend.js';
import { OPS } from '../lib/samplers/registry.js';
import type { CudaArg, OpSpec } from '../lib/samplers/spec.js';
import type { KernelArgs } from '../lib/core/job.js';
import { CTORS as BY_DTYPE, type DeviceDtype, type HostArray } from '../lib/core/types.js';
import { Xorwow } from '../lib/xorwow/xorwow.js';
import { Mrg32k3a } from '../lib/mrg32k3a/mrg32k3a.js';
import { sobol32Point, sobol64Point } from '../lib/kernels/sobol/generator.js';
import { randomise32, randomise64 } from '../lib/kernels/sobol/scramble.js';
import { uniform32From32, uniform32From64, uniform64From32, uniform64From64 } from '../lib/kernels/sobol/convert.js';
import { normalFrom32, normalFrom64 } from '../lib/kernels/sobol/normal.js';
import { checkWeights, fixedPoint } from '../lib/alias/fixed-point.js';
import { buildRows } from '../lib/alias/psa.js';
import { aliasSample, cdfSample, prefixUnits } from '../lib/kernels/alias.js';

const u64 = (lo: number, hi: number) => (BigInt(hi) << 32n) | BigInt(lo);

function words(...w: unknown[]): void {
  for (const x of w) {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 0xffffffff) throw new RangeError(`bad word ${String(x)}`);
  }
}

/** Calls that record the arguments they got, and the device they ran on, for routing tests. */
export const calls: { name: string; args: unknown[]; device?: number }[] = [];

type Fn = (...a: never[]) => unknown;

// ---- device memory: a handle object over a typed array, checked like binding/device_array.cc ----

/** By type code (binding/device_array.cc, lib/backend/cuda/device.ts TYPE_CODE). */
const CTORS = [Uint32Array, Float32Array, Float64Array, Int32Array, Uint8Array] as const;
type Data = HostArray;

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

/** The output of an op of element type `dtype`: a typed array, or a handle followed by n. */
function outOf(args: unknown[], at: number, dtype: string): Data {
  const Ctor = BY_DTYPE[dtype as DeviceDtype];
  const o = args[at];
  if (o instanceof StandInHandle) {
    const data = live(o, 'out');
    if (!(data instanceof Ctor)) throw new TypeError(`out must be ${withArticle(dtype)} device array`);
    const n = args[at + 1];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > data.length) throw new RangeError('n must be an integer no larger than the device array');
    return data.subarray(0, n);
  }
  if (!(o instanceof Ctor)) throw new TypeError(`out must be ${withArticle(Ctor.name)}`);
  return o;
}

// ---- the registry's generic ops -------------------------------------------------------------------

/** Writes argument value `v` of declaration `a` into the job being rebuilt; false when a constant differs. */
function unmarshal(a: CudaArg, v: unknown, k: KernelArgs): boolean {
  if ('constant' in a) return v === a.constant;
  if ('proposals' in a) {
    if (typeof v !== 'number' || !(v === -1 || (Number.isInteger(v) && v >= 1 && v <= 1024))) throw new RangeError(`bad proposals ${String(v)}`);
    if (v !== -1) k.params.proposals = v;
    return true;
  }
  if ('rows' in a) {
    // the scalar vector, or n rows of it: back into per-element columns rows0, rows1, …
    if (!(v instanceof Float64Array)) throw new TypeError(`${a.rows} must be a Float64Array`);
    if (v.length === a.width) {
      k.params[a.rows] = v;
      return true;
    }
    if (v.length % a.width !== 0) throw new RangeError(`${a.rows} must hold ${a.width} values or rows of them`);
    const n = v.length / a.width;
    for (let c = 0; c < a.width; c++) k.perElement[`${a.rows}${c}`] = Float64Array.from({ length: n }, (_, i) => v[i * a.width + c]);
    return true;
  }
  if ('param' in a) {
    if (typeof v !== 'number' && !(v instanceof Float64Array)) throw new TypeError(`${a.param} must be a number`);
    k.params[a.param] = v;
    return true;
  }
  const values = v instanceof StandInHandle ? live(v, a.shapes) : v;
  if (typeof values === 'number') {
    k.params[a.shapes] = values;
  } else if (values instanceof Float32Array || values instanceof Float64Array) {
    if (a.perElement) k.perElement[a.shapes] = values;
    else k.params[a.shapes] = Float64Array.from(values);
  } else {
    throw new TypeError(`${a.shapes} must be a Float32Array, Float64Array or a device array handle`);
  }
  return true;
}

/** addon[fn]: finds the op (among those sharing fn, by its constants) and runs its CPU kernel. */
function generic(fn: string, ops: OpSpec[]) {
  return (...args: unknown[]) => {
    words(args[0], args[1], args[2], args[3]);
    for (const op of ops) {
      const decl = op.cuda!.args!;
      const k: KernelArgs = { k0: args[0] as number, k1: args[1] as number, lo: args[2] as number, hi: args[3] as number, out: new Float64Array(0), params: {}, perElement: {} };
      if (!decl.every((a, i) => unmarshal(a, args[4 + i], k))) continue;
      k.out = outOf(args, 4 + decl.length, op.dtype);
      for (const [name, v] of Object.entries(k.perElement)) {
        if (v.length < k.out.length) throw new RangeError(`${name} has fewer values than out`);
        k.perElement[name] = v.subarray(0, k.out.length);
      }
      op.cpu!(k);
      return;
    }
    throw new RangeError(`${fn}: no op matches the arguments`);
  };
}

function genericOps(): Record<string, Fn> {
  const byFn = new Map<string, OpSpec[]>();
  for (const op of OPS.values()) {
    const fn = op.cuda?.fn;
    if (fn) byFn.set(fn, [...(byFn.get(fn) ?? []), op]);
  }
  return Object.fromEntries([...byFn].map(([fn, ops]) => [fn, generic(fn, ops) as Fn]));
}

// ---- XORWOW (no key) ---------------------------------------------------------------------------------

function xorwowFrom(v: number[], d: number, skip: bigint): Xorwow {
  const g = Xorwow.fromState({ v: v as [number, number, number, number, number], d });
  return skip ? g.skip(skip) : g;
}

const xorwow: Record<string, Fn> = {
  xorwowFill: (sl: number, sh: number, ql: number, qh: number, ol: number, oh: number, out: Uint32Array) =>
    void new Xorwow(u64(sl, sh), { subsequence: u64(ql, qh), offset: u64(ol, oh) }).fill(out),
  xorwowFillState: (a: number, b: number, c: number, d: number, e: number, w: number, sl: number, sh: number, out: Uint32Array) =>
    void xorwowFrom([a, b, c, d, e], w, u64(sl, sh)).fill(out),
};

// ---- Sobol and MRG32k3a (binding/qrng.cc) -------------------------------------------------------------
// Sobol as the GPU computes it: element by element (cr_sobol32/64_item), from the direction vectors
// the adapter passed (not the CPU kernel's own), randomised per dimension here as the device does.

function sobolFn(dtype: 'uint32' | 'float32' | 'float64') {
  return (...args: unknown[]) => {
    words(...args.slice(0, 12));
    const [k0, k1, lo, hi, points, dims, pointsLayout, bits, normal, scramble, ol, oh, dirs] = args as number[];
    if (!(args[12] instanceof Uint32Array)) throw new TypeError('dirs must be a Uint32Array');
    if (bits !== 32 && bits !== 64) throw new RangeError('bits must be 32 or 64');
    if (scramble > 2) throw new RangeError('scramble must be 0, 1 or 2');
    if (dtype === 'uint32' && (bits !== 32 || normal)) throw new RangeError('uint32 outputs are Sobol32 words');
    const per = bits === 32 ? 32 : 128;
    const table = args[12] as Uint32Array;
    if (table.length < dims * per) throw new RangeError('dirs is shorter than dims direction vectors');
    void dirs;
    const out = outOf(args, 13, dtype);
    const first = u64(lo, hi), offset = u64(ol, oh);
    if (first + BigInt(out.length) > BigInt(points * dims)) throw new RangeError('elements past points * dims');
    const mode = scramble === 1 ? 'lms' : scramble === 2 ? 'shift' : null;
    const dimension = new Map<number, { v: Uint32Array; c32: number; c64: bigint }>();
    const of = (d: number) => {
      let r = dimension.get(d);
      if (!r) {
        const v = table.slice(d * per, (d + 1) * per);
        if (!mode) r = { v, c32: 0, c64: 0n };
        else if (bits === 32) { const x = randomise32([k0, k1], d, v, mode); r = { v: x.dirs, c32: x.c, c64: 0n }; }
        else { const x = randomise64([k0, k1], d, v, mode); r = { v: x.dirs, c32: 0, c64: x.c }; }
        dimension.set(d, r);
      }
      return r;
    };
    for (let j = 0; j < out.length; j++) {
      const e = Number(first) + j;
      const d = pointsLayout ? e % dims : Math.floor(e / points);
      const i = pointsLayout ? Math.floor(e / dims) : e % points;
      const r = of(d);
      if (bits === 32) {
        const x = sobol32Point(r.v, r.c32, Number(offset) + i);
        out[j] = dtype === 'uint32' ? x : normal ? normalFrom32(x) : dtype === 'float32' ? uniform32From32(x) : uniform64From32(x);
      } else {
        const x = sobol64Point(r.v, r.c64, offset + BigInt(i));
        const xh = Number(x >> 32n), xl = Number(x & 0xffffffffn);
        out[j] = dtype === 'float32' ? (normal ? normalFrom32(xh) : uniform32From64(xh)) : normal ? normalFrom64(xh, xl) : uniform64From64(xh, xl);
      }
    }
  };
}

function mrgFn(method: 'fill' | 'uniform' | 'uniformDouble', dtype: 'uint32' | 'float32' | 'float64') {
  return (...args: unknown[]) => {
    words(...args.slice(0, 6));
    const [sl, sh, ql, qh, ol, oh] = args as number[];
    const g = new Mrg32k3a(u64(sl, sh), { subsequence: u64(ql, qh) & (2n ** 51n - 1n), offset: u64(ol, oh) });
    (g[method] as (o: Data) => unknown)(outOf(args, 6, dtype));
  };
}

const qrng: Record<string, Fn> = {
  sobolU32: sobolFn('uint32'), sobolF32: sobolFn('float32'), sobolF64: sobolFn('float64'),
  mrg32k3aFill: mrgFn('fill', 'uint32'), mrg32k3aUniform32: mrgFn('uniform', 'float32'), mrg32k3aUniform64: mrgFn('uniformDouble', 'float64'),
};

// ---- device memory ----------------------------------------------------------------------------------

const device: Record<string, Fn> = {
  deviceAlloc: (type: number, length: number) => {
    if (!Number.isInteger(type) || type < 0 || type >= CTORS.length) throw new RangeError('type must be 0 (uint32), 1 (float32), 2 (float64), 3 (int32) or 4 (uint8)');
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
    aliasSample(a[1] as number, a[2] as number, a[3] as number, a[4] as number, t.rows, t.n, outOf(a, 5, 'uint32') as Uint32Array);
  },
  aliasCounts: (tab: unknown, k0: number, k1: number, lo: number, hi: number, count: number, out: Float64Array) => {
    const t = aliasTable(tab);
    const s = new Uint32Array(count);
    aliasSample(k0, k1, lo, hi, t.rows, t.n, s);
    for (const x of s) out[x]++;
  },
  aliasCategorical: (...a: unknown[]) => {
    const v = aliasWeights(a[0]);
    const method = a[1] as number;
    words(a[2], a[3], a[4], a[5]);
    const out = outOf(a, 6, 'uint32') as Uint32Array;
    const fp = fixedPoint(checkWeights(v));
    const [k0, k1, lo, hi] = a.slice(2, 6) as number[];
    if (method === 2) cdfSample(k0, k1, lo, hi, prefixUnits(fp.hi, fp.lo), v.length, out);
    else aliasSample(k0, k1, lo, hi, buildRows(fp.hi, fp.lo, ALIAS_METHODS[method]), v.length, out);
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
    gammaDefaultProposals: 1,
    aliasTuning: () => ({ split: 0, pack: 0, counts: 0 }),
    setTransferMode: (m: 'staging' | 'register') => { mode = m; },
    transferMode: () => mode,
    deviceAlloc: device.deviceAlloc,
    deviceFree: device.deviceFree,
  };
  const ops: [string, Fn][] = [
    ...Object.entries(genericOps()), ...Object.entries(xorwow), ...Object.entries(qrng),
    ['deviceToHost', device.deviceToHost], ['deviceFromHost', device.deviceFromHost],
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
