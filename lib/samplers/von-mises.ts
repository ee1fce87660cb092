/** vonMises(): Best–Fisher rejection per element on its own sub-stream, an element sampler (docs/streams.md,
 *  "von Mises (Best–Fisher rejection)"). */
import { finite, nonNegative } from '../core/constraints.js';
import { TAG_VON_MISES } from '../core/layout.js';
import { PI, TWO_PI, vonMisesElement } from '../kernels/vonmises.js';
import { elementSampler } from './element.js';

/** Below: uniform on the circle; above KAPPA_NORMAL: the normal limit (numpy's thresholds). */
export const KAPPA_UNIFORM = 1e-8;
export const KAPPA_NORMAL = 1e6;

/** The call's constants p = (mode, s, kappa, mu, c) of lib/kernels/vonmises.ts, in binary64 on the host. */
export function vonMisesParams(mu: number, kappa: number): Float64Array {
  // mu reduced to [−π, π) once here, so each element wraps at most once
  let m = mu % TWO_PI;  // exact (fmod)
  if (m < -PI) m += TWO_PI;
  else if (m >= PI) m -= TWO_PI;
  if (kappa < KAPPA_UNIFORM) return Float64Array.of(0, 0, kappa, m, 0);
  if (kappa > KAPPA_NORMAL) return Float64Array.of(2, 0, kappa, m, 1 / Math.sqrt(kappa));
  let s: number;
  if (kappa < 1e-5) {
    s = 1 / kappa + kappa;  // the series of the form below, which cancels for tiny kappa
  } else {
    const r = 1 + Math.sqrt(1 + 4 * kappa * kappa);
    const rho = (r - Math.sqrt(2 * r)) / (2 * kappa);
    s = (1 + rho * rho) / (2 * rho);
  }
  return Float64Array.of(1, s, kappa, m, 0);
}

export const VON_MISES = elementSampler({
  name: 'vonMises',
  summary: 'von Mises variates on [−π, π): Best–Fisher rejection, element i\'s first accepted proposal',
  stream: 'docs/streams.md, "von Mises (Best–Fisher rejection)"',
  id: 0,
  tag: TAG_VON_MISES,
  params: [
    { name: 'mu', doc: 'Mean direction in radians, default 0 (any finite value; reduced to [−π, π)).', is: finite, default: 0 },
    { name: 'kappa', doc: 'Concentration κ ≥ 0 (below 1e-8: uniform on the circle).', is: nonNegative },
  ],
  derived: { names: ['mode', 's', 'kappa', 'mu', 'c'], of: ({ mu, kappa }) => [...vonMisesParams(mu, kappa)] },
  element: vonMisesElement,
  hints: { loc: 'mu', mean: 'mu', concentration: 'kappa', scale: 'kappa (a concentration, not a scale)' },
});
