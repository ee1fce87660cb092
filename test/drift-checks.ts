/**
 * The cross-backend equality checks that see a last-bit drift (issue 30), as functions returning the
 * mismatches, so that test/samplers.test.ts runs them and test/drift.test.ts proves they fail on a
 * planted one-ulp change:
 *   - derivedSets: a sampler's parameter sets, from its constraints (lib/core/param-sets.ts);
 *   - fastMismatches: a fast path (WebAssembly or host SIMD, which run the C++ math) against the TS
 *     specification at every derived set;
 *   - vectorMismatches: the TS specification against test/vectors/transforms.json, the values that
 *     cuda/test/test_transforms.cpp holds the C++ transforms (cr_transforms.h) to.
 */
import { readFileSync } from 'node:fs';
import { allParameterSets, type ParamSet } from '../lib/core/param-sets.js';
import type { OpSpec, SamplerSpec } from '../lib/samplers/spec.js';
import type { CpuPath } from '../lib/backend/cpu/kernels.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { CTORS } from '../lib/core/types.js';

export function derivedSets(s: SamplerSpec): ParamSet[] {
  const scalars = s.params.filter((p) => p.name !== s.rows?.param);
  return scalars.length ? allParameterSets(scalars, s.check ? (v) => s.check!(v) : undefined) : [];
}

type Floats = Float32Array | Float64Array;

/** Where a and b differ: the first index, as text; null when bit for bit the same. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): string | null {
  if (a.length !== b.length) return `length ${a.length} ≠ ${b.length}`;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return `element ${i}: ${a[i]} ≠ ${b[i]}`;
  return null;
}

/**
 * Op `op` of sampler s through fast path `path` against the specification, n values per derived set
 * (the other parameters from `values`), for key (k0, k1) from element 7: one line per set that differs.
 */
export function fastMismatches(
  s: SamplerSpec, op: OpSpec, values: Record<string, unknown>, path: CpuPath, key: readonly [number, number], n: number,
): string[] {
  const out: string[] = [];
  for (const set of derivedSets(s)) {
    const v = { ...values, ...set };
    let low;
    try {
      low = s.lower(v, op.dtype);  // refuses values the dtype cannot hold (integers)
    } catch {
      continue;
    }
    if (low.op !== op.name) continue;  // an op another method lowers to
    const Out = CTORS[op.dtype];
    const a = new Out(n), b = new Out(n);
    const args = { k0: key[0], k1: key[1], lo: 7, hi: 0, params: low.params, perElement: {} };
    runKernel(op.name, { ...args, out: a }, path);
    runKernel(op.name, { ...args, out: b }, { fast: false });
    const d = firstDifference(a, b);
    if (d) out.push(`${op.name} at ${JSON.stringify(set)}: ${d}`);
  }
  return out;
}

interface VectorCase {
  transform: string; params: string[]; k0: number; k1: number; offset: string; dtype: string; values: string[];
}

const fromHex64 = (h: string) => new Float64Array(new BigUint64Array([BigInt(`0x${h}`)]).buffer)[0];
const fromHex32 = (h: string) => new Float32Array(new Uint32Array([parseInt(h, 16)]).buffer)[0];

/**
 * The TS specification kernels of the transforms against every scalar case of
 * test/vectors/transforms.json: one line per case that differs (`only`: the transforms to run).
 */
export function vectorMismatches(only?: readonly string[]): string[] {
  const text = readFileSync(new URL('vectors/transforms.json', import.meta.url), 'utf8');
  const file = JSON.parse(text) as { cases: VectorCase[] };
  const out: string[] = [];
  for (const [c, k] of file.cases.entries()) {
    if (only && !only.includes(k.transform)) continue;
    const wide = k.dtype === 'float64';
    const got: Floats = wide ? new Float64Array(k.values.length) : new Float32Array(k.values.length);
    const first = BigInt(k.offset);
    runKernel(`${k.transform}${wide ? '64' : '32'}`, {
      k0: k.k0, k1: k.k1, lo: Number(first & 0xffffffffn), hi: Number(first >> 32n), out: got, perElement: {},
      params: { p: Float64Array.from(k.params, fromHex64) },
    }, { fast: false });
    const d = firstDifference(got, k.values.map(wide ? fromHex64 : fromHex32));
    if (d) out.push(`${k.transform} case ${c} (${k.dtype}, offset ${k.offset}): ${d}`);
  }
  return out;
}
