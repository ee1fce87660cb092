/**
 * The Python the numpy peers run in: $PYTHON, else `python3` on the PATH (the documented peer is
 * Debian's python3-numpy; a pyenv or venv python3 ahead of it on the PATH is another numpy). Every
 * suite that times numpy runs its scripts through here, so one run compares against one numpy, and
 * the run's notes say which (version and executable).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import type { Context } from './harness.js';
import { ownEnv } from '../../core/records.js';

export const pythonCommand = (): string => ownEnv('PYTHON') || 'python3';

/** Runs `script` (with sys.argv[1:] = args) in the peers' Python, numpy single-threaded; notes numpy's
 *  version once per run. */
export function runPython(ctx: Context, script: string, args: string[] = []): SpawnSyncReturns<string> {
  const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1' };
  const py = pythonCommand();
  const v = spawnSync(py, ['-c', 'import sys, numpy; print(numpy.__version__, sys.executable)'], { encoding: 'utf8', env });
  if (v.status === 0) {
    const [version, exe] = v.stdout.trim().split(' ');
    const note = `peer numpy ${version} (${exe}; set PYTHON to choose another)`;
    if (!ctx.notes.includes(note)) ctx.notes.push(note);
  }
  return spawnSync(py, ['-c', script, ...args], { encoding: 'utf8', env, timeout: 300_000 });
}

/**
 * numpy's rates (M values/s, best of `reps` after a warm-up) of Generator expressions drawing n values
 * each, in one process: `g` (also `rng`) is default_rng(12345), `setup` (Python lines) runs before any
 * timing. undefined for each, with a note saying why, when numpy cannot be run.
 */
export function numpyRates(ctx: Context, exprs: string[], n: number, reps: number, setup = ''): (number | undefined)[] {
  const script = `
import json, sys, time
import numpy as np
g = rng = np.random.default_rng(12345)
n = ${n}
${setup}
out = []
for e in json.loads(sys.argv[1]):
    f = eval('lambda: ' + e)
    f()
    best = 1e9
    for _ in range(${reps}):
        t = time.perf_counter(); f(); best = min(best, time.perf_counter() - t)
    out.append(n / best / 1e6)
print(json.dumps(out))
`;
  const r = runPython(ctx, script, [JSON.stringify(exprs)]);
  if (r.status !== 0) {
    const why = (r.stderr || String(r.error)).trim().split('\n').pop();
    const note = `numpy not measured (python3 with numpy: apt-get install python3-numpy): ${why}`;
    if (!ctx.notes.includes(note)) ctx.notes.push(note);
    return exprs.map(() => undefined);
  }
  return JSON.parse(r.stdout) as number[];
}
