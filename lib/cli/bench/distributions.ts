/**
 * Distribution samplers next to the @stdlib JS samplers, in one run: single thread (sync) at n, the
 * worker pool (async) at asyncN, the CUDA backend when present, and the cost of gamma's `proposals`
 * M (same output for every M). The @stdlib generators fill a Float64Array in a loop, their natural use.
 */
import {
  key, normal, normalAsync, gamma, gammaAsync, beta, betaAsync, dirichlet, dirichletAsync, exponential,
  exponentialAsync,
} from '../../index.js';
import * as lib from '../../index.js';
import { ELEMENTS, TRANSFORMS } from '../../samplers/registry.js';
import { exampleValues } from '../../samplers/examples.js';
import { peer, rate, type Cell, type Context, type Suite } from './harness.js';

type Opts = Record<string, unknown>;
type Sampler = (m: number, o: Opts) => unknown;

export const distributions: Suite = {
  name: 'distributions',
  summary: 'normal, gamma, beta, dirichlet, exponential, transforms, element samplers, t, F: sync, pool, CUDA',
  async run(ctx: Context) {
    // n and asyncN are multiples of 3 so that Dirichlet rows of 3 fill the same outputs.
    const n = ctx.quick ? 30_000 : 2_100_000;
    const asyncN = ctx.quick ? 150_000 : 9_999_999;
    const reps = ctx.quick ? 1 : 5;
    const k = key(12345);
    const f64 = new Float64Array(Math.max(n, asyncN));
    const f32 = new Float32Array(Math.max(n, asyncN));
    const fill = (gen: () => number) => (m: number) => { for (let i = 0; i < m; i++) f64[i] = gen(); };
    const o64 = (m: number, backend = 'cpu'): Opts => ({ backend, out: f64.subarray(0, m) });
    const o32 = (m: number, backend = 'cpu'): Opts => ({ backend, dtype: 'float32', out: f32.subarray(0, m) });
    const std = {
      normal: await peer(ctx, '@stdlib/random-base-normal'),
      boxMuller: await peer(ctx, '@stdlib/random-base-box-muller'),
      gamma: await peer(ctx, '@stdlib/random-base-gamma'),
      beta: await peer(ctx, '@stdlib/random-base-beta'),
      exponential: await peer(ctx, '@stdlib/random-base-exponential'),
      lognormal: await peer(ctx, '@stdlib/random-base-lognormal'),
      weibull: await peer(ctx, '@stdlib/random-base-weibull'),
    };
    /** The @stdlib sampler of a transform at our parameters, where there is one. */
    const peerOf: Record<string, ((p: Record<string, number>) => () => number) | undefined> = {
      lognormal: std.lognormal && ((p) => () => std.lognormal(p.mean, p.std)),
      weibull: std.weibull && ((p) => () => std.weibull(p.shape, p.scale)),
    };
    const DIR = [1, 2, 3];
    // label, sync/cuda sampler, async sampler, out options, peer label, peer fill
    const specs: [string, Sampler, Sampler, (m: number, b?: string) => Opts, string?, ((m: number) => void)?][] = [
      ['normal box-muller float64', (m, o) => normal(k, m, o), (m, o) => normalAsync(k, m, o), o64, '@stdlib normal', std.normal && fill(() => std.normal(0, 1))],
      ['normal box-muller float32', (m, o) => normal(k, m, o), (m, o) => normalAsync(k, m, o), o32, '@stdlib normal'],
      ['normal polar float64', (m, o) => normal(k, m, { ...o, method: 'polar' }), (m, o) => normalAsync(k, m, { ...o, method: 'polar' }), o64, '@stdlib box-muller', std.boxMuller && fill(() => std.boxMuller())],
      ['normal polar float32', (m, o) => normal(k, m, { ...o, method: 'polar' }), (m, o) => normalAsync(k, m, { ...o, method: 'polar' }), o32, '@stdlib box-muller'],
      ['gamma α=2 float64', (m, o) => gamma(k, m, { ...o, alpha: 2 }), (m, o) => gammaAsync(k, m, { ...o, alpha: 2 }), o64, '@stdlib gamma(2)', std.gamma && fill(() => std.gamma(2, 1))],
      ['gamma α=2 float32', (m, o) => gamma(k, m, { ...o, alpha: 2 }), (m, o) => gammaAsync(k, m, { ...o, alpha: 2 }), o32, '@stdlib gamma(2)'],
      ['gamma α=0.3 float64', (m, o) => gamma(k, m, { ...o, alpha: 0.3 }), (m, o) => gammaAsync(k, m, { ...o, alpha: 0.3 }), o64, '@stdlib gamma(0.3)', std.gamma && fill(() => std.gamma(0.3, 1))],
      ['gamma α=0.3 float32', (m, o) => gamma(k, m, { ...o, alpha: 0.3 }), (m, o) => gammaAsync(k, m, { ...o, alpha: 0.3 }), o32, '@stdlib gamma(0.3)'],
      ['beta(2, 3) float64', (m, o) => beta(k, m, { ...o, a: 2, b: 3 }), (m, o) => betaAsync(k, m, { ...o, a: 2, b: 3 }), o64, '@stdlib beta(2, 3)', std.beta && fill(() => std.beta(2, 3))],
      ['dirichlet [1,2,3] float64 (values)', (m, o) => dirichlet(k, DIR, m / 3, o), (m, o) => dirichletAsync(k, DIR, m / 3, o), o64],
      ['exponential float64', (m, o) => exponential(k, m, o), (m, o) => exponentialAsync(k, m, o), o64, '@stdlib exponential', std.exponential && fill(() => std.exponential(1))],
    ];
    // every transform of the registry (lib/samplers TRANSFORMS), at its defaults or ordinary values
    const api = lib as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const t of TRANSFORMS) {
      const p = Object.fromEntries(t.params.map((q) => [q.name, q.default ?? q.is.good.find((x) => x >= 0.25 && x <= 4) ?? 1]));
      const label = `${t.name}(${Object.values(p).join(', ')})`;
      const gen = peerOf[t.name]?.(p);
      const peerLabel = gen ? `@stdlib ${label}` : undefined;
      specs.push([`${label} float64`, (m, o) => api[t.name](k, m, { ...o, ...p }), (m, o) => api[`${t.name}Async`](k, m, { ...o, ...p }), o64, peerLabel, gen && fill(gen)]);
      specs.push([`${label} float32`, (m, o) => api[t.name](k, m, { ...o, ...p }), (m, o) => api[`${t.name}Async`](k, m, { ...o, ...p }), o32, peerLabel]);
    }
    // the element samplers (von Mises, Wald, …) and the ratios of gamma elements, without a JS peer
    // (scripts/bench-numpy.mjs sets them against numpy)
    const rowsOf = [...ELEMENTS.map((d): [string, Record<string, number>, boolean] => [d.name, exampleValues(d, true), !d.integer]),
      ['studentT', { df: 5 }, true], ['f', { dfn: 5, dfd: 7 }, true]] as [string, Record<string, number>, boolean][];
    for (const [name, p, f32] of rowsOf) {
      const label = `${name}(${Object.values(p).join(', ')})`;
      const sync: Sampler = (m, o) => api[name](k, m, { ...o, ...p });
      const pool: Sampler = (m, o) => api[`${name}Async`](k, m, { ...o, ...p });
      specs.push([`${label} float64`, sync, pool, o64]);
      if (f32) specs.push([`${label} float32`, sync, pool, o32]);  // the integer-valued ones are float64 alone
    }
    const peerCount = new Set(specs.filter((s) => s[5]).map((s) => s[4])).size;
    const Ms = [1, 2, 4, 8];
    ctx.progress.start('distributions', peerCount + specs.length * (ctx.cuda ? 3 : 2) + Ms.length * 3);
    const peers = new Map<string, number>();
    const rows: Cell[][] = [];
    for (const [label, sync, asyncF, out, peerLabel, peerF] of specs) {
      if (peerLabel && peerF && !peers.has(peerLabel)) peers.set(peerLabel, await rate(ctx, peerLabel, n, () => peerF(n), reps));
      const s = await rate(ctx, `${label} sync`, n, () => sync(n, out(n)), reps);
      const a = await rate(ctx, `${label} async`, asyncN, () => asyncF(asyncN, out(asyncN)), reps);
      const c = ctx.cuda ? await rate(ctx, `${label} cuda`, asyncN, () => sync(asyncN, out(asyncN, 'cuda')), reps) : NaN;
      const p = peerLabel ? peers.get(peerLabel) : undefined;
      const ratio = (x: number) => (p && !Number.isNaN(x) ? `${(x / p).toFixed(2)}×` : '–');
      const row: Cell[] = [label, s, a];
      if (ctx.cuda) row.push(c);
      row.push(peerLabel && p !== undefined ? peerLabel : '–', p ?? NaN, ratio(s), ratio(a));
      rows.push(row);
    }
    const mRows: Cell[][] = [];
    for (const M of Ms) {
      const h = n / 2;
      mRows.push([String(M),
        await rate(ctx, `gamma M=${M} α=2 f64`, h, () => gamma(k, h, { ...o64(h), alpha: 2, proposals: M }), reps),
        await rate(ctx, `gamma M=${M} α=2 f32`, h, () => gamma(k, h, { ...o32(h), alpha: 2, proposals: M }), reps),
        await rate(ctx, `gamma M=${M} α=0.3 f64`, h, () => gamma(k, h, { ...o64(h), alpha: 0.3, proposals: M }), reps)]);
    }
    const headers = ['sampler', 'sync', 'async (pool)', ...(ctx.cuda ? [`cuda (n = ${asyncN})`] : []), 'peer', 'peer', 'sync / peer', 'async / peer'];
    return {
      title: `Distributions, sync n = ${n}, async n = ${asyncN}, best of ${reps} (M samples/s)`,
      tables: [
        { headers, rows },
        { headers: ['gamma proposals M', 'α=2 float64', 'α=2 float32', 'α=0.3 float64'], rows: mRows },
      ],
      notes: 'Peers are single-threaded; "async / peer" compares the worker pool with one peer thread. ' +
        'Dirichlet counts values (rows × 3). Every M gives the same output; it only changes the cost (CPU backend).',
    };
  },
};
