/**
 * The type-level test: test/types/api.ts compiles under strict + noUncheckedIndexedAccess against the
 * built declarations (dist/, by the package's own name), and each of its @ts-expect-error lines is an
 * error. Result types follow dtype/out, split gives tuples, mistakes do not compile. And the messages of
 * mistakes (test/types-messages/calls.ts) name what the sampler takes.
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

it('a bad dtype\'s message names every type the sampler has, not only its default; a missing option is named', () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', resolve(__dirname, 'types-messages')], { encoding: 'utf8' });
  const out = r.stdout + r.stderr;
  expect(r.status).not.toBe(0);
  // the type aliases of the unions: Dtype = 'float64' | 'float32', CountDtype = 'int32' | 'uint32' | 'float64'
  expect(out).toMatch(/calls\.ts\(6,\d+\)[\s\S]*?'"int32"' is not assignable to type 'Dtype \| undefined'/);
  expect(out).toMatch(/calls\.ts\(7,\d+\)[\s\S]*?'"float32"' is not assignable to type 'CountDtype \| undefined'/);
  expect(out).toMatch(/calls\.ts\(8,\d+\)[\s\S]*?Property 'scale' is missing/);
  expect(out).not.toMatch(/not assignable to type '"float64"'/);
}, 120_000);
