/**
 * Declarative constraints on numeric parameters: each checks a value (a TypeError for the wrong kind,
 * a RangeError outside the domain, both naming the argument) and carries examples of values it must
 * refuse and accept, so tests and fuzzers derive their cases from the same declaration.
 */
import { describe } from './validate.js';

export interface Constraint {
  /** The domain in words, as errors and docs say it (e.g. 'finite and > 0'). */
  readonly says: string;
  /** The value as a number, or throws naming `name`. */
  check(v: unknown, name: string): number;
  /** Values the check must refuse (numbers outside the domain; the wrong kinds are added by tests). */
  readonly bad: readonly number[];
  /** Values it must accept. */
  readonly good: readonly number[];
}

/**
 * The numbers a constraint accepts, where that is an interval (optionally of integers): a per-element
 * array of millions of values is then scanned by comparisons alone (lib/facade/make.ts checkEach),
 * and `check` runs only for a value outside, to throw its message. `check` stays the definition;
 * test/constraints.test.ts holds every declared interval to it.
 */
export interface Interval {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
  integer: boolean;
}

/** Kept beside the constraints, not in them: a constraint made by spreading another (`{ ...c, check }`)
 *  must not inherit an interval its own check no longer matches. */
const INTERVALS = new WeakMap<Constraint, Interval>();

/** The interval of c's accepted numbers, if it declared one. */
export const intervalOf = (c: Constraint): Interval | undefined => INTERVALS.get(c);

/** Declares that c accepts exactly the numbers of `iv` (held to its check by tests). */
export function declareInterval<C extends Constraint>(c: C, iv: Partial<Interval>): C {
  INTERVALS.set(c, { lo: -Infinity, hi: Infinity, loOpen: false, hiOpen: false, integer: false, ...iv });
  return c;
}

/** Whether x is in iv. */
export function inInterval(x: number, iv: Interval): boolean {
  return (iv.loOpen ? x > iv.lo : x >= iv.lo) && (iv.hiOpen ? x < iv.hi : x <= iv.hi) && (!iv.integer || Math.floor(x) === x);
}

const F64 = new Float64Array(1);
const I64 = new BigInt64Array(F64.buffer);

/** The least double above x (x not NaN, not +∞). */
function above(x: number): number {
  if (x === 0) return 5e-324;
  F64[0] = x;
  I64[0] += x > 0 ? 1n : -1n;  // the bit pattern's integer moves away from zero for x > 0, toward it for x < 0
  return F64[0];
}

/**
 * A non-integer interval as closed bounds [lo, hi] with the same members among doubles — x > lo is
 * x ≥ the least double above lo, x < hi is x ≤ the greatest below — or null for an integer interval.
 * A scan then needs one form of comparison whatever the interval's ends (NaN fails both).
 */
export function closedBounds(iv: Interval): [number, number] | null {
  if (iv.integer) return null;
  const lo = iv.loOpen ? (iv.lo === Infinity ? Infinity : above(iv.lo)) : iv.lo;
  const hi = iv.hiOpen ? (iv.hi === -Infinity ? -Infinity : -above(-iv.hi)) : iv.hi;
  return [lo, hi];
}

function num(v: unknown, name: string): number {
  if (typeof v !== 'number') throw new TypeError(`${name} must be a number, got ${describe(v)}`);
  return v;
}

/** Any finite number. */
export const finite: Constraint = {
  says: 'finite',
  check(v, name) {
    const x = num(v, name);
    if (!Number.isFinite(x)) throw new RangeError(`${name} must be finite, got ${x}`);
    return x;
  },
  bad: [NaN, Infinity, -Infinity],
  good: [0, -3.5, 1e300, -1e-300],
};

/** Finite and > 0 (checked in that order: 'must be finite', then 'must be > 0'). */
export const positive: Constraint = {
  says: '> 0',
  check(v, name) {
    const x = finite.check(v, name);
    if (!(x > 0)) throw new RangeError(`${name} must be > 0, got ${x}`);
    return x;
  },
  bad: [0, -0, -1, -1e-300, NaN, Infinity],
  good: [1e-300, 0.5, 1, 1e300],
};

/** A shape parameter: finite and > 0, in one message. */
export const shape: Constraint = {
  says: 'finite and > 0',
  check(v, name) {
    const x = num(v, name);
    if (!(x > 0) || x === Infinity) throw new RangeError(`${name} must be finite and > 0, got ${x}`);
    return x;
  },
  bad: [0, -0, -2, NaN, Infinity, -Infinity],
  good: [5e-324, 0.3, 1, 1e308],
};

