#!/usr/bin/env node
// Distribution checks at scale (issue 9): 10^8 draws per case against the exact CDF, streamed in
// chunks so memory stays bounded (a few MiB per case whatever --n is).
//
//   node scripts/dist-scale.mjs                       every case, n = 1e8, report to bench/stat/
//   node scripts/dist-scale.mjs --n 1e6 --only gamma  a quick look at the cases whose name has "gamma"
//   nice -n 19 node scripts/dist-scale.mjs > /tmp/scale.log 2>&1 &    the way it is meant to run
//
// Method, per continuous marginal (stated in the report too):
//  * binned chi-square over ALL n draws: 1000 equiprobable bins plus tail bins at 1e-7, 1e-6, 1e-5,
//    1e-4 (and 1 minus those), edges found by bisection over the bit patterns of the output type on
//    the exact CDF (@stdlib cdfs), so an edge is an exact representable value and a bin's probability
//    is F(edge) - F(previous edge); for float32 the probability of "y < e" is F at the midpoint
//    between e and its predecessor (what round-to-nearest does to the true value). An edge where the
//    output grid is coarse against the distribution (mass within 4 representable values either side
//    above half a standard deviation of a bin count) is dropped: it would test rounding, not the
//    sampler. Bins expected to hold < 5 draws are merged with a neighbour. df = bins - 1.
//    Gamma CDFs come from gammaP below (series / continued fraction), beta CDFs from @stdlib.
//  * Kolmogorov–Smirnov on the first 10^6 draws (a sort of 10^6 values; asymptotic Kolmogorov
//    p-value with Stephens' correction; exact CDF at every distinct value, conservative with ties;
//    in float64 each value stands for the interval up to its neighbours' midpoints).
//  * the mean of all n draws as a z-score against the exact mean.
// Power: with n = 10^8 the chi-square detects a bin-probability error of about 4·sqrt(p/n) absolute,
// i.e. a relative error of ~1.3% for a 1/1000 bin and ~40% in the 1e-7 tail bins; KS on 10^6 detects
// a CDF error of ~2e-3 anywhere. Neither sees errors below those sizes: that is what the bit-exact
// vectors and the math accuracy tests are for.
//
// Alias tables / categorical: the histogram of n draws (AliasTable.counts, and categorical 'cdf'
// in chunks) against the table's exact probabilities, chi-square with cells of expected count < 5
// pooled; every draw of a zero-weight item is a failure on its own. The table's deviation from
// w_i / sum(w) is reported as well (the fixed-point rounding of docs/alias.md, "Fixed-point weights").
//
// Every p-value is reported (multiple-testing view: with ~60 tests, a few below 0.05 are expected);
// p < 1e-4 is flagged for investigation, not hidden.
import { writeFileSync, mkdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import * as cr from '../dist/lib/index.js';

const require = createRequire(import.meta.url);
const normalCdf = require('@stdlib/stats-base-dists-normal-cdf');
const stdlibGammaCdf = require('@stdlib/stats-base-dists-gamma-cdf');
const gammaln = require('@stdlib/math-base-special-gammaln');
const betaCdf = require('@stdlib/stats-base-dists-beta-cdf');
const chisqCdf = require('@stdlib/stats-base-dists-chisquare-cdf');

const { values: argv } = parseArgs({
  options: {
    n: { type: 'string', default: '1e8' },
    only: { type: 'string' },
    seed: { type: 'string', default: '20261123' },
    out: { type: 'string' },
    bins: { type: 'string', default: '1000' },
  },
});
const N = Number(argv.n);
const BINS = Number(argv.bins);
const KS_N = Math.min(N, 1e6);
const CHUNK = 1 << 20;
const FLAG = 1e-4;
const root = cr.key(BigInt(argv.seed));

/**
 * Regularized lower incomplete gamma P(a, x): series below a + 1, Lentz continued fraction for Q above.
 * Used instead of @stdlib/stats-base-dists-gamma-cdf 0.3.x, which is wrong for large shapes just above
 * the mean (e.g. a = 1000, x = 1001: 0.5047 where the answer is 0.5168; found by this script's first
 * run). The two agree to < 1e-12 for a <= 800 (checked at start-up, below).
 */
function gammaP(a, x) {
  if (!(x > 0)) return 0;
  if (x === Infinity) return 1;
  const lpre = a * Math.log(x) - x - gammaln(a);
  if (x < a + 1) {
    let sum = 1 / a, del = sum, ap = a;
    for (let i = 0; i < 1e6; i++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-17) break;
    }
    return sum * Math.exp(lpre);
  }
  let b = x + 1 - a, c = 1e300, d = 1 / b, h = d;
  for (let i = 1; i < 1e6; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - Math.exp(lpre) * h;
}
{
  let worst = 0;
  for (const a of [0.01, 0.05, 0.3, 1, 2.5, 30, 150, 800]) {
    for (let i = 0; i < 2000; i++) {
      const x = a < 1 ? Math.exp(-700 * (i / 2000)) * 40 : a + (i / 2000 - 0.5) * 16 * Math.sqrt(a);
      worst = Math.max(worst, Math.abs(gammaP(a, x) - stdlibGammaCdf(x, a, 1)));
    }
  }
  if (!(worst < 1e-12)) throw new Error(`gammaP disagrees with @stdlib's gamma CDF by ${worst} for a <= 800`);
}

// ---------- ordered bit patterns: bisection over every representable value ----------
const f64 = new Float64Array(1), u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1), u32 = new Uint32Array(f32.buffer);
/** Doubles <-> integers with the same order (negatives below positives, -0 = +0). */
function ord64(x) { f64[0] = x; const b = u64[0]; return b >> 63n ? -(b & 0x7fffffffffffffffn) : b; }
function val64(o) { u64[0] = o < 0n ? (-o) | (1n << 63n) : o; return f64[0]; }
function ord32(x) { f32[0] = x; const b = u32[0]; return b >>> 31 ? -(b & 0x7fffffff) : b; }
function val32(o) { u32[0] = o < 0 ? ((-o) | 0x80000000) >>> 0 : o; return f32[0]; }

