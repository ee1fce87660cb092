/**
 * von Mises on the circle (docs/streams.md, "von Mises (Best–Fisher rejection)"), an element sampler
 * (lib/kernels/element.ts runs it): Best and Fisher's rejection (as numpy), element e's
 * proposal t from its own block (e mod 2^32, e div 2^32, t, TAG_VON_MISES), the first accepted wins.
 * Words w0..w3 of a proposal: u = k53(w0, w1)·2^-53 in [0, 1), v = (k53(w2, w3) + 1)·2^-53 in (0, 1],
 * the sign from bit 0 of w0 (a bit k53 does not use). The call's constants (von Mises parameters, in
 * p) are derived once on the host (lib/samplers/von-mises.ts) and given to every backend as they are:
 *   p = (mode, s, kappa, mu, c): mode 0 (kappa < 1e-8): r = π(2u − 1), uniform on the circle;
 *   mode 1: Z = cos(πu), W = (1 + sZ)/(s + Z), Y = kappa·(s − W), accepted when Y(2 − Y) ≥ v or
 *           (Y > 0 and log(Y/v) + 1 − Y ≥ 0); r = ±acos(W) (W clamped to [−1, 1] against rounding);
 *   mode 2 (kappa > 1e6): the normal limit, r = c·z, c = 1/sqrt(kappa), z Box–Muller of (v, u);
 * then y = r + mu (mu already reduced to [−π, π)), wrapped once into [−π, π). C++ twin:
 * cuda/include/cr_von_mises.h.
 */
import { k53, philoxBlock } from '../core/philox.js';
import { TAG_VON_MISES } from '../core/layout.js';
import { acos } from '../core/math/acos.js';
import { cos2pi } from '../core/math/sincos.js';
import { log } from '../core/math/log.js';

const TWO_M53 = 2 ** -53;
/** π and 2π rounded to binary64 (2π exactly twice π's double). */
export const PI = 3.141592653589793;
export const TWO_PI = 6.283185307179586;

const W = new Uint32Array(4);


/** Element (eHi:eLo) for parameters p. */
export function vonMisesElement(k0: number, k1: number, eLo: number, eHi: number, p: Float64Array): number {
  const mode = p[0], s = p[1], kappa = p[2];
  let r = 0;
  for (let t = 0; ; t++) {
    philoxBlock(eLo, eHi, t, TAG_VON_MISES, k0, k1, W, 0);
    const u = k53(W[0], W[1]) * TWO_M53;
    if (mode === 0) {
      r = PI * (2 * u - 1);
      break;
    }
    const v = (k53(W[2], W[3]) + 1) * TWO_M53;
    if (mode === 2) {
      r = p[4] * (Math.sqrt(0 - 2 * log(v)) * cos2pi(u));
      break;
    }
    const z = cos2pi(0.5 * u);
    const w = (1 + s * z) / (s + z);
    const y = kappa * (s - w);
    if (y * (2 - y) - v >= 0 || (y > 0 && log(y / v) + 1 - y >= 0)) {
      r = acos(w > 1 ? 1 : w < -1 ? -1 : w);
      if (W[0] & 1) r = -r;
      break;
    }
  }
  const x = r + p[3];
  return x < -PI ? x + TWO_PI : x >= PI ? x - TWO_PI : x;
}
