/**
 * CUDA adapters of cuRAND's other generators (lib/samplers/sobol.ts, mrg32k3a.ts): the addon function
 * is the op's name (sobolU32 … mrg32k3aUniform64, binding/qrng.cc).
 *
 * Sobol: the GPU gets the dimensions' Joe–Kuo direction vectors from here (lib/kernels/sobol expands
 * them from the packed table; the C side has no copy of the data) and randomises them itself under
 * the job's key. The vectors of dimensions 0 … D − 1 are a prefix of those of more dimensions, so one
 * growing table per bit width serves every call. scramble 'curand' hands over libcurand's scrambled
 * vectors with the dimensions' start constants after them (CR_SOBOL_SCRAMBLE_GIVEN), grown the same way.
 */
import type { Job } from '../../core/job.js';
import type { NativeAddon } from '../../core/addon.js';
import { curandScrambled32, curandScrambled64 } from '../../kernels/sobol/curand-scramble.js';
import { directions32, directions64 } from '../../kernels/sobol/directions.js';
import type { SobolParams } from '../../kernels/sobol/kernel.js';
import { outArgs } from './errors.js';

type AddonFn = (...a: unknown[]) => void | Promise<void>;

function call(addon: NativeAddon, job: Job, async: boolean, args: unknown[]): void | Promise<void> {
  const fn = (addon as unknown as Record<string, AddonFn>)[async ? `${job.op}Async` : job.op];
  return fn.apply(addon, [...args, ...outArgs(job)]);
}

const tables: Record<32 | 64, Uint32Array> = { 32: new Uint32Array(0), 64: new Uint32Array(0) };

/** Direction vectors of dimensions 0 … dims − 1: 32 words each (bits 32) or 64 hi/lo pairs (bits 64). */
export function sobolDirections(bits: 32 | 64, dims: number): Uint32Array {
  const per = bits === 32 ? 32 : 128;
  let t = tables[bits];
  if (t.length < dims * per) {
    const grown = new Uint32Array(dims * per);
    grown.set(t);
    for (let d = t.length / per; d < dims; d++) grown.set(bits === 32 ? directions32(d) : directions64(d), d * per);
    tables[bits] = t = grown;
  }
  return t.subarray(0, dims * per);
}

/** libcurand's scrambled vectors of dimensions 0 … dims − 1, then their constants (a word each, or a
 *  (hi, lo) pair): the last table made per bit width, so repeated calls of one shape copy nothing. */
const curandTables: Record<32 | 64, { dims: number; table: Uint32Array }> = {
  32: { dims: 0, table: new Uint32Array(0) },
  64: { dims: 0, table: new Uint32Array(0) },
};

export function curandSobolTable(bits: 32 | 64, dims: number): Uint32Array {
  const t = curandTables[bits];
  if (t.dims === dims) return t.table;  // never written after it is made: calls in flight may hold it
  const per = bits === 32 ? 32 : 128, cw = bits === 32 ? 1 : 2;
  const table = new Uint32Array(dims * (per + cw));
  for (let d = 0; d < dims; d++) {
    if (bits === 32) {
      const s = curandScrambled32(d);
      table.set(s.dirs, d * per);
      table[dims * per + d] = s.c;
    } else {
      const s = curandScrambled64(d);
      table.set(s.dirs, d * per);
      table[dims * per + 2 * d] = Number(s.c >> 32n);
      table[dims * per + 2 * d + 1] = Number(s.c & 0xffffffffn);
    }
  }
  Object.assign(t, { dims, table });
  return table;
}

const SCRAMBLE = { none: 0, lms: 1, shift: 2, curand: 3 } as const;

/** sobolU32 / sobolF32 / sobolF64: job.key is the randomisation key, job.lo/hi the first flat element. */
export function sobolAdapter(addon: NativeAddon, job: Job, async: boolean): void | Promise<void> {
  const p = job.params as unknown as SobolParams;
  return call(addon, job, async, [
    job.key[0], job.key[1], job.lo, job.hi, p.n, p.dims, p.layout === 'points' ? 1 : 0, p.bits,
    p.transform === 'normal' ? 1 : 0, SCRAMBLE[p.scramble], p.offsetLo, p.offsetHi,
    p.scramble === 'curand' ? curandSobolTable(p.bits, p.dims) : sobolDirections(p.bits, p.dims),
  ]);
}

/** mrg32k3aFill / Uniform32 / Uniform64: params { seedLo, seedHi, subsequenceLo, subsequenceHi }, offset job.lo/hi. */
export function mrg32k3aAdapter(addon: NativeAddon, job: Job, async: boolean): void | Promise<void> {
  const p = job.params as { seedLo?: number; seedHi?: number; subsequenceLo?: number; subsequenceHi?: number };
  return call(addon, job, async, [p.seedLo ?? 0, p.seedHi ?? 0, p.subsequenceLo ?? 0, p.subsequenceHi ?? 0, job.lo, job.hi]);
}
