/** chisquare(): exactly 2·G with G the gamma(key, n, { alpha: df/2 }) variates (docs/streams.md, "Chi-square"). */
import { degreesOfFreedom } from '../core/constraints.js';
import { halfShapes, opFor, type SamplerSpec } from './spec.js';

export const CHISQUARE: SamplerSpec = {
  name: 'chisquare',
  summary: 'chi-square variates: 2·gamma(α = df/2)',
  stream: 'docs/streams.md, "Chi-square"',
  params: [{
    name: 'df', doc: 'Degrees of freedom k > 0: one number or one per element.', is: degreesOfFreedom, perElement: true,
    noDevice: 'for shapes in a DeviceArray use gamma(key, n, { alpha: df/2, scale: 2 }), which chisquare is exactly',
  }],
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower(v, dtype) {
    const { alpha, perElement } = halfShapes(v.df);
    return { op: opFor('gamma', dtype), params: { alpha, scale: 2, proposals: v.proposals }, perElement };
  },
  ops: [],  // it runs gamma's ops (lib/samplers/gamma.ts)
  hints: { k: 'df', nu: 'df', dof: 'df' },
};
