#!/usr/bin/env node
// Memory under load (issue 9): repeated calls of every public bulk function, sync and async, with
// mixed sizes, while host memory (and device memory, where the CUDA backend is in use) is sampled.
//
//   node --expose-gc scripts/soak.mjs                       10^4 calls per function and mode (minutes)
//   node --expose-gc scripts/soak.mjs --calls 200 --max-size 4099 --json   the small version (test/soak.test.ts)
//   node --expose-gc scripts/soak.mjs --only gamma --trace   one function, every sample on stderr
//   CUDA_RANDOM_CROSSOVER=0 node --expose-gc scripts/soak.mjs --device   on a GPU: every supported op
//                                                            on the device, device memory asserted too
//
// Method: each function is called `calls` times synchronously, then `calls` times asynchronously in
// waves of `--concurrency` (default 16) pending calls; sizes cycle through 1, 17, 1000, 4099, 2^16 + 3
// (the last one goes through the worker pool, or the GPU). After every block of calls the script
// collects garbage (gc(), so --expose-gc is needed) and records rss, heapUsed, external and
// arrayBuffers. Every function runs at every size once before anything is measured (pool threads, WASM
// and the addon start on first use). Each phase (sync, then async) is judged on its own, its first 20%
// of samples being warm-up. "Flat" means: after warm-up, (a) no sample exceeds the phase's
// post-warm-up baseline by more than the tolerance (--tolerance-mib, default 64 MiB rss, 16 MiB for
// heap + external) and (b) the least-squares slope of the second half of the samples, extrapolated
// over the phase's calls, stays under half that tolerance (warm-up growth levels off; a leak keeps
// its slope, and a few hundred bytes per call show in (b) long before they show in (a)). Device memory (cudaMemGetInfo through the addon's
// diagnostics exports, the pool trimmed first) must come back to its post-warm-up value within 16 MiB.
// Exit status 0 when everything is flat; a JSON summary with --json.
import { parseArgs } from 'node:util';
import * as cr from '../dist/lib/index.js';
import { cudaAddon } from '../dist/lib/backend/cuda/backend.js';

