#!/usr/bin/env node
/**
 * Measures lib/core/math's special functions (log1p, expm1, lgamma, logFactorial, erf, erfc, ndtri, acos)
 * against the double-double references of scripts/ref-special.mjs: about 10^6 inputs per function by
 * default, in the input sets below, from cuda-random's raw stream (reproducible). Prints the markdown
 * tables of docs/accuracy.md: max error in ulps of the true value, the share correctly rounded
 * (<= 0.5 ulp), the worst input, V8's Math.* where it has the function; then the references'
 * self-checks where two independent methods overlap.
 *
 *   npx tsc -p . && node scripts/special-accuracy.mjs [--scale 0.1] [--only erfc]
 * (under a minute on one core at scale 1)
 */
import { bits, key } from '../dist/lib/index.js';
import { log1p, expm1, lgamma, logFactorial, erf, erfc, ndtri, acos } from '../dist/lib/core/math/index.js';
import { ulpError } from './ref-math.mjs';
import {
  ddLog1p, ddExpm1, ddLgamma, ddErf, ddErfc, ddAcos, ndtriRef, bigLogFactorial, erfcBothWays, lgammaBothWays,
} from './ref-special.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const SCALE = Number(opt('--scale', 1));
const ONLY = opt('--only', null);

const TWO_M53 = 2 ** -53;
/** 53-bit uniform in [0, 1) from two raw words. */
const u53 = (a, b) => ((a >>> 5) * 67108864 + (b >>> 6)) * TWO_M53;
/** Log-uniform in [lo, hi] (input generation only: Math.* is fine here). */
const logU = (u, lo, hi) => Math.min(hi, Math.max(lo, Math.exp(Math.log(lo) + u * (Math.log(hi) - Math.log(lo)))));
const sgn = (c) => (c & 1 ? -1 : 1);

/** Each function: [ours, reference, Math.* or null, input sets [label, count, gen(u, v, c)]]. */
const FUNCS = {
  log1p: [log1p, ddLog1p, Math.log1p, [
    ['x in (-1, 1) uniform', 3e5, (u, v, c) => sgn(c) * u],
    ['|x| log-uniform in [2^-1074, 1], both signs', 3e5, (u, v, c) => sgn(c) * logU(v, 2 ** -1074, 1)],
    ['x log-uniform in [1, 1e300]', 2e5, (u, v) => logU(v, 1, 1e300)],
    ['geometric: -p, p log-uniform in [2^-60, 1)', 2e5, (u, v) => -logU(v, 2 ** -60, 1 - 2 ** -53)],
  ]],
  expm1: [expm1, ddExpm1, Math.expm1, [
    ['[-40, 40] uniform', 3e5, (u) => -40 + 80 * u],
    ['|x| log-uniform in [2^-60, 1/2], both signs', 3e5, (u, v, c) => sgn(c) * logU(v, 2 ** -60, 0.5)],
    ['[-745, 709.78] uniform', 2e5, (u) => -745 + 1454.78 * u],
    ['[-1, 1] uniform', 2e5, (u) => 2 * u - 1],
  ]],
  lgamma: [lgamma, ddLgamma, null, [
    ['(0, 8) uniform', 2e5, (u) => 8 * u || 5],
    ['log-uniform in [2^-70, 2.5e305]', 3e5, (u, v) => logU(v, 2 ** -70, 2.5e305)],
    ['near 1: 1 ± log-uniform [2^-53, 1/4]', 1.5e5, (u, v, c) => 1 + sgn(c) * logU(v, 2 ** -53, 0.25)],
    ['near 2: 2 ± log-uniform [2^-52, 1/4]', 1.5e5, (u, v, c) => 2 + sgn(c) * logU(v, 2 ** -52, 0.25)],
    ['[8, 12] uniform (the worst stretch: Stirling with few terms)', 1e5, (u) => 8 + 4 * u],
    ['[12, 1000] uniform', 1e5, (u) => 12 + 988 * u],
  ]],
  logFactorial: [logFactorial, bigLogFactorial, null, [
    ['k = 0..170 (the table)', 171, (u, v, c, i) => i],
  ]],
  logFactorialLarge: [logFactorial, (k) => ddLgamma(k + 1), null, [
    ['k log-uniform integers in [171, 1e15]', 3e5, (u, v) => Math.floor(logU(v, 171, 1e15))],
  ]],
  erf: [erf, ddErf, null, [
    ['[-6, 6] uniform', 5e5, (u) => -6 + 12 * u],
    ['|x| log-uniform in [2^-1074, 1], both signs', 3e5, (u, v, c) => sgn(c) * logU(v, 2 ** -1074, 1)],
    ['[0.8, 3] uniform (branch joins)', 2e5, (u) => 0.8 + 2.2 * u],
  ]],
  erfc: [erfc, ddErfc, null, [
    ['[-6, 26.5] uniform', 4e5, (u) => -6 + 32.5 * u],
    ['[0, 6] uniform', 3e5, (u) => 6 * u],
    ['[26.5, 27.3] (subnormal results)', 1e5, (u) => 26.5 + 0.8 * u],
    ['|x| log-uniform in [2^-60, 1], both signs', 2e5, (u, v, c) => sgn(c) * logU(v, 2 ** -60, 1)],
  ]],
  ndtri: [ndtri, null, null, [
    ['p on the 2^-53 grid (inversion sampling)', 3e5, (u) => u || 0.5],
    ['centre [0.075, 0.925]', 2e5, (u) => 0.075 + 0.85 * u],
    ['lower tail, log-uniform in [5.7e-300, 0.075]', 2e5, (u, v) => logU(v, 5.7e-300, 0.075)],
    ['deep tail, log-uniform in [2^-1074, 5.7e-300]', 1e5, (u, v) => logU(v, 2 ** -1074, 5.7e-300)],
    ['upper tail, 1 - log-uniform in [2^-53, 0.075]', 2e5, (u, v) => 1 - logU(v, 2 ** -53, 0.075)],
  ]],
  acos: [acos, ddAcos, Math.acos, [
    ['[-1, 1] uniform', 5e5, (u) => 2 * u - 1],
    ['near ±1: ±(1 - log-uniform [2^-53, 1/2])', 3e5, (u, v, c) => sgn(c) * (1 - logU(v, 2 ** -53, 0.5))],
    ['|x| log-uniform in [2^-60, 1/2], both signs', 2e5, (u, v, c) => sgn(c) * logU(v, 2 ** -60, 0.5)],
  ]],
};

