#!/usr/bin/env node
// Compares every GPU function with the TypeScript backend, bit for bit, over sizes from 1 to 10^8
// (not multiples of 4), odd and large offsets, sync and async, and times the host outputs (GPU ->
// JS typed array). Sections in scripts/gpu/: compare-distributions.mjs (every sampler), compare-device.mjs
// (DeviceArrays, GC of forgotten ones, 10^8-float transfers), compare-permute.mjs (permutations and
// samples without replacement), host-paths.mjs (every op into pageable,
// pinned, shared, registered and device outputs at the copy-split lengths), crossover.mjs (per-op
// CPU/GPU crossover).
// Run on a GPU machine after `npm run build` and an addon build (scripts/gpu-run.sh and gpu-check.sh do):
//
//   node scripts/gpu-compare.mjs [--max 1e8] [--json out.json] [--part all|compare|timings]
//                                [--sections host-paths,permute,...]
//
// --part compare runs the bit comparisons only and --part timings the crossover and host-output timings
// only, so scripts/gpu-run.sh can compare beside other GPU work and time with the GPU to itself.
// --sections runs only the named comparison sections, in the order given (a rerun of what an earlier
// run did not reach): philox, concurrent, xorwow, distributions, device, qrng, host-paths, permute.
//
// Prints one line per comparison, then "COMPARE_JSON {...}"; exits 0 when all agree, 1 on any
// difference, 2 when the CUDA backend is unavailable (with the reason).
import { writeFileSync } from 'node:fs';
import { compareDistributions } from './gpu/compare-distributions.mjs';
import { compareDevice } from './gpu/compare-device.mjs';
import { compareQrng } from './gpu/compare-qrng.mjs';
import { measureCrossover } from './gpu/crossover.mjs';
import { compareHostPaths } from './gpu/host-paths.mjs';
import { comparePermute } from './gpu/compare-permute.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const MAX = Number(opt('--max', '1e8'));
const jsonPath = opt('--json', null);
const PART = opt('--part', 'all');
if (!['all', 'compare', 'timings'].includes(PART)) {
  console.error(`gpu-compare: --part must be all, compare or timings, not ${PART}`);
  process.exit(2);
}
const comparing = PART !== 'timings', timing = PART !== 'compare';
const SECTIONS = ['philox', 'concurrent', 'xorwow', 'distributions', 'device', 'qrng', 'host-paths', 'permute'];
const chosen = opt('--sections', SECTIONS.join(',')).split(',').filter(Boolean);
for (const name of chosen) {
  if (!SECTIONS.includes(name)) {
    console.error(`gpu-compare: --sections takes ${SECTIONS.join(', ')}; not ${name}`);
    process.exit(2);
  }
}

let lib, cuda;
try {
  lib = await import('../dist/lib/index.js');
  cuda = await import('../dist/lib/backend/cuda/backend.js');
} catch (e) {
  console.error(`gpu-compare: cannot load dist/ (run npm run build first): ${e.message}`);
  process.exit(2);
}
const { bits, bitsAsync, uniform, uniformAsync, key, Xorwow, shutdownPool } = lib;
const probe = cuda.cudaProbe();
if (!probe.backend) {
  console.error(`gpu-compare: the CUDA backend is unavailable: ${probe.reason}`);
  process.exit(2);
}
const addon = cuda.cudaAddon();
console.log(`gpu-compare: ${probe.reason}`);

const results = { device: probe.info, comparisons: 0, mismatches: [], timings: [] };

function bytesOf(a) {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function firstDiff(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (!Object.is(a[i], b[i])) return { index: i, gpu: a[i], cpu: b[i] };
  }
  return a.length === b.length ? null : { index: n, lengths: [a.length, b.length] };
}