const { values: argv } = parseArgs({
  options: {
    calls: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    'tolerance-mib': { type: 'string', default: '64' },
    only: { type: 'string' },
    'max-size': { type: 'string', default: String((1 << 16) + 3) },
    json: { type: 'boolean', default: false },
    device: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const CALLS = Number(argv.calls);
const WAVE = Number(argv.concurrency);
const TOL = Number(argv['tolerance-mib']) * 2 ** 20;
const HEAP_TOL = Math.min(TOL, 16 * 2 ** 20);
const DEVICE_TOL = 16 * 2 ** 20;
if (typeof globalThis.gc !== 'function') {
  console.error('soak.mjs needs --expose-gc (node --expose-gc scripts/soak.mjs)');
  process.exit(2);
}
const gc = globalThis.gc;
const addon = cudaAddon();
const diag = addon && typeof addon.diagMemInfo === 'function' ? addon : null;
if (argv.device && !diag) {
  console.error('--device: no usable CUDA device with the diagnostics exports (binding/diagnostics.cc)');
  process.exit(2);
}

const SIZES = [1, 17, 1000, 4099, (1 << 16) + 3].filter((n) => n <= Number(argv['max-size']));
const root = cr.key(2026);
const table = cr.AliasTable.build(Float64Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? 0 : 1 / (i + 1))));
const weights = Float64Array.from({ length: 3000 }, (_, i) => (i + 1) ** -1.2);
const alphaFor = new Map(SIZES.map((n) => [n, Float64Array.from({ length: n }, (_, i) => 0.2 + (i % 50))]));

// name -> [sync(k, n), async(k, n)]; dirichlet rows are n/4 (K = 4) to keep the value count n.
const FNS = {
  bits: [(k, n) => cr.bits(k, n), (k, n) => cr.bitsAsync(k, n)],
  uniform: [(k, n) => cr.uniform(k, n, { dtype: 'float32' }), (k, n) => cr.uniformAsync(k, n)],
  normal: [(k, n) => cr.normal(k, n), (k, n) => cr.normalAsync(k, n, { method: 'polar', dtype: 'float32' })],
  gamma: [(k, n) => cr.gamma(k, n, { alpha: alphaFor.get(n) }), (k, n) => cr.gammaAsync(k, n, { alpha: 0.7, proposals: 4 })],
  exponential: [(k, n) => cr.exponential(k, n), (k, n) => cr.exponentialAsync(k, n, { dtype: 'float32' })],
  chisquare: [(k, n) => cr.chisquare(k, n, { df: 3 }), (k, n) => cr.chisquareAsync(k, n, { df: alphaFor.get(n) })],
  beta: [(k, n) => cr.beta(k, n, { a: 0.5, b: 2 }), (k, n) => cr.betaAsync(k, n, { a: 3, b: 0.2 })],
  dirichlet: [(k, n) => cr.dirichlet(k, [0.3, 1, 2, 5], Math.ceil(n / 4)), (k, n) => cr.dirichletAsync(k, [0.1, 0.2, 0.3, 0.4], Math.ceil(n / 4))],
  aliasSample: [(k, n) => table.sample(k, n), (k, n) => table.sampleAsync(k, n)],
  aliasCounts: [(k, n) => table.counts(k, n), (k, n) => table.countsAsync(k, n)],
  aliasBuild: [(k, n) => cr.AliasTable.build(weights.subarray(0, Math.min(n, 3000) || 1)).toBuffer(), null],
  categorical: [(k, n) => cr.categorical(k, weights, n), (k, n) => cr.categoricalAsync(k, weights, n, { method: 'cdf' })],
  xorwow: [(k, n) => new cr.Xorwow(k[0]).skip(n).fill(new Uint32Array(n)), null],
  keys: [(k, n) => cr.split(cr.foldIn(k, n), 8), null],
  poisson: [(k, n) => cr.poisson(k, n, { lam: 4.5 }), (k, n) => cr.poissonAsync(k, n, { lam: alphaFor.get(n) })],
  binomial: [(k, n) => cr.binomial(k, n, { count: 30, p: 0.3 }), (k, n) => cr.binomialAsync(k, n, { count: alphaFor.get(n).map(Math.floor), p: 0.2 })],
  negativeBinomial: [(k, n) => cr.negativeBinomial(k, n, { r: 3, p: 0.4 }), (k, n) => cr.negativeBinomialAsync(k, n, { r: 0.5, p: 0.7 })],
  multinomial: [(k, n) => cr.multinomial(k, Math.ceil(n / 3), { count: 50, probs: [1, 2, 3] }), (k, n) => cr.multinomialAsync(k, Math.ceil(n / 3), { count: 7, probs: [5, 0, 1] })],
  integers: [(k, n) => cr.integers(k, n, { low: -5, high: 2 ** 31 + 1, dtype: 'float64' }), (k, n) => cr.integersAsync(k, n, { high: 1000 })],
  bernoulli: [(k, n) => cr.bernoulli(k, n, { p: 0.3 }), (k, n) => cr.bernoulliAsync(k, n, { p: 0.7, dtype: 'float32' })],
  geometric: [(k, n) => cr.geometric(k, n, { p: 0.2 }), (k, n) => cr.geometricAsync(k, n, { p: 1e-3, dtype: 'float64' })],
};

function sample(deviceToo) {
  gc();
  gc();
  const m = process.memoryUsage();
  const s = { rss: m.rss, heap: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
  if (deviceToo && diag) s.deviceUsed = (({ free, total }) => total - free)(diag.diagMemInfo(true));
  return s;
}

/** Least-squares slope of ys over xs. */
function slope(xs, ys) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n, my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < n; i++) { sxy += (xs[i] - mx) * (ys[i] - my); sxx += (xs[i] - mx) ** 2; }
  return sxx ? sxy / sxx : 0;
}

/** Flatness of one phase (the sync calls, then the async ones), each with its own warm-up. */
function verdict(name, samples, totalCalls) {
  const out = { name, calls: totalCalls, samples: samples.length, problems: [] };
  for (const s of samples) s.heapExternal = s.heap + s.external;
  for (const phase of ['sync', 'async']) {
    const ph = samples.filter((s) => s.phase === phase);
    if (ph.length < 4) continue;
    const phaseCalls = ph[ph.length - 1].calls - ph[0].calls;
    const check = (field, tol) => {
      const have = ph.filter((s) => s[field] !== undefined);
      if (have.length < 2) return;
      const post = have.slice(Math.max(1, Math.floor(have.length * 0.2)));
      if (post.length < 2) return;
      const base = post[0][field];
      const ys = post.map((s) => s[field]);
      const peak = Math.max(...ys) - base;
      // The trend of the second half: warm-up growth levels off, a leak keeps its slope.
      const late = post.slice(Math.floor(post.length / 2));
      const projected = late.length >= 2 ? slope(late.map((s) => s.calls), late.map((s) => s[field])) * phaseCalls : 0;
      const key = `${phase} ${field}`;
      out[key] = { base, peakGrowth: peak, projectedGrowth: projected, last: ys[ys.length - 1] };
      if (peak > tol) out.problems.push(`${key} grew ${(peak / 2 ** 20).toFixed(1)} MiB after warm-up (tolerance ${(tol / 2 ** 20).toFixed(0)} MiB)`);
      if (projected > tol / 2) out.problems.push(`${key} trend ${(projected / 2 ** 20).toFixed(1)} MiB over ${phaseCalls} calls (tolerance ${(tol / 2 ** 21).toFixed(0)} MiB)`);
    };
    check('rss', TOL);
    check('heapExternal', HEAP_TOL);
    check('deviceUsed', DEVICE_TOL);
  }
  return out;
}

