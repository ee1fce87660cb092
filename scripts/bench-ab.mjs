#!/usr/bin/env node
// A/B benchmark of two built checkouts of cuda-random in one process, interleaved so that both see the
// same machine state: each public sampler on the CPU backend, sync (the calling thread: the WebAssembly
// or JavaScript kernels) and async (the worker pool), best of `--reps` alternating runs. For "the CPU
// benchmark is not slower" claims across a refactor (bench/RESULTS.md records them).
//
//   git worktree add /tmp/before <commit> && (cd /tmp/before && ln -s $PWD/node_modules . && npx tsc -p .)
//   npx tsc -p . && node scripts/bench-ab.mjs /tmp/before . [--n 2100000] [--reps 7] [--json]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const [dirA, dirB] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!dirA || !dirB) {
  console.error('usage: node scripts/bench-ab.mjs <checkout A> <checkout B> [--n N] [--reps R] [--json]');
  process.exit(2);
}
const n = Number(flag('--n', '2100000'));
const reps = Number(flag('--reps', '7'));
const load = (d) => import(pathToFileURL(resolve(d, 'dist/lib/index.js')).href);
const [A, B] = await Promise.all([load(dirA), load(dirB)]);

/** [label, output kind, function (a public name, or (lib, async) => the function to call), options, the
 *  vector of a rows sampler]. */
const cases = [
  ['bits', 'u32', 'bits', {}],
  ['uniform float64', 'f64', 'uniform', {}],
  ['uniform float32', 'f32', 'uniform', {}],
  ['normal box-muller float64', 'f64', 'normal', {}],
  ['normal box-muller float32', 'f32', 'normal', {}],
  ['normal polar float64', 'f64', 'normal', { method: 'polar' }],
  ['exponential float64', 'f64', 'exponential', {}],
  ['gamma α=2 float64', 'f64', 'gamma', { alpha: 2 }],
  ['gamma α=0.3 float32', 'f32', 'gamma', { alpha: 0.3 }],
  ['chisquare df=3 float64', 'f64', 'chisquare', { df: 3 }],
  ['beta(2, 3) float64', 'f64', 'beta', { a: 2, b: 3 }],
  ['beta(2, 5) float64', 'f64', 'beta', { a: 2, b: 5 }],
  ['gamma α=50 float64', 'f64', 'gamma', { alpha: 50 }],
  ['dirichlet [1,2,3] float64', 'f64', 'dirichlet', {}, [1, 2, 3]],
  ['AliasTable#sample (10^4 rows)', 'u32', (L, a) => { const t = table(L); return (k, m, o) => (a ? t.sampleAsync(k, m, o) : t.sample(k, m, o)); }, {}],
  ['categorical (100 weights)', 'u32', (L, a) => (k, m, o) => (a ? L.categoricalAsync : L.categorical)(k, WEIGHTS, m, o), {}],
];
const WEIGHTS = Float64Array.from({ length: 100 }, (_, i) => 1 + (i % 7));
const tables = new Map();
const table = (L) => {
  if (!tables.has(L)) tables.set(L, L.AliasTable.build(Float64Array.from({ length: 10000 }, (_, i) => 1 + (i % 13))));
  return tables.get(L);
};
const outs = { u32: new Uint32Array(n), f32: new Float32Array(n), f64: new Float64Array(n) };

/** Values per second (millions), best of `reps`. */
async function best(f) {
  let t = Infinity;
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    await f();
    t = Math.min(t, performance.now() - s);
  }
  return n / t / 1e3;
}

const run = (L, fn, opts, vector, out, async = false) => {
  const o = { ...opts, out, backend: 'cpu' };
  const k = L.key(1);
  const f = typeof fn === 'function' ? fn(L, async) : L[async ? `${fn}Async` : fn];
  return vector ? f(k, vector, n / vector.length, o) : f(k, n, o);
};

const rows = [];
for (const [label, kind, fn, opts, vector] of cases) {
  const out = outs[kind];
  const r = { label };
  // A B A B: drift between the two passes shows as A ≠ A2
  for (const [name, L] of [['A', A], ['B', B], ['A2', A], ['B2', B]]) r[name] = await best(() => run(L, fn, opts, vector, out));
  for (const [name, L] of [['Aasync', A], ['Basync', B]]) r[name] = await best(() => run(L, fn, opts, vector, out, true));
  rows.push(r);
  if (!args.includes('--json')) {
    const a = Math.max(r.A, r.A2), b = Math.max(r.B, r.B2);
    console.log(`${label.padEnd(28)} sync A ${a.toFixed(1).padStart(7)}  B ${b.toFixed(1).padStart(7)}  B/A ${(b / a).toFixed(2)}` +
      `   async A ${r.Aasync.toFixed(1).padStart(7)}  B ${r.Basync.toFixed(1).padStart(7)}  B/A ${(r.Basync / r.Aasync).toFixed(2)}`);
  }
}
if (args.includes('--json')) console.log(JSON.stringify({ n, reps, A: dirA, B: dirB, rows }));
A.shutdownPool?.();
B.shutdownPool?.();
