/**
 * categorical(): n draws from unnormalised weights in one call. Both methods use the same fixed-point
 * weights and the same (row, coin) pairs per element (docs/alias.md, "Sampling" to "categorical(key, weights, n,
 * options)"); they map a pair to an item differently, so they give different — equally exact — samples.
 */
import { asyncly, makeJob, COMMON_OPTIONS, placement, prepare, type Prepared } from '../facade/prepare.js';
import { pickBackend } from '../backend/select.js';
import type { Backend } from '../backend/types.js';
import { OP_ALIAS, OP_CATEGORICAL, OP_CDF } from '../samplers/alias.js';
import type { Job } from '../core/job.js';
import type { Key } from '../core/keys.js';
import { checkCount, checkDisjoint, checkEnum, checkOut } from '../core/validate.js';
import { DeviceArray } from '../facade/device-array.js';
import { deviceFor, preferFor, runCall, runCallAsync, type Call } from '../facade/device-io.js';
import type { WithDeviceOut } from '../facade/dtype.js';
import { checkDeviceWeights, hostWeights, hostWeightsAsync } from './device-weights.js';
import { checkWeights, fixedPoint, type WeightsInput } from './fixed-point.js';
import { buildRows, type PsaMethod } from './psa.js';
import { cdfDraw, prefixUnits } from '../kernels/alias.js';
import { cachedCdf, exactCdf } from './prefix-cache.js';
import { typedLength } from '../core/views.js';
import type { Placement } from '../backend/select.js';
import { tempSlot } from '../core/temp.js';
import { aliasBackend, sampleCall, wantsDevice, type AliasSampleOptions } from './run.js';

export type CategoricalMethod = 'alias' | 'cdf';

export interface CategoricalOptions extends AliasSampleOptions {
  /**
   * 'auto' (default) picks by categoricalMethod(N, n); 'alias' or 'cdf' forces one. Fix it whenever
   * calls with different n must continue one stream (offset), since the two methods differ.
   */
  method?: 'auto' | CategoricalMethod;
  /** Construction method of the alias table when 'alias' is used (default 'psa'). */
  table?: PsaMethod;
  /**
   * true: the weights are probabilities and must sum to 1 within √ε ≈ 1.49e-8 (their Kahan sum), as
   * numpy's `choice(p=…)` requires, else a RangeError — for code ported from numpy, where weights that
   * do not sum to 1 are a bug. false (default): any non-negative weights with a positive finite total,
   * normalised. DeviceArray weights are read back to the host for the check.
   */
  strict?: boolean;
}

/** numpy's tolerance on the sum of choice's p: the square root of binary64's machine epsilon. */
const STRICT_TOLERANCE = Math.sqrt(Number.EPSILON);

