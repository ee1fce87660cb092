#!/usr/bin/env node
/**
 * Throughput of the distribution samplers (TypeScript backend) next to the @stdlib JS samplers, in one
 * run: single thread (sync), then the worker pool (async) for n = 10^7. Prints a markdown table of
 * M samples/s. The @stdlib generators are called in a loop filling a Float64Array (their natural use).
 *
 *   npx tsc -p . && node scripts/bench-distributions.mjs [--n 2000000] [--async-n 10000000] [--reps 3]
 */
import { availableParallelism } from 'node:os';
import stdNormal from '@stdlib/random-base-normal';
import stdBoxMuller from '@stdlib/random-base-box-muller';
import stdGamma from '@stdlib/random-base-gamma';
import stdBeta from '@stdlib/random-base-beta';
import {
  key, normal, normalAsync, gamma, gammaAsync, beta, betaAsync, dirichlet, dirichletAsync, exponential,
  exponentialAsync, shutdownPool,
} from '../dist/lib/index.js';
import { poolSize } from '../dist/lib/pool.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const N = opt('--n', 2_000_000);
const NA = opt('--async-n', 10_000_000);
const REPS = opt('--reps', 3);
const k = key(12345);

/** Best-of-REPS rate in M samples/s; f(n) must produce n samples. */
function rate(f, n) {
  f(Math.min(n, 20000)); // warm up the JIT
  let best = Infinity;
  for (let r = 0; r < REPS; r++) {
    const t = performance.now();
    f(n);
    best = Math.min(best, performance.now() - t);
  }
  return n / best / 1e3;
}
async function rateAsync(f, n) {
  await f(Math.min(n, 1 << 17)); // spawn the pool
  let best = Infinity;
  for (let r = 0; r < REPS; r++) {
    const t = performance.now();
    await f(n);
    best = Math.min(best, performance.now() - t);
  }
  return n / best / 1e3;
}
const fill = (gen) => (n) => {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = gen();
  return out;
};

const DIR = [1, 2, 3];
const rows = [
  // [label, sync fn, async fn, stdlib peer label, stdlib fn]
  ['normal box-muller float64', (n) => normal(k, n), (n) => normalAsync(k, n), 'normal', fill(() => stdNormal(0, 1))],
  ['normal box-muller float32', (n) => normal(k, n, { dtype: 'float32' }), (n) => normalAsync(k, n, { dtype: 'float32' }), 'normal', null],
  ['normal polar float64', (n) => normal(k, n, { method: 'polar' }), (n) => normalAsync(k, n, { method: 'polar' }), 'box-muller', fill(() => stdBoxMuller())],
  ['normal polar float32', (n) => normal(k, n, { method: 'polar', dtype: 'float32' }), (n) => normalAsync(k, n, { method: 'polar', dtype: 'float32' }), 'box-muller', null],
  ['gamma α=2 float64', (n) => gamma(k, n, { alpha: 2 }), (n) => gammaAsync(k, n, { alpha: 2 }), 'gamma(2)', fill(() => stdGamma(2, 1))],
  ['gamma α=2 float32', (n) => gamma(k, n, { alpha: 2, dtype: 'float32' }), (n) => gammaAsync(k, n, { alpha: 2, dtype: 'float32' }), 'gamma(2)', null],
  ['gamma α=0.3 float64', (n) => gamma(k, n, { alpha: 0.3 }), (n) => gammaAsync(k, n, { alpha: 0.3 }), 'gamma(0.3)', fill(() => stdGamma(0.3, 1))],
  ['gamma α=0.3 float32', (n) => gamma(k, n, { alpha: 0.3, dtype: 'float32' }), (n) => gammaAsync(k, n, { alpha: 0.3, dtype: 'float32' }), 'gamma(0.3)', null],
  ['beta(2, 3) float64', (n) => beta(k, n, { a: 2, b: 3 }), (n) => betaAsync(k, n, { a: 2, b: 3 }), 'beta(2, 3)', fill(() => stdBeta(2, 3))],
  ['dirichlet [1,2,3] float64 (values)', (n) => dirichlet(k, DIR, Math.ceil(n / 3)), (n) => dirichletAsync(k, DIR, Math.ceil(n / 3)), null, null],
  ['exponential float64', (n) => exponential(k, n), (n) => exponentialAsync(k, n), null, null],
];

const peers = new Map();
const out = [];
for (const [label, sync, asyncF, peer, peerF] of rows) {
  if (peer && peerF && !peers.has(peer)) peers.set(peer, rate(peerF, N));
  const s = rate(sync, N);
  const a = await rateAsync(asyncF, NA);
  out.push({ label, s, a, peer, p: peer ? peers.get(peer) : undefined });
  process.stderr.write(`${label}: ${s.toFixed(1)} / ${a.toFixed(1)}\n`);
}

// proposals M: same output, different cost
const mRows = [];
for (const M of [1, 2, 4, 8]) {
  mRows.push([M, rate((n) => gamma(k, n, { alpha: 2, proposals: M }), N / 2), rate((n) => gamma(k, n, { alpha: 2, dtype: 'float32', proposals: M }), N / 2)]);
}
await shutdownPool();

const f = (v) => (v === undefined ? '–' : v.toFixed(1));
console.log(`Node ${process.version}, ${availableParallelism()} CPUs, pool of ${poolSize()} workers; sync n = ${N}, async n = ${NA}, best of ${REPS}.\n`);
console.log('| sampler | sync M/s | async M/s | @stdlib peer | peer M/s | sync / peer | async / peer |');
console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
for (const r of out) {
  const ratio = (x) => (r.p ? `${(x / r.p).toFixed(2)}×` : '–');
  console.log(`| ${r.label} | ${f(r.s)} | ${f(r.a)} | ${r.peer ?? '–'} | ${f(r.p)} | ${ratio(r.s)} | ${ratio(r.a)} |`);
}
console.log('\n| gamma α=2, proposals M | float64 M/s | float32 M/s |');
console.log('| ---: | ---: | ---: |');
for (const [M, a, b] of mRows) console.log(`| ${M} | ${f(a)} | ${f(b)} |`);
