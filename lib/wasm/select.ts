/**
 * The fast kernels of permutations and sampling without replacement (docs/streams.md, "Permutations and
 * sampling without replacement"): the same bits as the specification, lib/kernels/select.ts.
 *
 * The fast kernel of weighted sampling without replacement: the specification (lib/kernels/select.ts)
 * with its logs through the WebAssembly module's vector log, which gives lib/core/math's bits — the
 * logs are most of the work of a weighted sample. Declines (false) without the module or below
 * SAMPLERS_WASM_MIN weights.
 */
import type { KernelArgs } from '../core/job.js';
import { permutationKernel, permutationPartKernel, weightedSampleKernel } from '../kernels/select.js';
import {
  logInPlaceWasm, PERM_BITS_MAX, PERM_CAP, permutationModule, SAMPLERS_WASM_MIN, samplersWasmAvailable,
} from './samplers.js';

export function weightedSampleWasm({ k0, k1, params, out }: KernelArgs): boolean {
  const w = params.weights as Float32Array | Float64Array;
  if (w.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  weightedSampleKernel(k0, k1, w, out as Int32Array | Uint32Array | Float64Array, logInPlaceWasm);
  return true;
}

/** Fewest items the module's permutation is worth: from about 40 items on the whole call is faster than
 *  with the specification (2026-11-29, A/B in one process: 0.77–0.88× the time at 48–63 items, even at
 *  32–38; at 512 items 7.5 against 15 µs). */
export const PERMUTATION_WASM_MIN = 40;
/** Most items: up to here the 2^PERM_BITS_MAX buckets hold about 2^11 items each, far below PERM_CAP. */
const PERMUTATION_WASM_MAX = 1 << 25;

type IndexArray = Int32Array | Uint32Array | Float64Array;

/**
 * The permutation of [0, out.length) (a whole one: population = out.length), samplers.cc's "whole
 * permutations" (the same bits as permutationKernel): the module counts the items per bucket of high
 * words, gives each item's position bucket by bucket, which is stored here as `out[position] = index`,
 * then sorts runs of whole buckets copied in and out of its buffer. No memory but the module's fixed
 * buffers and `out`. Declines (false) outside [PERMUTATION_WASM_MIN, 2^25] items, for a partial
 * result, without the module, or (never seen: a bucket holds ~2^8 items on average, at most 2^11) when
 * a bucket would not fit the module's buffer. One part of it (params `part`, `parts`: the pool's, when the
 * host kernel declined its part) is the whole one in a temporary, its range copied.
 */
export function permutationWasm({ k0, k1, params, out: o }: KernelArgs): boolean {
  const n = params.population as number, out = o as IndexArray;
  if (n < PERMUTATION_WASM_MIN || n > PERMUTATION_WASM_MAX || out.length !== n) return false;
  if (!samplersWasmAvailable()) return false;
  if (params.parts !== undefined) {  // one part (permutationPartKernel): the whole one here, its range copied
    permutationPartKernel(k0, k1, params.part as number, params.parts as number, out, (w) => {
      if (!wholeWasm(k0, k1, n, w)) permutationKernel(k0, k1, n, w);
    });
    return true;
  }
  return wholeWasm(k0, k1, n, out);
}

function wholeWasm(k0: number, k1: number, n: number, out: IndexArray): boolean {
  const pm = permutationModule();
  // About 2^8 items per bucket: a bucket's counting sort then has about one item per sub-bucket.
  const bits = Math.max(1, Math.min(PERM_BITS_MAX, 32 - Math.clz32(Math.max(1, n >>> 8) - 1)));
  const ibits = 32 - Math.clz32(n - 1);
  if (pm.hist(k0, k1, n, bits) > PERM_CAP) return false;
  const pos = pm.idx, val = pm.val;
  for (let first = 0; first < n; first += PERM_CAP) {
    const m = Math.min(PERM_CAP, n - first);
    pm.place(k0, k1, first, m, bits, ibits);
    for (let j = 0; j < m; j++) out[pos[j]] = val[j];
  }
  const starts = pm.starts, nb = 1 << bits;
  const view = out instanceof Int32Array ? pm.idxI32 : pm.idx;  // a plain copy where the types agree
  for (let b0 = 0; b0 < nb;) {
    let b1 = b0 + 1;
    while (b1 < nb && starts[b1 + 1] - starts[b0] <= PERM_CAP) b1++;
    const s = starts[b0], e = starts[b1];
    view.set(out.subarray(s, e));
    pm.sort(k0, k1, b0, b1, ibits);
    out.set(view.subarray(0, e - s), s);
    b0 = b1;
  }
  return true;
}
