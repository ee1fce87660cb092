/**
 * The Python the numpy peers run in: $PYTHON, else `python3` on the PATH (the documented peer is
 * Debian's python3-numpy; a pyenv or venv python3 ahead of it on the PATH is another numpy). Every
 * suite that times numpy runs its scripts through here, so one run compares against one numpy, and
 * the run's notes say which (version and executable).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import type { Context } from './harness.js';

export const pythonCommand = (): string => process.env.PYTHON || 'python3';

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
