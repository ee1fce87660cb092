// Regression tests for issue 27, items 12, 15, 16 and 17 (process level): the CLI's sizes, its
// output errors and stream end, its refused options, and the one policy for every CUDA_RANDOM_*
// variable. Each runs the built package in a child process. See docs/testing.md, "Failures found and fixed".
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { key, bits } from 'cuda-random';

const CLI = fileURLToPath(new URL('../dist/lib/cli/main.js', import.meta.url));
const INDEX = fileURLToPath(new URL('../dist/lib/index.js', import.meta.url));
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { maxBuffer: 1 << 26, timeout: 60_000, env: { ...process.env, ...env } });
/** stderr is exactly one line (no stack trace). */
const oneLine = (stderr: Buffer) => stderr.toString().trimEnd().split('\n');

describe('CLI: sizes that could not work, write errors, the end of the stream, ignored options', () => {
  it('demo --n 1e8 (9.8 GB) is refused before drawing: exit 2, one line naming --n', () => {
    const r = run(['demo', '--n', '1e8']);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr.toString()).toMatch(/--n must be an integer in \[1000, 10000000\]/);
    expect(r.stdout.length).toBe(0);
  });

  it.skipIf(!existsSync('/dev/full'))('bits > /dev/full: exit 1 with one line on stderr, no stack trace', () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [CLI, 'bits'], { stdio: ['ignore', fd, 'pipe'], timeout: 60_000 });
      expect(r.status).toBe(1);
      expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^cuda-random: cannot write to stdout: ENOSPC/)]);
    } finally {
      closeSync(fd);
    }
  });

  it('bits --offset 2^63-8 without --count writes the 8 words left, then ends (exit 0)', () => {
    const r = run(['bits', '--seed', '5', '--offset', String(2n ** 63n - 8n)]);
    expect(r.status).toBe(0);
    const got = new Uint32Array(r.stdout.buffer.slice(r.stdout.byteOffset, r.stdout.byteOffset + r.stdout.length));
    expect(got).toEqual(bits(key(5), 8, { offset: 2n ** 63n - 8n }));
  });

  it('bits: a --count past the end, or an --offset at it, is refused before writing (exit 2, naming the option)', () => {
    for (const [args, re] of [
      [['--offset', String(2n ** 63n - 8n), '--count', '9'], /--count must be at most 2\^63 - offset = 8/],
      [['--offset', String(2n ** 63n)], /--offset must be below 2\^63/],
    ] as const) {
      const r = run(['bits', ...args]);
      expect(r.status).toBe(2);
      expect(r.stderr.toString()).toMatch(re);
      expect(r.stdout.length).toBe(0);
    }
  });

  it('bits --subsequence is refused for philox (it was ignored), still taken by xorwow', () => {
    for (const gen of [[], ['--generator', 'philox']]) {
      const r = run(['bits', ...gen, '--subsequence', '3', '--count', '4']);
      expect(r.status).toBe(2);
      expect(r.stderr.toString()).toMatch(/--subsequence is for --generator xorwow only/);
      expect(r.stdout.length).toBe(0);
    }
    const x = run(['bits', '--generator', 'xorwow', '--subsequence', '3', '--count', '4']);
    expect(x.status).toBe(0);
    expect(x.stdout.length).toBe(16);
  });
});

describe('CUDA_RANDOM_* variables: one policy (unset or empty: the default; else valid, or a RangeError naming it)', () => {
  // The first call of a fresh process under `env` (every variable is checked there, used or not):
  // 'ok' or the error. The worker count itself is checked through `info` below.
  const SCRIPT = `import(${JSON.stringify(INDEX)}).then((cr) => {
    try {
      cr.uniform(cr.key(1), 4);
      console.log('ok');
    } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
  });`;
  const first = (env: Record<string, string>) => {
    const r = spawnSync(process.execPath, ['-e', SCRIPT], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, CUDA_RANDOM_BACKEND: 'cpu', ...env } });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.trim();
  };

  it('malformed values are a RangeError naming the variable (CUDA_RANDOM_THREADS ignored garbage, read 0x10 as 16, 1e9 as 64)', () => {
    const bad: [string, string][] = [
      ['CUDA_RANDOM_THREADS', 'abc'], ['CUDA_RANDOM_THREADS', '0x10'], ['CUDA_RANDOM_THREADS', '1e9'],
      ['CUDA_RANDOM_THREADS', '65'], ['CUDA_RANDOM_NO_WASM', 'yes'], ['CUDA_RANDOM_NO_NATIVE_CPU', 'true'],
      ['CUDA_RANDOM_COPY_THREADS', '0x10'], ['CUDA_RANDOM_ALIAS_TUNING', 'split=fast'], ['CUDA_RANDOM_DEVICE', '1.5'],
      ['CUDA_RANDOM_TRANSFER', 'pinned'], ['CUDA_RANDOM_CROSSOVER', 'lots'], ['CUDA_RANDOM_BACKEND', 'gpu'],
    ];
    for (const [name, value] of bad) {
      expect(first({ [name]: value }), `${name}=${value}`).toMatch(new RegExp(`^RangeError: ${name} must be .*'${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`));
    }
  });

  it('valid and empty values work', () => {
    for (const env of [{ CUDA_RANDOM_THREADS: '2' }, { CUDA_RANDOM_THREADS: '' }, { CUDA_RANDOM_NO_WASM: '1' }, { CUDA_RANDOM_NO_WASM: '0' },
      { CUDA_RANDOM_COPY_THREADS: '4', CUDA_RANDOM_ALIAS_TUNING: 'split=pary,counts=global' }, { CUDA_RANDOM_DEVICE: '0' }]) {
      expect(first(env), JSON.stringify(env)).toBe('ok');
    }
  });

  it('cuda-random info reports the worker count CUDA_RANDOM_THREADS sets, and refuses a malformed one with exit 2', () => {
    const ok = run(['info', '--json'], { CUDA_RANDOM_THREADS: '3' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout.toString()).cpuWorkerThreads).toBe(3);
    const bad = run(['info'], { CUDA_RANDOM_THREADS: '1e9' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.toString()).toMatch(/CUDA_RANDOM_THREADS must be an integer in \[1, 64\]/);
  });
});
