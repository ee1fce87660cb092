#!/usr/bin/env node
// Builds the addon for the emulated device (issue 28): binding/*.cc and every cuda/src file — the .cu
// kernels compiled as C++ — against cuda/test/emu (fibers for CUDA threads, CUB stand-ins) and the fake
// runtime of cuda/test/fake instead of cudart, into build/emulated/cuda_random.node. Loaded with
// CUDA_RANDOM_ADDON=build/emulated/cuda_random.node, it is a CUDA device to the library: the GPU-only
// tests run against the real kernels on the CPU (`npm run test:emulated`). Test code: nothing of it ships.
//
//   node scripts/build-emulated-addon.mjs [--jobs N]   # objects are kept and rebuilt when a source or header is newer
//
// Needs g++ (CXX), the CUDA toolkit's headers (cuda_runtime.h; no GPU, no driver) and node_modules
// (node-api-headers, node-addon-api). Prints the addon's path; exit status 2 when a tool is missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build', 'emulated');
const objDir = join(out, 'obj');
const args = process.argv.slice(2);
const jobs = Number(args[args.indexOf('--jobs') + 1]) || Math.min(availableParallelism(), 4);

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || null;
}
const cxx = process.env.CXX || which('g++') || which('c++');
const nvcc = which('nvcc');
const cudaInc = [process.env.CUDA_HOME, process.env.CUDA_PATH, nvcc ? dirname(dirname(nvcc)) : null, '/usr/local/cuda']
  .filter(Boolean).map((d) => join(d, 'include')).find((d) => existsSync(join(d, 'cuda_runtime.h')));
if (!cxx || !cudaInc) {
  console.error(`build-emulated-addon: needs ${!cxx ? 'a C++ compiler (CXX or g++)' : 'the CUDA headers (cuda_runtime.h; set CUDA_HOME)'}`);
  process.exit(2);
}
const require = createRequire(join(root, 'package.json'));
const napiInc = require('node-api-headers').include_dir;
const addonApiInc = dirname(require.resolve('node-addon-api/package.json'));

const emu = join(root, 'cuda', 'test', 'emu');
const common = ['-std=c++17', '-O1', '-fPIC', '-fvisibility=hidden', '-Wall', '-Wextra', '-Wundef', '-Wno-unknown-pragmas',
  '-ffp-contract=off', '-pthread', '-DCR_EMULATED', '-DCR_CUDA_ARCHS_STRING="90-emulated"', '-include', join(emu, 'emu.h'),
  '-I', emu, '-I', join(root, 'cuda', 'include'), '-I', join(root, 'cuda', 'src'), '-I', join(root, 'cuda', 'test', 'fake'),
  '-I', cudaInc];
const binding = ['-DNAPI_VERSION=8', '-DNAPI_CPP_EXCEPTIONS', '-DNODE_ADDON_API_DISABLE_DEPRECATED', '-I', napiInc, '-I', addonApiInc];

const list = (dir, re) => readdirSync(dir).filter((f) => re.test(f)).sort().map((f) => join(dir, f));
const units = [
  ...list(join(root, 'binding'), /\.cc$/),
  ...list(join(root, 'cuda', 'src'), /\.(cpp|cu)$/),
  join(root, 'cuda', 'test', 'fake', 'fake_cudart.cpp'),
  join(emu, 'emu.cpp'),
];
const headerDirs = [join(root, 'binding'), join(root, 'cuda', 'include'), join(root, 'cuda', 'src'), emu, join(root, 'cuda', 'test', 'fake')];
const headersTime = Math.max(...headerDirs.flatMap((d) => list(d, /\.(h|cuh)$/).map((f) => statSync(f).mtimeMs)));

function compile(unit) {
  const obj = join(objDir, `${basename(dirname(unit))}_${basename(unit).replace(/\.(cc|cpp|cu)$/, '')}.o`);
  if (existsSync(obj) && statSync(obj).mtimeMs > Math.max(statSync(unit).mtimeMs, headersTime)) return Promise.resolve(obj);
  const flags = [...common, ...(dirname(unit) === join(root, 'binding') ? binding : []), ...(unit.endsWith('.cu') ? ['-x', 'c++'] : [])];
  return new Promise((resolve, reject) => {
    const p = spawn(cxx, [...flags, '-c', unit, '-o', obj], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('close', (status) => (status === 0 ? resolve(obj) : reject(new Error(`${cxx} -c ${unit} failed (${status})`))));
  });
}

mkdirSync(objDir, { recursive: true });
const objects = [];
const queue = [...units];
async function worker() {
  while (queue.length) objects.push(await compile(queue.shift()));
}
try {
  await Promise.all(Array.from({ length: jobs }, worker));
} catch (e) {
  console.error(`build-emulated-addon: ${e.message}`);
  process.exit(1);
}
const addon = join(out, 'cuda_random.node');
const link = spawnSync(cxx, ['-shared', '-pthread', '-o', addon, ...objects.sort()], { cwd: root, stdio: 'inherit' });
if (link.status !== 0) process.exit(1);
console.log(addon);
