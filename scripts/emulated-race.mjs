#!/usr/bin/env node
// The emulated device's race detector (issue 28; part of `npm run test:emulated`): the kernels and the
// fake runtime built with ThreadSanitizer, every CUDA thread a TSan fiber (cuda/test/emu/emu.cpp,
// CR_EMU_TSAN), so a read-after-write, write-after-read or write-after-write of two threads of a block on
// the same shared or global word with no __syncthreads or warp operation between them is reported with
// both stacks. Runs the self-tests' quick mode on a 1-SM device (CR_EMU_SMS=1). Objects go to
// build/emulated-race/. With --plant it first proves that the detector fires: the alias self-test with
// the barrier after zero_shared (cuda/src/alias_fixed.cu) removed must report a race.
//   node scripts/emulated-race.mjs [--program test_emulated|test_emulated_alias] [--plant]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { compileUnits, emulatedFlags, list, newestHeader, root, toolchain } from './emulated-build.mjs';

const tc = toolchain();
if (tc.missing) {
  console.log(`emulated-race: skipped (needs ${tc.missing})`);
  process.exit(0);
}
const only = process.argv.includes('--program') ? process.argv[process.argv.indexOf('--program') + 1] : null;
const tsan = ['-fsanitize=thread', '-g'];
const base = emulatedFlags(tc.cudaInc);
const flags = [...base, ...tsan];
const out = join(root, 'build', 'emulated-race');

/** Builds `program` (with `swap` replacing sources: { original path: planted copy }) and runs it. */
async function raceRun(program, swap = {}) {
  const sources = [join(root, 'cuda', 'test', `${program}.cpp`), ...list(join(root, 'cuda', 'src'), /\.(cpp|cu)$/),
    join(root, 'cuda', 'test', 'fake', 'fake_cudart.cpp')].map((f) => swap[f] ?? f);
  const units = [
    ...sources.map((file) => ({ file, flags })),
    // the scheduler uninstrumented: its bookkeeping is shared by every fiber and is not kernel memory
    { file: join(root, 'cuda', 'test', 'emu', 'emu.cpp'), flags: [...base, '-g', '-DCR_EMU_TSAN=1'] },
  ];
  const tag = Object.keys(swap).length ? 'plant' : 'obj';
  const objects = await compileUnits(tc.cxx, units, join(out, tag), Math.min(availableParallelism(), 4), newestHeader());
  const exe = join(out, `${program}${Object.keys(swap).length ? '-planted' : ''}`);
  if (spawnSync(tc.cxx, [...tsan, '-pthread', '-o', exe, ...objects], { stdio: 'inherit' }).status !== 0) process.exit(1);
  const t0 = Date.now();
  const r = spawnSync(exe, [], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, CR_EMU_SMS: '1',
    TSAN_OPTIONS: 'halt_on_error=1:report_signal_unsafe=0:allocator_may_return_null=1' } });
  return { r, text: `${r.stdout}\n${r.stderr}`, seconds: (Date.now() - t0) / 1000 };
}

if (process.argv.includes('--plant')) {
  const original = join(root, 'cuda', 'src', 'alias_fixed.cu');
  const barrier = '    for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x) hist[b] = 0;\n  __syncthreads();\n';
  const src = readFileSync(original, 'utf8');
  if (!src.includes(barrier)) {
    console.log('emulated-race --plant: zero_shared\'s barrier is not where the plant expects it; update the plant');
    process.exit(1);
  }
  const dir = join(out, 'plant-src');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'alias_fixed.cu'), src.replace(barrier, barrier.replace('  __syncthreads();\n', '')));
  const { r, text } = await raceRun('test_emulated_alias', { [original]: join(dir, 'alias_fixed.cu') });
  const caught = r.status !== 0 && /ThreadSanitizer: data race/.test(text) && /zero_shared .*alias_fixed\.cu/.test(text);
  console.log(`planted race (zero_shared without its barrier): ${caught ? 'reported' : 'NOT reported'}`);
  if (!caught) process.exit(1);
}

let failed = 0;
for (const program of ['test_emulated', 'test_emulated_alias'].filter((p) => !only || p === only)) {
  const { r, text, seconds } = await raceRun(program);
  const report = text.split('\n').filter((l) => /WARNING: ThreadSanitizer|SUMMARY|checks|FAIL|emulated device/.test(l));
  console.log(`${program} under ThreadSanitizer: ${r.status === 0 ? 'pass, no race' : 'FAIL'} (${seconds.toFixed(0)} s)\n  ${report.slice(0, 8).join('\n  ')}`);
  if (r.status !== 0) {
    console.log(text.split('\n').filter((l) => /^\s+#\d|Write of|Read of|Previous|WARNING/.test(l)).slice(0, 40).join('\n'));
    failed++;
  }
}
process.exit(failed ? 1 : 0);
