/**
 * Bundled apps (issue 32, item 6): an app bundled with esbuild, with cuda-random inlined (ESM and
 * CommonJS output) or marked external, runs from the bundle alone. Inlined, the package's own files —
 * the native addon, the worker script, data/ — are not beside the code: the CPU backend gives the same
 * values on the main thread, and backend(), the pool's warning and scramble 'curand' say what happened
 * and what to do (README, "Bundling"); CUDA_RANDOM_WORKER brings the workers back. External, the bundle
 * is the package as installed. (Before: the ESM bundle blamed "no prebuild", the CommonJS one crashed
 * at load in fileURLToPath(undefined).)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { key, uniform } from '../lib/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cr-bundle-'));
mkdirSync(join(dir, 'node_modules'));
symlinkSync(root, join(dir, 'node_modules', 'cuda-random'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const APP = `
const { key, uniform, uniformAsync, backend, sobol } = CR;
const out = { name: backend().name, reason: backend().reason, sync: Array.from(uniform(key(1), 3)) };
uniformAsync(key(1), 300000).then((a) => {
  out.async = [a[0], a[299999]];
  try { sobol(2, { scramble: 'curand' }); out.curand = 'ok'; } catch (e) { out.curand = e.message; }
  console.log(JSON.stringify(out));
});`;
writeFileSync(join(dir, 'app.mjs'), `import * as CR from 'cuda-random';\n${APP}`);
writeFileSync(join(dir, 'app.cjs'), `const CR = require('cuda-random');\n${APP}`);

function bundle(entry: string, format: 'esm' | 'cjs', external: boolean): string {
  const outfile = join(dir, 'out', `${entry}.${format}${external ? '.external' : ''}.${format === 'esm' ? 'mjs' : 'cjs'}`);
  buildSync({ entryPoints: [join(dir, entry)], bundle: true, platform: 'node', format, outfile, logLevel: 'silent',
    external: external ? ['cuda-random'] : [] });
  return outfile;
}

function run(file: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', env: { ...process.env, CUDA_RANDOM_BACKEND: '', ...env } });
  expect(r.status, r.stderr).toBe(0);
  return { ...(JSON.parse(r.stdout.trim().split('\n').pop()!) as { name: string; reason: string; sync: number[]; async: number[]; curand: string }), stderr: r.stderr };
}

const want = Array.from(uniform(key(1), 300000, { backend: 'cpu' }));

describe('an app bundled with esbuild', () => {
  for (const [entry, format] of [['app.mjs', 'esm'], ['app.cjs', 'cjs']] as const) {
    it(`${format}, cuda-random inlined: the same values, and each missing file says why`, () => {
      const r = run(bundle(entry, format, false));
      expect(r.sync).toEqual(want.slice(0, 3));
      expect(r.async).toEqual([want[0], want[299999]]);
      expect(r.name).toBe('cpu');
      expect(r.reason).toMatch(/native addon is not beside this code \(was cuda-random bundled.*Bundling.*CUDA_RANDOM_ADDON/);
      expect(r.stderr).toMatch(/worker script is not beside this module.*same values.*CUDA_RANDOM_WORKER/);
      expect(r.curand).toMatch(/scramble 'curand' reads cuda-random's data\/curand-sobol-scramble\.bin.*bundled/);
    });
  }

  it('inlined, CUDA_RANDOM_WORKER brings the worker threads back', () => {
    const r = run(bundle('app.mjs', 'esm', false), { CUDA_RANDOM_WORKER: join(root, 'dist', 'lib', 'backend', 'cpu', 'worker.js') });
    expect(r.async).toEqual([want[0], want[299999]]);
    expect(r.stderr).not.toMatch(/worker script/);
  });

  for (const [entry, format] of [['app.mjs', 'esm'], ['app.cjs', 'cjs']] as const) {
    it(`${format}, cuda-random external: the package as installed (addon, workers, data)`, () => {
      const r = run(bundle(entry, format, true));
      const plain = run(join(dir, 'app.mjs'));
      expect(r.reason).toBe(plain.reason);
      expect(r.reason).not.toMatch(/bundled/);
      expect(r.sync).toEqual(want.slice(0, 3));
      expect(r.curand).toBe('ok');
      expect(r.stderr).not.toMatch(/worker script/);
    });
  }
});
