/**
 * The Sobol sequence of one dimension, in cuRAND's Gray-code form (curand_kernel.h, curandStateSobol32
 * / 64): point i is
 *   x_i = c ⊕ ⨁ { V_(k+1) : bit k of gray(i) is set },   gray(i) = i ⊕ (i >> 1),
 * and consecutive points differ by one direction vector, x_(i+1) = x_i ⊕ V_(t+1) with t the number of
 * trailing one bits of i. c = 0 for plain Sobol; a scramble constant (cuRAND's scrambled variants, or
 * this library's keyed digital shift) otherwise. Starting at any offset costs one O(bits) Gray-code
 * sum, then one XOR per point.
 *
 * 64-bit words travel as uint32 halves (hi, lo) so the loops stay in small-integer arithmetic.
 */

/** Point i (< 2^32) of a 32-bit dimension: the per-element work item. */
export function sobol32Point(dirs: Uint32Array, c: number, i: number): number {
  let g = (i ^ (i >>> 1)) >>> 0;
  let x = c | 0;
  for (let k = 0; g !== 0; k++, g >>>= 1) if (g & 1) x ^= dirs[k];
  return x >>> 0;
}

/** Point i (< 2^64) of a 64-bit dimension (dirs as hi/lo pairs, c as a bigint): the per-element work item. */
export function sobol64Point(dirs: Uint32Array, c: bigint, i: bigint): bigint {
  let g = i ^ (i >> 1n);
  let hi = Number(c >> 32n) | 0, lo = Number(c & 0xffffffffn) | 0;
  for (let k = 0; g !== 0n; k++, g >>= 1n) {
    if (g & 1n) {
      hi ^= dirs[2 * k];
      lo ^= dirs[2 * k + 1];
    }
  }
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/** out[0 … n) = points first … first + n − 1 of a 32-bit dimension (first + n ≤ 2^32). */
export function sobol32Column(dirs: Uint32Array, c: number, first: number, n: number, out: Uint32Array): void {
  if (n === 0) return;
  let x = sobol32Point(dirs, c, first) | 0;
  let i = first | 0;
  out[0] = x;
  for (let j = 1; j < n; j++, i++) {
    const t = ~i & (i + 1); // the lowest zero bit of i, as a one-hot word
    x ^= dirs[31 - Math.clz32(t)];
    out[j] = x;
  }
}

/**
 * hi[0 … n), lo[0 … n) = points first … first + n − 1 of a 64-bit dimension (first + n ≤ 2^64); the
 * index is carried as two uint32 halves.
 */
export function sobol64Column(
  dirs: Uint32Array, c: bigint, first: bigint, n: number, hi: Uint32Array, lo: Uint32Array,
): void {
  if (n === 0) return;
  const x = sobol64Point(dirs, c, first);
  let xh = Number(x >> 32n) | 0, xl = Number(x & 0xffffffffn) | 0;
  let il = Number(first & 0xffffffffn) | 0, ih = Number(first >> 32n) | 0;
  hi[0] = xh;
  lo[0] = xl;
  for (let j = 1; j < n; j++) {
    // trailing ones of the 64-bit index: in the low half unless it is all ones
    const k = il !== -1 ? 31 - Math.clz32(~il & (il + 1)) : 63 - Math.clz32(~ih & (ih + 1));
    xh ^= dirs[2 * k];
    xl ^= dirs[2 * k + 1];
    hi[j] = xh;
    lo[j] = xl;
    il = (il + 1) | 0;
    if (il === 0) ih = (ih + 1) | 0;
  }
}
