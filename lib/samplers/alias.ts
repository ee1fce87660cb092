/**
 * The alias-table ops (docs/alias.md): sampling from a table's rows or a CDF's prefix sums (CPU kernels
 * and, for rows, the WebAssembly path), and the GPU ops that keep tables on the device. AliasTable and
 * categorical (lib/alias) are their public faces.
 */
import { aliasSample, cdfSample } from '../kernels/alias.js';
import { aliasSampleWasm } from '../wasm/alias.js';
import type { OpSpec } from './spec.js';

export const OP_ALIAS = 'aliasSample';
export const OP_CDF = 'aliasCdfSample';
export const OP_ALIAS_BUILD = 'aliasBuild';
export const OP_ALIAS_COUNTS = 'aliasCounts';
export const OP_CATEGORICAL = 'aliasCategorical';

export const ALIAS_OPS: readonly OpSpec[] = [
  {
    name: OP_ALIAS, dtype: 'uint32', fast: aliasSampleWasm,
    cpu: (a) => aliasSample(a.k0, a.k1, a.lo, a.hi, a.params.rows as Uint32Array, a.params.n as number, a.out as Uint32Array),
    cuda: { custom: OP_ALIAS, crossover: 1 << 13 },
  },
  {
    name: OP_CDF, dtype: 'uint32',
    cpu: (a) => cdfSample(a.k0, a.k1, a.lo, a.hi, a.params.prefix as Uint32Array, a.params.n as number, a.out as Uint32Array),
  },
  // GPU only: the CPU builds tables, counts and categorical draws in lib/alias directly.
  { name: OP_ALIAS_BUILD, dtype: 'uint32', cuda: { custom: OP_ALIAS_BUILD, crossover: 1 << 12 } },
  { name: OP_ALIAS_COUNTS, dtype: 'float64', cuda: { custom: OP_ALIAS_COUNTS, crossover: 1 << 13 } },
  { name: OP_CATEGORICAL, dtype: 'uint32', cuda: { custom: OP_CATEGORICAL, crossover: 1 << 12 } },
];
