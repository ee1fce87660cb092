#!/usr/bin/env node
// Writes test/vectors/select.json: keys and results of permutations and weighted sampling without
// replacement (lib/kernels/select.ts, docs/streams.md, "Permutations and sampling without replacement") computed by the
// TypeScript backend, for the C++ host test cuda/test/test_select.cpp. Keys are hex "hi:lo" words; weights hex binary64
// bits (extremes included: subnormal weights whose keys overflow to +∞, huge ones whose keys round to 0,
// zeros, and ties). Run after `npx tsc -p .`:
//   node scripts/gen-select-vectors.mjs            # (re)write the file
//   node scripts/gen-select-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { permutationKeys, permutationKernel, weightedKeys, weightedSampleKernel } from '../dist/lib/kernels/select.js';

const file = fileURLToPath(new URL('../test/vectors/select.json', import.meta.url));
const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
const hex64 = (x) => { F64[0] = x; return U64[0].toString(16).padStart(16, '0'); };
const keyHex = (keys) => Array.from({ length: keys.length / 2 }, (_, i) =>
  keys[2 * i].toString(16).padStart(8, '0') + keys[2 * i + 1].toString(16).padStart(8, '0'));

const keyPairs = [[0, 0], [0x9abcdef0, 0x12345678], [0xffffffff, 0xffffffff]];
const permutation = [];
for (const [k0, k1] of keyPairs) {
  for (const n of [1, 2, 7, 64, 300]) {
    const perm = new Uint32Array(n);
    permutationKernel(k0, k1, n, perm);
    permutation.push({ k0, k1, n, keys: keyHex(permutationKeys(k0, k1, n)), perm: [...perm] });
  }
}

const weightSets = [
  [1, 2, 3, 4],
  [0, 1, 0, 0.5, 1e-300, 2, 0],
  [5e-324, 1e-310, 1e308, 1.7976931348623157e308, 3, 3, 3],
  Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? 0 : 1 / (i + 1))),
];
const weighted = [];
for (const [k0, k1] of keyPairs) {
  for (const w of weightSets) {
    const positive = w.filter((x) => x > 0).length;
    const sample = new Uint32Array(positive);
    weightedSampleKernel(k0, k1, w, sample);
    weighted.push({ k0, k1, weights: w.map(hex64), keys: keyHex(weightedKeys(k0, k1, w)), sample: [...sample] });
  }
}

const text = JSON.stringify({ permutation, weighted }) + '\n';
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('test/vectors/select.json is stale: run node scripts/gen-select-vectors.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
}
