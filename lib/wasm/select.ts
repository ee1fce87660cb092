/**
 * The fast kernel of weighted sampling without replacement: the specification (lib/kernels/select.ts)
 * with its logs through the WebAssembly module's vector log, which gives lib/core/math's bits — the
 * logs are most of the work of a weighted sample. Declines (false) without the module or below
 * SAMPLERS_WASM_MIN weights.
 */
import type { KernelArgs } from '../core/job.js';
import { weightedSampleKernel } from '../kernels/select.js';
import { logInPlaceWasm, SAMPLERS_WASM_MIN, samplersWasmAvailable } from './samplers.js';

export function weightedSampleWasm({ k0, k1, params, out }: KernelArgs): boolean {
  const w = params.weights as Float32Array | Float64Array;
  if (w.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  weightedSampleKernel(k0, k1, w, out as Int32Array | Uint32Array | Float64Array, logInPlaceWasm);
  return true;
}
