/**
 * Parameter sets for the cross-backend equality tests (TS specification ↔ C++ host math ↔ WebAssembly
 * ↔ CUDA), derived in one place from each parameter's declared constraint, so that a new sampler gets
 * them without an edit. Why not the defaults: with 0, 1 or a power of two a product or a sum is exact,
 * and a formula that differs in its last bit between two backends (a reassociation, a division for a
 * multiplication) gives the same values there — issue 30 found such a drift that the whole suite passed.
 * Three kinds of set:
 *   - ordinary: every parameter at a value with a full 53-bit significand, inside its domain;
 *   - extreme: one parameter at each edge value of its constraint (the constraint's `good` values and
 *     the ends of its declared interval), the others ordinary;
 *   - tight: where parameters share a constraint and the cross-parameter check orders them (low < high,
 *     left ≤ mode ≤ right), ordinary values sorted, and neighbours made equal or one ulp apart;
 *   - corners: several parameters at edge values at once (set i: `good` value i + j of parameter j).
 * Every set passes each parameter's check and the sampler's cross-parameter check.
 */
import { intervalOf, type Constraint } from './constraints.js';

/** What a parameter set needs of a parameter declaration (lib/samplers/spec.ts ParamSpec has it). */
export interface ParamLike {
  readonly name: string;
  readonly is: Constraint;
  readonly default?: number;
}

export type ParamSet = Record<string, number>;

export interface ParamSets {
  ordinary: ParamSet[];
  extreme: ParamSet[];
  tight: ParamSet[];
  corners: ParamSet[];
}

/**
 * Candidates for ordinary values: full significands (no trailing zero bits to make a product exact),
 * both signs, magnitudes from 0.03 to 1e3; integer constraints take the integers.
 */
const ORDINARY = [
  0.7390851332151607, 2.718281828459045, 1.4142135623730951, -1.6180339887498949, 0.36787944117144233,
  -3.141592653589793, 27.18281828459045, 0.5772156649015329, 7.38905609893065, 0.030197383422318501, 812.9136945632577,
];
const ORDINARY_INTEGERS = [7, 13, 37, 101, 1009];

const F64 = new Float64Array(1);
const I64 = new BigInt64Array(F64.buffer);

/** The double one ulp above x toward +∞ (x finite). */
export function nextUp(x: number): number {
  if (x === 0) return 5e-324;
  F64[0] = x;
  I64[0] += x > 0 ? 1n : -1n;
  return F64[0];
}

const accepts = (c: Constraint, x: number): boolean => {
  try {
    c.check(x, 'x');
    return true;
  } catch {
    return false;
  }
};

/** Ordinary values of c: the candidates it accepts (its `good` values off 0 and ±1 if none is). */
export function ordinaryValues(c: Constraint): number[] {
  const iv = intervalOf(c);
  const pool = iv?.integer ? ORDINARY_INTEGERS : ORDINARY;
  const found = pool.filter((x) => accepts(c, x));
  return found.length ? found : c.good.filter((x) => x !== 0 && Math.abs(x) !== 1 && Number.isFinite(x));
}

/** Edge values of c: its `good` values and the finite ends of its interval (an open end: one ulp in). */
export function extremeValues(c: Constraint): number[] {
  const out = [...c.good];
  const iv = intervalOf(c);
  if (iv && !iv.integer) {
    if (Number.isFinite(iv.lo)) out.push(iv.loOpen ? nextUp(iv.lo) : iv.lo);
    if (Number.isFinite(iv.hi)) out.push(iv.hiOpen ? -nextUp(-iv.hi) : iv.hi);
  }
  return [...new Set(out)].filter((x) => accepts(c, x));
}

const key = (s: ParamSet) => JSON.stringify(Object.entries(s).map(([k, v]) => [k, Object.is(v, -0) ? '-0' : `${v}`]));

/** Whether set s passes the own check of each parameter it has a value for, and the cross-parameter check. */
export function acceptsSet(params: readonly ParamLike[], s: ParamSet, check?: (v: ParamSet) => void): boolean {
  try {
    for (const q of params) if (q.name in s) q.is.check(s[q.name], q.name);
    check?.(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * The parameter sets of a sampler with parameters `params` and cross-parameter check `check` (throws
 * for a refused set): `ordinary` first (at least one where any value passes), then the others; no set twice.
 */
export function parameterSets(params: readonly ParamLike[], check?: (v: ParamSet) => void): ParamSets {
  const valid = (s: ParamSet) => acceptsSet(params, s, check);
  // parameters sharing a constraint: sorted ascending in declaration order is the order checks ask for
  const groups = new Map<Constraint, string[]>();
  for (const q of params) groups.set(q.is, [...(groups.get(q.is) ?? []), q.name]);
  const sorted = (s: ParamSet): ParamSet => {
    const t = { ...s };
    for (const names of groups.values()) {
      const vs = names.map((n) => t[n]).sort((a, b) => a - b);
      names.forEach((n, i) => { t[n] = vs[i]; });
    }
    return t;
  };
  const seen = new Set<string>();
  const add = (list: ParamSet[], s: ParamSet) => {
    const t = valid(s) ? s : sorted(s);
    if (!valid(t) || seen.has(key(t))) return;
    seen.add(key(t));
    list.push(t);
  };
  const sets: ParamSets = { ordinary: [], extreme: [], tight: [], corners: [] };
  const ords = params.map((q) => ordinaryValues(q.is));
  // set j: parameter i takes ordinary value j + 2i, so that parameters sharing a constraint differ
  for (let j = 0; j < Math.min(Math.max(1, ...ords.map((o) => o.length)), 4); j++) {
    add(sets.ordinary, Object.fromEntries(params.map((q, i) => [q.name, ords[i][(j + 2 * i) % ords[i].length]])));
  }
  const base = sets.ordinary[0];
  if (!base) return sets;
  for (const q of params) for (const x of extremeValues(q.is)) add(sets.extreme, { ...base, [q.name]: x });
  for (const [c, names] of groups) {
    // only groups the check orders: the sorted base reversed must be refused
    const up = sorted(base);
    const down = { ...up, ...Object.fromEntries(names.map((n, i) => [n, up[names[names.length - 1 - i]]])) };
    if (names.length < 2 || valid(down)) continue;
    const step = intervalOf(c)?.integer ? (x: number) => x + 1 : nextUp;
    for (const o of sets.ordinary) {
      for (let i = 1; i < names.length; i++) {
        // neighbours i − 1 and i equal, else one step apart (one ulp; 1 for integers)
        const t = sorted(o);
        const eq = { ...t, [names[i]]: t[names[i - 1]] };
        if (valid(eq)) add(sets.tight, eq);
        else add(sets.tight, { ...t, [names[i]]: step(t[names[i - 1]]) });
      }
    }
  }
  const most = Math.max(...params.map((q) => q.is.good.length));
  for (let i = 0; i < most; i++) {
    add(sets.corners, Object.fromEntries(params.map((q, j) => [q.name, q.is.good[(i + j) % q.is.good.length]])));
  }
  return sets;
}

/** Every set of parameterSets, in order (ordinary, extreme, tight, corners). */
export function allParameterSets(params: readonly ParamLike[], check?: (v: ParamSet) => void): ParamSet[] {
  const s = parameterSets(params, check);
  return [...s.ordinary, ...s.extreme, ...s.tight, ...s.corners];
}
