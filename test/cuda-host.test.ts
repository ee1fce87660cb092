/**
 * Compiles every cuda/test/*.cpp for the host (g++ -ffp-contract=off, the shared headers of
 * cuda/include) and runs it from the repository root: the CUDA kernels' math and index arithmetic,
 * checked on the CPU against the same vectors as the TypeScript tests. A program passes when it exits
 * 0. Skipped, with the reason, where there is no C++ compiler (CXX or g++).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const testDir = join(root, 'cuda', 'test');
const outDir = join(root, 'build', 'host-tests');
const programs = readdirSync(testDir).filter((f) => f.endsWith('.cpp')).sort();

function compiler(): string | null {
  for (const c of [process.env.CXX, 'g++', 'c++'].filter((x): x is string => !!x)) {
    if (spawnSync(c, ['--version'], { stdio: 'ignore' }).status === 0) return c;
  }
  return null;
}

const cxx = compiler();
if (!cxx) console.warn('cuda/test host programs skipped: no C++ compiler (set CXX or install g++)');

describe.skipIf(!cxx)('CUDA headers on the host (cuda/test/*.cpp)', () => {
  it('finds the host test programs', () => {
    expect(programs).toContain('test_host.cpp');
  });

  for (const file of programs) {
    it(`${file} compiles with -ffp-contract=off and passes`, () => {
      mkdirSync(outDir, { recursive: true });
      const exe = join(outDir, file.replace(/\.cpp$/, ''));
      const args = ['-std=c++17', '-O2', '-Wall', '-Wextra', '-ffp-contract=off',
        '-I', join(root, 'cuda', 'include'), '-I', testDir, join(testDir, file), '-o', exe, '-lm'];
      const cc = spawnSync(cxx!, args, { cwd: root, encoding: 'utf8' });
      expect(cc.status, `${cxx} ${args.join(' ')}\n${cc.stderr}`).toBe(0);
      const run = spawnSync(exe, [], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      expect(run.status, `${file} failed:\n${run.stdout}\n${run.stderr}`).toBe(0);
    });
  }
});

describe('test/vectors/philox_stream.json', () => {
  it('is what the TypeScript backend computes now (scripts/gen-vectors.mjs --check)', () => {
    const out = execFileSync(process.execPath, [join(root, 'scripts', 'gen-vectors.mjs'), '--check'], {
      cwd: root, encoding: 'utf8',
    });
    expect(out).toMatch(/is current/);
  });
});