// Warm-up before anything is measured: the worker pool's threads, WASM instances, the addon and its
// staging buffers are created once, on first use.
for (const [syncF, asyncF] of Object.values(FNS)) {
  for (const n of SIZES) {
    syncF(root, n);
    if (asyncF) await Promise.all([asyncF(root, n), asyncF(root, n)]);
  }
}

const results = [];
const t0 = Date.now();
let idx = 0;
for (const [name, [syncF, asyncF]] of Object.entries(FNS)) {
  if (argv.only && !name.includes(argv.only)) continue;
  const k = cr.foldIn(root, idx++);
  const samples = [];
  const every = Math.max(1, Math.floor(CALLS / 25));
  let calls = 0;
  const t1 = Date.now();
  for (let i = 0; i < CALLS; i++) {
    syncF(k, SIZES[i % SIZES.length]);
    calls++;
    if (i % every === 0) samples.push({ phase: 'sync', calls, ...sample(i % (5 * every) === 0) });
  }
  if (asyncF) {
    for (let i = 0; i < CALLS; i += WAVE) {
      const wave = [];
      for (let j = i; j < Math.min(CALLS, i + WAVE); j++) wave.push(asyncF(k, SIZES[j % SIZES.length]));
      await Promise.all(wave);
      calls += wave.length;
      const w = Math.floor(i / WAVE), per = Math.max(1, Math.floor(every / WAVE));
      if (w % per === 0) samples.push({ phase: 'async', calls, ...sample(w % (5 * per) === 0) });
    }
  }
  samples.push({ phase: asyncF ? 'async' : 'sync', calls, ...sample(true) });
  if (argv.trace) for (const x of samples) console.error(`${name} ${x.calls} rss ${(x.rss / 2 ** 20).toFixed(1)} heap ${(x.heap / 2 ** 20).toFixed(1)} external ${(x.external / 2 ** 20).toFixed(1)}${x.deviceUsed === undefined ? '' : ` device ${(x.deviceUsed / 2 ** 20).toFixed(1)}`} MiB`);
  const v = verdict(name, samples, calls);
  v.seconds = (Date.now() - t1) / 1000;
  results.push(v);
  if (!argv.json) {
    const f = (x) => (x === undefined ? '–' : `+${(x.peakGrowth / 2 ** 20).toFixed(1)}/${(x.projectedGrowth / 2 ** 20).toFixed(1)}`);
    const ph = (p) => `${p} rss ${f(v[`${p} rss`])} heap+ext ${f(v[`${p} heapExternal`])}${v[`${p} deviceUsed`] ? ` device ${f(v[`${p} deviceUsed`])}` : ''}`;
    console.log(`${name.padEnd(12)} ${String(calls).padStart(6)} calls ${v.seconds.toFixed(0).padStart(4)} s  ${ph('sync')}  ${asyncF ? ph('async') : ''}  ` +
      `${v.problems.length ? 'NOT FLAT: ' + v.problems.join('; ') : 'flat'}`);
  }
}
await cr.shutdownPool();
const failed = results.filter((r) => r.problems.length);
const summary = {
  calls: CALLS, concurrency: WAVE, toleranceMiB: TOL / 2 ** 20, seconds: (Date.now() - t0) / 1000,
  backend: cr.backend().name, device: !!diag, failed: failed.map((r) => r.name), results,
};
if (argv.json) console.log(JSON.stringify(summary));
else console.log(`${results.length} functions, ${failed.length} not flat, ${summary.seconds.toFixed(0)} s (backend ${summary.backend}${diag ? ', device memory checked' : ''})`);
process.exitCode = failed.length ? 1 : 0;
