/** rayleigh(): scale·sqrt(−2 log u), u in (0, 1] (docs/streams.md, "Transforms of one uniform or one normal"). */
import { positive } from '../core/constraints.js';
import { log } from '../core/math/log.js';
import { transformSampler } from './transform.js';

export const RAYLEIGH = transformSampler({
  name: 'rayleigh',
  summary: 'Rayleigh variates scale·sqrt(2E), E = −log u exponential',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 7,
  base: 'uniform',
  params: [{ name: 'scale', doc: 'Scale σ > 0 (the mode), default 1.', is: positive, default: 1 }],
  // 0 − 2·log u: u = 1 gives +0, not −0; Math.sqrt is correctly rounded, as IEEE 754 requires
  f: (u, p) => p[0] * Math.sqrt(0 - 2 * log(u)),
  hints: { sigma: 'scale', std: 'scale' },
});
