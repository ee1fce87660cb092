/**
 * Element samplers (docs/streams.md, "Element samplers"; docs/architecture.md, "Adding an element sampler"):
 * element e is a function of blocks of its own sub-stream (e mod 2^32, e div 2^32, t, tag) and of the
 * call's parameter row p — several uniforms or normals, with or without rejection. A definition here,
 * its TypeScript function (lib/kernels) and its C++ twin with one line in cuda/include/cr_elements.h
 * (whose id, tag and parameter count test/layout.test.ts checks against this one) give the sampler on
 * every backend: the CPU runs `element` (its specification) or, as the fast path, the C++ twin compiled into
 * the WebAssembly module (lib/wasm/samplers.ts elementWasm) — or before it the addon's host SIMD kernel where
 * cuda/src/cpu_element_kernels.h has one (`hostSimd`: Wald, logseries, zipf, hypergeometric) —, the CUDA kernels,
 * C API and binding take it from the table. Integer-valued samplers (`integer`) have float64 outputs alone.
 */
import type { KernelArgs } from '../core/job.js';
import { elementKernel, type ElementFn } from '../kernels/element.js';
import { nullPrototypes } from '../core/records.js';
import { elementWasm } from '../wasm/samplers.js';
import { elementNative } from '../native/cpu.js';
import { rowSamplerSpec, transformParamNames, type RowSamplerDef } from './transform.js';
import { rowColumns, type SamplerSpec } from './spec.js';

export interface ElementDef extends RowSamplerDef {
  /** Its blocks' counter word 3 (distinct from every TAG of lib/core/layout.ts). */
  tag: number;
  /** The value of one element: the same operations as its C++ twin. */
  element: ElementFn;
  /** The addon's cr_cpu_element has a host kernel for it (cuda/src/cpu_element_kernels.h: Wald in vectors,
   *  logseries and zipf on the vector kernel's Philox blocks); without one, no call crosses into the addon only
   *  to be declined. */
  hostSimd?: boolean;
  /** Integer-valued (logseries, zipf): float64 output alone, whose doubles hold every value exactly
   *  (values up to 2^53, the range of numpy's int64 that a double holds). */
  integer?: boolean;
}

/** The element samplers, for tests that compare them with cr_elements.h. */
export const ELEMENTS: ElementDef[] = [];

export function elementSampler(d: ElementDef): SamplerSpec {
  nullPrototypes(d);  // check, derived, crossover … are optional: read by name on every call
  ELEMENTS.push(d);
  const width = transformParamNames(d).length;
  const cpu = (a: KernelArgs) => {
    elementKernel(a.k0, a.k1, a.lo, a.hi, d.element, a.params.p as Float64Array, a.out as Float32Array | Float64Array,
      rowColumns(a.perElement, width));
  };
  const fast = (a: KernelArgs) => elementWasm(a, d.id);
  // the host SIMD kernel where the addon has one (Wald; it still declines per-element rows), else WebAssembly;
  // pooled: tens of ns a value (Wald ~15, von Mises more), so async calls keep the worker pool
  const ops = d.hostSimd ? { cpu, fast, native: elementNative(d.id), pooled: true } : { cpu, fast, pooled: true };
  return rowSamplerSpec(d, 'element', { float32: ops, float64: ops }, d.integer ? ['float64'] : undefined);
}
