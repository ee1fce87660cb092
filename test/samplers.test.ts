/**
 * Every sampler of the registry (lib/samplers/registry.ts), table-driven: a sampler added to SAMPLERS
 * is covered here without an edit.
 *   - argument checking derived from its declared constraints: each constraint's bad values and wrong
 *     kinds are refused naming the parameter, required parameters are required, unknown option names
 *     are refused with the hints the spec declares;
 *   - the contract: element i depends on (key, offset + i, parameters) only — offsets and lengths cut
 *     anywhere give the same values, `out` is written in place, `proposals` changes nothing;
 *   - backends: the WebAssembly fast path equals the specification, and the CUDA backend's adapters
 *     against the stand-in addon (test/stand-in-addon.ts) equal the CPU backend, sync and async;
 *   - distributions: a Kolmogorov–Smirnov test against the exact CDF wherever one is listed below;
 *   - the transform vectors the C++ host test reads are current.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import lognormalCdf from '@stdlib/stats-base-dists-lognormal-cdf';
import weibullCdf from '@stdlib/stats-base-dists-weibull-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import expCdf from '@stdlib/stats-base-dists-exponential-cdf';
import uniformCdf from '@stdlib/stats-base-dists-uniform-cdf';
import cauchyCdf from '@stdlib/stats-base-dists-cauchy-cdf';
import laplaceCdf from '@stdlib/stats-base-dists-laplace-cdf';
import logisticCdf from '@stdlib/stats-base-dists-logistic-cdf';
import gumbelCdf from '@stdlib/stats-base-dists-gumbel-cdf';
import paretoCdf from '@stdlib/stats-base-dists-pareto-type1-cdf';
import rayleighCdf from '@stdlib/stats-base-dists-rayleigh-cdf';
import stdlibErfc from '@stdlib/math-base-special-erfc';
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import fCdf from '@stdlib/stats-base-dists-f-cdf';
import * as api from '../lib/index.js';
import { ELEMENTS, SAMPLERS, TRANSFORMS, type SamplerSpec } from '../lib/samplers/registry.js';
import { exampleValue, exampleValues } from '../lib/samplers/examples.js';
import type { OpSpec } from '../lib/samplers/spec.js';
import { nativeCpuInfo } from '../lib/native/cpu.js';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import type { Backend } from '../lib/backend/types.js';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import { exp as coreExp } from '../lib/core/math/exp.js';
import { standInAddon } from './stand-in-addon.js';
import { CTORS } from '../lib/core/types.js';
import { expectSameBits, ksP, KS_P_MIN } from './dist-helpers.js';
import { fastMismatches, vectorMismatches } from './drift-checks.js';

// `{ backend: 'cuda' }` in this file runs the CUDA backend's adapters against the stand-in addon.
const standIn = vi.hoisted(() => ({ backend: null as Backend | null }));
vi.mock('../lib/backend/select.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../lib/backend/select.js')>();
  return {
    ...m,
    pickBackend: (place: { backend?: unknown } | undefined, op: string, n: number) =>
      (place?.backend === 'cuda' && standIn.backend ? standIn.backend : m.pickBackend(place, op, n)),
  };
});
standIn.backend = makeCudaBackend(standInAddon(), 0);

type Out = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;
type Opts = Record<string, unknown>;
const fns = api as unknown as Record<string, (...a: unknown[]) => Out | Promise<Out>>;
const k = api.key(0x5eed);
const STREAMS = readFileSync(new URL('../docs/streams.md', import.meta.url), 'utf8');

/** A value the parameter accepts that keeps draws ordinary (its default, else a moderate good value). */
function ordinary(s: SamplerSpec, name: string): unknown {
  if (s.rows?.param !== name) return exampleValues(s, true)[name];
  const v = exampleValue(s.params.find((q) => q.name === name)!);
  return [v, 2 * v, 0.5 * v];
}

/** Whether the row vector of s is a positional argument (dirichlet) rather than an option. */
const positional = (s: SamplerSpec) => !!s.rows && !s.rows.option;

