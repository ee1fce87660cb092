#!/usr/bin/env node
// Resource use of every kernel on sm_90 without a GPU (issue 28, "Resource use"): each cuda/src/*.cu
// compiled to a cubin with the CUDA flags CMakeLists.txt gives cr_cuda and `-Xptxas -v`; per kernel the
// registers, the stack frame (local memory) and the spill stores and loads, demangled and grouped.
//   node scripts/ptxas-resources.mjs [--markdown] [--check]
// --check fails when a kernel spills registers (spill stores or loads above 0) unless ALLOWED names it
// with its reason: a spill in a sampling kernel is a silent slowdown that only this output shows.
// docs/performance.md ("Registers and local memory on sm_90") keeps the table; test/ptxas.test.ts checks.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'cuda', 'src');
const out = join(root, 'build', 'ptxas');
const nvcc = spawnSync('sh', ['-c', 'command -v nvcc'], { encoding: 'utf8' }).stdout.trim();
if (!nvcc) {
  console.log('ptxas-resources: skipped (no nvcc)');
  process.exit(0);
}
const cmake = readFileSync(join(root, 'CMakeLists.txt'), 'utf8');
const block = /target_compile_options\(cr_cuda PRIVATE([\s\S]*?)\)\n/.exec(cmake);
const cudaOpts = block && /\$<\$<COMPILE_LANGUAGE:CUDA>:([^>]*)>/.exec(block[1]);
if (!cudaOpts) throw new Error('CMakeLists.txt: no CUDA compile options for cr_cuda');
const flags = cudaOpts[1].split(/\s+/).filter((f) => f.startsWith('-') && !f.startsWith('-Xcompiler'));
mkdirSync(out, { recursive: true });

/** Kernels allowed to spill, and why: single-block control steps of the alias build, run once per table. */
const ALLOWED = [
  [/^\(anonymous namespace\)::k_(select_choose|stats|rescale)$/, 'one block of kCtl threads once per alias table build (alias_fixed.cu)'],
];

function compile(file) {
  return new Promise((resolve) => {
    const p = spawn(nvcc, ['-cubin', '-arch=sm_90', '-std=c++17', '-O3', ...flags, '-Xptxas', '-v', '-I', join(root, 'cuda', 'include'),
      '-I', src, join(src, file), '-o', join(out, file.replace(/\.cu$/, '.cubin'))], { cwd: root });
    let text = '';
    p.stderr.on('data', (c) => { text += c; });
    p.stdout.on('data', (c) => { text += c; });
    p.on('close', (status) => resolve({ file, status, text }));
  });
}

const files = readdirSync(src).filter((f) => f.endsWith('.cu')).sort();
const results = [];
for (let i = 0; i < files.length; i += 2) results.push(...await Promise.all(files.slice(i, i + 2).map(compile)));
const rows = [];
for (const { file, status, text } of results) {
  if (status !== 0) {
    console.error(`nvcc -cubin ${file} failed:\n${text}`);
    process.exit(1);
  }
  let cur = null;
  for (const line of text.split('\n')) {
    let m;
    if ((m = /Compiling entry function '([^']+)'/.exec(line))) cur = { file, mangled: m[1] };
    else if (cur && (m = /(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads/.exec(line))) {
      Object.assign(cur, { stack: +m[1], spillStores: +m[2], spillLoads: +m[3] });
    } else if (cur && (m = /Used (\d+) registers/.exec(line))) {
      cur.registers = +m[1];
      rows.push(cur);
      cur = null;
    }
  }
}
const names = spawnSync('c++filt', { input: rows.map((r) => r.mangled).join('\n'), encoding: 'utf8' }).stdout?.split('\n') ?? [];
// k_items<(anonymous namespace)::ThreadWork<…>>: strip the parameter list and the return type
rows.forEach((r, i) => { r.name = (names[i] || r.mangled).replace(/\((?:[^()]|\([^()]*\))*\)$/, '').replace(/^void /, ''); });
rows.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
const md = process.argv.includes('--markdown');
if (md) {
  console.log('| file | kernel | registers | stack frame (bytes) | spill stores / loads (bytes) |');
  console.log('| --- | --- | ---: | ---: | ---: |');
}
for (const r of rows) {
  if (md) console.log(`| ${r.file} | \`${r.name}\` | ${r.registers} | ${r.stack} | ${r.spillStores} / ${r.spillLoads} |`);
  else console.log(`${r.file.padEnd(20)} regs ${String(r.registers).padStart(3)}  stack ${String(r.stack).padStart(4)}  spill ${r.spillStores}/${r.spillLoads}  ${r.name}`);
}
const allowed = (r) => ALLOWED.find(([re]) => re.test(r.name));
const spilling = rows.filter((r) => (r.spillStores > 0 || r.spillLoads > 0) && !allowed(r));
console.log(`ptxas-resources: ${rows.length} kernels, ${rows.filter((r) => r.stack > 0).length} with a stack frame, ` +
  `${rows.filter(allowed).length} allowed to spill, ${spilling.length} other spilling`);
if (process.argv.includes('--check') && spilling.length) {
  for (const r of spilling) console.log(`SPILL ${r.file} ${r.name}: ${r.spillStores} / ${r.spillLoads} bytes`);
  process.exit(1);
}
