import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { key, bits } from 'cuda-random';
import { formatInfo, type InfoFacts } from '../dist/lib/cli/info.js';

const CLI = fileURLToPath(new URL('../dist/lib/cli/main.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { maxBuffer: 1 << 26 });

describe('cuda-random CLI', () => {
  it('has --help for the program and each command', () => {
    for (const cmd of [[], ['info'], ['demo'], ['bench'], ['bits']]) {
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

  it('--version prints the package version; info prints it too, and no sentence twice', () => {
    const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version as string;
    for (const flag of ['--version', '-v']) {
      const r = run(flag);
      expect(r.status).toBe(0);
      expect(r.stdout.toString()).toBe(`${version}\n`);
    }
    const out = run('info').stdout.toString();
    expect(out.split('\n')[0]).toBe(`cuda-random ${version}`);
    const sentences = out.split(/[\n:;(),]+/).map((x) => x.trim()).filter((x) => x.split(' ').length >= 5);
    expect(sentences.filter((x, i) => sentences.indexOf(x) !== i)).toEqual([]);
  });

  it('info lists every visible GPU, and says when none is', () => {
    const facts: InfoFacts = {
      version: '9.9.9', backend: 'cuda', reason: 'a GPU is usable', addon: 'loaded', cpuWorkerThreads: 2, node: 'v22', platform: 'linux-x64', env: {},
      cpuNative: { simd: 'avx2', reason: 'host SIMD kernels (avx2) in the native addon' },
      cuda: {
        device: 1, runtimeVersion: 13000,
        devices: [
          { index: 0, name: 'GPU A', computeCapability: '8.0', totalMemory: 2 ** 34 },
          { index: 1, name: 'GPU B', computeCapability: '9.0', totalMemory: 2 ** 36 },
        ],
      },
    };
    const text = formatInfo(facts);
    expect(text).toMatch(/gpu 0: +GPU A \(compute capability 8\.0, 16\.0 GiB\)\n/);
    expect(text).toMatch(/gpu 1: +GPU B \(compute capability 9\.0, 64\.0 GiB\) \(default\)/);
    expect(text).toMatch(/cpu kernels: host SIMD kernels \(avx2\) in the native addon\n/);
    expect(formatInfo({ ...facts, cpuNative: { simd: null, reason: 'this CPU lacks AVX2 (or is not x86-64)' } }))
      .toMatch(/cpu kernels: WebAssembly \(host SIMD kernels not used: this CPU lacks AVX2 \(or is not x86-64\)\)\n/);
    expect(formatInfo({ ...facts, cuda: { devices: [], error: 'no CUDA-capable device is detected' }, reason: 'CUDA is not used: no CUDA-capable device is detected' }))
      .toMatch(/gpus: +none visible/);
  });

  it('refuses bad arguments with exit code 2 and a message naming them', () => {
    for (const [args, re] of [
      [['bits', '--seed', '-1'], /--seed/],
      [['bits', '--seed', String(2n ** 64n)], /--seed/],
      [['bits', '--generator', 'mt'], /--generator/],
      [['demo', '--n', '12.5'], /--n/],
      [['demo', '--plots'], /--plots/],
      [['info', '--count', '3'], /--count/],
      [['bench', 'nope'], /unknown suite 'nope'/],
      [['info', 'extra'], /positional/],
      [['frobnicate'], /unknown command/],
    ] as const) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr.toString()).toMatch(re);
    }
  });

  it('demo prints a report with fit p-values for every distribution and writes the plots', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-demo-'));
    try {
      const r = run('demo', '--n', '20000', '--plots', dir);
      expect(r.status).toBe(0);
      const out = r.stdout.toString();
      expect(out).toMatch(/backend: (cpu|cuda)/);
      expect(out).toMatch(/reproduces the single call: true/);
      expect(out).toMatch(/reproduces it: true/);
      for (const name of ['uniform f64', 'normal box-muller', 'normal polar', 'gamma α=0.5', 'gamma α per element',
        'exponential', 'chisquare', 'beta a=2', 'dirichlet \\[1,2,3\\] x2', 'alias table', 'categorical', 'xorwow']) {
        // name … a test and a p-value in [0, 1]
        expect(out).toMatch(new RegExp(`${name}.*(KS|χ²).*\\s(0\\.\\d{4}|1\\.0000|\\d\\.\\de-\\d+)\\n`));
      }
      for (const name of ['normal', 'gamma', 'beta', 'dirichlet', 'alias']) {
        const png = readFileSync(join(dir, `${name}.png`));
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(png.length).toBeGreaterThan(20_000);
        const svg = readFileSync(join(dir, `${name}.svg`), 'utf8');
        expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(svg).toMatch(/<path/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bench --json runs a suite with its peers and reports numbers; --record appends Markdown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-bench-'));
    try {
      const file = join(dir, 'RESULTS.md');
      const r = run('bench', 'core', '--quick', '--json', '--record', file);
      expect(r.status).toBe(0);
      const j = JSON.parse(r.stdout.toString());
      expect(j.suites.map((s: { name: string }) => s.name)).toEqual(['core']);
      const t = j.suites[0].tables[0];
      expect(t.headers).toEqual(['generator', 'output', 'M/s', 'vs numpy']);
      const names = t.rows.map((row: unknown[]) => row[0]);
      for (const n of ['cuda-random bits (cpu, 1 thread)', 'cuda-random uniform f64 (cpu, 1 thread)', 'Math.random fill', '@stdlib/random-base-randu', 'pure-rand xoroshiro128plus uniformFloat64']) {
        expect(names).toContain(n);
      }
      for (const row of t.rows) expect(row[2]).toBeGreaterThan(0);
      // numpy's rows and the ratios against them, where python3 has numpy (else a note says why not)
      const np = t.rows.filter((row: unknown[]) => String(row[0]).startsWith('numpy '));
      if (np.length) {
        expect(np.map((row: unknown[]) => row[1]).sort()).toEqual(['float32', 'float64', 'float64 new', 'uint32']);
        const bits = t.rows.find((row: unknown[]) => row[0] === 'cuda-random bits (cpu, 1 thread)');
        expect(bits[3]).toMatch(/^\d+\.\d\d×$/);
      } else {
        expect(j.notes.join('\n')).toMatch(/numpy not measured/);
      }
      const md = readFileSync(file, 'utf8');
      expect(md).toMatch(/^# Benchmark results/);
      expect(md).toMatch(/## \d{4}-\d\d-\d\d — cuda-random bench core --quick --json\n/);
      expect(md).not.toContain(dir); // --record's path stays out of the heading
      expect(md).toMatch(/\| cuda-random bits \(cpu, 1 thread\) +\| uint32 +\| [\d.]+ +\|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('demo and bench in an installed package without the devDependencies: fits and peers skipped with one install line each, --plots refused', () => {
    // What `npm install cuda-random` gives: dist/, package.json (devDependencies listed, not installed)
    // and the runtime dependencies; no vega, no @stdlib.
    const dir = mkdtempSync(join(tmpdir(), 'cr-installed-'));
    try {
      cpSync(fileURLToPath(new URL('../dist/lib', import.meta.url)), join(dir, 'dist/lib'), { recursive: true });
      const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cuda-random', type: 'module', devDependencies: pkg.devDependencies }));
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(fileURLToPath(new URL('../node_modules/node-gyp-build', import.meta.url)), join(dir, 'node_modules/node-gyp-build'));
      const cli = join(dir, 'dist/lib/cli/main.js');
      // --plots asks for files it cannot write: it says why and how to fix it, before any work
      const p = spawnSync(process.execPath, [cli, 'demo', '--n', '5000', '--plots', join(dir, 'plots')]);
      expect(p.status).toBe(1);
      expect(p.stdout.toString()).toBe('');
      const perr = p.stderr.toString();
      expect(perr).toMatch(/^cuda-random: --plots needs vega, vega-lite, @resvg\/resvg-js, @stdlib\/stats-base-dists-normal-pdf/);
      expect(perr).toContain(`add them with: npm install --no-save vega@${pkg.devDependencies.vega} vega-lite@${pkg.devDependencies['vega-lite']} @resvg/resvg-js@`);
      expect(perr).toMatch(/or run the demo without --plots\n$/);
      expect(() => readFileSync(join(dir, 'plots', 'gamma.png'))).toThrow(/ENOENT/);
      // without --plots the report runs; the fits are skipped with the line that adds them
      const r = spawnSync(process.execPath, [cli, 'demo', '--n', '5000']);
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
      const out = r.stdout.toString();
      expect(out).toMatch(/gamma α=2\.5 +\d/);
      expect(out).toMatch(/note: goodness-of-fit tests skipped: they need @stdlib\/stats-base-dists-normal-cdf.*: npm install --no-save @stdlib\/stats-base-dists-normal-cdf@\^/);
      // bench there: cuda-random's rows, the absent peers in one line that says how to add them
      const b = spawnSync(process.execPath, [cli, 'bench', 'core', '--quick']);
      expect(b.status).toBe(0);
      const bo = b.stdout.toString();
      expect(bo).toMatch(/\| cuda-random uniform f32 \(cpu, 1 thread\) +\| float32 +\| [\d.]+ +\|/);
      expect(bo).not.toMatch(/@stdlib\/random-base-randu +\|/);
      expect(bo).not.toMatch(/not installed \(a devDependency\)/);
      const peerLines = bo.split('\n').filter((l) => /peer .*not installed|not installed \(devDependencies/.test(l));
      expect(peerLines).toEqual([
        `note: 2 peer packages are not installed (devDependencies of cuda-random), so their rows are skipped; to measure them too: npm install --no-save @stdlib/random-base-randu@${pkg.devDependencies['@stdlib/random-base-randu']} pure-rand@${pkg.devDependencies['pure-rand']}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
