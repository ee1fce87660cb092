// The small version of scripts/soak.mjs (memory flat over repeated sync and async calls of every
// function) and 1,000 concurrent async calls with correct results. The full soak (10^4 calls per
// function and mode, pool-sized calls, device memory on a GPU) is the script; see docs/testing.md.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as cr from 'cuda-random';
import { sameBits } from './fuzz-helpers.js';

describe('memory under repeated calls', () => {
  it('scripts/soak.mjs --calls 100: host memory flat for every function, sync and async', () => {
    const script = fileURLToPath(new URL('../scripts/soak.mjs', import.meta.url));
    const r = spawnSync(process.execPath, ['--expose-gc', script, '--calls', '100', '--max-size', '4099', '--json'],
      { encoding: 'utf8', timeout: 180_000 });
    expect(r.signal, r.stderr).toBeNull();
    const summary = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { failed: string[]; results: { name: string; problems: string[] }[] };
    expect(summary.results.length).toBe(21);
    expect(summary.results.flatMap((x) => x.problems.map((p) => `${x.name}: ${p}`))).toEqual([]);
    expect(r.status).toBe(0);
  });
  it('pool-sized calls with per-element parameters (chisquareAsync, 2^16 + 3 values) keep host memory flat', () => {
    // through the worker pool (the workers start under --expose-gc: the pool drops the flags they refuse),
    // its output and input slabs sized for the call, not for the largest round
    const script = fileURLToPath(new URL('../scripts/soak.mjs', import.meta.url));
    const r = spawnSync(process.execPath, ['--expose-gc', script, '--calls', '200', '--only', 'chisquare', '--json'],
      { encoding: 'utf8', timeout: 180_000 });
    expect(r.signal, r.stderr).toBeNull();
    expect(r.stderr).not.toContain('CudaRandomWarning');
    const summary = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { results: { name: string; problems: string[] }[] };
    expect(summary.results.map((x) => x.name)).toEqual(['chisquare']);
    expect(summary.results.flatMap((x) => x.problems)).toEqual([]);
    expect(r.status).toBe(0);
  });
});

describe('1,000 concurrent async calls', () => {
  it('all complete, each equal to its synchronous twin (every async function, mixed sizes, some through the pool)', async () => {
    const root = cr.key(77);
    const table = cr.AliasTable.build([3, 0, 1, 4, 1, 5, 9, 2, 6]);
    const w = Float64Array.from({ length: 500 }, (_, i) => (i % 3 ? 1 / (i + 1) : 0));
    type Pair = [() => ArrayBufferView, () => Promise<ArrayBufferView>];
    const make = (i: number): Pair => {
      const k = cr.foldIn(root, i);
      const n = i % 97 === 0 ? (1 << 16) + i : 1 + ((i * 7919) % 700);
      const alpha = Float64Array.from({ length: n }, (_, j) => 0.1 + (j % 13));
      switch (i % 11) {
        case 0: return [() => cr.bits(k, n), () => cr.bitsAsync(k, n)];
        case 1: return [() => cr.uniform(k, n, { dtype: 'float32' }), () => cr.uniformAsync(k, n, { dtype: 'float32' })];
        case 2: return [() => cr.normal(k, n, { method: 'polar' }), () => cr.normalAsync(k, n, { method: 'polar' })];
        case 3: return [() => cr.gamma(k, n, { alpha }), () => cr.gammaAsync(k, n, { alpha })];
        case 4: return [() => cr.exponential(k, n), () => cr.exponentialAsync(k, n)];
        case 5: return [() => cr.chisquare(k, n, { df: 0.5 }), () => cr.chisquareAsync(k, n, { df: 0.5 })];
        case 6: return [() => cr.beta(k, n, { a: 0.3, b: 4 }), () => cr.betaAsync(k, n, { a: 0.3, b: 4 })];
        case 7: return [() => cr.dirichlet(k, [0.5, 1, 7], Math.ceil(n / 3)), () => cr.dirichletAsync(k, [0.5, 1, 7], Math.ceil(n / 3))];
        case 8: return [() => table.sample(k, n), () => table.sampleAsync(k, n)];
        case 9: return [() => table.counts(k, n), () => table.countsAsync(k, n)];
        default: return [() => cr.categorical(k, w, n, { method: 'cdf' }), () => cr.categoricalAsync(k, w, n, { method: 'cdf' })];
      }
    };
    const pairs = Array.from({ length: 1000 }, (_, i) => make(i));
    const results = await Promise.all(pairs.map(([, a]) => a()));
    let wrong = 0;
    pairs.forEach(([s], i) => { if (!sameBits(results[i], s())) wrong++; });
    expect(wrong).toBe(0);
  });
});
