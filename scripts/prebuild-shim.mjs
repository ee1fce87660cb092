#!/usr/bin/env node
// prebuildify only knows node-gyp: it runs `<node-gyp> rebuild --target=… --devdir=… --arch=… --release`
// and then takes the first *.node in build/Release. This shim stands in for node-gyp
// (`prebuildify --node-gyp scripts/prebuild-shim.mjs`, see `npm run prebuildify`): it builds the
// addon with cmake-js into build/Release and leaves exactly one .node there. --target and --devdir
// are ignored: the addon uses Node-API (package.json "binary".napi_versions), whose headers come from
// the node-api-headers package, so one build serves every Node version and nothing is downloaded.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args[0] !== 'rebuild' && args[0] !== 'build') {
  console.error(`prebuild-shim: only 'rebuild' is supported (prebuildify's call), got: ${args.join(' ')}`);
  process.exit(2);
}
const debug = args.includes('--debug');
const config = debug ? 'Debug' : 'Release';
const arch = (args.find((a) => a.startsWith('--arch=')) || '').slice(7);
const outDir = join(root, 'build', config);
for (const f of existsSync(outDir) ? readdirSync(outDir) : []) {
  if (f.endsWith('.node')) rmSync(join(outDir, f));
}
const cmakeJs = createRequire(join(root, 'package.json')).resolve('cmake-js/bin/cmake-js');
const cmd = [cmakeJs, 'rebuild', '--out', join(root, 'build'), '-B', config,
  '-p', String(Math.max(1, Math.min(availableParallelism(), 16)))];
if (arch) cmd.push('-a', arch);
console.log(`prebuild-shim: cmake-js ${cmd.slice(1).join(' ')} (CUDA_RANDOM_ARCHS=${process.env.CUDA_RANDOM_ARCHS || 'default'})`);
const r = spawnSync(process.execPath, cmd, { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const built = existsSync(outDir) ? readdirSync(outDir).filter((f) => f.endsWith('.node')) : [];
if (built.length !== 1) {
  console.error(`prebuild-shim: expected one .node in ${outDir}, found ${built.length}`);
  process.exit(1);
}
