/**
 * Gamma and the samplers built on it (docs/streams.md, "Gamma and friends"): Marsaglia–Tsang with per-element proposal
 * sub-streams, the α < 1 boost, exponential on the raw stream, beta (a or b > 1: beta with a, b ≤ 1 is
 * Jöhnk's, lib/kernels/beta.ts) and Dirichlet as normalised gammas. Binary64 throughout via lib/core/math;
 * float32 outputs are rounded once at the store. The CUDA port is cuda/include/cr_gamma.h. These loops are
 * the specification; the CPU backend runs the WebAssembly SIMD kernels of lib/wasm/samplers.ts instead where
 * they pay (proposal 0 of every element in vectors, rejections by the scalar C++ port, the same bits;
 * test/wasm-samplers.test.ts): Dirichlet takes its draws from the module through the `draw` argument below,
 * beta its gamma values (lib/wasm/samplers.ts betaWasm).
 */
import { philoxBlock, philoxStream } from '../core/philox.js';
import { TAG_GAMMA_EXP, TAG_GAMMA_EXP2, TAG_GAMMA_EXP3, TAG_GAMMA_PAIR, TAG_RAW } from '../core/layout.js';
import { log } from '../core/math/log.js';
import { exp } from '../core/math/exp.js';
import { sincos2pi } from '../core/math/sincos.js';
import { uniform64 } from './raw.js';

const TWO_M32 = 2 ** -32;
const TWO_M53 = 2 ** -53;
const TWO_P26 = 67108864;
const TWO_P32 = 4294967296;
/** 1/3 rounded to binary64. */
const ONE_THIRD = 1 / 3;
/** Marsaglia–Tsang squeeze constant (their paper: 0.0331). */
const SQUEEZE = 0.0331;

/**
 * Proposals the CPU kernels evaluate at once when `proposals` is omitted. It never changes the output
 * (the value is always the first accepted proposal); 1 is fastest here, where an unused proposal is
 * pure waste (measured with `npm run bench -- distributions`). The WebAssembly path ignores it (it
 * always evaluates proposal 0 of every element, then one at a time). The CUDA backend has its own
 * default.
 */
export const DEFAULT_PROPOSALS = 1;

/** Words of a chunk's planes: M pair planes of 4 (float32) or 8 (float64) words a pair fit in half of it. */
const PLANE_WORDS = 1 << 15;
const PIECE = 4096;
const CHUNK = 4096;

/** Reused between calls (typed arrays rather than module-level lets, which V8 boxes). */
const scratch = {
  /** The accepted proposal: G[0] = G' = d·v (a Gamma(α') draw, α' = α or α + 1), G[1] = its boost uniform. */
  G: new Float64Array(2),
  /** Marsaglia–Tsang constants of the current α': MT[0] = d = α' - 1/3, MT[1] = c = 1/sqrt(9d). */
  MT: new Float64Array(2),
  /** the dense planes' words of the same M proposals (TAG_GAMMA_EXP, _EXP2, _EXP3: one word a float32 element,
   *  two a float64 one) */
  dense1: new Uint32Array(PLANE_WORDS / 4),
  dense2: new Uint32Array(PLANE_WORDS / 4),
  dense3: new Uint32Array(PLANE_WORDS / 4),
  /** one proposal's dense blocks (retries), planes 1, 2, 3 at 0, 4, 8 */
  denseRetry: new Uint32Array(12),
  /** Marsaglia–Tsang pair planes of a chunk's M proposals (TAG_GAMMA_PAIR: 4 words a pair float32, 8 float64) */
  pairPlanes: new Uint32Array(PLANE_WORDS / 2 + 16),
  /** one proposal's pair block(s) (retries) */
  pairRetry: new Uint32Array(8),
  /** a Box–Muller pair's sine and cosine */
  sc: new Float64Array(2),
  /** draws of a range of elements: dv[j] = G', bu[j] = boost uniform (grown as needed) */
  dv: new Float64Array(4096),
  bu: new Float64Array(4096),
  /** d and c per element of a piece */
  pd: new Float64Array(PIECE),
  pc: new Float64Array(PIECE),
  /** one Dirichlet row (grown to K) */
  row: new Float64Array(16),
  /** exponential: raw words and float64 uniforms of a chunk */
  words: new Uint32Array(2 * CHUNK),
  u: new Float64Array(CHUNK),
};
const { G, MT } = scratch;

