/**
 * The dependency rules of .dependency-cruiser.cjs (the layers of docs/architecture.md): lib/ obeys
 * them, and the rules do fire — a fixture tree with one import against each of four rules fails,
 * naming them, while its allowed imports pass.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'node_modules/.bin/depcruise');
const config = join(root, '.dependency-cruiser.cjs');

function cruise(cwd: string) {
  // No colours: CI=true makes the reporter colour its output, which would split the names matched below.
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  const r = spawnSync(bin, ['lib', '--config', config, '--output-type', 'err'], { cwd, encoding: 'utf8', env });
  // eslint-disable-next-line no-control-regex
  return { status: r.status, text: `${r.stdout}${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '') };
}

describe('dependency rules', () => {
  it('lib/ has no violation', () => {
    const r = cruise(root);
    expect(r.text).toMatch(/no dependency violations found/);
    expect(r.status).toBe(0);
  });

  it('they fire on violations (fixture tree), naming each rule, and let allowed imports through', () => {
    const r = cruise(join(root, 'test/fixtures/layers'));
    expect(r.status).not.toBe(0);
    expect(r.text).toMatch(/core-imports-core: lib\/core\/keys\.ts → lib\/facade\/sample\.ts/);
    expect(r.text).toMatch(/no-sampler-imports-a-sampler: lib\/samplers\/a\.ts → lib\/samplers\/b\.ts/);
    expect(r.text).toMatch(/no-backend-imports-its-sibling: lib\/backend\/cpu\/backend\.ts → lib\/backend\/cuda\/backend\.ts/);
    expect(r.text).toMatch(/native-imports-core: lib\/native\/cpu\.ts → lib\/kernels\/k\.ts/);
    expect(r.text).toMatch(/4 dependency violations/);
  });
});
