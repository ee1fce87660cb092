#!/usr/bin/env node
/**
 * Measures the portable math of lib/core/math (log, exp, sincos2pi) against high-precision references:
 * a double-double reference for every input (10^7 per function by default) and a BigInt fixed-point
 * reference (256-bit) on a sample, which also checks the double-double reference itself. Prints a
 * markdown table (docs/accuracy.md records it). Inputs come from cuda-random's own raw stream, so a
 * run is reproducible.
 *
 *   npx tsc -p . && node scripts/math-accuracy.mjs [--scale 0.1] [--big 20000]
 */
import { bits, key } from '../dist/lib/index.js';
import { log, exp, sincos2pi } from '../dist/lib/core/math/index.js';
import {
  ddLog, ddExp, ddSinCos2pi, bigLog, bigExp, bigSin2pi, bigCos2pi, ulpError,
} from './ref-math.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const SCALE = opt('--scale', 1);
const BIG = opt('--big', 20000);

const TWO_M32 = 2 ** -32;
const TWO_M53 = 2 ** -53;

/** Input generators: (w0, w1, w2) raw words -> one input. */
const u53 = (a, b) => (a >>> 5) * 67108864 + (b >>> 6);
const GEN = {
  log: [
    ['all positive doubles, log-uniform', 4e6, (a, b, c) => {
      // random exponent in [-1074, 1023], random mantissa
      const e = (c % 2098) - 1074;
      const m = 1 + u53(a, b) * TWO_M53;
      return e < -1022 ? Math.max(m * 2 ** -1022 * 2 ** (e + 1022), 2 ** -1074) : m * 2 ** e;
    }],
    ['sampler inputs (k+1)·2^-53, (w+1)·2^-32', 3e6, (a, b, c) =>
      (c & 1) ? (u53(a, b) + 1) * TWO_M53 : (a + 1) * TWO_M32],
    ['near 1: 1 ± 2^-j·v', 2e6, (a, b, c) => {
      const j = 1 + (c % 52);
      const v = u53(a, b) * TWO_M53;
      return (c & 0x10000) ? 1 + v * 2 ** -j : 1 - v * 2 ** -(j + 1);
    }],
    ['polar s = x²+y² in (0, 1)', 1e6, (a, b) => {
      const x = (2 * a + 1 - 2 ** 32) * TWO_M32;
      const y = (2 * b + 1 - 2 ** 32) * TWO_M32;
      const s = x * x + y * y;
      return s < 1 ? s : s / 2;
    }],
  ],
  exp: [
    ['[-745.13, 709.78] uniform', 4e6, (a, b) => -745.13 + u53(a, b) * TWO_M53 * (709.78 + 745.13)],
    ['[-40, 5] (the gamma boost range)', 3e6, (a, b) => -40 + u53(a, b) * TWO_M53 * 45],
    ['tiny |x| in [2^-60, 1/2], both signs', 2e6, (a, b, c) => {
      const v = (1 + u53(a, b) * TWO_M53) * 2 ** -(2 + (c % 59));
      return (c & 0x10000) ? v : -v;
    }],
    ['subnormal results [-745.13, -708.4]', 1e6, (a, b) => -745.13 + u53(a, b) * TWO_M53 * (745.13 - 708.4)],
  ],
  sincos2pi: [
    ['u = k·2^-53 (float64 Box–Muller)', 5e6, (a, b) => u53(a, b) * TWO_M53],
    ['u = w·2^-32 (float32 Box–Muller)', 2e6, (a) => a * TWO_M32],
    ['u = j/8 ± 2^-i (octant edges)', 2e6, (a, b, c) => {
      const j = c & 7;
      const d = (1 + (a >>> 8) * 2 ** -24) * 2 ** -(4 + (b % 49));
      const u = j / 8 + ((c & 8) ? d : -d);
      return u < 0 ? -u : u >= 1 ? u - 1 : u;
    }],
    ['tiny u, log-uniform in [2^-1074, 2^-4]', 1e6, (a, b, c) => {
      const e = -4 - (c % 1071);
      const m = 1 + u53(a, b) * TWO_M53;
      return Math.max(e < -1022 ? m * 2 ** -1022 * 2 ** (e + 1022) : m * 2 ** e, 2 ** -1074);
    }],
  ],
};

