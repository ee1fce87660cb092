#!/usr/bin/env node
// Writes test/vectors/discrete.json: values of integers, bernoulli and geometric computed by the
// TypeScript backend (lib/kernels/integers.ts, bernoulli.ts, geometric.ts), for the C++ host test
// cuda/test/test_discrete.cpp (cuda/include/cr_discrete.h must give them bit for bit). Ranges cover
// both proposal widths, every arithmetic path of the TypeScript kernel (x·r exact in a double, the
// 16-bit partial products, r = 2^32) and high rejection rates (retries); p covers 0, 1, the dtype
// floors of geometric and per-element values (stored as hex bit patterns). Run after `npx tsc -p .`:
//   node scripts/gen-discrete-vectors.mjs            # (re)write the file
//   node scripts/gen-discrete-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { fileURLToPath } from 'node:url';
import * as api from '../dist/lib/index.js';
import { hex64, writeOrCheck } from './vector-file.mjs';

const file = fileURLToPath(new URL('../test/vectors/discrete.json', import.meta.url));


const seeds = [0n, 0x123456789abcdefn, 2n ** 64n - 1n];
// zero, odd (lanes of a block), the carry of counter word 0 into word 1, high indices
const offsets = [0n, 3n, 2n ** 32n - 3n, 2n ** 62n + 5n];

/** [low, high): narrow (one word) and wide (two words) ranges. */
const RANGES = [
  [0, 1], [0, 10], [-5, 7], [0, 1_000_000], [-(2 ** 31), 2 ** 31], [0, 2 ** 31 + 1], [7, 3 * 2 ** 30 + 7],
  [0, 2 ** 32 - 1], [0, 2 ** 32], [-(2 ** 20), 2 ** 21 + 3], [0, 2 ** 32 + 1], [-1, 3 * 2 ** 40 + 6],
  [-(2 ** 52), 2 ** 52], [-(2 ** 53 - 1), 1], [10 ** 15, 2 ** 53 - 1],
];

const cases = [];
for (const [low, high] of RANGES) {
  const dtype = low >= -(2 ** 31) && high <= 2 ** 31 ? 'int32' : low >= 0 && high <= 2 ** 32 ? 'uint32' : 'float64';
  for (const seed of seeds) {
    const k = api.key(seed);
    for (const offset of offsets) {
      // long enough that rejections (up to ~1/2 per proposal here) are certain to occur
      const n = (cases.length % 3) * 40 + 9;
      cases.push({ sampler: 'integers', low, high, k0: k[0], k1: k[1], offset: String(offset),
        values: [...api.integers(k, n, { low, high, dtype, offset })] });
    }
  }
}

/** Per-element p: exact values spread over [pmin, 1] (float64), with 0 and 1 for bernoulli. */
function perElement(n, pmin) {
  return Float64Array.from({ length: n }, (_, i) => (i % 7 === 0 ? 1 : i % 7 === 1 ? pmin : pmin + (1 - pmin) * ((i * 0.618034) % 1)));
}

for (const [sampler, ps, pmin] of [
  ['bernoulli', [0, 5e-324, 0.3, 0.5, 1 - 2 ** -53, 1], 0],
  ['geometric', [1, 0.999, 0.5, 0.3, 1e-3, 2 ** -25, 2 ** -47], 2 ** -47],
]) {
  const fn = api[sampler];
  for (const p of [...ps, 'per-element']) {
    for (const seed of seeds) {
      const k = api.key(seed);
      for (const offset of offsets) {
        const n = 17;
        const pe = p === 'per-element' ? perElement(n, pmin) : null;
        cases.push({ sampler, p: pe ? [...pe].map(hex64) : hex64(p), k0: k[0], k1: k[1], offset: String(offset),
          values: [...fn(k, n, { p: pe ?? p, dtype: 'float64', offset })] });
      }
    }
  }
}

const text = JSON.stringify({
  about: 'Values of integers, bernoulli and geometric from the TypeScript backend (float64 outputs: the values of every dtype); p as hex bit patterns. Written by scripts/gen-discrete-vectors.mjs.',
  cases,
}) + '\n';

writeOrCheck(file, text, 'scripts/gen-discrete-vectors.mjs', cases.length);
