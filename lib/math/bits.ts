/**
 * Exact bit access to binary64 values: one Float64Array aliased by a Uint32Array (little-endian
 * hosts: word 1 is the high word, with sign, exponent and the top 20 mantissa bits). The CUDA port
 * (cuda/include/cr_math.h) uses __double_as_longlong / memcpy for the same two operations.
 */
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
// All supported hosts (x86-64, arm64) are little-endian; refuse to run silently wrong elsewhere.
F64[0] = 1;
if (U32[1] !== 0x3ff00000) throw new Error('cuda-random: lib/math needs a little-endian host');

/** High 32 bits of x, as a signed int32 (sign bit set for negative x). */
export function highWord(x: number): number {
  F64[0] = x;
  return U32[1] | 0;
}

/** x with its high word replaced by `hi` (low word kept). */
export function withHighWord(x: number, hi: number): number {
  F64[0] = x;
  U32[1] = hi;
  return F64[0];
}

/** 2^k for an integer k in [-1022, 1023], built from its bits (exact). */
export function pow2(k: number): number {
  U32[0] = 0;
  U32[1] = (k + 1023) << 20;
  return F64[0];
}
