#!/usr/bin/env node
// CUDA-side hardening checks (issue 9), run by scripts/gpu-hardening.sh on a GPU machine:
//
//  1. device OOM on purpose: the addon's diagHog (binding/diagnostics.cc) takes nearly all device
//     memory; then sync and async calls on the CUDA backend must fail with a clean JS Error whose
//     code names the CUDA error (cudaErrorMemoryAllocation), and after diagRelease the very next
//     calls must work and equal the TypeScript backend bit for bit. Three rounds, several ops.
//  2. `out` dropped while an async call is pending: the binding holds a reference until the Promise
//     settles. Checked with a FinalizationRegistry: no output array is finalized before its call
//     settled, and every one is finalized after (the reference is released: no leak). Also through
//     the facade, with gc() forced while calls are pending.
//  3. `out` transferred away (detached) while an async GPU call is pending: the call rejects with a
//     TypeError naming out, and the next call works. (The transferred buffer is kept alive here: a
//     native writer cannot stop another owner from freeing memory it was given; docs/testing.md.)
//
//   node --expose-gc scripts/gpu-hardening.mjs      prints one JSON line; exit 0 when all passed,
//                                                    and exit 0 with "skipped" where no GPU is usable
import * as cr from '../dist/lib/index.js';
import { cudaAddon } from '../dist/lib/backend/cuda/backend.js';

if (typeof globalThis.gc !== 'function') {
  console.error('gpu-hardening.mjs needs --expose-gc');
  process.exit(2);
}
const addon = cudaAddon();
if (!addon) {
  console.log(JSON.stringify({ skipped: `no usable CUDA device: ${cr.backend().reason}` }));
  process.exit(0);
}
if (typeof addon.diagHog !== 'function') {
  console.log(JSON.stringify({ failed: ['the addon lacks the diagnostics exports (binding/diagnostics.cc): rebuild it'] }));
  process.exit(1);
}

