/**
 * Normal kernels (docs/streams.md, "Normal"): Box–Muller on the raw stream and Marsaglia's polar method on
 * per-pair sub-streams. All arithmetic is binary64 through lib/core/math (no Math.log/sin/cos), so the
 * CUDA port (cuda/include/cr_normal.h) gives the same bits; float32 outputs are the binary64 value
 * rounded once (the Float32Array store). These loops are the specification; the CPU backend runs the
 * WebAssembly SIMD kernels of lib/wasm/samplers.ts instead where they pay (the same bits,
 * test/wasm-samplers.test.ts).
 */
import { philoxBlock, philoxStream } from '../core/philox.js';
import { TAG_POLAR, TAG_RAW } from '../core/layout.js';
import { log } from '../core/math/log.js';
import { sincos2pi } from '../core/math/sincos.js';
import { uniform64 } from './raw.js';

const TWO_M32 = 2 ** -32;
const TWO_M53 = 2 ** -53;
const TWO_P26 = 67108864;
const TWO_P32 = 4294967296;
const TWO_P52 = 4503599627370496;

/** Pairs per raw-stream chunk. */
const CHUNK = 2048;
/** Reused between calls (typed arrays: V8 boxes doubles held in module-level lets). */
const scratch = {
  /** raw words of a chunk of pairs */
  words: new Uint32Array(4 * CHUNK),
  /** float64 uniforms of a chunk of pairs */
  u: new Float64Array(2 * CHUNK),
  /** [sin, cos] of 2πu */
  sc: new Float64Array(2),
  /** one Philox block (polar retries) */
  block: new Uint32Array(4),
  /** the accepted polar pair's two values */
  pz: new Float64Array(2),
};

// ----- Box–Muller -----

/**
 * Elements [first, first + out.length) of the Box–Muller stream, first = hi·2^32 + lo. Pair p gives
 * elements 2p (r cos) and 2p+1 (r sin); it consumes raw words 2p, 2p+1 (wide = false, float32) or
 * 4p..4p+3 (wide = true, float64). out[i] = mean + std·z, rounded to out's type.
 */
export function boxMuller(
  k0: number, k1: number, lo: number, hi: number, mean: number, std: number, wide: boolean,
  out: Float32Array | Float64Array,
): void {
  const n = out.length;
  if (n === 0) return;
  const { words, u, sc } = scratch;
  const odd = lo & 1; // the call starts with the sine of its first pair
  const pairs = (n + odd + 1) >>> 1;
  const wpp = wide ? 4 : 2; // raw words per pair
  // Raw word index of the first pair: wpp/2 · (first - odd), 64-bit.
  const e0 = (lo - odd) >>> 0;
  let wLo: number;
  let wHi: number;
  if (wide) {
    wLo = (e0 << 1) >>> 0;
    wHi = ((hi << 1) | (e0 >>> 31)) >>> 0;
  } else {
    wLo = e0;
    wHi = hi;
  }
  let j = -odd; // out index of the current pair's cosine element
  for (let s = 0; s < pairs; s += CHUNK) {
    const m = Math.min(CHUNK, pairs - s);
    if (wide) {
      // Raw block p is exactly uniform64 elements 2p, 2p+1 (the same four words):
      // u1 = k53(w0, w1)·2^-53 + 2^-53 (exact: (k + 1)·2^-53 <= 1), u2 = k53(w2, w3)·2^-53.
      const e = wLo >>> 1 | (wHi << 31); // uniform element index 2p = word index / 2
      uniform64(k0, k1, e >>> 0, wHi >>> 1, 0, 1, u.subarray(0, 2 * m));
    } else {
      philoxStream(k0, k1, 0, TAG_RAW, wLo, wHi, words, 0, 2 * m);
    }
    const l = wLo + wpp * m;
    wLo = l >>> 0;
    if (l >= TWO_P32) wHi = (wHi + 1) >>> 0;
    for (let p = 0; p < m; p++, j += 2) {
      let u1: number;
      let u2: number;
      if (wide) {
        u1 = u[2 * p] + TWO_M53; // (0, 1]
        u2 = u[2 * p + 1]; // [0, 1)
      } else {
        u1 = (words[2 * p] + 1) * TWO_M32; // (0, 1]
        u2 = words[2 * p + 1] * TWO_M32; // [0, 1)
      }
      const r = Math.sqrt(-2 * log(u1));
      sincos2pi(u2, sc, 0);
      if (j >= 0) out[j] = mean + std * (r * sc[1]);
      if (j + 1 < n) out[j + 1] = mean + std * (r * sc[0]);
    }
  }
}

