/**
 * What a sampler is, in one place (docs/architecture.md): its public parameters with their
 * constraints, its output types, and per output type an op — the CPU specification kernel, the
 * WebAssembly fast kernel if any, and the CUDA addon call. Everything else is derived from these
 * declarations: the public functions and their argument checks (lib/facade/make.ts), the CPU kernel
 * table (lib/backend/cpu/kernels.ts), the CUDA adapters and crossovers (lib/backend/cuda/ops.ts), the
 * stand-in addon, fuzz targets, vector generators and benchmarks of the tests and tools.
 */
import { declareInterval, intervalOf, type Constraint } from '../core/constraints.js';
import type { FastKernel, Job, Kernel, KernelArgs } from '../core/job.js';
import { DEFAULT_PROPOSALS } from '../kernels/gamma.js';
import type { SamplerFn } from '../core/addon.js';
import type { DeviceDtype } from '../core/types.js';
import { record } from '../core/records.js';

/** An option with a structured value (SamplerSpec.structured). */
export interface StructuredOption {
  name: string;
  doc: string;
  check(v: unknown, K: number): unknown;
  example(K: number): unknown;
  bad: readonly unknown[];
}

/** One named parameter of a sampler's options. */
export interface ParamSpec {
  name: string;
  /** One line for the API docs. */
  doc: string;
  /** The constraint on each value. */
  is: Constraint;
  /** A stricter constraint for some output types (values the dtype could not hold otherwise); it
   *  replaces `is` for every value of the call, scalar, per element or in a DeviceArray. */
  byDtype?: (dtype: DeviceDtype) => Constraint;
  /** The default; omitted: the parameter is required. */
  default?: number;
  /** A typical value for examples, tests and benchmarks (lib/samplers/examples.ts), where the constraint's
   *  moderate good values would be a degenerate call (a hypergeometric urn of one item, zipf's a = 1 + 2^-52). */
  example?: number;
  /**
   * Also one value per element: a Float32Array/Float64Array of length n (validated, and copied: the
   * kernels read it after the call returns), or — with `device` — a float DeviceArray of length n.
   */
  perElement?: boolean;
  device?: boolean;
  /** With `device`: a DeviceArray is read back to the host when the call is made and then taken like a
   *  Float32Array/Float64Array (for samplers whose per-element work is done on the host: the transforms). */
  readBack?: boolean;
  /** What to say to a DeviceArray where `device` is false (e.g. which sampler takes one). */
  noDevice?: string;
  /**
   * For integer-valued samplers: whether every count a value of this parameter can produce fits the
   * output dtype (COUNT_MAX), decided up front; `says` is the rule in words for the RangeError.
   */
  fits?: { test(v: number, max: number): boolean; says: string };
  // test must hold for every value up to some threshold and for none above it (constraintFor scans
  // per-element arrays against that threshold)
}

/** Output types of the integer-valued samplers, the default first (docs/streams.md, "Counts"). */
export const COUNT_DTYPES: readonly DeviceDtype[] = ['int32', 'uint32', 'float64'];

/** The largest count each integer output type holds exactly. */
export const COUNT_MAX: Readonly<Record<string, number>> = record({ int32: 2 ** 31 - 1, uint32: 2 ** 32 - 1, float64: 2 ** 53 });  // float32 absent: undefined, whatever Object.prototype says

/** The op of an integer-valued sampler for an output type: name + 'I32' / 'U32' / 'F64'. */
export function countOp(base: string, dtype: DeviceDtype): string {
  return base + (dtype === 'int32' ? 'I32' : dtype === 'uint32' ? 'U32' : 'F64');
}

/**
 * The constraint of parameter q in a call with output type `dtype`: byDtype's or its own, and, with
 * `fits`, only the values whose counts the dtype holds — one check for scalar, number[], typed-array
 * and DeviceArray values alike.
 */
