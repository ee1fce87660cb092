/** power(): exp(log(u)/a) = u^(1/a) in [0, 1], u in (0, 1] (docs/streams.md, "Transforms of one uniform or one
 *  normal"): numpy's Generator.power, the law with density a·x^(a−1) on [0, 1]. */
import { positive } from '../core/constraints.js';
import { exp } from '../core/math/exp.js';
import { log } from '../core/math/log.js';
import { transformSampler } from './transform.js';

export const POWER = transformSampler({
  pooled: true,
  name: 'power',
  summary: 'power-law variates u^(1/a) in [0, 1], density a·x^(a−1) (numpy\'s power)',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 10,
  base: 'uniform',
  params: [{ name: 'a', doc: 'Exponent a > 0 (the density is a·x^(a−1) on [0, 1]).', is: positive }],
  // u = 1 gives exactly 1 (log 1 = +0); a tiny u or a small a gives +0 (exp underflows), never NaN
  f: (u, p) => exp(log(u) / p[0]),
  hints: { alpha: 'a', shape: 'a', k: 'a' },
});