/**
 * How a range of gamma elements gets its accepted proposals: [first, first + count), first =
 * (eHi:eLo), into dv[0..count) (G') and bu[0..count) (boost uniforms); element j uses
 * ds/cs[(phase + j) mod period]. The JavaScript drawRange below, or lib/wasm/samplers.ts's module
 * (which may decline: false). `boost` false: the caller reads no bu (every shape ≥ 1), which then
 * may be left as it was.
 */
export type DrawRange = (
  k0: number, k1: number, eLo: number, eHi: number, count: number,
  ds: Float64Array, cs: Float64Array, period: number, phase: number, proposals: number, wide: boolean,
  dv: Float64Array, bu: Float64Array, boost?: boolean,
) => boolean;

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
 * Erlang shapes (docs/streams.md, "Gamma (Marsaglia–Tsang)", "Erlang shapes"): α' = 1, 2 or 3, recognised by
 * d = α' - fl(1/3) (one-to-one there). Such a proposal's G' is 0 - log p, p the product of its uniforms of the
 * dense planes 1 … k (a sum of k exponentials is Gamma(k) exactly), accepted iff p < 1. Returns k, or 0.
 */
function erlangShape(d: number): number {
  return d === 1 - ONE_THIRD ? 1 : d === 2 - ONE_THIRD ? 2 : d === 3 - ONE_THIRD ? 3 : 0;
}

/**
 * Evaluates an Erlang proposal of shape k ≠ 0 from element e's word(s) at eb of its dense planes' words d1, d2,
 * d3 (TAG_GAMMA_EXP, _EXP2, _EXP3): p = u1 (k = 1), u1·u2 (2) or (u1·u2)·u3 (3); its boost U is plane k + 1's
 * uniform (shape 3: 1, as α' = 3 is α = 3, which reads none). On acceptance sets G and returns true.
 */
function tryErlang(k: number, wide: boolean, d1: Uint32Array, d2: Uint32Array, d3: Uint32Array, eb: number): boolean {
  let p = denseUniform(d1, eb, wide);
  if (k >= 2) p = p * denseUniform(d2, eb, wide);
  if (k === 3) p = p * denseUniform(d3, eb, wide);
  if (!(p < 1)) return false;
  G[0] = 0 - log(p);
  G[1] = k === 3 ? 1 : denseUniform(k === 1 ? d2 : d3, eb, wide);
  return true;
}

/** The uniform of element e's word(s) at ew[eb] of a dense plane: float32 (w+1)·2^-32, float64 (k53+1)·2^-53. */
function denseUniform(ew: Uint32Array, eb: number, wide: boolean): number {
  return wide ? ((ew[eb] >>> 5) * TWO_P26 + (ew[eb + 1] >>> 6) + 1) * TWO_M53 : (ew[eb] + 1) * TWO_M32;
}

/**
 * Evaluates Marsaglia–Tsang proposal t of element e = 2p + j from its pair's words at w[b] (docs/streams.md,
 * "Gamma (Marsaglia–Tsang)"): float32 one block (u1 = (w0+1)·2^-32, u2 = w1·2^-32, u = (w(2+j)+1)·2^-32),
 * float64 two (u1 = (k53(w0,w1)+1)·2^-53, u2 = k53(w2,w3)·2^-53, u = (k53(w(4+2j), w(5+2j))+1)·2^-53);
 * x = r·cos(2π·u2) (j = 0) or r·sin(2π·u2) (j = 1), r = sqrt(-2·log u1), the Box–Muller pair shared by the
 * two elements. The boost U is e's dense-plane uniform at ew[eb]. On acceptance sets G and returns true.
 */
function tryMT(
  w: Uint32Array, b: number, j: number, d: number, c: number, wide: boolean, ew: Uint32Array, eb: number,
): boolean {
  // u1 and u are mapped as a dense plane's uniforms are; u2 ∈ [0, 1) without the + 1
  const u1 = denseUniform(w, b, wide);
  const u2 = wide ? ((w[b + 2] >>> 5) * TWO_P26 + (w[b + 3] >>> 6)) * TWO_M53 : w[b + 1] * TWO_M32;
  const u = denseUniform(w, wide ? b + 4 + 2 * j : b + 2 + j, wide);
  const r = Math.sqrt(-2 * log(u1));
  sincos2pi(u2, scratch.sc, 0);
  if (!accept(r * scratch.sc[1 - j], u, d, c)) return false;
  G[1] = denseUniform(ew, eb, wide);
  return true;
}

