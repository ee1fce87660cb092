/**
 * Binomial and multinomial counts (docs/streams.md, "Binomial", "Multinomial"): the executable specification; C++ twin
 * cuda/include/cr_counts.h. Binomial element e's proposal t is Philox block (lo(e), hi(e), t,
 * TAG_BINOMIAL) with the uniforms A, B of poisson.ts; the element is its first accepted proposal.
 * p > ½ draws X with p' = 1 − p (exact in binary64 for p in [½, 1]) and returns count − X. With
 * p' = min(p, 1 − p): count = 0 or p' = 0 takes no proposal; count·p' < 10 inverts A by sequential
 * search from 0 (rejecting past min(count, 110)); count·p' ≥ 10 is Hörmann's BTRS (1993) with v = A
 * and its second uniform B, the acceptance against exp of log-pmf.ts's stable form.
 */
import { TAG_BINOMIAL } from '../core/layout.js';
import { philoxBlock } from '../core/philox.js';
import { exp } from '../core/math/exp.js';
import { log1p } from '../core/math/log1p.js';
import type { OutArray } from '../core/types.js';
import { fillPlane } from './gamma.js';
import { logBinomialPmf } from './log-pmf.js';
import { INVERSION_CAP, uniformA, uniformB } from './poisson.js';

/** From this count·min(p, 1 − p) on, BTRS; below, inversion. */
export const BINOMIAL_BTRS_FROM = 10;
/** Words of a binomial method's state (binomialSetup). */
export const BINOMIAL_STATE = 15;

const TWO_P32 = 4294967296;
const PIECE = 4096;

/**
 * The state of (n, p) at st[at ..]: [n, method, flip, p', …] with method 0 (no draw: the count is
 * flip ? n : 0), 1 (inversion: P(0) = exp(n·log1p(−p')), r = p'/q, the search's cap) or 2 (BTRS:
 * b, a, c, α, v_r, u_r·v_r, the mode m, log P(m), —, np, nq).
 */
export function binomialSetup(n: number, p: number, st: Float64Array, at: number): void {
  const flip = p > 0.5;
  const pp = flip ? 1 - p : p;
  st[at] = n;
  st[at + 2] = flip ? 1 : 0;
  st[at + 3] = pp;
  if (n === 0 || pp === 0) {
    st[at + 1] = 0;
    return;
  }
  const q = 1 - pp;
  const np = n * pp;
  if (np < BINOMIAL_BTRS_FROM) {
    st[at + 1] = 1;
    st[at + 4] = exp(n * log1p(-pp));
    st[at + 5] = pp / q;
    st[at + 6] = Math.min(n, INVERSION_CAP);
    return;
  }
  const spq = Math.sqrt(np * q);
  const b = 1.15 + 2.53 * spq;
  const vr = 0.92 - 4.2 / b;
  const m = Math.floor((n + 1) * pp);
  const nq = n * q;
  st[at + 1] = 2;
  st[at + 4] = b;
  st[at + 5] = -0.0873 + 0.0248 * b + 0.01 * pp;
  st[at + 6] = np + 0.5;
  st[at + 7] = (2.83 + 5.1 / b) * spq;
  st[at + 8] = vr;
  st[at + 9] = 0.86 * vr;
  st[at + 10] = m;
  st[at + 11] = logBinomialPmf(m, n, pp, np, nq);
  st[at + 13] = np;
  st[at + 14] = nq;
}

/** X of the proposal at w[o] for p' (≤ ½), or -1 when rejected. */
function draw(st: Float64Array, at: number, w: Uint32Array, o: number): number {
  const n = st[at];
  const A = uniformA(w, o);
  if (st[at + 1] === 1) {
    const r = st[at + 5], cap = st[at + 6];
    let k = 0;
    let pk = st[at + 4];
    let F = pk;
    while (!(A < F)) {
      k++;
      if (k > cap) return -1;
      pk = pk * r * (n - k + 1) / k;
      F = F + pk;
    }
    return k;
  }
  const b = st[at + 4], a = st[at + 5], c = st[at + 6], vr = st[at + 8];
  let v = A;
  let u: number;
  if (v <= st[at + 9]) {
    u = v / vr - 0.43;
    const k = Math.floor((2 * a / (0.5 - Math.abs(u)) + b) * u + c);
    return k < 0 || k > n ? -1 : k;
  }
  if (v >= vr) {
    u = uniformB(w, o) - 0.5;
  } else {
    u = v / vr - 0.93;
    u = (u < 0 ? -0.5 : 0.5) - u;
    v = uniformB(w, o) * vr;
  }
  const us = 0.5 - Math.abs(u);
  const k = Math.floor((2 * a / us + b) * u + c);
  if (k < 0 || k > n) return -1;
  v = v * st[at + 7] / (a / (us * us) + b);
  return v <= exp(logBinomialPmf(k, n, st[at + 3], st[at + 13], st[at + 14]) - st[at + 11]) ? k : -1;
}

/** The count of the proposal at w[o] (count − X when p > ½), or -1 when rejected. */
export function binomialTry(st: Float64Array, at: number, w: Uint32Array, o: number): number {
  const x = draw(st, at, w, o);
  return x < 0 || st[at + 2] === 0 ? x : st[at] - x;
}

