// Regression tests for issue 27, items 6, 12, 14 and 17 (library side): parameters at the edge of what
// the API accepts must give either a correct result or a clear TypeError/RangeError naming the
// argument, never Infinity/NaN, an out-of-memory abort or a misleading message. See docs/testing.md,
// "Failures found and fixed".
import { describe, expect, it } from 'vitest';
import * as cr from 'cuda-random';
import { expectArgumentError, sameBits } from './fuzz-helpers.js';

const k = cr.key(27);
const MAX = Number.MAX_VALUE;

describe('multivariateNormal: covariance entries near the binary64 maximum gave ±Infinity/NaN rows', () => {
  // Scaling cov by 2^8 scales the factor by 2^4 exactly, so the rows must be exactly 16 times those of
  // cov·2^-8 (mean 0): any overflow inside the factorisation breaks this.
  const scaled = (cov: number[][]) => cov.map((r) => r.map((x) => x * 2 ** -8));
  for (const cov of [[[9e307, 0], [0, 9e307]], [[1e308, 5e307], [5e307, 1e308]], [[MAX, MAX], [MAX, MAX]], [[MAX, -MAX], [-MAX, MAX]]]) {
    it(`cov = ${JSON.stringify(cov)}`, () => {
      const big = cr.multivariateNormal(k, 50, { mean: [0, 0], cov });
      const small = cr.multivariateNormal(k, 50, { mean: [0, 0], cov: scaled(cov) });
      expect(big.every(Number.isFinite)).toBe(true);
      expect(sameBits(big, small.map((x) => 16 * x))).toBe(true);
    });
  }
  it('a matrix whose factor overflows to ∞·0 = NaN is refused, not sampled as NaN', () => {
    // Not positive semi-definite (|cov[0][2]| far above √(cov[0][0]·cov[2][2])); pivot 2 was NaN,
    // which the `p < -tol` test let through.
    expectArgumentError(() => cr.multivariateNormal(k, 1, { mean: [0, 0, 0], cov: [[1e-9, 0, 1e308], [0, 1, 0], [1e308, 0, 1]] }), 'cov');
  });
});
