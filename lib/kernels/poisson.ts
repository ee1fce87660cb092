/**
 * Poisson counts (docs/streams.md, "Poisson"): the executable specification; C++ twin cuda/include/cr_counts.h.
 * Element e's proposal t is Philox block (lo(e), hi(e), t, tag) — tag TAG_POISSON, or
 * TAG_NEGATIVE_BINOMIAL for the mixture of negative-binomial.ts — giving two uniforms
 * A = k53(w0, w1)·2^-53 in [0, 1) and B = (k53(w2, w3) + 1)·2^-53 in (0, 1]; the element is its first
 * accepted proposal. λ < 10: inversion of A by sequential search from 0 (A alone; a search that passes
 * k = 110 rejects, so rounding in the summed CDF can never loop); λ ≥ 10: Hörmann's PTRS (transformed
 * rejection with squeeze, 1993) with U = A − ½, V = B, and the acceptance test against exp of log-pmf.ts's stable form.
 */
import { TAG_POISSON } from '../core/layout.js';
import { philoxBlock } from '../core/philox.js';
import { exp } from '../core/math/exp.js';
import type { OutArray } from '../core/types.js';
import { fillPlane } from './gamma.js';
import { logPoissonPmf } from './log-pmf.js';

/** From this λ on, PTRS; below, inversion. */
export const POISSON_PTRS_FROM = 10;
/** An inversion search (Poisson or binomial) that would return more than this rejects its proposal. */
export const INVERSION_CAP = 110;

const TWO_M53 = 2 ** -53;
const TWO_P26 = 67108864;
const TWO_P32 = 4294967296;
/** Words of a Poisson method's state (poissonSetup). */
export const POISSON_STATE = 6;
const PIECE = 4096;

/** A = k53(w[b], w[b+1])·2^-53 in [0, 1). */
export const uniformA = (w: Uint32Array, b: number): number => ((w[b] >>> 5) * TWO_P26 + (w[b + 1] >>> 6)) * TWO_M53;
/** B = (k53(w[b+2], w[b+3]) + 1)·2^-53 in (0, 1]. */
export const uniformB = (w: Uint32Array, b: number): number => ((w[b + 2] >>> 5) * TWO_P26 + (w[b + 3] >>> 6) + 1) * TWO_M53;

/**
 * The state of λ at st[at ..]: [λ, 0, e^-λ] (inversion) or [λ, 1, b, a, 1/α, v_r] (PTRS, Hörmann's
 * constants: b = 0.931 + 2.53·√λ, a = −0.059 + 0.02483·b, 1/α = 1.1239 + 1.1328/(b − 3.4),
 * v_r = 0.9277 − 3.6224/(b − 2)).
 */
export function poissonSetup(lam: number, st: Float64Array, at: number): void {
  st[at] = lam;
  if (lam < POISSON_PTRS_FROM) {
    st[at + 1] = 0;
    st[at + 2] = exp(-lam);
    return;
  }
  const b = 0.931 + 2.53 * Math.sqrt(lam);
  st[at + 1] = 1;
  st[at + 2] = b;
  st[at + 3] = -0.059 + 0.02483 * b;
  st[at + 4] = 1.1239 + 1.1328 / (b - 3.4);
  st[at + 5] = 0.9277 - 3.6224 / (b - 2);
}

/** The proposal whose words start at w[o], tested: its count, or -1 when rejected. */
export function poissonTry(st: Float64Array, at: number, w: Uint32Array, o: number): number {
  const lam = st[at];
  const A = uniformA(w, o);
  if (st[at + 1] === 0) {
    let k = 0;
    let p = st[at + 2];
    let F = p;
    while (!(A < F)) {
      k++;
      if (k > INVERSION_CAP) return -1;
      p = p * lam / k;
      F = F + p;
    }
    return k;
  }
  const b = st[at + 2], a = st[at + 3];
  const V = uniformB(w, o);
  const U = A - 0.5;
  const us = 0.5 - Math.abs(U);
  const k = Math.floor((2 * a / us + b) * U + lam + 0.43);
  if (us >= 0.07 && V <= st[at + 5]) return k;
  if (k < 0 || (us < 0.013 && V > us)) return -1;
  return V * st[at + 4] / (a / (us * us) + b) <= exp(logPoissonPmf(k, lam)) ? k : -1;
}

const scratch = { st: new Float64Array(POISSON_STATE), plane: new Uint32Array(4 * PIECE), retry: new Uint32Array(4) };

/** Proposals t = t0, t0 + 1, … of element (eHi:eLo) on `tag` until one is accepted: its count. */
export function poissonFrom(k0: number, k1: number, eLo: number, eHi: number, t0: number, tag: number, st: Float64Array, at: number): number {
  const w = scratch.retry;
  for (let t = t0; ; t = (t + 1) >>> 0) {
    philoxBlock(eLo, eHi, t, tag, k0, k1, w, 0);
    const k = poissonTry(st, at, w, 0);
    if (k >= 0) return k;
  }
}

/** Poisson element (eHi:eLo) with mean λ on `tag`'s sub-streams. */
export function poissonElement(k0: number, k1: number, eLo: number, eHi: number, lam: number, tag: number): number {
  poissonSetup(lam, scratch.st, 0);
  return poissonFrom(k0, k1, eLo, eHi, 0, tag, scratch.st, 0);
}

/**
 * Poisson elements [first, first + out.length) on `tag`'s sub-streams: λ = lam, or lams[i] per element.
 * Proposal 0 of a piece of elements comes from one Philox plane (philoxStream), later proposals block
 * by block.
 */
export function poissonKernel(
  k0: number, k1: number, lo: number, hi: number, lam: number, lams: Float32Array | Float64Array | undefined,
  out: OutArray, tag = TAG_POISSON,
): void {
  const n = out.length;
  const { st, plane } = scratch;
  if (lams === undefined) poissonSetup(lam, st, 0);
  for (let s = 0; s < n; s += PIECE) {
    const m = Math.min(PIECE, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    fillPlane(k0, k1, 0, tag, eLo, eHi, m, plane, 0);
    for (let i = 0; i < m; i++) {
      if (lams !== undefined) poissonSetup(lams[s + i], st, 0);
      let k = poissonTry(st, 0, plane, 4 * i);
      if (k < 0) {
        const q = eLo + i;
        k = poissonFrom(k0, k1, q >>> 0, (eHi + (q >= TWO_P32 ? 1 : 0)) >>> 0, 1, tag, st, 0);
      }
      out[s + i] = k;
    }
  }
}
