#!/usr/bin/env node
// The emulated device's part of the tests (issue 28; docs/testing.md, "The emulated device"):
//   1. the C++ self-tests on it (cuda/test/test_emulated*.cpp through test/cuda-host.test.ts) and the FMA
//      guard (test/fma-guard.test.ts), and the self-tests again under ASan+UBSan (emulated-sanitized.mjs)
//      and under ThreadSanitizer as a race detector (emulated-race.mjs --plant) — skipped with
//      --addon-only, since `npm test`'s vitest run has the first two;
//   2. the addon built for it (scripts/build-emulated-addon.mjs) loaded through CUDA_RANDOM_ADDON, with the
//      GPU-only vitest cases (test/native.test.ts, test/alias-cuda.test.ts): every CUDA path against the
//      CPU backend, bit for bit.
// Where g++ or the CUDA headers are missing it says so and exits 0, as the host tests skip there.
//
//   npm run test:emulated                 # both parts
//   npm run test:emulated -- --mutants    # and then scripts/emulated-mutants.mjs (planted kernel bugs must fail)
//   node scripts/test-emulated.mjs --addon-only
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = (args, env = {}) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;

if (!process.argv.includes('--addon-only')) {
  const status = run([vitest, 'run', 'test/cuda-host.test.ts', 'test/fma-guard.test.ts', '-t', 'test_emulated|fma']);
  if (status !== 0) process.exit(status ?? 1);
  const sanitized = run([join(root, 'scripts', 'emulated-sanitized.mjs')]);
  if (sanitized !== 0) process.exit(sanitized ?? 1);
  const races = run([join(root, 'scripts', 'emulated-race.mjs'), '--plant']);
  if (races !== 0) process.exit(races ?? 1);
}

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-emulated-addon.mjs')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (build.status === 2) {
  console.log('test-emulated: the emulated-device addon cannot be built here (see above); its tests are skipped');
  process.exit(0);
}
if (build.status !== 0) process.exit(build.status ?? 1);
const addon = build.stdout.trim().split('\n').pop();
console.log(`test-emulated: the GPU-only tests on the emulated device (CUDA_RANDOM_ADDON=${addon})`);
// Every CUDA thread is a fiber there: a test takes up to minutes (the suite's limit is one minute).
const status = run([vitest, 'run', '--testTimeout=900000', 'test/native.test.ts', 'test/alias-cuda.test.ts'],
  { CUDA_RANDOM_ADDON: addon });
if (status !== 0 || !process.argv.includes('--mutants')) process.exit(status ?? 1);
process.exit(run([join(root, 'scripts', 'emulated-mutants.mjs')]) ?? 1);
