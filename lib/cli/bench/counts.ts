/**
 * The count samplers (Poisson, binomial, negative binomial, multinomial) next to numpy's Generator and
 * the @stdlib JS samplers, in one run: single thread (sync) at n, the worker pool (async) at asyncN,
 * the CUDA backend when present. numpy runs in a python3 child process (Debian's python3-numpy;
 * single-threaded, as numpy's samplers are), timed the same way: best of `reps` after a warm-up.
 */
import { key, poisson, poissonAsync, binomial, binomialAsync, negativeBinomial, negativeBinomialAsync, multinomial, multinomialAsync } from '../../index.js';
import { peer, rate, type Cell, type Context, type Suite } from './harness.js';
import { numpyRates } from './python.js';

type Opts = Record<string, unknown>;
type Sampler = (m: number, o: Opts) => unknown;

/** The per-element parameters of the per-element rows, built in Python before timing (the same values
 *  as run()'s ps and lams). */
const NUMPY_SETUP = `
i = np.arange(n)
ps = 0.05 + 0.1 * ((i * 7919) % 100) / 100
lams = 0.5 + 9 * ((i * 7919) % 100) / 100`;

export const counts: Suite = {
  name: 'counts',
  summary: 'poisson, binomial, negative binomial, multinomial: sync, worker pool, CUDA, vs numpy and @stdlib',
  async run(ctx: Context) {
    const n = ctx.quick ? 30_000 : 2_100_000;
    const asyncN = ctx.quick ? 150_000 : 9_999_999;
    const reps = ctx.quick ? 1 : 5;
    const k = key(12345);
    const i32 = new Int32Array(Math.max(n, asyncN));
    const f64 = new Float64Array(n);
    const out = (m: number, backend = 'cpu'): Opts => ({ backend, out: i32.subarray(0, m) });
    const fill = (gen: () => number) => (m: number) => { for (let i = 0; i < m; i++) f64[i] = gen(); };
    const std = {
      poisson: await peer(ctx, '@stdlib/random-base-poisson'),
      binomial: await peer(ctx, '@stdlib/random-base-binomial'),
      negativeBinomial: await peer(ctx, '@stdlib/random-base-negative-binomial'),
    };
    const P = [0.2, 0.3, 0.5];
    // per-element parameters, the same values as NUMPY_SETUP's ps and lams
    const most = Math.max(n, asyncN);
    const ps = Float64Array.from({ length: most }, (_, i) => 0.05 + 0.1 * ((i * 7919) % 100) / 100);
    const lams = Float64Array.from({ length: most }, (_, i) => 0.5 + 9 * ((i * 7919) % 100) / 100);
    // label, sync/cuda sampler, async sampler, numpy expression over n values, @stdlib fill
    const specs: [string, Sampler, Sampler, string, ((m: number) => void)?][] = [
      ['poisson(5)', (m, o) => poisson(k, m, { ...o, lam: 5 }), (m, o) => poissonAsync(k, m, { ...o, lam: 5 }), 'g.poisson(5, n)', std.poisson && fill(() => std.poisson(5))],
      ['poisson(100)', (m, o) => poisson(k, m, { ...o, lam: 100 }), (m, o) => poissonAsync(k, m, { ...o, lam: 100 }), 'g.poisson(100, n)', std.poisson && fill(() => std.poisson(100))],
      ['binomial(100, 0.3)', (m, o) => binomial(k, m, { ...o, count: 100, p: 0.3 }), (m, o) => binomialAsync(k, m, { ...o, count: 100, p: 0.3 }), 'g.binomial(100, 0.3, n)', std.binomial && fill(() => std.binomial(100, 0.3))],
      ['binomial(20, 0.1)', (m, o) => binomial(k, m, { ...o, count: 20, p: 0.1 }), (m, o) => binomialAsync(k, m, { ...o, count: 20, p: 0.1 }), 'g.binomial(20, 0.1, n)', std.binomial && fill(() => std.binomial(20, 0.1))],
      ['poisson(λ per element, 0.5–9.5)', (m, o) => poisson(k, m, { ...o, lam: lams.subarray(0, m) }), (m, o) => poissonAsync(k, m, { ...o, lam: lams.subarray(0, m) }), 'g.poisson(lams)'],
      ['binomial(20, p per element, 0.05–0.15)', (m, o) => binomial(k, m, { ...o, count: 20, p: ps.subarray(0, m) }), (m, o) => binomialAsync(k, m, { ...o, count: 20, p: ps.subarray(0, m) }), 'g.binomial(20, ps)'],
      ['negativeBinomial(3, 0.4)', (m, o) => negativeBinomial(k, m, { ...o, r: 3, p: 0.4 }), (m, o) => negativeBinomialAsync(k, m, { ...o, r: 3, p: 0.4 }), 'g.negative_binomial(3, 0.4, n)', std.negativeBinomial && fill(() => std.negativeBinomial(3, 0.4))],
      ['multinomial(100, [.2, .3, .5]) (values)', (m, o) => multinomial(k, m / 3, { ...o, count: 100, probs: P }), (m, o) => multinomialAsync(k, m / 3, { ...o, count: 100, probs: P }), 'g.multinomial(100, [0.2, 0.3, 0.5], n // 3)'],
    ];
    ctx.progress.start('counts', specs.length * (ctx.cuda ? 3 : 2) + specs.filter((s) => s[4]).length);
    const rows: Cell[][] = [];
    for (const [label, sync, asyncF, expr, stdF] of specs) {
      // numpy right before ours, case by case, so that a change in the machine's load hits both alike
      const [p] = numpyRates(ctx, [expr], n, reps, NUMPY_SETUP);
      const s = await rate(ctx, `${label} sync`, n, () => sync(n, out(n)), reps);
      const a = await rate(ctx, `${label} async`, asyncN, () => asyncF(asyncN, out(asyncN)), reps);
      const c = ctx.cuda ? await rate(ctx, `${label} cuda`, asyncN, () => sync(asyncN, out(asyncN, 'cuda')), reps) : NaN;
      const st = stdF ? await rate(ctx, `@stdlib ${label}`, n, () => stdF(n), reps) : NaN;
      const ratio = (x: number) => (p !== undefined && !Number.isNaN(x) ? `${(x / p).toFixed(2)}×` : '–');
      rows.push([label, s, a, ...(ctx.cuda ? [c] : []), p ?? NaN, st, ratio(s), ratio(a)]);
    }
    const headers = ['sampler (int32)', 'sync', 'async (pool)', ...(ctx.cuda ? [`cuda (n = ${asyncN})`] : []), 'numpy', '@stdlib', 'sync / numpy', 'async / numpy'];
    return {
      title: `Counts, sync n = ${n}, async n = ${asyncN}, best of ${reps} (M values/s)`,
      tables: [{ headers, rows }],
      notes: 'numpy: Generator (PCG64) in a python3 child, single-threaded, int64 output; @stdlib fills a Float64Array one call at a time. ' +
        '"async / numpy" compares the worker pool with one numpy thread. Multinomial counts values (rows × 3).',
    };
  },
};
