import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as api from '../lib/index.js';

describe('docs/api (TypeDoc reference)', () => {
  it('is not stale: scripts/build-api-docs.mjs --check passes', () => {
    const script = fileURLToPath(new URL('../scripts/build-api-docs.mjs', import.meta.url));
    const r = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/docs\/api is current/);
    expect(r.status).toBe(0);
  });

  it('shows real call signatures for every exported function (not only a type name)', () => {
    const doc = readFileSync(new URL('../docs/api/README.md', import.meta.url), 'utf8');
    const fns = Object.entries(api).filter(([n, v]) => typeof v === 'function' && !/^[A-Z]/.test(n)).map(([n]) => n);
    expect(fns.filter((n) => !new RegExp(`^function ${n}(<[^>]*>)?\\(`, 'm').test(doc))).toEqual([]);
  });
});
