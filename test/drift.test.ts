/**
 * Proof that the cross-backend equality tests see a last-bit drift (issue 30): a formula rewritten so
 * that it rounds differently — a reassociation, exact when a parameter is 0, 1 or a power of two, one
 * ulp off for ordinary values — is planted in a TS transform and in a C++ one, and the checks of
 * test/drift-checks.ts (run by test/samplers.test.ts) and cuda/test/test_transforms.cpp must fail.
 *   - TS: the transform's `f` replaced in process (the specification kernel reads it on every call);
 *     the vectors the C++ host test holds cr_transforms.h to, and the WebAssembly path (the C++ math),
 *     must both disagree with it.
 *   - C++: a copy of cuda/include with the rewrites in cr_transforms.h behind CR_DRIFT (read at run
 *     time, so one build serves every mutant), test_transforms.cpp built against it: passes without
 *     CR_DRIFT, fails with each.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLERS, TRANSFORMS } from '../lib/samplers/registry.js';
import { samplersWasmAvailable } from '../lib/wasm/samplers.js';
import { exp } from '../lib/core/math/exp.js';
import { sincos2pi } from '../lib/core/math/sincos.js';
import { fold, signed } from '../lib/samplers/transform.js';
import type { TransformFn } from '../lib/kernels/transform.js';
import { fastMismatches, vectorMismatches } from './drift-checks.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const SC = new Float64Array(2);

/** Per transform: its TS rewrite, and the C++ line of cr_transforms.h with its rewrite (CR_DRIFT = id). */
const MUTANTS: { name: string; f: TransformFn; find: string; replace: string }[] = [
  {
    name: 'lognormal',  // mean + std·z as std·(mean/std + z): exact for mean 0
    f: (z, p) => exp(p[1] * (p[0] / p[1] + z)),
    find: 'return M::exp(p[0] + p[1] * z);',
    replace: 'return M::exp(cr_drift() == 1 ? p[1] * (p[0] / p[1] + z) : p[0] + p[1] * z);',
  },
  {
    name: 'cauchy',  // scale·(c/s) as (scale·c)/s: exact for a power-of-two scale
    f: (u, p) => {
      sincos2pi(0.25 * fold(u), SC, 0);
      return p[0] + signed(u, (p[1] * SC[1]) / SC[0]);
    },
    find: 'return p[0] + cr_tf_signed<M>(u, p[1] * (c / s));',
    replace: 'return p[0] + cr_tf_signed<M>(u, cr_drift() == 2 ? (p[1] * c) / s : p[1] * (c / s));',
  },
];

describe('a one-ulp drift planted in a TS transform fails the equality checks', () => {
  for (const m of MUTANTS) {
    it(`${m.name}: the C++-checked vectors and the WebAssembly path both disagree with the mutant`, () => {
      const t = TRANSFORMS.find((x) => x.name === m.name)!;
      const s = SAMPLERS.find((x) => x.name === m.name)!;
      const wasm = { fast: true, native: false };
      const fastDiffs = () => s.ops.flatMap((op) => fastMismatches(s, op, {}, wasm, [0x5eed, 0], 4099));
      expect(vectorMismatches([m.name]), 'control').toEqual([]);
      if (samplersWasmAvailable()) expect(fastDiffs(), 'control').toEqual([]);
      const f = t.f;
      t.f = m.f;
      try {
        expect(vectorMismatches([m.name]).length).toBeGreaterThan(0);
        if (samplersWasmAvailable()) expect(fastDiffs().length).toBeGreaterThan(0);
      } finally {
        t.f = f;
      }
    });
  }
});

const cxx = [process.env.CXX, 'g++', 'c++']
  .find((c) => !!c && spawnSync(c, ['--version'], { stdio: 'ignore' }).status === 0);
const dir = mkdtempSync(join(tmpdir(), 'cr-drift-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!cxx)('a one-ulp drift planted in a C++ transform fails cuda/test/test_transforms.cpp', () => {
  const exe = join(dir, 'test_transforms');

  it('builds test_transforms.cpp against cr_transforms.h with the rewrites behind CR_DRIFT', () => {
    cpSync(join(root, 'cuda/include'), join(dir, 'include'), { recursive: true });
    const header = join(dir, 'include', 'cr_transforms.h');
    let text = readFileSync(header, 'utf8');
    for (const m of MUTANTS) {
      expect(text.includes(m.find), `cr_transforms.h lacks '${m.find}': update ${m.name}'s mutant here`).toBe(true);
      text = text.replace(m.find, m.replace);
    }
    const hook = '#include <cstdlib>\n'
      + 'inline int cr_drift() { const char* e = std::getenv("CR_DRIFT"); return e ? std::atoi(e) : 0; }\n';
    // after the header's own includes: its first template
    const at = text.indexOf('template <');
    writeFileSync(header, text.slice(0, at) + hook + text.slice(at));
    const includes = ['-I', join(dir, 'include'), '-I', join(root, 'cuda/test')];
    // -O0: half the compile time of cuda-host.test.ts's -O2, the same IEEE operations (no contraction either way)
    const r = spawnSync(cxx!, ['-std=c++17', '-O0', '-ffp-contract=off', ...includes,
      join(root, 'cuda/test/test_transforms.cpp'), '-o', exe, '-lm'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const control = spawnSync(exe, [], { cwd: root, encoding: 'utf8' });
    expect(control.status, `without CR_DRIFT:\n${control.stdout}${control.stderr}`).toBe(0);
  }, 120_000);

  for (const [i, m] of MUTANTS.entries()) {
    it(`${m.name}: CR_DRIFT=${i + 1} fails`, () => {
      const r = spawnSync(exe, [], { cwd: root, encoding: 'utf8', env: { ...process.env, CR_DRIFT: String(i + 1) } });
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).toMatch(new RegExp(`${m.name} case \\d+ element`));
    });
  }

  it('the derived parameter sets are what catch the lognormal one: the file\'s first cases alone miss it', () => {
    // the first cases (no `kind`: each constraint's good values cyclically, and the defaults) are the
    // degenerate sets the vectors had before lib/core/param-sets.ts
    const all = JSON.parse(readFileSync(join(root, 'test/vectors/transforms.json'), 'utf8'));
    const first = { ...all, cases: all.cases.filter((c: { kind?: string }) => !c.kind),
      rowCases: all.rowCases.filter((c: { kind?: string }) => !c.kind) };
    const file = join(dir, 'first.json');
    writeFileSync(file, JSON.stringify(first));
    const r = spawnSync(exe, [file], { cwd: root, encoding: 'utf8', env: { ...process.env, CR_DRIFT: '1' } });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  });
});
