/**
 * Gamma and the samplers built on it (docs/streams.md §6): Marsaglia–Tsang with per-element proposal
 * sub-streams, the α < 1 boost, exponential on the raw stream, beta and Dirichlet as normalised
 * gammas. Binary64 throughout via lib/math; float32 outputs are rounded once at the store. The CUDA
 * port is cuda/include/cr_gamma.h.
 */
import { philoxBlock, philoxStream } from '../philox.js';
import { TAG_GAMMA, TAG_RAW } from '../layout.js';
import { log } from '../math/log.js';
import { exp } from '../math/exp.js';
import { cos2pi } from '../math/sincos.js';
import { uniform64 } from './raw.js';

const TWO_M32 = 2 ** -32;
const TWO_M53 = 2 ** -53;
const TWO_P26 = 67108864;
const TWO_P32 = 4294967296;
/** 1/3 rounded to binary64. */
const ONE_THIRD = 1 / 3;
/** Marsaglia–Tsang squeeze constant (their paper: 0.0331). */
const SQUEEZE = 0.0331;

/** Most proposals evaluated at once (the scratch holds 2 blocks per proposal). */
export const MAX_PROPOSALS = 1024;
const prop = new Uint32Array(8 * MAX_PROPOSALS);

// The accepted proposal: G[0] = G' = d·v (a Gamma(α') draw, α' = α or α + 1), G[1] = its boost
// uniform. (Typed arrays rather than module-level lets, which V8 boxes.)
const G = new Float64Array(2);
/** Marsaglia–Tsang constants of the current α': MT[0] = d = α' - 1/3, MT[1] = c = 1/sqrt(9d). */
const MT = new Float64Array(2);

/** Sets MT for α' = α (α >= 1) or fl(α + 1) (α < 1): d = α' - 1/3, c = 1/sqrt(9·d). */
function setAlpha(alpha: number): void {
  const a = alpha < 1 ? alpha + 1 : alpha;
  const d = a - ONE_THIRD;
  MT[0] = d;
  MT[1] = 1 / Math.sqrt(9 * d);
}

/**
 * Proposal test: normal x, acceptance uniform u in (0, 1]. Returns true and sets G[0] = d·v when accepted.
 * v0 = 1 + c·x; v0 <= 0 rejects; v = (v0·v0)·v0; accept if u < 1 - 0.0331·(x²)² (squeeze) or
 * log(u) < 0.5·x² + d·((1 - v) + log(v)).
 */
function accept(x: number, u: number, d: number, c: number): boolean {
  const v0 = 1 + c * x;
  if (v0 <= 0) return false;
  const v = v0 * v0 * v0;
  const x2 = x * x;
  if (u < 1 - SQUEEZE * (x2 * x2) || log(u) < 0.5 * x2 + d * ((1 - v) + log(v))) {
    G[0] = d * v;
    return true;
  }
  return false;
}

/**
 * First accepted proposal of element e = (eHi:eLo), evaluating M proposals' Philox blocks at a time
 * (the result does not depend on M). wide = false (float32): proposal t = block (t, lo(e), hi(e),
 * TAG_GAMMA): x from words 0, 1 (Box–Muller cosine: u1 = (w0+1)·2^-32, u2 = w1·2^-32), u = (w2+1)·2^-32,
 * boost U = (w3+1)·2^-32. wide = true (float64): blocks 2t and 2t+1; 53-bit k(a, b) = (a>>>5)·2^26 +
 * (b>>>6): u1 = (k(B0,B1)+1)·2^-53, u2 = k(B2,B3)·2^-53, u = (k(C0,C1)+1)·2^-53, U = (k(C2,C3)+1)·2^-53.
 */
