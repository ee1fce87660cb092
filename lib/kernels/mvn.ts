/**
 * Multivariate normal rows (docs/streams.md, "Multivariate normal"): row r of dimension d is x = mean + L·z, z the
 * Box–Muller elements r·d .. r·d + d − 1 of the key's stream for the dtype (mean 0, std 1), L the lower
 * Cholesky factor of cov, computed once on the host (cholesky below) and given to every backend as it
 * is. Value k of a row: s = 0; s = s + L[k][i]·z_i for i = 0..k in order; x_k = mean_k + s. C++ twin:
 * cuda/include/cr_mvn.h.
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

