#!/usr/bin/env node
/**
 * One Monte Carlo run split into shard jobs on BullMQ (a Redis-backed job queue), computed by several
 * worker processes and merged: bit for bit the run one process computes, for every shard count, and
 * when a worker is killed mid-job (SIGKILL) and BullMQ hands its stalled job to another worker.
 *
 * The run prices an arithmetic-average Asian call by P paths of M steps. Path p's step factors are
 * elements [p·M, (p+1)·M) of one key's lognormal stream (exp(μ + σ·z) with the library's exp: correctly
 * rounded + − × ÷ √ only, so the same bits on every machine and backend; docs/reproducibility.md,
 * "The rule"). Paths come in fixed blocks of B; a block's result is its payoff sum in path order.
 * A shard job is (key, first block, end block): the offset range [lo·B·M, hi·B·M) of the key's stream.
 * The merge puts block sums in block order and adds them in that order, so the reduction is fixed by
 * the blocks, never by the shards: the price has the same bits whatever the shard count
 * (docs/reproducibility.md, "Scale-out on a job engine").
 *
 * Needs `npm install bullmq ioredis` and a Redis server (e.g. Debian's redis-server). Workers use CUDA
 * where `backend()` finds it, the CPU otherwise: the bits are the same.
 *   node examples/bullmq-scale-out.mjs [--redis redis://127.0.0.1:6379] [--workers 3] [--shards 1,3,7]
 *     [--kill] [--lock-ms 2000] [--small]
 * --kill adds a run in which the first worker to start a job is SIGKILLed after that job's first block.
 */
import { fork } from 'node:child_process';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { backend, key, lognormal } from 'cuda-random';

const { values: args } = parseArgs({
  options: {
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    workers: { type: 'string', default: '3' },
    shards: { type: 'string', default: '1,3,7' },
    seed: { type: 'string', default: '2024' },
    kill: { type: 'boolean', default: false },
    'lock-ms': { type: 'string', default: '2000' },
    small: { type: 'boolean', default: false },
    worker: { type: 'boolean', default: false },
    queue: { type: 'string', default: '' },
  },
});

let bullmq;
try {
  bullmq = await import('bullmq');
} catch {
  console.error('this example needs BullMQ and ioredis: npm install bullmq ioredis');
  process.exit(2);
}
const { Queue, QueueEvents, Worker, Job } = bullmq;
const redisUrl = new URL(args.redis);
const connection = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };

/** Block b's [payoff sum, payoff² sum] over its B paths, in path order (the unit every merge adds up). */
function blockSums(k, b, m) {
  const n = m.B * m.M;
  const f = lognormal(k, n, { mean: m.mu, std: m.sd, offset: b * n });
  let sum = 0;
  let sq = 0;
  for (let p = 0; p < m.B; p++) {
    let s = m.S0;
    let acc = 0;
    for (let j = 0; j < m.M; j++) {
      s *= f[p * m.M + j];
      acc += s;
    }
    const avg = acc / m.M;
    const pay = avg > m.K ? avg - m.K : 0;
    sum += pay;
    sq += pay * pay;
  }
  return [sum, sq];
}

if (args.worker) await workerProcess();
else await coordinator();

