/**
 * The registry: every sampler and every op. Adding a sampler means adding its module to SAMPLERS
 * (docs/architecture.md lists the rest); the CPU kernel table, the CUDA adapters and crossovers, the
 * public functions and the table-driven tests all read it.
 */
import type { OpSpec, SamplerSpec } from './spec.js';
import { nullPrototypes } from '../core/records.js';
import { BITS } from './bits.js';
import { UNIFORM } from './uniform.js';
import { NORMAL } from './normal.js';
import { EXPONENTIAL } from './exponential.js';
import { GAMMA } from './gamma.js';
import { CHISQUARE } from './chisquare.js';
import { BETA } from './beta.js';
import { DIRICHLET } from './dirichlet.js';
import { LOGNORMAL } from './lognormal.js';
import { WEIBULL } from './weibull.js';
import { INTEGERS } from './integers.js';
import { BERNOULLI } from './bernoulli.js';
import { GEOMETRIC } from './geometric.js';
import { POISSON } from './poisson.js';
import { BINOMIAL } from './binomial.js';
import { NEGATIVE_BINOMIAL } from './negative-binomial.js';
import { MULTINOMIAL } from './multinomial.js';
import { CAUCHY } from './cauchy.js';
import { LAPLACE } from './laplace.js';
import { LOGISTIC } from './logistic.js';
import { GUMBEL } from './gumbel.js';
import { PARETO } from './pareto.js';
import { RAYLEIGH } from './rayleigh.js';
import { POWER } from './power.js';
import { TRUNCATED_NORMAL } from './truncated-normal.js';
import { TRIANGULAR } from './triangular.js';
import { STUDENT_T } from './student-t.js';
import { F } from './f.js';
import { VON_MISES } from './von-mises.js';
import { WALD } from './wald.js';
import { LOGSERIES } from './logseries.js';
import { ZIPF } from './zipf.js';
import { HYPERGEOMETRIC } from './hypergeometric.js';
import { MULTIVARIATE_NORMAL } from './multivariate-normal.js';
import { ALIAS_OPS } from './alias.js';
import { XORWOW_OPS } from './xorwow.js';
import { SOBOL_OPS } from './sobol.js';
import { MRG32K3A_OPS } from './mrg32k3a.js';
import { SELECT_OPS } from './select.js';

// Every declaration without Object.prototype (lib/core/records.ts): their optional fields are read by name.
export const SAMPLERS: readonly SamplerSpec[] = nullPrototypes([
  BITS, UNIFORM, NORMAL, EXPONENTIAL, GAMMA, CHISQUARE, BETA, DIRICHLET, LOGNORMAL, WEIBULL,
  INTEGERS, BERNOULLI, GEOMETRIC,
  POISSON, BINOMIAL, NEGATIVE_BINOMIAL, MULTINOMIAL,
  CAUCHY, LAPLACE, LOGISTIC, GUMBEL, PARETO, RAYLEIGH, TRUNCATED_NORMAL, TRIANGULAR, STUDENT_T, F, VON_MISES, WALD, POWER,
  LOGSERIES, ZIPF, HYPERGEOMETRIC,
  MULTIVARIATE_NORMAL,
]);

function opTable(): ReadonlyMap<string, OpSpec> {
  const m = new Map<string, OpSpec>();
  for (const op of nullPrototypes([...SAMPLERS.flatMap((s) => s.ops), ...ALIAS_OPS, ...XORWOW_OPS, ...SOBOL_OPS, ...MRG32K3A_OPS, ...SELECT_OPS])) {
    const seen = m.get(op.name);
    if (seen && seen !== op) throw new Error(`internal: two ops named '${op.name}'`);
    m.set(op.name, op);
  }
  return m;
}

/** Every op by name. */
export const OPS: ReadonlyMap<string, OpSpec> = opTable();

/** The op named `name`, or an internal error. */
export function opSpec(name: string): OpSpec {
  const op = OPS.get(name);
  if (!op) throw new Error(`internal: no op '${name}'`);
  return op;
}

export { TRANSFORMS, transformParamNames } from './transform.js';
export { ELEMENTS } from './element.js';
export type { OpSpec, SamplerSpec, ParamSpec, CudaOp, Lowered } from './spec.js';
