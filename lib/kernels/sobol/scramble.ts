/**
 * Keyed randomisation of a Sobol dimension, for randomised QMC with error estimates: Matoušek's random
 * linear scramble — a random lower-triangular binary matrix L with unit diagonal acting on the binary
 * digits — followed by a random digital shift s (J. Matoušek, "On the L2-discrepancy for anchored
 * boxes", J. Complexity 14, 1998; the affine subset of A. Owen's scrambling, "Scrambling Sobol' and
 * Niederreiter–Xing points", J. Complexity 14, 1998; scipy's qmc.Sobol(scramble=True) uses the same
 * family). Mode 'shift' applies s alone.
 *
 * x ↦ L x ⊕ s maps a digital sequence to a digital sequence with direction vectors L V_k and start
 * s, so the randomised points run through the unchanged Gray-code generator with c = s — on the CPU
 * and, through cuda/include/cr_sobol.h, on the GPU. The random bits are Philox words under the
 * caller's key, word j of dimension d being word j mod 4 of philox((⌊j/4⌋, d, 0, TAG_SOBOL), key),
 * so coordinate d of point i is a pure function of (key, d, i). Each randomised point is uniform on
 * [0, 1)^dims (the shift), (t, m, s)-nets stay nets (L is nonsingular and maps every digit prefix to
 * a prefix), and distinct keys give independent replicates.
 *
 * Digit j (1 = most significant) of a 32-bit word is bit 32 − j; a 64-bit word is (hi, lo) with
 * digits 1 … 32 in hi. Word 0 is the shift's digits 1 … 32, word 1 its digits 33 … 64; row k of L
 * (k ≥ 2) takes its digits 1 … k − 1 from words 2k − 2 (digits 1 … 32) and 2k − 1 (33 … 64). The
 * 32-bit variant uses exactly the digits 1 … 32 of the 64-bit one, so the top 32 bits of randomised
 * Sobol64 points equal the randomised Sobol32 points, as they do unrandomised (points below 2^32).
 */
import { philoxBlock } from '../../core/philox.js';
import { TAG_SOBOL } from '../../core/layout.js';
import type { Key } from '../../core/keys.js';

export type SobolRandomisation = 'lms' | 'shift';

/** The first `count` scramble words of dimension d under key. */
function words(key: Key, d: number, count: number): Uint32Array {
  const w = new Uint32Array(count);
  for (let t = 0; 4 * t < count; t++) philoxBlock(t, d, 0, TAG_SOBOL, key[0], key[1], w, 4 * t);
  return w;
}

/** The top n bits of a word set (digits 1 … n), n in [0, 32]. */
const prefix = (n: number): number => (n === 0 ? 0 : (0xffffffff << (32 - n)) | 0);

/**
 * The columns of the 32-bit L: col[j − 1] holds the output digits that input digit j feeds — digit j
 * itself (unit diagonal) and every k > j whose row k has digit j. Then L·v is the XOR of the columns
 * of v's set digits.
 */
function columns32(w: Uint32Array): Int32Array {
  const col = new Int32Array(32);
  for (let j = 1; j <= 32; j++) col[j - 1] = 1 << (32 - j);
  for (let k = 2; k <= 32; k++) {
    for (let r = w[2 * k - 2] & prefix(k - 1); r !== 0; r &= r - 1) {
      const j = Math.clz32(r & -r) + 1; // digit j is bit 32 − j
      col[j - 1] |= 1 << (32 - k);
    }
  }
  return col;
}

function apply32(col: Int32Array, v: number): number {
  let out = 0;
  for (let x = v | 0; x !== 0; x &= x - 1) out ^= col[Math.clz32(x & -x)];
  return out >>> 0;
}

/** Randomised direction vectors and start of a Sobol32 dimension. */
export function randomise32(key: Key, d: number, dirs: Uint32Array, mode: SobolRandomisation): { dirs: Uint32Array; c: number } {
  const w = words(key, d, mode === 'lms' ? 64 : 4);
  if (mode === 'shift') return { dirs, c: w[0] };
  const col = columns32(w);
  const out = new Uint32Array(32);
  for (let k = 0; k < 32; k++) out[k] = apply32(col, dirs[k]);
  return { dirs: out, c: w[0] };
}

/** The 64-bit L by columns, as columns32: col[2(j − 1)], col[2(j − 1) + 1] are the hi and lo words of column j. */
function columns64(w: Uint32Array): Int32Array {
  const col = new Int32Array(128);
  for (let j = 1; j <= 64; j++) col[2 * (j - 1) + (j <= 32 ? 0 : 1)] = 1 << ((64 - j) & 31);
  for (let k = 2; k <= 64; k++) {
    const outBit = 1 << ((64 - k) & 31), outWord = k <= 32 ? 0 : 1;
    for (let r = w[2 * k - 2] & prefix(Math.min(k - 1, 32)); r !== 0; r &= r - 1) {
      col[2 * Math.clz32(r & -r) + outWord] |= outBit; // digit j = clz + 1 in the hi word
    }
    if (k > 33) {
      for (let r = w[2 * k - 1] & prefix(k - 33); r !== 0; r &= r - 1) {
        col[2 * (32 + Math.clz32(r & -r)) + outWord] |= outBit; // digit j = 33 + clz in the lo word
      }
    }
  }
  return col;
}

/** Randomised direction vectors (hi/lo pairs) and start of a Sobol64 dimension. */
export function randomise64(key: Key, d: number, dirs: Uint32Array, mode: SobolRandomisation): { dirs: Uint32Array; c: bigint } {
  const w = words(key, d, mode === 'lms' ? 128 : 4);
  const c = (BigInt(w[0]) << 32n) | BigInt(w[1]);
  if (mode === 'shift') return { dirs, c };
  return { dirs: applyColumns64(columns64(w), dirs), c };
}

/**
 * L·V_k for the 64 direction vectors (hi/lo pairs) of a dimension, L given by columns as columns64
 * makes them (col[2j], col[2j + 1]: the hi and lo words of the column of digit j + 1); also used for
 * libcurand's scramble (curand-scramble.ts).
 */
export function applyColumns64(col: Int32Array, dirs: Uint32Array): Uint32Array {
  const out = new Uint32Array(128);
  for (let i = 0; i < 64; i++) {
    let hi = 0, lo = 0;
    for (let x = dirs[2 * i] | 0; x !== 0; x &= x - 1) {
      const j = Math.clz32(x & -x);
      hi ^= col[2 * j];
      lo ^= col[2 * j + 1];
    }
    for (let x = dirs[2 * i + 1] | 0; x !== 0; x &= x - 1) {
      const j = 32 + Math.clz32(x & -x);
      hi ^= col[2 * j];
      lo ^= col[2 * j + 1];
    }
    out[2 * i] = hi;
    out[2 * i + 1] = lo;
  }
  return out;
}