/** For dtype float32, P(y < e) with y the rounded variate: F at the midpoint below e. */
function probBelow(cdf, e, dtype) {
  if (dtype === 'float64') return cdf(e);
  if (e === -Infinity) return 0;
  const o = ord32(e);
  const prev = val32(o - 1);
  return cdf((prev + e) / 2);
}

/** Smallest representable e in [lo, hi] with P(y < e) >= p (hi if none). */
function quantileEdge(cdf, p, lo, hi, dtype) {
  if (dtype === 'float64') {
    let a = ord64(lo), b = ord64(hi);
    while (a < b) {
      const m = a + (b - a) / 2n;
      if (probBelow(cdf, val64(m), dtype) >= p) b = m; else a = m + 1n;
    }
    return val64(a);
  }
  let a = ord32(Math.fround(lo)), b = ord32(Math.fround(hi));
  while (a < b) {
    const m = a + Math.floor((b - a) / 2);
    if (probBelow(cdf, val32(m), dtype) >= p) b = m; else a = m + 1;
  }
  return val32(a);
}

/** Bin edges and probabilities for n draws: equiprobable + tail bins, merged to expected >= 5. */
function makeBins(m, dtype, n) {
  const ps = [];
  for (let j = 1; j < BINS; j++) ps.push(j / BINS);
  for (const t of [1e-7, 1e-6, 1e-5, 1e-4]) ps.push(t, 1 - t);
  ps.sort((a, b) => a - b);
  const below = (e) => probBelow(m.cdf, e, dtype);
  // An edge where the output grid is coarse against the distribution (near 1 for Beta(0.2, 0.06) in
  // float64, the subnormals for gamma(0.01), float32 generally) would test rounding, not the sampler:
  // drop it when the mass within 4 representable values either side exceeds half a standard deviation
  // of an equiprobable bin's count.
  const step = (e, k) => (dtype === 'float64' ? val64(ord64(e) + BigInt(k)) : val32(ord32(e) + k));
  const coarse = (e) => (below(step(e, 4)) - below(step(e, -4))) * n > 0.5 * Math.sqrt(n / BINS);
  let edges = [...new Set(ps.map((p) => quantileEdge(m.cdf, p, m.lo, m.hi, dtype)))]
    .filter((e) => !coarse(e)).sort((a, b) => a - b);
  // Merge forward until each bin's expected count is >= 5 (the last bin merges backward).
  const kept = [];
  let prevP = 0;
  for (const e of edges) {
    const pe = below(e);
    if ((pe - prevP) * n >= 5) { kept.push(e); prevP = pe; }
  }
  while (kept.length && (1 - below(kept[kept.length - 1])) * n < 5) kept.pop();
  edges = kept;
  const probs = new Float64Array(edges.length + 1);
  let last = 0;
  edges.forEach((e, j) => { const pe = below(e); probs[j] = pe - last; last = pe; });
  probs[edges.length] = 1 - last;
  return { edges: Float64Array.from(edges), probs };
}

