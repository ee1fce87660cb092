/**
 * Wald (inverse Gaussian) elements (docs/streams.md, "Wald (inverse Gaussian)"), an element sampler
 * (lib/kernels/element.ts runs it): Michael, Schucany and Haas's method, as numpy's wald(mean, scale),
 * with its root in a form that does not cancel. Block 0 of element e, (e mod 2^32, e div 2^32, 0,
 * TAG_WALD), gives z = sqrt(0 − 2·log v)·cos(2πu), u = k53(w0, w1)·2^-53, v = (k53(w2, w3) + 1)·2^-53;
 * block 1 gives u' = k53(w0, w1)·2^-53. With a = (mean·z²)/(4·scale) and r = (√a + √(a + 1))², the
 * roots of numpy's quadratic are mean/r and mean·r; the value is mean/r when u'·(1 + 1/r) ≤ 1 (numpy:
 * u' ≤ mean/(mean + x)), else mean·r. C++ twin: cuda/include/cr_wald.h.
 */
import { k53, philoxBlock } from '../core/philox.js';
import { cos2pi } from '../core/math/sincos.js';
import { log } from '../core/math/log.js';

/** Its blocks' counter word 3 (cr_wald.h CR_TAG_WALD): distinct from every TAG of lib/core/layout.ts. */
export const TAG_WALD = 16;

const TWO_M53 = 2 ** -53;
const W = new Uint32Array(4);

/** Element (eHi:eLo) for p = (mean, scale). */
export function waldElement(k0: number, k1: number, eLo: number, eHi: number, p: Float64Array): number {
  philoxBlock(eLo, eHi, 0, TAG_WALD, k0, k1, W, 0);
  const u1 = k53(W[0], W[1]) * TWO_M53;
  const v = (k53(W[2], W[3]) + 1) * TWO_M53;
  const z = Math.sqrt(0 - 2 * log(v)) * cos2pi(u1);
  philoxBlock(eLo, eHi, 1, TAG_WALD, k0, k1, W, 0);
  const u = k53(W[0], W[1]) * TWO_M53;
  const a = (p[0] * (z * z)) / (4 * p[1]);
  const s = Math.sqrt(a) + Math.sqrt(a + 1);
  const r = s * s;
  return u * (1 + 1 / r) <= 1 ? p[0] / r : p[0] * r;
}
