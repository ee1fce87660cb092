/**
 * The WebAssembly Philox module's uniform maps (lib/core/wasm/philox.ts) as fast kernels of the
 * uniform ops: the module writes u itself (the same bits as lib/kernels/raw.ts); ranges other than
 * [0, 1) are mapped in place, reading u back exactly. Each declines (false) below WASM_MIN_WORDS or
 * without the module.
 */
import type { KernelArgs } from '../core/job.js';
import { TAG_RAW } from '../core/layout.js';
import { WASM_MIN_WORDS } from '../core/philox.js';
import { philoxUniform32Wasm, philoxUniform64Wasm, wasmAvailable } from '../core/wasm/philox.js';

function mapRange(out: Float32Array | Float64Array, low: number, high: number): void {
  if (low === 0 && high === 1) return;
  const span = high - low;
  for (let i = 0; i < out.length; i++) out[i] = low + span * out[i];
}

export function uniform32Wasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  const n = out.length;
  if (n < WASM_MIN_WORDS || !wasmAvailable()) return false;
  philoxUniform32Wasm(k0, k1, 0, TAG_RAW, lo, hi, out as Float32Array, 0, n);
  mapRange(out as Float32Array, params.low as number, params.high as number);
  return true;
}

export function uniform64Wasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  const n = out.length;
  if (n < WASM_MIN_WORDS || !wasmAvailable()) return false;
  // first word index 2·(hi:lo)
  philoxUniform64Wasm(k0, k1, 0, TAG_RAW, (lo << 1) >>> 0, ((hi << 1) | (lo >>> 31)) >>> 0, out as Float64Array, 0, n);
  mapRange(out as Float64Array, params.low as number, params.high as number);
  return true;
}
