/**
 * Compiles every cuda/test/*.cpp for the host (g++ -ffp-contract=off, the shared headers of
 * cuda/include) and runs it from the repository root: the CUDA kernels' math and index arithmetic,
 * and the runtime's host code (cuda/src/*.cpp) against the stand-in CUDA runtime of cuda/test/fake,
 * checked on the CPU. A program passes when it exits 0. Skipped, with the reason, where there is no
 * C++ compiler (CXX or g++), or, for programs that need them, no CUDA headers.
 *
 * A program declares what else it needs in comment lines at its top:
 *   // host-test: sources a.cpp b.cpp     more translation units (paths from the repository root)
 *   // host-test: cuda-headers            needs cuda_runtime.h (the CUDA toolkit's include directory)
 *   // host-test: flags -pthread          extra compiler/linker flags
 *   // host-test: emulated                the emulated device (cuda/test/emu): every unit built with
 *                                          -DCR_EMULATED and emu.h force-included; .cu sources compile as C++
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { basename, dirname, join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const testDir = join(root, 'cuda', 'test');
const outDir = join(root, 'build', 'host-tests');
const programs = readdirSync(testDir).filter((f) => f.endsWith('.cpp')).sort();

function compiler(): string | null {
  for (const c of [process.env.CXX, 'g++', 'c++'].filter((x): x is string => !!x)) {
    if (spawnSync(c, ['--version'], { stdio: 'ignore' }).status === 0) return c;
  }
  return null;
}

/** The directory holding cuda_runtime.h: CUDA_HOME / CUDA_PATH, nvcc's toolkit, /usr/local/cuda. */
function cudaInclude(): string | null {
  const nvcc = spawnSync('sh', ['-c', 'command -v nvcc'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [process.env.CUDA_HOME, process.env.CUDA_PATH, nvcc ? dirname(dirname(nvcc)) : undefined,
    '/usr/local/cuda'].filter((x): x is string => !!x).map((d) => join(d, 'include'));
  candidates.push('/usr/include');
  return candidates.find((d) => existsSync(join(d, 'cuda_runtime.h'))) ?? null;
}

interface Directives { sources: string[]; cudaHeaders: boolean; flags: string[]; emulated: boolean }

function directives(file: string): Directives {
  const d: Directives = { sources: [], cudaHeaders: false, flags: [], emulated: false };
  for (const line of readFileSync(join(testDir, file), 'utf8').split('\n')) {
    const m = /^\/\/ host-test: (\S+)\s*(.*)$/.exec(line);
    if (!m) continue;
    const words = m[2].split(/\s+/).filter(Boolean);
    if (m[1] === 'sources') d.sources.push(...words);
    else if (m[1] === 'cuda-headers') d.cudaHeaders = true;
    else if (m[1] === 'flags') d.flags.push(...words);
    else if (m[1] === 'emulated') d.emulated = true;
    else throw new Error(`${file}: unknown directive 'host-test: ${m[1]}'`);
  }
  return d;
}

/** Runs a compiler; resolves with its status and stderr (several at once use both cores). */
function run(cmd: string, args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd: root });
    let stderr = '';
    p.stderr.on('data', (c) => { stderr += c; });
    p.on('close', (status) => resolve({ status, stderr }));
  });
}

const cxx = compiler();
const cudaInc = cudaInclude();
if (!cxx) console.warn('cuda/test host programs skipped: no C++ compiler (set CXX or install g++)');
if (cxx && !cudaInc) console.warn('cuda/test programs that need CUDA headers skipped: no cuda_runtime.h (set CUDA_HOME)');

/** Objects of cuda/src compiled for the runtime program (for the process-lifetime check below). */
const runtimeObjects: string[] = [];