/** Degrees of freedom of chi-square: a shape whose half is still > 0 (the gamma it runs has α = df/2). */
export const degreesOfFreedom: Constraint = {
  says: 'finite and at least 2^-1073',
  check(v, name) {
    const x = shape.check(v, name);
    if (x / 2 === 0) throw new RangeError(`${name} must be at least 2^-1073, got ${x}`);
    return x;
  },
  bad: [0, -1, 5e-324, NaN, Infinity],
  good: [1e-323, 0.5, 3, 1e308],
};

/** Shapes of rows of gammas (beta, Dirichlet): in [1e-300, 1e300], so a row's sum and logs stay finite. */
export const rowShape: Constraint = {
  says: 'in [1e-300, 1e300]',
  check(v, name) {
    const x = shape.check(v, name);
    if (x > 1e300 || x < 1e-300) throw new RangeError(`${name} must be in [1e-300, 1e300], got ${x}`);
    return x;
  },
  bad: [0, -1, NaN, Infinity, 1e-301, 2e300],
  good: [1e-300, 0.5, 2, 1e300],
};

/** A Poisson mean: finite and >= 0 (good values whose counts fit every count dtype). */
export const poissonMean: Constraint = {
  says: 'finite and >= 0',
  check(v, name) {
    const x = num(v, name);
    if (!(x >= 0) || x === Infinity) throw new RangeError(`${name} must be finite and >= 0, got ${x}`);
    return x;
  },
  bad: [-1, -1e-300, NaN, Infinity, -Infinity],
  good: [0, 1e-300, 3, 9.5, 10, 1e9],
};

/** A count: an integer in [0, 2^53] (binomial and multinomial trials). */
export const count: Constraint = {
  says: 'an integer in [0, 2^53]',
  check(v, name) {
    const x = num(v, name);
    if (!Number.isInteger(x) || x < 0 || x > 2 ** 53) throw new RangeError(`${name} must be an integer in [0, 2^53], got ${x}`);
    return x;
  },
  bad: [-1, 0.5, 2.000001, NaN, Infinity, -Infinity, 2 ** 53 + 2],
  good: [0, 1, 7, 100, 2 ** 31 - 1],
};

/** Negative binomial's r: finite and > 0 (good values whose counts fit every count dtype). */
export const successes: Constraint = {
  says: 'finite and > 0',
  check: (v, name) => shape.check(v, name),
  bad: [0, -0, -2, NaN, Infinity, -Infinity],
  good: [1e-300, 0.3, 1, 2.5, 1000],
};

/** Most proposals a rejection sampler evaluates at once (`proposals`; cr_dist_items.h CR_MAX_PROPOSALS). */
export const MAX_PROPOSALS = 1024;

/** A probability: a number in [0, 1] (NaN refused). */
export const probability: Constraint = {
  says: 'in [0, 1]',
  check(v, name) {
    const x = num(v, name);
    if (!(x >= 0 && x <= 1)) throw new RangeError(`${name} must be in [0, 1], got ${x}`);
    return x;
  },
  bad: [-0.1, 1.5, -1e-300, 1 + 2 ** -52, NaN, Infinity, -Infinity],
  good: [0, 5e-324, 0.3, 1 - 2 ** -53, 1],
};

/** A success probability of a waiting time: in (0, 1]. */
export const successProbability: Constraint = {
  says: 'in (0, 1]',
  check(v, name) {
    const x = num(v, name);
    if (!(x > 0 && x <= 1)) throw new RangeError(`${name} must be in (0, 1], got ${x}`);
    return x;
  },
  bad: [0, -0, -0.5, 1.5, NaN, Infinity, -Infinity],
  good: [2 ** -25, 0.3, 1 - 2 ** -53, 1],
};

/** An integer that a double holds exactly (|x| ≤ 2^53 − 1). */
export const safeInteger: Constraint = {
  says: 'a safe integer',
  check(v, name) {
    const x = num(v, name);
    if (!Number.isSafeInteger(x)) throw new RangeError(`${name} must be an integer in [-(2^53-1), 2^53-1], got ${x}`);
    return x;
  },
  bad: [0.5, -1.25, 2 ** 53, -(2 ** 53), NaN, Infinity, -Infinity],
  good: [0, -7, 3, 2 ** 31, -(2 ** 31)],
};

/** A bound of an interval: any number but NaN (±Infinity: unbounded on that side). */
export const bound: Constraint = {
  says: 'a number other than NaN (±Infinity allowed)',
  check(v, name) {
    const x = num(v, name);
    if (x !== x) throw new RangeError(`${name} must not be NaN`);
    return x;
  },
  bad: [NaN],
  good: [-Infinity, -1e300, -2, 0, 8, Infinity],
};

