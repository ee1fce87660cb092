#!/usr/bin/env node
// Single-thread throughput of the CPU backend's samplers next to @stdlib's, measured side by side in
// one process: every round times each case once, in turn, so a noisy neighbour slows all of them
// alike; the table gives the best and the median round. Run on the built package (`npx tsc -p .`):
//
//   node scripts/bench-samplers.mjs                  n = 65536 (40 rounds) and 2·10^6 (8 rounds)
//   node scripts/bench-samplers.mjs --rounds 80      rounds at the small n (the large n gets a fifth)
//   node scripts/bench-samplers.mjs --n 65536        one size only
//
// "WASM" is the default path (lib/wasm/samplers.ts); "JS" the same call with the WASM samplers turned
// off in-process (setSamplersWasm(false): the loops of lib/kernels/normal.ts and gamma.ts, which still
// take their Philox words from the WASM Philox module, as before this path existed). Both go through
// the public API (normal/gamma/exponential/beta with backend 'cpu' and a reused `out`). The @stdlib
// samplers fill a Float64Array in a loop, their natural use.
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
const { setSamplersWasm, samplersWasmAvailable } = await import(dist('wasm/samplers.js'));
if (!samplersWasmAvailable()) throw new Error('the WASM samplers are unavailable here');
const std = {
  normal: require('@stdlib/random-base-normal'),
  gamma: require('@stdlib/random-base-gamma'),
  exponential: require('@stdlib/random-base-exponential'),
  beta: require('@stdlib/random-base-beta'),
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function cases(n) {
  const k = api.key(12345);
  const f64 = new Float64Array(n);
  const f32 = new Float32Array(n);
  const o64 = { backend: 'cpu', out: f64 };
  const o32 = { backend: 'cpu', dtype: 'float32', out: f32 };
  const fill = (gen) => () => { for (let i = 0; i < n; i++) f64[i] = gen(); };
  let off = 0; // a new range each run, like a stream of calls
  const ours = (f) => [() => { setSamplersWasm(true); f(); }, () => { setSamplersWasm(false); f(); setSamplersWasm(true); }];
  const at = () => { off = (off + n) % 2 ** 40; return off; };
  const rows = [
    ['normal box-muller float64', ours(() => api.normal(k, n, { ...o64, offset: at() })), '@stdlib normal', fill(() => std.normal(0, 1))],
    ['normal box-muller float32', ours(() => api.normal(k, n, { ...o32, offset: at() })), '@stdlib normal'],
    ['normal polar float64', ours(() => api.normal(k, n, { ...o64, method: 'polar', offset: at() })), '@stdlib normal'],
    ['gamma α=2 float64', ours(() => api.gamma(k, n, { ...o64, alpha: 2, offset: at() })), '@stdlib gamma(2)', fill(() => std.gamma(2, 1))],
    ['gamma α=2 float32', ours(() => api.gamma(k, n, { ...o32, alpha: 2, offset: at() })), '@stdlib gamma(2)'],
    ['gamma α=0.3 float64', ours(() => api.gamma(k, n, { ...o64, alpha: 0.3, offset: at() })), '@stdlib gamma(0.3)', fill(() => std.gamma(0.3, 1))],
    ['beta(2, 3) float64', ours(() => api.beta(k, n, { ...o64, a: 2, b: 3, offset: at() })), '@stdlib beta(2, 3)', fill(() => std.beta(2, 3))],
    ['exponential float64', ours(() => api.exponential(k, n, { ...o64, offset: at() })), '@stdlib exponential', fill(() => std.exponential(1))],
  ];
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
