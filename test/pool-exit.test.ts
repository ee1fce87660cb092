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
import { addressSpace, MAIN_RESERVE_KB, WORKER_KB, workersThatFit } from '../dist/lib/backend/cpu/address-space.js';

const ROOT = resolve(__dirname, '..');
const INDEX = pathToFileURL(join(ROOT, 'dist/lib/index.js')).href;
const tmp = mkdtempSync(join(tmpdir(), 'cr-pool-exit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `body` as a module in a new node, under `ulimit -v limitKb` (through bash) when given. */
function runScript(name: string, body: string, env: Record<string, string> = {}, limitKb?: number) {
  const file = join(tmp, name);
  writeFileSync(file, body);
  const [cmd, args] = limitKb === undefined ? [process.execPath, [file]]
    : ['bash', ['-c', `ulimit -v ${limitKb} && exec "${process.execPath}" "${file}"`]];
  const r = spawnSync(cmd, args, {
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

describe('under an address-space limit (ulimit -v) the pool starts what fits, or runs on the main thread', () => {
  // V8 ends the process when it cannot reserve a worker's code range ("Fatal process OOM … CodeRange":
  // SIGTRAP, no catchable error); before, the first pooled call did that under `ulimit -v 2000000`.
  const app = (limitKb: number) => runScript(`limit-${limitKb}.mjs`, `
import { readFileSync } from 'node:fs';
import * as m from '${INDEX}';
const vm = () => Number(/VmSize:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
const same = (a, b) => Buffer.from(a.buffer).equals(Buffer.from(b.buffer));
const want = m.uniform(m.key(1), 1 << 20);
console.log('vm', vm());
const got = await m.uniformAsync(m.key(1), 1 << 20);
const perm = await m.permutationAsync(m.key(2), 1 << 17);
console.log('same:', same(got, want) && same(perm, m.permutation(m.key(2), 1 << 17)));
`, {}, limitKb);

  /** Whether this machine can run node under `ulimit -v` at all (Linux with /proc; else skipped). */
  const probe = spawnSync('bash', ['-c', `ulimit -v 2000000 && "${process.execPath}" -e "require('fs').readFileSync('/proc/self/limits')"`]);
  const usable = probe.status === 0;

  it.skipIf(!usable)('ulimit -v 2000000: the process does not abort, and async values equal the sync ones', () => {
    const r = app(2_000_000);
    expect(r.signal, r.err).toBe(null);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toContain('same: true');
  }, 40_000);

  it.skipIf(!usable)('a limit with no room for a worker: the main thread, one warning naming the limit', () => {
    const base = Number(/vm (\d+)/.exec(app(2_000_000).out)?.[1]);
    expect(base).toBeGreaterThan(0);
    const r = app(base + 300 * 1024); // room for the main thread, not for a worker's budget
    expect(r.signal, r.err).toBe(null);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toContain('same: true');
    expect(r.err.match(/CudaRandomWarning: cuda-random: the address-space limit \(ulimit -v: \d+ MiB, \d+ MiB in use\) leaves no room for a CPU worker thread/g)).toHaveLength(1);
  }, 60_000);

  it('the count reads RLIMIT_AS and VmSize (injected here) and budgets each worker', () => {
    const limits = (v: string) => () => `Limit  Soft Limit  Hard Limit  Units\nMax address space         ${v}            unlimited            bytes\n`;
    const status = () => 'Name:\tnode\nVmSize:\t 1000000 kB\n';
    expect(addressSpace(limits('unlimited'), status)).toBe(null);
    expect(addressSpace(() => { throw new Error('no /proc'); }, status)).toBe(null);
    const space = addressSpace(limits(String(2_000_000 * 1024)), status)!;
    expect(space).toEqual({ limitKb: 2_000_000, usedKb: 1_000_000 });
    expect(workersThatFit(space)).toBe(Math.floor((1_000_000 - MAIN_RESERVE_KB) / WORKER_KB));
    expect(workersThatFit({ limitKb: 1_100_000, usedKb: 1_000_000 })).toBe(0);
    expect(workersThatFit(null)).toBe(Infinity);
  });
});
