/**
 * Element samplers (docs/streams.md, "Element samplers"; docs/architecture.md, "Adding an element sampler"):
 * element e is a function of blocks of its own sub-stream (e mod 2^32, e div 2^32, t, tag) and of the
 * call's parameter row p — several uniforms or normals, with or without rejection. A definition here,
 * its TypeScript function (lib/kernels) and its C++ twin with one line in cuda/include/cr_elements.h
 * (whose id, tag and parameter count test/layout.test.ts checks against this one) give the sampler on
 * every backend: the CPU runs `element`, the CUDA kernels, C API and binding take it from the table.
 */
import type { KernelArgs } from '../core/job.js';
import { elementKernel, type ElementFn } from '../kernels/element.js';
import { nullPrototypes } from '../core/records.js';
import { transformColumns, transformParamNames, transformParams, type ParamRow } from './transform.js';
import { hostPerElement, perElementOf, rowColumns, type CudaArg, type SamplerSpec } from './spec.js';

export interface ElementDef extends ParamRow {
  name: string;
  summary: string;
  stream: string;
  /** Its id in cr_elements.h. */
  id: number;
  /** Its blocks' counter word 3 (distinct from every TAG of lib/core/layout.ts). */
  tag: number;
  /** The value of one element: the same operations as its C++ twin. */
  element: ElementFn;
  hints?: SamplerSpec['hints'];
  /** Smallest n for which `auto` prefers the GPU. */
  crossover?: number;
}

/** The element samplers, for tests that compare them with cr_elements.h. */
export const ELEMENTS: ElementDef[] = [];

export function elementSampler(d: ElementDef): SamplerSpec {
  nullPrototypes(d);  // check, derived, crossover … are optional: read by name on every call
  ELEMENTS.push(d);
  const width = transformParamNames(d).length;
  const kernel = (a: KernelArgs) => {
    elementKernel(a.k0, a.k1, a.lo, a.hi, d.element, a.params.p as Float64Array, a.out as Float32Array | Float64Array,
      rowColumns(a.perElement, width));
  };
  const args: readonly CudaArg[] = [{ constant: d.id }, { rows: 'p', width }];
  const crossover = d.crossover ?? 1 << 12;
  return {
    name: d.name,
    summary: d.summary,
    stream: d.stream,
    params: d.params.map(hostPerElement),
    dtypes: ['float64', 'float32'],
    // per-element calls are checked element by element when lower computes their rows
    check: (v) => { if (!perElementOf(v)) d.check?.(v, (name) => name); },
    hints: d.hints,
    lower: (v, dtype) => {
      const arrays = perElementOf(v);
      const op = `${d.name}${dtype === 'float32' ? '32' : '64'}`;
      if (!arrays) return { op, params: { p: transformParams(d, v as Record<string, number>) } };
      return { op, params: { p: new Float64Array(width) }, perElement: transformColumns(d, v, arrays) };
    },
    ops: [
      { name: `${d.name}32`, dtype: 'float32', cpu: kernel, cuda: { fn: 'element32', args, crossover } },
      { name: `${d.name}64`, dtype: 'float64', cpu: kernel, cuda: { fn: 'element64', args, crossover } },
    ],
  };
}
