/**
 * Exact bit access to binary64 values: one Float64Array aliased by a Uint32Array (little-endian
 * hosts: word 1 is the high word, with sign, exponent and the top 20 mantissa bits). The CUDA port
 * (cuda/include/cr_math.h) uses __double_as_longlong / memcpy for the same two operations.
 */
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
// All supported hosts (x86-64, arm64) are little-endian; refuse to run silently wrong elsewhere.
F64[0] = 1;
if (U32[1] !== 0x3ff00000) throw new Error('cuda-random: lib/core/math needs a little-endian host');

/** High 32 bits of x, as a signed int32 (sign bit set for negative x). */
export function highWord(x: number): number {
  F64[0] = x;
  return U32[1] | 0;
}

/**
 * 2^k for every k in [-1074, 1023] (all powers of two binary64 holds): POW2[k + POW2_BIAS]. A table
 * instead of assembling the bits at each call: V8 would store the two halves and reload the whole
 * double, which stalls store-to-load forwarding. Exact values, built by doubling and halving.
 */
export const POW2_BIAS = 1074;
export const POW2 = new Float64Array(2098);
POW2[POW2_BIAS] = 1;
for (let k = 1; k <= 1023; k++) POW2[POW2_BIAS + k] = POW2[POW2_BIAS + k - 1] * 2;
for (let k = 1; k <= 1074; k++) POW2[POW2_BIAS - k] = POW2[POW2_BIAS - k + 1] * 0.5;

/**
 * x with its low 32 bits cleared: the high word alone (fdlibm's SET_LOW_WORD(x, 0)). The result has
 * at most 21 significant bits, so products of two such values are exact. C++: cr_clear_lo.
 */
export function clearLowWord(x: number): number {
  F64[0] = x;
  U32[0] = 0;
  return F64[0];
}
