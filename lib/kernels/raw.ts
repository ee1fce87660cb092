/**
 * The raw stream and the uniform maps: the executable specification of docs/streams.md, "The counter layout" to
 * "Uniform floats". (The CPU backend runs lib/wasm/raw.ts's module instead where it is faster: the same bits.)
 */
import { philoxStream } from '../core/philox.js';
import { TAG_RAW } from '../core/layout.js';

/** Words [first, first+out.length) of the raw stream, first = hi * 2^32 + lo. */
export function rawBits(k0: number, k1: number, lo: number, hi: number, out: Uint32Array): void {
  philoxStream(k0, k1, 0, TAG_RAW, lo, hi, out, 0, out.length);
}

const CHUNK = 4096;
const buf = new Uint32Array(2 * CHUNK);
const TWO_M24 = 2 ** -24;
const TWO_M53 = 2 ** -53;

/**
 * float32 element j = (word j >>> 8) * 2^-24, in [0, 1 - 2^-24]; then low + (high - low) * u evaluated
 * in binary64 and rounded once to binary32.
 */
export function uniform32(
  k0: number, k1: number, lo: number, hi: number, low: number, high: number, out: Float32Array,
): void {
  const n = out.length;
  const unit = low === 0 && high === 1;
  const span = high - low;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    philoxStream(k0, k1, 0, TAG_RAW, l, (hi + (l < lo ? 1 : 0)) >>> 0, buf, 0, m);
    if (unit) for (let i = 0; i < m; i++) out[s + i] = (buf[i] >>> 8) * TWO_M24;
    else for (let i = 0; i < m; i++) out[s + i] = low + span * ((buf[i] >>> 8) * TWO_M24);
  }
}

/**
 * float64 element j = ((word 2j >>> 5) * 2^26 + (word 2j+1 >>> 6)) * 2^-53, in [0, 1 - 2^-53]; then
 * low + (high - low) * u in binary64.
 */
export function uniform64(
  k0: number, k1: number, lo: number, hi: number, low: number, high: number, out: Float64Array,
): void {
  const n = out.length;
  const unit = low === 0 && high === 1;
  const span = high - low;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    // word index 2j as a 64-bit pair
    philoxStream(k0, k1, 0, TAG_RAW, (l << 1) >>> 0, ((h << 1) | (l >>> 31)) >>> 0, buf, 0, 2 * m);
    if (unit) {
      for (let i = 0; i < m; i++) out[s + i] = ((buf[2 * i] >>> 5) * 67108864 + (buf[2 * i + 1] >>> 6)) * TWO_M53;
    } else {
      for (let i = 0; i < m; i++) {
        out[s + i] = low + span * (((buf[2 * i] >>> 5) * 67108864 + (buf[2 * i + 1] >>> 6)) * TWO_M53);
      }
    }
  }
}

const units = new Float64Array(CHUNK);

/**
 * Calls f(s, u, m) for the float64 uniforms of elements [first + s, first + s + m) in u[0 .. m) (the
 * values uniform64 gives: k53·2^-53 in [0, 1)), chunk by chunk over out's n elements — for the samplers
 * that are a function of the element's uniform (bernoulli, geometric).
 */
export function eachUniform64(k0: number, k1: number, lo: number, hi: number, n: number,
  f: (s: number, u: Float64Array, m: number) => void): void {
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const u = units.subarray(0, m);
    uniform64(k0, k1, l, (hi + (l < lo ? 1 : 0)) >>> 0, 0, 1, u);
    f(s, u, m);
  }
}
