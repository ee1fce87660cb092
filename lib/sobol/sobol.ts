/**
 * sobol(n, options): n points of the Sobol sequence in `dims` dimensions, as cuRAND's quasirandom
 * generators produce them — CURAND_RNG_QUASI_SOBOL32 (bits 32) or SOBOL64 (bits 64) with the
 * Joe–Kuo direction numbers — optionally randomised under a Philox key. docs/qmc.md is the contract:
 * which words, in which order, the offset and first-point conventions, the float maps, and what is
 * confirmed (against scipy) or still awaits a GPU with real cuRAND.
 */
import { checkKey, type Key } from '../core/keys.js';
import { checkCount, checkEnum, knownOptions, describe, MAX_COUNT } from '../core/validate.js';
import { uniform32From32, uniform32From64, uniform64From32, uniform64From64 } from './convert.js';
import { directions32, directions64, SOBOL_MAX_DIMENSIONS } from './directions.js';
import { sobol32Column, sobol64Column } from './generator.js';
import { normalFrom32, normalFrom64, requireNormal } from './normal.js';
import { randomise32, randomise64 } from './scramble.js';

export type SobolDtype = 'uint32' | 'uint64' | 'float32' | 'float64';
export type SobolLayout = 'points' | 'dimensions';
export type SobolScramble = 'none' | 'lms' | 'shift';
export type SobolTransform = 'uniform' | 'normal';

export interface SobolOptions {
  /** Dimensions per point, 1 … 21201 (cuRAND's direction vectors stop at 20000). Default 1. */
  dims?: number;
  /** Index of the first point (0 = the all-zero point); every dimension starts there. Default 0. */
  offset?: number | bigint;
  /**
   * 'uint32': raw Sobol32 words (curand()); 'uint64': raw Sobol64 words; 'float32' / 'float64':
   * curand_uniform / curand_uniform_double of them (or the normal transform). Default 'float64'.
   */
  dtype?: SobolDtype;
  /** 32 (Sobol32: 2^32 points) or 64 (Sobol64). Default 32 for uint32/float32, 64 for uint64/float64. */
  bits?: 32 | 64;
  /** 'points': point-major, out[i·dims + d]; 'dimensions': cuRAND's host-API order, out[d·n + i]. Default 'points'. */
  layout?: SobolLayout;
  /** 'none', or a keyed randomisation: 'lms' (random linear scramble + digital shift) or 'shift'. Default 'lms' with a key, else 'none'. */
  scramble?: SobolScramble;
  /** The Philox key of a randomisation (from key(seed), split, foldIn). */
  key?: Key;
  /** 'uniform' (default) or 'normal' (inverse CDF; float dtypes). */
  transform?: SobolTransform;
}

