/** cauchy(): loc ± scale·cot(πw/2), w the folded uniform (docs/streams.md, "Transforms of one uniform or one
 *  normal"). */
import { sincos2pi } from '../core/math/sincos.js';
import { fold, signed, locScale, transformSampler } from './transform.js';

const SC = new Float64Array(2);

export const CAUCHY = transformSampler({
  pooled: true,
  name: 'cauchy',
  summary: 'Cauchy variates loc + scale·tan(π(u − 1/2)) in law, evaluated as ±scale·cos/sin of πw/2',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 2,
  base: 'uniform',
  params: locScale('Location (the median)', 'Scale (half the interquartile range)'),
  // cot(πw/2) = cos/sin of the quarter turn w/4: finite for every w in (0, 1], 0 at w = 1
  f: (u, p) => {
    sincos2pi(0.25 * fold(u), SC, 0);
    return p[0] + signed(u, p[1] * (SC[1] / SC[0]));
  },
  hints: { mean: 'loc', median: 'loc', gamma: 'scale', x0: 'loc', std: 'scale' },
});
