/**
 * Beta(a, b) (docs/streams.md, "Dirichlet and beta"): Jöhnk's algorithm when a ≤ 1 and b ≤ 1 (numpy's
 * choice there), the gamma ratio of lib/kernels/gamma.ts (betaRatioKernel) otherwise. Jöhnk's proposal t
 * of element e is block (e mod 2^32, e div 2^32, t, TAG_BETA): U = (k53(w0, w1) + 1)·2^-53, V = (k53(w2,
 * w3) + 1)·2^-53, lx = log(U)/a, ly = log(V)/b, X = exp(lx), Y = exp(ly), S = X + Y; accepted iff S ≤ 1;
 * value X/S, or in log space (m = max(lx, ly), exp(lx − m)/(exp(lx − m) + exp(ly − m))) when X is below
 * 2^-1022 (zero or subnormal: X/S would lose its digits). The element is its first accepted proposal;
 * float32 and float64 read the same proposals (the float32 value is the binary64 one rounded once).
 * C++ twin: cuda/include/cr_beta.h; the CPU's fast path is lib/wasm/samplers.ts betaWasm.
 */
import { k53, philoxBlock } from '../core/philox.js';
import { TAG_BETA } from '../core/layout.js';
import { log } from '../core/math/log.js';
import { exp } from '../core/math/exp.js';
import { betaRatioKernel, fillPlane, type DrawRange } from './gamma.js';

const TWO_M53 = 2 ** -53;
const TWO_P32 = 4294967296;
/** 2^-1022, the smallest normal binary64: below it X/S is computed in log space. */
const MIN_NORMAL = 2 ** -1022;
const CHUNK = 4096;
const words = new Uint32Array(4 * CHUNK);
const retry = new Uint32Array(4);

/** Whether beta(a, b) runs Jöhnk's algorithm (else the gamma ratio). */
export const isJohnk = (a: number, b: number): boolean => a <= 1 && b <= 1;

/** Jöhnk's test of the proposal whose block starts at w[at]: its value in [0, 1], or -1 when rejected. */
export function johnkProposal(w: Uint32Array, at: number, a: number, b: number): number {
  const lx = log((k53(w[at], w[at + 1]) + 1) * TWO_M53) / a;
  const ly = log((k53(w[at + 2], w[at + 3]) + 1) * TWO_M53) / b;
  const x = exp(lx);
  const s = x + exp(ly);
  if (!(s <= 1)) return -1;
  if (x >= MIN_NORMAL) return x / s;
  const m = lx > ly ? lx : ly;
  const ex = exp(lx - m);
  return ex / (ex + exp(ly - m));
}

/** Element (eHi:eLo)'s proposals t0, t0 + 1, … until one is accepted: its value. */
export function johnkFrom(k0: number, k1: number, eLo: number, eHi: number, t0: number, a: number, b: number): number {
  for (let t = t0; ; t = (t + 1) >>> 0) {
    philoxBlock(eLo, eHi, t, TAG_BETA, k0, k1, retry, 0);
    const v = johnkProposal(retry, 0, a, b);
    if (v >= 0) return v;
  }
}

/**
 * Jöhnk elements [first, first + out.length), first = hi·2^32 + lo: proposal 0 of a chunk of elements is
 * one stretch of plane 0 (consecutive blocks), the rejected continue one proposal at a time.
 */
export function johnkKernel(
  k0: number, k1: number, lo: number, hi: number, a: number, b: number, out: Float32Array | Float64Array,
): void {
  const n = out.length;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    fillPlane(k0, k1, 0, TAG_BETA, eLo, eHi, m, words, 0);
    for (let i = 0; i < m; i++) {
      let v = johnkProposal(words, 4 * i, a, b);
      if (v < 0) {
        const q = eLo + i;
        v = johnkFrom(k0, k1, q >>> 0, (eHi + (q >= TWO_P32 ? 1 : 0)) >>> 0, 1, a, b);
      }
      out[s + i] = v;
    }
  }
}

/**
 * Beta(a, b) elements [first, first + out.length): Jöhnk's for a, b ≤ 1, else gamma elements 2e and 2e + 1
 * (`proposals` and `draw` apply there only: lib/kernels/gamma.ts betaRatioKernel).
 */
export function betaKernel(
  k0: number, k1: number, lo: number, hi: number, a: number, b: number, proposals: number, wide: boolean,
  out: Float32Array | Float64Array, draw?: DrawRange,
): void {
  if (isJohnk(a, b)) johnkKernel(k0, k1, lo, hi, a, b, out);
  else betaRatioKernel(k0, k1, lo, hi, a, b, proposals, wide, out, draw);
}
