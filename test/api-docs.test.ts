import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

describe('docs/api (TypeDoc reference)', () => {
  it('is not stale: scripts/build-api-docs.mjs --check passes', () => {
    const script = fileURLToPath(new URL('../scripts/build-api-docs.mjs', import.meta.url));
    const r = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/docs\/api is current/);
    expect(r.status).toBe(0);
  });
});
