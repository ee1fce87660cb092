/** laplace(): loc ± scale·(−log w), w the folded uniform (docs/streams.md §6.5). */
import { finite, positive } from '../core/constraints.js';
import { log } from '../core/math/log.js';
import { fold, signed, transformSampler } from './transform.js';

export const LAPLACE = transformSampler({
  name: 'laplace',
  summary: 'Laplace (double exponential) variates loc ± scale·E, E = −log w exponential, the sign from u\'s half',
  stream: 'docs/streams.md §6.5',
  id: 3,
  base: 'uniform',
  params: [
    { name: 'loc', doc: 'Location (mean and median), default 0.', is: finite, default: 0 },
    { name: 'scale', doc: 'Scale b > 0 (variance 2b²), default 1.', is: positive, default: 1 },
  ],
  f: (u, p) => p[0] + signed(u, p[1] * (0 - log(fold(u)))),
  hints: { mean: 'loc', mu: 'loc', b: 'scale', std: 'scale (the standard deviation is scale·√2)' },
});
