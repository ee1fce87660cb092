/**
 * CommonJS users: `require('cuda-random')` works on every Node that package.json's `engines` allows
 * (Node's require(esm), on by default from 20.19 and 22.12; the module graph has no top-level await),
 * with the same values as the ESM import, and async calls work from CommonJS too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { key, uniform } from '../lib/index.js';

const ROOT = resolve(__dirname, '..');

it('engines names only Node versions that can require() an ES module', () => {
  const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node as string;
  expect(engines).toBe('^20.19.0 || >=22.12.0');
});

it('require(\'cuda-random\') from a CommonJS project gives the ESM values, sync and async', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cr-cjs-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'cuda-random'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
    writeFileSync(join(dir, 'app.js', ), `
const { key, uniform, uniformAsync, shutdownPool } = require('cuda-random');
uniformAsync(key(3), 200000).then((a) => {
  console.log(JSON.stringify([...uniform(key(3), 4)]), a.length === 200000 && a[7] === uniform(key(3), 8)[7]);
  return shutdownPool();
});
`);
    const r = spawnSync(process.execPath, ['app.js'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CUDA_RANDOM_BACKEND: 'cpu' } });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(`${JSON.stringify([...uniform(key(3), 4)])} true`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
