/**
 * Worker threads that cannot start (lib/backend/cpu/pool.ts): each case runs in its own process, which
 * must exit by itself (before the bound, a failing worker was replaced forever and the process spun),
 * with async results equal to the synchronous ones. Also a bundled app (esbuild and/or rolldown, when
 * installed): the bundle carries no worker.js, so async calls fall back to the main thread, or use the
 * worker CUDA_RANDOM_WORKER names.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutRefused, workerExecArgv } from '../dist/lib/backend/cpu/pool.js';

const ROOT = resolve(__dirname, '..');
const INDEX = pathToFileURL(join(ROOT, 'dist/lib/index.js')).href;
const WORKER = join(ROOT, 'dist/lib/backend/cpu/worker.js');
const tmp = mkdtempSync(join(tmpdir(), 'cr-pool-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An app that compares async against sync results (n over the pool's inline threshold) and exits by itself.
 *  Pooled ops (Weibull, gamma: OpSpec `pooled`): normal's and uniform's async twins run in the calling
 *  thread where the host SIMD kernels are (lib/backend/cpu/pool.ts copyBound). A broken pool warns after its
 *  third failed start; each call's round reaches one worker of two (the calling thread computes a share), so
 *  three calls, whatever the order in which the workers' failures arrive. */
const app = (from: string) => `
import { weibullAsync, weibull, gammaAsync, gamma, key } from '${from}';
const same = (a, b) => Buffer.from(a.buffer).equals(Buffer.from(b.buffer));
const u = await weibullAsync(key(1), 300000, { shape: 1.5 });
const g = await gammaAsync(key(2), 200000, { alpha: 0.7 });
const h = await gammaAsync(key(3), 200000, { alpha: 2.5 });
console.log('same:', same(u, weibull(key(1), 300000, { shape: 1.5 })) && same(g, gamma(key(2), 200000, { alpha: 0.7 }))
  && same(h, gamma(key(3), 200000, { alpha: 2.5 })));
`;

function run(args: string[], env: Record<string, string> = {}, cwd = tmp) {
  const r = spawnSync(process.execPath, args, {
    cwd, encoding: 'utf8', timeout: 60_000,
    env: { ...process.env, CUDA_RANDOM_BACKEND: 'cpu', CUDA_RANDOM_THREADS: '2', ...env },
  });
  return { status: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

describe('worker threads that cannot start', () => {
  it('node --input-type=module -e: workers start (the eval flags are not passed on) and the process exits', () => {
    const r = run(['--input-type=module', '-e', app(INDEX)]);
    expect(r.signal).toBe(null);
    expect(r.status).toBe(0);
    expect(r.out).toContain('same: true');
    expect(r.err).not.toContain('CudaRandomWarning');
  });

  it('node --expose-gc --max-old-space-size=… --title …: workers start without the flags they refuse, no fallback', () => {
    writeFileSync(join(tmp, 'app.mjs'), app(INDEX));
    const r = run(['--expose-gc', '--max-old-space-size=3000', '--title', 'cr-app', '--enable-source-maps', 'app.mjs']);
    expect(r.signal).toBe(null);
    expect(r.status).toBe(0);
    expect(r.out).toContain('same: true');
    expect(r.err).not.toContain('CudaRandomWarning');
  });

  it('withoutRefused drops exactly the flags the error names, a separate value with its flag', () => {
    const argv = ['--expose-gc', '--max-old-space-size=3000', '--title', 'cr-app', '--enable-source-maps', '--conditions', 'x'];
    const msg = 'Initiated Worker with invalid execArgv flags: --expose-gc, --max-old-space-size=3000, --title';
    expect(withoutRefused(argv, msg)).toEqual(['--enable-source-maps', '--conditions', 'x']);
    expect(withoutRefused(['--enable-source-maps'], msg)).toBe(null); // names nothing here: no retry loop
    expect(workerExecArgv(['--input-type=module', '-e', 'code', '--expose-gc'])).toEqual(['--expose-gc']);
  });

  it.each([
    ['a missing worker script', join(tmp, 'no-such-worker.js')],
    ['a worker script that throws', join(tmp, 'throws.mjs')],
  ])('%s: calls run on the main thread with the same values, one warning naming cuda-random, the process exits', (_, script) => {
    writeFileSync(join(tmp, 'throws.mjs'), 'throw new Error("broken worker");\n');
    writeFileSync(join(tmp, 'app.mjs'), app(INDEX));
    const r = run(['app.mjs'], { CUDA_RANDOM_WORKER: script });
    expect(r.signal).toBe(null);
    expect(r.status).toBe(0);
    expect(r.out).toContain('same: true');
    expect(r.err.match(/CudaRandomWarning: cuda-random: CPU worker threads failed/g)).toHaveLength(1);
  });

  it('shutdownPool() with a call pending rejects it, saying the pool was shut down', () => {
    writeFileSync(join(tmp, 'shutdown.mjs'), `
import { gammaAsync, shutdownPool, key } from '${INDEX}';
const p = gammaAsync(key(1), 4e6, { alpha: 2 }).then(() => 'resolved', (e) => 'rejected: ' + e.message);
await new Promise((r) => setTimeout(r, 0));
await shutdownPool();
console.log(await p);
`);
    const r = run(['shutdown.mjs']);
    expect(r.status).toBe(0);
    // The call may also have finished before the workers stopped; it must never claim a worker crash.
    expect(r.out).toMatch(/resolved|rejected: cuda-random: shutdownPool\(\) was called while this async call was pending/);
    expect(r.out).not.toMatch(/exited with code/);
  });
});

/** Bundlers found in node_modules (esbuild is the one users reach for; rolldown comes with vite). */
const requireHere = createRequire(join(ROOT, 'package.json'));
const has = (id: string) => { try { requireHere.resolve(id); return true; } catch { return false; } };

async function bundleWith(tool: string, entry: string, outfile: string): Promise<void> {
  if (tool === 'esbuild') {
    const esbuild = requireHere('esbuild') as { build(o: object): Promise<unknown> };
    await esbuild.build({
      entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'error',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
  } else {
    const { build } = (await import(pathToFileURL(requireHere.resolve('rolldown')).href)) as { build(o: object): Promise<unknown> };
    await build({ input: entry, platform: 'node', logLevel: 'silent', output: { file: outfile, format: 'esm' } });
  }
}

describe.each(['esbuild', 'rolldown'].filter(has))('a bundle made by %s', (tool) => {
  it('async calls work (main thread, or the worker CUDA_RANDOM_WORKER names) and the process exits', async () => {
    const dir = join(tmp, tool);
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(dir, 'node_modules', 'cuda-random'));
    writeFileSync(join(dir, 'entry.mjs'), app('cuda-random'));
    const out = join(dir, 'dist', 'app.mjs');
    await bundleWith(tool, join(dir, 'entry.mjs'), out);
    rmSync(join(dir, 'node_modules'), { recursive: true }); // the bundle must stand alone
    const plain = run([out], {}, dir);
    expect(plain.signal).toBe(null);
    expect(plain.status).toBe(0);
    expect(plain.out).toContain('same: true');
    const pointed = run([out], { CUDA_RANDOM_WORKER: WORKER }, dir);
    expect(pointed.status).toBe(0);
    expect(pointed.out).toContain('same: true');
    expect(pointed.err).not.toContain('CudaRandomWarning');
  }, 120_000);
});
