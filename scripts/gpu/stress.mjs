#!/usr/bin/env node
// GPU stress checks for the native runtime (issue 15), run by scripts/gpu-check.sh (part "stress") on a
// GPU machine, each in conditions the CPU-only tests can only emulate:
//
//   1. UV_THREADPOOL_SIZE=16 (set by the caller): 64 async calls of every kind in flight at once.
//   2. Worker threads: four workers load the addon (one environment each, own device selection) and
//      run sync and async calls while the main thread does too.
//   3. Register mode, Promise.all over adjacent subarrays of one buffer (outputs sharing pages).
//   4. Fresh processes whose first call is XORWOW (sync, async, into a DeviceArray): the jump tables
//      are uploaded by that call.
//   5. Out of memory forced mid-pipeline: diagHog leaves ~12 MiB, then calls whose scratch or output
//      does not fit fail with cudaErrorMemoryAllocation (a host-output pipeline gets its first 8 MiB
//      device buffer and not its second); after diagRelease the device memory (pool
//      trimmed) is back to its baseline and the next calls are right.
//
//   UV_THREADPOOL_SIZE=16 node --expose-gc scripts/gpu/stress.mjs    one JSON line; exit 0 when all passed
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import * as cr from '../../dist/lib/index.js';
import { cudaAddon } from '../../dist/lib/backend/cuda/backend.js';

const addon = cudaAddon();
if (!addon) {
  console.log(JSON.stringify({ skipped: `no usable CUDA device: ${cr.backend().reason}` }));
  process.exit(3);
}
const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok: !!ok, detail });
  console.log(`${ok ? 'pass' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};
const same = (a, b) => a.byteLength === b.byteLength &&
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
const k = cr.key(0x57e55);

// 1. many async calls at once
{
  const calls = [];
  for (let i = 0; i < 64; i++) {
    const n = 200_003 + 65_537 * (i % 7);
    const o = { offset: 11 * i };
    const kind = i % 4;
    const gpu = kind === 0 ? cr.bitsAsync(k, n, { ...o, backend: 'cuda' })
      : kind === 1 ? cr.normalAsync(k, n, { ...o, dtype: 'float32', backend: 'cuda' })
        : kind === 2 ? cr.gammaAsync(k, n, { ...o, alpha: 0.3, backend: 'cuda' })
          : cr.categoricalAsync(k, [1, 2, 3, 0, 5], n, { ...o, backend: 'cuda' });
    calls.push(gpu.then((g) => {
      const c = kind === 0 ? cr.bits(k, n, { ...o, backend: 'cpu' })
        : kind === 1 ? cr.normal(k, n, { ...o, dtype: 'float32', backend: 'cpu' })
          : kind === 2 ? cr.gamma(k, n, { ...o, alpha: 0.3, backend: 'cpu' })
            : cr.categorical(k, [1, 2, 3, 0, 5], n, { ...o, backend: 'cpu' });
      return same(g, c);
    }));
  }
  const ok = (await Promise.all(calls)).filter(Boolean).length;
  check(`64 concurrent async calls (UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 'default'})`, ok === 64, `${ok}/64 equal`);
}

// 2. worker threads
{
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.lib).then(async (cr) => {
      const k = cr.key(workerData.seed);
      const same = (a, b) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
      let ok = 0;
      for (let i = 0; i < 6; i++) {
        const n = 1_000_003 + i;
        const g = i % 2 ? await cr.uniformAsync(k, n, { backend: 'cuda' }) : cr.uniform(k, n, { backend: 'cuda' });
        if (same(g, cr.uniform(k, n, { backend: 'cpu' }))) ok++;
      }
      parentPort.postMessage(ok);
    }, (e) => parentPort.postMessage(String(e)));`;
  const lib = new URL('../../dist/lib/index.js', import.meta.url).href;
  const workers = Array.from({ length: 4 }, (_, i) => new Promise((resolve) => {
    const w = new Worker(code, { eval: true, workerData: { lib, seed: 100 + i } });
    w.once('message', (m) => { resolve(m); w.terminate(); });
    w.once('error', (e) => resolve(String(e)));
  }));
  const main = cr.bits(k, 3_000_001, { backend: 'cuda' });
  const got = await Promise.all(workers);
  check('four worker threads and the main thread at once', got.every((m) => m === 6) && same(main, cr.bits(k, 3_000_001, { backend: 'cpu' })),
    JSON.stringify(got));
}

