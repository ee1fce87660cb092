/** lognormal(): exp(mean + std·z), z the standard Box–Muller stream (docs/streams.md, "Transforms of one uniform or
 *  one normal"). */
import { finite, positive } from '../core/constraints.js';
import { exp } from '../core/math/exp.js';
import { transformSampler } from './transform.js';

export const LOGNORMAL = transformSampler({
  pooled: true,
  name: 'lognormal',
  summary: 'log-normal variates exp(mean + std·z), mean and std those of the underlying normal',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 0,
  base: 'normal',
  params: [
    { name: 'mean', doc: 'Mean of the underlying normal (finite), default 0.', is: finite, default: 0 },
    { name: 'std', doc: 'Standard deviation of the underlying normal (> 0), default 1.', is: positive, default: 1 },
  ],
  f: (z, p) => exp(p[0] + p[1] * z),
  hints: { mu: 'mean', sigma: 'std', loc: 'mean', scale: 'std', meanlog: 'mean', sdlog: 'std' },
});
