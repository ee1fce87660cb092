#!/usr/bin/env node
// Single-thread throughput of the CPU backend's samplers next to @stdlib's, measured side by side in
// one process: every round times each case once, in turn, so a noisy neighbour slows all of them
// alike; the table gives the best and the median round. Run on the built package (`npx tsc -p .`):
//
//   node scripts/bench-samplers.mjs                  n = 65536 (40 rounds) and 2·10^6 (8 rounds)
//   node scripts/bench-samplers.mjs --rounds 80      rounds at the small n (the large n gets a fifth)
//   node scripts/bench-samplers.mjs --n 65536        one size only
//
// "WASM" is the default path through the public API (backend 'cpu', a reused `out`: the fast kernels
// of lib/wasm/samplers.ts); "JS" the same job run by the specification alone — the registry's op and
// lowered parameters through runKernel with the path injected ({ fast: false }: the loops of
// lib/kernels, which still take their Philox words from the WASM Philox module). Every transform of the
// registry is included. The @stdlib samplers fill a Float64Array in a loop, their natural use.
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(join(root, 'dist/lib', p)).href;
const require = createRequire(join(root, 'package.json'));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const rounds = Number(opt('--rounds', '40'));
const sizes = opt('--n', '') ? [Number(opt('--n', ''))] : [65536, 2_000_000];

const api = await import(dist('index.js'));
const { samplersWasmAvailable } = await import(dist('wasm/samplers.js'));
const { runKernel } = await import(dist('backend/cpu/kernels.js'));
const { SAMPLERS, TRANSFORMS } = await import(dist('samplers/registry.js'));
const { ordinaryValues } = await import(dist('samplers/examples.js'));
if (!samplersWasmAvailable()) throw new Error('the WASM samplers are unavailable here');
const std = {
  normal: require('@stdlib/random-base-normal'),
  gamma: require('@stdlib/random-base-gamma'),
  exponential: require('@stdlib/random-base-exponential'),
  beta: require('@stdlib/random-base-beta'),
  lognormal: require('@stdlib/random-base-lognormal'),
  weibull: require('@stdlib/random-base-weibull'),
};
/** The @stdlib sampler of a transform at our parameters (its argument order), where there is one. */
const PEER_OF = {
  lognormal: (p) => () => std.lognormal(p.mean, p.std),
  weibull: (p) => () => std.weibull(p.shape, p.scale),
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function cases(n) {
  const k = api.key(12345);
  const f64 = new Float64Array(n);
  const f32 = new Float32Array(n);
  const fill = (gen) => () => { for (let i = 0; i < n; i++) f64[i] = gen(); };
  let off = 0; // a new range each run, like a stream of calls
  const at = () => { off = (off + n) % 2 ** 40; return off; };
  /** [the public call (WASM path), the specification kernel alone on the same job (JS path)]. */
  const ours = (name, opts, out) => {
    const s = SAMPLERS.find((x) => x.name === name);
    const values = { method: s.method?.default };
    for (const p of s.params) values[p.name] = p.default;
    Object.assign(values, opts);
    const low = s.lower(values, out instanceof Float32Array ? 'float32' : 'float64');
    const o = { backend: 'cpu', out, ...(out instanceof Float32Array ? { dtype: 'float32' } : {}), ...opts };
    return [
      () => api[name](k, n, { ...o, offset: at() }),
      () => { const first = at(); runKernel(low.op, { k0: k[0], k1: k[1], lo: first % 2 ** 32, hi: Math.floor(first / 2 ** 32), params: low.params, perElement: {}, out }, { fast: false }); },
    ];
  };
  const rows = [
    ['normal box-muller float64', ours('normal', {}, f64), '@stdlib normal', fill(() => std.normal(0, 1))],
    ['normal box-muller float32', ours('normal', {}, f32), '@stdlib normal'],
    ['normal polar float64', ours('normal', { method: 'polar' }, f64), '@stdlib normal'],
    ['gamma α=2 float64', ours('gamma', { alpha: 2 }, f64), '@stdlib gamma(2)', fill(() => std.gamma(2, 1))],
    ['gamma α=2 float32', ours('gamma', { alpha: 2 }, f32), '@stdlib gamma(2)'],
    ['gamma α=0.3 float64', ours('gamma', { alpha: 0.3 }, f64), '@stdlib gamma(0.3)', fill(() => std.gamma(0.3, 1))],
    ['beta(2, 3) float64', ours('beta', { a: 2, b: 3 }, f64), '@stdlib beta(2, 3)', fill(() => std.beta(2, 3))],
    ['exponential float64', ours('exponential', {}, f64), '@stdlib exponential', fill(() => std.exponential(1))],
  ];
  for (const t of TRANSFORMS) {
    const p = ordinaryValues(t, true);
    const label = `${t.name}(${Object.values(p).join(', ')})`;
    const peer = PEER_OF[t.name] ? `@stdlib ${label}` : '–';
    rows.push([`${label} float64`, ours(t.name, p, f64), peer, PEER_OF[t.name] && fill(PEER_OF[t.name](p))],
      [`${label} float32`, ours(t.name, p, f32), peer]);
  }
  const timed = [];
  for (const [label, [wasm, js], peer, peerFill] of rows) {
    timed.push({ id: `${label} WASM`, f: wasm }, { id: `${label} JS`, f: js });
    if (peerFill) timed.push({ id: peer, f: peerFill });
  }
  return { rows, timed };
}

const env = {
  date: new Date().toISOString().slice(0, 10),
  commit: (() => { try { return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(); } catch { return '?'; } })(),
  cpu: `${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}`,
  node: process.version,
};
console.log(`# Samplers, single thread, side by side (${env.date}, commit ${env.commit}, ${env.cpu}, Node ${env.node})`);
console.log(`# node scripts/bench-samplers.mjs ${args.join(' ')}`.trimEnd());

for (const n of sizes) {
  const R = n > 1e5 ? Math.max(3, Math.round(rounds / 5)) : rounds;
  const { rows, timed } = cases(n);
  for (const c of timed) c.f(); // warm-up (JIT, tier-up of the WASM functions)
  const ms = new Map(timed.map((c) => [c.id, []]));
  for (let r = 0; r < R; r++) {
    for (const c of timed) {
      const t = performance.now();
      c.f();
      ms.get(c.id).push(performance.now() - t);
    }
  }
  const rate = (id, pick) => n / pick(ms.get(id)) / 1e3; // M values/s
  const best = (xs) => Math.min(...xs);
  console.log(`\n## n = ${n}, ${R} rounds: M values/s, best / median round\n`);
  console.log('| sampler | WASM | JS | WASM / JS | peer | peer | WASM / peer (best) | WASM / peer (median) |');
  console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const [label, , peer] of rows) {
    const w = [rate(`${label} WASM`, best), rate(`${label} WASM`, median)];
    const j = [rate(`${label} JS`, best), rate(`${label} JS`, median)];
    const p = ms.has(peer) ? [rate(peer, best), rate(peer, median)] : null;
    const f = (x) => x.toFixed(1);
    console.log(`| ${label} | ${f(w[0])} / ${f(w[1])} | ${f(j[0])} / ${f(j[1])} | ${(w[0] / j[0]).toFixed(2)}× | ${peer} | ` +
      `${p ? `${f(p[0])} / ${f(p[1])}` : '–'} | ${p ? `${(w[0] / p[0]).toFixed(2)}×` : '–'} | ${p ? `${(w[1] / p[1]).toFixed(2)}×` : '–'} |`);
  }
}
