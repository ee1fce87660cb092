/**
 * Samplers that are one function of a uniform or a normal per element (lib/kernels/transform.ts): a
 * definition here and one line plus one function in cuda/include/cr_transforms.h (whose id, base and
 * parameter count a test checks against this one) give the sampler on every backend — the CPU
 * specification runs `f`, the CUDA kernels and the WebAssembly fast path run the C++ function.
 */
import type { KernelArgs } from '../core/job.js';
import { normalTransform, uniformTransform, type TransformBase, type TransformFn } from '../kernels/transform.js';
import { transformWasm } from '../wasm/samplers.js';
import { transformNative } from '../native/cpu.js';
import { finite, positive } from '../core/constraints.js';
import { nullPrototypes } from '../core/records.js';
import {
  hostPerElement, perElementOf, perElementRows, rowColumns, type CudaArg, type OpSpec, type ParamSpec, type SamplerSpec,
} from './spec.js';
import type { SamplerFn } from '../core/addon.js';

/** The public parameters of a sampler whose kernels read one row p of doubles (transforms, element samplers). */
export interface ParamRow {
  /** Its parameters, in the order the kernel reads them from p (unless `derived`). */
  params: readonly ParamSpec[];
  /**
   * Parameters f reads that are derived from the public ones on the host (their names, in the order
   * of p, and how they are computed); omitted: p is the public parameters in their order. Every
   * backend receives these values, so the derivation needs no C++ twin.
   */
  derived?: { names: readonly string[]; of(v: Record<string, number>): number[] };
  /** Checks across parameters, after each passed its own; `at(name)` is how errors name a parameter
   *  (`name`, or `name[i]` for element i of a per-element call). */
  check?(v: Record<string, number>, at: (name: string) => string): void;
}

export interface TransformDef extends RowSamplerDef {
  base: TransformBase;
  /** The value of one element: binary64 base value x, parameters p; the same operations as in C++. */
  f: TransformFn;
  /** Its host kernel is slow per value (exp, sincos or ndtri on top of the log): async calls keep the pool (OpSpec). */
  pooled?: boolean;
}

/** The transforms, for tests that compare them with cr_transforms.h. */
export const TRANSFORMS: TransformDef[] = [];

/** The values of p for a call with public parameter values v. */
export function transformParams(d: ParamRow, v: Record<string, number>): Float64Array {
  return Float64Array.from(d.derived ? d.derived.of(v) : d.params.map((q) => v[q.name]));
}

/** p of each element of a per-element call, as columns p0 … p(P−1) (spec.ts perElementRows). */
export function transformColumns(
  d: ParamRow, v: Record<string, unknown>, arrays: Record<string, Float32Array | Float64Array>,
): Record<string, Float64Array> {
  if (!d.derived && !d.check) {
    // p is the public parameters themselves: each column is one parameter's values (already checked)
    const n = Object.values(arrays)[0].length;
    return Object.fromEntries(d.params.map((q, k) => [`p${k}`, arrays[q.name]
      ? Float64Array.from(arrays[q.name]) : new Float64Array(n).fill(v[q.name] as number)]));
  }
  const derive = (row: Record<string, number>) => (d.derived ? d.derived.of(row) : d.params.map((q) => row[q.name]));
  return perElementRows(v, arrays, transformParamNames(d).length, derive, d.check);
}

/** The names of p's values (cr_transforms.h's parameter count is their number). */
export const transformParamNames = (d: ParamRow): readonly string[] => d.derived?.names ?? d.params.map((q) => q.name);

/** The parameters of a location–scale law: loc (default 0) and scale (> 0, default 1), with their docs. */
export function locScale(loc: string, scale: string): ParamSpec[] {
  return [
    { name: 'loc', doc: `${loc}, default 0.`, is: finite, default: 0 },
    { name: 'scale', doc: `${scale} > 0, default 1.`, is: positive, default: 1 },
  ];
}

// The symmetric laws fold u in (0, 1] onto its halves (cr_transforms.h cr_tf_fold, cr_tf_signed,
// cr_tf_open explain why): the same operations here.

/** w = 2u on (0, 1/2], 2u − 1 above: uniform on (0, 1] again, exact. */
export const fold = (u: number): number => (u <= 0.5 ? 2 * u : 2 * u - 1);
/** −t on u's lower half, t on its upper half. */
export const signed = (u: number, t: number): number => (u <= 0.5 ? -t : t);
/** u made open at 1: the upper half reflected, 1.5 − u (exact). */
export const openAtOne = (u: number): number => (u <= 0.5 ? u : 1.5 - u);

export function transformSampler(d: TransformDef): SamplerSpec {
  nullPrototypes(d);  // check, derived, crossover … are optional: read by name on every call
  TRANSFORMS.push(d);
  const run = d.base === 'uniform' ? uniformTransform : normalTransform;
  const width = transformParamNames(d).length;
  const kernel = (wide: boolean) => (a: KernelArgs) => {
    run(a.k0, a.k1, a.lo, a.hi, d.f, a.params.p as Float64Array, wide, a.out as Float32Array | Float64Array, rowColumns(a.perElement, width));
  };
  const fast = (a: KernelArgs) => transformWasm(a, d.id);
  const native = transformNative(d.id);
  const pooled = d.pooled === true;
  return rowSamplerSpec(d, 'transform', {
    float32: { cpu: kernel(false), fast, native, pooled }, float64: { cpu: kernel(true), fast, native, pooled },
  });
}

/** What a sampler over one row p of doubles declares (a transform or an element sampler). */
export interface RowSamplerDef extends ParamRow {
  name: string;
  summary: string;
  stream: string;
  /** Its id in its C++ table (cr_transforms.h, cr_elements.h). */
  id: number;
  hints?: SamplerSpec['hints'];
  /** Smallest n for which `auto` prefers the GPU. */
  crossover?: number;
}

/**
 * The spec of a row sampler: public parameters, each also per element; the call lowered to its row p
 * (or one per element, as columns p0 … p(P−1)); ops `<name>32/64` (of `dtypes`) with the given CPU kernels
 * and the addon's `<fn>32/64(…, id, rows of p, out)`.
 */
export function rowSamplerSpec(
  d: RowSamplerDef, fn: 'transform' | 'element', kernels: Record<'float32' | 'float64', Pick<OpSpec, 'cpu' | 'fast' | 'native' | 'pooled'>>,
  dtypes: readonly ('float64' | 'float32')[] = ['float64', 'float32'],
): SamplerSpec {
  const width = transformParamNames(d).length;
  const args: readonly CudaArg[] = [{ constant: d.id }, { rows: 'p', width }];
  const crossover = d.crossover ?? 1 << 12;
  return {
    name: d.name,
    summary: d.summary,
    stream: d.stream,
    params: d.params.map(hostPerElement),
    dtypes,
    // per-element calls are checked element by element when lower computes their rows
    check: (v) => { if (!perElementOf(v)) d.check?.(v, (name) => name); },
    hints: d.hints,
    lower: (v, dtype) => {
      const arrays = perElementOf(v);
      const op = `${d.name}${dtype === 'float32' ? '32' : '64'}`;
      if (!arrays) return { op, params: { p: transformParams(d, v as Record<string, number>) } };
      return { op, params: { p: new Float64Array(width) }, perElement: transformColumns(d, v, arrays) };
    },
    ops: dtypes.map((dtype) => {
      const bits = dtype === 'float32' ? '32' : '64';
      return { name: `${d.name}${bits}`, dtype, ...kernels[dtype], cuda: { fn: `${fn}${bits}` as SamplerFn, args, crossover } };
    }),
  };
}
