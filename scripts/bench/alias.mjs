// Alias tables (CPU backend) in one run: build time for N = 1e4, 1e6, 1e7 (PSA, PSA+, and a plain
// float Vose build), and sampling throughput for 1e6 / 1e7 draws from N = 1e4 and 1e6 items:
// AliasTable.sample (one thread, prebuilt table), sampleAsync (worker pool), categorical 'alias' and
// 'cdf' (one-shot, build included), @stdlib/random-sample with `probs` (which rebuilds a Vose table on
// every call), and a plain float Vose table with Math.random.
import { createRequire } from 'node:module';
import { AliasTable, categorical, key, shutdownPool } from 'cuda-random';
import { table } from './harness.mjs';

const require = createRequire(import.meta.url);
const stdlibSample = require('@stdlib/random-sample');

/** Shuffled power law (exponent 1), from a small LCG (the benchmark does not depend on it). */
function weights(n, seed = 1) {
  let s = seed >>> 0;
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 1 / (i + 1);
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = Math.floor((s / 2 ** 32) * (i + 1));
    const t = w[i];
    w[i] = w[j];
    w[j] = t;
  }
  return w;
}

/** A plain Vose alias table in binary64 (the textbook method, for comparison). */
function voseBuild(w) {
  const n = w.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += w[i];
  const prob = new Float64Array(n);
  const alias = new Uint32Array(n);
  const small = new Uint32Array(n);
  const large = new Uint32Array(n);
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < n; i++) {
    prob[i] = (w[i] * n) / sum;
    if (prob[i] < 1) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns];
    const l = large[--nl];
    alias[s] = l;
    prob[l] = prob[l] + prob[s] - 1;
    if (prob[l] < 1) small[ns++] = l;
    else large[nl++] = l;
  }
  while (nl > 0) prob[large[--nl]] = 1;
  while (ns > 0) prob[small[--ns]] = 1; // float leftovers (the exact method has none)
  return { prob, alias, n };
}

function voseSample(t, count, out) {
  const { prob, alias, n } = t;
  for (let i = 0; i < count; i++) {
    const u = Math.random() * n;
    const r = Math.floor(u);
    out[i] = u - r < prob[r] ? r : alias[r];
  }
  return out;
}

export async function run({ quick = false, reps = 3 } = {}) {
  const best = async (f) => {
    await f();
    let b = Infinity;
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      await f();
      b = Math.min(b, performance.now() - t0);
    }
    return b;
  };
  const ms = (t) => t.toFixed(t < 10 ? 2 : 0);
  const mps = (n, t) => ((n / t) * 1e3 / 1e6).toFixed(1);
  const cpu = { backend: 'cpu' };

  const builds = [];
  for (const N of quick ? [1e4, 1e6] : [1e4, 1e6, 1e7]) {
    const w = weights(N);
    const psa = await best(() => AliasTable.build(w, cpu));
    const plus = await best(() => AliasTable.build(w, { ...cpu, method: 'psa+' }));
    const vose = await best(() => voseBuild(w));
    builds.push([N.toExponential(0), ms(psa), ms(plus), ms(vose)]);
  }

  const samples = [];
  for (const N of [1e4, 1e6]) {
    const w = weights(N, 2);
    const t = AliasTable.build(w, cpu);
    const vose = voseBuild(w);
    let sum = 0;
    for (const v of w) sum += v;
    const probs = Array.from(w, (v) => v / sum);
    const items = Array.from({ length: N }, (_, i) => i);
    for (const n of quick ? [1e6] : [1e6, 1e7]) {
      const out = new Uint32Array(n);
      const k = key(7);
      const label = `N=${N.toExponential(0)}, n=${n.toExponential(0)}`;
      const ours = await best(() => t.sample(k, n, { ...cpu, out }));
      // @stdlib/random-sample builds its Vose table on every call with Array#shift (O(N^2)): at
      // N = 10^6 one call takes minutes, so it is measured at N = 10^4 only.
      const std = N <= 1e4 ? await best(() => stdlibSample(items, { size: n, probs })) : NaN;
      const vs = (x) => (Number.isNaN(std) ? '–' : `${(std / x).toFixed(2)}×`);
      const rows = [
        ['AliasTable.sample (1 thread)', ours],
        ['AliasTable.sampleAsync (pool)', await best(() => t.sampleAsync(k, n, { ...cpu, out }))],
        ["categorical 'alias' (incl. build)", await best(() => categorical(k, w, n, { ...cpu, method: 'alias', out }))],
        ["categorical 'cdf' (incl. prefix sums)", await best(() => categorical(k, w, n, { ...cpu, method: 'cdf', out }))],
        ['@stdlib/random-sample probs (incl. build)', std],
        ['plain float Vose + Math.random (prebuilt)', await best(() => voseSample(vose, n, out))],
      ];
      for (const [what, x] of rows) {
        samples.push([label, what, Number.isNaN(x) ? 'skipped (O(N²) build)' : mps(n, x), Number.isNaN(x) ? '–' : vs(x)]);
      }
    }
  }
  await shutdownPool();
  return {
    title: `Alias tables (CPU backend), best of ${reps}`,
    text: table(builds, ['build N', 'PSA ms', 'PSA+ ms', 'plain Vose ms']) + '\n\n' +
      table(samples, ['case', 'sampler', 'M samples/s', 'vs @stdlib']),
    notes: 'Weights: shuffled power law, exponent 1. PSA/PSA+ are exact (integer) builds; plain Vose is ' +
      'the float textbook method, for scale. "vs @stdlib" = @stdlib time / this time.',
  };
}
