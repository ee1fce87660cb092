/** chisquare(): exactly 2·G with G the gamma(key, n, { alpha: df/2 }) variates (docs/streams.md §6.3). */
import { shape } from '../core/constraints.js';
import { opFor, type SamplerSpec } from './spec.js';

export const CHISQUARE: SamplerSpec = {
  name: 'chisquare',
  summary: 'chi-square variates: 2·gamma(α = df/2)',
  stream: 'docs/streams.md §6.3',
  params: [{
    name: 'df', doc: 'Degrees of freedom k > 0: one number or one per element.', is: shape, perElement: true,
    noDevice: 'for shapes in a DeviceArray use gamma(key, n, { alpha: df/2, scale: 2 }), which chisquare is exactly',
  }],
  dtypes: ['float64', 'float32'],
  proposals: true,
  lower(v, dtype) {
    // α = df/2 (exact unless df is the smallest subnormal, where it would round to 0).
    const df = v.df;
    let alpha: number;
    const perElement: Record<string, Float64Array> = {};
    if (typeof df === 'number') {
      alpha = df / 2;
      if (alpha === 0) throw new RangeError(`df must be at least 2^-1073, got ${df}`);
    } else {
      alpha = 0;
      const dfs = df as Float32Array | Float64Array;
      const a = new Float64Array(dfs.length);
      for (let i = 0; i < dfs.length; i++) {
        a[i] = dfs[i] / 2;
        if (a[i] === 0) throw new RangeError(`df[${i}] must be at least 2^-1073, got ${dfs[i]}`);
      }
      perElement.alpha = a;
    }
    return { op: opFor('gamma', dtype), params: { alpha, scale: 2, proposals: v.proposals }, perElement };
  },
  ops: [],  // it runs gamma's ops (lib/samplers/gamma.ts)
  hints: { k: 'df', nu: 'df', dof: 'df' },
};
