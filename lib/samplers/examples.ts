/**
 * Ordinary parameter values of a sampler, derived from its declaration: the one place the tests, the
 * fuzz targets, the benchmarks and the tools take them from, so that a new sampler gets valid ones
 * without an edit there. A parameter's ordinary value is its default, else a moderate value its
 * constraint accepts (`good`, in [0.25, 4]), else 1. Where the sampler's cross-parameter check refuses
 * those (triangular's left ≤ mode ≤ right, with left = mode = right = 1), the numeric parameters take
 * 1, 2, 3, … in their declared order, the order such checks ask for.
 */
import type { ParamSpec } from './spec.js';

/** A value parameter q accepts that keeps draws ordinary. */
export function ordinaryValue(q: ParamSpec): number {
  return q.default ?? q.is.good.find((x) => x >= 0.25 && x <= 4) ?? 1;
}

/** What ordinaryValues needs of a sampler (a SamplerSpec, a transform or element definition). */
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
export function ordinaryValues(d: Declared, all = false): Record<string, number> {
  const scalar = d.params.filter((q) => q.name !== d.rows?.param);
  const values = Object.fromEntries(scalar.map((q) => [q.name, ordinaryValue(q)]));
  if (!accepts(d, values)) {
    scalar.forEach((q, i) => { values[q.name] = i + 1; });
    if (!accepts(d, values)) throw new Error(`internal: no ordinary parameter set for ${d.name}`);
  }
  return Object.fromEntries(scalar.filter((q) => all || q.default === undefined).map((q) => [q.name, values[q.name]]));
}

function accepts(d: Declared, values: Record<string, number>): boolean {
  try {
    d.params.forEach((q) => { if (q.name in values) q.is.check(values[q.name], q.name); });
    d.check?.(values, (name) => name);
    return true;
  } catch {
    return false;
  }
}
