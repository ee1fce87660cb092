/**
 * Philox4x32-10 (Salmon, Moraes, Dror, Shaw: "Parallel random numbers: as easy as 1, 2, 3", SC'11),
 * bit-identical to Random123's philox4x32 and cuRAND's Philox4_32_10.
 *
 * JS has no 32x32->64 multiply, so mulhi builds the high word from 16-bit partial products. Long
 * runs of philoxStream go to the WebAssembly SIMD module (lib/core/wasm/philox.ts), which gives the same
 * bits about ten times faster.
 */
import { philoxStreamWasm, wasmAvailable } from './wasm/philox.js';

/** Round multipliers and Weyl key increments, named as in the paper. */
export const PHILOX_M4x32_0 = 0xd2511f53;
export const PHILOX_M4x32_1 = 0xcd9e8d57;
export const PHILOX_W32_0 = 0x9e3779b9;
export const PHILOX_W32_1 = 0xbb67ae85;
export const PHILOX_ROUNDS = 10;

const M0_LO = PHILOX_M4x32_0 & 0xffff;
const M0_HI = PHILOX_M4x32_0 >>> 16;
const M1_LO = PHILOX_M4x32_1 & 0xffff;
const M1_HI = PHILOX_M4x32_1 >>> 16;

/**
 * hi32(a * m) for the multiplier m = mhi * 2^16 + mlo, from four 16x16-bit partial products. Pure
 * int32 arithmetic (Math.imul) runs about twice as fast in V8 as splitting the product in doubles.
 */
function mulhi(a: number, mlo: number, mhi: number): number {
  const al = a & 0xffff;
  const ah = a >>> 16;
  const ll = Math.imul(al, mlo) >>> 0;
  const lh = Math.imul(al, mhi) >>> 0;
  const hl = Math.imul(ah, mlo) >>> 0;
  const hh = Math.imul(ah, mhi) >>> 0;
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  return (hh + (lh >>> 16) + (hl >>> 16) + (mid >>> 16)) | 0;
}

/** The 53-bit integer of two words, (a >>> 5)·2^26 + (b >>> 6): the samplers' k53 (cuda/include/cr_normal.h cr_u53). */
export const k53 = (a: number, b: number): number => (a >>> 5) * 67108864 + (b >>> 6);

/**
 * Writes philox4x32-10(counter, key) to dst[at..at+3]. The hot loop of every sampler; state is kept
 * as int32 (the bits are what matter) and all arguments are numbers, so V8 inlines it.
 */
export function philoxBlock(
  c0: number, c1: number, c2: number, c3: number,
  k0: number, k1: number,
  dst: Uint32Array, at: number,
): void {
  c0 |= 0; c1 |= 0; c2 |= 0; c3 |= 0; k0 |= 0; k1 |= 0;
  for (let r = 0; r < PHILOX_ROUNDS; r++) {
    const h0 = mulhi(c0, M0_LO, M0_HI);
    const h1 = mulhi(c2, M1_LO, M1_HI);
    const l0 = Math.imul(c0, PHILOX_M4x32_0);
    const l1 = Math.imul(c2, PHILOX_M4x32_1);
    c0 = h1 ^ c1 ^ k0;
    c1 = l1;
    c2 = h0 ^ c3 ^ k1;
    c3 = l0;
    k0 = (k0 + PHILOX_W32_0) | 0;
    k1 = (k1 + PHILOX_W32_1) | 0;
  }
  dst[at] = c0;
  dst[at + 1] = c1;
  dst[at + 2] = c2;
  dst[at + 3] = c3;
}

/**
 * Fills dst[start .. start+count) with words of the stream "counter = (b mod 2^32, b div 2^32, c2, c3),
 * word = 4b + lane", beginning at word index (firstHi * 2^32 + firstLo). The block index is 64 bits
 * (c0 low, c1 high), so word indices up to 2^66 are addressable. From WASM_MIN_WORDS words on it runs
 * in WebAssembly SIMD when available (same bits; test/wasm.test.ts); below that, and as the fallback,
 * the loop here.
 */
export function philoxStream(
  k0: number, k1: number, c2: number, c3: number,
  firstLo: number, firstHi: number,
  dst: Uint32Array, start: number, count: number,
): void {
  if (count >= WASM_MIN_WORDS && wasmAvailable()) {
    philoxStreamWasm(k0, k1, c2, c3, firstLo, firstHi, dst, start, count);
    return;
  }
  if (count <= 0) return;
  // Block of the first word: (firstHi:firstLo) >> 2, kept as two uint32 halves.
  let b0 = ((firstLo >>> 2) | (firstHi << 30)) >>> 0;
  let b1 = firstHi >>> 2;
  let lane = firstLo & 3;
  let i = start;
  const end = start + count;
  if (lane !== 0) {
    philoxBlock(b0, b1, c2, c3, k0, k1, scratch, 0);
    while (lane < 4 && i < end) dst[i++] = scratch[lane++];
    b0 = (b0 + 1) >>> 0;
    if (b0 === 0) b1 = (b1 + 1) >>> 0;
  }
  const whole = end - ((end - i) & 3);
  for (; i < whole; i += 4) {
    philoxBlock(b0, b1, c2, c3, k0, k1, dst, i);
    b0 = (b0 + 1) >>> 0;
    if (b0 === 0) b1 = (b1 + 1) >>> 0;
  }
  if (i < end) {
    philoxBlock(b0, b1, c2, c3, k0, k1, scratch, 0);
    for (let l = 0; i < end; l++) dst[i++] = scratch[l];
  }
}

const scratch = new Uint32Array(4);

/**
 * Shortest philoxStream run handed to WASM. Measured (node scripts/bench-wasm.mjs --crossover): the
 * break-even is at 1-4 words (a short WASM call ~60-70 ns, one JS block ~75-130 ns); 8 words run
 * ~2.8x and 16 words ~4x faster in WASM, so 8 leaves a margin for machines where JS does better.
 */
export const WASM_MIN_WORDS = 8;

/** Public form: philox4x32-10 of a 4-word counter under a 2-word key. */
export function philox4x32(
  counter: ArrayLike<number>, key: ArrayLike<number>,
): Uint32Array {
  const out = new Uint32Array(4);
  philoxBlock(counter[0], counter[1], counter[2], counter[3], key[0], key[1], out, 0);
  return out;
}
