#!/usr/bin/env node
// Alias-table benchmark (run `npx tsc -p .` first): build time for N = 1e4, 1e6, 1e7 (PSA, PSA+, and a
// plain float Vose build), and sampling throughput for 1e6 / 1e7 draws from N = 1e4 and 1e6 items:
// AliasTable.sample (one thread, prebuilt table), sampleAsync (worker pool), categorical 'alias' and
// 'cdf' (one-shot, build included), @stdlib/random-sample with `probs` (which rebuilds a Vose table on
// every call), and a plain float Vose table with Math.random — all measured in this run.
//   node scripts/bench-alias.mjs [--quick] [--reps 3] [--verbose]
// Times are the best of `reps` wall-clock runs (the machine may be shared).
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { AliasTable, categorical, key, shutdownPool } from '../dist/lib/index.js';

const require = createRequire(import.meta.url);
const stdlibSample = require('@stdlib/random-sample');

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const reps = Number(args[args.indexOf('--reps') + 1]) || (quick ? 1 : 3);

function weights(n, seed = 1) {
  // Shuffled power law (exponent 1), from a small LCG (the benchmark does not depend on it).
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

/** A plain Vose alias table in binary64 (the textbook method, for comparison). */
function voseBuild(w) {
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

function voseSample(t, count, out) {
  const { prob, alias, n } = t;
  for (let i = 0; i < count; i++) {
    const u = Math.random() * n;
    const r = Math.floor(u);
    out[i] = u - r < prob[r] ? r : alias[r];
  }
  return out;
}

async function best(f) {
  let b = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    await f();
    b = Math.min(b, performance.now() - t0);
  }
  return b;
}

const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
const fmtRate = (n, ms) => `${((n / ms) * 1e3 / 1e6).toFixed(1)} M/s`;
const rows = [];
const verbose = args.includes('--verbose');
const push = (r) => {
  rows.push(r);
  if (verbose) console.error(r.join('  '));
};

console.log(`bench-alias: node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}, best of ${reps}`);

// Build.
for (const N of quick ? [1e4, 1e6] : [1e4, 1e6, 1e7]) {
  const w = weights(N);
  const psa = await best(() => AliasTable.build(w));
  const plus = await best(() => AliasTable.build(w, { method: 'psa+' }));
  const vose = await best(() => voseBuild(w));
  push(['build', `N=${N.toExponential(0)}`, 'PSA (exact)', fmtMs(psa)]);
  push(['build', `N=${N.toExponential(0)}`, 'PSA+ (exact)', fmtMs(plus)]);
  push(['build', `N=${N.toExponential(0)}`, 'plain Vose (float)', fmtMs(vose)]);
}

// Sampling.
for (const N of [1e4, 1e6]) {
  const w = weights(N, 2);
  const table = AliasTable.build(w);
  const vose = voseBuild(w);
  let sum = 0;
  for (const v of w) sum += v;
  const probs = Array.from(w, (v) => v / sum);
  const items = Array.from({ length: N }, (_, i) => i);
  for (const n of quick ? [1e6] : [1e6, 1e7]) {
    const out = new Uint32Array(n);
    const shared = new Uint32Array(new SharedArrayBuffer(4 * n));
    const k = key(7);
    const label = `N=${N.toExponential(0)}, n=${n.toExponential(0)}`;
    const ours = await best(() => table.sample(k, n, { out }));
    const pool = await best(() => table.sampleAsync(k, n, { out: shared }));
    const cdf = await best(() => categorical(k, w, n, { method: 'cdf', out }));
    const one = await best(() => categorical(k, w, n, { method: 'alias', out }));
    // @stdlib/random-sample builds its Vose table on every call with Array#shift (O(N^2)): at N = 10^6
    // one call takes minutes, so it is measured at N = 10^4 only.
    const std = N <= 1e4 ? await best(() => stdlibSample(items, { size: n, probs })) : NaN;
    const pv = await best(() => voseSample(vose, n, out));
    const vs = Number.isNaN(std) ? '' : `  ×${(std / ours).toFixed(2)} vs stdlib`;
    push(['sample', label, 'AliasTable.sample (1 thread)', `${fmtMs(ours)}  ${fmtRate(n, ours)}${vs}`]);
    push(['sample', label, `sampleAsync (pool)`, `${fmtMs(pool)}  ${fmtRate(n, pool)}`]);
    push(['sample', label, "categorical 'alias' (incl. build)", `${fmtMs(one)}  ${fmtRate(n, one)}${Number.isNaN(std) ? '' : `  ×${(std / one).toFixed(2)} vs stdlib`}`]);
    push(['sample', label, "categorical 'cdf' (incl. prefix)", `${fmtMs(cdf)}  ${fmtRate(n, cdf)}`]);
    push(['sample', label, '@stdlib/random-sample probs (incl. build)', Number.isNaN(std) ? 'skipped: O(N^2) build' : `${fmtMs(std)}  ${fmtRate(n, std)}`]);
    push(['sample', label, 'plain Vose + Math.random', `${fmtMs(pv)}  ${fmtRate(n, pv)}`]);
  }
}
await shutdownPool();

const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.slice(0, 3).map((x, c) => x.padEnd(widths[c])).join('  ') + '  ' + r[3]);
