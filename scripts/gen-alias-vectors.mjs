#!/usr/bin/env node
// Writes test/vectors/alias.json from the TypeScript backend (run `npx tsc -p .` first): fixed-point
// units and PSA / PSA+ rows for a few weight vectors, and alias / CDF samples at chosen keys and
// offsets, including a virtual table with N = 2^31 + 1 rows where half the row words are rejected.
// cuda/test/test_alias.cpp checks the C++ port against it; test/alias.test.ts checks that the
// TypeScript backend still reproduces it.
//
// Encoding: 64-bit quantities as [lo, hi] uint32 pairs; offsets as decimal strings.
import { writeFileSync } from 'node:fs';
import { AliasTable, categorical, key, uniform } from '../dist/lib/index.js';
import { aliasSample } from '../dist/lib/kernels/alias.js';

const out = new URL('../test/vectors/alias.json', import.meta.url);

const unif = (seed, n) => Array.from(uniform(key(seed), n));
const families = {
  small: [1, 2, 0, 3, 0.5],
  powerLaw: (() => {
    const u = unif(101, 2100);
    return u.map((_, i) => 1 / (1 + Math.floor(u[(i * 7919) % u.length] * 2100)));
  })(),
  zeros: unif(102, 1500).map((v, i) => (i % 3 === 0 || v < 0.3 ? 0 : v)),
  tinyAndHeavy: [1, ...new Array(1099).fill(1e-40)],
  extremes: unif(103, 1200).map((v) => 10 ** (60 * v - 30)),
};

function unitsPairs(t) {
  const { hi, lo } = t.units();
  return Array.from(hi).flatMap((h, i) => [lo[i], h]);
}

function prefixPairs(t) {
  const { hi, lo } = t.units();
  const p = [0, 0];
  let acc = 0n;
  for (let i = 0; i < hi.length; i++) {
    acc += (BigInt(hi[i]) << 32n) + BigInt(lo[i]);
    p.push(Number(acc & 0xffffffffn), Number(acc >> 32n));
  }
  return p;
}

const build = Object.entries(families).map(([name, w]) => {
  const psa = AliasTable.build(w, { method: 'psa' });
  const plus = AliasTable.build(w, { method: 'psa+' });
  return { name, n: w.length, units: unitsPairs(psa), psa: Array.from(psa.rows()), psaPlus: Array.from(plus.rows()) };
});

const sampling = [
  ['small', 'psa', key(1), 0n, 16],
  ['small', 'psa', key(1), 3n, 9],
  ['powerLaw', 'psa+', key(0x123456789abcdn), (1n << 33n) + 1n, 33],
  ['zeros', 'psa', [0xdeadbeef, 0x01234567], (1n << 62n) + 1n, 20],
  ['extremes', 'psa+', key(42), 1000n, 25],
].map(([table, method, k, offset, count]) => {
  const w = families[table];
  const t = AliasTable.build(w, { method });
  const off = offset <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(offset) : offset;
  return {
    table, method, key: [k[0], k[1]], offset: offset.toString(), count,
    alias: Array.from(t.sample(k, count, { offset: off })),
    cdf: Array.from(categorical(k, w, count, { method: 'cdf', offset: off })),
    prefix: prefixPairs(t),
  };
});

// Virtual table: N = 2^31 + 1, row r = (imul(2r, 0x9E3779B1) mod 2^32, (7r + 3) mod N).
const N = 2 ** 31 + 1;
const rows = new Proxy({}, {
  get: (_, p) => {
    const i = Number(p);
    const r = Math.floor(i / 2);
    return i % 2 === 0 ? Math.imul(2 * r, 0x9e3779b1) >>> 0 : (7 * r + 3) % N;
  },
});
const vkey = key(5);
const vout = new Uint32Array(40);
aliasSample(vkey[0], vkey[1], 5, 1, vout, rows, N); // elements 2^32 + 5 …
const virtual = { n: N, key: [vkey[0], vkey[1]], offset: ((1n << 32n) + 5n).toString(), alias: Array.from(vout) };

