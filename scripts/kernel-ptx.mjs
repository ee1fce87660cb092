#!/usr/bin/env node
// Every cuda/src/*.cu compiled to PTX for sm_90 with the CUDA flags CMakeLists.txt gives cr_cuda, into
// build/ptx-guard/ (rebuilt when a source, a header or CMakeLists.txt is newer). Two readers: the FMA guard
// (test/fma-guard.test.ts: no `fma.` in the sampling math) and the emulated device's table of launch bounds
// (cuda/test/emu/launch_bounds.h: each kernel's `.maxntid`, i.e. its __launch_bounds__, which g++ cannot
// carry from a kernel's declaration to its launches; docs/testing.md, "The emulated device").
//
//   node scripts/kernel-ptx.mjs --write-bounds   # regenerates cuda/test/emu/launch_bounds.h
//   node scripts/kernel-ptx.mjs                  # prints the table
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'cuda', 'src');
export const ptxDir = join(root, 'build', 'ptx-guard');
export const boundsHeader = join(root, 'cuda', 'test', 'emu', 'launch_bounds.h');
export const nvcc = spawnSync('sh', ['-c', 'command -v nvcc'], { encoding: 'utf8' }).stdout.trim() || null;

/** The nvcc flags of cr_cuda's CUDA compile options in CMakeLists.txt (the -Xcompiler ones aside). */
export function cudaFlags(cmake = readFileSync(join(root, 'CMakeLists.txt'), 'utf8')) {
  const block = /target_compile_options\(cr_cuda PRIVATE([\s\S]*?)\)\n/.exec(cmake);
  if (!block) throw new Error('CMakeLists.txt: no target_compile_options(cr_cuda PRIVATE …)');
  const cuda = /\$<\$<COMPILE_LANGUAGE:CUDA>:([^>]*)>/.exec(block[1]);
  if (!cuda) throw new Error('CMakeLists.txt: cr_cuda has no CUDA compile options');
  return cuda[1].split(/\s+/).filter((f) => f.startsWith('-') && !f.startsWith('-Xcompiler'));
}

const newest = (dir) => Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));

function compile(file, flags, out) {
  return new Promise((resolve) => {
    const p = spawn(nvcc, ['-ptx', '-arch=sm_90', '-std=c++17', '-O3', ...flags, '-I', join(root, 'cuda', 'include'),
      '-I', src, join(src, file), '-o', out], { cwd: root });
    let stderr = '';
    p.stderr.on('data', (c) => { stderr += c; });
    p.on('close', (status) => resolve({ file, status, stderr }));
  });
}

/** Compiles the stale ones (two at a time: CI has two cores); resolves with [{ file, ptx }] or throws. */
export async function compilePtx() {
  const flags = cudaFlags();
  mkdirSync(ptxDir, { recursive: true });
  const stamp = Math.max(newest(src), newest(join(root, 'cuda', 'include')), statSync(join(root, 'CMakeLists.txt')).mtimeMs);
  const files = readdirSync(src).filter((f) => f.endsWith('.cu')).sort();
  const out = (f) => join(ptxDir, f.replace(/\.cu$/, '.ptx'));
  for (let i = 0; i < files.length; i += 2) {
    const results = await Promise.all(files.slice(i, i + 2)
      .filter((f) => !(existsSync(out(f)) && statSync(out(f)).mtimeMs > stamp)).map((f) => compile(f, flags, out(f))));
    const bad = results.find((r) => r.status !== 0);
    if (bad) throw new Error(`nvcc -ptx ${bad.file} failed:\n${bad.stderr}`);
  }
  return files.map((file) => ({ file, ptx: readFileSync(out(file), 'utf8') }));
}

/** `k_check` of `void (anonymous namespace)::k_check<float>(float const*, unsigned int)`: the last name at
 *  nesting depth 0, without its template arguments (the emulator knows a kernel by the name a launch spells). */
export function baseName(demangled) {
  let depth = 0;
  let seg = '';
  const segs = [];
  const s = demangled.replace(/^void /, '').replace(/\((?:[^()]|\([^()]*\))*\)$/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    else if (depth === 0 && c === ':' && s[i + 1] === ':') { segs.push(seg); seg = ''; i++; continue; }
    if (depth === 0 && c !== '>' && c !== ')') seg += c;
  }
  return { name: seg.trim(), namespaces: segs.map((x) => x.trim()) };
}

/** Every project kernel (CUB's and Thrust's aside: the emulator has stand-ins) with its bound (0: none). */
export function kernelBounds(ptxs) {
  const entries = [];
  for (const { file, ptx } of ptxs) {
    for (const m of ptx.matchAll(/^\.(?:visible |weak )?\.?entry (\S+)\(([\s\S]*?)^\{/gm)) {
      const nt = /^\.maxntid (\d+), (\d+), (\d+)/m.exec(m[2]);
      entries.push({ file, mangled: m[1], bound: nt ? +nt[1] * +nt[2] * +nt[3] : 0 });
    }
  }
  const names = spawnSync('c++filt', { input: entries.map((e) => e.mangled).join('\n'), encoding: 'utf8' }).stdout.split('\n');
  const byName = new Map();
  entries.forEach((e, i) => {
    const { name, namespaces } = baseName(names[i] || e.mangled);
    if (namespaces[0] === 'cub' || namespaces[0] === 'thrust') return;
    const seen = byName.get(name);
    if (seen && seen.bound !== e.bound) {
      throw new Error(`kernels named ${name} have different bounds (${seen.files} ${seen.bound}, ${e.file} ${e.bound}); ` +
        'the emulated device knows a kernel by its name: rename one');
    }
    if (seen) seen.files.add(e.file);
    else byName.set(name, { name, bound: e.bound, files: new Set([e.file]) });
  });
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** cuda/test/emu/launch_bounds.h's text for these kernels. */
export function boundsText(kernels) {
  return ['// Generated by `node scripts/kernel-ptx.mjs --write-bounds` from the .maxntid of each kernel in the PTX of',
    '// cuda/src/*.cu (nvcc, sm_90): its __launch_bounds__, 0 for none. Included by emu.cpp; do not edit.',
    '// test/fma-guard.test.ts fails when it differs from the PTX.',
    ...kernels.map((k) => `{"${k.name}", ${k.bound}},  // ${[...k.files].sort().join(' ')}`), ''].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!nvcc) {
    console.error('kernel-ptx: needs nvcc');
    process.exit(2);
  }
  const text = boundsText(kernelBounds(await compilePtx()));
  if (process.argv.includes('--write-bounds')) writeFileSync(boundsHeader, text);
  else process.stdout.write(text);
}
