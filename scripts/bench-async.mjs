#!/usr/bin/env node
// Async twin against its sync call, same input, one process (issue 31: an async twin is never slower
// than its sync call): 2^20 elements into a reused plain out, best of 7 rounds of 5, interleaved.
//   npm run build && node scripts/bench-async.mjs
import * as api from '../dist/lib/index.js';
const k = api.key(1);
for (const [name, opts] of [['uniform', {}], ['normal', {}], ['exponential', {}], ['bits', {}], ['gamma', { alpha: 2 }], ['logistic', {}], ['weibull', { shape: 1.5 }], ['studentT', { df: 5 }]]) {
  const n = 1 << 20;
  const out = name === 'bits' ? new Uint32Array(n) : new Float64Array(n);
  const f = api[name], fa = api[name + 'Async'];
  for (let i = 0; i < 5; i++) { f(k, n, { ...opts, out }); await fa(k, n, { ...opts, out }); }
  let ts = 1e9, ta = 1e9;
  for (let r = 0; r < 7; r++) {
    let t = performance.now(); for (let i = 0; i < 5; i++) f(k, n, { ...opts, out }); ts = Math.min(ts, (performance.now() - t) / 5);
    t = performance.now(); for (let i = 0; i < 5; i++) await fa(k, n, { ...opts, out }); ta = Math.min(ta, (performance.now() - t) / 5);
  }
  console.log(name, 'sync', (n / ts / 1e3).toFixed(0), 'M/s  async', (n / ta / 1e3).toFixed(0), 'M/s');
}
await api.shutdownPool?.();
process.exit(0);