function draw(k0: number, k1: number, eLo: number, eHi: number, d: number, c: number, M: number, wide: boolean): void {
  for (let t0 = 0; ; t0 = (t0 + M) >>> 0) {
    if (wide) {
      for (let j = 0; j < 2 * M; j++) philoxBlock((2 * t0 + j) >>> 0, eLo, eHi, TAG_GAMMA, k0, k1, prop, 4 * j);
      for (let j = 0; j < M; j++) {
        const b = 8 * j;
        const u1 = ((prop[b] >>> 5) * TWO_P26 + (prop[b + 1] >>> 6) + 1) * TWO_M53;
        const u2 = ((prop[b + 2] >>> 5) * TWO_P26 + (prop[b + 3] >>> 6)) * TWO_M53;
        const x = Math.sqrt(-2 * log(u1)) * cos2pi(u2);
        const u = ((prop[b + 4] >>> 5) * TWO_P26 + (prop[b + 5] >>> 6) + 1) * TWO_M53;
        if (accept(x, u, d, c)) {
          G[1] = ((prop[b + 6] >>> 5) * TWO_P26 + (prop[b + 7] >>> 6) + 1) * TWO_M53;
          return;
        }
      }
    } else {
      for (let j = 0; j < M; j++) philoxBlock((t0 + j) >>> 0, eLo, eHi, TAG_GAMMA, k0, k1, prop, 4 * j);
      for (let j = 0; j < M; j++) {
        const b = 4 * j;
        const x = Math.sqrt(-2 * log((prop[b] + 1) * TWO_M32)) * cos2pi(prop[b + 1] * TWO_M32);
        if (accept(x, (prop[b + 2] + 1) * TWO_M32, d, c)) {
          G[1] = (prop[b + 3] + 1) * TWO_M32;
          return;
        }
      }
    }
  }
}

/** The gamma value of the accepted proposal: G' (α >= 1) or exp(log(G') + log(U)/α) (α < 1). */
function gammaValue(alpha: number): number {
  return alpha < 1 ? exp(log(G[0]) + log(G[1]) / alpha) : G[0];
}

/** log of the gamma value, for α < 1 only: log(G') + log(U)/α (the exponent above). */
function gammaLog(alpha: number): number {
  return log(G[0]) + log(G[1]) / alpha;
}

/**
 * Gamma elements [first, first + out.length): out[i] = G·scale for α = alpha (scalar) or
 * alphas[i] (per element).
 */
export function gammaKernel(
  k0: number, k1: number, lo: number, hi: number, out: Float32Array | Float64Array,
  alpha: number, alphas: Float32Array | Float64Array | undefined, scale: number, M: number, wide: boolean,
): void {
  const n = out.length;
  let eLo = lo;
  let eHi = hi;
  if (alphas === undefined) setAlpha(alpha);
  const d0 = MT[0];
  const c0 = MT[1];
  for (let i = 0; i < n; i++) {
    let a = alpha;
    let d = d0;
    let c = c0;
    if (alphas !== undefined) {
      a = alphas[i];
      setAlpha(a);
      d = MT[0];
      c = MT[1];
    }
    draw(k0, k1, eLo, eHi, d, c, M, wide);
    out[i] = gammaValue(a) * scale;
    eLo = (eLo + 1) >>> 0;
    if (eLo === 0) eHi = (eHi + 1) >>> 0;
  }
}

// ----- Dirichlet and beta: rows of K gammas, elements row·K + k of the gamma stream -----

let rowG = new Float64Array(16);

/**
 * Draws the K gammas of the row starting at gamma element (eHi:eLo) and normalises them in rowG:
 * if every α_k < 1 in log space (l_k = log(G'_k) + log(U_k)/α_k, m = max l_k, e_k = exp(l_k - m),
 * x_k = e_k / Σ e_j), else x_k = G_k / Σ G_j with G_k the gamma values; sums in k order.
 */
function dirichletRow(
  k0: number, k1: number, eLo: number, eHi: number, alphas: Float64Array, ds: Float64Array, cs: Float64Array,
  allSmall: boolean, M: number, wide: boolean,
): void {
  const K = alphas.length;
  for (let k = 0; k < K; k++) {
    draw(k0, k1, eLo, eHi, ds[k], cs[k], M, wide);
    rowG[k] = allSmall ? gammaLog(alphas[k]) : gammaValue(alphas[k]);
    eLo = (eLo + 1) >>> 0;
    if (eLo === 0) eHi = (eHi + 1) >>> 0;
  }
  if (allSmall) {
    let m = rowG[0];
    for (let k = 1; k < K; k++) if (rowG[k] > m) m = rowG[k];
    for (let k = 0; k < K; k++) rowG[k] = exp(rowG[k] - m);
  }
  let s = rowG[0];
  for (let k = 1; k < K; k++) s = s + rowG[k];
  for (let k = 0; k < K; k++) rowG[k] = rowG[k] / s;
}