describe.skipIf(!cxx)('CUDA headers and runtime on the host (cuda/test/*.cpp)', () => {
  it('finds the host test programs', () => {
    expect(programs).toContain('test_host.cpp');
    expect(programs).toContain('test_runtime.cpp');
  });

  for (const file of programs) {
    const d = directives(file);
    it.skipIf(d.cudaHeaders && !cudaInc)(`${file} compiles with -ffp-contract=off and passes`, async () => {
      const name = file.replace(/\.cpp$/, '');
      const objDir = join(outDir, 'obj', name);
      mkdirSync(objDir, { recursive: true });
      const includes = ['-I', join(root, 'cuda', 'include'), '-I', testDir];
      if (d.sources.length) includes.push('-I', join(root, 'cuda', 'src'), '-I', join(testDir, 'fake'));
      // The emulated device's cub/ and thrust/ stand-ins must come before the toolkit's.
      if (d.emulated) {
        includes.push('-I', join(testDir, 'emu'), '-DCR_EMULATED', '-Wno-unknown-pragmas', '-include', join(testDir, 'emu', 'emu.h'));
      }
      if (d.cudaHeaders) includes.push('-I', cudaInc!);
      const base = ['-std=c++17', '-O2', '-Wall', '-Wextra', '-Wundef', '-ffp-contract=off', ...d.flags, ...includes];
      // Each translation unit to an object (two compilers at a time), then one link.
      const units = [join(testDir, file), ...d.sources.map((s) => join(root, s))];
      // The emulated programs build the same sources with the same flags: they share those objects.
      const sharedDir = join(outDir, 'obj', 'emulated-shared');
      if (d.emulated) mkdirSync(sharedDir, { recursive: true });
      const objects = units.map((u, i) => join(d.emulated && i > 0 ? sharedDir : objDir,
        `${basename(dirname(u))}_${basename(u).replace(/\.(cpp|cu)$/, '')}.o`));
      for (let i = 0; i < units.length; i += 2) {
        const batch = units.slice(i, i + 2).map((u, k) => {
          const o = objects[i + k];
          const fresh = existsSync(o) && statSync(o).mtimeMs > Math.max(statSync(u).mtimeMs, newestHeader());
          const lang = u.endsWith('.cu') ? ['-x', 'c++'] : [];
          return fresh ? Promise.resolve({ status: 0, stderr: '' }) : run(cxx!, [...base, ...lang, '-c', u, '-o', o]);
        });
        for (const [k, r] of (await Promise.all(batch)).entries()) {
          expect(r.status, `${cxx} ${base.join(' ')} -c ${units[i + k]}\n${r.stderr}`).toBe(0);
        }
      }
      const exe = join(outDir, name);
      const link = spawnSync(cxx!, [...objects, ...d.flags, '-o', exe, '-lm'], { cwd: root, encoding: 'utf8' });
      expect(link.status, `link ${exe}\n${link.stderr}`).toBe(0);
      if (name === 'test_runtime') runtimeObjects.push(...objects.filter((o) => /[/\\]src_[^/\\]+\.o$/.test(o)));
      // The emulated device runs every CUDA thread as a fiber: minutes, not seconds.
      const r = spawnSync(exe, [], { cwd: root, encoding: 'utf8', timeout: d.emulated ? 600_000 : 240_000 });
      expect(r.status, `${file} failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
    }, d.emulated ? 900_000 : 240_000);
  }

  // process.exit() runs static destructors while libuv threads may still be inside a call; the
  // runtime's state must outlive them (cuda/src/cr_runtime.h). A namespace-scope or function-local
  // static with a destructor registers it through __cxa_atexit: none may.
  it.skipIf(!cudaInc)('cuda/src keeps no static object with a destructor (process-lifetime state)', () => {
    expect(runtimeObjects.length, 'test_runtime.cpp must be built first').toBeGreaterThan(5);
    const nm = spawnSync('nm', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!nm) return;
    for (const o of runtimeObjects) {
      const syms = execFileSync('nm', ['-u', o], { encoding: 'utf8' });
      expect(syms.includes('__cxa_atexit'), `${basename(o)} registers a static destructor`).toBe(false);
    }
  });
});

/** The newest mtime of the headers a host program may include (objects older than it are rebuilt). */
function newestHeader(): number {
  let t = 0;
  for (const dir of [join(root, 'cuda', 'include'), join(root, 'cuda', 'src'), testDir, join(testDir, 'fake'), join(testDir, 'emu')]) {
    for (const f of readdirSync(dir)) if (/\.(h|cuh)$/.test(f)) t = Math.max(t, statSync(join(dir, f)).mtimeMs);
  }
  return t;
}

describe('test/vectors/philox_stream.json', () => {
  it('is what the TypeScript backend computes now (scripts/gen-vectors.mjs --check)', () => {
    const out = execFileSync(process.execPath, [join(root, 'scripts', 'gen-vectors.mjs'), '--check'], {
      cwd: root, encoding: 'utf8',
    });
    expect(out).toMatch(/is current/);
  });
});
