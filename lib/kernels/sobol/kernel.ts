/**
 * The Sobol op's CPU specification kernel: elements [first, first + out.length) of the flat output of
 * sobol(n, { dims, offset, layout, bits, scramble, key, transform }) (docs/qmc.md, "Sobol: API" to "Keyed
 * randomisation"), for any cut of that range — so the worker pool may chunk it and the CUDA kernels
 * (cuda/include/cr_sobol.h work items) must give the same bits element by element.
 *
 * Job parameters (SobolParams): n points, dims, layout, bits, transform, scramble (the key is the
 * job's key), offset as uint32 halves. The output type picks the map: Uint32Array = Sobol32 words,
 * BigUint64Array = Sobol64 words, Float32Array / Float64Array = cuRAND's uniform map or the normal
 * transform.
 */
import type { KernelArgs } from '../../core/job.js';
import type { Key } from '../../core/keys.js';
import { uniform32From32, uniform32From64, uniform64From32, uniform64From64 } from './convert.js';
import { directions32, directions64 } from './directions.js';
import { sobol32Column, sobol64Column } from './generator.js';
import { normalFrom32, normalFrom64 } from './normal.js';
import { curandScrambled32, curandScrambled64 } from './curand-scramble.js';
import { randomise32, randomise64 } from './scramble.js';

export type SobolLayout = 'points' | 'dimensions';
export type SobolScramble = 'none' | 'lms' | 'shift' | 'curand';
export type SobolTransform = 'uniform' | 'normal';
export type SobolArray = Uint32Array | BigUint64Array | Float32Array | Float64Array;

export interface SobolParams {
  n: number;
  dims: number;
  layout: SobolLayout;
  bits: 32 | 64;
  transform: SobolTransform;
  scramble: SobolScramble;
  offsetLo: number;
  offsetHi: number;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Words of points first … first + count − 1 of dimension d into hi (and lo for Sobol64). */
function column(p: SobolParams, key: Key, d: number, first: bigint, count: number, hi: Uint32Array, lo: Uint32Array): void {
  const s = p.scramble;
  if (p.bits === 32) {
    let dirs = directions32(d), c = 0;
    if (s === 'curand') ({ dirs, c } = curandScrambled32(d));
    else if (s !== 'none') ({ dirs, c } = randomise32(key, d, dirs, s));
    sobol32Column(dirs, c, Number(first), count, hi);
  } else {
    let dirs = directions64(d), c = 0n;
    if (s === 'curand') ({ dirs, c } = curandScrambled64(d));
    else if (s !== 'none') ({ dirs, c } = randomise64(key, d, dirs, s));
    sobol64Column(dirs, c, first, count, hi, lo);
  }
}

/**
 * out[base + j·stride] for j in [from, to) = the mapped words hi[j], lo[j]; one monomorphic loop per
 * map (the Float32Array store is each float32 map's final rounding).
 */
function emit(
  out: SobolArray, p: SobolParams, hi: Uint32Array, lo: Uint32Array, from: number, to: number, base: number, stride: number,
): void {
  if (out instanceof Uint32Array) {
    for (let j = from; j < to; j++) out[base + j * stride] = hi[j];
  } else if (out instanceof BigUint64Array) {
    if (LITTLE_ENDIAN) {
      const o = new Uint32Array(out.buffer, out.byteOffset, 2 * out.length);
      for (let j = from; j < to; j++) {
        const at = 2 * (base + j * stride);
        o[at] = lo[j];
        o[at + 1] = hi[j];
      }
    } else {
      for (let j = from; j < to; j++) out[base + j * stride] = (BigInt(hi[j]) << 32n) | BigInt(lo[j]);
    }
  } else if (out instanceof Float32Array) {
    if (p.transform === 'normal') for (let j = from; j < to; j++) out[base + j * stride] = normalFrom32(hi[j]);
    else if (p.bits === 32) for (let j = from; j < to; j++) out[base + j * stride] = uniform32From32(hi[j]);
    else for (let j = from; j < to; j++) out[base + j * stride] = uniform32From64(hi[j]);
  } else {
    const normal = p.transform === 'normal';
    if (normal && p.bits === 32) for (let j = from; j < to; j++) out[base + j * stride] = normalFrom32(hi[j]);
    else if (normal) for (let j = from; j < to; j++) out[base + j * stride] = normalFrom64(hi[j], lo[j]);
    else if (p.bits === 32) for (let j = from; j < to; j++) out[base + j * stride] = uniform64From32(hi[j]);
    else for (let j = from; j < to; j++) out[base + j * stride] = uniform64From64(hi[j], lo[j]);
  }
}

/** Elements [first, first + out.length) of the flat n × dims output (first = hi·2^32 + lo). */
export function sobolKernel(a: Pick<KernelArgs, 'k0' | 'k1' | 'lo' | 'hi' | 'params'> & { out: SobolArray }): void {
  const p = a.params as unknown as SobolParams;
  const m = a.out.length;
  if (m === 0) return;
  const key: Key = [a.k0, a.k1];
  const first = a.hi * 2 ** 32 + a.lo;  // < 2^32: n · dims is at most 2^32 − 1
  const offset = (BigInt(p.offsetHi) << 32n) | BigInt(p.offsetLo);
  const { n, dims } = p;
  if (p.layout === 'dimensions') {
    // out[d·n + i]: each dimension's points are contiguous
    const hi = new Uint32Array(Math.min(n, m)), lo = p.bits === 64 ? new Uint32Array(hi.length) : hi;
    for (let e = first; e < first + m;) {
      const d = Math.floor(e / n), i = e - d * n;
      const count = Math.min(n - i, first + m - e);
      column(p, key, d, offset + BigInt(i), count, hi, lo);
      emit(a.out, p, hi, lo, 0, count, e - first, 1);
      e += count;
    }
    return;
  }
  // out[i·dims + d]: points i0 … i1 cover the range, the first and last partly
  const i0 = Math.floor(first / dims), i1 = Math.floor((first + m - 1) / dims);
  const count = i1 - i0 + 1;
  const hi = new Uint32Array(count), lo = p.bits === 64 ? new Uint32Array(count) : hi;
  for (let d = 0; d < dims; d++) {
    const e0 = i0 * dims + d;  // flat index of (i0, d)
    const from = e0 < first ? 1 : 0;
    const to = i1 * dims + d < first + m ? count : count - 1;
    if (from >= to) continue;
    column(p, key, d, offset + BigInt(i0), count, hi, lo);
    emit(a.out, p, hi, lo, from, to, e0 - first, dims);
  }
}
