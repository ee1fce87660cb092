#!/usr/bin/env node
// Writes test/vectors/philox_stream.json: raw-stream words and uniform float32/float64 values computed by
// the TypeScript backend (the executable form of docs/streams.md), for the C++ host test
// (cuda/test/test_host.cpp) and the GPU comparison. Run after `npm run build`:
//   node scripts/gen-vectors.mjs            # (re)write the file
//   node scripts/gen-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bits, uniform, key } from '../dist/lib/index.js';

const file = fileURLToPath(new URL('../test/vectors/philox_stream.json', import.meta.url));

const seeds = [0n, 1n, 0x123456789abcdefn, 2n ** 64n - 1n];
// offsets: block heads and tails, the carry from counter word 0 into word 1 (block 2^32 - 1 -> 2^32),
// and large bigint offsets near the top of the index range
const offsets = [0n, 1n, 2n, 3n, 5n, 4n * (2n ** 32n - 1n) + 1n, 4n * (2n ** 32n - 1n) + 2n, 2n ** 40n + 3n, 2n ** 62n + 1n, 2n ** 63n - 64n];
const lengths = [1, 2, 3, 4, 7, 13, 33];
const ranges = [[0, 1], [-3.5, 7.25], [1e-3, 1e3], [-1e300, 1e300], [0.1, 0.30000000000000004]];

const cases = { bits: [], uniform32: [], uniform64: [] };
let c = 0;
for (const seed of seeds) {
  const k = key(seed);
  for (const offset of offsets) {
    const n = lengths[c++ % lengths.length];
    cases.bits.push({ k0: k[0], k1: k[1], offset: String(offset), n, words: [...bits(k, n, { offset })] });
    const [low, high] = ranges[c % ranges.length];
    const n32 = lengths[(c + 2) % lengths.length];
    cases.uniform32.push({
      k0: k[0], k1: k[1], offset: String(offset), low, high,
      values: [...uniform(k, n32, { offset, dtype: 'float32', low, high })],
    });
    // float64 element e uses words 2e and 2e+1: keep 2 (offset + n) within 2^64 words
    const off64 = offset >= 2n ** 62n ? offset / 2n : offset;
    const n64 = lengths[(c + 4) % lengths.length];
    const [l64, h64] = ranges[(c + 1) % ranges.length];
    cases.uniform64.push({
      k0: k[0], k1: k[1], offset: String(off64), low: l64, high: h64,
      values: [...uniform(k, n64, { offset: off64, dtype: 'float64', low: l64, high: h64 })],
    });
  }
}

const doc = {
  about: 'Philox raw stream and uniform maps from the TypeScript backend (docs/streams.md §3-4); written by scripts/gen-vectors.mjs. offset is a decimal string; float values are JSON numbers (shortest round-trip form of the binary64 value; float32 values are exactly representable), non-finite ones the strings Infinity, -Infinity.',
  ...cases,
};
// JSON has no Infinity: non-finite values (float32 overflow of wide ranges) are written as strings
const text = JSON.stringify(doc, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 1) + '\n';
if (process.argv.includes('--check')) {
  const old = readFileSync(file, 'utf8');
  if (old !== text) {
    console.error('test/vectors/philox_stream.json differs from what the TypeScript backend computes now');
    process.exit(1);
  }
  console.log('test/vectors/philox_stream.json is current');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}: ${cases.bits.length} bits, ${cases.uniform32.length} uniform32, ${cases.uniform64.length} uniform64 cases`);
}
