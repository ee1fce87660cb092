// Shared helpers of the benchmark scripts: best-of-k timing, a table printer, the run's facts.
import { execSync } from 'node:child_process';
import os from 'node:os';

/** Runs f() `reps` times (after one warm-up) and returns the best rate in M items/s. */
export async function rate(items, f, reps = 5) {
  await f();
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    await f();
    best = Math.min(best, performance.now() - t);
  }
  return items / best / 1e3;
}

export function table(rows, headers) {
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => '| ' + r.map((c, i) => String(c).padEnd(w[i])).join(' | ') + ' |';
  return [line(headers), '| ' + w.map((x) => '-'.repeat(x)).join(' | ') + ' |', ...rows.map(line)].join('\n');
}

export function facts() {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    if (execSync('git status --porcelain --untracked-files=no').toString().trim()) commit += ' (+ uncommitted changes)';
  } catch { /* not a checkout */ }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpu}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    commit,
  };
}

export const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
