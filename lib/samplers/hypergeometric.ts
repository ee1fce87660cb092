/** hypergeometric(): good items in a sample without replacement, numpy's methods, an element sampler
 *  (docs/streams.md, "Hypergeometric"). */
import { count, itemCount } from '../core/constraints.js';
import { TAG_HYPERGEOMETRIC, hypergeometricElement, hypergeometricRow } from '../kernels/hypergeometric.js';
import { elementSampler } from './element.js';

export const HYPERGEOMETRIC = elementSampler({
  name: 'hypergeometric',
  summary: 'hypergeometric counts: Stadlober\'s ratio of uniforms (HRUA) or, for samples within 10 of either end, the draws one by one, float64 integers',
  stream: 'docs/streams.md, "Hypergeometric"',
  id: 4,
  tag: TAG_HYPERGEOMETRIC,
  params: [
    { name: 'ngood', doc: 'Good items in the urn: an integer in [0, 10^9 − 1].', is: itemCount, example: 100 },
    { name: 'nbad', doc: 'Other items in the urn: an integer in [0, 10^9 − 1].', is: itemCount, example: 200 },
    { name: 'nsample', doc: 'Items drawn without replacement: an integer in [0, ngood + nbad].', is: count, example: 50 },
  ],
  check({ ngood, nbad, nsample }, at) {
    if (!(nsample <= ngood + nbad)) {
      throw new RangeError(`${at('nsample')} must be at most ${at('ngood')} + ${at('nbad')} = ${ngood + nbad}, got ${nsample}`);
    }
  },
  // HRUA's constants once on the host (cr_hypergeometric_row's operations: the C API recomputes and compares them)
  derived: {
    names: ['a', 'h', 'b', 'g', 'mn', 'cs', 'd', 'flip'],
    of: ({ ngood, nbad, nsample }) => hypergeometricRow(ngood, nbad, nsample),
  },
  element: hypergeometricElement,
  integer: true,
  hostSimd: true,
  hints: { good: 'ngood', bad: 'nbad', sample: 'nsample', N: 'ngood + nbad', K: 'ngood', n: 'nsample' },
});
