/** laplace(): loc ± scale·(−log w), w the folded uniform (docs/streams.md, "Transforms of one uniform or one
 *  normal"). */
import { log } from '../core/math/log.js';
import { fold, signed, locScale, transformSampler } from './transform.js';

export const LAPLACE = transformSampler({
  name: 'laplace',
  summary: 'Laplace (double exponential) variates loc ± scale·E, E = −log w exponential, the sign from u\'s half',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 3,
  base: 'uniform',
  params: locScale('Location (mean and median)', 'Scale b (variance 2b²)'),
  f: (u, p) => p[0] + signed(u, p[1] * (0 - log(fold(u)))),
  hints: { mean: 'loc', mu: 'loc', b: 'scale', std: 'scale (the standard deviation is scale·√2)' },
});
