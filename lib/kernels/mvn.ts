/**
 * Multivariate normal rows (docs/streams.md, "Multivariate normal"): row r of dimension d is x = mean + L·z, z the
 * Box–Muller elements r·d .. r·d + d − 1 of the key's stream for the dtype (mean 0, std 1), L the lower
 * Cholesky factor of cov, computed once on the host (cholesky below) and given to every backend as it
 * is. Value k of a row: s = 0; s = s + L[k][i]·z_i for i = 0..k in order; x_k = mean_k + s. C++ twin:
 * cuda/include/cr_mvn.h. mvnKernel is the specification; mvnBulk gives its bits with the normals drawn in
 * bulk (the CPU fast path, lib/wasm/samplers.ts mvnWasm).
 */
import { boxMuller } from './normal.js';

/** Relative tolerance of the symmetry and semi-definiteness checks: entries and pivots are compared
 *  with MVN_TOL·max_i cov[i][i]. */
export const MVN_TOL = 1e-10;

/**
 * The lower Cholesky factor of the d×d matrix c (row-major, symmetrised as (c_ij + c_ji)/2), packed by
 * rows (row k holds L[k][0..k] at k(k+1)/2). Positive semi-definite matrices are allowed: a pivot within
 * the tolerance of 0 gives a zero column (its entries below must then be within the tolerance of 0
 * too). Throws a RangeError naming `name` for a matrix that is not symmetric or not positive
 * semi-definite within the tolerance.
 */
export function cholesky(c: Float64Array, d: number, name: string): Float64Array {
  let big = 0;
  for (let i = 0; i < d; i++) big = Math.max(big, Math.abs(c[i * d + i]));
  try {
    return factor(c, d, name, big, 1);
  } catch (e) {
    // A factor entry near √MAX can square past the binary64 maximum (cov = [[MAX, MAX], [MAX, MAX]]
    // gave pivot −∞). Only for such matrices, and only once the plain attempt has failed, factor
    // 2^−8·cov instead: scaling by a power of two is exact while nothing underflows, so the factor is
    // the exact 2^−4 multiple of the unbounded one. Matrices the plain attempt accepts keep every bit.
    if (!(e instanceof RangeError) || !(big > 2 ** 1000)) throw e;
    const L = factor(c, d, name, big, 2 ** -8);
    for (let i = 0; i < L.length; i++) L[i] *= 16;
    return L;
  }
}

/** cholesky() of scale·c (scale a power of two; the messages quote unscaled values). */
function factor(c: Float64Array, d: number, name: string, big: number, scale: number): Float64Array {
  const tol = MVN_TOL * big * scale;
  const a = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    if (!(c[i * d + i] >= 0)) throw new RangeError(`${name} is not positive semi-definite: ${name}[${i}][${i}] = ${c[i * d + i]} < 0`);
    for (let j = 0; j < d; j++) {
      const x = c[i * d + j], y = c[j * d + i];
      if (Math.abs(x - y) > MVN_TOL * big) throw new RangeError(`${name} must be symmetric: ${name}[${i}][${j}] = ${x} but ${name}[${j}][${i}] = ${y}`);
      // x + y overflows only for entries near the binary64 maximum (both of one sign); halving each
      // first is then exact and gives the correctly rounded mean. Every sum that stays finite keeps the
      // original 0.5·(x + y), so no factor, and no output bit, changes for other matrices.
      const sum = x * scale + y * scale;
      a[i * d + j] = Number.isFinite(sum) ? 0.5 * sum : 0.5 * x + 0.5 * y;
    }
  }
  const L = new Float64Array((d * (d + 1)) / 2);
  const at = (k: number, i: number) => (k * (k + 1)) / 2 + i;
  for (let j = 0; j < d; j++) {
    let p = a[j * d + j];
    for (let k = 0; k < j; k++) p -= L[at(j, k)] * L[at(j, k)];
    // Written so that NaN fails: an overflowed entry (∞·0 below) must be refused, not sampled.
    if (!(p >= -tol)) throw new RangeError(`${name} is not positive semi-definite (pivot ${j} is ${p / scale}; tolerance ${tol / scale})`);
    const ljj = p > tol ? Math.sqrt(p) : 0;
    L[at(j, j)] = ljj;
    for (let i = j + 1; i < d; i++) {
      let s = a[i * d + j];
      for (let k = 0; k < j; k++) s -= L[at(i, k)] * L[at(j, k)];
      if (ljj === 0) {
        if (!(Math.abs(s) <= tol)) throw new RangeError(`${name} is not positive semi-definite (column ${j} is singular but ${name}[${i}][${j}] is not explained)`);
        L[at(i, j)] = 0;
      } else {
        L[at(i, j)] = s / ljj;
      }
    }
  }
  return L;
}

type Floats = Float32Array | Float64Array;

let zbuf = new Float64Array(64);

/**
 * Flat values [first, first + out.length) of the row-major stream (value j: component j mod d of row
 * j div d), first = hi·2^32 + lo; lm = (mean_0..mean_d−1, L packed by rows).
 */