/**
 * Dirichlet values [first, first + out.length) of the flat row-major stream: value j is component
 * j mod K of row ⌊j/K⌋, and its gamma is gamma element j (α = alphas[j mod K]). A chunk that starts
 * or ends inside a row recomputes that row's other gammas (same bits).
 */
export function dirichletKernel(
  k0: number, k1: number, lo: number, hi: number, out: Float32Array | Float64Array,
  alphas: Float64Array, M: number, wide: boolean,
): void {
  const n = out.length;
  if (n === 0) return;
  const K = alphas.length;
  if (rowG.length < K) rowG = new Float64Array(K);
  const ds = new Float64Array(K);
  const cs = new Float64Array(K);
  let allSmall = true;
  for (let k = 0; k < K; k++) {
    setAlpha(alphas[k]);
    ds[k] = MT[0];
    cs[k] = MT[1];
    if (!(alphas[k] < 1)) allSmall = false;
  }
  // component of the first value: first mod K, from (hi·2^32 + lo) mod K without overflow
  const k0f = ((hi % K) * (TWO_P32 % K) + (lo % K)) % K;
  // gamma element of the first row's component 0: first - k0f (no borrow past 0: first >= k0f)
  let rLo = lo - k0f;
  let rHi = hi;
  if (rLo < 0) { rLo += TWO_P32; rHi -= 1; }
  let j = -k0f; // out index of the current row's component 0
  while (j < n) {
    dirichletRow(k0, k1, rLo, rHi, alphas, ds, cs, allSmall, M, wide);
    const from = j < 0 ? -j : 0;
    const to = Math.min(K, n - j);
    for (let k = from; k < to; k++) out[j + k] = rowG[k];
    j += K;
    const l = rLo + K;
    rLo = l >>> 0;
    if (l >= TWO_P32) rHi += 1;
  }
}

/** Beta(a, b) element e = Dirichlet([a, b]) row e, component 0: gamma elements 2e (a) and 2e+1 (b). */
export function betaKernel(
  k0: number, k1: number, lo: number, hi: number, out: Float32Array | Float64Array,
  a: number, b: number, M: number, wide: boolean,
): void {
  const n = out.length;
  const alphas = new Float64Array([a, b]);
  const ds = new Float64Array(2);
  const cs = new Float64Array(2);
  setAlpha(a); ds[0] = MT[0]; cs[0] = MT[1];
  setAlpha(b); ds[1] = MT[0]; cs[1] = MT[1];
  const allSmall = a < 1 && b < 1;
  // gamma element 2e, 64-bit
  let gLo = (lo << 1) >>> 0;
  let gHi = ((hi << 1) | (lo >>> 31)) >>> 0;
  for (let i = 0; i < n; i++) {
    dirichletRow(k0, k1, gLo, gHi, alphas, ds, cs, allSmall, M, wide);
    out[i] = rowG[0];
    gLo = (gLo + 2) >>> 0;
    if (gLo < 2) gHi = (gHi + 1) >>> 0;
  }
}

// ----- Exponential on the raw stream -----

const CHUNK = 4096;
const ebuf = new Uint32Array(2 * CHUNK);
const ubuf = new Float64Array(CHUNK);

/**
 * Exponential(rate) elements: u in (0, 1] from the raw stream (float32: word j, u = (w+1)·2^-32;
 * float64: words 2j, 2j+1, u = (k+1)·2^-53); value = (0 - log(u)) / rate (0 - log(1) = +0).
 */
export function exponentialKernel(
  k0: number, k1: number, lo: number, hi: number, out: Float32Array | Float64Array, rate: number, wide: boolean,
): void {
  const n = out.length;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    if (wide) {
      // uniform64 element j is k53·2^-53 from the same two words (WASM-fast); u = that + 2^-53, exact.
      uniform64(k0, k1, l, h, ubuf.subarray(0, m), 0, 1);
      for (let i = 0; i < m; i++) out[s + i] = (0 - log(ubuf[i] + TWO_M53)) / rate;
    } else {
      philoxStream(k0, k1, 0, TAG_RAW, l, h, ebuf, 0, m);
      for (let i = 0; i < m; i++) out[s + i] = (0 - log((ebuf[i] + 1) * TWO_M32)) / rate;
    }
  }
}