const results = [];
const check = (name, ok, detail = '') => results.push({ name, ok: !!ok, detail });
const sameBits = (a, b) => {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const k = cr.key(20261123);
const N = 1 << 22;
const MiB = 2 ** 20;

// Calls on the CUDA backend (whatever ops it has), with the CPU backend's answer.
const ops = [
  ['bits', (o) => cr.bits(k, N, o), (o) => cr.bitsAsync(k, N, o)],
  ['uniform float64', (o) => cr.uniform(k, N, { ...o, dtype: 'float64' }), (o) => cr.uniformAsync(k, N, { ...o, dtype: 'float64' })],
  ['normal', (o) => cr.normal(k, N, o), (o) => cr.normalAsync(k, N, o)],
  ['gamma', (o) => cr.gamma(k, N, { ...o, alpha: 0.5 }), (o) => cr.gammaAsync(k, N, { ...o, alpha: 0.5 })],
  ['alias sample', (o) => table.sample(k, N, o), (o) => table.sampleAsync(k, N, o)],
];
const table = cr.AliasTable.build(Float64Array.from({ length: 1 << 16 }, (_, i) => 1 / (i + 1)));
const onCuda = ops.filter(([, f]) => {
  try {
    f({ backend: 'cuda', offset: 0 });
    return true;
  } catch (e) {
    return !/does not implement/.test(String(e?.message));
  }
});
check('ops on the CUDA backend', onCuda.length > 0, onCuda.map(([n]) => n).join(', '));

// ---- 1. OOM on purpose, then recovery ----
const before = addon.diagMemInfo(true);
for (let round = 0; round < 3; round++) {
  const held = addon.diagHog(before.total);
  const during = addon.diagMemInfo(false);
  check(`round ${round}: device nearly full`, during.free < 64 * MiB, `held ${(held / MiB).toFixed(0)} MiB, free ${(during.free / MiB).toFixed(1)} MiB`);
  for (const [name, sync, async] of onCuda) {
    let err = null;
    try {
      sync({ backend: 'cuda' });
    } catch (e) {
      err = e;
    }
    check(`round ${round}: ${name} sync under OOM throws a clean CUDA error`, err instanceof Error && /^cuda/.test(String(err.code)),
      err ? `${err.code}: ${err.message}` : 'did not throw');
    let rej = null;
    try {
      const p = async({ backend: 'cuda' });
      await p;
    } catch (e) {
      rej = e;
    }
    check(`round ${round}: ${name} async under OOM rejects with a clean CUDA error`, rej instanceof Error && /^cuda/.test(String(rej.code)),
      rej ? `${rej.code}: ${rej.message}` : 'did not reject');
  }
  addon.diagRelease();
  for (const [name, sync, async] of onCuda) {
    let ok = false, detail = '';
    try {
      const want = sync({ backend: 'cpu' });
      const a = sync({ backend: 'cuda' });
      const b = await async({ backend: 'cuda' });
      ok = sameBits(a, want) && sameBits(b, want);
      detail = ok ? '' : 'differs from the CPU backend';
    } catch (e) {
      detail = `${e?.code ?? ''} ${e?.message}`;
    }
    check(`round ${round}: ${name} works again after release (sync and async = CPU)`, ok, detail);
  }
}
const after = addon.diagMemInfo(true);
check('device memory back after the OOM rounds (pool trimmed)', Math.abs(after.free - before.free) <= 16 * MiB,
  `free ${(before.free / MiB).toFixed(0)} -> ${(after.free / MiB).toFixed(0)} MiB`);

// ---- 2. outputs dropped while async calls are pending ----
{
  const settledAt = new Map();
  const finalizedAt = new Map();
  let clock = 0;
  const registry = new FinalizationRegistry((i) => finalizedAt.set(i, ++clock));
  const pending = [];
  for (let i = 0; i < 32; i++) {
    const out = new Uint32Array(1 << 24); // 64 MiB, dropped right away
    registry.register(out, i);
    pending.push(addon.bitsAsync(k[0], k[1], i, 0, out).then(() => settledAt.set(i, ++clock), (e) => settledAt.set(i, `rejected: ${e.message}`)));
  }
  for (let j = 0; j < 20; j++) {
    globalThis.gc();
    await sleep(5);
  }
  await Promise.all(pending);
  for (let j = 0; j < 50 && finalizedAt.size < 32; j++) {
    globalThis.gc();
    await sleep(20);
  }
  const early = [...finalizedAt].filter(([i, t]) => typeof settledAt.get(i) !== 'number' || t < settledAt.get(i));
  const rejected = [...settledAt.values()].filter((v) => typeof v !== 'number');
  check('addon: a dropped out is not collected before its call settles', early.length === 0 && rejected.length === 0,
    `${early.length} collected early, ${rejected.length} rejected`);
  check('addon: the reference is released after (every out collected)', finalizedAt.size === 32, `${finalizedAt.size}/32 collected`);

  // Through the facade: the Promise resolves to the out it was given; gc() while pending.
  const want = cr.bits(k, N, { backend: 'cpu', offset: 5 });
  const ps = [];
  for (let i = 0; i < 8; i++) ps.push(cr.bitsAsync(k, N, { backend: 'cuda', offset: 5, out: new Uint32Array(N) }));
  globalThis.gc();
  const outs = await Promise.all(ps);
  check('facade: async outs dropped by the caller come back complete', outs.every((o) => sameBits(o, want)));
}

// ---- 3. out detached while an async GPU call is pending ----
{
  const keep = [];
  let err = null;
  const out = new Uint32Array(N);
  const p = cr.bitsAsync(k, N, { backend: 'cuda', out });
  keep.push(structuredClone(out.buffer, { transfer: [out.buffer] }));
  try {
    await p;
  } catch (e) {
    err = e;
  }
  check('facade: out detached while pending rejects with a TypeError naming out', err instanceof TypeError && /\bout\b/.test(err.message), String(err?.message));
  const again = cr.bits(k, 1000, { backend: 'cuda' });
  check('the next call works', sameBits(again, cr.bits(k, 1000, { backend: 'cpu' })));
  keep.length = 0;
}

await cr.shutdownPool();
const failed = results.filter((r) => !r.ok);
console.log(JSON.stringify({ device: cr.backend().reason, checks: results.length, failed, results }));
process.exitCode = failed.length ? 1 : 0;
