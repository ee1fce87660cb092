#!/usr/bin/env node
/**
 * Quasi-Monte Carlo option pricing: the same pricer fed with randomised Sobol normals
 * (`sobol(n, { dims, transform: 'normal', key })`) converges visibly faster than with pseudorandom
 * normals (`normal(key, n)`), and the plot shows it.
 *
 * The option is a geometric-average Asian call on 8 monitoring dates under geometric Brownian motion:
 * it depends on all 8 normals of a path and has an exact price (Kemna–Vorst), so the error of every
 * estimate is known. Paths are built with a Brownian bridge — Sobol dimension 0 sets W(T), dimension 1
 * W(T/2), … — so the first, best-distributed dimensions carry most of the variance (the classic way to
 * make QMC pay in finance).
 *
 * For each N = 2^k paths, R independent replicates (split keys) give the root-mean-square error:
 * Monte Carlo's falls like N^-1/2, randomised QMC's close to N^-1. The fitted slopes and the error at
 * the largest N are printed; with --plots DIR (and the optional vega, vega-lite, @resvg/resvg-js of a
 * clone's devDependencies) the log-log plot is written to DIR/qmc-convergence.{svg,png}.
 *
 *   node examples/qmc-option-pricer.mjs [--kmax 16] [--replicates 16] [--plots DIR] [--small]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { key, normal, sobol, split } from 'cuda-random';

const { values: args } = parseArgs({
  options: {
    kmax: { type: 'string', default: '16' },
    replicates: { type: 'string', default: '16' },
    plots: { type: 'string' },
    seed: { type: 'string', default: '2026' },
    small: { type: 'boolean', default: false },
  },
});
const KMIN = 6, KMAX = args.small ? 12 : Number(args.kmax);
const R = Number(args.replicates);
const M = 8;  // monitoring dates (a power of two for the bridge)
const S0 = 100, K = 100, r = 0.04, sigma = 0.3, T = 1;
const dt = T / M, drift = (r - 0.5 * sigma * sigma) * dt, disc = Math.exp(-r * T);

/** Standard normal CDF to ~1e-15 (an error study needs more than the usual 1e-7 approximations):
 *  erf's Taylor series below z = 3, erfc's continued fraction above. */
function Phi(x) {
  const z = Math.abs(x) / Math.SQRT2;
  let erfc;
  if (z < 3) {
    let term = z, sum = z;  // erf(z) = 2/√π Σ (-1)^n z^(2n+1) / (n! (2n+1))
    for (let n = 1; n < 100; n++) {
      term *= -z * z / n;
      const t = term / (2 * n + 1);
      sum += t;
      if (Math.abs(t) < 1e-17 * Math.abs(sum)) break;
    }
    erfc = 1 - (2 / Math.sqrt(Math.PI)) * sum;
  } else {
    let f = 0;  // continued fraction (Lentz) for erfc, accurate for z ≥ 3
    for (let n = 60; n >= 1; n--) f = (n / 2) / (z + f);
    erfc = Math.exp(-z * z) / Math.sqrt(Math.PI) / (z + f);
  }
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** Kemna–Vorst: the geometric average of S(t_1) … S(t_M) is lognormal. */
function exactPrice() {
  const mu = Math.log(S0) + (r - 0.5 * sigma * sigma) * T * (M + 1) / (2 * M);
  const s2 = sigma * sigma * T * (M + 1) * (2 * M + 1) / (6 * M * M);
  const s = Math.sqrt(s2), d2 = (mu - Math.log(K)) / s, d1 = d2 + s;
  return disc * (Math.exp(mu + s2 / 2) * Phi(d1) - K * Phi(d2));
}

/** Brownian bridge order: which date each normal sets, and from which two neighbours. */
function bridgePlan() {
  const plan = [{ at: M, left: 0, right: -1 }];  // W(T) from W(0) = 0
  for (let step = M / 2; step >= 1; step /= 2) {
    for (let at = step; at < M; at += 2 * step) plan.push({ at, left: at - step, right: at + step });
  }
  return plan;
}
const PLAN = bridgePlan();

/** The mean discounted payoff of the paths whose normals are z[p·M … p·M + M). */
function estimate(z) {
  const W = new Float64Array(M + 1);
  let sum = 0;
  for (let p = 0; p < z.length; p += M) {
    for (let j = 0; j < M; j++) {
      const { at, left, right } = PLAN[j];
      if (right < 0) W[at] = Math.sqrt(T) * z[p + j];
      else {
        const h = (at - left) * dt;  // the midpoint between two known values
        W[at] = 0.5 * (W[left] + W[right]) + Math.sqrt(h / 2) * z[p + j];
      }
    }
    let logG = 0;
    for (let i = 1; i <= M; i++) logG += drift * i + sigma * W[i];
    const g = S0 * Math.exp(logG / M);
    sum += Math.max(g - K, 0);
  }
  return disc * sum / (z.length / M);
}

const exact = exactPrice();
const keys = split(key(BigInt(args.seed)), 2 * R);
const rows = [];
for (let k = KMIN; k <= KMAX; k++) {
  const N = 2 ** k;
  let mc = 0, qmc = 0;
  for (let q = 0; q < R; q++) {
    mc += (estimate(normal(keys[q], N * M)) - exact) ** 2;
    qmc += (estimate(sobol(N, { dims: M, transform: 'normal', key: keys[R + q] })) - exact) ** 2;
  }
  rows.push({ N, mc: Math.sqrt(mc / R), qmc: Math.sqrt(qmc / R) });
}

/** Least-squares slope of log(rmse) against log(N). */
function slope(field) {
  const xs = rows.map((w) => Math.log(w.N)), ys = rows.map((w) => Math.log(w[field]));
  const mx = xs.reduce((a, b) => a + b) / xs.length, my = ys.reduce((a, b) => a + b) / ys.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < xs.length; i++) { sxy += (xs[i] - mx) * (ys[i] - my); sxx += (xs[i] - mx) ** 2; }
  return sxy / sxx;
}

