/**
 * categorical(): n draws from unnormalised weights in one call. Both methods use the same fixed-point
 * weights and the same (row, coin) pairs per element (docs/alias.md §6–7); they map a pair to an item
 * differently, so they give different — equally exact — samples.
 */
import { asyncly, prepare, runAsync, runSync, type Prepared } from '../api.js';
import type { Key } from '../keys.js';
import { checkCount, checkDisjoint, checkEnum } from '../validate.js';
import { checkWeights, fixedPoint, type WeightsInput } from './fixed-point.js';
import { buildRows, type PsaMethod } from './psa.js';
import { prefixUnits } from './sample.js';
import { OP_ALIAS, OP_CDF, samplePrepared, type AliasSampleOptions } from './run.js';

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

function categoricalJob(key: Key, weights: WeightsInput, n: number, options?: CategoricalOptions) {
  const p: Prepared = prepare(key, n, options);
  const a = checkWeights(weights);
  const choice = checkEnum(p.opts.method, ['auto', 'alias', 'cdf'] as const, 'method', 'auto');
  const table = checkEnum(p.opts.table, ['psa', 'psa+'] as const, 'table', 'psa');
  const method = choice === 'auto' ? categoricalMethod(a.length, p.n) : choice;
  // Validate `out` before the O(N) work.
  checkDisjoint(samplePrepared(p, OP_ALIAS, {})[2], weights, 'out', 'weights');
  const fp = fixedPoint(a);
  if (method === 'alias') return samplePrepared(p, OP_ALIAS, { rows: buildRows(fp.hi, fp.lo, table), n: a.length });
  return samplePrepared(p, OP_CDF, { prefix: prefixUnits(fp.hi, fp.lo), n: a.length });
}

/**
 * n iid draws of item indices with probabilities proportional to `weights` (exactly the fixed-point
 * shares W_i / (N·2^32) of docs/alias.md §2). Element i depends on (key, offset + i) and the method.
 */
export function categorical(key: Key, weights: WeightsInput, n: number, options?: CategoricalOptions): Uint32Array {
  return runSync(...categoricalJob(key, weights, n, options));
}

export const categoricalAsync = asyncly(
  (key: Key, weights: WeightsInput, n: number, options?: CategoricalOptions): Promise<Uint32Array> =>
    runAsync(...categoricalJob(key, weights, n, options)),
);