const rows = [];
let seed = 0;
for (const [name, [ours, ref0, mathFn, sets]] of Object.entries(FUNCS)) {
  const ref = ref0 ?? ((p) => ndtriRef(p, ndtri(p)));
  const label = name === 'logFactorialLarge' ? 'logFactorial' : name;
  for (const [what, count, gen] of sets) {
    seed++;
    if (ONLY && !name.startsWith(ONLY)) continue;
    const n = count < 1000 ? count : Math.round(count * SCALE);
    const st = { max: 0, at: NaN, cr: 0, mathMax: 0, diff: 0 };
    const CH = 1 << 14;
    const w = new Uint32Array(5 * CH);
    const t0 = Date.now();
    for (let s = 0; s < n; s += CH) {
      const m = Math.min(CH, n - s);
      bits(key(7000 + seed), 5 * m, { offset: 5 * s, out: w });
      for (let i = 0; i < m; i++) {
        const x = gen(u53(w[5 * i], w[5 * i + 1]), u53(w[5 * i + 2], w[5 * i + 3]), w[5 * i + 4], s + i);
        const y = ours(x);
        const r = ref(x);
        const e = Math.abs(ulpError(y, r));
        if (!(e <= st.max)) { st.max = e; st.at = x; }
        if (e <= 0.5) st.cr++;
        if (mathFn) {
          const ym = mathFn(x);
          st.mathMax = Math.max(st.mathMax, Math.abs(ulpError(ym, r)));
          if (!Object.is(ym, y)) st.diff++;
        }
      }
    }
    rows.push({ label, what, n, math: !!mathFn, ...st });
    process.stderr.write(`${label}: ${what}: ${st.max.toFixed(3)} ulp (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
  }
}

const fmt = (v) => (v === Infinity ? '∞' : v.toFixed(3));
console.log('| function | inputs | n | max ulp | correctly rounded | worst input | max ulp (Math.*) | ours ≠ Math.* |');
console.log('| --- | --- | ---: | ---: | ---: | --- | ---: | ---: |');
for (const r of rows) {
  const m = r.math ? `${fmt(r.mathMax)} | ${r.diff}` : '— | —';
  console.log(`| ${r.label} | ${r.what.replace(/\|/g, '\\|')} | ${r.n.toExponential(1)} | ${fmt(r.max)} | ${(100 * r.cr / r.n).toFixed(2)} % | ${r.at} | ${m} |`);
}

// ---- the references' self-checks: two methods where they overlap, in binary64 ulps ----
if (!ONLY) {
  // the difference of two references in ulps of the value, measured through one binary64 probe y:
  // (y - r1)/ulp - (y - r2)/ulp = (r2 - r1)/ulp
  const refDiff = (r1, r2) => {
    const y = r1.hi * 2 ** r1.s;
    return Math.abs(ulpError(y, r1) - ulpError(y, r2));
  };
  const checks = [];
  let m1 = 0;
  let m2 = 0;
  for (let i = 0; i <= 400; i++) {
    const t = 3 + 0.5 * i / 400;
    const [series, cf, cf2] = erfcBothWays(t);
    m1 = Math.max(m1, refDiff(series, cf));
    m2 = Math.max(m2, refDiff(cf, cf2));
  }
  checks.push(['erfc: series vs continued fraction, t in [3, 3.5] (the series, used below 3, loses 24-28 bits here)', 401, m1]);
  checks.push(['erfc: continued fraction vs twice its depth, t in [3, 3.5]', 401, m2]);
  let m3 = 0;
  for (let i = 0; i <= 400; i++) {
    for (const [a, b] of [[0.75, 0.8], [1.2, 1.25], [1.75, 1.8], [2.2, 2.25]]) {
      const x = a + (b - a) * i / 400;
      const [near, st] = lgammaBothWays(x);
      m3 = Math.max(m3, refDiff(near, st));
    }
  }
  checks.push(['lgamma: zeta series vs Stirling, x in [0.75, 0.8], [1.2, 1.25], [1.75, 1.8], [2.2, 2.25]', 1604, m3]);
  let m4 = 0;
  for (let k = 171; k <= 400; k++) m4 = Math.max(m4, refDiff(bigLogFactorial(k), ddLgamma(k + 1)));
  checks.push(['log k!: exact BigInt vs lgamma(k + 1) reference, k = 171..400', 230, m4]);
  console.log('');
  console.log('| reference self-check | points | max difference (ulp of the value) |');
  console.log('| --- | ---: | ---: |');
  for (const [what, n, m] of checks) console.log(`| ${what} | ${n} | ${m.toExponential(2)} |`);
}
