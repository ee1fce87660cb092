/**
 * Student's t and F, made from other samplers' elements (docs/streams.md, "Ratios of the normal and gamma
 * streams"): no stream of their own.
 *   studentT element e = z_e·sqrt(h/G_e), z_e Box–Muller element e (mean 0, std 1, the dtype's stream),
 *     G_e gamma element e of shape h = df/2 (the dtype's proposal layout);
 *   f element e = (G_2e/G_2e+1)·(dfd/dfn), gamma elements 2e (shape dfn/2) and 2e + 1 (shape dfd/2) —
 *     the pair beta(key) uses.
 * Binary64 throughout; float32 values are rounded once. C++ twins: cuda/include/cr_gamma.h
 * (cr_student_t_element, cr_f_element).
 */
import { boxMuller } from './normal.js';
import { gammaKernel } from './gamma.js';

const PIECE = 2048;
const TWO_P32 = 4294967296;

const scratch = { z: new Float64Array(PIECE), g: new Float64Array(2 * PIECE), alphas: new Float64Array(2 * PIECE) };

/** studentT elements for half degrees of freedom h = df/2, or per element hs[i] (the gamma shapes). */
export function studentTKernel(
  k0: number, k1: number, lo: number, hi: number, h: number, hs: Float32Array | Float64Array | undefined,
  proposals: number, wide: boolean, out: Float32Array | Float64Array,
): void {
  const n = out.length;
  for (let s = 0; s < n; s += PIECE) {
    const m = Math.min(PIECE, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    const z = scratch.z.subarray(0, m), g = scratch.g.subarray(0, m);
    boxMuller(k0, k1, eLo, eHi, 0, 1, wide, z);
    if (hs === undefined) {
      gammaKernel(k0, k1, eLo, eHi, h, undefined, 1, proposals, wide, g);
      for (let i = 0; i < m; i++) out[s + i] = z[i] * Math.sqrt(h / g[i]);
    } else {
      const hm = hs.subarray(s, s + m);
      gammaKernel(k0, k1, eLo, eHi, 0, hm, 1, proposals, wide, g);
      for (let i = 0; i < m; i++) out[s + i] = z[i] * Math.sqrt(hm[i] / g[i]);
    }
  }
}

export function fKernel(
  k0: number, k1: number, lo: number, hi: number, dfn: number, dfd: number, proposals: number, wide: boolean,
  out: Float32Array | Float64Array, dfns?: Float32Array | Float64Array, dfds?: Float32Array | Float64Array,
): void {
  const n = out.length;
  const ratio = dfd / dfn;
  const alphas = scratch.alphas;
  for (let i = 0; i < 2 * PIECE; i += 2) {
    alphas[i] = 0.5 * dfn;
    alphas[i + 1] = 0.5 * dfd;
  }
  for (let s = 0; s < n; s += PIECE) {
    const m = Math.min(PIECE, n - s);
    if (dfns && dfds) {
      // per element: (dfns[i], dfds[i]) exactly as a scalar call with those values
      for (let i = 0; i < m; i++) {
        alphas[2 * i] = 0.5 * dfns[s + i];
        alphas[2 * i + 1] = 0.5 * dfds[s + i];
      }
    }
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    // gamma element 2e, 64-bit
    const gLo = (eLo << 1) >>> 0, gHi = ((eHi << 1) | (eLo >>> 31)) >>> 0;
    const g = scratch.g.subarray(0, 2 * m);
    gammaKernel(k0, k1, gLo, gHi, 0, alphas.subarray(0, 2 * m), 1, proposals, wide, g);
    if (dfns && dfds) for (let i = 0; i < m; i++) out[s + i] = (g[2 * i] / g[2 * i + 1]) * (dfds[s + i] / dfns[s + i]);
    else for (let i = 0; i < m; i++) out[s + i] = (g[2 * i] / g[2 * i + 1]) * ratio;
  }
}
