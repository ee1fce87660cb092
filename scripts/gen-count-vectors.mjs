#!/usr/bin/env node
// Writes test/vectors/counts.json: Poisson, binomial, negative binomial and multinomial values computed
// by the TypeScript specification kernels (lib/kernels/poisson.ts, binomial.ts, negative-binomial.ts),
// plus log-pmf values (bit patterns in hex), for the C++ host test cuda/test/test_counts.cpp. Counts
// are exact integers, stored as JSON numbers. Run after `npx tsc -p .`:
//   node scripts/gen-count-vectors.mjs            # (re)write the file
//   node scripts/gen-count-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { key } from '../dist/lib/index.js';
import { poissonKernel } from '../dist/lib/kernels/poisson.js';
import { binomialKernel, multinomialKernel } from '../dist/lib/kernels/binomial.js';
import { negativeBinomialKernel } from '../dist/lib/kernels/negative-binomial.js';
import { logBinomialPmf, logPoissonPmf, stirlingRemainder } from '../dist/lib/kernels/log-pmf.js';

const file = fileURLToPath(new URL('../test/vectors/counts.json', import.meta.url));
const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
const hex64 = (x) => { F64[0] = x; return U64[0].toString(16).padStart(16, '0'); };

const keys = [key(0), key(1), key(0x123456789abcdefn), key(2n ** 64n - 1n)];
const offsets = [0n, 1n, 2n ** 32n - 3n, 2n ** 62n + 5n];
const LEN = 12;
const split = (o) => [Number(o & 0xffffffffn), Number(o >> 32n)];
const keyCase = (k, offset) => ({ k0: k[0], k1: k[1], offset: String(offset) });

const cases = { poisson: [], binomial: [], negativeBinomial: [], multinomial: [] };
let c = 0;
const pick = () => { const k = keys[c % keys.length]; const o = offsets[Math.floor(c / keys.length) % offsets.length]; c++; return [k, o]; };

for (const lam of [0, 1e-300, 0.5, 5, 9.999999, 10, 10.5, 37.25, 1e4, 2.1e9, 1e10, 1e15]) {
  const [k, o] = pick();
  const out = new Float64Array(LEN);
  poissonKernel(k[0], k[1], ...split(o), lam, undefined, out);
  cases.poisson.push({ ...keyCase(k, o), lam: hex64(lam), values: [...out] });
}
for (const [n, p] of [[0, 0.5], [5, 0], [5, 1], [1, 0.5], [20, 0.3], [34, 0.29], [35, 0.29], [100, 0.3], [40, 0.75],
  [1e6, 1e-6], [1000, 0.97], [1e9, 0.4], [2 ** 53, 0.5], [110, 0.05], [200, 1 - 1e-9]]) {
  const [k, o] = pick();
  const out = new Float64Array(LEN);
  binomialKernel(k[0], k[1], ...split(o), n, undefined, p, undefined, out);
  cases.binomial.push({ ...keyCase(k, o), count: hex64(n), p: hex64(p), values: [...out] });
}
for (const [r, p] of [[3, 0.4], [0.5, 0.2], [1e-3, 0.01], [50, 0.9], [20, 0.05], [2.5, 1]]) {
  const [k, o] = pick();
  const out = new Float64Array(LEN);
  negativeBinomialKernel(k[0], k[1], ...split(o), r, p, out);
  cases.negativeBinomial.push({ ...keyCase(k, o), r: hex64(r), p: hex64(p), values: [...out] });
}
for (const [count, w] of [[10, [1, 2, 0, 3]], [1000, [0.1, 0.2, 0.7]], [7, [0, 0, 5]], [50, [1]], [1e6, [3, 1e-9, 2, 0]]]) {
  const [k, o] = pick();
  // the first value's flat index: `o` itself (a chunk that starts inside a row)
  const out = new Float64Array(LEN);
  multinomialKernel(k[0], k[1], ...split(o), count, Float64Array.from(w), out);
  cases.multinomial.push({ ...keyCase(k, o), count: hex64(count), w: w.map(hex64), values: [...out] });
}

const pmf = { stirling: [], poisson: [], binomial: [] };
for (const x of [1, 2, 7, 15, 16, 17, 100, 1e6, 2 ** 40, 2 ** 53]) pmf.stirling.push([hex64(x), hex64(stirlingRemainder(x))]);
for (const [x, lam] of [[0, 3], [1, 0.5], [12, 10], [99, 100], [1e10 + 5e5, 1e10], [3, 1e15]]) pmf.poisson.push([hex64(x), hex64(lam), hex64(logPoissonPmf(x, lam))]);
for (const [x, n, p] of [[0, 10, 0.3], [10, 10, 0.3], [3, 10, 0.3], [300, 1000, 0.3], [4e8, 1e9, 0.4]]) {
  pmf.binomial.push([hex64(x), hex64(n), hex64(p), hex64(logBinomialPmf(x, n, p, n * p, n * (1 - p)))]);
}

const text = JSON.stringify({ generator: 'scripts/gen-count-vectors.mjs', cases, pmf }, null, 0) + '\n';
if (process.argv.includes('--check')) {
  let old = '';
  try { old = readFileSync(file, 'utf8'); } catch { /* missing */ }
  if (old !== text) { console.error(`${file} is stale: run node scripts/gen-count-vectors.mjs`); process.exit(1); }
  console.log(`${file} is current`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