console.log(`geometric Asian call, ${M} dates, S0=${S0} K=${K} r=${r} σ=${sigma} T=${T}: exact ${exact.toFixed(6)}`);
console.log(`RMS error over ${R} replicates (pseudorandom normals vs randomised Sobol normals, Brownian bridge):\n`);
console.log('        N     Monte Carlo    Sobol (RQMC)   ratio');
for (const w of rows) {
  console.log(`${String(w.N).padStart(9)}   ${w.mc.toExponential(3).padStart(11)}   ${w.qmc.toExponential(3).padStart(11)}   ${(w.mc / w.qmc).toFixed(1).padStart(6)}`);
}
const last = rows[rows.length - 1];
console.log(`\nconvergence slope: Monte Carlo ${slope('mc').toFixed(2)}, Sobol ${slope('qmc').toFixed(2)} (log RMSE per log N; -0.5 and -1 ideal)`);
console.log(`at N = ${last.N}: Sobol's error is ${(last.mc / last.qmc).toFixed(1)}x smaller`);

if (args.plots) {
  const load = async (n) => { try { const m = await import(n); return m.default ?? m; } catch { return undefined; } };
  const [vega, vl, resvg] = await Promise.all(['vega', 'vega-lite', '@resvg/resvg-js'].map(load));
  if (!vega || !vl || !resvg) {
    console.log('plots skipped: they need vega, vega-lite and @resvg/resvg-js (devDependencies; npm install in a clone)');
  } else {
    const values = rows.flatMap((w) => [
      { N: w.N, rmse: w.mc, method: 'Monte Carlo: normal()' },
      { N: w.N, rmse: w.qmc, method: 'randomised Sobol: sobol(), normal transform' },
      { N: w.N, rmse: rows[0].mc * Math.sqrt(rows[0].N / w.N), method: 'N^-1/2' },
      { N: w.N, rmse: rows[0].qmc * (rows[0].N / w.N), method: 'N^-1' },
    ]);
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: { text: 'Geometric Asian call: RMS pricing error', subtitle: `${M} dates, ${R} replicates per N, exact price ${exact.toFixed(4)}` },
      width: 520, height: 320, data: { values },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'N', type: 'quantitative', scale: { type: 'log', base: 2 }, title: 'paths N' },
        y: { field: 'rmse', type: 'quantitative', scale: { type: 'log' }, title: 'RMS error' },
        color: {
          field: 'method', type: 'nominal', title: null, legend: { orient: 'bottom-left', labelLimit: 400 },
          scale: { domain: values.slice(0, 4).map((v) => v.method), range: ['#2f6690', '#c2410c', '#8fb8d6', '#f0a47c'] },
        },
        strokeDash: { condition: { test: "indexof(datum.method, 'N^') === 0", value: [4, 3] }, value: [1, 0] },
      },
      config: { font: 'DejaVu Sans, Helvetica, Arial, sans-serif', background: 'white' },
    };
    const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
    const svg = await view.toSVG();
    view.finalize();
    const png = new resvg.Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' }, background: 'white' }).render().asPng();
    mkdirSync(args.plots, { recursive: true });
    writeFileSync(join(args.plots, 'qmc-convergence.svg'), svg);
    writeFileSync(join(args.plots, 'qmc-convergence.png'), png);
    console.log(`plot: ${join(args.plots, 'qmc-convergence.png')} (and .svg)`);
  }
}