export function mvnKernel(k0: number, k1: number, lo: number, hi: number, d: number, lm: Float64Array, wide: boolean, out: Float32Array | Float64Array): void {
  const n = out.length;
  if (n === 0) return;
  if (zbuf.length < d) zbuf = new Float64Array(d);
  const z = zbuf.subarray(0, d);
  const first = BigInt(hi) * 2n ** 32n + BigInt(lo);
  const bd = BigInt(d);
  let row = first / bd;
  let j = -Number(first % bd);  // out index of the current row's component 0
  while (j < n) {
    const e = row * bd;
    boxMuller(k0, k1, Number(e % 2n ** 32n), Number(e / 2n ** 32n), 0, 1, wide, z);
    const to = Math.min(d, n - j);
    for (let k = j < 0 ? -j : 0; k < to; k++) {
      const base = d + (k * (k + 1)) / 2;
      let s = 0;
      for (let i = 0; i <= k; i++) s = s + lm[base + i] * z[i];
      out[j + k] = lm[k] + s;
    }
    j += d;
    row += 1n;
  }
}

/** Box–Muller elements [first, first + z.length) of the float64 (wide) or float32 stream, mean 0, std 1, in
 *  binary64 (before any rounding to float32), first = (hi:lo); false declines (nothing written). */
export type NormalFill = (k0: number, k1: number, lo: number, hi: number, wide: boolean, z: Float64Array) => boolean;

/** Normals per bulk fill: 8192 is one module call of the float32 stream's binary64 values (lib/wasm). */
const BULK_Z = 8192;
let bulkZ = new Float64Array(BULK_Z);

/**
 * mvnKernel's values with the normals drawn in bulk by `fill` (the specification's boxMuller where it
 * declines): z_i of row r is normal element r·d + i (docs/streams.md, "Multivariate normal"), so one run
 * of elements serves consecutive rows. The same z, the same sums in the same order: the same bits, with
 * one 64-bit division per call instead of BigInt arithmetic and a Box–Muller call per row. Rows go in
 * chunks of ⌊BULK_Z/d⌋ (at least one); the first row may start before out[0] (first mid-row), the last
 * may end after out's end.
 */
export function mvnBulk(
  k0: number, k1: number, lo: number, hi: number, d: number, lm: Float64Array, wide: boolean,
  out: Float32Array | Float64Array, fill: NormalFill,
): void {
  const n = out.length;
  if (n === 0) return;
  const first = BigInt(hi) * 2n ** 32n + BigInt(lo);
  const bd = BigInt(d);
  const e0 = (first / bd) * bd;  // element r·d of the first row r
  let eLo = Number(e0 % 2n ** 32n), eHi = Number(e0 / 2n ** 32n);
  let j = -Number(first % bd);  // out index of the current row's component 0
  const perChunk = Math.max(1, Math.floor(BULK_Z / d));
  if (bulkZ.length < perChunk * d) bulkZ = new Float64Array(perChunk * d);
  while (j < n) {
    const rows = Math.min(perChunk, Math.ceil((n - j) / d));
    const z = bulkZ.subarray(0, rows * d);
    if (!fill(k0, k1, eLo, eHi, wide, z)) boxMuller(k0, k1, eLo, eHi, 0, 1, wide, z);
    eLo += rows * d;
    if (eLo >= 2 ** 32) {
      eLo -= 2 ** 32;
      eHi = (eHi + 1) >>> 0;
    }
    let r = 0;
    for (; r < rows && j < 0; r++, j += d) partRow(d, lm, z, r * d, out, j);  // the row started before out[0]
    for (; r + 4 <= rows && j + 4 * d <= n; r += 4, j += 4 * d) fourRows(d, lm, z, r * d, out, j);
    for (; r < rows; r++, j += d) partRow(d, lm, z, r * d, out, j);
  }
}

/** Values max(0, −j) .. min(d, n − j) − 1 of the row with normals z[zr ..] into out[j ..]. */
function partRow(d: number, lm: Float64Array, z: Float64Array, zr: number, out: Floats, j: number): void {
  const from = j < 0 ? -j : 0, to = Math.min(d, out.length - j);
  let p = d + (from * (from + 1)) / 2;  // L[from][0] in lm
  for (let k = from; k < to; k++) {
    let s = 0;
    for (let i = 0; i <= k; i++) s = s + lm[p++] * z[zr + i];
    out[j + k] = lm[k] + s;
  }
}

/** Four whole rows (normals z[zr ..], values out[j ..]). Each row's sums are partRow's, in its order; the
 *  four independent chains side by side hide the add latency a single chain of k + 1 terms waits on. */
function fourRows(d: number, lm: Float64Array, z: Float64Array, zr: number, out: Floats, j: number): void {
  const z1 = zr + d, z2 = z1 + d, z3 = z2 + d;
  let p = d;
  for (let k = 0; k < d; k++, p += k) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let i = 0; i <= k; i++) {
      const l = lm[p + i];
      s0 = s0 + l * z[zr + i];
      s1 = s1 + l * z[z1 + i];
      s2 = s2 + l * z[z2 + i];
      s3 = s3 + l * z[z3 + i];
    }
    const m = lm[k];
    out[j + k] = m + s0;
    out[j + d + k] = m + s1;
    out[j + 2 * d + k] = m + s2;
    out[j + 3 * d + k] = m + s3;
  }
}

