/**
 * categorical(): n draws from unnormalised weights in one call. Both methods use the same fixed-point
 * weights and the same (row, coin) pairs per element (docs/alias.md §6–7); they map a pair to an item
 * differently, so they give different — equally exact — samples.
 */
import { asyncly, makeJob, prepare, type Prepared } from '../api.js';
import { pickBackend } from '../backend/select.js';
import type { Backend } from '../backend/types.js';
import { OP_CATEGORICAL } from '../backend/cuda-ops/alias.js';
import type { Job } from '../job.js';
import type { Key } from '../keys.js';
import { checkCount, checkDisjoint, checkEnum } from '../validate.js';
import { checkWeights, fixedPoint, type WeightsInput } from './fixed-point.js';
import { buildRows, type PsaMethod } from './psa.js';
import { prefixUnits } from './sample.js';
import { aliasBackend, OP_ALIAS, OP_CDF, samplePrepared, type AliasSampleOptions } from './run.js';

export type CategoricalMethod = 'alias' | 'cdf';

export interface CategoricalOptions extends AliasSampleOptions {
  /**
   * 'auto' (default) picks by categoricalMethod(N, n); 'alias' or 'cdf' forces one. Fix it whenever
   * calls with different n must continue one stream (offset), since the two methods differ.
   */
  method?: 'auto' | CategoricalMethod;
  /** Construction method of the alias table when 'alias' is used (default 'psa'). */
  table?: PsaMethod;
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
function categoricalJob(key: Key, weights: WeightsInput, n: number, options?: CategoricalOptions): [Job, Uint32Array, Backend | null] {
  const p: Prepared = prepare(key, n, options);
  const a = checkWeights(weights);
  const choice = checkEnum(p.opts.method, ['auto', 'alias', 'cdf'] as const, 'method', 'auto');
  const table = checkEnum(p.opts.table, ['psa', 'psa+'] as const, 'table', 'psa');
  const method = choice === 'auto' ? categoricalMethod(a.length, p.n) : choice;
  // Validate `out` before the O(N) work.
  const [, , out] = samplePrepared(p, OP_ALIAS, {});
  checkDisjoint(out, weights, 'out', 'weights');
  if (p.n === 0) return [makeJob(p, OP_ALIAS, out), out, null];
  const gpu = pickBackend(p.opts.backend, OP_CATEGORICAL, a.length + p.n);
  if (gpu.name === 'cuda') {
    return [makeJob(p, OP_CATEGORICAL, out, { weights: a, method: method === 'cdf' ? 'cdf' : table }), out, gpu];
  }
  const fp = fixedPoint(a);
  if (method === 'alias') {
    const params = { rows: buildRows(fp.hi, fp.lo, table), n: a.length };
    return [makeJob(p, OP_ALIAS, out, params), out, aliasBackend(p.opts.backend, OP_ALIAS, p.n, params)];
  }
  return [makeJob(p, OP_CDF, out, { prefix: prefixUnits(fp.hi, fp.lo), n: a.length }), out, pickBackend(p.opts.backend, OP_CDF, p.n)];
}

/**
 * n iid draws of item indices with probabilities proportional to `weights` (exactly the fixed-point
 * shares W_i / (N·2^32) of docs/alias.md §2). Element i depends on (key, offset + i) and the method.
 */
export function categorical(key: Key, weights: WeightsInput, n: number, options?: CategoricalOptions): Uint32Array {
  const [job, out, be] = categoricalJob(key, weights, n, options);
  if (be) be.run(job);
  return out;
}

export const categoricalAsync = asyncly(
  async (key: Key, weights: WeightsInput, n: number, options?: CategoricalOptions): Promise<Uint32Array> => {
    const [job, out, be] = categoricalJob(key, weights, n, options);
    if (be) await be.runAsync(job);
    return out;
  },
);