/** Index of the bin holding x: the number of edges <= x. */
function binOf(edges, x) {
  let a = 0, b = edges.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (edges[m] <= x) a = m + 1; else b = m;
  }
  return a;
}

function chi2Upper(stat, df) {
  const p = 1 - chisqCdf(stat, df);
  return p;
}

/** Kolmogorov's Q(λ) = P(K > λ). */
function kolmogorovQ(lambda) {
  if (lambda < 0.2) return 1;
  let s = 0;
  for (let k = 1; k <= 100; k++) {
    const t = 2 * (k % 2 ? 1 : -1) * Math.exp(-2 * k * k * lambda * lambda);
    s += t;
    if (Math.abs(t) < 1e-17) break;
  }
  return Math.min(1, Math.max(0, s));
}

/** KS of the sample against P(y < v) and P(y <= v) (ties give a conservative p-value). */
function ks(sample, m, dtype) {
  const xs = Float64Array.from(sample).sort();
  const n = xs.length;
  let d = 0;
  for (let i = 0; i < n;) {
    const v = xs[i];
    let j = i;
    while (j < n && xs[j] === v) j++;
    if (dtype === 'float32') {
      const lt = probBelow(m.cdf, v, dtype);
      const le = probBelow(m.cdf, val32(ord32(v) + 1), dtype);
      d = Math.max(d, Math.abs(i / n - lt), Math.abs(j / n - le));
    } else {
      // P(y < v) lies in [F(pred v), F(v)] and P(y <= v) in [F(v), F(succ v)] (the midpoints are not
      // doubles); distance to those intervals, which matters only where ties pile up (Beta near 1).
      const o = ord64(v), fv = m.cdf(v), fp = m.cdf(val64(o - 1n)), fs = m.cdf(val64(o + 1n));
      const dist = (x, a, b) => Math.max(0, a - x, x - b);
      d = Math.max(d, dist(i / n, fp, fv), dist(j / n, fv, fs));
    }
    i = j;
  }
  const sq = Math.sqrt(n);
  return { d, p: kolmogorovQ((sq + 0.12 + 0.11 / sq) * d) };
}

// ---------- the cases ----------
const gammaM = (a, scale = 1) => ({
  cdf: (x) => gammaP(a, x / scale), lo: 0, hi: Number.MAX_VALUE, mean: a * scale, sd: Math.sqrt(a) * scale,
});
const betaM = (a, b) => ({
  cdf: (x) => betaCdf(x, a, b), lo: 0, hi: 1, mean: a / (a + b), sd: Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1))),
});
const normalM = { cdf: (x) => normalCdf(x, 0, 1), lo: -40, hi: 40, mean: 0, sd: 1 };

const continuous = [];
for (const method of ['box-muller', 'polar']) {
  for (const dtype of ['float64', 'float32']) {
    continuous.push({
      name: `normal ${method} ${dtype}`, dtype, k: 1, marginals: [normalM],
      fill: (key, offset, out) => cr.normal(key, out.length, { method, dtype, offset, out }),
    });
  }
}
for (const a of [0.01, 0.05, 0.3, 1, 2.5, 30, 150, 1000]) {
  continuous.push({
    name: `gamma alpha=${a} float64`, dtype: 'float64', k: 1, marginals: [gammaM(a)],
    fill: (key, offset, out) => cr.gamma(key, out.length, { alpha: a, offset, out }),
  });
}
for (const a of [0.05, 0.3, 2.5, 150]) {
  continuous.push({
    name: `gamma alpha=${a} float32`, dtype: 'float32', k: 1, marginals: [gammaM(a)],
    fill: (key, offset, out) => cr.gamma(key, out.length, { alpha: a, offset, out, dtype: 'float32' }),
  });
}
continuous.push({
  name: 'gamma alpha=2.5 scale=1e-3 proposals=8 float64', dtype: 'float64', k: 1, marginals: [gammaM(2.5, 1e-3)],
  fill: (key, offset, out) => cr.gamma(key, out.length, { alpha: 2.5, scale: 1e-3, proposals: 8, offset, out }),
});
for (const [a, b] of [[0.5, 0.5], [0.05, 2], [2, 5], [200, 0.3], [1000, 1000]]) {
  continuous.push({
    name: `beta a=${a} b=${b} float64`, dtype: 'float64', k: 1, marginals: [betaM(a, b)],
    fill: (key, offset, out) => cr.beta(key, out.length, { a, b, offset, out }),
  });
}
for (const alpha of [[0.1, 1, 10], [0.01, 0.05, 0.2], [30, 150, 1000, 0.3]]) {
  const total = alpha.reduce((s, x) => s + x, 0);
  continuous.push({
    name: `dirichlet alpha=[${alpha}] float64`, dtype: 'float64', k: alpha.length,
    marginals: alpha.map((x) => betaM(x, total - x)),
    fill: (key, offset, out) => cr.dirichlet(key, alpha, out.length / alpha.length, { offset, out }),
    rowSums: true,
  });
}

