/**
 * Hypergeometric elements (docs/streams.md, "Hypergeometric"), an element sampler (lib/kernels/element.ts
 * runs it), with numpy's choice of method: for 10 ≤ sample ≤ total − 10 Stadlober's ratio-of-uniforms
 * method (HRUA), the first accepted proposal t of block (e mod 2^32, e div 2^32, t, TAG_HYPERGEOMETRIC);
 * otherwise at most 9 draws of the items one by one, draw j from word pair j mod 2 of block ⌊j/2⌋. The row
 * is hypergeometricRow's. C++ twin: cuda/include/cr_hypergeometric.h.
 */
import { k53, philoxBlock } from '../core/philox.js';
import { log } from '../core/math/log.js';
import { logFactorial } from '../core/math/logfactorial.js';

/** Its blocks' counter word 3 (cr_hypergeometric.h CR_TAG_HYPERGEOMETRIC): distinct from every TAG of lib/core/layout.ts. */
export const TAG_HYPERGEOMETRIC = 24;

/** Largest ngood and nbad (numpy's bound). */
export const HYPERGEOMETRIC_MAX = 999999999;

const TWO_M53 = 2 ** -53;
const W = new Uint32Array(4);
const D1 = 1.7155277699214135;  // 2·sqrt(2/e)
const D2 = 0.8989161620588988;  // 3 − 2·sqrt(3/e)

/**
 * The row of integers (good, bad, sample), sample ≤ good + bad: HRUA's constants (a, h, b, g, mn, cs, d, flip)
 * — cs = min(sample, total − sample), mn = min(good, bad), d = max(good, bad) − cs, flip = (good > bad) +
 * 2·(cs < sample) — or (good, bad, sample, 0, 0, 0, 0, 4) for the draws one by one. cr_hypergeometric_row's operations.
 */
export function hypergeometricRow(good: number, bad: number, sample: number): number[] {
  const pop = good + bad;
  if (!(sample >= 10 && sample <= pop - 10)) return [good, bad, sample, 0, 0, 0, 0, 4];
  const cs = sample < pop - sample ? sample : pop - sample;
  const mn = good < bad ? good : bad, mx = good < bad ? bad : good;
  const p = mn / pop, q = mx / pop;
  const a = cs * p + 0.5;
  const variance = (pop - cs) * cs * p * q / (pop - 1);
  const c = Math.sqrt(variance + 0.5);
  const m = Math.floor((cs + 1) * (mn + 1) / (pop + 2));
  const top = (cs < mn ? cs : mn) + 1, tail = Math.floor(a + 16 * c);
  const g = logFactorial(m) + logFactorial(mn - m) + logFactorial(cs - m) + logFactorial(mx - cs + m);
  return [a, D1 * c + D2, top < tail ? top : tail, g, mn, cs, mx - cs, (good > bad ? 1 : 0) + (cs < sample ? 2 : 0)];
}

/** Element (eHi:eLo) for a row of hypergeometricRow: the number of good items in the sample. */
export function hypergeometricElement(k0: number, k1: number, eLo: number, eHi: number, p: Float64Array): number {
  if (p[7] === 4) {
    const good = p[0], pop = p[0] + p[1], sample = p[2];
    const complement = sample > Math.floor(pop / 2);
    let left = complement ? pop - sample : sample, total = pop, g = good;
    for (let j = 0; left > 0 && g > 0 && total > g; j++) {
      if ((j & 1) === 0) philoxBlock(eLo, eHi, j >>> 1, TAG_HYPERGEOMETRIC, k0, k1, W, 0);
      const u = k53(W[2 * (j & 1)], W[2 * (j & 1) + 1]) * TWO_M53;
      if (u * total < g) g = g - 1;
      total = total - 1;
      left = left - 1;
    }
    if (total === g) g = g - left;
    return complement ? g : good - g;
  }
  const a = p[0], h = p[1], b = p[2], g = p[3], mn = p[4], cs = p[5], d = p[6];
  let k = 0;
  for (let t = 0; ; t++) {
    philoxBlock(eLo, eHi, t, TAG_HYPERGEOMETRIC, k0, k1, W, 0);
    const u = (k53(W[0], W[1]) + 1) * TWO_M53;
    const v = k53(W[2], W[3]) * TWO_M53;
    const x = a + h * (v - 0.5) / u;
    if (x < 0 || x >= b) continue;
    k = Math.floor(x);
    const tt = g - (logFactorial(k) + logFactorial(mn - k) + logFactorial(cs - k) + logFactorial(d + k));
    if (u * (4 - u) - 3 <= tt) break;
    if (u * (u - tt) >= 1) continue;
    if (2 * log(u) <= tt) break;
  }
  const flip = p[7];
  const swapped = flip === 1 || flip === 3;
  if (swapped) k = cs - k;
  if (flip >= 2) k = (swapped ? d + cs : mn) - k;
  return k;
}
