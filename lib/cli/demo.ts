/**
 * `cuda-random demo` (and `npm run demo`): draws from every distribution on the best backend, prints
 * throughput, moments and goodness-of-fit p-values, and with --plots writes histograms against the
 * exact densities. The key is fixed, so every number except throughput is the same on every run and
 * every backend.
 */
import * as cr from '../index.js';
import { shutdownPool } from '../backend/cpu/pool.js';
import { chiSquareTest, ksTest, loadReferences, type Cdf, type Fit, type References } from './fit.js';
import { aliasSpec, densitySpec, loadPdfs, loadRenderer, type DensityPanel, type Pdfs, type Renderer } from './plots.js';
import { installCommand } from './optional.js';

/** The largest --n: each row's draw, its KS sort copy and the three uniform arrays of the
 *  reproducibility check are alive at once, about 50 bytes per value (0.5 GB at 10^7; 10^8 took 9.8 GB
 *  and aborted before the rows stopped being kept). */
export const MAX_DEMO_N = 1e7;
/** Values of each row kept for the plots (the first ones): the plots' memory does not grow with n. */
const PLOT_VALUES = 1e6;

export interface DemoOptions {
  n: number;
  seed?: number;
  /** Directory for the SVG/PNG plots; none when undefined. */
  plots?: string;
  log?: (line: string) => void;
}

export interface DemoRow {
  name: string;
  /** Million values per second of the timed call; NaN on rows that share another row's call. */
  mps: number;
  mean: number;
  sd: number;
  expectMean: number;
  expectSd: number;
  fit?: Fit;
}

export interface DemoResult {
  backend: string;
  rows: DemoRow[];
  chunkedIdentical: boolean;
  asyncIdentical: boolean;
  plots: string[];
  notes: string[];
}

type Values = ArrayLike<number>;

interface Case {
  name: string;
  draw(k: cr.Key, n: number): Values;
  /** Views of the draw to report (default: the draw itself); dirichlet reports each marginal. */
  parts?: (v: Values) => { name: string; values: Values; mean: number; sd: number; cdf?: (r: References) => Cdf }[];
  mean?: number;
  sd?: number;
  cdf?: (r: References) => Cdf;
  /** Categorical cases: exact cell probabilities for a chi-square test instead of KS. */
  probs?: Float64Array;
}

function moments(a: Values): [number, number] {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  const m = s / a.length;
  let s2 = 0;
  for (let i = 0; i < a.length; i++) s2 += (a[i] - m) * (a[i] - m);
  return [m, Math.sqrt(s2 / a.length)];
}

const uniformCdf = (lo: number, hi: number): Cdf => (x) => Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
const betaSd = (a: number, b: number) => Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
const GAMMA_SHAPES = [0.5, 1, 2.5, 7.5];
const DIRICHLET = [1, 2, 3];

/** Weights of the demo's alias table: a decaying, bumpy profile with some zero weights. */
export function demoWeights(N = 50): Float64Array {
  return Float64Array.from({ length: N }, (_, i) => (i % 13 === 12 ? 0 : 1 / (i + 1) + (i % 7 === 3 ? 0.15 : 0)));
}

function discreteMoments(p: Float64Array): [number, number] {
  let m = 0;
  let m2 = 0;
  for (let i = 0; i < p.length; i++) { m += i * p[i]; m2 += i * i * p[i]; }
  return [m, Math.sqrt(m2 - m * m)];
}

