#!/usr/bin/env node
// npm run demo: a small, real sampling report on the best available backend.
import * as cr from 'cuda-random';

const t0 = performance.now();
const info = cr.backend();
console.log(`cuda-random demo — backend: ${info.name} (${info.reason})\n`);

const k = cr.key(2026);
const n = 1_000_000;
const line = (name, arr, secs, extra = '') => {
  let s = 0, s2 = 0;
  for (let i = 0; i < arr.length; i++) { s += arr[i]; s2 += arr[i] * arr[i]; }
  const mean = s / arr.length;
  const sd = Math.sqrt(s2 / arr.length - mean * mean);
  console.log(`${name.padEnd(34)} n=${arr.length}  mean=${mean.toFixed(4).padStart(8)}  sd=${sd.toFixed(4).padStart(7)}  ${(arr.length / secs / 1e6).toFixed(1).padStart(6)} M/s  ${extra}`);
};
const timed = (f) => { const t = performance.now(); const r = f(); return [r, (performance.now() - t) / 1e3]; };

const [w, tw] = timed(() => cr.bits(k, n));
let ones = 0;
for (const x of w) ones += popcount(x);
line('bits (uint32 words)', w, tw, `ones fraction=${(ones / (32 * n)).toFixed(5)} (expect 0.5)`);
const [u, tu] = timed(() => cr.uniform(k, n));
line('uniform float64 [0,1)', u, tu, '(expect mean 0.5, sd 0.2887)');
const [u32, tu32] = timed(() => cr.uniform(k, n, { dtype: 'float32', low: -1, high: 1 }));
line('uniform float32 [-1,1)', u32, tu32, '(expect mean 0, sd 0.5774)');
const chunked = new Float64Array(n);
for (let at = 0; at < n; at += 65_536) cr.uniform(k, Math.min(65_536, n - at), { offset: at, out: chunked.subarray(at) });
console.log(`\nchunked generation reproduces the single call: ${chunked.every((x, i) => x === u[i])}`);
console.log(`done in ${((performance.now() - t0) / 1e3).toFixed(2)} s`);
await cr.shutdownPool();

function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
