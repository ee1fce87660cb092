#!/usr/bin/env node
// Compiles lib/wasm/samplers.cc (C++ with WebAssembly SIMD, plus the shared kernel headers of
// cuda/include it includes) with clang 14 for wasm32 and writes lib/wasm/samplers.wasm.ts, a generated
// TS module holding the binary as base64 together with a SHA-256 of every source file and the build
// flags. The generated file is committed, so neither installing nor CI needs clang.
//
//   node scripts/build-wasm-samplers.mjs               regenerate lib/wasm/samplers.wasm.ts (needs clang)
//   node scripts/build-wasm-samplers.mjs --check       rebuild and exit 1 unless the committed file is
//                                                      exactly what the sources compile to; exit 2 if
//                                                      clang is missing. Writes nothing.
//   node scripts/build-wasm-samplers.mjs --check-hash  no clang: exit 1 unless the SHA-256 recorded in
//                                                      the committed file matches the sources and flags
//                                                      (catches a source edited without regenerating)
//   node scripts/build-wasm-samplers.mjs --sources     list the files hashed (samplers.cc and what it includes)
//   --out PATH     other output (tests)        --root DIR   other source tree (tests)
//
// clang 14 and wasm-ld: `sh scripts/install-wasm-toolchain.sh` installs Debian's clang-14 and lld-14.
//   CLANG=...      the compiler (default clang-14, then clang); wasm-ld must be on its search path.
//
// The bytes depend on the clang version (recorded in the generated file): --check is meaningful with
// the version that produced the committed module (clang 14).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const root = opt('--root', join(dirname(fileURLToPath(import.meta.url)), '..'));
const outPath = opt('--out', join(root, 'lib/wasm/samplers.wasm.ts'));
const mode = args.includes('--check-hash') ? 'hash' : args.includes('--check') ? 'check'
  : args.includes('--sources') ? 'sources' : 'build';

/** The translation unit; every file it includes from the tree is found by includeClosure. */
const MAIN = 'lib/wasm/samplers.cc';
/** The -I directories of FLAGS, in order (a quoted include looks in the includer's own folder first). */
const INCLUDE_DIRS = ['lib/wasm/shim', 'cuda/include'];

/**
 * Every file the module is built from: MAIN and, recursively, each #include that resolves inside the
 * tree as clang resolves it (conditional ones too: hashing more than is compiled is safe). An include
 * found nowhere in the tree is the compiler's own (stdint.h, wasm_simd128.h), covered by its version.
 * Derived, not listed, so that a header a new sampler adds is hashed without an edit here.
 */
export function includeClosure(base = root) {
  const found = new Set([MAIN]);
  const todo = [MAIN];
  while (todo.length) {
    const file = todo.pop();
    for (const m of readFileSync(join(base, file), 'utf8').matchAll(/^\s*#\s*include\s*([<"])([^>"]+)[>"]/gm)) {
      const dirs = m[1] === '"' ? [dirname(file), ...INCLUDE_DIRS] : INCLUDE_DIRS;
      const hit = dirs.map((d) => join(d, m[2])).find((f) => existsSync(join(base, f)));
      if (hit && !found.has(hit)) {
        found.add(hit);
        todo.push(hit);
      }
    }
  }
  return [...found].sort();
}

export const SOURCES = includeClosure();
/**
 * Compiler flags. -ffp-contract=off: no fused multiply-add, the contract of cr_math.h (WebAssembly
 * without relaxed-simd has none anyway). No libc: lib/wasm/shim has the two headers cr_math.h needs.
 */
export const FLAGS = [
  '--target=wasm32', '-std=c++20', '-O2', '-msimd128', '-mbulk-memory', '-ffp-contract=off', '-fno-exceptions', '-fno-rtti',
  '-nostdlib', '-ffreestanding', ...INCLUDE_DIRS.map((d) => `-I${d}`),
  '-Wall', '-Wextra', '-Werror',
  '-Wl,--no-entry', '-Wl,--strip-all',
];

/** SHA-256 over the flags and each source's path and bytes. */
function sourceHash() {
  const h = createHash('sha256');
  h.update(`flags\0${FLAGS.join(' ')}\0`);
  for (const f of SOURCES) {
    h.update(`${f}\0`);
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

const shown = relative(process.cwd(), outPath) || outPath;
const hash = sourceHash();
const REBUILD = 'rebuild it: sh scripts/install-wasm-toolchain.sh (clang-14, lld-14; once), '
  + 'then node scripts/build-wasm-samplers.mjs';

if (mode === 'sources') {
  console.log(SOURCES.join('\n'));
  process.exit(0);
}

if (mode === 'hash') {
  const text = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
  const m = /SAMPLERS_WASM_SOURCE_SHA256 = '([0-9a-f]{64})'/.exec(text);
  if (!m || m[1] !== hash) {
    console.error(`${shown} is stale: the sources or flags changed since it was generated (sha256 ${hash}; ` +
      `sources: node scripts/build-wasm-samplers.mjs --sources); ${REBUILD}`);
    process.exit(1);
  }
  console.log(`${shown} matches its sources (sha256 ${hash.slice(0, 16)}…)`);
  process.exit(0);
}

function findClang() {
  for (const c of [process.env.CLANG, 'clang-14', 'clang'].filter(Boolean)) {
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return { cmd: c, version: r.stdout.split('\n')[0].trim() };
  }
  return null;
}

const clang = findClang();
if (!clang) {
  console.error('clang not found (set CLANG=...): cannot build lib/wasm/samplers.cc; '
    + 'sh scripts/install-wasm-toolchain.sh installs it');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'cr-samplers-'));
let bytes;
try {
  const wasmPath = join(dir, 'samplers.wasm');
  const r = spawnSync(clang.cmd, [...FLAGS, '-o', wasmPath, MAIN], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stderr || r.stdout || `${clang.cmd} failed`);
    process.exit(1);
  }
  bytes = readFileSync(wasmPath);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Base64 in 100-character lines, so that a change of the module shows up as a readable diff.
const lines = bytes.toString('base64').match(/.{1,100}/g) ?? [''];
const text = `// GENERATED by scripts/build-wasm-samplers.mjs from lib/wasm/samplers.cc — do not edit.
// Regenerate with \`node scripts/build-wasm-samplers.mjs\` (clang 14: scripts/install-wasm-toolchain.sh);
// test/wasm-samplers.test.ts fails when the sources no longer match SAMPLERS_WASM_SOURCE_SHA256.
// Compiler: ${clang.version}

/** SHA-256 of the build flags and the source files the module was compiled from. */
export const SAMPLERS_WASM_SOURCE_SHA256 = '${hash}';

/** The compiled sampler module (${bytes.length} bytes), base64. */
export const SAMPLERS_WASM_BASE64 =
${lines.map((l) => `  '${l}'`).join(' +\n')};
`;

if (mode === 'check') {
  const current = existsSync(outPath) ? readFileSync(outPath, 'utf8') : null;
  const strip = (t) => t?.replace(/^\/\/ Compiler: .*$/m, '');
  if (strip(current) !== strip(text)) {
    console.error(`${shown} is stale: it does not match what lib/wasm/samplers.cc compiles to with ${clang.version}; `
      + REBUILD);
    process.exit(1);
  }
  console.log(`${shown} is up to date (${bytes.length} bytes of wasm, ${clang.version})`);
} else {
  writeFileSync(outPath, text);
  console.log(`wrote ${shown} (${bytes.length} bytes of wasm, ${clang.version})`);
}