export function normalBM32(k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: Float32Array): void {
  boxMuller(k0, k1, lo, hi, mean, std, false, out);
}

export function normalBM64(k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: Float64Array): void {
  boxMuller(k0, k1, lo, hi, mean, std, true, out);
}

// ----- Marsaglia polar -----

/**
 * Proposal test on block words w[b..b+3]: x = 2u - 1 with u the midpoint uniform (w + 1/2)·2^-32
 * (float32, words 0 and 1) or (k + 1/2)·2^-53 (float64, 53-bit k from words (0,1) and (2,3)): x, y are
 * odd multiples of 2^-32 or 2^-53 in (-1, 1), never 0, so s = x² + y² > 0; accepted when s < 1, and
 * then scratch.pz = (x·f, y·f), f = sqrt((-2·log(s)) / s).
 */
function polarTry(w: Uint32Array, b: number, wide: boolean): boolean {
  let x: number;
  let y: number;
  if (wide) {
    x = (((w[b] >>> 5) * TWO_P26 + (w[b + 1] >>> 6) - TWO_P52) * 2 + 1) * TWO_M53;
    y = (((w[b + 2] >>> 5) * TWO_P26 + (w[b + 3] >>> 6) - TWO_P52) * 2 + 1) * TWO_M53;
  } else {
    x = (2 * w[b] + 1 - TWO_P32) * TWO_M32;
    y = (2 * w[b + 1] + 1 - TWO_P32) * TWO_M32;
  }
  const s = x * x + y * y;
  if (s < 1 && s > 0) {
    const f = Math.sqrt((-2 * log(s)) / s);
    scratch.pz[0] = x * f;
    scratch.pz[1] = y * f;
    return true;
  }
  return false;
}

/**
 * Proposal t of pair e is the block (lo(e), hi(e), t, TAG_POLAR): plane t = 0 of a chunk of pairs is
 * one philoxStream call (pairs are blocks e of the plane, WASM-fast); rejected pairs continue with
 * t = 1, 2, ... one block at a time. The value is the first accepted proposal.
 */
function polar(
  k0: number, k1: number, lo: number, hi: number, mean: number, std: number, wide: boolean,
  out: Float32Array | Float64Array,
): void {
  const n = out.length;
  if (n === 0) return;
  const { words, block, pz } = scratch;
  const odd = lo & 1;
  const pairs = (n + odd + 1) >>> 1;
  // pair index e = first >> 1, 64-bit (below 2^62, so its word index 4e fits philoxStream)
  let eLo = ((lo >>> 1) | (hi << 31)) >>> 0;
  let eHi = hi >>> 1;
  let j = -odd;
  for (let s = 0; s < pairs; s += CHUNK) {
    const m = Math.min(CHUNK, pairs - s);
    philoxStream(k0, k1, 0, TAG_POLAR, (eLo << 2) >>> 0, ((eHi << 2) | (eLo >>> 30)) >>> 0, words, 0, 4 * m);
    for (let p = 0; p < m; p++, j += 2) {
      if (!polarTry(words, 4 * p, wide)) {
        const q = eLo + p;
        const qLo = q >>> 0;
        const qHi = (eHi + (q >= TWO_P32 ? 1 : 0)) >>> 0;
        for (let t = 1; ; t = (t + 1) >>> 0) {
          philoxBlock(qLo, qHi, t, TAG_POLAR, k0, k1, block, 0);
          if (polarTry(block, 0, wide)) break;
        }
      }
      if (j >= 0) out[j] = mean + std * pz[0];
      if (j + 1 < n) out[j + 1] = mean + std * pz[1];
    }
    const l = eLo + m;
    eLo = l >>> 0;
    if (l >= TWO_P32) eHi = (eHi + 1) >>> 0;
  }
}

export function normalPolar32(k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: Float32Array): void {
  polar(k0, k1, lo, hi, mean, std, false, out);
}

export function normalPolar64(k0: number, k1: number, lo: number, hi: number, mean: number, std: number, out: Float64Array): void {
  polar(k0, k1, lo, hi, mean, std, true, out);
}
