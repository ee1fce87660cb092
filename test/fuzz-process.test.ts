// A batch of nasty inputs through every public function in a child process (test/fixtures/
// nasty-inputs.mjs), so that a crash, abort or hang shows as an exit code or a timeout here instead of
// taking the test runner down.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

describe('never crashes the process', () => {
  it('every function, ~50 nasty values in every position, sync and async, GC and detached outs while pending', () => {
    const script = fileURLToPath(new URL('./fixtures/nasty-inputs.mjs', import.meta.url));
    const r = spawnSync(process.execPath, ['--expose-gc', script], { encoding: 'utf8', timeout: 120_000 });
    expect(r.signal, `killed by ${r.signal}: ${r.stderr}`).toBeNull();
    const last = r.stdout.trim().split('\n').pop() ?? '';
    const summary = JSON.parse(last) as { calls: number; argumentErrors: number; results: number; unexpected: string[] };
    expect(summary.unexpected).toEqual([]);
    expect(r.status).toBe(0);
    expect(summary.calls).toBeGreaterThan(10_000);
    expect(summary.argumentErrors + summary.results).toBe(summary.calls);
    expect(summary.argumentErrors).toBeGreaterThan(summary.calls / 2);
  });
});