export type SobolArray = Uint32Array | BigUint64Array | Float32Array | Float64Array;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function checkDims(v: unknown): number {
  if (v === undefined) return 1;
  if (typeof v !== 'number') throw new TypeError(`dims must be a number, got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 1 || v > SOBOL_MAX_DIMENSIONS) {
    throw new RangeError(`dims must be an integer in [1, ${SOBOL_MAX_DIMENSIONS}], got ${v}`);
  }
  return v;
}

function checkBits(v: unknown, dtype: SobolDtype): 32 | 64 {
  if (v === undefined) return dtype === 'uint32' || dtype === 'float32' ? 32 : 64;
  if (typeof v !== 'number') throw new TypeError(`bits must be 32 or 64, got ${describe(v)}`);
  if (v !== 32 && v !== 64) throw new RangeError(`bits must be 32 or 64, got ${v}`);
  if (dtype === 'uint32' && v === 64) throw new RangeError("bits must be 32 for dtype 'uint32' (Sobol64 words are dtype 'uint64')");
  if (dtype === 'uint64' && v === 32) throw new RangeError("bits must be 64 for dtype 'uint64' (Sobol32 words are dtype 'uint32')");
  return v;
}

/** The first point index; the sequence has 2^bits points, so offset + n may not pass 2^bits. */
function checkSobolOffset(v: unknown, n: number, bits: 32 | 64): bigint {
  let o: bigint;
  if (v === undefined) o = 0n;
  else if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(`offset must be an integer in [0, 2^53-1] (use a bigint beyond), got ${v}`);
    }
    o = BigInt(v);
  } else if (typeof v === 'bigint') {
    if (v < 0n) throw new RangeError(`offset must be non-negative, got ${v}`);
    o = v;
  } else {
    throw new TypeError(`offset must be a number or bigint, got ${describe(v)}`);
  }
  if (o + BigInt(n) > 2n ** BigInt(bits)) {
    throw new RangeError(`offset + n must not exceed 2^${bits} (the end of the Sobol${bits} sequence), got offset=${o} and n=${n}`);
  }
  return o;
}

function checkScramble(v: unknown, hasKey: boolean): SobolScramble {
  if (v === 'curand') {
    throw new RangeError(
      "scramble 'curand' (CURAND_RNG_QUASI_SCRAMBLED_SOBOL32/64) is not available: its scramble constants and " +
        'scrambled direction vectors are data inside libcurand, not yet dumped from it (docs/qmc.md §6); ' +
        "use scramble 'lms' or 'shift' with a key",
    );
  }
  return checkEnum(v, ['none', 'lms', 'shift'] as const, 'scramble', hasKey ? 'lms' : 'none');
}

/**
 * n points of the Sobol sequence in `dims` dimensions (Joe–Kuo directions, cuRAND's Gray-code order,
 * point 0 = the zero point), starting at point `offset`: raw Sobol32/64 words or their cuRAND uniform
 * maps, point-major or in cuRAND's dimension-major order, optionally randomised under a Philox key.
 * Synchronous, on the CPU. Contract and sources: docs/qmc.md.
 */
export function sobol(n: number, options: SobolOptions & { dtype: 'uint32' }): Uint32Array;
export function sobol(n: number, options: SobolOptions & { dtype: 'uint64' }): BigUint64Array;
export function sobol(n: number, options: SobolOptions & { dtype: 'float32' }): Float32Array;
export function sobol(n: number, options?: SobolOptions & { dtype?: 'float64' }): Float64Array;
export function sobol(n: number, options?: SobolOptions): SobolArray;
export function sobol(n: number, options?: SobolOptions): SobolArray {
  checkCount(n, 'n');
  const opts = knownOptions('sobol', options, ['dims', 'offset', 'dtype', 'bits', 'layout', 'scramble', 'key', 'transform'], { d: 'dims', dimensions: 'dims', seed: 'key (with scramble)', scrambled: 'scramble' });
  const dims = checkDims(opts.dims);
  const dtype = checkEnum(opts.dtype, ['uint32', 'uint64', 'float32', 'float64'] as const, 'dtype', 'float64');
  const bits = checkBits(opts.bits, dtype);
  const layout = checkEnum(opts.layout, ['points', 'dimensions'] as const, 'layout', 'points');
  const transform = checkEnum(opts.transform, ['uniform', 'normal'] as const, 'transform', 'uniform');
  if (transform === 'normal' && (dtype === 'uint32' || dtype === 'uint64')) {
    throw new RangeError(`transform 'normal' needs dtype 'float32' or 'float64', got '${dtype}'`);
  }
  const scramble = checkScramble(opts.scramble, opts.key !== undefined);
  let key: Key | null = null;
  if (scramble !== 'none') {
    if (opts.key === undefined) throw new TypeError(`key is required for scramble '${scramble}' (a key from key(seed))`);
    key = checkKey(opts.key);
  } else if (opts.key !== undefined) {
    throw new RangeError("key is only used by scramble 'lms' or 'shift', and scramble is 'none'");
  }
  const offset = checkSobolOffset(opts.offset, n, bits);
  if (n * dims > MAX_COUNT) throw new RangeError(`n · dims must not exceed 2^32-1 values, got n=${n} and dims=${dims}`);
  if (transform === 'normal') requireNormal();

  const total = n * dims;
  const out: SobolArray =
    dtype === 'uint32' ? new Uint32Array(total) : dtype === 'uint64' ? new BigUint64Array(total)
      : dtype === 'float32' ? new Float32Array(total) : new Float64Array(total);
  const stride = layout === 'points' ? dims : 1;
  const hi = new Uint32Array(n);
  const lo = bits === 64 ? new Uint32Array(n) : hi;
  for (let d = 0; d < dims; d++) {
    const base = layout === 'points' ? d : d * n;
    if (bits === 32) {
      let dirs = directions32(d), c = 0;
      if (key !== null) ({ dirs, c } = randomise32(key, d, dirs, scramble as 'lms' | 'shift'));
      sobol32Column(dirs, c, Number(offset), n, hi);
    } else {
      let dirs = directions64(d), c = 0n;
      if (key !== null) ({ dirs, c } = randomise64(key, d, dirs, scramble as 'lms' | 'shift'));
      sobol64Column(dirs, c, offset, n, hi, lo);
    }
    emit(out, dtype, bits, transform, hi, lo, n, base, stride);
  }
  return out;
}

/** Writes one dimension's words, converted, to out[base + i·stride]; one monomorphic loop per map. */
function emit(
  out: SobolArray, dtype: SobolDtype, bits: 32 | 64, transform: SobolTransform,
  hi: Uint32Array, lo: Uint32Array, n: number, base: number, stride: number,
): void {
  if (dtype === 'uint32') {
    const o = out as Uint32Array;
    for (let i = 0; i < n; i++) o[base + i * stride] = hi[i];
  } else if (dtype === 'uint64') {
    if (LITTLE_ENDIAN) {
      const o = new Uint32Array(out.buffer, out.byteOffset, 2 * out.length);
      for (let i = 0; i < n; i++) {
        const at = 2 * (base + i * stride);
        o[at] = lo[i];
        o[at + 1] = hi[i];
      }
    } else {
      const o = out as BigUint64Array;
      for (let i = 0; i < n; i++) o[base + i * stride] = (BigInt(hi[i]) << 32n) | BigInt(lo[i]);
    }
  } else if (dtype === 'float32') {
    // the Float32Array store is the final binary32 rounding of each map
    const o = out as Float32Array;
    if (transform === 'normal') for (let i = 0; i < n; i++) o[base + i * stride] = normalFrom32(hi[i]);
    else if (bits === 32) for (let i = 0; i < n; i++) o[base + i * stride] = uniform32From32(hi[i]);
    else for (let i = 0; i < n; i++) o[base + i * stride] = uniform32From64(hi[i]);
  } else {
    const o = out as Float64Array;
    if (transform === 'normal' && bits === 32) for (let i = 0; i < n; i++) o[base + i * stride] = normalFrom32(hi[i]);
    else if (transform === 'normal') for (let i = 0; i < n; i++) o[base + i * stride] = normalFrom64(hi[i], lo[i]);
    else if (bits === 32) for (let i = 0; i < n; i++) o[base + i * stride] = uniform64From32(hi[i]);
    else for (let i = 0; i < n; i++) o[base + i * stride] = uniform64From64(hi[i], lo[i]);
  }
}
