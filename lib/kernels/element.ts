/**
 * The one CPU kernel of the element samplers (lib/samplers/element.ts; docs/streams.md, "Element
 * samplers"): element e = first + i is f(k0, k1, e mod 2^32, e div 2^32, p), a function of blocks of
 * its own sub-stream; with per-element columns cols[k] (length out.length), element i's p is
 * (cols[0][i], cols[1][i], …) instead. The value is f's binary64 result rounded once to the output type.
 */

/** Element (eHi:eLo) for parameters p (in the order cuda/include/cr_elements.h's sampler reads them). */
export type ElementFn = (k0: number, k1: number, eLo: number, eHi: number, p: Float64Array) => number;

const TWO_P32 = 4294967296;
const row = new Float64Array(8);

/** Elements [first, first + out.length) of f, first = hi·2^32 + lo. */
export function elementKernel(
  k0: number, k1: number, lo: number, hi: number, f: ElementFn, p: Float64Array, out: Float32Array | Float64Array,
  cols?: readonly (Float32Array | Float64Array)[],
): void {
  for (let i = 0; i < out.length; i++) {
    const l = lo + i;
    if (cols) for (let k = 0; k < cols.length; k++) row[k] = cols[k][i];
    out[i] = f(k0, k1, l >>> 0, (hi + (l >= TWO_P32 ? 1 : 0)) >>> 0, cols ? row : p);
  }
}