export function constraintFor(q: ParamSpec, dtype: DeviceDtype): Constraint {
  const is = q.byDtype?.(dtype) ?? q.is;
  const fits = q.fits;
  const max = COUNT_MAX[dtype];
  if (!fits || max === undefined) return is;
  const c: Constraint = {
    ...is,
    check(v, name) {
      const x = is.check(v, name);
      if (!fits.test(x, max)) throw new RangeError(`${name} = ${x} is too large for dtype '${dtype}': ${fits.says} must be at most ${max}`);
      return x;
    },
  };
  const iv = intervalOf(is);
  if (iv && iv.lo >= 0) {
    const t = largestFitting(fits, max, iv.hi);
    declareInterval(c, { ...iv, hi: Math.min(iv.hi, t), hiOpen: t < iv.hi ? false : iv.hiOpen });
  }
  return c;
}

const fitting = new Map<NonNullable<ParamSpec['fits']>, Map<string, number>>();

/**
 * The largest double x in [0, hi] with fits.test(x, max) (−1 if none): a bisection over the bit
 * patterns of non-negative doubles, which order like their values; exact because test holds up to a
 * threshold and not above it. Memoised per (fits, max, hi).
 */
function largestFitting(fits: NonNullable<ParamSpec['fits']>, max: number, hi: number): number {
  let memo = fitting.get(fits);
  if (!memo) fitting.set(fits, (memo = new Map()));
  const key = `${max} ${hi}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const f = new Float64Array(1);
  const b = new BigUint64Array(f.buffer);
  const at = (bits: bigint) => ((b[0] = bits), f[0]);
  f[0] = Math.min(hi, Number.MAX_VALUE);
  let t: number;
  if (fits.test(f[0], max)) t = f[0];
  else if (!fits.test(0, max)) t = -1;
  else {
    let lo = 0n, top = b[0]; // test holds at lo, fails at top
    while (top - lo > 1n) {
      const mid = (lo + top) / 2n;
      if (fits.test(at(mid), max)) lo = mid;
      else top = mid;
    }
    t = at(lo);
  }
  memo.set(key, t);
  return t;
}

/** Poisson's rule: λ + 64·√λ + 64 at most the dtype's largest count (docs/streams.md, "Poisson"). */
export const POISSON_FITS: NonNullable<ParamSpec['fits']> = {
  test: (lam, max) => lam + 64 * Math.sqrt(lam) + 64 <= max,
  says: 'lam + 64·sqrt(lam) + 64',
};

/** A count parameter's rule: the count itself at most the dtype's largest. */
export const COUNT_FITS: NonNullable<ParamSpec['fits']> = { test: (c, max) => c <= max, says: 'count' };

/**
 * How the CUDA backend runs an op: the addon function (with its Async twin for async jobs) and the
 * arguments between (k0, k1, lo, hi) and the output; or, for ops with state on the device (alias
 * tables) or no key (XORWOW), a hand-written adapter of lib/backend/cuda/custom.ts named `custom`.
 */
export type CudaOp = (
  | { fn: SamplerFn; args: readonly CudaArg[]; custom?: undefined }
  | { custom: string; fn?: undefined }
) & {
  /** Smallest n for which `auto` prefers the GPU (lib/backend/cuda/backend.ts explains the estimate). */
  crossover: number;
};

/**
 * One argument of an addon call, read from the job (and, in the tests' stand-in addon, written back):
 * a scalar parameter; shapes that may be a number, host values or a DeviceArray's handle (per element,
 * or one vector for the call); a vector of `width` values for the call (job.params[rows]) or, when the
 * job has per-element columns rows0 … rows(width−1), those interleaved into n rows (row-major);
 * `proposals` (-1: the addon's default); a constant.
 */
export type CudaArg =
  | { param: string }
  | { rows: string; width: number }
  | { shapes: string; perElement: boolean }
  | { proposals: true }
  | { constant: number };

/** The value of argument `a` for `job`. */
export function cudaArg(job: Job, a: CudaArg): unknown {
  // own fields (`in` narrows the type): a polluted Object.prototype.param would make every argument a param
  const own = (k: string) => Object.hasOwn(a, k);
  if (own('param') && 'param' in a) return job.params[a.param];
  if (own('rows') && 'rows' in a) return rowsOf(job.perElement, a.rows, a.width) ?? job.params[a.rows];
  if (own('shapes') && 'shapes' in a) return job.device?.inputs?.[a.shapes] ?? (a.perElement ? job.perElement[a.shapes] : undefined) ?? job.params[a.shapes];
  if (own('proposals') && 'proposals' in a) return (job.params.proposals as number | undefined) ?? -1;
  return (a as { constant: number }).constant;
}

/** Parameter q, also one value per element, for samplers whose host derives each element's parameters
 *  (perElementRows): DeviceArrays are read back to the host. */
export function hostPerElement(q: ParamSpec): ParamSpec {
  return {
    ...q, perElement: true, device: true, readBack: true,
    doc: `${q.doc} One number, or one per element: a number[], Float32Array, Float64Array or float DeviceArray of length n `
      + '(a DeviceArray is read back to the host, which derives each element\'s parameters); element i then equals the '
      + 'scalar call with the parameters\' values i at the same offset.',
  };
}

/** The per-element parameter arrays among call values v (undefined: none; their length is n). */
export function perElementOf(v: Record<string, unknown>): Record<string, Float32Array | Float64Array> | undefined {
  let found: Record<string, Float32Array | Float64Array> | undefined;
  for (const [name, x] of Object.entries(v)) {
    if (x instanceof Float64Array || x instanceof Float32Array) (found ??= record<Record<string, Float32Array | Float64Array>>())[name] = x;
  }
  return found;
}

/**
 * For samplers whose kernels read a host-derived parameter vector p of `width` values: p of each
 * element of a per-element call (values v, per-element arrays `arrays`), as per-element columns
 * p0 … p(width−1). Element i's scalar values go through `check` (errors name `name[i]` through `at`)
 * and `derive`, exactly as a scalar call's.
 */
export function perElementRows(
  v: Record<string, unknown>, arrays: Record<string, Float32Array | Float64Array>, width: number,
  derive: (row: Record<string, number>) => ArrayLike<number>,
  check?: (row: Record<string, number>, at: (name: string) => string) => void,
): Record<string, Float64Array> {
  const n = Object.values(arrays)[0].length;
  const cols = Array.from({ length: width }, () => new Float64Array(n));
  const row: Record<string, number> = record();
  for (const [name, x] of Object.entries(v)) if (typeof x === 'number') row[name] = x;
  const names = Object.keys(arrays);  // not for-in: that also lists what Object.prototype has
  const columns = names.map((name) => arrays[name]);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < names.length; j++) row[names[j]] = columns[j][i];
    check?.(row, (name) => (arrays[name] ? `${name}[${i}]` : name));
    const p = derive(row);
    for (let k = 0; k < width; k++) cols[k][i] = p[k];
  }
  return record(Object.fromEntries(cols.map((c, k) => [`p${k}`, c])));
}

/** The per-element columns p0 … p(width−1) of a job, if it has them. */
export function rowColumns(perElement: Record<string, Float32Array | Float64Array>, width: number): (Float32Array | Float64Array)[] | undefined {
  return perElement.p0 ? Array.from({ length: width }, (_, k) => perElement[`p${k}`]) : undefined;
}

/** Per-element columns name0 … name(width−1) interleaved into one row-major array (undefined: none). */
export function rowsOf(perElement: Record<string, Float32Array | Float64Array>, name: string, width: number): Float64Array | undefined {
  const cols: (Float32Array | Float64Array)[] = [];
  for (let k = 0; k < width; k++) {
    const c = perElement[`${name}${k}`];
    if (!c) return undefined;
    cols.push(c);
  }
  const n = cols[0].length;
  const rows = new Float64Array(n * width);
  for (let k = 0; k < width; k++) {
    const c = cols[k];
    for (let i = 0; i < n; i++) rows[i * width + k] = c[i];
  }
  return rows;
}

/** One op: a sampler specialised to an output type (the job's `op`). */
export interface OpSpec {
  name: string;
  dtype: DeviceDtype;
  /** The executable specification: every backend must give its bits (absent for GPU-only ops, whose
   *  CPU path is the facade's own code: alias-table construction, counts, XORWOW fills). */
  cpu?: Kernel;
  /** The same bits, faster (WebAssembly); declines by returning false. */
  fast?: FastKernel;
  /** The same bits from the addon's host SIMD kernels (lib/native/cpu.ts), tried before `fast`;
   *  declines by returning false (no addon, no AVX2, a short call). */
  native?: FastKernel;
  /** Its host kernel computes a value slowly enough (tens of ns: gamma's family, the transforms with exp,
   *  sincos or ndtri) that the worker pool still wins on an async call; without it an op with `native` runs
   *  its async twin in the calling thread (lib/backend/cpu/pool.ts copyBound). */
  pooled?: boolean;
  cuda?: CudaOp;
  /** The job is one indivisible result (a permutation, a sample without replacement): the CPU pool
   *  must not cut it into chunks. */
  whole?: boolean;
  /** Whether this whole job may run as `parts` jobs at once instead (a power of two; params `part`, `parts`
   *  added), each writing only its own positions of one shared `out`, together the whole result: only where
   *  that pays (a permutation on the host kernels: lib/kernels/select.ts permutationPartKernel). */
  parts?: (a: KernelArgs) => boolean;
}

/** What a validated call becomes (lib/facade/make.ts builds the device-io Call from it). */
export interface Lowered {
  op: string;
  params: Record<string, unknown>;
  perElement?: Record<string, Float32Array | Float64Array>;
}

export interface SamplerSpec {
  /** The public function's name (its async twin adds 'Async'). */
  name: string;
  /** One line: what it draws. */
  summary: string;
  /** Where docs/streams.md defines its stream. */
  stream: string;
  params: readonly ParamSpec[];
  /** Output types; the first is the default (an `out` of one of them implies its type, e.g. float32). */
  dtypes: readonly DeviceDtype[];
  /** Takes `proposals` (a rejection sampler; never changes values). */
  proposals?: boolean;
  /**
   * The output is n rows of K values (row-major), K the length of the positional vector parameter
   * `param` (before n in the public signature: `dirichlet(key, alpha, n, options)`; with `option`, an
   * option instead: `multivariateNormal(key, n, { mean })`), at most `max`;
   * `offset` counts rows, and the job's elements are the flat values (row·K + k).
   */
  rows?: { param: string; max: number; option?: boolean };
  /**
   * Options whose values are not numbers (multivariateNormal's cov): each checked by `check` once the
   * row length K is known, the checked value handed to `lower`; `example(K)` is a good value and `bad`
   * values it must refuse (for the table-driven tests). Required.
   */
  structured?: readonly StructuredOption[];
  /** A choice between streams, e.g. normal's method. */
  method?: { values: readonly string[]; default: string };
  /** Checks that involve several parameters (after each passed its own). */
  check?(v: Record<string, number>): void;
  /** The op and job parameters of a call (values: every scalar parameter; `method`; `proposals`). */
  lower(v: Record<string, unknown>, dtype: DeviceDtype): Lowered;
  ops: readonly OpSpec[];
  /** Option names users of other libraries reach for, with what they mean here (unknown-option errors). */
  hints?: Readonly<Record<string, string>>;
}

/** A job's `proposals` for the CPU kernels: the caller's, or the CPU default (1; see DEFAULT_PROPOSALS). */
export const cpuProposals = (a: KernelArgs): number => (a.params.proposals as number | undefined) ?? DEFAULT_PROPOSALS;

/** Ops of a sampler that takes its op from the output type: name + '32' / '64'. */
export function opFor(base: string, dtype: DeviceDtype): string {
  return base + (dtype === 'float32' ? '32' : '64');
}

/** Ops of a sampler with integer outputs: one per dtype, name + '_' + dtype (e.g. 'integers_int32'). */
export function opOf(base: string, dtype: DeviceDtype): string {
  return `${base}_${dtype}`;
}

/**
 * Gamma shapes α = df/2 from degrees of freedom, one number or per element (chisquare, studentT): exact,
 * since the constraints refuse the one df whose half would round to 0.
 */
export function halfShapes(df: unknown): { alpha: number; perElement: Record<string, Float64Array> } {
  if (typeof df === 'number') return { alpha: df / 2, perElement: {} };
  return { alpha: 0, perElement: { alpha: Float64Array.from(df as Float32Array | Float64Array, (x) => x / 2) } };
}
