/**
 * Instantiating the project's WebAssembly modules (lib/core/wasm/philox.wat, lib/wasm/samplers.cc). Both
 * are optional fast paths with the same bits as the JavaScript code: a module is used only when
 * WebAssembly exists, CUDA_RANDOM_NO_WASM does not turn it off (anything but '' or '0'), it
 * instantiates, and its caller's setup (views, known-answer self-test) does not throw.
 */
import { ownEnv } from '../records.js';

/**
 * The few WebAssembly JS API members used here. tsconfig's lib (ES2022) and @types/node 20 declare no
 * WebAssembly namespace, so it is described locally and read from globalThis.
 */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
}

function disabledByEnv(): boolean {
  const v = ownEnv('CUDA_RANDOM_NO_WASM');
  return v !== undefined && v !== '' && v !== '0';
}

/**
 * The module in `base64` instantiated, with `setup` run on its exports; or why it is unusable
 * (`what` names the module in that reason).
 */
export function loadWasm<T>(base64: string, what: string, setup: (exports: T) => void): { exports: T } | { reason: string } {
  if (disabledByEnv()) return { reason: 'disabled by CUDA_RANDOM_NO_WASM' };
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (typeof wasm !== 'object' || wasm === null) return { reason: 'WebAssembly is not available' };
  try {
    const bytes = Buffer.from(base64, 'base64');
    const exports = new wasm.Instance(new wasm.Module(bytes), {}).exports as unknown as T;
    setup(exports);
    return { exports };
  } catch (e) {
    return { reason: `${what} unavailable: ${(e as Error).message}` };
  }
}