function cases(table: cr.AliasTable): Case[] {
  const probs = table.probabilities();
  const [pm, ps] = discreteMoments(probs);
  const weights = demoWeights(table.size);
  const mixAlpha = (n: number) => Float64Array.from({ length: n }, (_, i) => GAMMA_SHAPES[i % 4]);
  const mixMean = GAMMA_SHAPES.reduce((a, b) => a + b) / 4;
  const mixVar = GAMMA_SHAPES.reduce((a, b) => a + b + (b - mixMean) ** 2, 0) / 4;
  const a0 = DIRICHLET.reduce((a, b) => a + b);
  return [
    {
      name: 'bits',
      draw: (k, n) => cr.bits(k, n),
      // The words as fractions of 2^32, tested against U(0, 1) (the conversion stays out of the timing).
      parts: (v) => [{ name: 'bits / 2^32', values: Float64Array.from(v, (w) => w / 2 ** 32), mean: 0.5, sd: Math.sqrt(1 / 12), cdf: () => uniformCdf(0, 1) }],
    },
    { name: 'uniform f64 [0,1)', draw: (k, n) => cr.uniform(k, n), mean: 0.5, sd: Math.sqrt(1 / 12), cdf: () => uniformCdf(0, 1) },
    { name: 'uniform f32 [-1,1)', draw: (k, n) => cr.uniform(k, n, { dtype: 'float32', low: -1, high: 1 }), mean: 0, sd: Math.sqrt(1 / 3), cdf: () => uniformCdf(-1, 1) },
    { name: 'normal box-muller f64', draw: (k, n) => cr.normal(k, n), mean: 0, sd: 1, cdf: (r) => r.normal(0, 1) },
    { name: 'normal polar f32', draw: (k, n) => cr.normal(k, n, { method: 'polar', dtype: 'float32' }), mean: 0, sd: 1, cdf: (r) => r.normal(0, 1) },
    ...GAMMA_SHAPES.map((a): Case => ({
      name: `gamma α=${a}`, draw: (k, n) => cr.gamma(k, n, { alpha: a }), mean: a, sd: Math.sqrt(a), cdf: (r) => r.gamma(a, 1),
    })),
    {
      name: 'gamma α per element',
      draw: (k, n) => cr.gamma(k, n, { alpha: mixAlpha(n) }),
      mean: mixMean,
      sd: Math.sqrt(mixVar),
      cdf: (r) => { const f = GAMMA_SHAPES.map((a) => r.gamma(a, 1)); return (x) => (f[0](x) + f[1](x) + f[2](x) + f[3](x)) / 4; },
    },
    { name: 'exponential rate=2', draw: (k, n) => cr.exponential(k, n, { rate: 2 }), mean: 0.5, sd: 0.5, cdf: (r) => r.exponential(2) },
    { name: 'chisquare df=3', draw: (k, n) => cr.chisquare(k, n, { df: 3 }), mean: 3, sd: Math.sqrt(6), cdf: (r) => r.chisquare(3) },
    { name: 'beta a=2 b=5', draw: (k, n) => cr.beta(k, n, { a: 2, b: 5 }), mean: 2 / 7, sd: betaSd(2, 5), cdf: (r) => r.beta(2, 5) },
    { name: 'beta a=0.5 b=0.5', draw: (k, n) => cr.beta(k, n, { a: 0.5, b: 0.5 }), mean: 0.5, sd: betaSd(0.5, 0.5), cdf: (r) => r.beta(0.5, 0.5) },
    {
      name: `dirichlet [${DIRICHLET}]`,
      // n values in all (n/K rows), so every row of the report costs about the same.
      draw: (k, n) => cr.dirichlet(k, DIRICHLET, Math.ceil(n / DIRICHLET.length)),
      parts: (v) => DIRICHLET.map((a, c) => ({
        name: `dirichlet [${DIRICHLET}] x${c}`,
        values: Float64Array.from({ length: v.length / DIRICHLET.length }, (_, r) => v[r * DIRICHLET.length + c]),
        mean: a / a0,
        sd: betaSd(a, a0 - a),
        cdf: (r: References) => r.beta(a, a0 - a),
      })),
    },
    { name: `alias table (${table.size} items)`, draw: (k, n) => table.sample(k, n), mean: pm, sd: ps, probs },
    { name: 'categorical cdf method', draw: (k, n) => cr.categorical(k, weights, n, { method: 'cdf' }), mean: pm, sd: ps, probs },
    { name: 'xorwow curand_uniform', draw: (k, n) => new cr.Xorwow(BigInt(k[0])).uniform(n), mean: 0.5, sd: Math.sqrt(1 / 12), cdf: () => uniformCdf(0, 1) },
  ];
}

function countsOf(v: Values, size: number): Float64Array {
  const c = new Float64Array(size);
  for (let i = 0; i < v.length; i++) c[v[i]]++;
  return c;
}

const fmt = (x: number, w: number, d = 4) => (Number.isNaN(x) ? '' : x.toFixed(d)).padStart(w);
const fmtP = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4)).padStart(7);