/**
 * Fills dst[at ..] with blocks [b, b + count) of the plane (c2, c3): counter (lo(b), hi(b), c2, c3),
 * b = (bHi:bLo). philoxStream (WASM) addresses word indices below 2^64, i.e. blocks below 2^62;
 * higher blocks (elements near the top of the index range) go block by block.
 */
export function fillPlane(
  k0: number, k1: number, c2: number, c3: number, bLo: number, bHi: number, count: number,
  dst: Uint32Array, at: number,
): void {
  const endHi = bHi + Math.floor((bLo + count) / TWO_P32);
  if (endHi < 0x40000000) {
    philoxStream(k0, k1, c2, c3, (bLo << 2) >>> 0, ((bHi << 2) | (bLo >>> 30)) >>> 0, dst, at, 4 * count);
    return;
  }
  for (let j = 0; j < count; j++) {
    philoxBlock(bLo, bHi, c2, c3, k0, k1, dst, at + 4 * j);
    bLo = (bLo + 1) >>> 0;
    if (bLo === 0) bHi = (bHi + 1) >>> 0;
  }
}

/**
 * Fills dst[at ..] with the dense plane (t, tag)'s words of elements [e, e + count), e = (eHi:eLo):
 * word e (float32) or words 2e, 2e+1 (float64). philoxStream addresses word indices below 2^64; float64
 * elements from 2^63 on go block by block.
 */
function fillDense(
  k0: number, k1: number, t: number, tag: number, eLo: number, eHi: number, count: number, wide: boolean,
  dst: Uint32Array, at: number,
): void {
  const endHi = eHi + Math.floor((eLo + count) / TWO_P32);
  if (!wide) {
    philoxStream(k0, k1, t, tag, eLo, eHi, dst, at, count);
  } else if (endHi < 0x80000000) {
    philoxStream(k0, k1, t, tag, (eLo << 1) >>> 0, ((eHi << 1) | (eLo >>> 31)) >>> 0, dst, at, 2 * count);
  } else {
    const blk = scratch.denseRetry;
    for (let j = 0; j < count; j++) {
      philoxBlock(((eLo >>> 1) | (eHi << 31)) >>> 0, eHi >>> 1, t, tag, k0, k1, blk, 0);
      dst[at + 2 * j] = blk[2 * (eLo & 1)];
      dst[at + 2 * j + 1] = blk[2 * (eLo & 1) + 1];
      eLo = (eLo + 1) >>> 0;
      if (eLo === 0) eHi = (eHi + 1) >>> 0;
    }
  }
}

/**
 * Proposals t = t0, t0+1, ... of gamma element e = (eHi:eLo) one at a time until one is accepted
 * (sets G). A Marsaglia–Tsang shape's proposal t is its pair p = e >> 1's block p (float32) or blocks 2p, 2p+1
 * (float64) of the plane (t, TAG_GAMMA_PAIR), its boost e's word(s) of the dense plane (t, TAG_GAMMA_EXP); an
 * Erlang shape's is e's word(s) of the dense planes (t, TAG_GAMMA_EXP / _EXP2 / _EXP3).
 */
function drawFrom(k0: number, k1: number, eLo: number, eHi: number, t0: number, d: number, c: number, wide: boolean): void {
  const k = erlangShape(d);
  // block e >> 2 (float32) or e >> 1 (float64) of a dense plane, word(s) of e there
  const xLo = wide ? ((eLo >>> 1) | (eHi << 31)) >>> 0 : ((eLo >>> 2) | (eHi << 30)) >>> 0;
  const xHi = wide ? eHi >>> 1 : eHi >>> 2;
  const xAt = wide ? 2 * (eLo & 1) : eLo & 3;
  const dr = scratch.denseRetry;
  if (k === 0) {
    // pair p = e >> 1: block p (float32) or 2p, 2p + 1 (float64; 2p is even: no carry)
    const pLo = ((eLo >>> 1) | (eHi << 31)) >>> 0, pHi = eHi >>> 1;
    const bLo = wide ? (pLo << 1) >>> 0 : pLo;
    const bHi = wide ? ((pHi << 1) | (pLo >>> 31)) >>> 0 : pHi;
    for (let t = t0; ; t = (t + 1) >>> 0) {
      philoxBlock(bLo, bHi, t, TAG_GAMMA_PAIR, k0, k1, scratch.pairRetry, 0);
      if (wide) philoxBlock((bLo + 1) >>> 0, bHi, t, TAG_GAMMA_PAIR, k0, k1, scratch.pairRetry, 4);
      philoxBlock(xLo, xHi, t, TAG_GAMMA_EXP, k0, k1, dr, 0);
      if (tryMT(scratch.pairRetry, 0, eLo & 1, d, c, wide, dr, xAt)) return;
    }
  }
  const d1 = dr.subarray(0, 4), d2 = dr.subarray(4, 8), d3 = dr.subarray(8, 12);
  for (let t = t0; ; t = (t + 1) >>> 0) {
    philoxBlock(xLo, xHi, t, TAG_GAMMA_EXP, k0, k1, dr, 0);
    philoxBlock(xLo, xHi, t, TAG_GAMMA_EXP2, k0, k1, dr, 4);
    philoxBlock(xLo, xHi, t, TAG_GAMMA_EXP3, k0, k1, dr, 8);
    if (tryErlang(k, wide, d1, d2, d3, xAt)) return;
  }
}

