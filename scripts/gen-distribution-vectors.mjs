#!/usr/bin/env node
// Writes test/vectors/distributions.json: lib/core/math results and normal / gamma / exponential / beta /
// Dirichlet values computed by the TypeScript backend, for the C++ host test
// (cuda/test/test_distributions.cpp) and GPU comparisons. Every float is stored as its exact bit
// pattern in hex (JSON numbers would lose -0). Run after `npx tsc -p .`:
//   node scripts/gen-distribution-vectors.mjs            # (re)write the file
//   node scripts/gen-distribution-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bits, key, normal, gamma, exponential, beta, dirichlet, studentT, f as fDist, vonMises, multivariateNormal } from '../dist/lib/index.js';
import { cholesky } from '../dist/lib/kernels/mvn.js';
import { vonMisesParams } from '../dist/lib/samplers/von-mises.js';
import { log, exp, sincos2pi } from '../dist/lib/core/math/index.js';

const file = fileURLToPath(new URL('../test/vectors/distributions.json', import.meta.url));

const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
const hex64 = (x) => { F64[0] = x; return U64[0].toString(16).padStart(16, '0'); };
const hex32 = (x) => { F32[0] = x; return U32[0].toString(16).padStart(8, '0'); };
const hexOf = (arr) => [...arr].map(arr instanceof Float32Array ? hex32 : hex64);

// ---- math inputs: edge values plus raw-stream-driven spreads ----
const w = bits(key(7), 3 * 3000);
const u53 = (a, b) => (a >>> 5) * 67108864 + (b >>> 6);
const logIn = [1, 2, 0.5, Math.SQRT2, Math.SQRT1_2, 2 ** -1074, 2 ** -1022, 2 ** -1023 * 3, Number.MAX_VALUE,
  1 - 2 ** -53, 1 + 2 ** -52, 2 ** -53, 2 ** -32, 0.7071067811865476, 1.4142135623730951, 1.38, 1.42, 0.69, 0.71];
const expIn = [0, -0, 1, -1, 709.78, 709.782712893383973096, -745.13, -745.1332191019411, -708.4, -708.39,
  2 ** -60, -(2 ** -60), 0.34657359027997264, -0.34657359027997264, 1.0397207708399179, -20, 1e-300];
const scIn = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1 - 2 ** -53, 2 ** -53, 2 ** -32, 2 ** -1074,
  2 ** -969, 2 ** -970, 0.125 - 2 ** -55, 0.125 + 2 ** -55, 1 / 3, 0.1, 0.3];
for (let i = 0; i < 1000; i++) {
  const a = w[3 * i];
  const b = w[3 * i + 1];
  const c = w[3 * i + 2];
  const m = 1 + u53(a, b) * 2 ** -53;
  const e = (c % 2098) - 1074;
  logIn.push(Math.max(e < -1022 ? m * 2 ** -1022 * 2 ** (e + 1022) : m * 2 ** e, 2 ** -1074));
  logIn.push((u53(a, b) + 1) * 2 ** -53);
  expIn.push(-745.13 + u53(a, b) * 2 ** -53 * (709.78 + 745.13));
  expIn.push(-40 + u53(b, c) * 2 ** -53 * 45);
  scIn.push(u53(a, b) * 2 ** -53);
  scIn.push(c * 2 ** -32);
}
const sc = new Float64Array(2);
const math = {
  log: logIn.map((x) => [hex64(x), hex64(log(x))]),
  exp: expIn.map((x) => [hex64(x), hex64(exp(x))]),
  sincos2pi: scIn.map((u) => { sincos2pi(u, sc, 0); return [hex64(u), hex64(sc[0]), hex64(sc[1])]; }),
};

// ---- samplers ----
const seeds = [0n, 1n, 0x123456789abcdefn, 2n ** 64n - 1n];
// offsets: zero, odd (a Box–Muller pair split), the carry of counter word 0 into word 1, and high indices
const offsets = [0n, 1n, 7n, 2n ** 32n - 3n, 2n ** 33n + 1n, 2n ** 62n + 5n];
const lengths = [1, 2, 5, 9, 16];
const keyCase = (k, offset) => ({ k0: k[0], k1: k[1], offset: String(offset) });

