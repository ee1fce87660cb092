#!/usr/bin/env node
// Writes test/vectors/special.json: inputs and results of lib/core/math's special functions (log1p, expm1,
// lgamma, logFactorial, erf, erfc, ndtri, acos) computed by the TypeScript, for the C++ host test
// cuda/test/test_special.cpp, which requires cr_special.h to give the same bits. Each function gets its
// edge inputs (branch thresholds of the algorithm, both sides; specials; subnormals) and 2000 inputs
// from cuda-random's own raw stream over the ranges that matter. Every float is its exact bit pattern
// in hex (JSON numbers would lose -0 and NaN). Run after `npx tsc -p .`:
//   node scripts/gen-special-vectors.mjs            # (re)write the file
//   node scripts/gen-special-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bits, key } from '../dist/lib/index.js';
import { log1p, expm1, lgamma, logFactorial, erf, erfc, ndtri, acos } from '../dist/lib/core/math/index.js';

const file = fileURLToPath(new URL('../test/vectors/special.json', import.meta.url));

const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
const hex64 = (x) => { F64[0] = x; return U64[0].toString(16).padStart(16, '0'); };
const bitsOf = (x) => { F64[0] = x; return U64[0]; };
const fromBits = (b) => { U64[0] = b; return F64[0]; };
/** The doubles just above and below a finite x. */
const up = (x) => (x === 0 ? 2 ** -1074 : x > 0 ? fromBits(bitsOf(x) + 1n) : -down(-x));
const down = (x) => (x === 0 ? -(2 ** -1074) : x > 0 ? fromBits(bitsOf(x) - 1n) : -up(-x));
const around = (...xs) => xs.flatMap((x) => [down(x), x, up(x)]);
/** A double from its high word (low word 0). */
const hw = (h) => fromBits(BigInt(h) << 32n);

const N = 2000;
let stream = 0;
/** N inputs from the raw stream: gen(u, v, w) with u, v uniform 53-bit in [0, 1) and w a raw word. */
function draw(gen) {
  const w = bits(key(0x5eed + stream++), 5 * N);
  const out = [];
  for (let i = 0; i < N; i++) {
    const u = ((w[5 * i] >>> 5) * 67108864 + (w[5 * i + 1] >>> 6)) * 2 ** -53;
    const v = ((w[5 * i + 2] >>> 5) * 67108864 + (w[5 * i + 3] >>> 6)) * 2 ** -53;
    out.push(gen(u, v, w[5 * i + 4], i));
  }
  return out;
}
/** Log-uniform on [lo, hi] (lo > 0), from u. */
const logUniform = (u, lo, hi) => Math.min(hi, Math.max(lo, Math.exp(Math.log(lo) + u * (Math.log(hi) - Math.log(lo)))));
const sgn = (w) => (w & 1 ? -1 : 1);

const SPECIALS = [0, -0, Infinity, -Infinity, NaN, 2 ** -1074, -(2 ** -1074), 2 ** -1022, Number.MAX_VALUE, -Number.MAX_VALUE, 1, -1];
const LN2 = Math.LN2;