/** Scratch dv/bu of at least `count` draws. */
function draws(count: number): [Float64Array, Float64Array] {
  if (scratch.dv.length < count) {
    scratch.dv = new Float64Array(count);
    scratch.bu = new Float64Array(count);
  }
  return [scratch.dv, scratch.bu];
}

/**
 * The specification's DrawRange. The first M = `proposals` proposals of a chunk of elements come from
 * M whole planes (philoxStream); the first accepted in t order wins, and elements that reject all M
 * continue one proposal at a time (the same result for every M).
 */
export const drawRange: DrawRange = (k0, k1, eLo, eHi, count, ds, cs, period, phase, M, wide, dv, bu) => {
  const { dense1, dense2, dense3, pairPlanes } = scratch;
  const W = wide ? 8 : 4;  // pair-plane words a pair
  const EW = wide ? 2 : 1;  // dense-plane words an element
  // whole pairs (W words each): a chunk that starts at an odd element reaches into one more pair
  const per = Math.max(2, Math.floor(PLANE_WORDS / (M * W)) - 2);
  let k = phase % period;
  for (let s = 0; s < count; s += per) {
    const m = Math.min(per, count - s);
    const l = eLo + s;
    const cLo = l >>> 0;
    const cHi = (eHi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    // every plane of the M proposals, whatever the shapes read (this is the specification, not a fast path):
    // the dense planes and the pair plane of pairs p0 .. p0 + np
    const p0Lo = ((cLo >>> 1) | (cHi << 31)) >>> 0, p0Hi = cHi >>> 1;
    const np = ((cLo & 1) + m + 1) >>> 1;
    const qLo = wide ? (p0Lo << 1) >>> 0 : p0Lo;
    const qHi = wide ? ((p0Hi << 1) | (p0Lo >>> 31)) >>> 0 : p0Hi;
    for (let t = 0; t < M; t++) {
      fillPlane(k0, k1, t, TAG_GAMMA_PAIR, qLo, qHi, wide ? 2 * np : np, pairPlanes, t * W * np);
      fillDense(k0, k1, t, TAG_GAMMA_EXP, cLo, cHi, m, wide, dense1, t * EW * m);
      fillDense(k0, k1, t, TAG_GAMMA_EXP2, cLo, cHi, m, wide, dense2, t * EW * m);
      fillDense(k0, k1, t, TAG_GAMMA_EXP3, cLo, cHi, m, wide, dense3, t * EW * m);
    }
    for (let i = 0; i < m; i++) {
      const d = ds[k];
      const c = cs[k];
      if (++k === period) k = 0;
      const erl = erlangShape(d);
      const j = (cLo + i) & 1;  // the element's place in its pair, and the pair's index in the chunk
      const q = ((cLo & 1) + i) >>> 1;
      let t = 0;
      while (
        t < M && !(erl === 0
          ? tryMT(pairPlanes, (t * np + q) * W, j, d, c, wide, dense1, (t * m + i) * EW)
          : tryErlang(erl, wide, dense1, dense2, dense3, (t * m + i) * EW))
      ) t++;
      if (t === M) {
        const e = cLo + i;
        drawFrom(k0, k1, e >>> 0, (cHi + (e >= TWO_P32 ? 1 : 0)) >>> 0, M, d, c, wide);
      }
      dv[s + i] = G[0];
      bu[s + i] = G[1];
    }
  }
  return true;
};

/**
 * Gamma element e = (eHi:eLo) for shape α, float64 proposal layout, scale 1: the value gammaKernel
 * (wide) writes before its scale (negative binomial's mixing variate, docs/streams.md, "Negative binomial").
 */
export function gammaElement64(k0: number, k1: number, eLo: number, eHi: number, alpha: number): number {
  setAlpha(alpha);
  drawFrom(k0, k1, eLo, eHi, 0, MT[0], MT[1], true);
  return gammaValue(alpha, G[0], G[1]);
}

/** The gamma value of a draw: G' (α >= 1) or exp(log(G') + log(U)/α) (α < 1). */
function gammaValue(alpha: number, dv: number, boost: number): number {
  return alpha < 1 ? exp(log(dv) + log(boost) / alpha) : dv;
}

/** log of the gamma value, for α < 1 only: log(G') + log(U)/α (the exponent above). */
function gammaLog(alpha: number, dv: number, boost: number): number {
  return log(dv) + log(boost) / alpha;
}

/**
 * Gamma elements [first, first + out.length): out[i] = G·scale for α = alpha (scalar) or
 * alphas[i] (per element); the proposal layout is float64's (two blocks) when `wide`.
 */
export function gammaKernel(
  k0: number, k1: number, lo: number, hi: number, alpha: number, alphas: Float32Array | Float64Array | undefined,
  scale: number, proposals: number, wide: boolean, out: Float32Array | Float64Array,
): void {
  const n = out.length;
  const { pd, pc } = scratch;
  const [DV, BU] = draws(Math.min(n, PIECE));
  const M = proposals;
  if (alphas === undefined) {
    setAlpha(alpha);
    pd[0] = MT[0];
    pc[0] = MT[1];
  }
  for (let s = 0; s < n; s += PIECE) {
    const m = Math.min(PIECE, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    if (alphas === undefined) {
      drawRange(k0, k1, eLo, eHi, m, pd, pc, 1, 0, M, wide, DV, BU);
      for (let i = 0; i < m; i++) out[s + i] = gammaValue(alpha, DV[i], BU[i]) * scale;
    } else {
      for (let i = 0; i < m; i++) {
        setAlpha(alphas[s + i]);
        pd[i] = MT[0];
        pc[i] = MT[1];
      }
      drawRange(k0, k1, eLo, eHi, m, pd, pc, m, 0, M, wide, DV, BU);
      for (let i = 0; i < m; i++) out[s + i] = gammaValue(alphas[s + i], DV[i], BU[i]) * scale;
    }
  }
}

// ----- Dirichlet and beta: rows of K gammas, elements row·K + k of the gamma stream -----

/**
 * Normalises the row whose draws start at DV/BU[at] into scratch.row: if every α_k < 1 in log space
 * (l_k = log(G'_k) + log(U_k)/α_k, m = max l_k, e_k = exp(l_k - m), x_k = e_k / Σ e_j), else
 * x_k = G_k / Σ G_j with G_k the gamma values; sums in k order.
 */
function normaliseRow(at: number, alphas: Float64Array, allSmall: boolean, DV: Float64Array, BU: Float64Array): void {
  const K = alphas.length;
  const rowG = scratch.row;
  for (let k = 0; k < K; k++) {
    rowG[k] = allSmall ? gammaLog(alphas[k], DV[at + k], BU[at + k]) : gammaValue(alphas[k], DV[at + k], BU[at + k]);
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

function shapeTables(alphas: Float64Array): [Float64Array, Float64Array, boolean] {
  const K = alphas.length;
  const ds = new Float64Array(K);
  const cs = new Float64Array(K);
  let allSmall = true;
  for (let k = 0; k < K; k++) {
    setAlpha(alphas[k]);
    ds[k] = MT[0];
    cs[k] = MT[1];
    if (!(alphas[k] < 1)) allSmall = false;
  }
  return [ds, cs, allSmall];
}

/**
 * Dirichlet values [first, first + out.length) of the flat row-major stream: value j is component
 * j mod K of row ⌊j/K⌋, and its gamma is gamma element j (α = alphas[j mod K]). A chunk that starts
 * or ends inside a row recomputes that row's other gammas (same bits).
 */
export function dirichletKernel(
  k0: number, k1: number, lo: number, hi: number, alphas: Float64Array, proposals: number, wide: boolean,
  out: Float32Array | Float64Array, draw: DrawRange = drawRange,
): void {
  const n = out.length;
  if (n === 0) return;
  const K = alphas.length;
  if (scratch.row.length < K) scratch.row = new Float64Array(K);
  const rowG = scratch.row;
  const [ds, cs, allSmall] = shapeTables(alphas);
  let anySmall = false;  // some α < 1: its value needs the boost uniform
  for (let k = 0; k < K; k++) if (alphas[k] < 1) anySmall = true;
  // component of the first value: first mod K, from (hi·2^32 + lo) mod K without overflow
  const k0f = ((hi % K) * (TWO_P32 % K) + (lo % K)) % K;
  // gamma element of the first row's component 0: first - k0f (no borrow past 0: first >= k0f)
  let rLo = lo - k0f;
  let rHi = hi;
  if (rLo < 0) { rLo += TWO_P32; rHi -= 1; }
  const rowsPerPiece = Math.max(1, Math.floor(PIECE / K));
  let j = -k0f; // out index of the current piece's first row's component 0
  while (j < n) {
    const rows = Math.min(rowsPerPiece, Math.ceil((n - j) / K));
    const [DV, BU] = draws(rows * K);
    if (!draw(k0, k1, rLo, rHi, rows * K, ds, cs, K, 0, proposals, wide, DV, BU, anySmall)) {
      drawRange(k0, k1, rLo, rHi, rows * K, ds, cs, K, 0, proposals, wide, DV, BU);
    }
    for (let r = 0; r < rows; r++, j += K) {
      normaliseRow(r * K, alphas, allSmall, DV, BU);
      const from = j < 0 ? -j : 0;
      const to = Math.min(K, n - j);
      for (let k = from; k < to; k++) out[j + k] = rowG[k];
    }
    const l = rLo + rows * K;
    rLo = l >>> 0;
    if (l >= TWO_P32) rHi += 1;
  }
}

/**
 * Beta(a, b) element e by the gamma ratio = Dirichlet([a, b]) row e, component 0: gamma elements 2e (a) and
 * 2e+1 (b). The region a > 1 or b > 1 of beta (lib/kernels/beta.ts betaKernel runs Jöhnk's where a, b ≤ 1).
 */
export function betaRatioKernel(
  k0: number, k1: number, lo: number, hi: number, a: number, b: number, proposals: number, wide: boolean,
  out: Float32Array | Float64Array, draw: DrawRange = drawRange,
): void {
  const n = out.length;
  const alphas = new Float64Array([a, b]);
  const [ds, cs, allSmall] = shapeTables(alphas);
  const half = PIECE / 2;
  for (let s = 0; s < n; s += half) {
    const m = Math.min(half, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0;
    // gamma element 2e, 64-bit
    const [DV, BU] = draws(2 * m);
    const gLo = (eLo << 1) >>> 0, gHi = ((eHi << 1) | (eLo >>> 31)) >>> 0;
    if (!draw(k0, k1, gLo, gHi, 2 * m, ds, cs, 2, 0, proposals, wide, DV, BU)) {
      drawRange(k0, k1, gLo, gHi, 2 * m, ds, cs, 2, 0, proposals, wide, DV, BU);
    }
    for (let i = 0; i < m; i++) {
      normaliseRow(2 * i, alphas, allSmall, DV, BU);
      out[s + i] = scratch.row[0];
    }
  }
}

// ----- Exponential on the raw stream -----

/**
 * Exponential(rate) elements: u in (0, 1] from the raw stream (float32: word j, u = (w+1)·2^-32;
 * float64: words 2j, 2j+1, u = (k+1)·2^-53); value = (0 - log(u)) / rate (0 - log(1) = +0).
 */
export function exponentialKernel(
  k0: number, k1: number, lo: number, hi: number, rate: number, wide: boolean, out: Float32Array | Float64Array,
): void {
  const n = out.length;
  const { words: ebuf, u: ubuf } = scratch;
  for (let s = 0; s < n; s += CHUNK) {
    const m = Math.min(CHUNK, n - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    if (wide) {
      // uniform64 element j is k53·2^-53 from the same two words (WASM-fast); u = that + 2^-53, exact.
      uniform64(k0, k1, l, h, 0, 1, ubuf.subarray(0, m));
      for (let i = 0; i < m; i++) out[s + i] = (0 - log(ubuf[i] + TWO_M53)) / rate;
    } else {
      philoxStream(k0, k1, 0, TAG_RAW, l, h, ebuf, 0, m);
      for (let i = 0; i < m; i++) out[s + i] = (0 - log((ebuf[i] + 1) * TWO_M32)) / rate;
    }
  }
}
