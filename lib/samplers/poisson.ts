/** poisson(): counts with mean λ, scalar or per element (docs/streams.md, "Poisson"). */
import { poissonMean } from '../core/constraints.js';
import type { SamplerFn } from '../core/addon.js';
import type { KernelArgs } from '../core/job.js';
import { poissonKernel } from '../kernels/poisson.js';
import { poissonWasm } from '../wasm/samplers.js';
import { poissonNative } from '../native/cpu.js';
import { COUNT_DTYPES, POISSON_FITS, countOp, type CudaArg, type OpSpec, type SamplerSpec } from './spec.js';

const args: readonly CudaArg[] = [{ shapes: 'lam', perElement: true }, { proposals: true }];
const cpu = (a: KernelArgs) => poissonKernel(a.k0, a.k1, a.lo, a.hi, a.params.lam as number, a.perElement.lam, a.out);

export const POISSON: SamplerSpec = {
  name: 'poisson',
  summary: 'Poisson counts: inversion for λ < 10, Hörmann\'s PTRS from 10 on, the first accepted proposal of the element\'s sub-stream',
  stream: 'docs/streams.md, "Poisson"',
  params: [
    {
      name: 'lam', doc: 'Mean λ >= 0 (finite): one number, or one per element (a Float32Array/Float64Array or a float32/float64 DeviceArray of length n). The dtype must hold every count λ can give: λ + 64·√λ + 64 at most 2^31−1 (int32), 2^32−1 (uint32) or 2^53 (float64).',
      is: poissonMean, perElement: true, device: true, fits: POISSON_FITS,
    },
  ],
  dtypes: COUNT_DTYPES,
  proposals: true,
  lower: (v, dtype) => ({ op: countOp('poisson', dtype), params: { lam: v.lam, proposals: v.proposals } }),
  ops: COUNT_DTYPES.map((dtype): OpSpec => {
    const name = countOp('poisson', dtype);
    return { name, dtype, cpu, fast: poissonWasm, native: poissonNative, pooled: true, cuda: { fn: name as SamplerFn, args, crossover: 1 << 11 } };
  }),
  hints: { lambda: 'lam', mu: 'lam', mean: 'lam', rate: 'lam' },
};
