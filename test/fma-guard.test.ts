/**
 * The FMA contract without a GPU: every kernel file compiles to PTX, with the CUDA flags CMakeLists.txt
 * gives cr_cuda, and no `fma.` instruction appears. The sampling math must round each + − × ÷ as the
 * TypeScript specification does; nvcc contracts a*b+c into one fused, once-rounded operation unless
 * told not to (-fmad=false), which changes last bits. Dropping the flag gives thousands of fma (it was
 * tried: map_kernels.cu alone has 3,691), so the guard can fail. The same PTX (scripts/kernel-ptx.mjs) holds
 * each kernel's .maxntid, which the emulated device's table of launch bounds must equal. Skipped where
 * there is no nvcc.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { boundsHeader, boundsText, compilePtx, cudaFlags, kernelBounds, nvcc } from '../scripts/kernel-ptx.mjs';

describe.skipIf(!nvcc)('no FMA in the kernels (nvcc -ptx with the build\'s flags)', () => {
  it('CMakeLists.txt gives cr_cuda -fmad=false', () => {
    expect(cudaFlags()).toContain('-fmad=false');
  });

  it('every cuda/src/*.cu compiles to PTX without a single fma. instruction', async () => {
    const ptxs = await compilePtx();
    expect(ptxs.length).toBeGreaterThan(10);
    for (const { file, ptx } of ptxs) {
      const fma = ptx.split('\n').filter((l) => /\bfma\./.test(l));
      expect(fma, `${file}: ${fma.length} fma instructions, e.g. ${fma[0]?.trim()}`).toEqual([]);
    }
  }, 900_000);

  // The emulated device checks launches against each kernel's __launch_bounds__ from this table
  // (cuda/test/emu/emu.cpp): a bound changed in the source must change it too.
  it('cuda/test/emu/launch_bounds.h has every kernel with its .maxntid', async () => {
    const kernels = kernelBounds(await compilePtx());
    expect(kernels.length).toBeGreaterThan(20);
    expect(kernels.find((k) => k.name === 'k_items')?.bound).toBe(256);
    expect(readFileSync(boundsHeader, 'utf8'), 'regenerate it: node scripts/kernel-ptx.mjs --write-bounds')
      .toBe(boundsText(kernels));
  }, 900_000);
});