/** Options with every required parameter set (and nothing else). */
function required(s: SamplerSpec): Opts {
  const o: Opts = {};
  for (const p of s.params) if (p.default === undefined && (p.name !== s.rows?.param || !positional(s))) o[p.name] = ordinary(s, p.name);
  for (const x of s.structured ?? []) o[x.name] = x.example((ordinary(s, s.rows!.param) as unknown[]).length);
  return o;
}

/** Calls sampler s with n (rows) and options; the vector of a rows sampler comes from `vector`
 *  (an option of that name for option rows, with the structured options made for its length). */
function call(s: SamplerSpec, n: number, o: Opts, vector?: unknown): Out {
  const f = fns[s.name];
  if (positional(s)) return f(k, vector ?? ordinary(s, s.rows!.param), n, o) as Out;
  if (s.rows && Array.isArray(vector)) {
    const more: Opts = { [s.rows.param]: vector };
    for (const x of s.structured ?? []) more[x.name] = x.example(vector.length);
    return f(k, n, { ...o, ...more }) as Out;
  }
  return f(k, n, o) as Out;
}

async function callAsync(s: SamplerSpec, n: number, o: Opts): Promise<Out> {
  const f = fns[`${s.name}Async`];
  return positional(s) ? f(k, ordinary(s, s.rows!.param), n, o) : f(k, n, o);
}

/** Values per call unit: K for rows samplers (offset and n count rows), else 1. */
const width = (s: SamplerSpec) => (s.rows ? (ordinary(s, s.rows.param) as unknown[]).length : 1);

const dtypeOpts = (s: SamplerSpec): Opts[] => (s.dtypes.length > 1 ? s.dtypes.map((dtype) => ({ dtype })) : [{}]);

/**
 * Up to 9 distinct rows of values for the per-element parameters `ps` that a scalar call accepts
 * (ordinary values and the constraints' moderate good ones, combined with different strides).
 */
