/** bits(): words of the raw Philox stream (docs/streams.md, "The counter layout"). */
import { rawBits } from '../kernels/raw.js';
import { bitsNative } from '../native/cpu.js';
import type { SamplerSpec } from './spec.js';

export const BITS: SamplerSpec = {
  name: 'bits',
  summary: 'raw 32-bit words of the key\'s Philox stream',
  stream: 'docs/streams.md, "The counter layout"',
  params: [],
  dtypes: ['uint32'],
  lower: () => ({ op: 'bits', params: {} }),
  ops: [{
    name: 'bits', dtype: 'uint32',
    native: bitsNative,
    cpu: (a) => rawBits(a.k0, a.k1, a.lo, a.hi, a.out as Uint32Array),
    cuda: { fn: 'bits', args: [], crossover: 1 << 20 },
  }],
};
