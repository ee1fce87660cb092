#!/usr/bin/env node
// Proof that the emulated device finds kernel bugs (issue 28): plants classic ones, one at a time, in a
// copy of the tree, builds the emulated self-test (or the emulated addon) from the copy, and expects the
// checks to fail. A mutant that survives is a hole in the tests: exit status 1.
//
//   node scripts/emulated-mutants.mjs [name-substring]   # or: npm run test:emulated -- --mutants
//
// Copies go to build/mutants/<n>/ with the emulated objects of build/emulated/obj (so only what a
// mutation touches is rebuilt: one unit, or everything for a header). Several minutes.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { compileUnits, emulatedFlags, list, newestHeader, root, toolchain } from './emulated-build.mjs';

const MUTANTS = [
  { name: 'no __syncthreads between two block scans sharing storage', file: 'cuda/src/alias_build.cu',
    find: '  RankScan(tmp.rank).ExclusiveSum(light, rank, nl);\n  __syncthreads();',
    replace: '  RankScan(tmp.rank).ExclusiveSum(light, rank, nl);', check: 'alias' },
  { name: 'the last accepted gamma proposal instead of the first', file: 'cuda/include/cr_dist_items.h',
    find: '(int)((group << log2m) + cr_lowest_bit(bits))', replace: '(int)((group << log2m) + (31 - __builtin_clz(bits)))',
    check: 'selftest' },
  { name: 'radix sort over the low 32 key bits only', file: 'cuda/src/select.cu',
    find: 'SortPairs(temp.p, bytes, keys, idx, (int64_t)n, 0, 64, s)', replace: 'SortPairs(temp.p, bytes, keys, idx, (int64_t)n, 0, 32, s)',
    check: 'addon' },
  { name: 'grid-stride loop one item short', file: 'cuda/src/cr_items.cuh',
    find: 'q < items; q += stride', replace: 'q + 1 < items; q += stride', check: 'selftest' },
  { name: 'transposed tile index in the XORWOW transpose', file: 'cuda/src/xorwow_kernels.cu',
    find: 'dst[e] = t[j][lane]', replace: 'dst[e] = t[lane][j]', check: 'selftest' },
  // Launch limits (docs/testing.md, "The emulated device"): a grid-stride kernel gives the same bits with any
  // block size, so only the launch check can see a block above the kernel's __launch_bounds__(CR_BLOCK)
  // or a launch above 48 KiB of dynamic shared memory whose attribute was never set.
  { name: 'a block twice the kernel\'s __launch_bounds__', file: 'cuda/src/cr_items.cuh',
    find: 'CR_LAUNCH(cr_grid_for(items, sms), CR_BLOCK, 0, s, k_items<Work>)',
    replace: 'CR_LAUNCH(cr_grid_for(items, sms), 2 * CR_BLOCK, 0, s, k_items<Work>)', check: 'selftest' },
  { name: 'the alias pack\'s shared-memory launch without its attribute', file: 'cuda/src/alias_build.cu',
    find: 'cudaFuncSetAttribute(reinterpret_cast<const void*>(&k_pack_shared), ' +
      'cudaFuncAttributeMaxDynamicSharedMemorySize,\n                             (int)bytes);',
    replace: 'cudaSuccess;', check: 'alias' },
  { name: 'the alias counts\' opt-in shared-memory launch without its attribute', file: 'cuda/src/alias_sample.cu',
    find: 'cudaFuncSetAttribute(reinterpret_cast<const void*>(&k_counts_shared<cr_alias_map>),\n' +
      '                                             cudaFuncAttributeMaxDynamicSharedMemorySize, (int)optin_shared());',
    replace: 'cudaSuccess;', check: 'alias' },
  { name: 'the partial last block of a fill dropped', file: 'cuda/include/cr_fill.h',
    find: 'return (n + (first & 3) + 3) >> 2;', replace: 'return (n + (first & 3)) >> 2;', check: 'selftest' },
];

const tc = toolchain();
if (tc.missing) {
  console.error(`emulated-mutants: needs ${tc.missing}`);
  process.exit(2);
}
const only = process.argv.slice(2).find((a) => !a.startsWith('-'));
const jobs = Math.min(availableParallelism(), 4);
// The unmutated objects, to seed each copy (built now if they are not there).
const base = spawnSync(process.execPath, [join(root, 'scripts', 'build-emulated-addon.mjs')], { cwd: root, stdio: 'inherit' });
if (base.status !== 0) process.exit(1);

/** Builds and runs cuda/test/<program>.cpp from the tree `src`; its exit status. */
async function selfTest(src, program) {
  const flags = emulatedFlags(tc.cudaInc, src);
  const units = [join(src, 'cuda', 'test', `${program}.cpp`), ...list(join(src, 'cuda', 'src'), /\.(cpp|cu)$/),
    join(src, 'cuda', 'test', 'fake', 'fake_cudart.cpp'), join(src, 'cuda', 'test', 'emu', 'emu.cpp')]
    .map((file) => ({ file, flags }));
  const objects = await compileUnits(tc.cxx, units, join(src, 'obj'), jobs, newestHeader(src));
  const exe = join(src, program);
  const link = spawnSync(tc.cxx, ['-pthread', '-o', exe, ...objects], { stdio: 'inherit' });
  if (link.status !== 0) throw new Error(`link ${program} failed`);
  const r = spawnSync(exe, [], { cwd: root, encoding: 'utf8', timeout: 900_000 });
  return { status: r.status, why: `${r.stdout}\n${r.stderr}`.split('\n').find((l) => /FAIL|emulated device:|rror/.test(l)) };
}

/** Builds the emulated addon from `src` and runs the GPU sweeps of native.test.ts on it. */
function addonTest(src) {
  const b = spawnSync(process.execPath, [join(root, 'scripts', 'build-emulated-addon.mjs'), '--src', src, '--out', src],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (b.status !== 0) throw new Error('the mutant addon did not build');
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--testTimeout=900000',
    'test/native.test.ts', '-t', 'scripts/gpu sweeps'], {
    cwd: root, encoding: 'utf8', env: { ...process.env, CUDA_RANDOM_ADDON: b.stdout.trim().split('\n').pop(), NO_COLOR: '1' },
  });
  return { status: r.status, why: r.stdout.split('\n').find((l) => /AssertionError|Error:/.test(l)) };
}

let survivors = 0;
for (const [i, m] of MUTANTS.entries()) {
  if (only && !m.name.includes(only)) continue;
  const dir = join(root, 'build', 'mutants', String(i));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const d of ['binding', 'cuda']) cpSync(join(root, d), join(dir, d), { recursive: true, preserveTimestamps: true });
  cpSync(join(root, 'build', 'emulated', 'obj'), join(dir, 'obj'), { recursive: true, preserveTimestamps: true });
  const path = join(dir, m.file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(m.find)) {
    console.error(`emulated-mutants: '${m.name}': ${m.file} no longer contains the code to mutate; update the script`);
    process.exit(1);
  }
  writeFileSync(path, text.replace(m.find, m.replace));
  const t0 = Date.now();
  const { status, why } = m.check === 'addon' ? addonTest(dir)
    : await selfTest(dir, m.check === 'alias' ? 'test_emulated_alias' : 'test_emulated');
  const caught = status !== 0;
  if (!caught) survivors++;
  console.log(`${caught ? 'caught  ' : 'SURVIVED'} ${m.name} (${m.file}; ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  if (caught && why) console.log(`         first failure: ${why.trim().slice(0, 200)}`);
  if (existsSync(dir) && caught) rmSync(dir, { recursive: true, force: true });
}
process.exit(survivors ? 1 : 0);