function perElementRows(s: SamplerSpec, ps: readonly SamplerSpec['params'][number][]): Opts[] {
  const cands = ps.map((q) => [ordinary(s, q.name) as number, ...q.is.good.filter((x) => !(Math.abs(x) > 1e4) || !Number.isFinite(x))]);
  const rows: Opts[] = [];
  const seen = new Set<string>();
  for (let r = 0; r < 64 && rows.length < 9; r++) {
    const row: Opts = Object.fromEntries(ps.map((q, j) => [q.name, cands[j][(r * (j + 1) + (r >> 2)) % cands[j].length]]));
    const id = JSON.stringify(row, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
    if (seen.has(id)) continue;
    seen.add(id);
    try {
      call(s, 1, { ...required(s), ...row, backend: 'cpu' });
      call(s, 1, { ...required(s), ...row, backend: 'cpu', dtype: s.dtypes[s.dtypes.length - 1] });
    } catch {
      continue;
    }
    rows.push(row);
  }
  return rows;
}

/** Whether a call with options o is accepted. */
function valid(s: SamplerSpec, o: Opts): boolean {
  try {
    call(s, 1, { ...o, backend: 'cpu' });
    return true;
  } catch {
    return false;
  }
}

const sameBits = (a: Out, b: Out, what: string) => {
  expect(a.constructor, what).toBe(b.constructor);
  if (a instanceof Float32Array || a instanceof Float64Array) expectSameBits(a, b as typeof a, what);
  else expect(Array.from(a), what).toEqual(Array.from(b));
};

describe.each(SAMPLERS.map((s) => [s.name, s] as const))('%s (registry)', (_, s) => {
  it('is exported with its Async twin', () => {
    expect(typeof fns[s.name]).toBe('function');
    expect(typeof fns[`${s.name}Async`]).toBe('function');
  });

  it('its `stream` names the section of docs/streams.md that defines it', () => {
    // docs/streams.md, "<heading>" (without its number), or the older docs/streams.md §N
    const named = s.stream.match(/^docs\/streams\.md, "([^"]+)"$/);
    const numbered = s.stream.match(/^docs\/streams\.md §(\d+(?:\.\d+)?)$/);
    expect(named ?? numbered, s.stream).not.toBeNull();
    const lines = STREAMS.split('\n');
    const heading = (l: string) => l.match(/^#+ (?:(\d+(?:\.\d+)*)\.? )?(.*)$/);
    const at = lines.findIndex((l) => {
      const h = heading(l);
      // a heading's text up to ':' or ' (' names it (test/doc-citations.test.ts's rule)
      const t = h?.[2].replace(/`/g, '') ?? '';
      return h !== null && (named ? [t, t.split(': ')[0], t.split(' (')[0]].includes(named[1]) : h[1] === numbered![1]);
    });
    expect(at, `heading ${named?.[1] ?? numbered![1]}`).toBeGreaterThanOrEqual(0);
    const level = lines[at].match(/^#+/)![0].length;
    const end = lines.findIndex((l, i) => i > at && /^#+ /.test(l) && l.match(/^#+/)![0].length <= level);
    expect(lines.slice(at, end < 0 ? undefined : end).join('\n')).toContain(`${s.name}(`);
  });

  it('refuses each constraint\'s bad values and wrong kinds, naming the parameter', () => {
    for (const p of s.params) {
      for (const bad of [...p.is.bad, '1', {}, [1]]) {
        const o = { ...required(s), [p.name]: bad };
        const attempt = () => (s.rows?.param === p.name ? call(s, 3, required(s), [1, bad, 1]) : call(s, 3, o));
        if (p.perElement && Array.isArray(bad)) continue;  // an array where per-element values are allowed
        expect(attempt, `${p.name} = ${String(bad)}`).toThrow(new RegExp(`\\b${p.name}\\b`));
        try {
          attempt();
        } catch (e) {
          expect(e instanceof RangeError || e instanceof TypeError, `${p.name} = ${String(bad)}: ${e}`).toBe(true);
          expect(typeof bad === 'number' ? e instanceof RangeError : true, `${p.name} = ${String(bad)}: ${e}`).toBe(true);
        }
      }
      for (const good of p.is.good) {
        expect(p.is.check(good, p.name)).toBe(good);
        const o = { ...required(s), [p.name]: good };
        if (s.rows?.param === p.name) {
          expect(call(s, 2, required(s), [good, 1]).length).toBe(4);
          continue;
        }
        // with the others at their defaults, unless the cross-parameter check refuses the pair
        const values = Object.fromEntries(s.params.map((q) => [q.name, (o[q.name] ?? q.default) as number]));
        try {
          s.check?.(values);
        } catch {
          continue;
        }
        expect(call(s, 2, o).length, `${p.name} = ${good}`).toBe(2 * width(s));
      }
    }
  });

  it.skipIf(!s.structured)('refuses bad structured options and requires them, naming them', () => {
    for (const x of s.structured ?? []) {
      for (const bad of x.bad) {
        const attempt = () => call(s, 3, { ...required(s), [x.name]: bad });
        expect(attempt, `${x.name} = ${JSON.stringify(bad)}`).toThrow(new RegExp(`\\b${x.name}\\b`));
        try { attempt(); } catch (e) { expect(e instanceof RangeError || e instanceof TypeError).toBe(true); }
      }
      const o = required(s);
      delete o[x.name];
      expect(() => call(s, 3, o)).toThrow(new RegExp(x.name));
    }
  });

  it('requires the parameters without a default', () => {
    for (const p of s.params) {
      if (p.default !== undefined || p.name === s.rows?.param) continue;
      const o = required(s);
      delete o[p.name];
      expect(() => call(s, 3, o)).toThrow(TypeError);
      expect(() => call(s, 3, o)).toThrow(new RegExp(p.name));
    }
  });

  it('refuses unknown option names, with the hints it declares', async () => {
    expect(() => call(s, 3, { ...required(s), nope: 1 })).toThrow(/unknown option 'nope'/);
    await expect(callAsync(s, 3, { ...required(s), nope: 1 })).rejects.toThrow(TypeError);
    for (const [alias, meant] of Object.entries(s.hints ?? {})) {
      const said = `unknown option '${alias}' (here: ${meant})`;
      expect(() => call(s, 3, { ...required(s), [alias]: 1 }), alias).toThrow(said);
    }
    if (!s.proposals) expect(() => call(s, 3, { ...required(s), proposals: 2 })).toThrow(/unknown option 'proposals'/);
  });

  it('element i depends on offset + i only: any cut of the range gives the same values', () => {
    const K = width(s);
    for (const d of dtypeOpts(s)) {
      const o = { ...required(s), ...d };
      const all = call(s, 50, o);
      for (const [off, n] of [[0, 1], [1, 2], [3, 5], [7, 43], [17, 33], [49, 1]]) {
        sameBits(call(s, n, { ...o, offset: off }), all.subarray(off * K, (off + n) * K), `${JSON.stringify(d)} offset ${off} n ${n}`);
      }
      const big = 2 ** 40 + 3;
      const far = call(s, 9, { ...o, offset: big });
      sameBits(call(s, 4, { ...o, offset: big + 5 }), far.subarray(5 * K), 'offsets above 2^32');
      const out = all.constructor === Uint32Array ? new Uint32Array(50 * K) : new (all.constructor as Float64ArrayConstructor)(50 * K);
      expect(call(s, 50, { ...o, out })).toBe(out);
      sameBits(out, all, '`out` is written in place');
    }
  });

  it.skipIf(!s.proposals)('`proposals` never changes a value', () => {
    for (const d of dtypeOpts(s)) {
      const want = call(s, 40, { ...required(s), ...d });
      for (const proposals of [1, 3, 32, 1024]) sameBits(call(s, 40, { ...required(s), ...d, proposals }), want, `proposals ${proposals}`);
    }
  });

  // each fast path an op has, injected (no global switch): WebAssembly alone, and the addon's host SIMD
  // kernels first (where this machine runs them: lib/native/cpu.ts)
  const fastPaths = ([['WebAssembly', { fast: true, native: false }, (x: OpSpec) => !!x.fast],
    ['host SIMD', { fast: true, native: true }, (x: OpSpec) => !!x.native && !!nativeCpuInfo().simd]] as const)
    .filter(([, , has]) => s.ops.some(has));
  for (const [pathName, path, has] of fastPaths) it(`the ${pathName} fast kernels equal the specification (path injected, no global switch)`, () => {
    for (const op of s.ops.filter(has)) {
      const values: Opts = { ...required(s), method: s.method?.default };
      for (const p of s.params) if (values[p.name] === undefined) values[p.name] = p.default;
      if (s.rows) values[s.rows.param] = Float64Array.from(ordinary(s, s.rows.param) as number[]);
      // structured options reach lower() checked, as the facade gives them (multivariateNormal's cov: its
      // Cholesky factor; the raw matrix would lower to NaN parameters, equal on every path)
      const K = s.rows ? (values[s.rows.param] as Float64Array).length : 0;
      for (const x of s.structured ?? []) values[x.name] = x.check(values[x.name], K);
      // the parameter sets derived from the constraints (lib/core/param-sets.ts): ordinary values, where
      // a last-bit difference between the C++ and TS formulas shows, extremes (overflow, underflow, the
      // vector code's rare lanes, where the scalar ports take over) and tight cross-parameter ones
      const diffs = fastMismatches(s, op, values, path, k, 4099 * width(s));
      expect(diffs, `${op.name}: ${pathName} ≠ specification`).toEqual([]);
      const low = s.lower(values, op.dtype);
      if (low.op !== op.name) continue;  // an op another method lowers to
      const Out = CTORS[op.dtype];
      const run = (n: number, lo: number, hi: number, fast: boolean) => {
        const out = new Out(n * width(s));
        runKernel(op.name, { k0: k[0], k1: k[1], lo, hi, params: low.params, perElement: {}, out }, fast ? path : { fast: false });
        return out;
      };
      // sizes across the module's chunks (float32 transforms: 2048 blocks = 8192 values per call)
      for (const n of [1, 3, 17, 64, 4099, 8195, 20001]) {
        for (const [lo, hi] of [[0, 0], [3, 0], [0xfffffffd, 1], [5, 0x40000000]]) {
          sameBits(run(n, lo, hi, true), run(n, lo, hi, false), `${op.name} n ${n} first ${hi}:${lo}`);
        }
      }
      sameBits(run(100, 0, 0, false), call(s, 100, { ...required(s), dtype: op.dtype, backend: 'cpu' }), `${op.name}: the public function`);
    }
  });

  const perElementParams = s.params.filter((q) => q.perElement && q.name !== s.rows?.param);
  it.skipIf(!perElementParams.length || !!s.rows)('per-element parameters: element i = the scalar call with values i at offset i (CPU, WebAssembly, stand-in; sync and async)', async () => {
    const rows = perElementRows(s, perElementParams);
    expect(rows.length, 'valid parameter rows').toBeGreaterThan(1);
    // all per-element parameters at once, and each alone (the others scalar)
    const sets = [perElementParams, ...(perElementParams.length > 1 ? perElementParams.map((q) => [q]) : [])];
    for (const d of dtypeOpts(s)) {
      for (const set of sets) {
        // one parameter alone varies with the others at row 0's values: only rows whose value of it is
        // valid there (triangular's mode must stay in row 0's [left, right])
        const alone = (r: Opts): Opts => ({ ...required(s), ...rows[0], ...Object.fromEntries(set.map((q) => [q.name, r[q.name]])) });
        const usable = set === perElementParams ? rows : rows.filter((r) => valid(s, alone(r)));
        for (const n of [7, 300]) {
          const offset = 2 ** 32 - 5;
          const opts = (i: number): Opts => ({ ...required(s), ...usable[i % usable.length], ...d });
          const arrays: Opts = { ...opts(0) };
          for (const q of set) arrays[q.name] = Float64Array.from({ length: n }, (_, i) => opts(i)[q.name] as number);
          // the scalar values of the parameters not in `set` are row 0's
          const scalar = (i: number): Opts => ({ ...opts(0), ...Object.fromEntries(set.map((q) => [q.name, opts(i)[q.name]])) });
          const Out = CTORS[(d.dtype as keyof typeof CTORS | undefined) ?? s.dtypes[0]];
          const want = new Out(n);
          for (let i = 0; i < n; i++) want[i] = call(s, 1, { ...scalar(i), offset: offset + i, backend: 'cpu' })[0];
          const what = `${JSON.stringify(d)} ${set.map((q) => q.name).join(',')} n ${n}`;
          sameBits(call(s, n, { ...arrays, offset, backend: 'cpu' }), want, `cpu ${what}`);
          const asArray: Opts = { ...arrays };
          for (const q of set) asArray[q.name] = Array.from(arrays[q.name] as Float64Array);
          sameBits(call(s, n, { ...asArray, offset, backend: 'cpu' }), want, `number[] ${what}`);
          const f32: Opts = { ...arrays };
          for (const q of set) f32[q.name] = Float32Array.from(arrays[q.name] as Float64Array);
          if (set.every((q) => (f32[q.name] as Float32Array).every((x, i) => x === (arrays[q.name] as Float64Array)[i]))) {
            sameBits(call(s, n, { ...f32, offset, backend: 'cpu' }), want, `Float32Array ${what}`);
          }
          sameBits(await callAsync(s, n, { ...arrays, offset, backend: 'cpu' }), want, `cpu async ${what}`);
          sameBits(call(s, n, { ...arrays, offset, backend: 'cuda' }), want, `stand-in ${what}`);
          sameBits(await callAsync(s, n, { ...arrays, offset, backend: 'cuda' }), want, `stand-in async ${what}`);
          // the kernels directly: the fast path (which may decline) and the specification
          const values: Opts = { ...arrays };
          for (const q of s.params) values[q.name] ??= q.default;
          const low = s.lower(values, (d.dtype as never) ?? s.dtypes[0]);
          const pe = low.perElement ?? Object.fromEntries(set.map((q) => [q.name, arrays[q.name] as Float64Array]));
          for (const fast of [true, false]) {
            const out = new Out(n);
            runKernel(low.op, { k0: k[0], k1: k[1], lo: offset, hi: 0, params: low.params, perElement: pe, out }, { fast });
            sameBits(out, want, `kernel fast ${fast} ${what}`);
          }
        }
      }
    }
  });

  it('the CUDA adapters (stand-in addon) give the CPU backend\'s bits, sync and async', async () => {
    for (const d of dtypeOpts(s)) {
      for (const offset of [0, 3, 2 ** 32 - 1, 2 ** 40 + 1]) {
        const o = { ...required(s), ...d, offset };
        const want = call(s, 21, { ...o, backend: 'cpu' });
        sameBits(call(s, 21, { ...o, backend: 'cuda' }), want, `${JSON.stringify(d)} offset ${offset}`);
        sameBits(await callAsync(s, 21, { ...o, backend: 'cuda' }), want, `async ${JSON.stringify(d)} offset ${offset}`);
      }
    }
  });
});

// ---- goodness of fit against exact CDFs --------------------------------------------------------------

/** Samplers with an exact CDF here: parameter sets and the CDF at x for those parameters. */
const CDFS: Record<string, { params: Opts[]; cdf: (x: number, p: Opts) => number }> = {
  uniform: { params: [{}, { low: -2, high: 5 }], cdf: (x, p) => uniformCdf(x, (p.low as number) ?? 0, (p.high as number) ?? 1) },
  normal: {
    params: [{}, { mean: 3, std: 0.25 }, { method: 'polar', mean: -1, std: 4 }],
    cdf: (x, p) => normalCdf(x, (p.mean as number) ?? 0, (p.std as number) ?? 1),
  },
  exponential: { params: [{}, { rate: 7 }], cdf: (x, p) => expCdf(x, (p.rate as number) ?? 1) },
  lognormal: {
    params: [{}, { mean: 1.5, std: 0.3 }, { mean: -2, std: 2 }],
    cdf: (x, p) => lognormalCdf(x, (p.mean as number) ?? 0, (p.std as number) ?? 1),
  },
  weibull: {
    params: [{ shape: 1 }, { shape: 0.5, scale: 2 }, { shape: 3, scale: 0.7 }],
    cdf: (x, p) => weibullCdf(x, p.shape as number, (p.scale as number) ?? 1),
  },
  cauchy: { params: [{}, { loc: 3, scale: 0.01 }, { loc: -1e6, scale: 1e5 }], cdf: (x, p) => cauchyCdf(x, num(p.loc, 0), num(p.scale, 1)) },
  laplace: { params: [{}, { loc: 2, scale: 0.5 }, { loc: -7, scale: 30 }], cdf: (x, p) => laplaceCdf(x, num(p.loc, 0), num(p.scale, 1)) },
  logistic: { params: [{}, { loc: 2, scale: 0.5 }, { loc: -7, scale: 30 }], cdf: (x, p) => logisticCdf(x, num(p.loc, 0), num(p.scale, 1)) },
  gumbel: { params: [{}, { loc: 2, scale: 0.5 }, { loc: -7, scale: 30 }], cdf: (x, p) => gumbelCdf(x, num(p.loc, 0), num(p.scale, 1)) },
  pareto: { params: [{ alpha: 1 }, { alpha: 0.3, scale: 2 }, { alpha: 5, scale: 1e-3 }], cdf: (x, p) => paretoCdf(x, p.alpha as number, num(p.scale, 1)) },
  rayleigh: { params: [{}, { scale: 0.1 }, { scale: 40 }], cdf: (x, p) => rayleighCdf(x, num(p.scale, 1)) },
  // power(a): P(X ≤ x) = x^a on [0, 1]
  power: { params: [{ a: 1 }, { a: 0.3 }, { a: 5 }, { a: 0.05 }], cdf: (x, p) => (x <= 0 ? 0 : x >= 1 ? 1 : x ** (p.a as number)) },
  studentT: { params: [{ df: 1 }, { df: 0.2 }, { df: 3.5 }, { df: 40 }], cdf: (x, p) => tCdf(x, p.df as number) },
  f: { params: [{ dfn: 1, dfd: 1 }, { dfn: 5, dfd: 2 }, { dfn: 0.5, dfd: 30 }, { dfn: 100, dfd: 7 }], cdf: (x, p) => fCdf(x, p.dfn as number, p.dfd as number) },
  vonMises: {
    params: [{ kappa: 0 }, { kappa: 1e-6, mu: 2 }, { kappa: 0.5, mu: 1 }, { kappa: 4, mu: -3 }, { kappa: 60, mu: 3.1 },
      { kappa: 3, mu: 100 }, { kappa: 2e6, mu: 0.5 }],
    cdf: (x, p) => vonMisesCdf(x, num(p.mu, 0), p.kappa as number),
  },
  triangular: {
    params: [{ left: 0, mode: 0.25, right: 1 }, { left: -3, mode: -3, right: 2 }, { left: 1e-3, mode: 5, right: 5 }, { left: -1e30, mode: 0, right: 1e30 }],
    cdf: (x, p) => triangularCdf(x, p.left as number, p.mode as number, p.right as number),
  },
  wald: {
    params: [{ mean: 1, scale: 1 }, { mean: 0.5, scale: 20 }, { mean: 1e3, scale: 1e-2 }],
    cdf: (x, p) => waldCdf(x, p.mean as number, p.scale as number),
  },
  truncatedNormal: {
    params: [{}, { low: -1, high: 2 }, { low: 8 }, { high: -9, mean: 1, std: 0.5 }, { low: 30, high: 30.5 }, { low: 1, high: 1.001 },
      { low: -3, mean: 5, std: 2 }, { low: -Infinity, high: 0.2, mean: -10, std: 3 }],
    cdf: (x, p) => truncatedNormalCdf(x, num(p.low, -Infinity), num(p.high, Infinity), num(p.mean, 0), num(p.std, 1)),
  },
};

function triangularCdf(x: number, a: number, c: number, b: number): number {
  if (x <= a) return 0;
  if (x >= b) return 1;
  // in units of the width, so that nothing overflows for wide intervals
  const t = (x - a) / (b - a), m = (c - a) / (b - a);
  return t <= m ? (t * t) / m : 1 - ((1 - t) * (1 - t)) / (1 - m);
}

/** The inverse Gaussian CDF Φ(√(λ/x)(x/μ − 1)) + e^(2λ/μ)·Φ(−√(λ/x)(x/μ + 1)), the second term in logs
 *  (e^(2λ/μ) overflows for λ/μ > 354 while the product stays small). */
function waldCdf(x: number, mu: number, lambda: number): number {
  if (!(x > 0)) return 0;
  const r = Math.sqrt(lambda / x);
  const tail = Math.exp(2 * lambda / mu + Math.log(normalCdf(-r * (x / mu + 1), 0, 1)));
  return normalCdf(r * (x / mu - 1), 0, 1) + (Number.isFinite(tail) ? tail : 0);
}

/** The von Mises CDF on [−π, π): the density exp(κ(cos(t − μ) − 1)) integrated numerically (Simpson
 *  on each cell of a fine grid, normalised by the total), linear between grid points; κ > 1e5 by its
 *  normal limit (the sampler's too, above 1e6). */
const vmTables = new Map<string, Float64Array>();
const VM_N = 1 << 16;
function vonMisesCdf(x: number, mu: number, kappa: number): number {
  if (kappa > 1e5) return normalCdf(x, mu, 1 / Math.sqrt(kappa));  // μ far from ±π: no wrapping mass
  const id = `${mu} ${kappa}`;
  let c = vmTables.get(id);
  if (!c) {
    c = new Float64Array(VM_N + 1);
    const h = (2 * Math.PI) / VM_N;
    const f = (t: number) => Math.exp(kappa * (Math.cos(t - mu) - 1));
    for (let i = 0; i < VM_N; i++) {
      const a = -Math.PI + i * h;
      c[i + 1] = c[i] + (h / 6) * (f(a) + 4 * f(a + h / 2) + f(a + h));
    }
    const total = c[VM_N];
    for (let i = 0; i <= VM_N; i++) c[i] /= total;
    vmTables.set(id, c);
  }
  const pos = ((x + Math.PI) / (2 * Math.PI)) * VM_N;
  if (pos <= 0) return 0;
  if (pos >= VM_N) return 1;
  const i = Math.floor(pos);
  return c[i] + (pos - i) * (c[i + 1] - c[i]);
}

function num(v: unknown, dflt: number): number {
  return v === undefined ? dflt : (v as number);
}

/** The truncated normal's CDF from stdlib's erfc, in the upper tail when the interval lies right of
 *  the mean (so that bounds far out keep their precision). */
function truncatedNormalCdf(x: number, low: number, high: number, mean: number, std: number): number {
  const z = (t: number) => (t - mean) / std;
  if (x <= low) return 0;
  if (x >= high) return 1;
  if (z(low) + z(high) > 0) {
    const q = (t: number) => stdlibErfc(t * Math.SQRT1_2) / 2;  // upper tail Q
    return (q(z(low)) - q(z(x))) / (q(z(low)) - q(z(high)));
  }
  const f = (t: number) => stdlibErfc(-t * Math.SQRT1_2) / 2;
  return (f(z(x)) - f(z(low))) / (f(z(high)) - f(z(low)));
}

describe('goodness of fit (KS against the exact CDF)', () => {
  it('the transform and element samplers have a CDF here (the integer-valued ones: a χ² test in test/whole-counts.test.ts)', () => {
    for (const t of [...TRANSFORMS, ...ELEMENTS.filter((e) => !e.integer)]) expect(CDFS[t.name], t.name).toBeDefined();
  });
  for (const [name, { params, cdf }] of Object.entries(CDFS)) {
    const s = SAMPLERS.find((x) => x.name === name)!;
    it(`${name}: every parameter set, float64 and float32`, () => {
      for (const p of params) {
        for (const d of dtypeOpts(s)) {
          const xs = call(s, 10000, { ...p, ...d, offset: 12345 });
          expect(ksP(xs, (x) => cdf(x, p)), `${name} ${JSON.stringify({ ...p, ...d })}`).toBeGreaterThan(KS_P_MIN);
        }
      }
    });
  }

  it('the KS check can fail: lognormal values against the wrong parameters', () => {
    const xs = call(SAMPLERS.find((x) => x.name === 'lognormal')!, 10000, { mean: 0, std: 1 });
    expect(ksP(xs, (x) => lognormalCdf(x, 0, 1.1))).toBeLessThan(KS_P_MIN);
    const ws = call(SAMPLERS.find((x) => x.name === 'weibull')!, 10000, { shape: 2 });
    expect(ksP(ws, (x) => weibullCdf(x, 2.2, 1))).toBeLessThan(KS_P_MIN);
  });
});

describe('documented identities (docs/streams.md, "Transforms of one uniform or one normal")', () => {
  it('lognormal float64 element j = exp(normal(key, n, { mean, std })[j]), bit for bit', () => {
    for (const [mean, std] of [[0, 1], [-3, 0.25], [2, 7]]) {
      const z = api.normal(k, 5000, { mean, std, offset: 99 });
      const want = Float64Array.from(z, (x) => coreExp(x));
      expectSameBits(api.lognormal(k, 5000, { mean, std, offset: 99 }), want, `(${mean}, ${std})`);
    }
  });
});

describe('test/vectors/transforms.json (cuda/test/test_transforms.cpp compares cr_transforms.h to it)', () => {
  it('is what the TypeScript backend computes now (scripts/gen-transform-vectors.mjs --check)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const out = execFileSync(process.execPath, ['scripts/gen-transform-vectors.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/is current/);
  });

  it('the TS specification kernels give its values (in process: test/drift.test.ts plants a drift here)', () => {
    expect(vectorMismatches()).toEqual([]);
  });
});
