import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { key, bits } from 'cuda-random';

const CLI = fileURLToPath(new URL('../dist/lib/cli/main.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { maxBuffer: 1 << 26 });

describe('cuda-random CLI', () => {
  it('has --help for the program and each command', () => {
    for (const cmd of [[], ['info'], ['demo'], ['bits']]) {
      const r = run(...cmd, '--help');
      expect(r.status).toBe(0);
      expect(r.stdout.toString()).toMatch(/usage: cuda-random/);
    }
  });

  it('bits writes the raw stream as little-endian words', () => {
    const r = run('bits', '--seed', '12345678901234567890', '--offset', '3', '--count', '10');
    expect(r.status).toBe(0);
    const got = new Uint32Array(new Uint8Array(r.stdout).buffer);
    expect(got).toEqual(bits(key(12345678901234567890n), 10, { offset: 3 }));
  });

  it('bits streams until the reader closes the pipe', () => {
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI}" bits --seed 1 | head -c 5000000 | wc -c`]);
    expect(r.stdout.toString().trim()).toBe('5000000');
  });

  it('info --json reports the backend and its reason', () => {
    const r = run('info', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout.toString());
    expect(['cpu', 'cuda']).toContain(j.backend);
    expect(typeof j.reason).toBe('string');
    expect(j.reason.length).toBeGreaterThan(10);
  });

  it('refuses bad arguments with exit code 2 and a message naming them', () => {
    for (const [args, re] of [
      [['bits', '--seed', '-1'], /--seed/],
      [['bits', '--seed', String(2n ** 64n)], /--seed/],
      [['bits', '--generator', 'mt'], /--generator/],
      [['demo', '--n', '12.5'], /--n/],
      [['frobnicate'], /unknown command/],
    ] as const) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr.toString()).toMatch(re);
    }
  });

  it('demo runs and prints a report', () => {
    const r = run('demo', '--n', '20000');
    expect(r.status).toBe(0);
    const out = r.stdout.toString();
    expect(out).toMatch(/backend: (cpu|cuda)/);
    expect(out).toMatch(/reproduces the single call: true/);
    expect(out).toMatch(/reproduces it: true/);
  });
});
