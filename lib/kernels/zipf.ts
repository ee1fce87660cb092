/**
 * Zipf elements (docs/streams.md, "Zipf"), an element sampler (lib/kernels/element.ts runs it):
 * Devroye's rejection from the Pareto law, as numpy's zipf(a), with the proposal conditioned on X ≤ 2^53
 * (numpy redraws values above 2^63 − 1 instead). Proposal t of element e is block (e mod 2^32,
 * e div 2^32, t, TAG_ZIPF): u = k53(w0, w1)·2^-53, v = k53(w2, w3)·2^-53; log U = log1p(−c·u),
 * X = ⌊exp(−log U·(1/am1))⌋, y = am1·log1p(1/X); accepted when X ≤ 2^53 and
 * v·X·expm1(y)·(1/bm1) ≤ (1 + expm1(y))·(1/b). C++ twin: cuda/include/cr_zipf.h.
 */
import { k53, philoxBlock } from '../core/philox.js';
import { exp } from '../core/math/exp.js';
import { expm1 } from '../core/math/expm1.js';
import { log1p } from '../core/math/log1p.js';

/** Its blocks' counter word 3 (cr_zipf.h CR_TAG_ZIPF): distinct from every TAG of lib/core/layout.ts. */
export const TAG_ZIPF = 23;

const TWO_M53 = 2 ** -53;
const TWO_P53 = 2 ** 53;
const W = new Uint32Array(4);

/** Element (eHi:eLo) for p = (am1, 1/am1, c, 1/b, 1/bm1) of lib/samplers/zipf.ts zipfParams: an integer in [1, 2^53]. */
export function zipfElement(k0: number, k1: number, eLo: number, eHi: number, p: Float64Array): number {
  const am1 = p[0], invAm1 = p[1], c = p[2], invB = p[3], invBm1 = p[4];
  if (!(invB > 0)) return 1;
  for (let t = 0; ; t++) {
    philoxBlock(eLo, eHi, t, TAG_ZIPF, k0, k1, W, 0);
    const u = k53(W[0], W[1]) * TWO_M53;
    const v = k53(W[2], W[3]) * TWO_M53;
    const x = Math.floor(exp((0 - log1p(0 - c * u)) * invAm1));
    if (x > TWO_P53) continue;
    const tm1 = expm1(am1 * log1p(1 / x));
    if (((v * x) * tm1) * invBm1 <= (1 + tm1) * invB) return x;
  }
}
