/** logseries(): the logarithmic series law by Kemp's second method, an element sampler (docs/streams.md,
 *  "Logarithmic series"). */
import { probabilityBelowOne } from '../core/constraints.js';
import { TAG_LOGSERIES, logseriesElement } from '../kernels/logseries.js';
import { elementSampler } from './element.js';

export const LOGSERIES = elementSampler({
  name: 'logseries',
  summary: 'Logarithmic series counts ≥ 1 (Kemp\'s second method, one block per element), float64 integers',
  stream: 'docs/streams.md, "Logarithmic series"',
  id: 2,
  tag: TAG_LOGSERIES,
  params: [{ name: 'p', doc: 'Shape p in [0, 1): P(k) = −p^k / (k·log(1 − p)) for k ≥ 1 (p = 0: every value is 1).', is: probabilityBelowOne }],
  // r = log(1 − p) once on the host, handed to every backend as it is
  derived: { names: ['p', 'r'], of: ({ p }) => [p, Math.log1p(-p)] },
  element: logseriesElement,
  integer: true,
  hostSimd: true,
  hints: { prob: 'p', theta: 'p' },
});
