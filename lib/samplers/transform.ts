/**
 * Samplers that are one function of a uniform or a normal per element (lib/kernels/transform.ts): a
 * definition here and one line plus one function in cuda/include/cr_transforms.h (whose id, base and
 * parameter count a test checks against this one) give the sampler on every backend — the CPU
 * specification runs `f`, the CUDA kernels and the WebAssembly fast path run the C++ function.
 */
import type { KernelArgs } from '../core/job.js';
import { normalTransform, uniformTransform, type TransformBase, type TransformFn } from '../kernels/transform.js';
import { transformWasm } from '../wasm/samplers.js';
import type { ParamSpec, SamplerSpec } from './spec.js';

export interface TransformDef {
  name: string;
  summary: string;
  stream: string;
  /** Its id in cr_transforms.h. */
  id: number;
  base: TransformBase;
  /** Its parameters, in the order f reads them from p. */
  params: readonly ParamSpec[];
  /** The value of one element: binary64 base value x, parameters p; the same operations as in C++. */
  f: TransformFn;
  check?: SamplerSpec['check'];
  hints?: SamplerSpec['hints'];
  /** Smallest n for which `auto` prefers the GPU. */
  crossover?: number;
}

/** The transforms, for tests that compare them with cr_transforms.h. */
export const TRANSFORMS: TransformDef[] = [];

export function transformSampler(d: TransformDef): SamplerSpec {
  TRANSFORMS.push(d);
  const run = d.base === 'uniform' ? uniformTransform : normalTransform;
  const kernel = (wide: boolean) => (a: KernelArgs) =>
    run(a.k0, a.k1, a.lo, a.hi, d.f, a.params.p as Float64Array, wide, a.out as Float32Array | Float64Array);
  const fast = (a: KernelArgs) => transformWasm(a, d.id);
  const crossover = d.crossover ?? 1 << 12;
  return {
    name: d.name,
    summary: d.summary,
    stream: d.stream,
    params: d.params,
    dtypes: ['float64', 'float32'],
    check: d.check,
    hints: d.hints,
    lower: (v, dtype) => ({
      op: `${d.name}${dtype === 'float32' ? '32' : '64'}`,
      params: { p: Float64Array.from(d.params, (q) => v[q.name] as number) },
    }),
    ops: [
      { name: `${d.name}32`, dtype: 'float32', cpu: kernel(false), fast, cuda: { fn: 'transform32', args: [{ constant: d.id }, { param: 'p' }], crossover } },
      { name: `${d.name}64`, dtype: 'float64', cpu: kernel(true), fast, cuda: { fn: 'transform64', args: [{ constant: d.id }, { param: 'p' }], crossover } },
    ],
  };
}
