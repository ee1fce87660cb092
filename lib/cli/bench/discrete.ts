/**
 * The discrete samplers (integers, bernoulli, geometric): single thread (sync), the worker pool (async),
 * the CUDA backend when present, next to numpy's Generator (PCG64) single-threaded, measured in the
 * same run by `python3` when it has numpy (otherwise the peer columns are skipped with a note), and the
 * @stdlib JS samplers (one call per value into a Float64Array).
 */
import { bernoulli, bernoulliAsync, geometric, geometricAsync, integers, integersAsync, key } from '../../index.js';
import { peer, rate, type Cell, type Context, type Suite } from './harness.js';
import { numpyRates } from './python.js';

type Opts = Record<string, unknown>;

/** The @stdlib sampler of each case: [package, its arguments] (discrete-uniform's upper end is
 *  included; @stdlib's geometric counts failures, numpy's and ours trials: the same work). */
type StdCase = [string, number[]];

/** [label, sampler, options, numpy expression drawing n values from rng, @stdlib sampler] */
const CASES: [string, string, Opts, string, StdCase][] = [
  ['integers [0, 10^6) int32', 'integers', { high: 1e6, dtype: 'int32' }, 'rng.integers(0, 10**6, size=n)', ['@stdlib/random-base-discrete-uniform', [0, 1e6 - 1]]],
  ['integers [0, 10^6) int32 (numpy int32)', 'integers', { high: 1e6, dtype: 'int32' }, 'rng.integers(0, 10**6, size=n, dtype=np.int32)', ['@stdlib/random-base-discrete-uniform', [0, 1e6 - 1]]],
  ['integers [0, 2^31+1) uint32', 'integers', { high: 2 ** 31 + 1, dtype: 'uint32' }, 'rng.integers(0, 2**31 + 1, size=n)', ['@stdlib/random-base-discrete-uniform', [0, 2 ** 31]]],
  ['integers [0, 2^40) float64', 'integers', { high: 2 ** 40, dtype: 'float64' }, 'rng.integers(0, 2**40, size=n)', ['@stdlib/random-base-discrete-uniform', [0, 2 ** 40 - 1]]],
  ['bernoulli(0.3) uint8', 'bernoulli', { p: 0.3 }, 'rng.random(n) < 0.3', ['@stdlib/random-base-bernoulli', [0.3]]],
  ['geometric(0.3) int32', 'geometric', { p: 0.3 }, 'rng.geometric(0.3, size=n)', ['@stdlib/random-base-geometric', [0.3]]],
];

export const discrete: Suite = {
  name: 'discrete',
  summary: 'integers, bernoulli, geometric: sync, worker pool, CUDA, vs numpy\'s Generator (single thread)',
  async run(ctx: Context) {
    const n = ctx.quick ? 30_000 : 4_000_000;
    const asyncN = ctx.quick ? 150_000 : 16_000_000;
    const reps = ctx.quick ? 1 : 5;
    const k = key(12345);
    const fns: Record<string, [(m: number, o: Opts) => unknown, (m: number, o: Opts) => Promise<unknown>]> = {
      integers: [(m, o) => integers(k, m, o as never), (m, o) => integersAsync(k, m, o as never)],
      bernoulli: [(m, o) => bernoulli(k, m, o as never), (m, o) => bernoulliAsync(k, m, o as never)],
      geometric: [(m, o) => geometric(k, m, o as never), (m, o) => geometricAsync(k, m, o as never)],
    };
    const outs = new Map<string, ArrayBufferView>();
    /** One reused output per dtype and size (first writes to fresh memory page-fault). */
    const out = (dtype: string, m: number): ArrayBufferView => {
      const id = `${dtype}:${m}`;
      let o = outs.get(id);
      if (!o) {
        const C = { int32: Int32Array, uint32: Uint32Array, float64: Float64Array, uint8: Uint8Array }[dtype]!;
        o = new C(m);
        outs.set(id, o);
      }
      return o;
    };
    ctx.progress.start('discrete', CASES.length * (ctx.cuda ? 5 : 4));
    let numpy = true;
    const rows: Cell[][] = [];
    const f64 = new Float64Array(n);
    for (const [i, [label, name, opts, expr, [stdName, stdArgs]]] of CASES.entries()) {
      let p = NaN;
      if (numpy) {
        // one python3 process per case, right before cuda-random's rows of it, so that both see the same
        // machine load (the development VMs are shared)
        const [np] = numpyRates(ctx, [expr], n, reps);
        if (np === undefined) numpy = false;
        else p = np;
      }
      ctx.progress.tick(`numpy ${label}`);
      const dtype = (opts.dtype as string | undefined) ?? (name === 'bernoulli' ? 'uint8' : 'int32');
      const [sync, asyncF] = fns[name];
      const s = await rate(ctx, `${label} sync`, n, () => sync(n, { ...opts, backend: 'cpu', out: out(dtype, n) }), reps);
      const a = await rate(ctx, `${label} async`, asyncN, () => asyncF(asyncN, { ...opts, backend: 'cpu', out: out(dtype, asyncN) }), reps);
      const row: Cell[] = [label, s, a];
      if (ctx.cuda) row.push(await rate(ctx, `${label} cuda`, asyncN, () => sync(asyncN, { ...opts, backend: 'cuda', out: out(dtype, asyncN) }), reps));
      const std = await peer<(...a: number[]) => number>(ctx, stdName);
      const st = std ? await rate(ctx, `@stdlib ${label}`, n, () => { for (let j = 0; j < n; j++) f64[j] = std(...stdArgs); }, reps) : NaN;
      const ratio = (x: number) => (Number.isNaN(p) ? '–' : `${(x / p).toFixed(2)}×`);
      row.push(CASES[i][3], p, st, ratio(s), ratio(a));
      rows.push(row);
    }
    const headers = ['sampler', 'sync', 'async (pool)', ...(ctx.cuda ? [`cuda (n = ${asyncN})`] : []), 'numpy', 'numpy', '@stdlib', 'sync / numpy', 'async / numpy'];
    return {
      title: `Discrete samplers, sync n = ${n}, async n = ${asyncN}, best of ${reps} (M samples/s)`,
      tables: [{ headers, rows }],
      notes: 'numpy: Generator (PCG64) in one python3 process of the same run, single-threaded, int64 output ' +
        'unless stated; "async / numpy" compares the worker pool with one numpy thread. @stdlib: one call per value into a Float64Array.',
    };
  },
};
