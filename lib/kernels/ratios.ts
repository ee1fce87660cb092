/**
 * Student's t and F, made from other samplers' elements (docs/streams.md, "Ratios of the normal and gamma
 * streams"): no stream of their own.
 *   studentT element e = z_e·sqrt(h/G_e), z_e Box–Muller element e (mean 0, std 1, the dtype's stream),
 *     G_e gamma element e of shape h = df/2 (the dtype's proposal layout);
 *   f element e = (G_2e/G_2e+1)·(dfd/dfn), gamma elements 2e (shape dfn/2) and 2e + 1 (shape dfd/2) —
 *     the pair beta(key) uses when a shape is > 1.
 * Binary64 throughout; float32 values are rounded once. C++ twins: cuda/include/cr_gamma.h
 * (cr_student_t_element, cr_f_element). The normal and gamma elements come from `draws`: the
 * specification kernels, or the WebAssembly module's (lib/wasm/samplers.ts, the same bits), as beta and
 * Dirichlet take theirs through `draw` (lib/kernels/gamma.ts); the combination is always the code below.
 */
import { boxMuller } from './normal.js';
import { gammaKernel } from './gamma.js';

type Floats = Float32Array | Float64Array;

/** Where the ratios' elements come from; a source may decline a call (false), and the specification runs. */
export interface RatioDraws {
  /** Box–Muller elements [first, first + z.length) with mean 0, std 1 in binary64, first = (hi:lo), of the
   *  float64 (wide) or float32 stream. */
  normal(k0: number, k1: number, lo: number, hi: number, wide: boolean, z: Float64Array): boolean;
  /** Gamma elements [first, first + g.length), scale 1, binary64, of shape alpha or alphas[i] (the
   *  proposal layout of float64 when wide); `period` p, when given, says alphas[i] = alphas[i mod p]. */
  gamma(
    k0: number, k1: number, lo: number, hi: number, alpha: number, alphas: Floats | undefined, proposals: number,
    wide: boolean, g: Float64Array, period?: number,
  ): boolean;
}

/** The specification's elements (lib/kernels/normal.ts boxMuller, lib/kernels/gamma.ts gammaKernel). */
export const SPEC_DRAWS: RatioDraws = {
  normal: (k0, k1, lo, hi, wide, z) => { boxMuller(k0, k1, lo, hi, 0, 1, wide, z); return true; },
  gamma: (k0, k1, lo, hi, alpha, alphas, proposals, wide, g) => {
    gammaKernel(k0, k1, lo, hi, alpha, alphas, 1, proposals, wide, g);
    return true;
  },
};

function normals(d: RatioDraws, k0: number, k1: number, lo: number, hi: number, wide: boolean, z: Float64Array): void {
  if (!d.normal(k0, k1, lo, hi, wide, z)) SPEC_DRAWS.normal(k0, k1, lo, hi, wide, z);
}

function gammas(
  d: RatioDraws, k0: number, k1: number, lo: number, hi: number, alpha: number, alphas: Floats | undefined,
  proposals: number, wide: boolean, g: Float64Array, period?: number,
): void {
  if (!d.gamma(k0, k1, lo, hi, alpha, alphas, proposals, wide, g, period)) {
    SPEC_DRAWS.gamma(k0, k1, lo, hi, alpha, alphas, proposals, wide, g);
  }
}

const PIECE = 2048;
const TWO_P32 = 4294967296;

const scratch = { z: new Float64Array(PIECE), g: new Float64Array(2 * PIECE), alphas: new Float64Array(2 * PIECE) };

/** studentT elements for half degrees of freedom h = df/2, or per element hs[i] (the gamma shapes). */
export function studentTKernel(
  k0: number, k1: number, lo: number, hi: number, h: number, hs: Float32Array | Float64Array | undefined,
  proposals: number, wide: boolean, out: Float32Array | Float64Array, draws: RatioDraws = SPEC_DRAWS,
): void {
  const n = out.length;
  for (let s = 0; s < n; s += PIECE) {
    const m = Math.min(PIECE, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    const z = scratch.z.subarray(0, m), g = scratch.g.subarray(0, m);
    normals(draws, k0, k1, eLo, eHi, wide, z);
    if (hs === undefined) {
      gammas(draws, k0, k1, eLo, eHi, h, undefined, proposals, wide, g);
      for (let i = 0; i < m; i++) out[s + i] = z[i] * Math.sqrt(h / g[i]);
    } else {
      const hm = hs.subarray(s, s + m);
      gammas(draws, k0, k1, eLo, eHi, 0, hm, proposals, wide, g);
      for (let i = 0; i < m; i++) out[s + i] = z[i] * Math.sqrt(hm[i] / g[i]);
    }
  }
}

export function fKernel(
  k0: number, k1: number, lo: number, hi: number, dfn: number, dfd: number, proposals: number, wide: boolean,
  out: Float32Array | Float64Array, dfns?: Float32Array | Float64Array, dfds?: Float32Array | Float64Array,
  draws: RatioDraws = SPEC_DRAWS,
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
    // a scalar call's shapes alternate (dfn/2, dfd/2): period 2, and the piece starts on an even element
    gammas(draws, k0, k1, gLo, gHi, 0, alphas.subarray(0, 2 * m), proposals, wide, g, dfns && dfds ? undefined : 2);
    if (dfns && dfds) for (let i = 0; i < m; i++) out[s + i] = (g[2 * i] / g[2 * i + 1]) * (dfds[s + i] / dfns[s + i]);
    else for (let i = 0; i < m; i++) out[s + i] = (g[2 * i] / g[2 * i + 1]) * ratio;
  }
}
