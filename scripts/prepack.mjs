#!/usr/bin/env node
// `npm pack` / `npm publish` step: puts the CUDA addon for linux-x64 (glibc), built for every default
// GPU architecture, into prebuilds/linux-x64/ (prebuildify's name, which node-gyp-build loads), with
// its source stamp (scripts/source-stamp.mjs) beside it. Installs of the tarball then use it and
// compile nothing. Reuse before rebuild:
//   1. prebuilds/ already holds an addon of these sources: kept.
//   2. build/Release holds a default-architecture build of these sources (e.g. the one `npm ci` made):
//      stripped into prebuilds/ (what prebuildify --strip does), no compilation.
//   3. else, with nvcc: `npm run prebuildify` (CUDA_RANDOM_ARCHS ignored: a prebuild has them all).
//   4. else: no prebuild is packed (a stale one is removed), with a warning; CUDA_RANDOM_REQUIRE_PREBUILD=1
//      (for releases) makes that an error.
// Only on linux-x64; elsewhere the tarball ships no prebuild and installs build from source.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStamp, sameStamp, sourceStamp } from './source-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const say = (m) => console.error(`prepack: ${m}`);
const dir = join(root, 'prebuilds', 'linux-x64');
const addon = join(dir, 'cuda-random.glibc.node');
const stampFile = join(dir, 'cuda-random.glibc.json');
const want = sourceStamp(root, 'default');

function strip(file) {
  const r = spawnSync('strip', ['--strip-all', file], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`strip ${file} failed (${r.error?.message ?? r.status})`);
}

function main() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    say(`no prebuild for ${process.platform}-${process.arch} (linux-x64 only)`);
    return 0;
  }
  if (existsSync(addon) && sameStamp(readStamp(stampFile), want)) {
    say(`reusing ${join('prebuilds', 'linux-x64', 'cuda-random.glibc.node')} (same sources, every default architecture)`);
    return 0;
  }
  rmSync(dir, { recursive: true, force: true });
  const built = join(root, 'build', 'Release', 'cuda_random.node');
  if (existsSync(built) && sameStamp(readStamp(join(root, 'build', 'Release', 'cuda_random.stamp.json')), want)) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(built, addon);
    strip(addon);
    writeFileSync(stampFile, JSON.stringify(want, null, 2) + '\n');
    say('prebuilds/linux-x64/cuda-random.glibc.node from build/Release (a default-architecture build of the same sources)');
    return 0;
  }
  const nvcc = spawnSync('nvcc', ['--version'], { encoding: 'utf8' });
  if (nvcc.status !== 0 && !process.env.CUDACXX) {
    const msg = 'no nvcc: the package is packed WITHOUT a prebuilt addon (installs with nvcc build from source)';
    if (process.env.CUDA_RANDOM_REQUIRE_PREBUILD === '1') {
      say(`error: ${msg}; CUDA_RANDOM_REQUIRE_PREBUILD=1`);
      return 1;
    }
    say(`warning: ${msg}`);
    return 0;
  }
  say('building the prebuild for every default GPU architecture (npm run prebuildify; minutes)');
  const env = { ...process.env };
  delete env.CUDA_RANDOM_ARCHS;
  const r = spawnSync('npm', ['run', '--silent', 'prebuildify'], { cwd: root, env, stdio: ['ignore', 2, 2] });
  if (r.status !== 0 || !existsSync(addon)) {
    say(`error: prebuildify failed (${r.error?.message ?? `exit ${r.status}`}${existsSync(addon) ? '' : ', no ' + addon})`);
    return 1;
  }
  writeFileSync(stampFile, JSON.stringify(want, null, 2) + '\n');
  return 0;
}

process.exitCode = main();
