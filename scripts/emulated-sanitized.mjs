#!/usr/bin/env node
// The emulated device's self-tests under AddressSanitizer and UBSan (part of `npm run test:emulated`):
// device memory of the fake runtime is heap memory, so an out-of-bounds kernel access, a misaligned vector
// store or undefined behaviour in kernel code is reported where it happens. Objects go to
// build/emulated-sanitized/. About 3 minutes from scratch on two cores.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { compileUnits, emulatedFlags, list, newestHeader, root, toolchain } from './emulated-build.mjs';

const tc = toolchain();
if (tc.missing) {
  console.log(`emulated-sanitized: skipped (needs ${tc.missing})`);
  process.exit(0);
}
const san = ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined', '-fno-omit-frame-pointer', '-g'];
const flags = [...emulatedFlags(tc.cudaInc), ...san];
const out = join(root, 'build', 'emulated-sanitized');
let failed = 0;
for (const program of ['test_emulated', 'test_emulated_alias']) {
  const units = [join(root, 'cuda', 'test', `${program}.cpp`), ...list(join(root, 'cuda', 'src'), /\.(cpp|cu)$/),
    join(root, 'cuda', 'test', 'fake', 'fake_cudart.cpp'), join(root, 'cuda', 'test', 'emu', 'emu.cpp')]
    .map((file) => ({ file, flags }));
  const objects = await compileUnits(tc.cxx, units, join(out, 'obj'), Math.min(availableParallelism(), 4), newestHeader());
  const exe = join(out, program);
  if (spawnSync(tc.cxx, [...san, '-pthread', '-o', exe, ...objects], { stdio: 'inherit' }).status !== 0) process.exit(1);
  // The self-tests ask for a petabyte on purpose (an out-of-memory check): malloc must return null.
  const r = spawnSync(exe, [], { cwd: root, encoding: 'utf8', env: { ...process.env, CR_EMU_SMS: '3',
    ASAN_OPTIONS: 'detect_leaks=0:allocator_may_return_null=1' } });
  const report = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /ERROR|runtime error|SUMMARY|checks|FAIL/.test(l));
  console.log(`${program} under ASan+UBSan: ${r.status === 0 ? 'pass' : 'FAIL'}\n  ${report.slice(0, 8).join('\n  ')}`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
