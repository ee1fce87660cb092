/**
 * truncatedNormal(): the normal(mean, std) conditioned on [low, high], by the inverse CDF on the side of
 * the smaller tail (docs/streams.md, "Transforms of one uniform or one normal", accuracy in docs/accuracy.md). In
 * standard units α =
 * (low − mean)/std, β = (high − mean)/std; when α + β > 0 the interval is mirrored (s = −1), so that
 * it always reaches at most as far right as left: [a, b] with a + b ≤ 0. There Φ(a) and Φ(b) are tail
 * masses, computed to full relative precision by erfc even for a = −30, and the element is
 *   x = ndtri(Φ(a) + v·(Φ(b) − Φ(a))),   value = mean + std·(s·x), clamped to [low, high],
 * v = the element's uniform made open at 1. Φ(a), Φ(b) − Φ(a) are computed once per call, here.
 */
import { bound, finite, positive } from '../core/constraints.js';
import { erfc } from '../core/math/erf.js';
import { openAtOne, transformSampler } from './transform.js';
import { ndtri } from '../core/math/ndtri.js';

/** The interval must reach within this many standard deviations of the mean (Φ(−FAR) ≈ 1e-268: the
 *  tail masses stay normal binary64 numbers, far from underflow). */
export const TRUNCATED_NORMAL_FAR = 35;

/** Φ(x) = erfc(−x/√2)/2: full relative precision for x < 0. */
const phi = (x: number) => 0.5 * erfc(-x * Math.SQRT1_2);

export const TRUNCATED_NORMAL = transformSampler({
  pooled: true,
  name: 'truncatedNormal',
  summary: 'normal variates conditioned on [low, high] (one side may be infinite), by the inverse CDF in the smaller tail',
  stream: 'docs/streams.md, "Transforms of one uniform or one normal"',
  id: 8,
  base: 'uniform',
  params: [
    { name: 'low', doc: 'Lower bound (−Infinity: none; not NaN), default −Infinity.', is: bound, default: -Infinity },
    { name: 'high', doc: 'Upper bound (Infinity: none; not NaN), > low, default Infinity.', is: bound, default: Infinity },
    { name: 'mean', doc: 'Mean of the normal before truncation, default 0.', is: finite, default: 0 },
    { name: 'std', doc: 'Standard deviation of the normal before truncation (> 0), default 1.', is: positive, default: 1 },
  ],
  check({ low, high, mean, std }, at) {
    if (!(low < high)) throw new RangeError(`${at('low')} must be < ${at('high')}, got ${at('low')} = ${low}, ${at('high')} = ${high}`);
    const { b } = standard(low, high, mean, std);
    if (!(b >= -TRUNCATED_NORMAL_FAR)) {
      // Φ(−35) ≈ 1e-268 is representable: the limit is where the documented accuracy ends, not the mass.
      throw new RangeError(`${at('low')} and ${at('high')}: [${low}, ${high}] lies more than ${TRUNCATED_NORMAL_FAR} standard deviations `
        + `from ${at('mean')} (${mean}, ${at('std')} ${std}), beyond the documented accuracy limit of truncatedNormal `
        + `(the interval must come within ${TRUNCATED_NORMAL_FAR} std of the mean: docs/accuracy.md)`);
    }
  },
  derived: {
    names: ['mean', 'std', 'sign', 'phiA', 'phiSpan', 'low', 'high'],
    of({ low, high, mean, std }) {
      const { a, b, s } = standard(low, high, mean, std);
      const pa = phi(a);
      return [mean, std, s, pa, phi(b) - pa, low, high];
    },
  },
  f: (u, p) => {
    const y = p[0] + p[1] * (p[2] * ndtri(p[3] + openAtOne(u) * p[4]));
    const lo = y <= p[5] ? p[5] : y;
    return lo <= p[6] ? lo : p[6];
  },
  hints: { a: 'low', b: 'high', lower: 'low', upper: 'high', loc: 'mean', scale: 'std', mu: 'mean', sigma: 'std' },
});

/** The bounds in standard units, mirrored so that a + b ≤ 0 (s = −1 when mirrored). */
function standard(low: number, high: number, mean: number, std: number): { a: number; b: number; s: number } {
  const alpha = (low - mean) / std, beta = (high - mean) / std;
  // both infinite: α + β is NaN, no mirror
  return alpha + beta > 0 ? { a: -beta, b: -alpha, s: -1 } : { a: alpha, b: beta, s: 1 };
}
