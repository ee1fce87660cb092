/**
 * The pool never holds a process open, and starting it never kills one (lib/backend/cpu/pool.ts). Each
 * case is a script in its own process that must exit by itself within the timeout.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const INDEX = pathToFileURL(join(ROOT, 'dist/lib/index.js')).href;
const tmp = mkdtempSync(join(tmpdir(), 'cr-pool-exit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function runScript(name: string, body: string, env: Record<string, string> = {}) {
  const file = join(tmp, name);
  writeFileSync(file, body);
  const r = spawnSync(process.execPath, [file], {
    encoding: 'utf8', timeout: 30_000,
    // 4 workers on any machine: a whole-result call uses one, so three never get a part.
    env: { ...process.env, CUDA_RANDOM_BACKEND: 'cpu', CUDA_RANDOM_THREADS: '4', ...env },
  });
  return { status: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

describe('a script whose first pooled call is a whole-result job exits by itself', () => {
  // Before the fix spawn() unref()ed each worker and then attached its 'message' listener, which refs
  // the port again; only workers that later answered a part were unref()ed, so the idle ones held the
  // process open forever (killed here by the timeout: signal SIGTERM, status null).
  it.each([
    ['permutationAsync', 'const r = await m.permutationAsync(m.key(1), 1 << 17);'],
    ['shuffleAsync', 'const r = await m.shuffleAsync(m.key(1), new Float64Array(1 << 17).map((_, i) => i));'],
    ['sampleWithoutReplacementAsync', 'const r = await m.sampleWithoutReplacementAsync(m.key(1), 1 << 17, { population: 1 << 18 });'],
    ['generator shuffleAsync', 'const r = await m.generator(1).shuffleAsync(new Int32Array(1 << 17).map((_, i) => i));'],
  ])('%s', (name, call) => {
    const r = runScript(`${name.replace(' ', '-')}.mjs`, `import * as m from '${INDEX}';\n${call}\nconsole.log('done', r.length);\n`);
    expect(r.signal, r.err).toBe(null);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/^done \d+/);
  }, 40_000);
});
