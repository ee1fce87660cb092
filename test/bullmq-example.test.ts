/**
 * examples/bullmq-scale-out.mjs against a real Redis: this file starts Debian's redis-server on a free
 * port of 127.0.0.1 (no persistence, a temporary directory), runs the example as a user would, checks its
 * claims on the printed output, and stops the server. Without redis-server the test skips and says why
 * (.ci/run installs it; docs/reproducibility.md, "Scale-out on a job engine", states the pattern).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
const noRedis = probe.error || probe.status !== 0
  ? 'redis-server is not installed (Debian: apt-get install redis-server; .ci/run does this as root)'
  : '';
if (noRedis) console.warn(`bullmq-example.test.ts skipped: ${noRedis}`);

/** A port the kernel just handed out on 127.0.0.1 (free now; redis-server binds it next). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** redis-server on 127.0.0.1:port, resolved once it accepts connections. */
function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const p = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 10 s:\n${log}`)), 10_000);
    p.stdout!.on('data', (d) => {
      log += d;
      if (/Ready to accept connections/.test(log)) clearTimeout(timer), resolve(p);
    });
    p.stderr!.on('data', (d) => (log += d));
    p.once('exit', (code) => (clearTimeout(timer), reject(new Error(`redis-server exited ${code}:\n${log}`))));
  });
}

function runExample(...args: string[]): Promise<string> {
  const file = fileURLToPath(new URL('../examples/bullmq-scale-out.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [file, ...args]);
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exited ${code}: ${err}\n${out}`))));
  });
}

describe.skipIf(noRedis)('bullmq-scale-out example (real Redis, worker processes)', () => {
  let redis: ChildProcess | undefined;
  let port = 0;
  const dir = mkdtempSync(join(tmpdir(), 'bullmq-redis-'));

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port, dir);
  });

  afterAll(async () => {
    if (redis && redis.exitCode === null) {
      const gone = new Promise((resolve) => redis!.once('exit', resolve));
      redis.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('merges shard jobs into the one-process result bit for bit (1, 3, 7 shards; a worker SIGKILLed)', async () => {
    const out = await runExample('--small', '--redis', `redis://127.0.0.1:${port}`, '--workers', '3',
      '--shards', '1,3,7', '--kill');
    const ref = out.match(/single process: price ([\d.]+) .* hash (\w+)/)!;
    expect(Number(ref[1])).toBeGreaterThan(4); // the model's Asian call is worth about 5.8–6.1
    expect(Number(ref[1])).toBeLessThan(7);
    const rows = [...out.matchAll(/^ +(\d+) +price ([\d.]+) +hash (\w+) +(identical|DIFFERENT) +(\d) worker/gm)];
    expect(rows.map((r) => r[1])).toEqual(['1', '3', '7', '7']);
    for (const [, , price, hash, verdict] of rows) {
      expect([price, hash, verdict]).toEqual([ref[1], ref[2], 'identical']);
    }
    // 7 jobs on 3 workers: more than one process took part (else sharding was not exercised)
    expect(Number(rows[2][5])).toBeGreaterThan(1);
    const kill = out.match(new RegExp('killed worker (\\d+) in job (\\S+); BullMQ saw it stall: (\\w+); '
      + 'retried and finished by worker (\\d+) \\(attempts started (\\d+), stalled (\\d+)\\)'));
    expect(kill, out).not.toBeNull();
    const [, killed, , sawStall, finisher, started, stalls] = kill!;
    expect(sawStall).toBe('true');
    expect(finisher).not.toBe(killed);
    expect(Number(started)).toBeGreaterThanOrEqual(2);
    expect(stalls).toBe('1');
    expect(out).toMatch(/identical to the single-process run for every shard count: true/);
  }, 60_000);
});