function report(rows: DemoRow[], log: (s: string) => void): void {
  const head = `${'distribution'.padEnd(28)} ${'M/s'.padStart(7)} ${'mean'.padStart(9)} ${'expect'.padStart(9)} ${'sd'.padStart(9)} ${'expect'.padStart(9)}  ${'test'.padEnd(11)} ${'p'.padStart(7)}`;
  log(head);
  log('-'.repeat(head.length));
  for (const r of rows) {
    log(`${r.name.padEnd(28)} ${fmt(r.mps, 7, 1)} ${fmt(r.mean, 9)} ${fmt(r.expectMean, 9)} ${fmt(r.sd, 9)} ${fmt(r.expectSd, 9)}  ${(r.fit?.test ?? '').padEnd(11)} ${r.fit ? fmtP(r.fit.p) : ''}`);
  }
}

export async function demo(opts: DemoOptions): Promise<DemoResult> {
  const { n } = opts;
  if (!(Number.isInteger(n) && n >= 1 && n <= MAX_DEMO_N)) throw new RangeError(`n must be an integer in [1, ${MAX_DEMO_N}], got ${n}`);
  const log = opts.log ?? ((s: string) => console.log(s));
  // --plots asks for files: without the modules that draw them the demo stops before any work, rather
  // than finishing with a note and exit status 0 and no files (what an installed package did).
  const plotting = opts.plots === undefined ? undefined : await plotHelpers();
  const info = cr.backend();
  const notes: string[] = [];
  log(`cuda-random demo — backend: ${info.name} (${info.reason})`);
  log(`n = ${n} per row, seed ${opts.seed ?? 2026}: every figure but M/s is the same on every run and backend\n`);
  const { refs, missing: refsMissing } = await loadReferences();
  if (!refs) notes.push(`goodness-of-fit tests skipped: they need ${refsMissing.join(', ')} (devDependencies, not installed with cuda-random): ${installCommand(refsMissing)}`);

  const root = cr.key(opts.seed ?? 2026);
  const table = cr.AliasTable.build(demoWeights());
  const all = cases(table);
  const keys = cr.split(root, all.length);
  const rows: DemoRow[] = [];
  // Only the plots read rows again (their first PLOT_VALUES values); the uniform row is kept whole for
  // the reproducibility check below. Keeping every row whole was what made large n abort.
  const drawn = new Map<string, Values>();
  const keep = (name: string, v: Values) => {
    // every draw is a typed array, so slice() copies the first values (a subarray would keep them all)
    if (opts.plots !== undefined) drawn.set(name, v.length > PLOT_VALUES ? (v as Float64Array).slice(0, PLOT_VALUES) : v);
  };
  let u: Float64Array | undefined;
  for (const [i, c] of all.entries()) {
    c.draw(keys[i], 4096); // warm-up: module and kernel set-up stay out of the timing
    const t0 = performance.now();
    const v = c.draw(keys[i], n);
    const mps = v.length / ((performance.now() - t0) / 1e3) / 1e6;
    if (i === 1) u = v as Float64Array;
    keep(c.name, v);
    const parts = c.parts ? c.parts(v) : [{ name: c.name, values: v, mean: c.mean!, sd: c.sd!, cdf: c.cdf }];
    for (const [j, p] of parts.entries()) {
      const [mean, sd] = moments(p.values);
      let fit: Fit | undefined;
      if (refs && c.probs) fit = chiSquareTest(countsOf(p.values, c.probs.length), c.probs, refs);
      else if (refs && p.cdf) fit = ksTest(p.values, p.cdf(refs));
      rows.push({ name: p.name, mps: j === 0 ? mps : NaN, mean, sd, expectMean: p.mean, expectSd: p.sd, fit });
      if (c.parts) keep(p.name, p.values);
    }
  }
  report(rows, log);
  if (refs) log('\np: Kolmogorov–Smirnov against the exact CDF, or Pearson χ² against the table probabilities (@stdlib\nreferences). Under a correct sampler p is uniform on (0, 1): about one row in twenty is below 0.05.');

  // The contract in action: chunked and worker-thread runs give the single call's bits.
  if (all[1].name !== 'uniform f64 [0,1)' || !u) throw new Error('internal: the demo\'s row 1 is the float64 uniform');
  const kU = keys[1];
  const chunked = new Float64Array(n);
  for (let at = 0; at < n; at += 65_536) cr.uniform(kU, Math.min(65_536, n - at), { offset: at, out: chunked.subarray(at) });
  const asyncU = await cr.uniformAsync(kU, n);
  const chunkedIdentical = chunked.every((x, i) => x === u[i]);
  const asyncIdentical = asyncU.every((x, i) => x === u[i]);
  log(`\nchunked generation reproduces the single call: ${chunkedIdentical}`);
  log(`worker-thread (async) generation reproduces it: ${asyncIdentical}`);

  const plots = opts.plots === undefined || !plotting ? [] : await writePlots(plotting, opts.plots, drawn, table, n);
  if (plots.length) log(`\nplots: ${plots.filter((f) => f.endsWith('.png')).join(', ')} (and .svg)`);
  for (const note of notes) log(`note: ${note}`);
  await shutdownPool();
  return { backend: info.name, rows, chunkedIdentical, asyncIdentical, plots, notes };
}

