/**
 * The examples/ programs, each run at small size in a child process as a user would run it
 * (`node examples/x.mjs --small`), with their claims checked on the printed output.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(name: string, ...args: string[]): Promise<string> {
  const file = fileURLToPath(new URL(`../examples/${name}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [file, '--small', ...args]);
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${name} exited ${code}: ${err}`))));
  });
}

const num = (out: string, re: RegExp): number => {
  const m = out.match(re);
  if (!m) throw new Error(`no match for ${re} in:\n${out}`);
  return Number(m[1]);
};

describe('examples (small size)', () => {
  it('gibbs-gamma-poisson: posterior means agree with Rao–Blackwell, the run is reproducible', async () => {
    const [a, b] = await Promise.all([run('gibbs-gamma-poisson.mjs'), run('gibbs-gamma-poisson.mjs')]);
    const rows = [...a.matchAll(/^ +(\d+) +(\d+) +[\d.]+ +([\d.]+) +([\d.]+) +([\d.]+)$/gm)];
    expect(rows).toHaveLength(10);
    for (const [, , , raw, mc, rb] of rows) {
      expect(Math.abs(Number(mc) / Number(rb) - 1)).toBeLessThan(0.05);
      expect(Number(mc)).toBeGreaterThan(0);
      expect(Number(raw)).toBeGreaterThan(0);
    }
    // Pump 10 (22 failures in 10.48 kh) shrinks from its raw rate 2.10 towards the pooled mean.
    expect(Number(rows[9][4])).toBeGreaterThan(1.6);
    expect(Number(rows[9][4])).toBeLessThan(2.1);
    expect(num(a, /posterior mean β: ([\d.]+)/)).toBeGreaterThan(1.5);
    expect(a.match(/checksum: (\w+)/)![1]).toBe(b.match(/checksum: (\w+)/)![1]);
  });

  it('topic-model-words: many alias tables reproduce their word probabilities', async () => {
    const out = await run('topic-model-words.mjs');
    expect(out).toMatch(/8 topics × 400 words, 200 documents × 100 tokens = 20000 tokens/);
    expect(num(out, /largest \|z\| of the top-5 words over all 8 topics: ([\d.]+)/)).toBeLessThan(5);
    expect(out).toMatch(/document 0 begins: "\w+( \w+){11} …"/);
  });

  it('graph-generation: Chung–Lu degrees match their targets, R-MAT quadrants their probabilities', async () => {
    const out = await run('graph-generation.mjs');
    const dispersion = num(out, /realised − target\)²\/target over all nodes: ([\d.]+)/);
    expect(dispersion).toBeGreaterThan(0.85);
    expect(dispersion).toBeLessThan(1.15);
    const slope = num(out, /degree CCDF slope: (-[\d.]+) \(power law/);
    expect(slope).toBeGreaterThan(-1.9);
    expect(slope).toBeLessThan(-1.2);
    const q = out.match(/quadrant frequencies: ([\d., ]+)/)![1].split(', ').map(Number);
    [0.57, 0.19, 0.19, 0.05].forEach((p, i) => expect(Math.abs(q[i] - p)).toBeLessThan(0.01));
  });

  it('option-pricer: chunked and concurrent prices equal the single call exactly; European near Black–Scholes', async () => {
    const out = await run('option-pricer.mjs');
    expect(out).toMatch(/chunked price identical to the single call: true/);
    expect(out).toMatch(/concurrent price identical to the single call: true/);
    const prices = [...out.matchAll(/european ([\d.]+) +asian ([\d.]+)/g)].map((m) => m[1] + '/' + m[2]);
    expect(prices).toHaveLength(3);
    expect(new Set(prices).size).toBe(1);
    expect(Math.abs(num(out, /\((-?[\d.]+) s\.e\.\)/))).toBeLessThan(4);
  });

  it('qmc-option-pricer: randomised Sobol normals converge visibly faster than pseudorandom ones; the plot is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qmc-plot-'));
    try {
      const out = await run('qmc-option-pricer.mjs', '--plots', dir);
      const rows = [...out.matchAll(/^ +(\d+) +([\d.e+-]+) +([\d.e+-]+) +[\d.]+$/gm)];
      expect(rows.map((r) => Number(r[1]))).toEqual([64, 128, 256, 512, 1024, 2048, 4096]);
      // QMC beats MC at every N, by far at the largest; its error falls clearly faster than N^-1/2
      for (const [, , mc, qmc] of rows) expect(Number(qmc)).toBeLessThan(Number(mc));
      expect(num(out, /Sobol's error is ([\d.]+)x smaller/)).toBeGreaterThan(10);
      expect(num(out, /slope: Monte Carlo -?[\d.]+, Sobol (-[\d.]+)/)).toBeLessThan(-0.7);
      expect(num(out, /slope: Monte Carlo (-[\d.]+)/)).toBeGreaterThan(-0.75);
      if (!/plots skipped/.test(out)) expect(statSync(join(dir, 'qmc-convergence.png')).size).toBeGreaterThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sharded-run: offset-sharded runs are identical to one process for any shard count; foldIn shards differ', async () => {
    const out = await run('sharded-run.mjs');
    const ref = out.match(/single process: hash (\w+)/)![1];
    const rows = [...out.matchAll(/^ +(\d+) +hash (\w+) .*(identical|DIFFERENT).*hash (\w+)/gm)];
    expect(rows.map((r) => r[1])).toEqual(['1', '2', '5']);
    for (const [, , h, verdict, hFold] of rows) {
      expect(h).toBe(ref);
      expect(verdict).toBe('identical');
      expect(hFold).not.toBe(ref);
    }
    expect(new Set(rows.map((r) => r[4])).size).toBe(3);
    expect(out).toMatch(/identical to the single-process run for every shard count: true/);
  });
});
