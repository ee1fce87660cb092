/** gumbel(): loc − scale·log(−log v), v the uniform made open at 1 (docs/streams.md, "Transforms of one uniform or
 *  one normal"). */
import { log } from '../core/math/log.js';
import { openAtOne, locScale, transformSampler } from './transform.js';

export const GUMBEL = transformSampler({
  name: 'gumbel',
  summary: 'Gumbel (maximum) variates loc − scale·log(E), E = −log v exponential with v in (0, 1)',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 5,
  base: 'uniform',
  params: locScale('Location (the mode)', 'Scale β'),
  f: (u, p) => p[0] - p[1] * log(0 - log(openAtOne(u))),
  hints: { mu: 'loc', beta: 'scale', mean: 'loc (the mean is loc + 0.5772·scale)', std: 'scale' },
});