function runContinuous(c, key) {
  const K = c.k;
  const rows = N;
  const chunkRows = Math.max(1, Math.floor(CHUNK / K));
  const Ctor = c.dtype === 'float32' ? Float32Array : Float64Array;
  const out = new Ctor(chunkRows * K);
  const bins = c.marginals.map((m) => makeBins(m, c.dtype, rows));
  const counts = bins.map((b) => new Float64Array(b.probs.length));
  const sums = new Float64Array(K);
  const ksSample = c.marginals.map(() => new Float64Array(Math.min(KS_N, rows)));
  let nonFinite = 0, outside = 0, worstRowSum = 0;
  for (let r0 = 0; r0 < rows; r0 += chunkRows) {
    const m = Math.min(chunkRows, rows - r0);
    const view = m === chunkRows ? out : out.subarray(0, m * K);
    c.fill(key, r0, view);
    for (let j = 0; j < K; j++) {
      const e = bins[j].edges, cnt = counts[j], mg = c.marginals[j], ksS = ksSample[j];
      let s = 0;
      for (let i = 0; i < m; i++) {
        const x = view[i * K + j];
        if (!Number.isFinite(x)) { nonFinite++; continue; }
        if (x < mg.lo || x > mg.hi) outside++;
        cnt[binOf(e, x)]++;
        s += x;
        if (r0 + i < ksS.length) ksS[r0 + i] = x;
      }
      sums[j] += s;
    }
    if (c.rowSums) {
      for (let i = 0; i < m; i++) {
        let s = 0;
        for (let j = 0; j < K; j++) s += view[i * K + j];
        worstRowSum = Math.max(worstRowSum, Math.abs(s - 1));
      }
    }
  }
  return c.marginals.map((mg, j) => {
    const { probs } = bins[j];
    let stat = 0;
    for (let b = 0; b < probs.length; b++) {
      const e = probs[b] * rows;
      stat += (counts[j][b] - e) ** 2 / e;
    }
    const df = probs.length - 1;
    const k = ks(ksSample[j], mg, c.dtype);
    const meanZ = (sums[j] / rows - mg.mean) / (mg.sd / Math.sqrt(rows));
    return {
      name: K > 1 ? `${c.name} [${j}]` : c.name, n: rows, bins: probs.length, chi2: stat, df,
      pChi2: chi2Upper(stat, df), ksD: k.d, pKs: k.p, ksN: ksSample[j].length, meanZ,
      notes: [nonFinite ? `${nonFinite} non-finite` : '', outside ? `${outside} outside the support` : '',
        c.rowSums ? `max |row sum - 1| = ${worstRowSum.toExponential(2)}` : ''].filter(Boolean).join('; '),
    };
  });
}

