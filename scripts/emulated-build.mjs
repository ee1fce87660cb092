// Compiling for the emulated device (cuda/test/emu), shared by build-emulated-addon.mjs and
// emulated-mutants.mjs: the toolchain, the flags, and a parallel compile of units into objects that are
// rebuilt only when their source or any header is newer.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || null;
}

/** g++ and the CUDA headers, or the reason they are missing. */
export function toolchain() {
  const cxx = process.env.CXX || which('g++') || which('c++');
  const nvcc = which('nvcc');
  const cudaInc = [process.env.CUDA_HOME, process.env.CUDA_PATH, nvcc ? dirname(dirname(nvcc)) : null, '/usr/local/cuda']
    .filter(Boolean).map((d) => join(d, 'include')).find((d) => existsSync(join(d, 'cuda_runtime.h')));
  if (!cxx) return { missing: 'a C++ compiler (CXX or g++)' };
  if (!cudaInc) return { missing: 'the CUDA headers (cuda_runtime.h; set CUDA_HOME)' };
  return { cxx, cudaInc };
}

/** Flags of every emulated unit, with `src` as the tree holding cuda/ (the repository, or a mutant's copy). */
export function emulatedFlags(cudaInc, src = root) {
  const emu = join(src, 'cuda', 'test', 'emu');
  return ['-std=c++17', '-O1', '-fPIC', '-fvisibility=hidden', '-Wall', '-Wextra', '-Wundef', '-Wno-unknown-pragmas',
    '-ffp-contract=off', '-pthread', '-DCR_EMULATED', '-DCR_CUDA_ARCHS_STRING="90-emulated"', '-include', join(emu, 'emu.h'),
    '-I', emu, '-I', join(src, 'cuda', 'include'), '-I', join(src, 'cuda', 'src'), '-I', join(src, 'cuda', 'test'),
    '-I', join(src, 'cuda', 'test', 'fake'), '-I', cudaInc];
}

/** Node-API includes and defines of binding/*.cc. */
export function bindingFlags() {
  const require = createRequire(join(root, 'package.json'));
  return ['-DNAPI_VERSION=8', '-DNAPI_CPP_EXCEPTIONS', '-DNODE_ADDON_API_DISABLE_DEPRECATED',
    '-I', require('node-api-headers').include_dir, '-I', dirname(require.resolve('node-addon-api/package.json'))];
}

export const list = (dir, re) => readdirSync(dir).filter((f) => re.test(f)).sort().map((f) => join(dir, f));

/** The newest header under the tree `src` (a unit is rebuilt when it or any header is newer). */
export function newestHeader(src = root) {
  const dirs = ['binding', 'cuda/include', 'cuda/src', 'cuda/test', 'cuda/test/emu', 'cuda/test/fake']
    .map((d) => join(src, d)).filter(existsSync);
  return Math.max(...dirs.flatMap((d) => list(d, /\.(h|cuh)$/).map((f) => statSync(f).mtimeMs)));
}

/** Compiles `units` ([{ file, flags }]) into objDir, `jobs` at a time; resolves with the object paths. */
export async function compileUnits(cxx, units, objDir, jobs, headersTime) {
  mkdirSync(objDir, { recursive: true });
  const objects = new Array(units.length);
  const queue = units.map((u, i) => ({ ...u, i }));
  const one = ({ file, flags, i }) => {
    const obj = join(objDir, `${basename(dirname(file))}_${basename(file).replace(/\.(cc|cpp|cu)$/, '')}.o`);
    objects[i] = obj;
    if (existsSync(obj) && statSync(obj).mtimeMs > Math.max(statSync(file).mtimeMs, headersTime)) return Promise.resolve();
    const lang = file.endsWith('.cu') ? ['-x', 'c++'] : [];
    return new Promise((resolve, reject) => {
      const p = spawn(cxx, [...flags, ...lang, '-c', file, '-o', obj], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
      p.on('close', (s) => (s === 0 ? resolve() : reject(new Error(`${cxx} -c ${file} failed (${s})`))));
    });
  };
  await Promise.all(Array.from({ length: jobs }, async () => {
    while (queue.length) await one(queue.shift());
  }));
  return objects;
}
