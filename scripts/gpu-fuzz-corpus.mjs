#!/usr/bin/env node
// A bounded, deterministic fuzz corpus for the CUDA backend (scripts/gpu-hardening.sh runs it under
// compute-sanitizer): random VALID calls of every public bulk function — odd sizes around the
// kernels' head/tail/chunk boundaries, offsets near 2^32 and 2^63, outputs as fresh arrays, views at
// byte offsets, SharedArrayBuffers and pinned buffers, sync and async — each compared bit for bit
// with the TypeScript backend; then INVALID calls straight into the addon's functions, which must
// throw TypeError/RangeError before any CUDA work. Ops the CUDA backend lacks run on the CPU (auto).
//
//   CUDA_RANDOM_CROSSOVER=0 node scripts/gpu-fuzz-corpus.mjs [--calls 400] [--seed 1] [--max 1048581]
//
// Without a usable GPU it still runs (CPU against CPU), which is how it is tested off the device.
import { parseArgs } from 'node:util';
import * as cr from '../dist/lib/index.js';
import { cudaAddon } from '../dist/lib/backend/cuda/backend.js';

const { values: argv } = parseArgs({
  options: { calls: { type: 'string', default: '400' }, seed: { type: 'string', default: '1' }, max: { type: 'string', default: String((1 << 20) + 5) } },
});
const CALLS = Number(argv.calls);
const MAX = Number(argv.max);
let state = Number(argv.seed) >>> 0 || 1;
/** mulberry32: the corpus is a function of --seed only. */
function rnd() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const addon = cudaAddon();

const SIZES = [0, 1, 2, 3, 4, 5, 7, 8, 31, 32, 33, 255, 1000, 4097, 65535, 65536, 65537, 1 << 18, (1 << 20) + 5, 2097153]
  .filter((n) => n <= MAX);
function offsetFor(n) {
  return pick([0, 1, 3, 2 ** 32 - 5, 2 ** 32 + 7, Math.floor(rnd() * 2 ** 40), 2n ** 63n - BigInt(n) - BigInt(Math.floor(rnd() * 9)), 2n ** 62n + 3n]);
}
function outFor(Ctor, len) {
  switch (pick(['fresh', 'view', 'shared', 'pinned', 'none'])) {
    case 'view': return new Ctor(new ArrayBuffer((len + 5) * Ctor.BYTES_PER_ELEMENT), 3 * Ctor.BYTES_PER_ELEMENT, len);
    case 'shared': return new Ctor(new SharedArrayBuffer((len + 1) * Ctor.BYTES_PER_ELEMENT), Ctor.BYTES_PER_ELEMENT, len);
    case 'pinned':
      if (addon && len > 0) return new Ctor(addon.pinnedArrayBuffer(len * Ctor.BYTES_PER_ELEMENT), 0, len);
      return new Ctor(len);
    case 'none': return undefined;
    default: return new Ctor(len);
  }
}
const table = cr.AliasTable.build(Float64Array.from({ length: 777 }, (_, i) => (i % 5 ? (i + 1) ** -0.7 : 0)));
const dtypes = ['float32', 'float64'];
// name -> (k, n, offset, out, async) => result; `width` values per element; output constructor.
const OPS = [
  ['bits', 1, () => Uint32Array, (k, n, o, out, b) => [cr.bits, cr.bitsAsync, [k, n, { offset: o, out, backend: b }]]],
  ['uniform', 1, (d) => (d === 'float32' ? Float32Array : Float64Array), (k, n, o, out, b, d) => [cr.uniform, cr.uniformAsync, [k, n, { offset: o, out, dtype: d, low: -3, high: 5.5, backend: b }]]],
  ['normal', 1, (d) => (d === 'float32' ? Float32Array : Float64Array), (k, n, o, out, b, d, r) => [cr.normal, cr.normalAsync, [k, n, { offset: o, out, dtype: d, method: r < 0.5 ? 'box-muller' : 'polar', backend: b }]]],
  ['gamma', 1, (d) => (d === 'float32' ? Float32Array : Float64Array), (k, n, o, out, b, d, r) => [cr.gamma, cr.gammaAsync, [k, n, { offset: o, out, dtype: d, alpha: [0.05, 0.7, 1, 3.5, 200][Math.floor(r * 5)], proposals: [1, 4, 32][Math.floor(r * 15) % 3], backend: b }]]],
  ['exponential', 1, (d) => (d === 'float32' ? Float32Array : Float64Array), (k, n, o, out, b, d) => [cr.exponential, cr.exponentialAsync, [k, n, { offset: o, out, dtype: d, rate: 2.5, backend: b }]]],
  ['beta', 1, (d) => (d === 'float32' ? Float32Array : Float64Array), (k, n, o, out, b, d) => [cr.beta, cr.betaAsync, [k, n, { offset: o, out, dtype: d, a: 0.3, b: 2, backend: b }]]],
  ['aliasSample', 1, () => Uint32Array, (k, n, o, out, b) => [table.sample.bind(table), table.sampleAsync.bind(table), [k, n, { offset: o, out, backend: b }]]],
];

