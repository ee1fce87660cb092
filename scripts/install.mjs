#!/usr/bin/env node
// npm `install` hook of cuda-random. Plain JavaScript (dist/ may not exist yet), and it never fails
// the install: every outcome is one line, and the package works without the addon (CPU backend).
//
//   1. An addon that loads (build/Release first, then prebuilds/<platform>-<arch>/, which `npm pack`
//      fills for linux-x64) is used: nothing is compiled.
//   2. Else (or when asked: `npm install --build-from-source`, CUDA_RANDOM_BUILD_FROM_SOURCE=1), if nvcc is found (CUDACXX, PATH, CUDA_HOME/CUDA_PATH), the addon is built from source
//      with cmake-js when installed, otherwise with plain cmake; the output goes to
//      build/install-build.log and one line reports the result.
//   3. Else one line says the CPU backend will be used, and why.
// A source build in an installed package (under node_modules) keeps only the addon and its source
// stamp (scripts/source-stamp.mjs): the ~40 MB of objects in build/ are removed; a clone keeps them
// for incremental rebuilds.
//
// Options (environment): CUDA_RANDOM_SKIP_BUILD=1 skips 2 (not when asked); CUDA_RANDOM_ARCHS sets the GPU
// architectures of a source build (docs/building.md). `node scripts/install.mjs --force` rebuilds
// even when an addon loads (npm run build:native); `--verbose` shows the build output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceStamp } from './source-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const force = process.argv.includes('--force');
// npm sets npm_config_build_from_source for `npm install --build-from-source` (the prebuild convention)
const asked = force ? '--force' : process.env.npm_config_build_from_source === 'true' ? '--build-from-source'
  : process.env.CUDA_RANDOM_BUILD_FROM_SOURCE === '1' ? 'CUDA_RANDOM_BUILD_FROM_SOURCE=1' : null;
const installed = root.split(sep).includes('node_modules');
const verbose = process.argv.includes('--verbose');
const say = (msg) => console.log(`cuda-random: ${msg}`);
/**
 * Says `msg` where a person sees it at once. npm (7+) holds a dependency's install-script output until the
 * script ends, and shows it only on failure: so a source build of minutes would run silently. The
 * terminal npm runs in is written directly when there is one (nothing is written without a terminal,
 * e.g. in CI), besides a line on stderr.
 */
function announce(msg) {
  // stderr, not the one stdout line that reports the outcome (scripts/pack-test.sh holds it to one)
  console.error(`cuda-random (building): ${msg}`);
  if (process.env.npm_lifecycle_event === undefined) return;
  try {
    const fd = openSync('/dev/tty', 'w');
    writeSync(fd, `\ncuda-random: ${msg}\n`);
    closeSync(fd);
  } catch {
    // no controlling terminal: the line above is all
  }
}
const cpuFallback = 'the CPU (TypeScript) backend will be used';
const rel = (p) => p.startsWith(root) ? p.slice(root.length + 1) : p;

function tryLoad() {
  try {
    const gyp = require('node-gyp-build');
    const file = gyp.resolve(root);
    require(file);
    return { file, error: null };
  } catch (e) {
    return { file: null, error: String(e && e.message ? e.message : e).split('\n')[0] };
  }
}

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function findNvcc() {
  if (process.env.CUDACXX) return isFile(process.env.CUDACXX) ? process.env.CUDACXX : null;
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (dir && isFile(join(dir, 'nvcc'))) return join(dir, 'nvcc');
  }
  for (const v of ['CUDA_HOME', 'CUDA_PATH']) {
    const p = process.env[v] && join(process.env[v], 'bin', 'nvcc');
    if (p && isFile(p)) return p;
  }
  return null;
}

