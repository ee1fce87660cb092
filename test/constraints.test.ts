/**
 * Declared intervals (lib/core/constraints.ts) against the checks they stand for: a per-element array
 * is scanned by the interval (lib/facade/make.ts checkEach), so an interval wider than its check would
 * let bad values through and a narrower one would only cost time — both are held to "exactly the
 * numbers check accepts" here, at the edges of every bound and on random doubles.
 */
import { describe, expect, it } from 'vitest';
import * as C from '../lib/core/constraints.js';
import { closedBounds, inInterval, intervalOf, type Constraint, type Interval } from '../lib/core/constraints.js';
import { SAMPLERS } from '../lib/samplers/registry.js';
import { COUNT_DTYPES, constraintFor } from '../lib/samplers/spec.js';
import { rng } from './seeded-rng.js';

const f = new Float64Array(1);
const b = new BigInt64Array(f.buffer);
/** The next double above (d = 1) or below (d = −1) x. */
function step(x: number, d: 1 | -1): number {
  if (Number.isNaN(x) || x === d * Infinity) return x;
  if (x === 0) return d * 5e-324;
  f[0] = x;
  b[0] += (x > 0) === (d > 0) ? 1n : -1n;
  return f[0];
}

/** Values around every bound of iv and the usual suspects, plus random doubles of every exponent. */
function probes(c: Constraint, iv: Interval, seed: number): number[] {
  const xs = [...c.good, ...c.bad, 0, -0, 5e-324, -5e-324, 1e-300, 0.5, 1, 2, 0.2, 2 ** 53, 2 ** 53 - 1, 2 ** 31,
    Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN, 1.5, -1.5, 3, -3];
  for (const e of [iv.lo, iv.hi, 1, 0.2, 2 ** 53, 2 ** 53 - 1, 1e300, 1e-300, 2 ** -1073]) {
    for (const x of [e, -e]) xs.push(x, step(x, 1), step(x, -1), step(step(x, 1), 1), step(step(x, -1), -1), x + 0.5, x - 0.5);
  }
  const r = rng(seed);
  for (let i = 0; i < 4000; i++) {
    b[0] = (BigInt(r()) << 32n) | BigInt(r());
    xs.push(f[0], Math.floor(f[0]), r() / 2 ** 32, (r() / 2 ** 32) * 1e6, Math.floor((r() / 2 ** 32) * 100));
  }
  return xs;
}

function accepts(c: Constraint, x: number): boolean {
  try {
    c.check(x, 'x');
    return true;
  } catch {
    return false;
  }
}

function expectSame(c: Constraint, iv: Interval, what: string, seed: number): void {
  for (const x of probes(c, iv, seed)) {
    if (accepts(c, x) !== inInterval(x, iv)) expect.fail(`${what}: ${x} is ${accepts(c, x) ? 'accepted' : 'refused'} by check but not by the interval ${JSON.stringify(iv)}`);
  }
}

describe('declared intervals', () => {
  const declared = Object.entries(C).filter(([, v]) => v && typeof v === 'object' && 'check' in v && intervalOf(v as Constraint)) as [string, Constraint][];
  it('cover the core constraints', () => {
    expect(declared.map(([k]) => k).sort()).toEqual(['aboveOne', 'bound', 'count', 'degreesOfFreedom', 'finite', 'itemCount', 'nonNegative',
      'poissonMean', 'positive', 'probability', 'probabilityBelowOne', 'ratioDf', 'rowShape', 'safeInteger', 'shape', 'successProbability', 'successes']);
  });
  it.each(declared)('%s: the interval holds exactly what check accepts', (name, c) => {
    expectSame(c, intervalOf(c)!, name, name.length);
  });
  it.each(declared)('%s: closedBounds (what per-element arrays are scanned with) has the same members', (name, c) => {
    const iv = intervalOf(c)!;
    const b = closedBounds(iv);
    if (iv.integer) {
      expect(b).toBeNull();
      return;
    }
    expect(b).not.toBeNull();
    for (const x of [...probes(c, iv, name.length + 99), 0, -0, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN]) {
      const closed = x >= b![0] && x <= b![1];
      if (closed !== inInterval(x, iv)) expect.fail(`${name}: ${x} is ${closed ? 'inside' : 'outside'} [${b![0]}, ${b![1]}] but not the interval ${JSON.stringify(iv)}`);
      // float32 values reach the scan as doubles: the same test
      const f = Math.fround(x);
      if ((f >= b![0] && f <= b![1]) !== inInterval(f, iv)) expect.fail(`${name}: float32 ${f}`);
    }
  });
  it('closedBounds: open ends become the neighbouring doubles', () => {
    const iv = (p: Partial<Interval>): Interval => ({ lo: -Infinity, hi: Infinity, loOpen: false, hiOpen: false, integer: false, ...p });
    expect(closedBounds(iv({ lo: 0, loOpen: true }))).toEqual([5e-324, Infinity]);
    expect(closedBounds(iv({ hi: 1, hiOpen: true }))).toEqual([-Infinity, 1 - 2 ** -53]);
    expect(closedBounds(iv({ lo: -1, loOpen: true, hi: 0, hiOpen: true }))).toEqual([-1 + 2 ** -53, -5e-324]);
    expect(closedBounds(iv({ lo: -Infinity, loOpen: true, hi: Infinity, hiOpen: true }))).toEqual([-Number.MAX_VALUE, Number.MAX_VALUE]);
    expect(closedBounds(iv({ lo: 1, loOpen: true }))).toEqual([1 + 2 ** -52, Infinity]);
    expect(closedBounds(iv({ integer: true }))).toBeNull();
  });
  it('a constraint spread from another does not inherit its interval', () => {
    expect(intervalOf({ ...C.probability, check: (v: unknown) => v as number })).toBeUndefined();
  });
  it('the registry\'s dtype-fit constraints: the interval stops at the largest value that fits', () => {
    let seen = 0;
    for (const spec of SAMPLERS) {
      for (const q of spec.params) {
        if (!q.fits) continue;
        for (const dtype of COUNT_DTYPES) {
          const c = constraintFor(q, dtype);
          const iv = intervalOf(c);
          expect(iv, `${spec.name}.${q.name} ${dtype}`).toBeDefined();
          expect(accepts(c, iv!.hi) && !accepts(c, step(iv!.hi, 1)), `${spec.name}.${q.name} ${dtype}: ${iv!.hi}`).toBe(true);
          expectSame(c, iv!, `${spec.name}.${q.name} ${dtype}`, seen++);
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(9); // poisson lam, binomial count, multinomial count: 3 dtypes each
  });
});
