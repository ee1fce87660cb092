/**
 * The type-level test: test/types/api.ts compiles under strict + noUncheckedIndexedAccess against the
 * built declarations (dist/, by the package's own name), and each of its @ts-expect-error lines is an
 * error. Result types follow dtype/out, split gives tuples, mistakes do not compile.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('test/types/api.ts type-checks as a strict user project would', () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', resolve(__dirname, 'types')], { encoding: 'utf8' });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
}, 120_000);
