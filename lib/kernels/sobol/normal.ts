/**
 * Normal Sobol points by inverse CDF, mapped as cuRAND's curand_normal(_double) of a Sobol state
 * (_curand_normal_icdf in curand_normal.h): the word is mirrored about its midpoint so that p lies in
 * (0, 1/2], and the result is s·√2·erfcinv(2p) = −s·Φ⁻¹(p) with s = ±1 from the mirror. Three maps:
 *   float32 (Sobol32 word, or the high word of Sobol64):  x > 2^31 → x = 2^32 − 1 − x, s = −1;  p = x·2^-32 + 2^-33
 *   float64 from Sobol32: the same in binary64
 *   float64 from Sobol64: y = x >> 11;  y > 2^52 → y = 2^53 − 1 − y, s = −1;  p = y·2^-53 + 2^-54
 * The mirror keeps p ≤ 1/2, so no point maps to ±∞. The result is the same function of the word as
 * cuRAND's but not bit-identical to it: cuRAND evaluates erfcinvf / erfcinv (float32 in the first
 * map), this library a portable binary64 Φ⁻¹.
 *
 * Φ⁻¹ is lib/core/math's portable ndtri (Wichura's AS241 with one Newton step; docs/accuracy.md).
 */
import { ndtri } from '../../core/math/ndtri.js';

/** Kept for sobol()'s argument checks: the normal transform is always available. */
export function requireNormal(): void {}

/** The float32 and float64-from-Sobol32 map of a 32-bit word (binary64; round to float32 for float32). */
export function normalFrom32(x: number): number {
  const s = x > 0x80000000 ? -1 : 1;
  const m = s < 0 ? 0xffffffff - x : x;
  return -s * ndtri(m * 2 ** -32 + 2 ** -33);
}

/** The float64-from-Sobol64 map of a 64-bit word (hi, lo). */
export function normalFrom64(hi: number, lo: number): number {
  const y = hi * 2097152 + (lo >>> 11);
  const s = y > 2 ** 52 ? -1 : 1;
  const m = s < 0 ? 2 ** 53 - 1 - y : y;
  return -s * ndtri(m * 2 ** -53 + 2 ** -54);
}
