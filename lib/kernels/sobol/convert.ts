/**
 * cuRAND's maps from Sobol words to floats (curand_uniform.h: curand_uniform / curand_uniform_double
 * of a Sobol32 or Sobol64 state call _curand_uniform / _curand_uniform_double of the curand() word).
 * Each is written so that binary64 arithmetic in JS reproduces the CUDA rounding exactly; the
 * argument for each is beside it, and docs/qmc.md, "Sobol: the stream contract" states the maps.
 */

/**
 * Sobol32 → float: x·2^-32 + 2^-33 in binary32, x first rounded to float (CURAND_2POW32_INV is the
 * literal 2.3283064e-10f, exactly 2^-32). The binary64 product and sum are exact (≤ 33 significant
 * bits), so the caller's Float32Array store is the one rounding of the float add — the same as XORWOW's
 * curand_uniform (docs/streams.md, "XORWOW"). In (0, 1]: words ≥ 0xFFFFFF80 give 1.
 */
export function uniform32From32(x: number): number {
  return Math.fround(x) * 2 ** -32 + 2 ** -33;
}

/**
 * Sobol32 → double: x·2^-32 + 2^-32 (curand_uniform.h of the 2010–2018 header onwards:
 * `x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE`; older headers added 2^-33). Exact in
 * binary64; in [2^-32, 1].
 */
export function uniform64From32(x: number): number {
  return x * 2 ** -32 + 2 ** -32;
}

/** Sobol64 → float: the high word through the Sobol32 map (`_curand_uniform(unsigned long long)`). */
export function uniform32From64(hi: number): number {
  return Math.fround(hi) * 2 ** -32 + 2 ** -33;
}

/**
 * Sobol64 → double: (x >> 11)·2^-53 + 2^-54. x >> 11 = hi·2^21 + (lo >>> 11) < 2^53 converts exactly,
 * the product by 2^-53 is exact, and the one rounding is the binary64 add, as in CUDA (an FMA
 * contraction rounds the same exact sum once). In (0, 1]: x >> 11 = 2^53 − 1 rounds to 1.
 */
export function uniform64From64(hi: number, lo: number): number {
  return (hi * 2097152 + (lo >>> 11)) * 2 ** -53 + 2 ** -54;
}