// ---------- alias tables with adversarial weights ----------
function lcg(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const aliasCases = [
  { name: 'alias spread 1e-30..1e30 (N=1000, log-uniform)', w: () => Float64Array.from({ length: 1000 }, (_, i) => 10 ** (-30 + (60 * i) / 999)) },
  { name: 'alias 99% zeros (N=1e5)', w: () => { const r = lcg(7); return Float64Array.from({ length: 1e5 }, (_, i) => (i % 100 === 37 ? r() + 1e-3 : 0)); } },
  { name: 'alias one heavy + 1e6 light (w0 = 1e6, others 1)', w: () => { const w = new Float64Array(1e6 + 1).fill(1); w[0] = 1e6; return w; } },
  { name: 'alias one heavy + 1e5 tiny (w0 = 1, others 1e-12)', w: () => { const w = new Float64Array(1e5 + 1).fill(1e-12); w[0] = 1; return w; } },
  { name: 'alias power law i^-1.5 (N=1e6)', w: () => Float64Array.from({ length: 1e6 }, (_, i) => (i + 1) ** -1.5) },
  { name: 'alias power law i^-0.5 (N=1e6)', w: () => Float64Array.from({ length: 1e6 }, (_, i) => (i + 1) ** -0.5) },
  { name: 'alias extremes: 5e-324, 1e-300, 1, 1e300, 1.7e308, 0', w: () => Float64Array.from([5e-324, 1e-300, 1, 1e300, 1.7e308, 0, 1e308, 2 ** -1074 * 3]) },
  { name: 'alias uniform (N=2^20+1)', w: () => new Float64Array(2 ** 20 + 1).fill(0.25) },
  { name: 'alias float32 random (N=4096)', w: () => { const r = lcg(11); return Float32Array.from({ length: 4096 }, () => r() ** 4); } },
];

function chi2Pooled(counts, probs, n) {
  let stat = 0, cells = 0, accO = 0, accE = 0, zeroHits = 0;
  for (let i = 0; i < probs.length; i++) {
    if (probs[i] === 0) { zeroHits += counts[i]; continue; }
    accO += counts[i];
    accE += probs[i] * n;
    if (accE >= 5) { stat += (accO - accE) ** 2 / accE; cells++; accO = 0; accE = 0; }
  }
  if (accE > 0) {
    if (cells === 0) { stat = (accO - accE) ** 2 / accE; cells = 1; } else stat += (accO - accE) ** 2 / accE, cells++;
  }
  return { stat, df: Math.max(1, cells - 1), zeroHits };
}

function runAlias(c, key, method) {
  const w = c.w();
  const table = cr.AliasTable.build(w);
  const probs = table.probabilities();
  // S by Neumaier summation of w / max (no overflow at 1.7e308, no drift over 10^6 terms).
  let max = 0;
  for (const x of w) max = Math.max(max, x);
  let sum = 0, comp = 0;
  for (const x0 of w) {
    const x = x0 / max, t = sum + x;
    comp += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  sum += comp;
  // Largest |p_table - w/S| in units (1/(N·2^32) of probability).
  let worstUnits = 0;
  for (let i = 0; i < w.length; i++) {
    const exact = w[i] / max / sum;
    worstUnits = Math.max(worstUnits, Math.abs(probs[i] - exact) * w.length * 2 ** 32);
  }
  let counts;
  if (method === 'alias') {
    counts = table.counts(key, N);
  } else {
    counts = new Float64Array(w.length);
    const out = new Uint32Array(CHUNK);
    for (let s = 0; s < N; s += CHUNK) {
      const m = Math.min(CHUNK, N - s);
      const o = cr.categorical(key, w, m, { method: 'cdf', offset: s, out: m === CHUNK ? out : out.subarray(0, m) });
      for (let i = 0; i < m; i++) counts[o[i]]++;
    }
  }
  const r = chi2Pooled(counts, probs, N);
  return [{
    name: `${c.name} ${method === 'alias' ? 'AliasTable.counts' : "categorical 'cdf'"}`, n: N, bins: r.df + 1,
    chi2: r.stat, df: r.df, pChi2: r.zeroHits ? 0 : chi2Upper(r.stat, r.df), ksD: NaN, pKs: NaN, ksN: 0, meanZ: NaN,
    notes: [`max |p_table - w/S| = ${worstUnits.toFixed(2)} units of 2^-32/N`, r.zeroHits ? `${r.zeroHits} draws of zero-weight items` : ''].filter(Boolean).join('; '),
  }];
}

// ---------- run ----------
const all = [
  ...continuous.map((c) => ({ name: c.name, run: (k) => runContinuous(c, k) })),
  ...aliasCases.map((c) => ({ name: `${c.name} AliasTable.counts`, run: (k) => runAlias(c, k, 'alias') })),
  ...aliasCases.filter((c) => !/N=1e6|2\^20/.test(c.name)).map((c) => ({ name: `${c.name} categorical cdf`, run: (k) => runAlias(c, k, 'cdf') })),
];
let commit = 'unknown';
try { commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim(); } catch { /* not a checkout */ }
const results = [];
const t00 = Date.now();
all.forEach((c, idx) => {
  if (argv.only && !c.name.includes(argv.only)) return;
  const t0 = Date.now();
  const rs = c.run(cr.foldIn(root, idx));
  const secs = (Date.now() - t0) / 1000;
  for (const r of rs) {
    r.seconds = secs;
    results.push(r);
    const flag = r.pChi2 < FLAG || r.pKs < FLAG ? '  <-- FLAG' : '';
    console.log(`${r.name}: chi2 ${r.chi2.toFixed(1)}/${r.df} p=${fmtP(r.pChi2)}  KS D=${fmtD(r.ksD)} p=${fmtP(r.pKs)}  mean z=${fmtZ(r.meanZ)}  ${r.notes} (${secs.toFixed(0)} s)${flag}`);
  }
});

function fmtP(p) { return Number.isNaN(p) ? '–' : p < 1e-15 ? '< 1e-15' : p < 1e-3 ? p.toExponential(2) : p.toFixed(4); }
function fmtD(d) { return Number.isNaN(d) ? '–' : d.toExponential(2); }
function fmtZ(z) { return Number.isNaN(z) ? '–' : z.toFixed(2); }

const date = new Date().toISOString().slice(0, 10);
const flagged = results.filter((r) => r.pChi2 < FLAG || r.pKs < FLAG);
const ps = results.flatMap((r) => [r.pChi2, r.pKs]).filter((p) => !Number.isNaN(p));
const lines = [
  `# Distribution checks at scale — ${date}`,
  '',
  `Command: \`node scripts/dist-scale.mjs --n ${argv.n} --seed ${argv.seed}${argv.only ? ` --only '${argv.only}'` : ''}\` ` +
    `(commit ${commit}, CPU backend, ${cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}); ` +
    `${((Date.now() - t00) / 60000).toFixed(0)} minutes.`,
  '',
  `Method (see the header of scripts/dist-scale.mjs): binned chi-square over all n draws (${BINS} equiprobable bins ` +
    'plus tail bins at 1e-7…1e-4 on both sides, edges exact representable quantiles of the exact CDF, bins with expected ' +
    `count < 5 merged); KS on the first ${KS_N.toExponential(0)} draws; mean as a z-score. Alias/categorical: chi-square of the ` +
    'histogram against the table\'s exact probabilities, cells with expected count < 5 pooled; any draw of a zero-weight ' +
    'item fails outright (p reported as 0).',
  '',
  `${ps.length} p-values; ${ps.filter((p) => p < 0.05).length} below 0.05 (expected ≈ ${(0.05 * ps.length).toFixed(1)}), ` +
    `${ps.filter((p) => p < 0.01).length} below 0.01 (expected ≈ ${(0.01 * ps.length).toFixed(1)}); ` +
    `flagged (p < 1e-4): ${flagged.length ? flagged.map((r) => r.name).join(', ') : 'none'}.`,
  '',
  '| case | n | bins | χ² / df | p (χ²) | KS D (n) | p (KS) | mean z | notes | s |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results.map((r) => `| ${r.name} | ${r.n.toExponential(0)} | ${r.bins} | ${r.chi2.toFixed(1)} / ${r.df} | ${fmtP(r.pChi2)}` +
    `${r.pChi2 < FLAG ? ' **FLAG**' : ''} | ${Number.isNaN(r.ksD) ? '–' : `${fmtD(r.ksD)} (${r.ksN.toExponential(0)})`} | ` +
    `${fmtP(r.pKs)}${r.pKs < FLAG ? ' **FLAG**' : ''} | ${fmtZ(r.meanZ)} | ${r.notes} | ${r.seconds.toFixed(0)} |`),
  '',
];
const outPath = argv.out ?? (argv.only || N !== 1e8 ? null : `bench/stat/dist-scale-${date}.md`);
if (outPath) {
  mkdirSync('bench/stat', { recursive: true });
  writeFileSync(outPath, lines.join('\n'));
  console.log(`wrote ${outPath}`);
} else {
  console.log(lines.join('\n'));
}
process.exitCode = flagged.length ? 1 : 0;
