/**
 * Example parameter values of a sampler, derived from its declaration: the one place the tests, the
 * fuzz targets, the benchmarks and the tools take a typical valid call from, so that a new sampler gets
 * one without an edit there. A parameter's example value is its default, else its declared `example`, else a
 * moderate value its constraint accepts (`good`, in [0.25, 4]), else 1. (The cross-backend equality tests take many sets
 * with full significands instead, from lib/core/param-sets.ts.) Where the sampler's cross-parameter check refuses
 * those (triangular's left ≤ mode ≤ right, with left = mode = right = 1), the numeric parameters take
 * 1, 2, 3, … in their declared order, the order such checks ask for.
 */
import { acceptsSet } from '../core/param-sets.js';
import type { ParamSpec } from './spec.js';

/** A value parameter q accepts that keeps draws ordinary. */
export function exampleValue(q: ParamSpec): number {
  return q.default ?? q.example ?? q.is.good.find((x) => x >= 0.25 && x <= 4) ?? 1;
}

/** What exampleValues needs of a sampler (a SamplerSpec, a transform or element definition). */
export interface Declared {
  name: string;
  params: readonly ParamSpec[];
  rows?: { param: string };
  check?(v: Record<string, number>, at: (name: string) => string): void;
}

/**
 * Ordinary values of d's scalar parameters (the row vector of a rows sampler excluded): every one with
 * `all`, else only those without a default. The set passes d's cross-parameter check, or this throws.
 */
export function exampleValues(d: Declared, all = false): Record<string, number> {
  const scalar = d.params.filter((q) => q.name !== d.rows?.param);
  const values = Object.fromEntries(scalar.map((q) => [q.name, exampleValue(q)]));
  const valid = () => acceptsSet(d.params, values, d.check && ((v) => d.check!(v, (name) => name)));
  if (!valid()) {
    scalar.forEach((q, i) => { values[q.name] = i + 1; });
    if (!valid()) throw new Error(`internal: no ordinary parameter set for ${d.name}`);
  }
  return Object.fromEntries(scalar.filter((q) => all || q.default === undefined).map((q) => [q.name, values[q.name]]));
}