// Fixed-point vectors (test/vectors/alias_fixed.json): weights → units for the weight families of the
// tests (cuda/test/test_alias_gpu.cpp checks the GPU formulation of docs/alias.md, "Fixed-point weights" against them).
// Weights are JSON numbers (shortest round-trip form: strtod gives the same doubles back).
const shuffled = (seed, w) => {
  const u = unif(seed + 1000, w.length);
  const o = w.slice();
  for (let i = o.length - 1; i > 0; i--) {
    const j = Math.floor(u[i] * (i + 1));
    [o[i], o[j]] = [o[j], o[i]];
  }
  return o;
};
const fixedFamilies = {
  uniform: ['f64', unif(1, 1000)],
  powerLaw1: ['f64', shuffled(2, Array.from({ length: 2000 }, (_, i) => (i + 1) ** -1))],
  powerLaw05: ['f64', shuffled(3, Array.from({ length: 2000 }, (_, i) => (i + 1) ** -0.5))],
  manyZeros: ['f64', unif(4, 1500).map((v, i) => (i % 3 === 0 || v < 0.3 ? 0 : v))],
  singleNonZero: ['f64', [0, 0, 0, 7.5, 0]],
  oneItem: ['f64', [3]],
  extremes: ['f64', unif(5, 1200).map((v) => 10 ** (60 * v - 30))],
  float32: ['f32', Array.from(Float32Array.from(unif(6, 777)))],
  huge: ['f64', [1.7e308, 1.7e308, 1e308, 0, 5]],
  subnormals: ['f64', [5e-324, 1e-323, 0, 2.5e-322]],
  equal: ['f64', new Array(1000).fill(0.1)],
  tinyAndHeavy: ['f64', families.tinyAndHeavy],
  powerLawRows: ['f64', families.powerLaw],
};
const fixed = Object.entries(fixedFamilies).map(([name, [dtype, w]]) => {
  const t = AliasTable.build(dtype === 'f32' ? Float32Array.from(w) : w);
  return { name, dtype, n: w.length, weights: w, units: unitsPairs(t) };
});
// Sparse: two positive weights among 2^22 + 1 items (T ≥ 2^53: the absorbing item takes Δ − Δ⁺ = −3).
const sparse = (() => {
  const u = uniform(key(7), 4);
  const n = 2 ** 22 + 1;
  const w = new Float64Array(n);
  w[Math.floor(u[0] * n)] = u[1] * 1000;
  w[Math.floor(u[2] * n)] = u[3];
  const { hi, lo } = AliasTable.build(w).units();
  const nz = [];
  for (let i = 0; i < n; i++) if (hi[i] || lo[i]) nz.push([i, lo[i], hi[i]]);
  const ws = [];
  for (let i = 0; i < n; i++) if (w[i] > 0) ws.push([i, w[i]]);
  return [{ name: 'twoAmong2^22+1', n, weights: ws, units: nz }];
})();
const fixedOut = new URL('../test/vectors/alias_fixed.json', import.meta.url);
writeFileSync(fixedOut, JSON.stringify({
  version: 1,
  note: 'Generated by scripts/gen-alias-vectors.mjs from the TypeScript backend (docs/alias.md §2): weights and their fixed-point units as [lo, hi] pairs; sparse cases list [index, weight] and [index, lo, hi] of the non-zero entries.',
  dense: fixed, sparse,
}) + '\n');
console.log(`wrote ${fixedOut.pathname}: ${fixed.length} dense cases, ${sparse.length} sparse`);

writeFileSync(out, JSON.stringify({
  version: 1,
  note: 'Generated by scripts/gen-alias-vectors.mjs from the TypeScript backend; see docs/alias.md. 64-bit values as [lo, hi] pairs.',
  build, sampling, virtual,
}) + '\n');
console.log(`wrote ${out.pathname}: ${build.length} build cases, ${sampling.length} sampling cases, 1 virtual`);