/** Whether the state's count needs no proposal; then binomialFixed is it. */
export const binomialNoDraw = (st: Float64Array, at: number): boolean => st[at + 1] === 0;
export const binomialFixed = (st: Float64Array, at: number): number => (st[at + 2] === 0 ? 0 : st[at]);

const scratch = {
  st: new Float64Array(BINOMIAL_STATE), plane: new Uint32Array(4 * PIECE), retry: new Uint32Array(4),
  row: new Float64Array(16), tail: new Float64Array(16),
};

/** Binomial element (eHi:eLo) of the state at st[at]: proposals t = t0, t0 + 1, … until one is accepted. */
export function binomialFrom(k0: number, k1: number, eLo: number, eHi: number, t0: number, st: Float64Array, at: number): number {
  if (binomialNoDraw(st, at)) return binomialFixed(st, at);
  const w = scratch.retry;
  for (let t = t0; ; t = (t + 1) >>> 0) {
    philoxBlock(eLo, eHi, t, TAG_BINOMIAL, k0, k1, w, 0);
    const k = binomialTry(st, at, w, 0);
    if (k >= 0) return k;
  }
}

/** Binomial elements [first, first + out.length): (count, p) scalar or per element (counts, ps). */
export function binomialKernel(
  k0: number, k1: number, lo: number, hi: number, count: number, counts: Float32Array | Float64Array | undefined,
  p: number, ps: Float32Array | Float64Array | undefined, out: OutArray,
): void {
  const n = out.length;
  const { st, plane } = scratch;
  const perElement = counts !== undefined || ps !== undefined;
  if (!perElement) binomialSetup(count, p, st, 0);
  for (let s = 0; s < n; s += PIECE) {
    const m = Math.min(PIECE, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    fillPlane(k0, k1, 0, TAG_BINOMIAL, eLo, eHi, m, plane, 0);
    for (let i = 0; i < m; i++) {
      if (perElement) binomialSetup(counts ? counts[s + i] : count, ps ? ps[s + i] : p, st, 0);
      let k = binomialNoDraw(st, 0) ? binomialFixed(st, 0) : binomialTry(st, 0, plane, 4 * i);
      if (k < 0) {
        const q = eLo + i;
        k = binomialFrom(k0, k1, q >>> 0, (eHi + (q >= TWO_P32 ? 1 : 0)) >>> 0, 1, st, 0);
      }
      out[s + i] = k;
    }
  }
}

// ----- multinomial: rows of conditional binomials -----

/**
 * Tail sums of the weights: tail[j] = w[j] + tail[j + 1], tail[K − 1] = w[K − 1] (summed from the end,
 * so tail[j] = w[j] exactly when every later weight is 0 and such a component takes the rest).
 */
export function weightTails(w: Float64Array, tail: Float64Array): void {
  const K = w.length;
  tail[K - 1] = w[K - 1];
  for (let j = K - 2; j >= 0; j--) tail[j] = w[j] + tail[j + 1];
}

/**
 * One multinomial row into row[0..K): component j < K − 1 is binomial element e0 + j with the count
 * not yet placed and p = min(1, w[j]/tail[j]) (0 when nothing is left or tail[j] = 0); the last
 * component takes the rest.
 */
export function multinomialRow(
  k0: number, k1: number, e0Lo: number, e0Hi: number, count: number, w: Float64Array, tail: Float64Array, row: Float64Array,
): void {
  const K = w.length;
  const st = scratch.st;
  let rest = count;
  for (let j = 0; j < K - 1; j++) {
    let x = 0;
    if (rest > 0 && tail[j] > 0) {
      const pj = Math.min(1, w[j] / tail[j]);
      binomialSetup(rest, pj, st, 0);
      const e = e0Lo + j;
      x = binomialFrom(k0, k1, e >>> 0, (e0Hi + (e >= TWO_P32 ? 1 : 0)) >>> 0, 0, st, 0);
    }
    row[j] = x;
    rest -= x;
  }
  row[K - 1] = rest;
}

/**
 * Multinomial values [first, first + out.length) of the flat row-major stream (value j is component
 * j mod K of row ⌊j/K⌋, K = w.length); a chunk that starts or ends inside a row recomputes that row.
 */
export function multinomialKernel(
  k0: number, k1: number, lo: number, hi: number, count: number, w: Float64Array, out: OutArray,
): void {
  const n = out.length;
  if (n === 0) return;
  const K = w.length;
  if (scratch.row.length < K) {
    scratch.row = new Float64Array(K);
    scratch.tail = new Float64Array(K);
  }
  const { row, tail } = scratch;
  weightTails(w, tail);
  const lead = ((hi % K) * (TWO_P32 % K) + (lo % K)) % K;
  let rLo = lo - lead;
  let rHi = hi;
  if (rLo < 0) { rLo += TWO_P32; rHi -= 1; }
  for (let j = -lead; j < n; j += K) {
    multinomialRow(k0, k1, rLo, rHi, count, w, tail, row);
    const from = j < 0 ? -j : 0;
    const to = Math.min(K, n - j);
    for (let c = from; c < to; c++) out[j + c] = row[c];
    const l = rLo + K;
    rLo = l >>> 0;
    if (l >= TWO_P32) rHi = (rHi + 1) >>> 0;
  }
}