const cases = { normal: [], gamma: [], exponential: [], beta: [], dirichlet: [], studentT: [], f: [], vonMises: [], mvn: [] };
let c = 0;
for (const seed of seeds) {
  const k = key(seed);
  for (const offset of offsets) {
    const n = lengths[c++ % lengths.length];
    for (const method of ['box-muller', 'polar']) {
      for (const dtype of ['float32', 'float64']) {
        const [mean, std] = c % 2 ? [0, 1] : [-2.5, 3.75];
        cases.normal.push({ ...keyCase(k, offset), method, dtype, mean, std, values: hexOf(normal(k, n, { method, dtype, mean, std, offset })) });
      }
    }
    for (const dtype of ['float32', 'float64']) {
      for (const alpha of [0.05, 0.3, 1, 2.5, 30]) {
        const scale = alpha === 1 ? 2 : 1;
        cases.gamma.push({ ...keyCase(k, offset), dtype, alpha, scale, values: hexOf(gamma(k, n, { alpha, scale, dtype, offset })) });
      }
      const alphas = Float64Array.from({ length: n }, (_, i) => [0.01, 0.7, 1, 4.5, 1e3][(i + c) % 5]);
      cases.gamma.push({ ...keyCase(k, offset), dtype, alphas: [...alphas], scale: 0.5, values: hexOf(gamma(k, n, { alpha: alphas, scale: 0.5, dtype, offset })) });
      cases.exponential.push({ ...keyCase(k, offset), dtype, rate: 1.5, values: hexOf(exponential(k, n, { rate: 1.5, dtype, offset })) });
      for (const [a, b] of [[2, 3], [0.2, 0.3], [0.5, 4], [1, 1], [0.01, 0.02]]) {
        cases.beta.push({ ...keyCase(k, offset), dtype, a, b, values: hexOf(beta(k, n, { a, b, dtype, offset })) });
      }
      for (const df of [0.2, 1, 7.5]) {
        cases.studentT.push({ ...keyCase(k, offset), dtype, df, values: hexOf(studentT(k, n, { df, dtype, offset })) });
      }
      for (const [dfn, dfd] of [[1, 1], [0.3, 12], [50, 0.7]]) {
        cases.f.push({ ...keyCase(k, offset), dtype, dfn, dfd, values: hexOf(fDist(k, n, { dfn, dfd, dtype, offset })) });
      }
      for (const [mu, kappa] of [[0, 0], [1, 1e-6], [-2, 0.7], [3, 15], [100, 4], [0.5, 3e6]]) {
        const p = [...vonMisesParams(mu, kappa)].map(hex64);
        cases.vonMises.push({ ...keyCase(k, offset), dtype, mu, kappa, p, values: hexOf(vonMises(k, n, { mu, kappa, dtype, offset })) });
      }
      for (const [mean, cov] of [[[0.5], [[4]]], [[1, -2, 3], [[2, 0.6, -0.3], [0.6, 1, 0.2], [-0.3, 0.2, 0.5]]], [[0, 0], [[1, 2], [2, 4]]]]) {
        const d = mean.length;
        const lm = [...mean, ...cholesky(Float64Array.from(cov.flat()), d, 'cov')].map(hex64);
        const rowOffset = offset / 16n;
        cases.mvn.push({ ...keyCase(k, rowOffset * BigInt(d)), dtype, d, lm, values: hexOf(multivariateNormal(k, n, { mean, cov, dtype, offset: rowOffset })) });
      }
      const rowOffset = offset / 16n; // (offset + n)·K stays below 2^63
      for (const alpha of [[1, 2, 3], [0.1, 0.2, 0.05, 0.3], [0.5, 2]]) {
        cases.dirichlet.push({ ...keyCase(k, rowOffset), dtype, alpha, rows: n, values: hexOf(dirichlet(k, alpha, n, { dtype, offset: rowOffset })) });
      }
    }
  }
}

const text = JSON.stringify({
  about: 'lib/core/math and distribution values from the TypeScript backend; floats as hex bit patterns. Written by scripts/gen-distribution-vectors.mjs.',
  math,
  ...cases,
}) + '\n';

if (process.argv.includes('--check')) {
  let old = '';
  try { old = readFileSync(file, 'utf8'); } catch { /* missing */ }
  if (old !== text) {
    console.error(`${file} is stale: run node scripts/gen-distribution-vectors.mjs`);
    process.exit(1);
  }
  console.log(`${file} is current`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file} (${text.length} bytes)`);
}
