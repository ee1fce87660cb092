/**
 * Negative binomial counts (docs/streams.md, "Negative binomial") as numpy draws them: failures before the r-th success
 * with success probability p, the gamma–Poisson mixture X ~ Poisson(G·(1 − p)/p), G ~ Gamma(r). Element
 * e's G is gamma element e of the gamma stream in its float64 proposal layout (the value
 * gamma(key, ·, { alpha: r, scale: (1 − p)/p }) has at e, bit for bit), and its Poisson draw runs on
 * element e's sub-streams of TAG_NEGATIVE_BINOMIAL (poisson.ts's method for λ = that value).
 * C++ twin: cuda/include/cr_counts.h.
 */
import { TAG_NEGATIVE_BINOMIAL } from '../core/layout.js';
import type { OutArray } from '../core/types.js';
import { gammaElement64, gammaKernel } from './gamma.js';
import { poissonElement, poissonKernel } from './poisson.js';

const TWO_P32 = 4294967296;
const PIECE = 4096;
const lams = new Float64Array(PIECE);

/** Negative binomial element (eHi:eLo) with r > 0 and p in (0, 1]. */
export function negativeBinomialElement(k0: number, k1: number, eLo: number, eHi: number, r: number, p: number): number {
  if (p === 1) return 0;
  const lam = gammaElement64(k0, k1, eLo, eHi, r) * ((1 - p) / p);
  return poissonElement(k0, k1, eLo, eHi, lam, TAG_NEGATIVE_BINOMIAL);
}

/**
 * Negative binomial elements [first, first + out.length): a piece's means are the gamma kernel's
 * float64 values (λ_e exactly), then the Poisson kernel runs on TAG_NEGATIVE_BINOMIAL with them.
 */
export function negativeBinomialKernel(k0: number, k1: number, lo: number, hi: number, r: number, p: number, out: OutArray): void {
  if (p === 1) {
    out.fill(0);
    return;
  }
  const scale = (1 - p) / p;
  for (let s = 0; s < out.length; s += PIECE) {
    const m = Math.min(PIECE, out.length - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    const lam = lams.subarray(0, m);
    gammaKernel(k0, k1, eLo, eHi, r, undefined, scale, 1, true, lam);
    poissonKernel(k0, k1, eLo, eHi, 0, lam, out.subarray(s, s + m), TAG_NEGATIVE_BINOMIAL);
  }
}
