/** zipf(): the Zipf (zeta) law by Devroye's rejection, an element sampler (docs/streams.md, "Zipf"). */
import { aboveOne } from '../core/constraints.js';
import { TAG_ZIPF, zipfElement } from '../kernels/zipf.js';
import { elementSampler } from './element.js';

/** The largest value drawn: proposals are conditioned on X ≤ 2^53, so every value is an exact double. */
export const ZIPF_MAX = 2 ** 53;

/**
 * The call's constants p = (am1, 1/am1, c, 1/b, 1/bm1) of lib/kernels/zipf.ts, in binary64 on the host: am1 = a − 1,
 * c = 1 − 2^(−53·am1) (the share of Pareto proposals at most 2^53), b = 2^am1, bm1 = 2^am1 − 1 (1/b = 0 from
 * a = 1025 on, where every value is 1).
 */
export function zipfParams(a: number): number[] {
  const am1 = a - 1;
  return [am1, 1 / am1, -Math.expm1(-53 * Math.LN2 * am1), 1 / 2 ** am1, 1 / Math.expm1(Math.LN2 * am1)];
}

export const ZIPF = elementSampler({
  name: 'zipf',
  summary: 'Zipf (zeta) counts ≥ 1: Devroye\'s rejection from the Pareto law, below 2^53, float64 integers',
  stream: 'docs/streams.md, "Zipf"',
  id: 3,
  tag: TAG_ZIPF,
  params: [{ name: 'a', doc: 'Exponent a > 1: P(k) = k^−a / ζ(a) for k ≥ 1, conditioned on k ≤ 2^53 (numpy: ≤ 2^63 − 1).', is: aboveOne, example: 2 }],
  derived: { names: ['am1', 'invAm1', 'c', 'invB', 'invBm1'], of: ({ a }) => zipfParams(a) },
  element: zipfElement,
  integer: true,
  hostSimd: true,
  hints: { s: 'a', alpha: 'a', exponent: 'a' },
});
