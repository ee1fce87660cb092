/**
 * Samplers that are one function of a uniform or a normal per element (lib/kernels/transform.ts): a
 * definition here and one line plus one function in cuda/include/cr_transforms.h (whose id, base and
 * parameter count a test checks against this one) give the sampler on every backend — the CPU
 * specification runs `f`, the CUDA kernels and the WebAssembly fast path run the C++ function.
 */
import type { KernelArgs } from '../core/job.js';
import { normalTransform, uniformTransform, type TransformBase, type TransformFn } from '../kernels/transform.js';
import { transformWasm } from '../wasm/samplers.js';
import { finite, positive } from '../core/constraints.js';
import type { CudaArg, ParamSpec, SamplerSpec } from './spec.js';

/** What every transform parameter's doc adds. */
const PER_ELEMENT_DOC = 'One number, or one per element: a number[], Float32Array, Float64Array or float DeviceArray of length n '
  + '(a DeviceArray is read back to the host, which derives each element\'s parameters); element i then equals the '
  + 'scalar call with the parameters\' values i at the same offset.';

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
  /**
   * Parameters f reads that are derived from the public ones on the host (their names, in the order
   * of p, and how they are computed); omitted: p is the public parameters in their order. Every
   * backend receives these values, so the derivation needs no C++ twin.
   */
  derived?: { names: readonly string[]; of(v: Record<string, number>): number[] };
  /** Checks across parameters, after each passed its own; `at(name)` is how errors name a parameter
   *  (`name`, or `name[i]` for element i of a per-element call). */
  check?(v: Record<string, number>, at: (name: string) => string): void;
  hints?: SamplerSpec['hints'];
  /** Smallest n for which `auto` prefers the GPU. */
  crossover?: number;
}

/** The transforms, for tests that compare them with cr_transforms.h. */
export const TRANSFORMS: TransformDef[] = [];

/** The values of p for a call with public parameter values v. */
export function transformParams(d: TransformDef, v: Record<string, number>): Float64Array {
  return Float64Array.from(d.derived ? d.derived.of(v) : d.params.map((q) => v[q.name]));
}

/** The per-element parameter arrays of call values v, if any (their common length is n). */
function perElementOf(v: Record<string, unknown>): Record<string, Float32Array | Float64Array> | undefined {
  let found: Record<string, Float32Array | Float64Array> | undefined;
  for (const [name, x] of Object.entries(v)) {
    if (x instanceof Float64Array || x instanceof Float32Array) (found ??= {})[name] = x;
  }
  return found;
}

/**
 * p of each element of a per-element call (values v, arrays `arrays` of length n) as `width` columns
 * named p0 … p(width−1), each checked by the cross-parameter check naming `name[i]`.
 */
export function transformColumns(
  d: TransformDef, v: Record<string, unknown>, arrays: Record<string, Float32Array | Float64Array>,
): Record<string, Float64Array> {
  const n = Object.values(arrays)[0].length;
  const width = transformParamNames(d).length;
  const cols = Array.from({ length: width }, () => new Float64Array(n));
  const row: Record<string, number> = {};
  for (const q of d.params) if (!arrays[q.name]) row[q.name] = v[q.name] as number;
  for (let i = 0; i < n; i++) {
    for (const name in arrays) row[name] = arrays[name][i];
    d.check?.(row, (name) => (arrays[name] ? `${name}[${i}]` : name));
    const p = d.derived ? d.derived.of(row) : d.params.map((q) => row[q.name]);
    for (let k = 0; k < width; k++) cols[k][i] = p[k];
  }
  return Object.fromEntries(cols.map((c, k) => [`p${k}`, c]));
}

/** The names of p's values (cr_transforms.h's parameter count is their number). */
export const transformParamNames = (d: TransformDef): readonly string[] => d.derived?.names ?? d.params.map((q) => q.name);

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
  TRANSFORMS.push(d);
  const run = d.base === 'uniform' ? uniformTransform : normalTransform;
  const width = transformParamNames(d).length;
  const kernel = (wide: boolean) => (a: KernelArgs) => {
    const cols = a.perElement.p0 ? Array.from({ length: width }, (_, k) => a.perElement[`p${k}`]) : undefined;
    run(a.k0, a.k1, a.lo, a.hi, d.f, a.params.p as Float64Array, wide, a.out as Float32Array | Float64Array, cols);
  };
  const args: readonly CudaArg[] = [{ constant: d.id }, { rows: 'p', width }];
  const fast = (a: KernelArgs) => transformWasm(a, d.id);
  const crossover = d.crossover ?? 1 << 12;
  return {
    name: d.name,
    summary: d.summary,
    stream: d.stream,
    params: d.params.map((q) => ({ ...q, doc: `${q.doc} ${PER_ELEMENT_DOC}`, perElement: true, device: true, readBack: true })),
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
      { name: `${d.name}32`, dtype: 'float32', cpu: kernel(false), fast, cuda: { fn: 'transform32', args, crossover } },
      { name: `${d.name}64`, dtype: 'float64', cpu: kernel(true), fast, cuda: { fn: 'transform64', args, crossover } },
    ],
  };
}
