#!/usr/bin/env node
// Writes test/vectors/sobol.json: Sobol direction data, randomisations and points as the TypeScript
// backend computes them, for the C++ host test (cuda/test/test_sobol.cpp) and a later GPU
// comparison. Unscrambled points are also checked against scipy (test/vectors/sobol_scipy.json);
// nothing here is confirmed against real cuRAND yet (docs/qmc.md, "What is confirmed, and what a cuRAND run
// must dump"). Run after `npm run build`:
//   node scripts/gen-sobol-vectors.mjs            # (re)write the file
//   node scripts/gen-sobol-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { key, sobol } from '../dist/lib/index.js';
import { directions32, directions64, joeKuoEntry } from '../dist/lib/kernels/sobol/directions.js';
import { randomise32, randomise64 } from '../dist/lib/kernels/sobol/scramble.js';
import { sobol32Point, sobol64Point } from '../dist/lib/kernels/sobol/generator.js';

const file = fileURLToPath(new URL('../test/vectors/sobol.json', import.meta.url));
const hiLo = (v, k) => String((BigInt(v[2 * k]) << 32n) | BigInt(v[2 * k + 1]));

// every dimension the cases touch (0 … 5), plus samples up to the last one
const DIMS = [0, 1, 2, 3, 4, 5, 9, 100, 1110, 19999, 20000, 21200];
const dimensions = DIMS.map((d) => {
  const e = joeKuoEntry(d);
  const v32 = directions32(d), v64 = directions64(d);
  const at32 = [0, 1, 2, 1000, 2 ** 31 - 1, 2 ** 32 - 1];
  const at64 = [0n, 5n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 40n + 77n, 2n ** 64n - 1n];
  return {
    dim: d, s: e.s, a: e.a, m: e.m,
    v32: Array.from(v32), v64: Array.from({ length: 64 }, (_, k) => hiLo(v64, k)),
    points32: at32.map((i) => ({ i, x: sobol32Point(v32, 0, i) })),
    points64: at64.map((i) => ({ i: String(i), x: String(sobol64Point(v64, 0n, i)) })),
  };
});

const K = key(0x123456789abcdefn);
const randomisations = [];
for (const d of [0, 1, 5, 1110, 21200]) {
  for (const mode of ['lms', 'shift']) {
    const r32 = randomise32(K, d, directions32(d), mode);
    const r64 = randomise64(K, d, directions64(d), mode);
    randomisations.push({
      k0: K[0], k1: K[1], dim: d, mode,
      c32: r32.c, v32: Array.from(r32.dirs), c64: String(r64.c), v64: Array.from({ length: 64 }, (_, k) => hiLo(r64.dirs, k)),
    });
  }
}

const CASES = [
  { n: 16, dims: 3, offset: 0, dtype: 'uint32', layout: 'points' },
  { n: 5, dims: 6, offset: 1000, dtype: 'uint32', layout: 'dimensions' },
  { n: 7, dims: 2, offset: 2 ** 32 - 7, dtype: 'uint32', layout: 'points' },
  { n: 9, dims: 4, offset: 12345, dtype: 'float32', layout: 'points' },
  { n: 6, dims: 2, offset: 2 ** 32 - 6, dtype: 'float32', layout: 'dimensions' },
  { n: 9, dims: 3, offset: 77, dtype: 'float64', layout: 'points', bits: 32 },
  { n: 8, dims: 3, offset: 0, dtype: 'float64', layout: 'points' },
  { n: 8, dims: 5, offset: 2 ** 40 + 3, dtype: 'float64', layout: 'dimensions' },
  { n: 4, dims: 2, offset: 2n ** 64n - 4n, dtype: 'float64', layout: 'points' },
  { n: 8, dims: 3, offset: 2 ** 33 + 1, dtype: 'uint64', layout: 'points' },
  { n: 8, dims: 2, offset: 2 ** 33, dtype: 'float32', layout: 'points', bits: 64 },
  { n: 8, dims: 3, offset: 5, dtype: 'uint32', layout: 'points', scramble: 'lms' },
  { n: 8, dims: 3, offset: 5, dtype: 'uint32', layout: 'dimensions', scramble: 'shift' },
  { n: 8, dims: 4, offset: 2 ** 35, dtype: 'uint64', layout: 'points', scramble: 'lms' },
  { n: 8, dims: 2, offset: 9, dtype: 'float64', layout: 'points', scramble: 'lms' },
  // the normal transform, each map (its mirror at the midpoint word included: offset 2^31 - 3)
  { n: 8, dims: 3, offset: 2 ** 31 - 3, dtype: 'float32', layout: 'points', transform: 'normal' },
  { n: 8, dims: 2, offset: 2 ** 31 - 3, dtype: 'float64', layout: 'dimensions', bits: 32, transform: 'normal' },
  { n: 8, dims: 3, offset: 3, dtype: 'float64', layout: 'points', transform: 'normal' },
  { n: 6, dims: 2, offset: 2 ** 40, dtype: 'float32', layout: 'dimensions', bits: 64, transform: 'normal' },
  { n: 8, dims: 3, offset: 17, dtype: 'float64', layout: 'points', transform: 'normal', scramble: 'lms' },
].map((c) => {
  const opts = { ...c, ...(c.scramble ? { key: K } : {}) };
  delete opts.n;
  const values = Array.from(sobol(c.n, opts), (v) => (typeof v === 'bigint' ? String(v) : v));
  return { ...c, offset: String(c.offset), ...(c.scramble ? { k0: K[0], k1: K[1] } : {}), values };
});

const doc = {
  about: "Sobol vectors from the TypeScript backend (docs/qmc.md), written by scripts/gen-sobol-vectors.mjs: Joe–Kuo entries (s, a, m) with their expanded direction vectors and Gray-code points (64-bit words as decimal strings), keyed randomisations (c and randomised direction vectors), and sobol() outputs. Unscrambled points agree with scipy; the 32-bit direction vectors equal libcurand's JOEKUO6 set for its 20,000 dimensions (test/curand-data.test.ts); points not yet compared with cuRAND's generator.",
  dimensions, randomisations, cases: CASES,
};
const text = JSON.stringify(doc, null, 1).replace(/\[\n\s*(-?[\d.e+-]+|"\d+")((?:,\n\s*(?:-?[\d.e+-]+|"\d+"))*)\n\s*\]/g,
  (_m, first, rest) => `[${[first, ...rest.split(/,\n\s*/).slice(1)].join(', ')}]`) + '\n';
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('test/vectors/sobol.json differs from what the TypeScript backend computes now');
    process.exit(1);
  }
  console.log('test/vectors/sobol.json is current');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}: ${dimensions.length} dimensions, ${randomisations.length} randomisations, ${CASES.length} cases`);
}