/**
 * Degrees of freedom of Student's t and F: finite and ≥ 0.2. They divide by gamma draws of shape df/2,
 * which for smaller df underflow to 0 with a probability that is no longer negligible (e^(−745·df/2):
 * 7e-33 at df = 0.2), giving infinite values where the true ones are finite.
 */
export const ratioDf: Constraint = {
  says: 'finite and ≥ 0.2',
  check(v, name) {
    const x = finite.check(v, name);
    if (!(x >= 0.2)) throw new RangeError(`${name} must be ≥ 0.2, got ${x}`);
    return x;
  },
  bad: [0, 0.19, -1, NaN, Infinity, -Infinity],
  good: [0.2, 1, 3.5, 1e300],
};

/** Finite and ≥ 0 (a concentration: 0 is allowed). */
export const nonNegative: Constraint = {
  says: 'finite and ≥ 0',
  check(v, name) {
    const x = finite.check(v, name);
    if (!(x >= 0)) throw new RangeError(`${name} must be ≥ 0, got ${x}`);
    return x;
  },
  bad: [-1e-300, -1, NaN, Infinity, -Infinity],
  good: [0, 1e-300, 1e-6, 0.5, 4, 1e7, 1e300],
};

/** A probability below 1: in [0, 1) (logseries' p; NaN refused). */
export const probabilityBelowOne: Constraint = {
  says: 'in [0, 1)',
  check(v, name) {
    const x = num(v, name);
    if (!(x >= 0 && x < 1)) throw new RangeError(`${name} must be in [0, 1), got ${x}`);
    return x;
  },
  bad: [-1e-300, 1, 1.5, NaN, Infinity, -Infinity],
  good: [0, 5e-324, 0.3, 0.6, 1 - 2 ** -53],
};

/** A number of items below 10^9: an integer in [0, 10^9 − 1] (hypergeometric's ngood and nbad, numpy's bound). */
export const itemCount: Constraint = {
  says: 'an integer in [0, 10^9 − 1]',
  check(v, name) {
    const x = num(v, name);
    if (!Number.isInteger(x) || x < 0 || x > 999999999) throw new RangeError(`${name} must be an integer in [0, 10^9 − 1], got ${x}`);
    return x;
  },
  bad: [-1, 0.5, 1e9, NaN, Infinity, -Infinity],
  good: [0, 1, 7, 100, 5000, 999999999],
};

/** Finite and > 1 (zipf's a). */
export const aboveOne: Constraint = {
  says: 'finite and > 1',
  check(v, name) {
    const x = finite.check(v, name);
    if (!(x > 1)) throw new RangeError(`${name} must be > 1, got ${x}`);
    return x;
  },
  bad: [1, 0.5, 0, -2, NaN, Infinity, -Infinity],
  good: [1 + 2 ** -52, 1.5, 2, 3.5, 1024, 1e300],
};

// The intervals of the constraints above (finite bounds exclude ±Infinity; every comparison excludes NaN).
const OPEN_INF = { hi: Infinity, hiOpen: true };
declareInterval(finite, { lo: -Infinity, loOpen: true, ...OPEN_INF });
declareInterval(positive, { lo: 0, loOpen: true, ...OPEN_INF });
declareInterval(shape, { lo: 0, loOpen: true, ...OPEN_INF });
declareInterval(degreesOfFreedom, { lo: 2 ** -1073, ...OPEN_INF });
declareInterval(rowShape, { lo: 1e-300, hi: 1e300 });
declareInterval(poissonMean, { lo: 0, ...OPEN_INF });
declareInterval(count, { lo: 0, hi: 2 ** 53, integer: true });
declareInterval(successes, { lo: 0, loOpen: true, ...OPEN_INF });
declareInterval(probability, { lo: 0, hi: 1 });
declareInterval(probabilityBelowOne, { lo: 0, hi: 1, hiOpen: true });
declareInterval(aboveOne, { lo: 1, loOpen: true, ...OPEN_INF });
declareInterval(itemCount, { lo: 0, hi: 999999999, integer: true });
declareInterval(successProbability, { lo: 0, loOpen: true, hi: 1 });
declareInterval(safeInteger, { lo: -(2 ** 53 - 1), hi: 2 ** 53 - 1, integer: true });
declareInterval(bound, {});
declareInterval(ratioDf, { lo: 0.2, ...OPEN_INF });
declareInterval(nonNegative, { lo: 0, ...OPEN_INF });
