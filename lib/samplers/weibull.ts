/** weibull(): scale·(−log u)^(1/shape), u in (0, 1] (docs/streams.md, "Transforms of one uniform or one normal"). */
import { positive } from '../core/constraints.js';
import { exp } from '../core/math/exp.js';
import { log } from '../core/math/log.js';
import { transformSampler } from './transform.js';

export const WEIBULL = transformSampler({
  pooled: true,
  name: 'weibull',
  summary: 'Weibull variates scale·E^(1/shape), E = −log u the exponential(1) of the same element',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 1,
  base: 'uniform',
  params: [
    { name: 'shape', doc: 'Shape k > 0.', is: positive },
    { name: 'scale', doc: 'Scale λ > 0, default 1.', is: positive, default: 1 },
  ],
  // E^(1/k) as exp(log(E)/k): u = 1 gives E = +0, log(E) = -∞, the value +0
  f: (u, p) => p[1] * exp(log(0 - log(u)) / p[0]),
  hints: { a: 'shape', k: 'shape', c: 'shape', lambda: 'scale' },
});
