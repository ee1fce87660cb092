/** wald(): the inverse Gaussian law (numpy's wald), an element sampler (docs/streams.md, "Wald (inverse Gaussian)"). */
import { positive } from '../core/constraints.js';
import { TAG_WALD, waldElement } from '../kernels/wald.js';
import { elementSampler } from './element.js';

export const WALD = elementSampler({
  name: 'wald',
  summary: 'Wald (inverse Gaussian) variates: Michael–Schucany–Haas, one normal and one uniform per element',
  stream: 'docs/streams.md, "Wald (inverse Gaussian)"',
  id: 1,
  tag: TAG_WALD,
  params: [
    { name: 'mean', doc: 'Mean μ > 0.', is: positive },
    { name: 'scale', doc: 'Scale (shape) λ > 0: the variance is μ³/λ.', is: positive },
  ],
  element: waldElement,
  hostSimd: true,
  hints: { mu: 'mean', lambda: 'scale', shape: 'scale' },
});