/** The Kahan sum of checked weights a must be within STRICT_TOLERANCE of 1. */
function checkSumsToOne(a: Float32Array | Float64Array): void {
  let sum = 0, c = 0;
  for (let i = 0; i < a.length; i++) {
    const y = a[i] - c;
    const t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  if (!(Math.abs(sum - 1) <= STRICT_TOLERANCE)) {
    throw new RangeError(`weights must sum to 1 within ${STRICT_TOLERANCE.toPrecision(3)} with { strict: true } `
      + `(numpy's check on choice's p), got a sum of ${sum}; without strict they are normalised`);
  }
}

/** The `strict` option: true, or false/undefined. */
function checkStrict(v: unknown): boolean {
  if (v === undefined || v === false) return false;
  if (v === true) return true;
  throw new TypeError(`strict must be true or false, got ${typeof v === 'string' ? `'${v}'` : String(v)}`);
}

/**
 * The method 'auto' uses for N items and n draws: 'alias' when 4·n ≥ N + 8192 (n ≥ N/4 + 2048), else
 * 'cdf'. Both pay the fixed-point conversion; the alias table then costs a PSA build (≈ 4× a prefix
 * sum per item) and O(1) per draw, the CDF a prefix sum and a binary search of ⌈log2(N + 1)⌉ steps per
 * draw. The constants are the measured break-even on the reference 2-core machine (n/N ≈ 2 at
 * N = 10^3, 0.4 at 10^4, 0.2 at 10^6), rounded towards the alias table. A function of (N, n) only.
 */
export function categoricalMethod(N: number, n: number): CategoricalMethod {
  checkCount(N, 'N');
  checkCount(n, 'n');
  return 4 * n >= N + 8192 ? 'alias' : 'cdf';
}

/**
 * The job and the backend that runs it. On the GPU (under 'auto' from the CUDA crossover on, counting
 * the N weights and the n draws) one call does everything: fixed-point units, the table or the prefix
 * sums, the draws; on the CPU the units and the table are built here and the draws run as a job.
 */
/** The prefix sums of a synchronous CPU call (lib/core/temp.ts: they do not outlive the call). */
const prefixSlot = tempSlot(Uint32Array);

/** categorical's options, for its unknown-option errors. */
const NAMES = { fn: 'categorical', known: ['method', 'table', 'strict', ...COMMON_OPTIONS], hints: { p: 'the weights argument', size: 'n, the count argument' } };

function categoricalJob(p: Prepared, weights: WeightsInput, async: boolean): [Job, Uint32Array, Backend | null] {
  const a = checkWeights(weights);
  if (checkStrict(p.opts.strict)) checkSumsToOne(a);
  const choice = checkEnum(p.opts.method, ['auto', 'alias', 'cdf'] as const, 'method', 'auto');
  const table = checkEnum(p.opts.table, ['psa', 'psa+'] as const, 'table', 'psa');
  const method = choice === 'auto' ? categoricalMethod(a.length, p.n) : choice;
  // Validate `out` before the O(N) work.
  const out = checkOut(p.opts.out, Uint32Array, p.n);
  checkDisjoint(out, weights, 'out', 'weights');
  if (p.n === 0) return [makeJob(p, OP_ALIAS, out), out, null];
  const place = placement(p);
  const gpu = pickBackend(place, OP_CATEGORICAL, a.length + p.n);
  if (gpu.name === 'cuda') {
    return [makeJob(p, OP_CATEGORICAL, out, { weights: a, method: method === 'cdf' ? 'cdf' : table }), out, gpu];
  }
  // The units live only until the rows or the prefix sums are made from them: reused temporaries.
  const fp = fixedPoint(a, true);
  if (method === 'alias') {
    const params = { rows: buildRows(fp.hi, fp.lo, table), n: a.length };
    return [makeJob(p, OP_ALIAS, out, params), out, aliasBackend(place, OP_ALIAS, p.n, params)];
  }
  const be = pickBackend(place, OP_CDF, p.n);
  // Shared memory where another thread may read the prefix sums (the pool, the GPU's async copies);
  // else a reused temporary: the caller runs the job at once, in this thread (categorical, below).
  const prefix = prefixUnits(fp.hi, fp.lo, async || be.name !== 'cpu' ? undefined : prefixSlot);
  return [makeJob(p, OP_CDF, out, { prefix, n: a.length }), out, be];
}

/** The CPU call from checked host weights: the table or the prefix sums built here, the draws a job. */
function cpuCall(p: Prepared, be: Backend, a: Float32Array | Float64Array, method: CategoricalMethod, table: PsaMethod): Call {
  const fp = fixedPoint(a, true);  // temporaries: only the rows or the prefix sums made here are kept
  const params = method === 'alias'
    ? { rows: buildRows(fp.hi, fp.lo, table), n: a.length }
    : { prefix: prefixUnits(fp.hi, fp.lo), n: a.length };
  return sampleCall(p, method === 'alias' ? OP_ALIAS : OP_CDF, params, { backend: be });
}

/**
 * A call with DeviceArray operands (weights, `out`, or both; docs/alias.md, "DeviceArray operands"): run by
 * lib/facade/device-io.ts on the backend the operands point to under 'auto'. On the GPU it is one op with the
 * weights read in place (GPU-resident) or uploaded; on the CPU the weights' host values are needed
 * first (`host`: their copy, awaited by the async form), then the draws may be uploaded into a GPU out.
 */
function deviceCall<R>(p: Prepared, weights: WeightsInput | DeviceArray,
  run: (c: Call) => R, host: (w: DeviceArray, store: ReturnType<typeof checkDeviceWeights>) => Float32Array | Float64Array | Promise<Float32Array | Float64Array>,
  strict = true,
): R | Promise<R> {
  const onDevice = weights instanceof DeviceArray;
  const store = onDevice ? checkDeviceWeights(weights) : undefined;
  const a = onDevice ? undefined : checkWeights(weights);
  if (strict && checkStrict(p.opts.strict)) {
    if (a) checkSumsToOne(a);
    else {
      // the check needs the values: read back first (the sync or the async way), then the call as usual
      const values = host(weights as DeviceArray, store!);
      const rest = (v: Float32Array | Float64Array) => {
        checkSumsToOne(v);
        return deviceCall(p, weights, run, host, false);
      };
      return values instanceof Promise ? values.then(rest) : rest(values);
    }
  }
  const N = onDevice ? weights.length : a!.length;
  const choice = checkEnum(p.opts.method, ['auto', 'alias', 'cdf'] as const, 'method', 'auto');
  const table = checkEnum(p.opts.table, ['psa', 'psa+'] as const, 'table', 'psa');
  const method = choice === 'auto' ? categoricalMethod(N, p.n) : choice;
  const be = pickBackend(p.opts, OP_CATEGORICAL, N + p.n, preferFor(p.opts.out, onDevice ? [weights] : []),
    deviceFor(p.opts.out, onDevice ? [weights] : []));
  if (p.n === 0) {
    // Nothing is drawn (no kernel runs), but the weights are still checked, as host weights are.
    const empty = (): R => run(sampleCall(p, OP_ALIAS, {}, { backend: be }));
    const checkedValues = onDevice ? host(weights, store!) : undefined;
    return checkedValues instanceof Promise ? checkedValues.then(empty) : empty();
  }
  if (be.name === 'cuda') {
    const params = { method: method === 'cdf' ? 'cdf' : table, ...(a ? { weights: a } : {}) };
    const inputs = onDevice
      ? [{ name: 'weights', array: weights, slot: 'params' as const, key: 'weights', host: (v: unknown) => checkWeights(v) }]
      : undefined;
    return run(sampleCall(p, OP_CATEGORICAL, params, { backend: be, inputs, disjoint: a ? [[weights, 'weights']] : undefined }));
  }
  if (!onDevice) return run(cpuCall(p, be, a!, method, table));
  const values = host(weights, store!);
  return values instanceof Promise
    ? values.then((v) => run(cpuCall(p, be, v, method, table)))
    : run(cpuCall(p, be, values, method, table));
}

/**
 * n iid draws of item indices with probabilities proportional to `weights` (exactly the fixed-point
 * shares W_i / (N·2^32) of docs/alias.md, "Fixed-point weights"). Element i depends on (key, offset + i) and the
 * method. `weights` may be a float32/float64 DeviceArray and `out` 'device' or a uint32 DeviceArray
 * (docs/alias.md, "DeviceArray operands"): the draws are the same wherever they run.
 */
export function categorical(key: Key, weights: WeightsInput | DeviceArray, n: number, options: WithDeviceOut<CategoricalOptions>): DeviceArray;
export function categorical(key: Key, weights: WeightsInput | DeviceArray, n: number, options?: CategoricalOptions): Uint32Array;
export function categorical(key: Key, weights: WeightsInput | DeviceArray, n: number, options?: CategoricalOptions): Uint32Array | DeviceArray {
  // The options are read once, here (own properties only): where the call runs depends on their `out`.
  const p = prepare(key, n, options, NAMES);
  if (weights instanceof DeviceArray || wantsDevice(p.opts)) {
    return deviceCall(p, weights, runCall, hostWeights) as Uint32Array | DeviceArray;
  }
  const [job, out, be] = categoricalJob(p, weights, false);
  if (be) be.run(job);
  return out;
}

/** categoricalDraw's copy of the weights and its one-element output (lib/core/temp.ts). */
const drawWeights = { f64: tempSlot(Float64Array), f32: tempSlot(Float32Array) };
const drawOut = new Uint32Array(1);

/**
 * One draw: `categorical(key, weights, 1, { ...place, offset: s })[0]` (s < 2^53), the Generator's
 * scalar stream (docs/streams.md, "Generator: which call each draw is"). On the CPU it skips the bulk
 * call's plumbing (options, job, output array) and takes the prefix sums of weights it has seen
 * before from lib/alias/prefix-cache.ts — the same draw, at a small call's cost (a Markov chain's
 * step). One draw is always 'cdf' (categoricalMethod(N, 1)). Where the call would run on the GPU it
 * is the bulk call itself, which reads the weights (this function has not).
 */
export function categoricalDraw(key: Key, weights: WeightsInput, s: number, place: Placement): number {
  const N = ArrayBuffer.isView(weights) ? typedLength(weights) : Array.isArray(weights) ? weights.length : 0;
  if (pickBackend(place, OP_CATEGORICAL, N + 1).name !== 'cpu') {
    return categorical(key, weights, 1, { ...place, offset: s } as CategoricalOptions)[0];
  }
  const a = checkWeights(weights, 'weights', drawWeights);
  const hi = Math.floor(s / 4294967296);
  const lo = s - hi * 4294967296;
  const c = cachedCdf(a);
  const r = cdfDraw(key[0], key[1], lo, hi, c.prefix, a.length, c.slack);
  if (r >= 0) return r;
  exactCdf(c, a);  // u fell within the round-up's slack of a sum: the exact sums decide
  return cdfDraw(key[0], key[1], lo, hi, c.prefix, a.length, 0);
}

/**
 * The Promise twin of categorical() (the same values).
 * @function
 */
export const categoricalAsync = asyncly(
  async (key: Key, weights: WeightsInput | DeviceArray, n: number, options?: CategoricalOptions): Promise<Uint32Array | DeviceArray> => {
    const p = prepare(key, n, options, NAMES);
    if (weights instanceof DeviceArray || wantsDevice(p.opts)) {
      return (await deviceCall(p, weights, runCallAsync, hostWeightsAsync)) as Uint32Array | DeviceArray;
    }
    const [job, out, be] = categoricalJob(p, weights, true);
    if (be) await be.runAsync(job);
    return out;
  },
) as {
  (key: Key, weights: WeightsInput | DeviceArray, n: number, options: WithDeviceOut<CategoricalOptions>): Promise<DeviceArray>;
  (key: Key, weights: WeightsInput | DeviceArray, n: number, options?: CategoricalOptions): Promise<Uint32Array>;
};