function record(label, gpuOut, cpuOut) {
  results.comparisons++;
  const same = bytesOf(gpuOut).equals(bytesOf(cpuOut));
  if (!same) {
    const d = firstDiff(gpuOut, cpuOut);
    results.mismatches.push({ label, ...d });
    console.log(`MISMATCH ${label}: ${JSON.stringify(d)}`);
  }
  return same;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

const sizes = [1, 2, 3, 5, 7, 33, 1000, 4099, 65537, 1_000_003, 10_000_001, 100_000_000].filter((n) => n <= MAX);
const offsetsFor = (n) => (n >= 10_000_000 ? [3] : [0, 1, 2, 3, 2 ** 40 + 1, 2n ** 62n + 5n]);
const k = key(0xfeedfacecafebeefn);

// Philox ops: GPU sync / async vs the CPU backend (its worker pool for big n)
const OPS = [
  { name: 'bits', gpu: (n, o) => bits(k, n, { ...o, backend: 'cuda' }), gpuA: (n, o) => bitsAsync(k, n, { ...o, backend: 'cuda' }), cpu: (n, o) => bitsAsync(k, n, { ...o, backend: 'cpu' }) },
  ...[['float32', 0, 1], ['float32', -2.5, 1e3], ['float64', 0, 1], ['float64', -1e-3, 7]].map(([dtype, low, high]) => ({
    name: `uniform ${dtype} [${low}, ${high})`, dtype,
    gpu: (n, o) => uniform(k, n, { ...o, dtype, low, high, backend: 'cuda' }),
    gpuA: (n, o) => uniformAsync(k, n, { ...o, dtype, low, high, backend: 'cuda' }),
    cpu: (n, o) => uniformAsync(k, n, { ...o, dtype, low, high, backend: 'cpu' }),
  })),
];

const t0 = now();
const section = {
  // Philox ops: sizes 1 … 10^8, odd and 2^62-scale offsets, sync and async
  philox: async () => {
    for (const op of OPS) {
      let ok = 0, total = 0;
      for (const n of sizes) {
        for (let offset of offsetsFor(n)) {
          if (op.dtype === 'float64' && typeof offset === 'bigint') offset /= 2n;
          const o = { offset };
          const s = now();
          const g = op.gpu(n, o);
          const ms = now() - s;
          const c = await op.cpu(n, o);
          total++;
          if (record(`${op.name} n=${n} offset=${offset} sync`, g, c)) ok++;
          if (n >= 1_000_000) {
            results.timings.push({ op: op.name, n, mode: 'sync, pageable', ms, GBps: g.byteLength / ms / 1e6 });
          }
          if (n <= 10_000_001) {
            const ga = await op.gpuA(n, o);
            total++;
            if (record(`${op.name} n=${n} offset=${offset} async`, ga, c)) ok++;
          }
        }
      }
      console.log(`${op.name}: ${ok}/${total} equal`);
    }
  },
  concurrent: async () => {
    // Concurrency: many async GPU calls in flight at once
    {
      const jobs = Array.from({ length: 32 }, (_, i) => ({ n: 100_003 + 4099 * i, offset: 7 * i }));
      const outs = await Promise.all(jobs.map((j) => bitsAsync(k, j.n, { offset: j.offset, backend: 'cuda' })));
      let ok = 0;
      for (let i = 0; i < jobs.length; i++) {
        if (record(`concurrent bitsAsync #${i}`, outs[i], bits(k, jobs[i].n, { offset: jobs[i].offset, backend: 'cpu' }))) ok++;
      }
      console.log(`concurrent bitsAsync: ${ok}/${jobs.length} equal`);
    }
  },
  xorwow: async () => {
    // XORWOW fill vs the TypeScript Xorwow (curand() stepping)
    {
      let ok = 0, total = 0;
      const cases = [[0n, 0n, 0n], [1234n, 1n, 5n], [2n ** 64n - 1n, 3n, 1000n], [42n, 2n ** 40n, 2n ** 50n + 3n]];
      for (const n of sizes.filter((x) => x <= 10_000_001)) {
        for (const [seed, sub, offset] of cases) {
          const out = new Uint32Array(n);
          const job = {
            op: 'xorwowFill', key: [0, 0], lo: Number(offset & 0xffffffffn), hi: Number(offset >> 32n), out, perElement: {},
            params: { seedLo: Number(seed & 0xffffffffn), seedHi: Number(seed >> 32n), subsequenceLo: Number(sub & 0xffffffffn), subsequenceHi: Number(sub >> 32n) },
          };
          const s = now();
          probe.backend.run(job);
          const ms = now() - s;
          const ref = new Xorwow(seed, { subsequence: sub, offset }).fill(new Uint32Array(n));
          total++;
          if (record(`xorwowFill seed=${seed} sub=${sub} offset=${offset} n=${n}`, out, ref)) ok++;
          if (n >= 1_000_000) results.timings.push({ op: 'xorwowFill', n, mode: 'sync, pageable', ms, GBps: out.byteLength / ms / 1e6 });
        }
      }
      console.log(`xorwowFill: ${ok}/${total} equal`);
    }
  },
  // Every distribution sampler (normal, exponential, gamma for every M, chisquare, beta, Dirichlet)
  distributions: async () => compareDistributions({ lib, record, results, now, max: MAX, transforms: {
    list: await import('../dist/lib/samplers/registry.js').then((r) => [...r.TRANSFORMS, ...r.ELEMENTS]),
    parameterSets: (await import('../dist/lib/core/param-sets.js')).parameterSets,
  } }),
  // DeviceArrays in GPU memory, and host transfers of 10^8 floats
  device: () => compareDevice({ lib, addon, record, results, now, max: MAX }),
  // Sobol and MRG32k3a (docs/qmc.md): CUDA = TypeScript, and their fills timed beside Philox's
  qrng: () => compareQrng({ lib, record, results, now, max: MAX }),
  // Every op into every kind of host output, at the lengths of the copy-split defect (issue 15)
  'host-paths': () => compareHostPaths({ lib, addon, record, results }),
  permute: () => comparePermute({ lib, record, results, now, max: MAX }),
};
if (comparing) {
  for (const name of chosen) {
    console.log(`gpu-compare: section ${name}`);
    await section[name]();
  }
}

if (timing) {
// Per-op crossover for `auto` (CROSSOVER in lib/backend/cuda/backend.ts)
measureCrossover({ lib, results, now });

// Host-output throughput: pageable JS arrays vs pinned (addon.pinnedArrayBuffer) outputs
{
  const n = Math.min(MAX, 100_000_000);
  const timeIt = (f, reps = 5) => {
    f();
    const s = now();
    for (let i = 0; i < reps; i++) f();
    return (now() - s) / reps;
  };
  const page = new Uint32Array(n);
  let pinned = null;
  try {
    pinned = new Uint32Array(addon.pinnedArrayBuffer(n * 4));
  } catch (e) {
    console.log(`pinned output unavailable: ${e.message}`);
  }
  const msPage = timeIt(() => bits(k, n, { out: page, backend: 'cuda' }));
  results.timings.push({ op: 'bits', n, mode: 'sync, pageable, repeated', ms: msPage, GBps: n * 4 / msPage / 1e6 });
  if (pinned) {
    const msPin = timeIt(() => bits(k, n, { out: pinned, backend: 'cuda' }));
    results.timings.push({ op: 'bits', n, mode: 'sync, pinned, repeated', ms: msPin, GBps: n * 4 / msPin / 1e6 });
    if (record('bits pinned output', pinned, page)) console.log('pinned output equals pageable output');
  }
  const f64 = new Float64Array(n / 2);
  const msU = timeIt(() => uniform(k, n / 2, { out: f64, backend: 'cuda' }));
  results.timings.push({ op: 'uniform float64', n: n / 2, mode: 'sync, pageable, repeated', ms: msU, GBps: n * 4 / msU / 1e6 });
  const small = new Uint32Array(1000);
  const msSmall = timeIt(() => bits(k, 1000, { out: small, backend: 'cuda' }), 200);
  results.timings.push({ op: 'bits', n: 1000, mode: 'sync latency', ms: msSmall });
  const msCpuSmall = timeIt(() => bits(k, 1000, { out: small, backend: 'cpu' }), 200);
  results.timings.push({ op: 'bits', n: 1000, mode: 'cpu backend latency', ms: msCpuSmall });
  for (const n2 of [1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20]) {
    const o = new Uint32Array(n2);
    const g = timeIt(() => bits(k, n2, { out: o, backend: 'cuda' }), 20);
    const c = timeIt(() => bits(k, n2, { out: o, backend: 'cpu' }), 20);
    results.timings.push({ op: 'bits', n: n2, mode: 'crossover: cuda vs cpu (sync)', ms: g, cpuMs: c });
  }
}
}

results.seconds = (now() - t0) / 1000;
for (const t of results.timings) {
  console.log(`timing ${t.op} n=${t.n} ${t.mode}: ${t.ms.toFixed(3)} ms${t.GBps ? `, ${t.GBps.toFixed(2)} GB/s` : ''}${t.cpuMs !== undefined ? `, cpu ${t.cpuMs.toFixed(3)} ms` : ''}`);
}
console.log(`gpu-compare: ${results.comparisons - results.mismatches.length}/${results.comparisons} comparisons equal in ${results.seconds.toFixed(1)} s`);
const line = JSON.stringify(results);
console.log(`COMPARE_JSON ${line}`);
if (jsonPath) writeFileSync(jsonPath, line);
await shutdownPool();
process.exit(results.mismatches.length ? 1 : 0);