const inputs = {
  log1p: [
    ...SPECIALS, -1 + 2 ** -53, -0.5, -2, 2 ** 53, 2 ** 53 - 1, 2 ** 53 + 2, 1e300, Math.SQRT2 - 1,
    ...around(hw(0x3fda827a), -hw(0x3fd2bec4), 2 ** -29, -(2 ** -29), 2 ** -54, -(2 ** -54), 2 ** 52, 1 - 2 ** -53),
    ...around(2 ** -20, -(2 ** -20), 1 + 2 ** -20, 3, 1, 0.25),
    ...draw((u, v, w) => (w & 2 ? sgn(w) * logUniform(u, 2 ** -1074, 1) * (w & 1 ? 1 : 2 ** 1000) : -1 + u)),
  ],
  expm1: [
    ...SPECIALS, 709.78, 709.79, 7.09782712893383973096e+02, -745.2, -40, 40, 700,
    ...around(LN2 / 2, -LN2 / 2, 1.5 * LN2, -1.5 * LN2, 56 * LN2, -56 * LN2, 20 * LN2, -2 * LN2, 57 * LN2, 2 ** -54, -(2 ** -54), -0.25 + LN2, 709.7),
    ...draw((u, v, w) => (w & 2 ? -60 + u * 770 : sgn(w) * logUniform(u, 2 ** -1074, 50))),
  ],
  lgamma: [
    ...SPECIALS, 0.9, 0.7316, 0.2316, 1.2316, 1.7316, 1.4616321449683622, 3, 4, 5, 6, 7, 8, 2 ** 58, 2.55e305, 2.56e305, 1e-300,
    ...around(2 ** -70, hw(0x3feccccc), hw(0x3fe76944), hw(0x3fcda661), hw(0x3ffbb4c3), hw(0x3ff3b4c4), 1, 2, 2.5, 7.999999999999999, 8),
    ...draw((u, v, w) => (w & 2 ? logUniform(u, 2 ** -75, 2.5e305) : w & 4 ? 10 * u : 1 + sgn(w) * logUniform(v, 2 ** -53, 0.3))),
  ],
  logFactorial: [
    ...SPECIALS, 2.5, -0.5, 1e10, 2 ** 53, 2 ** 53 + 2, 1e15, 1e17, 1e300, 4294967295, 4294967296,
    ...Array.from({ length: 201 }, (_, k) => k),
    ...draw((u) => Math.floor(logUniform(u, 1, 1e16))),
  ],
  erf: [
    ...SPECIALS, 28, -28, 6, -6, 5.9, 1.25, 0.84375, 1e-310, -1e-310,
    ...around(hw(0x3e300000), -hw(0x3e300000), hw(0x00800000), hw(0x3feb0000), -hw(0x3feb0000), hw(0x3ff40000), -hw(0x3ff40000), hw(0x4006db6e), hw(0x4006db6d), -hw(0x4006db6e), hw(0x40180000), -hw(0x40180000)),
    ...draw((u, v, w) => (w & 2 ? sgn(w) * 7 * u : sgn(w) * logUniform(u, 2 ** -1074, 1))),
  ],
  erfc: [
    ...SPECIALS, 28, -28, 6, -6, 26.5, 26.6, 27.2, 27.3, 27.5, 0.25, -0.25,
    ...around(hw(0x3c700000), -hw(0x3c700000), hw(0x3fd00000), hw(0x3feb0000), -hw(0x3feb0000), hw(0x3ff40000), -hw(0x3ff40000), hw(0x4006db6d), hw(0x4006db6e), -hw(0x4006db6d), hw(0x40180000), -hw(0x40180000), hw(0x403c0000), -hw(0x403c0000)),
    ...draw((u, v, w) => (w & 2 ? -6.5 + 35 * u : sgn(w) * logUniform(u, 2 ** -1074, 1))),
  ],
  ndtri: [
    ...SPECIALS, 0.5, 0.075, 0.925, -0.1, 1.1, 1 - 2 ** -53, 2 ** -53, 1e-300, 5e-300, 6e-300, 0.25, 0.75,
    ...around(0.075, 0.925, 0.5, Math.exp(-25), 1 - Math.exp(-25), 2 ** -1022, 0.25),
    ...draw((u, v, w) => (w & 2 ? u || 0.5 : w & 4 ? logUniform(v, 2 ** -1074, 0.075) : 1 - logUniform(v, 2 ** -53, 0.075))),
  ],
  acos: [
    ...SPECIALS, 0.5, -0.5, 1 - 2 ** -53, -1 + 2 ** -53, 1 + 2 ** -52, -1 - 2 ** -52, 2, -2,
    ...around(hw(0x3c600000), -hw(0x3c600000), 0.5, -0.5),
    ...draw((u, v, w) => (w & 2 ? 2 * u - 1 : sgn(w) * (w & 4 ? 1 - logUniform(v, 2 ** -53, 0.5) : logUniform(v, 2 ** -60, 0.5)))),
  ],
};
const FN = { log1p, expm1, lgamma, logFactorial, erf, erfc, ndtri, acos };

const doc = {
  about: 'lib/core/math special functions from the TypeScript backend: per function, [input, result] as binary64 hex bit patterns (NaN results compare as NaN, whatever their payload). Written by scripts/gen-special-vectors.mjs; checked against cuda/include/cr_special.h by cuda/test/test_special.cpp.',
};
for (const [name, xs] of Object.entries(inputs)) doc[name] = xs.map((x) => [hex64(x), hex64(FN[name](x))]);
const text = JSON.stringify(doc) + '\n';

if (process.argv.includes('--check')) {
  let old = '';
  try { old = readFileSync(file, 'utf8'); } catch { /* missing */ }
  if (old !== text) {
    console.error(`${file} is stale: run node scripts/gen-special-vectors.mjs`);
    process.exit(1);
  }
  console.log(`${file} is current`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file} (${text.length} bytes; ${Object.entries(inputs).map(([k, v]) => `${k} ${v.length}`).join(', ')})`);
}