let calls = 0, mismatches = 0, onGpu = 0;
const problems = [];
const sameBits = (a, b) => {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};
const cudaOps = new Set(addon ? Object.keys(addon) : []);
for (let i = 0; i < CALLS; i++) {
  const [name, , ctorOf, build] = pick(OPS);
  const d = pick(dtypes);
  const n = pick(SIZES);
  const k = cr.key(Math.floor(rnd() * 2 ** 40));
  const o = offsetFor(n);
  const Ctor = ctorOf(d);
  const r = rnd(); // the op's own parameter choices, the same for both backends
  const [sync, async, args] = build(k, n, o, outFor(Ctor, n), 'auto', d, r);
  const [, , cpuArgs] = build(k, n, o, undefined, 'cpu', d, r);
  calls++;
  try {
    const got = rnd() < 0.5 ? sync(...args) : await async(...args);
    const want = sync(...cpuArgs);
    if (!sameBits(got.subarray(0, n), want)) {
      mismatches++;
      problems.push(`${name} ${d} n=${n} offset=${o}: differs from the CPU backend`);
    }
    if (cudaOps.size && n > 0) onGpu++;
  } catch (e) {
    problems.push(`${name} ${d} n=${n} offset=${o}: ${e?.constructor?.name} ${e?.message}`);
  }
}
// Invalid arguments straight into the addon: the binding's own checks must throw TypeError/RangeError.
let addonInvalid = 0;
if (addon) {
  const bad = [
    () => addon.bits(), () => addon.bits(1, 2, 3, 4, new Float64Array(4)), () => addon.bits(-1, 0, 0, 0, new Uint32Array(4)),
    () => addon.bits(0, 0, 2 ** 32, 0, new Uint32Array(4)), () => addon.bits(0, 0, 0.5, 0, new Uint32Array(4)),
    () => addon.bitsAsync(0, 0, 0, 0, [1, 2]), () => addon.uniform32(0, 0, 0, 0, 'a', 1, new Float32Array(4)),
    () => addon.uniform64(0, 0, 0, 0, 0, 1, new Float32Array(4)), () => addon.xorwowFill(0, 0, 0, 0, 0, 0, new Int32Array(4)),
    () => addon.xorwowFillState(1, 2, 3, 4, 5, NaN, 0, 0, new Uint32Array(4)), () => addon.pinnedArrayBuffer(-1),
  ];
  for (const f of bad) {
    calls++;
    try {
      f();
      problems.push(`addon call accepted invalid arguments: ${f}`);
    } catch (e) {
      if (e instanceof TypeError || e instanceof RangeError) addonInvalid++;
      else problems.push(`addon: ${e?.constructor?.name} ${e?.message} for ${f}`);
    }
  }
}
await cr.shutdownPool();
const summary = { calls, mismatches, gpu: !!addon, gpuOps: [...cudaOps].filter((x) => !x.startsWith('diag')).length, addonInvalid, problems: problems.slice(0, 20), problemCount: problems.length };
console.log(JSON.stringify(summary));
process.exitCode = problems.length ? 1 : 0;
