#!/usr/bin/env node
// One thread against numpy, side by side in one run: each round times every case once, in turn — ours
// (the public sync call, backend 'cpu', a reused `out`), optionally the same call from another build
// (--before DIST: a base commit built elsewhere, for before/after), and numpy's Generator with PCG64 and
// with Philox (a python3 child per round, each expression timed once after a warm-up) — so a noisy
// neighbour slows them alike; the table gives each one's median round and the ratio to the faster
// numpy generator. Where numpy's call takes an `out` (standard_gamma, standard_exponential), it gets one.
//
//   node scripts/bench-numpy.mjs                                 n = 10^6, 7 rounds, every case
//   node scripts/bench-numpy.mjs --before /tmp/base/dist/lib/index.js --rounds 9 --n 1000000
//   --only vonMises,wald     cases whose sampler is listed        PYTHON=…   another python3
//   --async                  ours through the async twins (the worker pool) against numpy's one thread
//
// Run on the built package (`npx tsc -p .`).
import { execSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const n = Number(opt('--n', '1000000'));
const rounds = Number(opt('--rounds', '7'));
const only = opt('--only', '') ? opt('--only', '').split(',') : null;
// --async: ours is the async twin (the worker pool, CUDA_RANDOM_THREADS or the CPU count; ops whose host
// kernel outruns the pool's copies run in the calling thread) against numpy's one thread
const asyncMode = args.includes('--async');
const api = await import(pathToFileURL(join(root, 'dist/lib/index.js')).href);
const beforePath = opt('--before', '');
const before = beforePath ? await import(pathToFileURL(beforePath).href) : null;

/**
 * [sampler, options, dtype, numpy expression over g and n (null: no numpy twin), values per row]. Rows
 * samplers (dirichlet, multinomial, multivariateNormal) take n rows; `vector` is dirichlet's α;
 * permutation takes n as its length. The rate column counts calls' rows (numpy's size).
 */
const ALL = [
  ['vonMises', { mu: 0, kappa: 4 }, 'float64', 'g.vonmises(0, 4, n)'],
  ['vonMises', { mu: 0, kappa: 4 }, 'float32', null],
  ['vonMises', { mu: 0, kappa: 0.5 }, 'float64', 'g.vonmises(0, 0.5, n)'],
  ['wald', { mean: 1, scale: 2 }, 'float64', 'g.wald(1, 2, n)'],
  ['wald', { mean: 1, scale: 2 }, 'float32', null],
  ['studentT', { df: 5 }, 'float64', 'g.standard_t(5, n)'],
  ['studentT', { df: 5 }, 'float32', null],
  ['studentT', { df: 1.5 }, 'float64', 'g.standard_t(1.5, n)'],
  ['f', { dfn: 5, dfd: 7 }, 'float64', 'g.f(5, 7, n)'],
  ['f', { dfn: 5, dfd: 7 }, 'float32', null],
  ['f', { dfn: 0.5, dfd: 1.5 }, 'float64', 'g.f(0.5, 1.5, n)'],
  ['gamma', { alpha: 2 }, 'float64', 'g.standard_gamma(2, n, out=o64)'],
  ['gamma', { alpha: 2 }, 'float32', 'g.standard_gamma(2, n, dtype=np.float32, out=o32)'],
  ['gamma', { alpha: 1 }, 'float64', 'g.standard_gamma(1, n, out=o64)'],
  ['gamma', { alpha: 3 }, 'float64', 'g.standard_gamma(3, n, out=o64)'],
  ['gamma', { alpha: 50 }, 'float64', 'g.standard_gamma(50, n, out=o64)'],
  ['gamma', { alpha: 0.3 }, 'float64', 'g.standard_gamma(0.3, n, out=o64)'],
  ['chisquare', { df: 3 }, 'float64', 'g.chisquare(3, n)'],
  ['chisquare', { df: 4 }, 'float64', 'g.chisquare(4, n)'],
  ['beta', { a: 2, b: 5 }, 'float64', 'g.beta(2, 5, n)'],
  ['beta', { a: 0.5, b: 5 }, 'float64', 'g.beta(0.5, 5, n)'],
  ['beta', { a: 0.5, b: 0.5 }, 'float64', 'g.beta(0.5, 0.5, n)'],
  ['beta', { a: 0.5, b: 0.5 }, 'float32', null],
  ['beta', { a: 0.1, b: 0.9 }, 'float64', 'g.beta(0.1, 0.9, n)'],
  ['beta', { a: 1, b: 1 }, 'float64', 'g.beta(1, 1, n)'],
  ['dirichlet', { vector: [1, 2, 3] }, 'float64', 'g.dirichlet([1, 2, 3], n)'],
  ['dirichlet', { vector: [1, 1, 1] }, 'float64', 'g.dirichlet([1, 1, 1], n)'],
  ['negativeBinomial', { r: 5, p: 0.3 }, 'int32', 'g.negative_binomial(5, 0.3, n)'],
  ['exponential', {}, 'float64', 'g.standard_exponential(n, out=o64)'],
  ['exponential', {}, 'float32', 'g.standard_exponential(n, dtype=np.float32, out=o32)'],
  ['rayleigh', { scale: 1 }, 'float64', 'g.rayleigh(1, n)'],
  ['power', { a: 0.5 }, 'float64', 'g.power(0.5, n)'],
  ['weibull', { shape: 1.5 }, 'float64', 'g.weibull(1.5, n)'],
  ['logistic', {}, 'float64', 'g.logistic(0, 1, n)'],
  ['gumbel', {}, 'float64', 'g.gumbel(0, 1, n)'],
  ['geometric', { p: 0.01 }, 'int32', 'g.geometric(0.01, n)'],
  ['binomial', { count: 1e6, p: 0.4 }, 'int32', 'g.binomial(1000000, 0.4, n)'],
  ['multinomial', { count: 100, probs: Array(10).fill(0.1) }, 'int32', 'g.multinomial(100, [0.1] * 10, n)', 10],
  ['multinomial', { count: 10000, probs: [0.5, 0.3, 0.2] }, 'int32', 'g.multinomial(10000, [0.5, 0.3, 0.2], n)', 3],
  ['multinomial', { count: 20, probs: Array(100).fill(0.01) }, 'int32', 'g.multinomial(20, [0.01] * 100, n)', 100],
  ['multivariateNormal', { mean: [0, 0, 0], cov: [[2, 0.5, 0.2], [0.5, 1, 0.3], [0.2, 0.3, 1.5]] }, 'float64',
    'g.multivariate_normal([0, 0, 0], [[2, 0.5, 0.2], [0.5, 1, 0.3], [0.2, 0.3, 1.5]], n)', 3],
  ['permutation', {}, 'int32', 'g.permutation(n)'],
  // the other samplers, and the parameter regions where another algorithm or branch runs
  ['uniform', {}, 'float64', 'g.random(n, out=o64)'],
  ['normal', {}, 'float64', 'g.standard_normal(n, out=o64)'],
  ['normal', {}, 'float32', 'g.standard_normal(n, dtype=np.float32, out=o32)'],
  ['integers', { low: 0, high: 100 }, 'int32', 'g.integers(0, 100, n, dtype=np.int32)'],
  ['lognormal', {}, 'float64', 'g.lognormal(0, 1, n)'],
  ['cauchy', {}, 'float64', 'g.standard_cauchy(n)'],
  ['laplace', {}, 'float64', 'g.laplace(0, 1, n)'],
  ['pareto', { alpha: 3 }, 'float64', 'g.pareto(3, n)'],
  ['triangular', { left: 0, mode: 0.3, right: 1 }, 'float64', 'g.triangular(0, 0.3, 1, n)'],
  ['weibull', { shape: 0.2 }, 'float64', 'g.weibull(0.2, n)'],
  ['wald', { mean: 100, scale: 0.1 }, 'float64', 'g.wald(100, 0.1, n)'],
  ['vonMises', { mu: 0, kappa: 1000 }, 'float64', 'g.vonmises(0, 1000, n)'],
  ['gamma', { alpha: 0.01 }, 'float64', 'g.standard_gamma(0.01, n, out=o64)'],
  ['gamma', { alpha: 10000 }, 'float64', 'g.standard_gamma(10000, n, out=o64)'],
  ['chisquare', { df: 0.5 }, 'float64', 'g.chisquare(0.5, n)'],
  ['studentT', { df: 1000 }, 'float64', 'g.standard_t(1000, n)'],
  ['f', { dfn: 100, dfd: 100 }, 'float64', 'g.f(100, 100, n)'],
  ['beta', { a: 30, b: 40 }, 'float64', 'g.beta(30, 40, n)'],
  ['beta', { a: 0.01, b: 0.01 }, 'float64', 'g.beta(0.01, 0.01, n)'],
  ['dirichlet', { vector: [0.05, 0.05, 0.05] }, 'float64', 'g.dirichlet([0.05, 0.05, 0.05], n)'],
  ['dirichlet', { vector: [0.5, 0.5, 0.5] }, 'float64', 'g.dirichlet([0.5, 0.5, 0.5], n)'],
  ['dirichlet', { vector: [0.05, 0.05, 2] }, 'float64', 'g.dirichlet([0.05, 0.05, 2], n)'],
  ['poisson', { lam: 0.05 }, 'int32', 'g.poisson(0.05, n)'],
  ['poisson', { lam: 3 }, 'int32', 'g.poisson(3, n)'],
  ['poisson', { lam: 1000 }, 'int32', 'g.poisson(1000, n)'],
  ['binomial', { count: 1, p: 0.3 }, 'int32', 'g.binomial(1, 0.3, n)'],
  ['binomial', { count: 20, p: 0.1 }, 'int32', 'g.binomial(20, 0.1, n)'],
  ['binomial', { count: 100, p: 0.3 }, 'int32', 'g.binomial(100, 0.3, n)'],
  ['geometric', { p: 0.5 }, 'int32', 'g.geometric(0.5, n)'],
  ['negativeBinomial', { r: 0.5, p: 0.9 }, 'int32', 'g.negative_binomial(0.5, 0.9, n)'],
  ['logseries', { p: 0.6 }, 'float64', 'g.logseries(0.6, n)'],
  ['logseries', { p: 0.99 }, 'float64', 'g.logseries(0.99, n)'],
  ['zipf', { a: 2 }, 'float64', 'g.zipf(2, n)'],
  ['zipf', { a: 1.1 }, 'float64', 'g.zipf(1.1, n)'],
  ['zipf', { a: 5 }, 'float64', 'g.zipf(5, n)'],
  ['hypergeometric', { ngood: 100, nbad: 200, nsample: 50 }, 'float64', 'g.hypergeometric(100, 200, 50, n)'],
  ['hypergeometric', { ngood: 5, nbad: 7, nsample: 3 }, 'float64', 'g.hypergeometric(5, 7, 3, n)'],
  ['hypergeometric', { ngood: 1e8, nbad: 3e8, nsample: 1e6 }, 'float64', 'g.hypergeometric(10**8, 3 * 10**8, 10**6, n)'],
  ['negativeBinomial', { r: 1000, p: 0.5 }, 'int32', 'g.negative_binomial(1000, 0.5, n)'],
  ['multinomial', { count: 1e6, probs: [0.5, 0.5] }, 'int32', 'g.multinomial(1000000, [0.5, 0.5], n)', 2],
];
const CASES = ALL.filter(([s]) => !only || only.includes(s));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const k = api.key(12345);
const outs = new Map();
const outFor = (dtype, len) => {
  const id = `${dtype} ${len}`;
  const C = { float64: Float64Array, float32: Float32Array, int32: Int32Array }[dtype];
  if (!outs.has(id)) outs.set(id, new C(len));
  return outs.get(id);
};
const call = (lib, [name, o, dtype, , per = 1]) => {
  const { vector, ...rest } = o;
  const out = outFor(dtype, n * (name === 'dirichlet' ? vector.length : per));
  const opts = { ...rest, backend: 'cpu', dtype, out };
  const fn = (f) => (asyncMode ? lib[`${f}Async`] : lib[f]);
  if (name === 'dirichlet') return () => fn('dirichlet')(k, vector, n, opts);
  if (name === 'permutation') return () => fn('permutation')(k, n, { backend: 'cpu', out });
  return () => fn(name)(k, n, opts);
};
const timed = [];
for (const c of CASES) {
  timed.push({ id: `${JSON.stringify(c)} after`, f: call(api, c) });
  if (before) timed.push({ id: `${JSON.stringify(c)} before`, f: call(before, c) });
}

const exprs = CASES.map((c) => c[3]).filter(Boolean);
const script = `
import json, sys, time
import numpy as np
n = int(sys.argv[2])
o64 = np.empty(n)
o32 = np.empty(n, dtype=np.float32)
res = {}
for name, bg in (('PCG64', np.random.PCG64), ('Philox', np.random.Philox)):
    g = np.random.Generator(bg(12345))
    for e in json.loads(sys.argv[1]):
        f = eval('lambda: ' + e)
        f()
        t = time.perf_counter(); f(); res[name + ' ' + e] = (time.perf_counter() - t) * 1e3
print(json.dumps(res))
`;
const py = process.env.PYTHON || 'python3';
const pyEnv = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1' };
const numpyVersion = spawnSync(py, ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' })
  .stdout.trim();

for (const c of timed) await c.f();  // warm-up (JIT, the WebAssembly module, the pool's workers)
const ms = new Map();
const push = (id, t) => { if (!ms.has(id)) ms.set(id, []); ms.get(id).push(t); };
for (let r = 0; r < rounds; r++) {
  for (const c of timed) {
    const t = performance.now();
    await c.f();
    push(c.id, performance.now() - t);
  }
  if (exprs.length) {
    const res = spawnSync(py, ['-c', script, JSON.stringify(exprs), String(n)], { encoding: 'utf8', env: pyEnv });
    if (res.status !== 0) throw new Error(`numpy: ${res.stderr}`);
    for (const [id, t] of Object.entries(JSON.parse(res.stdout))) push(id, t);
    // spawning the child forked this process: every page of the `out` buffers is copy-on-write until
    // written again, and the first call into each would pay those faults (tens of ms for 8 MB)
    for (const o of outs.values()) o.fill(0);
    // the pool's shared slabs too (one pair per size): each case once, untimed, writes them again
    if (asyncMode) for (const c of timed) await c.f();
  }
}

const commit = (() => {
  try { return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(); } catch { return '?'; }
})();
const cpu = `${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}`;
const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`# ${asyncMode ? `Async twins (pool of ${process.env.CUDA_RANDOM_THREADS || Math.min(os.availableParallelism(), 16)} threads)` : 'One thread'} vs numpy ${numpyVersion} (one thread), n = ${n}, ${rounds} interleaved rounds, medians (M values/s)`);
const date = new Date().toISOString().slice(0, 10);
console.log(`# ${date}, commit ${commit}, ${cpu}, Node ${process.version}, load ${load}`);
console.log(`# node scripts/bench-numpy.mjs ${args.join(' ')}`.trimEnd());
console.log('');
const rate = (id) => (ms.has(id) ? n / median(ms.get(id)) / 1e3 : NaN);
const f = (x) => (Number.isNaN(x) ? '–' : x.toFixed(1));
const ratio = (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? '–' : `${(a / b).toFixed(2)}`);
const cols = ['sampler', 'ours', ...(before ? ['ours before'] : []), 'numpy PCG64', 'numpy Philox', 'ours / numpy',
  ...(before ? ['before / numpy'] : [])];
console.log(`| ${cols.join(' | ')} |`);
console.log(`| --- |${' ---: |'.repeat(cols.length - 1)}`);
for (const c of CASES) {
  const [name, o, dtype, e] = c;
  const a = rate(`${JSON.stringify(c)} after`), b = rate(`${JSON.stringify(c)} before`);
  const pcg = e ? rate(`PCG64 ${e}`) : NaN, philox = e ? rate(`Philox ${e}`) : NaN;
  const np = Math.max(pcg, philox);
  const label = Object.entries(o).map(([a, v]) => `${a}=${JSON.stringify(v)}`).join(', ');
  const cells = [`${name}(${label.length > 40 ? label.slice(0, 37) + '…' : label}) ${dtype}`, f(a), ...(before ? [f(b)] : []), f(pcg), f(philox),
    ratio(a, np), ...(before ? [ratio(b, np)] : [])];
  console.log(`| ${cells.join(' | ')} |`);
}
await api.shutdownPool?.();
