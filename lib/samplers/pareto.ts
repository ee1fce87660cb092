/** pareto(): scale·u^(−1/alpha) (Pareto I), u in (0, 1] (docs/streams.md, "Transforms of one uniform or one
 *  normal"). */
import { positive } from '../core/constraints.js';
import { exp } from '../core/math/exp.js';
import { log } from '../core/math/log.js';
import { transformSampler } from './transform.js';

export const PARETO = transformSampler({
  pooled: true,
  name: 'pareto',
  summary: 'Pareto (type I) variates scale·exp(E/alpha) ≥ scale, E = −log u exponential',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 6,
  base: 'uniform',
  params: [
    { name: 'alpha', doc: 'Tail index α > 0.', is: positive },
    { name: 'scale', doc: 'Scale x_m > 0, the smallest value, default 1.', is: positive, default: 1 },
  ],
  // u = 1 gives exactly scale: −log 1 = 0
  f: (u, p) => p[1] * exp((0 - log(u)) / p[0]),
  hints: { a: 'alpha', b: 'alpha', shape: 'alpha', xm: 'scale', m: 'scale' },
});