/** What the plots need, or an Error that names the missing modules and the command that adds them. */
async function plotHelpers(): Promise<{ renderer: Renderer; pdfs: Pdfs }> {
  const [{ renderer, missing }, { pdfs, missing: pdfMissing }] = await Promise.all([loadRenderer(), loadPdfs()]);
  if (renderer && pdfs) return { renderer, pdfs };
  const absent = [...missing, ...pdfMissing];
  throw new Error(`--plots needs ${absent.join(', ')}, which are not installed (devDependencies of cuda-random, not installed with it); `
    + `add them with: ${installCommand(absent)} — or run the demo without --plots`);
}

async function writePlots({ renderer, pdfs }: { renderer: Renderer; pdfs: Pdfs }, dir: string, drawn: Map<string, Values>, table: cr.AliasTable, n: number): Promise<string[]> {
  const files: string[] = [];
  for (const [name, spec] of Object.entries(plotSpecs(drawn, table, n, pdfs))) files.push(...(await renderer.render(spec, dir, name)));
  return files;
}

function plotSpecs(d: Map<string, Values>, table: cr.AliasTable, n: number, pdf: Pdfs): Record<string, object> {
  const get = (name: string) => d.get(name)!;
  const m = Math.min(n, PLOT_VALUES);
  const a0 = DIRICHLET.reduce((a, b) => a + b);
  const gammaPanel = (a: number): DensityPanel => ({
    title: `Gamma(α = ${a})`,
    samples: get(`gamma α=${a}`),
    pdf: pdf.gamma(a, 1),
    range: [0, Math.ceil(a + 5 * Math.sqrt(a))],
    yMax: a < 1 ? 2 : undefined,
  });
  return {
    normal: densitySpec('normal(0, 1)', [
      { title: 'Box–Muller, float64', samples: get('normal box-muller f64'), pdf: pdf.normal(0, 1), range: [-4.5, 4.5] },
      { title: 'Marsaglia polar, float32', samples: get('normal polar f32'), pdf: pdf.normal(0, 1), range: [-4.5, 4.5] },
    ]),
    gamma: densitySpec('gamma (Marsaglia–Tsang; α < 1 by the boost)', GAMMA_SHAPES.map(gammaPanel)),
    beta: densitySpec('beta, exponential, chi-square', [
      { title: 'Beta(2, 5)', samples: get('beta a=2 b=5'), pdf: pdf.beta(2, 5), range: [0, 1] },
      { title: 'Beta(0.5, 0.5)', samples: get('beta a=0.5 b=0.5'), pdf: pdf.beta(0.5, 0.5), range: [0, 1], yMax: 4 },
      { title: 'Exponential(rate 2)', samples: get('exponential rate=2'), pdf: pdf.gamma(1, 0.5), range: [0, 4] },
      { title: 'Chi-square(3)', samples: get('chisquare df=3'), pdf: pdf.gamma(1.5, 2), range: [0, 15] },
    ]),
    dirichlet: densitySpec(`Dirichlet(${DIRICHLET.join(', ')}) marginals: x_k ~ Beta(α_k, α₀ − α_k)`, DIRICHLET.map((a, c) => ({
      title: `x${c} ~ Beta(${a}, ${a0 - a})`,
      samples: get(`dirichlet [${DIRICHLET}] x${c}`),
      pdf: pdf.beta(a, a0 - a),
      range: [0, 1] as [number, number],
      yMax: c === 0 ? 5.5 : undefined,
    })), 3),
    alias: aliasSpec(`alias table: ${table.size} items, ${m} samples`, table.probabilities(), countsOf(get(`alias table (${table.size} items)`), table.size), m),
  };
}
