/**
 * The FMA contract without a GPU: every kernel file compiles to PTX, with the CUDA flags CMakeLists.txt
 * gives cr_cuda, and no `fma.` instruction appears. The sampling math must round each + − × ÷ as the
 * TypeScript specification does; nvcc contracts a*b+c into one fused, once-rounded operation unless
 * told not to (-fmad=false), which changes last bits. Dropping the flag gives thousands of fma (it was
 * tried: map_kernels.cu alone has 3,691), so the guard can fail. Skipped where there is no nvcc.
 */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'cuda', 'src');
const outDir = join(root, 'build', 'ptx-guard');
const nvcc = spawnSync('sh', ['-c', 'command -v nvcc'], { encoding: 'utf8' }).stdout.trim() || null;

/** The nvcc flags of cr_cuda's CUDA compile options in CMakeLists.txt (the -Xcompiler ones aside). */
function cudaFlags(cmake: string): string[] {
  const block = /target_compile_options\(cr_cuda PRIVATE([\s\S]*?)\)\n/.exec(cmake);
  if (!block) throw new Error('CMakeLists.txt: no target_compile_options(cr_cuda PRIVATE …)');
  const cuda = /\$<\$<COMPILE_LANGUAGE:CUDA>:([^>]*)>/.exec(block[1]);
  if (!cuda) throw new Error('CMakeLists.txt: cr_cuda has no CUDA compile options');
  return cuda[1].split(/\s+/).filter((f) => f.startsWith('-') && !f.startsWith('-Xcompiler'));
}

function newest(dir: string): number {
  return Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));
}

function compile(file: string, flags: string[], out: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(nvcc!, ['-ptx', '-arch=sm_90', '-std=c++17', '-O3', ...flags, '-I', join(root, 'cuda', 'include'),
      '-I', src, join(src, file), '-o', out], { cwd: root });
    let stderr = '';
    p.stderr.on('data', (c) => { stderr += c; });
    p.on('close', (status) => resolve({ status, stderr }));
  });
}

describe.skipIf(!nvcc)('no FMA in the kernels (nvcc -ptx with the build\'s flags)', () => {
  it('CMakeLists.txt gives cr_cuda -fmad=false', () => {
    expect(cudaFlags(readFileSync(join(root, 'CMakeLists.txt'), 'utf8'))).toContain('-fmad=false');
  });

  it('every cuda/src/*.cu compiles to PTX without a single fma. instruction', async () => {
    const flags = cudaFlags(readFileSync(join(root, 'CMakeLists.txt'), 'utf8'));
    mkdirSync(outDir, { recursive: true });
    const stamp = Math.max(newest(src), newest(join(root, 'cuda', 'include')), statSync(join(root, 'CMakeLists.txt')).mtimeMs);
    const files = readdirSync(src).filter((f) => f.endsWith('.cu')).sort();
    expect(files.length).toBeGreaterThan(10);
    for (let i = 0; i < files.length; i += 2) {  // two compilers at a time (the CI machine has two cores)
      await Promise.all(files.slice(i, i + 2).map(async (f) => {
        const out = join(outDir, f.replace(/\.cu$/, '.ptx'));
        if (existsSync(out) && statSync(out).mtimeMs > stamp) return;
        const r = await compile(f, flags, out);
        expect(r.status, `nvcc -ptx ${f}\n${r.stderr}`).toBe(0);
      }));
    }
    for (const f of files) {
      const ptx = readFileSync(join(outDir, f.replace(/\.cu$/, '.ptx')), 'utf8');
      const fma = ptx.split('\n').filter((l) => /\bfma\./.test(l));
      expect(fma, `${f}: ${fma.length} fma instructions, e.g. ${fma[0]?.trim()}`).toEqual([]);
    }
  }, 900_000);
});
