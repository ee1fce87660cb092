/**
 * Resource use as a checked build output (issue 28): scripts/ptxas-resources.mjs compiles every kernel
 * file for sm_90 with -Xptxas -v and fails when a kernel spills registers, except the alias build's
 * single-block control kernels it names. Skipped where there is no nvcc.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const nvcc = spawnSync('sh', ['-c', 'command -v nvcc'], { encoding: 'utf8' }).stdout.trim() || null;

describe.skipIf(!nvcc)('kernel resources on sm_90 (nvcc -Xptxas -v)', () => {
  it('no kernel spills registers but the allowed control kernels; the table has every kernel', () => {
    const r = spawnSync(process.execPath, ['scripts/ptxas-resources.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    const summary = /ptxas-resources: (\d+) kernels, (\d+) with a stack frame, (\d+) allowed to spill, (\d+) other spilling/.exec(r.stdout);
    expect(r.status, `${r.stdout.split('\n').filter((l) => /^SPILL/.test(l)).join('\n')}\n${r.stderr}`).toBe(0);
    expect(summary, r.stdout.slice(-2000)).not.toBeNull();
    expect(Number(summary![1])).toBeGreaterThan(100);
    expect(Number(summary![3])).toBeLessThanOrEqual(3);
    expect(Number(summary![4])).toBe(0);
  }, 900_000);
});