function cmakeVersion() {
  const r = spawnSync('cmake', ['--version'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const m = /cmake version (\d+)\.(\d+)/.exec(r.stdout);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function resolveOptional(id) {
  try {
    return require.resolve(id);
  } catch {
    return null;
  }
}

/** Removes what a source build leaves besides the addon (and, after a failure, besides the log). */
function cleanBuild(buildDir, ok) {
  if (!installed) return;
  const keep = ok ? new Set(['Release']) : new Set(['install-build.log']);
  for (const f of readdirSync(buildDir)) if (!keep.has(f)) rmSync(join(buildDir, f), { recursive: true, force: true });
  if (!ok) return;
  const rel = join(buildDir, 'Release');
  for (const f of readdirSync(rel)) {
    if (f !== 'cuda_random.node' && f !== 'cuda_random.stamp.json') rmSync(join(rel, f), { recursive: true, force: true });
  }
}

function main() {
  let why = asked ? `asked: ${asked}` : null;
  if (!asked) {
    const loaded = tryLoad();
    if (loaded.file) {
      say(`using the ${loaded.file.includes(`${sep}prebuilds${sep}`) ? 'prebuilt' : 'native'} addon ${rel(loaded.file)} (backend() reports whether CUDA is usable)`);
      return;
    }
    why = /No native build was found/.test(loaded.error) ? `no prebuild for ${process.platform}-${process.arch}` : `the prebuilt addon does not load: ${loaded.error}`;
  }
  if (process.env.CUDA_RANDOM_SKIP_BUILD === '1' && !asked) {
    say(`${why} and CUDA_RANDOM_SKIP_BUILD=1: ${cpuFallback}`);
    return;
  }
  const nvcc = findNvcc();
  if (!nvcc) {
    say(`${why} and no CUDA toolkit (nvcc on PATH, CUDACXX or CUDA_HOME): ${cpuFallback}`);
    return;
  }
  const cm = cmakeVersion();
  if (!cm || cm[0] < 3 || (cm[0] === 3 && cm[1] < 18)) {
    say(`nvcc found (${nvcc}) but no cmake >= 3.18 to build the addon: ${cpuFallback}`);
    return;
  }

  const buildDir = join(root, 'build');
  announce(`${why}: building the CUDA addon from source with ${nvcc}, which takes minutes (about 2 on 2 cores ` +
    `for every default GPU architecture; CUDA_RANDOM_ARCHS=89-real builds one, docs/building.md). To skip it: ` +
    `CUDA_RANDOM_SKIP_BUILD=1 or npm install --ignore-scripts (the CPU backend then runs, with the same values)`);
  mkdirSync(buildDir, { recursive: true });
  const logFile = join(buildDir, 'install-build.log');
  const log = verbose ? 'inherit' : openSync(logFile, 'w');
  const env = { ...process.env, CUDACXX: nvcc };
  const jobs = String(Math.max(1, Math.min(availableParallelism(), 16)));
  const started = Date.now();
  const cmakeJs = resolveOptional('cmake-js/bin/cmake-js');
  const how = cmakeJs ? 'cmake-js' : 'cmake';
  // a stale configuration (other generator or toolkit) must not break the build
  rmSync(join(buildDir, 'CMakeCache.txt'), { force: true });
  for (const f of existsSync(join(buildDir, 'Release')) ? readdirSync(join(buildDir, 'Release')) : []) {
    if (f.endsWith('.node')) rmSync(join(buildDir, 'Release', f), { force: true });
  }
  const steps = cmakeJs
    ? [[process.execPath, [cmakeJs, 'build', '--out', buildDir, '-p', jobs, '-l', 'warn']]]
    : [
        ['cmake', ['-S', root, '-B', buildDir, '-DCMAKE_BUILD_TYPE=Release', `-DCR_NODE=${process.execPath}`,
          `-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=${join(buildDir, 'Release')}`]],
        ['cmake', ['--build', buildDir, '--parallel', jobs]],
      ];
  let failed = null;
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', log, log] });
    if (r.status !== 0) {
      failed = r.error ? r.error.message : `${cmd === process.execPath ? 'cmake-js' : cmd} exited with ${r.status ?? r.signal}`;
      break;
    }
  }
  if (typeof log === 'number') closeSync(log);
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  if (failed) {
    let last = '';
    try {
      // the first compiler or CMake error says the most
      last = readFileSync(logFile, 'utf8').split('\n')
        .filter((l) => /\berror\b|CMake Error/i.test(l) && !/OMG|build stopped/.test(l))[0] || '';
    } catch {
      // no log
    }
    cleanBuild(buildDir, false);
    say(`warning: building the CUDA addon failed (${failed}${last ? `; ${last.trim().slice(0, 200)}` : ''}); ` +
      `full log: ${rel(logFile)}; ${cpuFallback}`);
    return;
  }
  const builtNode = join(buildDir, 'Release', 'cuda_random.node');
  if (existsSync(builtNode)) writeFileSync(join(buildDir, 'Release', 'cuda_random.stamp.json'), JSON.stringify(sourceStamp(root)) + '\n');
  cleanBuild(buildDir, true);
  const loaded = tryLoad();
  if (!loaded.file) {
    say(`warning: the CUDA addon was built but does not load (${loaded.error}); ${cpuFallback}`);
    return;
  }
  const archs = process.env.CUDA_RANDOM_ARCHS ? `, archs ${process.env.CUDA_RANDOM_ARCHS}` : '';
  say(`built the CUDA addon from source (${why}) with ${how} and ${nvcc} in ${secs} s${archs}: ${rel(loaded.file)}`);
}

try {
  main();
} catch (e) {
  say(`warning: the install step failed unexpectedly (${e && e.message ? e.message : e}); ${cpuFallback}`);
}
process.exitCode = 0;
