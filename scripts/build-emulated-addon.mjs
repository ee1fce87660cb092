#!/usr/bin/env node
// Builds the addon for the emulated device (issue 28): binding/*.cc and every cuda/src file — the .cu
// kernels compiled as C++ — against cuda/test/emu (fibers for CUDA threads, CUB stand-ins) and the fake
// runtime of cuda/test/fake instead of cudart, into build/emulated/cuda_random.node. Loaded with
// CUDA_RANDOM_ADDON=build/emulated/cuda_random.node, it is a CUDA device to the library: the GPU-only
// tests run against the real kernels on the CPU (`npm run test:emulated`). Test code: nothing of it ships.
//
//   node scripts/build-emulated-addon.mjs [--jobs N] [--src DIR --out DIR]
//
// Objects are kept and rebuilt when a source or header is newer. --src builds from another tree that
// holds binding/ and cuda/ (emulated-mutants.mjs: a copy with one bug planted), into --out. Needs g++
// (CXX), the CUDA toolkit's headers (cuda_runtime.h; no GPU, no driver) and node_modules (node-api-headers,
// node-addon-api). Prints the addon's path; exit status 2 when a tool is missing.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { bindingFlags, compileUnits, emulatedFlags, list, newestHeader, root, toolchain } from './emulated-build.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const jobs = Number(opt('--jobs', 0)) || Math.min(availableParallelism(), 4);
const src = opt('--src', root);
const out = opt('--out', join(root, 'build', 'emulated'));

const tc = toolchain();
if (tc.missing) {
  console.error(`build-emulated-addon: needs ${tc.missing}`);
  process.exit(2);
}
const flags = emulatedFlags(tc.cudaInc, src);
const withBinding = [...flags, ...bindingFlags()];
const units = [
  ...list(join(src, 'binding'), /\.cc$/).map((file) => ({ file, flags: withBinding })),
  ...list(join(src, 'cuda', 'src'), /\.(cpp|cu)$/).map((file) => ({ file, flags })),
  { file: join(src, 'cuda', 'test', 'fake', 'fake_cudart.cpp'), flags },
  { file: join(src, 'cuda', 'test', 'emu', 'emu.cpp'), flags },
];
let objects;
try {
  objects = await compileUnits(tc.cxx, units, join(out, 'obj'), jobs, newestHeader(src));
} catch (e) {
  console.error(`build-emulated-addon: ${e.message}`);
  process.exit(1);
}
const addon = join(out, 'cuda_random.node');
const link = spawnSync(tc.cxx, ['-shared', '-pthread', '-o', addon, ...objects], { cwd: dirname(addon), stdio: 'inherit' });
if (link.status !== 0) process.exit(1);
console.log(addon);