/** A worker process: takes shard jobs from the queue until the coordinator says close. */
async function workerProcess() {
  let armed = false;
  let release = null;
  process.on('message', (msg) => {
    if (msg === 'arm') armed = true;
    else if (msg === 'go') release?.();
    else if (msg === 'close') worker.close().then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(1)); // the coordinator is gone: leave no orphan
  const lockDuration = Number(args['lock-ms']);
  const info = backend();
  const worker = new Worker(args.queue, async (job) => {
    const { k, lo, hi, model } = job.data;
    const sums = [];
    for (let b = lo; b < hi; b++) {
      sums.push(blockSums(k, b, model));
      if (armed && b === lo) {
        // --kill: report "mid-job" and wait; the coordinator SIGKILLs the first reporter, lets others go.
        process.send({ midJob: job.id });
        await new Promise((resolve) => (release = resolve));
      }
      // Yield between blocks so BullMQ renews the job's lock (a blocked event loop would look stalled).
      await new Promise((resolve) => setImmediate(resolve));
    }
    // JSON carries finite doubles exactly (shortest round-trip form), and payoff sums are never -0.
    return { sums, pid: process.pid, backend: info.name };
  }, { connection, lockDuration, stalledInterval: lockDuration / 4, maxStalledCount: 1 });
  await worker.waitUntilReady();
  process.send({ ready: process.pid, backend: info.name });
}

async function coordinator() {
  if (args.kill && Number(args.workers) < 2) throw new RangeError('--kill needs --workers 2 or more (one is killed)');
  // ioredis retries a refused connection forever; say once what is missing instead.
  const reachable = await new Promise((resolve) => {
    const sock = connect(connection.port, connection.host, () => (sock.destroy(), resolve(true)));
    sock.setTimeout(3000, () => (sock.destroy(), resolve('timed out')));
    sock.once('error', (e) => resolve(e.code ?? e.message));
  });
  if (reachable !== true) {
    console.error(`cannot reach Redis at ${args.redis} (${reachable}): start one (e.g. redis-server --port 6379 `
      + `--bind 127.0.0.1) or pass --redis redis://HOST:PORT`);
    process.exit(2);
  }
  const P = args.small ? 2 ** 15 : 2 ** 20;
  const [S0, K, r, vol, T, M, B] = [100, 100, 0.05, 0.2, 1, 16, 1024];
  const dt = T / M;
  const model = { S0, K, M, B, mu: (r - (vol * vol) / 2) * dt, sd: vol * Math.sqrt(dt) };
  const blocks = P / B;
  const k = key(BigInt(args.seed));
  const disc = Math.exp(-r * T);

  /** Price and standard error from block sums added in block order; bits: the sums' FNV-1a hash.
   *  (disc uses Math.exp, which may differ in the last bit between engines: it scales only the printout.) */
  const merge = (sums) => {
    let s = 0;
    let q = 0;
    for (const [a, b] of sums) {
      s += a;
      q += b;
    }
    const mean = s / P;
    const words = new Uint32Array(Float64Array.from(sums.flat()).buffer);
    let h = 0x811c9dc5;
    for (const w of words) h = Math.imul(h ^ w, 0x01000193) >>> 0;
    return { price: disc * mean, se: disc * Math.sqrt((q / P - mean * mean) / (P - 1)), hash: h.toString(16) };
  };

  const t0 = performance.now();
  const single = Array.from({ length: blocks }, (_, b) => blockSums(k, b, model));
  const ref = merge(single);
  console.log(`Asian call by BullMQ shard jobs: ${P} paths × ${M} steps in ${blocks} blocks of ${B}, `
    + `seed ${args.seed}`);
  console.log(`single process: price ${ref.price.toFixed(6)} (s.e. ${ref.se.toFixed(6)})  hash ${ref.hash}`
    + `  ${(performance.now() - t0).toFixed(0)} ms`);

  const queueName = `cuda-random-mc-${process.pid}-${Date.now()}`;
  const queue = new Queue(queueName, { connection });
  const events = new QueueEvents(queueName, { connection });
  const stalled = new Set();
  events.on('stalled', ({ jobId }) => stalled.add(jobId));
  await events.waitUntilReady();

  const self = fileURLToPath(import.meta.url);
  const children = new Map();
  let victim = null;
  let onMidJob = null;
  await Promise.all(Array.from({ length: Number(args.workers) }, () => new Promise((resolve, reject) => {
    const child = fork(self, ['--worker', '--queue', queueName, '--redis', args.redis, '--lock-ms', args['lock-ms']]);
    child.on('message', (msg) => {
      if (msg.ready) resolve(children.set(msg.ready, child));
      else if (msg.midJob) onMidJob(child, msg.midJob);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 || child === victim?.child) return;
      console.error(`worker ${child.pid} exited unexpectedly (${signal ?? code})`);
      process.exit(1);
    });
  })));

  /** One sharded run: S jobs of consecutive block ranges, each awaited, merged in block order. */
  async function sharded(S, tag) {
    const t = performance.now();
    const jobs = await queue.addBulk(Array.from({ length: S }, (_, s) => {
      const lo = Math.floor((s * blocks) / S);
      const hi = Math.floor(((s + 1) * blocks) / S);
      return { name: 'shard', data: { k, lo, hi, model }, opts: { jobId: `${tag}-${s}` } };
    }));
    const results = await Promise.all(jobs.map((j) => j.waitUntilFinished(events, 60_000)));
    const sums = results.flatMap((res) => res.sums);
    const m = merge(sums);
    const same = m.hash === ref.hash && sums.length === blocks
      && sums.every(([a, b], i) => a === single[i][0] && b === single[i][1]);
    const pids = new Set(results.map((res) => res.pid));
    const on = [...new Set(results.map((res) => res.backend))].join('+');
    console.log(`${String(S).padStart(6)}  price ${m.price.toFixed(6)}  hash ${m.hash}  `
      + `${same ? 'identical' : 'DIFFERENT'}  ${pids.size} worker(s) on ${on}  ${(performance.now() - t).toFixed(0)} ms`);
    return { same, results, jobs };
  }

  let allIdentical = true;
  console.log(`\n${children.size} worker processes on queue ${queueName} (Redis ${redisUrl.host})`);
  console.log('shards');
  for (const S of args.shards.split(',').map(Number)) allIdentical = (await sharded(S, `run${S}`)).same && allIdentical;

  if (args.kill) {
    const S = 7;
    onMidJob = (child, jobId) => {
      if (victim) return child.send('go');
      victim = { child, pid: child.pid, jobId };
      child.kill('SIGKILL');
    };
    for (const child of children.values()) child.send('arm');
    console.log(`\n${S} shards, the first worker to start a job SIGKILLed after that job's first block:`);
    const run = await sharded(S, 'kill');
    allIdentical = run.same && allIdentical;
    const idx = run.jobs.findIndex((j) => j.id === victim.jobId);
    const job = await Job.fromId(queue, victim.jobId);
    console.log(`killed worker ${victim.pid} in job ${victim.jobId}; `
      + `BullMQ saw it stall: ${stalled.has(victim.jobId)}; retried and finished by worker ${run.results[idx].pid} `
      + `(attempts started ${job.attemptsStarted}, stalled ${job.stalledCounter})`);
    children.delete(victim.pid);
  }

  for (const child of children.values()) child.send('close');
  await Promise.all([...children.values()].map((c) => new Promise((resolve) => c.once('exit', resolve))));
  await queue.obliterate({ force: true });
  await Promise.all([events.close(), queue.close()]);
  console.log(`\nmerged results identical to the single-process run for every shard count: ${allIdentical}`);
  process.exitCode = allIdentical ? 0 : 1;
}
