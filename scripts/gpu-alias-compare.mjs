#!/usr/bin/env node
// The CUDA alias tables against the TypeScript backend, bit for bit (issue 7; docs/alias.md "GPU"):
// for the validation weight sets of the alias issue (uniform random, shuffled power laws with
// exponents 1 and 0.5, many exact zeros, a single non-zero, log-uniform 1e-30 … 1e30) at N = 10^3,
// 10^6, 10^7, 10^8, PSA and PSA+: the units and rows of AliasTable.build on the GPU, samples and counts
// at odd offsets and sizes (sync and async), every construction and counts variant, categorical (alias
// and CDF), DeviceArray weights and outputs (docs/alias.md, "DeviceArray operands") with the device's weight check;
// then an out-of-memory build (a JS error naming the size; the device memory comes back) and GPU-vs-CPU timings for the
// `auto` crossover. Run on a GPU machine after `npm run build` and an addon build (scripts/gpu-check-alias.sh does
// both):
//
//   node scripts/gpu-alias-compare.mjs [--max 1e8] [--json out.json] [--no-oom]
//
// Expected time on an H100 machine: 2–4 minutes at --max 1e8 (the TypeScript builds of 10^8 items
// dominate), under a minute at --max 1e7. Prints one line per comparison group, then
// "ALIAS_COMPARE_JSON {...}"; exits 0 when all agree, 1 on any difference, 2 without a usable GPU.
import { writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const MAX = Number(opt('--max', '1e8'));
const jsonPath = opt('--json', null);
const OOM = !args.includes('--no-oom');

let lib, cuda;
try {
  lib = await import('../dist/lib/index.js');
  cuda = await import('../dist/lib/backend/cuda/backend.js');
} catch (e) {
  console.error(`gpu-alias-compare: cannot load dist/ (run npm run build first): ${e.message}`);
  process.exit(2);
}
const { AliasTable, categorical, categoricalAsync, key, uniform, shutdownPool } = lib;
const probe = cuda.cudaProbe();
if (!probe.backend) {
  console.error(`gpu-alias-compare: the CUDA backend is unavailable: ${probe.reason}`);
  process.exit(2);
}
const addon = cuda.cudaAddon();
if (typeof addon.aliasBuild !== 'function') {
  console.error('gpu-alias-compare: the addon has no alias functions (a stale build?)');
  process.exit(2);
}
console.log(`gpu-alias-compare: ${probe.reason}`);

const results = { device: probe.info, comparisons: 0, mismatches: [], groups: [], timings: [], oom: null };
const now = () => Number(process.hrtime.bigint()) / 1e6;
const bytesOf = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function firstDiff(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return { index: i, gpu: a[i], cpu: b[i] };
  return a.length === b.length ? null : { index: n, lengths: [a.length, b.length] };
}

function same(label, gpu, cpu) {
  results.comparisons++;
  if (bytesOf(gpu).equals(bytesOf(cpu))) return true;
  const d = firstDiff(gpu, cpu);
  results.mismatches.push({ label, ...d });
  console.log(`MISMATCH ${label}: ${JSON.stringify(d)}`);
  return false;
}

// ---- the validation weight sets (deterministic: the library's own uniforms on the CPU) -------------

const unif = (seed, n) => uniform(key(seed), n, { backend: 'cpu' });
function shuffle(seed, w) {
  const u = unif(seed + 1000, w.length);
  for (let i = w.length - 1; i > 0; i--) {
    const j = Math.floor(u[i] * (i + 1));
    const t = w[i];
    w[i] = w[j];
    w[j] = t;
  }
  return w;
}
const SETS = {
  uniform: (n) => unif(1, n),
  powerLaw1: (n) => shuffle(2, Float64Array.from({ length: n }, (_, i) => 1 / (i + 1))),
  powerLaw05: (n) => shuffle(3, Float64Array.from({ length: n }, (_, i) => 1 / Math.sqrt(i + 1))),
  manyZeros: (n) => unif(4, n).map((v, i) => (i % 3 === 0 || v < 0.3 ? 0 : v)),
  singleNonZero: (n) => {
    const w = new Float64Array(n);
    w[n >> 1] = 7.5;
    return w;
  },
  extremes: (n) => unif(5, n).map((v) => 10 ** (60 * v - 30)),
};

const sizes = [1e3, 1e6, 1e7, 1e8].filter((n) => n <= MAX);
const K = key(0xfeedfacecafebeefn);
const OFFSETS = [0, 1, 2 ** 33 + 1, 2n ** 62n + 3n];

const t0 = now();
for (const N of sizes) {
  for (const [set, make] of Object.entries(SETS)) {
    const w = make(N);
    for (const method of ['psa', 'psa+']) {
      const label = `${set} N=${N} ${method}`;
      let ok = 0, total = 0;
      const check = (what, g, c) => {
        total++;
        if (same(`${label} ${what}`, g, c)) ok++;
      };
      let s = now();
      const cpu = AliasTable.build(w, { method, backend: 'cpu' });
      const cpuMs = now() - s;
      s = now();
      const gpu = AliasTable.build(w, { method, backend: 'cuda' });
      const gpuMs = now() - s;
      results.timings.push({ op: 'AliasTable.build', set, N, method, cpuMs, gpuMs });
      check('rows', gpu.rows(), cpu.rows());
      const [gu, cu] = [gpu.units(), cpu.units()];
      check('units hi', gu.hi, cu.hi);
      check('units lo', gu.lo, cu.lo);
      // Samples and counts: small, odd and multi-chunk sizes at odd and large offsets.
      for (const count of [1, 3, 1001, 65_537, 1_000_003]) {
        for (const offset of count > 65_537 ? [1] : OFFSETS) {
          const want = cpu.sample(K, count, { offset, backend: 'cpu' });
          check(`sample count=${count} offset=${offset}`, gpu.sample(K, count, { offset, backend: 'cuda' }), want);
          if (count === 1001) {
            check(`sampleAsync count=${count} offset=${offset}`, await gpu.sampleAsync(K, count, { offset, backend: 'cuda' }), want);
            // A CPU-built table is uploaded on its first GPU draw.
            check(`uploaded sample count=${count} offset=${offset}`, cpu.sample(K, count, { offset, backend: 'cuda' }), want);
          }
        }
      }
      const cw = cpu.counts(K, 1_000_003, { offset: 7, backend: 'cpu' });
      check('counts', gpu.counts(K, 1_000_003, { offset: 7, backend: 'cuda' }), cw);
      check('countsAsync', await gpu.countsAsync(K, 1_000_003, { offset: 7, backend: 'cuda' }), cw);
      if (N <= 1e7) {
        for (const m of ['alias', 'cdf']) {
          const o = { method: m, table: method, offset: 2 ** 40 + 1 };
          const want = categorical(K, w, 100_003, { ...o, backend: 'cpu' });
          check(`categorical ${m}`, categorical(K, w, 100_003, { ...o, backend: 'cuda' }), want);
          check(`categoricalAsync ${m}`, await categoricalAsync(K, w, 100_003, { ...o, backend: 'cuda' }), want);
        }
      }
      results.groups.push({ label, ok, total });
      console.log(`${label}: ${ok}/${total} equal (build cpu ${cpuMs.toFixed(0)} ms, gpu ${gpuMs.toFixed(1)} ms)`);
    }
    if (N <= 1e6 || (N === MAX && set === 'uniform')) {
      // Every variant builds the same table and counts the same histogram.
      const saved = addon.aliasTuning();
      const ref = AliasTable.build(w, { method: 'psa+', backend: 'cpu' });
      const t = AliasTable.build(w, { method: 'psa+', backend: 'cuda' });
      const want = ref.counts(K, 100_003, { offset: 3, backend: 'cpu' });
      let ok = 0, total = 0;
      for (const split of [0, 1]) {
        for (const pack of [0, 1]) {
          for (const counts of [1, 2]) {
            addon.aliasTuning({ split, pack, counts });
            total += 3;
            const g = AliasTable.build(w, { method: 'psa+', backend: 'cuda' });
            if (same(`${set} N=${N} variant split=${split} pack=${pack} rows`, g.rows(), ref.rows())) ok++;
            if (same(`${set} N=${N} variant split=${split} pack=${pack} units`, g.units().lo, ref.units().lo)) ok++;
            if (same(`${set} N=${N} variant counts=${counts}`, t.counts(K, 100_003, { offset: 3, backend: 'cuda' }), want)) ok++;
          }
        }
      }
      addon.aliasTuning(saved);
      results.groups.push({ label: `${set} N=${N} variants`, ok, total });
      console.log(`${set} N=${N} variants (split × pack × counts): ${ok}/${total} equal`);
    }
  }
}

// ---- DeviceArray operands (docs/alias.md, "DeviceArray operands"): weights read and checked in place, samples kept on
// the device; the same tables and draws, and the device's weight check gives checkWeights's RangeError -------

{
  const { DeviceArray } = lib;
  let ok = 0, total = 0;
  const check = (label, g, c) => {
    total++;
    if (same(`device operands ${label}`, g, c)) ok++;
  };
  for (const N of sizes.filter((n) => n <= 1e7)) {
    for (const set of ['uniform', 'manyZeros', 'extremes']) {
      for (const w of [SETS[set](N), Float32Array.from(SETS[set](N))]) {
        const label = `${set} N=${N} ${w instanceof Float32Array ? 'f32' : 'f64'}`;
        const dw = DeviceArray.from(w, { backend: 'cuda' });
        const ref = AliasTable.build(w, { method: 'psa+', backend: 'cpu' });
        const t = AliasTable.build(dw, { method: 'psa+' });
        check(`${label} build rows`, t.rows(), ref.rows());
        check(`${label} build units`, t.units().lo, ref.units().lo);
        const want = ref.sample(K, 100_003, { offset: 5, backend: 'cpu' });
        const d = t.sample(K, 100_003, { offset: 5, out: 'device' });
        check(`${label} sample out device`, d.toHost(), want);
        d.free();
        for (const m of ['alias', 'cdf']) {
          const o = { method: m, table: 'psa+', offset: 2 ** 40 + 1 };
          const cw = categorical(K, w, 100_003, { ...o, backend: 'cpu' });
          const g = categorical(K, dw, 100_003, { ...o, out: 'device' });
          check(`${label} categorical ${m} device weights + out`, g.toHost(), cw);
          check(`${label} categoricalAsync ${m} device weights`, await categoricalAsync(K, dw, 100_003, o), cw);
          g.free();
        }
        dw.free();
      }
    }
  }
  // Invalid weights in GPU memory: the lowest bad index and its value, as the CPU check words it.
  const bad = (n, at, v) => {
    const w = unif(9, n);
    for (const i of at) w[i] = v;
    return w;
  };
  const BAD = [bad(1e6, [999_999, 123_457, 500_000], NaN), bad(1e6, [77], -Infinity), bad(4097, [4096], -0.1),
    Float32Array.from(bad(1000, [640], -1e-30)), new Float64Array(100_000)];
  for (const w of BAD) {
    let cpuMsg = null, gpuMsg = null, gpuType = null;
    try { AliasTable.build(w, { backend: 'cpu' }); } catch (e) { cpuMsg = e.message; }
    const dw = DeviceArray.from(w, { backend: 'cuda' });
    try { AliasTable.build(dw); } catch (e) { gpuMsg = e.message; gpuType = e.constructor.name; }
    total++;
    if (cpuMsg !== null && gpuMsg === cpuMsg && gpuType === 'RangeError') ok++;
    else {
      results.mismatches.push({ label: 'device weight check', cpu: cpuMsg, gpu: gpuMsg, type: gpuType });
      console.log(`MISMATCH device weight check: cpu ${cpuMsg} | gpu ${gpuType}: ${gpuMsg}`);
    }
    results.comparisons++;
    dw.free();
  }
  results.groups.push({ label: 'DeviceArray operands', ok, total });
  console.log(`DeviceArray operands (weights in place, out: 'device', device weight check): ${ok}/${total} equal`);
}

// ---- out of memory: a JS error naming the size, and the memory comes back (2^32-1 float32 weights:
// 17 GB of host memory; skipped where the device could hold the construction) ---------------------------

if (OOM) {
  const info = addon.deviceInfo();
  const n = 2 ** 32 - 1; // float32 weights: 4 + 8 + 8 + ~12 bytes per item on the device
  if (info.totalMemory >= 33 * n) {
    results.oom = { skipped: `the device holds ${(info.totalMemory / 2 ** 30).toFixed(0)} GiB: 2^32-1 items fit` };
  } else {
    let w = null;
    try {
      w = new Float32Array(n).fill(1);
    } catch (e) {
      results.oom = { skipped: `no host array of 2^32-1 float32 weights: ${e.message}` };
    }
    if (w) {
      // categorical: no host outputs beyond the one sample, so only the device runs out of memory
      const before = addon.deviceInfo().freeMemory;
      let message = null;
      try {
        categorical(K, w, 1, { method: 'alias', backend: 'cuda' });
      } catch (e) {
        message = e.message;
      }
      w = null;
      const after = addon.deviceInfo().freeMemory;
      const small = AliasTable.build([1, 2, 3], { backend: 'cuda' }).rows();
      const pass = message !== null && /bytes/.test(message) && /4294967295 items/.test(message) &&
        after + 512 * 2 ** 20 >= before && same('after OOM: a build works', small, AliasTable.build([1, 2, 3], { backend: 'cpu' }).rows());
      results.oom = { message, freeBefore: before, freeAfter: after, pass };
      if (!pass) results.mismatches.push({ label: 'out-of-memory build', ...results.oom });
      console.log(`out of memory: ${pass ? 'ok' : 'FAILED'}: ${message}`);
    }
  }
}

// ---- timings for the auto crossover ------------------------------------------------------------------

const timeIt = (f, reps) => {
  f();
  const s = now();
  for (let i = 0; i < reps; i++) f();
  return (now() - s) / reps;
};
for (const N of [2 ** 10, 2 ** 12, 2 ** 14, 2 ** 16, 2 ** 18, 2 ** 20].filter((x) => x <= MAX)) {
  const w = unif(11, N);
  const reps = N <= 2 ** 14 ? 20 : 5;
  results.timings.push({
    op: 'build crossover', N,
    cpuMs: timeIt(() => AliasTable.build(w, { backend: 'cpu' }), reps),
    gpuMs: timeIt(() => AliasTable.build(w, { backend: 'cuda' }), reps),
  });
}
for (const N of [1e4, 1e6].filter((x) => x <= MAX)) {
  const t = AliasTable.build(unif(12, N), { backend: 'cuda' });
  for (const n of [2 ** 10, 2 ** 12, 2 ** 14, 2 ** 16, 2 ** 18, 2 ** 20]) {
    const out = new Uint32Array(n);
    const reps = n <= 2 ** 14 ? 50 : 10;
    results.timings.push({
      op: 'sample crossover (resident table)', N, n,
      cpuMs: timeIt(() => t.sample(K, n, { out, backend: 'cpu' }), reps),
      gpuMs: timeIt(() => t.sample(K, n, { out, backend: 'cuda' }), reps),
    });
    results.timings.push({
      op: 'counts crossover', N, n,
      cpuMs: timeIt(() => t.counts(K, n, { backend: 'cpu' }), reps),
      gpuMs: timeIt(() => t.counts(K, n, { backend: 'cuda' }), reps),
    });
  }
}

results.seconds = (now() - t0) / 1000;
for (const t of results.timings) {
  const extra = Object.entries(t).filter(([k]) => !['op', 'cpuMs', 'gpuMs'].includes(k)).map(([k, v]) => `${k}=${v}`).join(' ');
  console.log(`timing ${t.op} ${extra}: cpu ${t.cpuMs.toFixed(3)} ms, gpu ${t.gpuMs.toFixed(3)} ms`);
}
console.log(`gpu-alias-compare: ${results.comparisons - results.mismatches.length}/${results.comparisons} comparisons equal in ${results.seconds.toFixed(1)} s`);
const line = JSON.stringify(results);
console.log(`ALIAS_COMPARE_JSON ${line}`);
if (jsonPath) writeFileSync(jsonPath, line);
await shutdownPool();
process.exit(results.mismatches.length ? 1 : 0);
