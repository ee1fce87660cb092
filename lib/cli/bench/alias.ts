/**
 * Alias tables in one run: build time for N = 1e4, 1e6, 1e7 (PSA, PSA+, and a plain float Vose build),
 * and sampling throughput for 1e6 / 1e7 draws from N = 1e4 and 1e6 items: AliasTable.sample (one
 * thread, prebuilt table), sampleAsync (worker pool), CUDA when present, categorical 'alias' and 'cdf'
 * (one-shot, build included), @stdlib/random-sample with `probs` (which rebuilds a Vose table on every
 * call), and a plain float Vose table with Math.random.
 */
import { AliasTable, categorical, key } from '../../index.js';
import { bestMs, peer, type Cell, type Context, type Suite } from './harness.js';

/** Shuffled power law (exponent 1), from a small LCG (the benchmark does not depend on it). */
function weights(n: number, seed = 1): Float64Array {
  let s = seed >>> 0;
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 1 / (i + 1);
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = Math.floor((s / 2 ** 32) * (i + 1));
    const t = w[i];
    w[i] = w[j];
    w[j] = t;
  }
  return w;
}

interface Vose { prob: Float64Array; alias: Uint32Array; n: number }

/** A plain Vose alias table in binary64 (the textbook method, for comparison). */
function voseBuild(w: Float64Array): Vose {
  const n = w.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += w[i];
  const prob = new Float64Array(n);
  const alias = new Uint32Array(n);
  const small = new Uint32Array(n);
  const large = new Uint32Array(n);
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < n; i++) {
    prob[i] = (w[i] * n) / sum;
    if (prob[i] < 1) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns];
    const l = large[--nl];
    alias[s] = l;
    prob[l] = prob[l] + prob[s] - 1;
    if (prob[l] < 1) small[ns++] = l;
    else large[nl++] = l;
  }
  while (nl > 0) prob[large[--nl]] = 1;
  while (ns > 0) prob[small[--ns]] = 1; // float leftovers (the exact method has none)
  return { prob, alias, n };
}

function voseSample(t: Vose, count: number, out: Uint32Array): Uint32Array {
  const { prob, alias, n } = t;
  for (let i = 0; i < count; i++) {
    const u = Math.random() * n;
    const r = Math.floor(u);
    out[i] = u - r < prob[r] ? r : alias[r];
  }
  return out;
}

export const alias: Suite = {
  name: 'alias',
  summary: 'alias table build and sampling vs @stdlib/random-sample and a float Vose table',
  async run(ctx: Context) {
    const reps = ctx.quick ? 1 : 3;
    const cpu = { backend: 'cpu' as const };
    const stdlibSample = await peer(ctx, '@stdlib/random-sample');
    const buildNs = ctx.quick ? [1e4, 1e6] : [1e4, 1e6, 1e7];
    const sampleNs = [1e4, 1e6];
    const draws = ctx.quick ? [1e6] : [1e6, 1e7];
    const perCase = 5 + (ctx.cuda ? 1 : 0);
    const stdCases = stdlibSample ? draws.length : 0;   // @stdlib only at N = 1e4
    ctx.progress.start('alias', buildNs.length * 3 + sampleNs.length * draws.length * perCase + stdCases);
    const time = async (what: string, f: () => unknown): Promise<number> => {
      try {
        return await bestMs(ctx, what, f, reps);
      } catch (e) {
        ctx.notes.push(`${what}: not measured (${(e as Error).message})`);
        return NaN;
      }
    };
    const mps = (n: number, t: number) => (n / t) * 1e3 / 1e6;

    const builds: Cell[][] = [];
    for (const N of buildNs) {
      const w = weights(N);
      const psa = await time(`build PSA N=${N}`, () => AliasTable.build(w, cpu));
      const plus = await time(`build PSA+ N=${N}`, () => AliasTable.build(w, { ...cpu, method: 'psa+' }));
      const vose = await time(`build Vose N=${N}`, () => voseBuild(w));
      builds.push([N.toExponential(0), psa, plus, vose]);
    }

    const samples: Cell[][] = [];
    for (const N of sampleNs) {
      const w = weights(N, 2);
      const t = AliasTable.build(w, cpu);
      const vose = voseBuild(w);
      let sum = 0;
      for (const v of w) sum += v;
      const probs = Array.from(w, (v) => v / sum);
      const items = Array.from({ length: N }, (_, i) => i);
      for (const n of draws) {
        const out = new Uint32Array(n);
        const k = key(7);
        const label = `N=${N.toExponential(0)}, n=${n.toExponential(0)}`;
        // @stdlib/random-sample builds its Vose table on every call with Array#shift (O(N^2)): at
        // N = 10^6 one call takes minutes, so it is measured at N = 10^4 only.
        const std = stdlibSample && N <= 1e4 ? await time(`${label} @stdlib`, () => stdlibSample(items, { size: n, probs })) : NaN;
        const vs = (x: number) => (Number.isNaN(std) || Number.isNaN(x) ? '–' : `${(std / x).toFixed(2)}×`);
        const rows: [string, number][] = [
          ['AliasTable.sample (1 thread)', await time(`${label} sample`, () => t.sample(k, n, { ...cpu, out }))],
          ['AliasTable.sampleAsync (pool)', await time(`${label} sampleAsync`, () => t.sampleAsync(k, n, { ...cpu, out }))],
        ];
        if (ctx.cuda) rows.push(['AliasTable.sample (cuda)', await time(`${label} cuda`, () => t.sample(k, n, { backend: 'cuda', out }))]);
        rows.push(
          ["categorical 'alias' (incl. build)", await time(`${label} categorical alias`, () => categorical(k, w, n, { ...cpu, method: 'alias', out }))],
          ["categorical 'cdf' (incl. prefix sums)", await time(`${label} categorical cdf`, () => categorical(k, w, n, { ...cpu, method: 'cdf', out }))],
        );
        if (stdlibSample) rows.push(['@stdlib/random-sample probs (incl. build)', std]);
        rows.push(['plain float Vose + Math.random (prebuilt)', await time(`${label} Vose`, () => voseSample(vose, n, out))]);
        for (const [what, x] of rows) {
          const skipped = Number.isNaN(x) && what.startsWith('@stdlib');
          samples.push([label, what, skipped ? 'skipped (O(N²) build)' : Number.isNaN(x) ? NaN : mps(n, x), vs(x)]);
        }
      }
    }
    return {
      title: `Alias tables, best of ${reps}`,
      tables: [
        { headers: ['build N', 'PSA ms', 'PSA+ ms', 'plain Vose ms'], rows: builds },
        { headers: ['case', 'sampler', 'M samples/s', 'vs @stdlib'], rows: samples },
      ],
      notes: 'Weights: shuffled power law, exponent 1. PSA/PSA+ are exact (integer) builds on the CPU; plain Vose is ' +
        'the float textbook method, for scale. "vs @stdlib" = @stdlib time / this time.',
    };
  },
};