const SC = new Float64Array(2);
function evalOurs(fn, x) {
  if (fn === 'log') return [log(x)];
  if (fn === 'exp') return [exp(x)];
  sincos2pi(x, SC, 0);
  return [SC[0], SC[1]];
}
function evalMath(fn, x) {
  if (fn === 'log') return [Math.log(x)];
  if (fn === 'exp') return [Math.exp(x)];
  return [Math.sin(2 * Math.PI * x), Math.cos(2 * Math.PI * x)];
}
function evalDD(fn, x) {
  if (fn === 'log') return [ddLog(x)];
  if (fn === 'exp') return [ddExp(x)];
  return ddSinCos2pi(x);
}
function evalBig(fn, x) {
  if (fn === 'log') return [bigLog(x)];
  if (fn === 'exp') return [bigExp(x)];
  return [bigSin2pi(x), bigCos2pi(x)];
}
const OUT_NAMES = { log: ['log'], exp: ['exp'], sincos2pi: ['sin2pi', 'cos2pi'] };

const rows = [];
const bigRows = [];
let seed = 1;
for (const fn of Object.keys(GEN)) {
  const bigPool = [];
  for (const [label, count, gen] of GEN[fn]) {
    const n = Math.round(count * SCALE);
    const outs = OUT_NAMES[fn].length;
    const st = Array.from({ length: outs }, () => ({ max: 0, maxAt: 0, cr: 0, mathMax: 0, diff: 0 }));
    const k = key(1000 + seed++);
    const CH = 1 << 16;
    const w = new Uint32Array(3 * CH);
    for (let s = 0; s < n; s += CH) {
      const m = Math.min(CH, n - s);
      bits(k, 3 * m, { offset: 3 * s, out: w });
      for (let i = 0; i < m; i++) {
        const x = gen(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
        const ours = evalOurs(fn, x);
        const ref = evalDD(fn, x);
        const mth = evalMath(fn, x);
        for (let o = 0; o < outs; o++) {
          const e = Math.abs(ulpError(ours[o], ref[o]));
          const t = st[o];
          if (e > t.max) { t.max = e; t.maxAt = x; }
          if (e <= 0.5) t.cr++;
          const em = Math.abs(ulpError(mth[o], ref[o]));
          if (em > t.mathMax) t.mathMax = em;
          if (!Object.is(ours[o], mth[o])) t.diff++;
        }
        if (bigPool.length < BIG && (s + i) % Math.max(1, Math.floor(n / (BIG / GEN[fn].length))) === 0) bigPool.push(x);
      }
    }
    for (let o = 0; o < outs; o++) rows.push({ fn: OUT_NAMES[fn][o], label, n, ...st[o] });
    process.stderr.write(`${fn}: ${label} done\n`);
  }
  // BigInt sample: checks both ours and the double-double reference.
  const outs = OUT_NAMES[fn].length;
  const bst = Array.from({ length: outs }, () => ({ ours: 0, dd: 0 }));
  for (const x of bigPool) {
    const b = evalBig(fn, x);
    const ours = evalOurs(fn, x);
    const dd = evalDD(fn, x);
    for (let o = 0; o < outs; o++) {
      bst[o].ours = Math.max(bst[o].ours, Math.abs(ulpError(ours[o], b[o])));
      // the double-double reference's own error in binary64 ulps, probed through our value:
      // (ours - big)/ulp - (ours - dd)/ulp = (dd - big)/ulp
      const ddErr = Math.abs(ulpError(ours[o], b[o]) - ulpError(ours[o], dd[o]));
      bst[o].dd = Math.max(bst[o].dd, ddErr);
    }
  }
  for (let o = 0; o < outs; o++) bigRows.push({ fn: OUT_NAMES[fn][o], n: bigPool.length, ...bst[o] });
}

const fmt = (v) => (v === Infinity ? '∞' : v.toFixed(3));
console.log('| function | inputs | n | max ulp (ours) | correctly rounded | max ulp (Math.*) | ours ≠ Math.* | worst input |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) {
  console.log(`| ${r.fn} | ${r.label} | ${r.n.toExponential(1)} | ${fmt(r.max)} | ${(100 * r.cr / r.n).toFixed(4)} % | ${fmt(r.mathMax)} | ${r.diff} | ${r.maxAt} |`);
}
console.log('');
console.log('| function | BigInt sample n | max ulp (ours vs BigInt) | max ulp (double-double ref vs BigInt) |');
console.log('| --- | ---: | ---: | ---: |');
for (const r of bigRows) console.log(`| ${r.fn} | ${r.n} | ${fmt(r.ours)} | ${r.dd.toExponential(2)} |`);