// 3. register mode: adjacent subarrays of one buffer, all at once
{
  addon.setTransferMode('register');
  const n = 300_001;
  const buf = new Float32Array(8 * n + 5);
  const parts = Array.from({ length: 8 }, (_, i) => buf.subarray(3 + i * n, 3 + (i + 1) * n));
  await Promise.all(parts.map((p, i) => cr.uniformAsync(k, n, { out: p, dtype: 'float32', offset: i * n, backend: 'cuda' })));
  addon.setTransferMode('staging');
  check('register mode: Promise.all over 8 adjacent subarrays', same(buf.subarray(3, 3 + 8 * n), cr.uniform(k, 8 * n, { dtype: 'float32', backend: 'cpu' })));
}

// 4. fresh processes whose first call is XORWOW
{
  const lib = fileURLToPath(new URL('../../dist/lib/index.js', import.meta.url));
  const body = {
    sync: `const o = new Uint32Array(70001); probe.backend.run(job(o)); out(o);`,
    async: `const o = new Uint32Array(70001); await probe.backend.runAsync(job(o)); out(o);`,
  };
  for (const [name, code] of Object.entries(body)) {
    const script = `
      const { cudaProbe } = await import(${JSON.stringify(new URL('../../dist/lib/backend/cuda/backend.js', import.meta.url).href)});
      const { Xorwow } = await import(${JSON.stringify(lib)});
      const probe = cudaProbe();
      const job = (out) => ({ op: 'xorwowFill', key: [0, 0], lo: 5, hi: 0, out, perElement: {}, params: { seedLo: 1234, seedHi: 0, subsequenceLo: 1, subsequenceHi: 0 } });
      const out = (o) => { const r = new Xorwow(1234n, { subsequence: 1n, offset: 5n }).fill(new Uint32Array(o.length));
        process.stdout.write(Buffer.from(o.buffer).equals(Buffer.from(r.buffer)) ? 'equal' : 'DIFFERENT'); };
      ${code}`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    check(`fresh process, first call XORWOW (${name})`, r.stdout.trim() === 'equal', (r.stdout + r.stderr).trim().slice(0, 300));
  }
}

// 5. out of memory mid-pipeline, then back to the baseline
{
  const base = addon.diagMemInfo(true);
  const held = addon.diagHog(Math.max(0, base.free - (12 << 20)));
  const failures = [];
  for (const f of [
    () => cr.bits(k, 100_000_000, { backend: 'cuda' }),
    () => cr.uniform(k, 20_000_000, { backend: 'cuda', out: 'device' }),
    () => cr.AliasTable.build(new Float64Array(20_000_000).fill(1), { backend: 'cuda' }),
  ]) {
    try {
      f();
      failures.push('no error');
    } catch (e) {
      failures.push(e.code ?? e.message);
    }
  }
  addon.diagRelease();
  const after = addon.diagMemInfo(true);
  const right = same(cr.bits(k, 5_000_001, { backend: 'cuda' }), cr.bits(k, 5_000_001, { backend: 'cpu' }));
  check('OOM mid-pipeline: clean errors', failures.every((c) => c === 'cudaErrorMemoryAllocation'), `held ${(held / 2 ** 30).toFixed(1)} GiB; ${failures.join(', ')}`);
  check('OOM mid-pipeline: device memory back to its baseline', Math.abs(after.free - base.free) < (16 << 20),
    `free before ${base.free}, after ${after.free}`);
  check('OOM mid-pipeline: the next calls are right', right);
}

await cr.shutdownPool();
const failed = results.filter((r) => !r.ok).map((r) => r.name);
console.log(JSON.stringify({ passed: results.length - failed.length, failed }));
process.exit(failed.length ? 1 : 0);
