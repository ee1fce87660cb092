/** logistic(): loc ± scale·log((2 − w)/w), w the folded uniform (docs/streams.md, "Transforms of one uniform or one
 *  normal"). */
import { log } from '../core/math/log.js';
import { fold, signed, locScale, transformSampler } from './transform.js';

export const LOGISTIC = transformSampler({
  name: 'logistic',
  summary: 'logistic variates loc + scale·log(u\'/(1 − u\')) in law, evaluated as ±scale·log((2 − w)/w)',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 4,
  base: 'uniform',
  params: locScale('Location (mean and median)', 'Scale s (variance s²π²/3)'),
  // |L| has survival function 2/(1 + e^x): |L| = log((2 − w)/w) for w uniform on (0, 1]
  f: (u, p) => {
    const w = fold(u);
    return p[0] + signed(u, p[1] * log((2 - w) / w));
  },
  hints: { mean: 'loc', mu: 'loc', s: 'scale', std: 'scale' },
});
