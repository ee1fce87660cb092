#!/usr/bin/env node
// Writes test/vectors/mrg32k3a.json: cuRAND MRG32k3a device-API streams (curand(), curand_uniform(),
// curand_uniform_double() after curand_init(seed, subsequence, offset)) and a sample of the jump
// table, as the TypeScript backend computes them, for the C++ host test (cuda/test/test_mrg32k3a.cpp)
// and a later GPU comparison. Run after `npm run build`:
//   node scripts/gen-mrg32k3a-vectors.mjs            # (re)write the file
//   node scripts/gen-mrg32k3a-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Mrg32k3a } from '../dist/lib/index.js';
import { MRG32K3A_A1_JUMPS, MRG32K3A_A2_JUMPS } from '../dist/lib/kernels/mrg32k3a/jump-table.js';

const file = fileURLToPath(new URL('../test/vectors/mrg32k3a.json', import.meta.url));
const U64_MAX = 2n ** 64n - 1n;

// seeds: 0 (L'Ecuyer's 12345s), small, the all-zero-state seed, extremes; subsequences up to the
// 51-bit limit; offsets across the 64-bit range
const cases = [
  [0n, 0n, 0n], [0n, 0n, 35n], [0n, 1n, 0n], [0n, 4n, 5n], [1n, 0n, 0n], [1234n, 0n, 0n], [1234n, 1n, 0n],
  [1234n, 0n, 5n], [0xaaaaaaaa55555555n, 0n, 0n], [16045690984503098046n, 3n, 1000n],
  [U64_MAX, 2n ** 51n - 1n, U64_MAX], [0x123456789abcdefn, 2n ** 50n + 7n, 2n ** 63n + 12345n],
].map(([seed, subsequence, offset]) => {
  const make = () => new Mrg32k3a(seed, { subsequence, offset });
  return {
    seed: String(seed), subsequence: String(subsequence), offset: String(offset),
    state: make().state(),
    curand: Array.from(make().fill(new Uint32Array(8))),
    uniform: Array.from(make().uniform(6)),
    uniform_double: Array.from(make().uniformDouble(6)),
  };
});

const jumpIndices = [0, 1, 2, 31, 63, 64, 75, 76, 77, 100, 126, 127];
const doc = {
  about: "cuRAND MRG32k3a device API, derived from the published algorithm (cuRAND's curand_kernel.h / curand_uniform.h as quoted in docs/qmc.md, L'Ecuyer's recurrence); every curand(), curand_uniform() and curand_uniform_double() value here equals real cuRAND's (cuda/test/curand_confirm.cu, GPU run 2026-11-27, H100, CUDA 13.0). Written by scripts/gen-mrg32k3a-vectors.mjs from the TypeScript backend. Integers are decimal strings where they can exceed 2^53; float values are JSON numbers (shortest round-trip form; uniform values are exactly representable in binary32). jumps: A1^(2^i) mod m1 and A2^(2^i) mod m2, row-major.",
  jumps: jumpIndices.map((i) => ({
    i, a1: MRG32K3A_A1_JUMPS.slice(9 * i, 9 * i + 9), a2: MRG32K3A_A2_JUMPS.slice(9 * i, 9 * i + 9),
  })),
  cases,
};
// one line per numeric array keeps the file readable
const text = JSON.stringify(doc, null, 1).replace(/\[\n\s*(-?[\d.e+-]+(?:,\n\s*-?[\d.e+-]+)*)\n\s*\]/g,
  (_m, inner) => `[${inner.split(/,\n\s*/).join(', ')}]`) + '\n';
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('test/vectors/mrg32k3a.json differs from what the TypeScript backend computes now');
    process.exit(1);
  }
  console.log('test/vectors/mrg32k3a.json is current');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}: ${cases.length} cases, ${jumpIndices.length} jumps`);
}
