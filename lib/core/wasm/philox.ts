/**
 * WebAssembly SIMD fast path of the Philox4x32-10 stream (lib/core/wasm/philox.wat): four blocks per
 * i32x4 with real 32x32->64 multiplies, bit-identical to lib/core/philox.ts. philoxStream delegates here
 * for long runs; lib/kernels/raw.ts uses the float variants.
 *
 * The module is instantiated synchronously on first use (about 2 KB, compiled in well under a ms).
 * If WebAssembly or SIMD is missing, instantiation throws, the known-answer self-test fails, or the
 * environment sets CUDA_RANDOM_NO_WASM=1 (anything but 0, 1 or empty is a RangeError), wasmAvailable() is false and
 * callers keep the JS path, which gives the same bits.
 *
 * This file must not import lib/core/philox.ts (philoxStream imports it).
 */
import { PHILOX_WASM_BASE64 } from './philox.wasm.js';
import { loadWasm } from './load.js';

type Fill = (
  k0: number, k1: number, c2: number, c3: number, blockLo: number, blockHi: number,
  nblocks: number, out: number,
) => void;

export interface PhiloxExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  fill: Fill;
  fill_f32: Fill;
  fill_f64: Fill;
  alias_pick(n: number, t: number, m: number, words: number, rows: number, out: number): number;
}

/**
 * Byte offset of the scratch region: the module keeps bytes [0, 128) for its own tail buffer. Every
 * mode writes 16 bytes per block, so the scratch holds CHUNK_BLOCKS blocks in each view.
 */
export const SCRATCH = 128;
/** Blocks per module call: 4096 blocks = 16384 words = 64 KiB, small enough to stay in L2. */
export const CHUNK_BLOCKS = 4096;

let state: 'unknown' | 'ready' | 'off' = 'unknown';
let reason = '';
let ex!: PhiloxExports;
let fill!: Fill;
let fill32!: Fill;
let fill64!: Fill;
let words!: Uint32Array;
let floats32!: Float32Array;
let floats64!: Float64Array;

function init(): void {
  const loaded = loadWasm<PhiloxExports>(PHILOX_WASM_BASE64, 'WebAssembly SIMD module', (e) => {
    ex = e;
    if (ex.memory.buffer.byteLength < SCRATCH + 16 * CHUNK_BLOCKS) throw new Error('module memory smaller than the scratch');
    refreshViews();
    // Known answers (Random123 kat_vectors, philox4x32 10): a wrong engine must not change bits.
    ex.fill(0, 0, 0, 0, 0, 0, 1, SCRATCH);
    ex.fill(-1, -1, -1, -1, -1, -1, 1, SCRATCH + 16);
    const kat = [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8, 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd];
    for (let i = 0; i < 8; i++) if (words[i] !== kat[i]) throw new Error('known-answer self-test failed');
  });
  if (Object.hasOwn(loaded, 'reason') && 'reason' in loaded) {  // own: not a polluted Object.prototype.reason
    state = 'off';
    reason = loaded.reason;
    return;
  }
  fill = ex.fill;
  fill32 = ex.fill_f32;
  fill64 = ex.fill_f64;
  state = 'ready';
  reason = '';
}

function refreshViews(): void {
  const buf = ex.memory.buffer;
  words = new Uint32Array(buf, SCRATCH, 4 * CHUNK_BLOCKS);
  floats32 = new Float32Array(buf, SCRATCH, 4 * CHUNK_BLOCKS);
  floats64 = new Float64Array(buf, SCRATCH, 2 * CHUNK_BLOCKS);
}

/**
 * The module's exports with at least `bytes` of memory, for sibling modules that keep their own data
 * above the scratch (lib/wasm/alias.ts). Growing detaches the old memory buffer, so callers must take
 * views of `exports.memory.buffer` after this call. Throws if !wasmAvailable().
 */
export function wasmExports(bytes = 0): PhiloxExports {
  ensure();
  const have = ex.memory.buffer.byteLength;
  if (bytes > have) {
    ex.memory.grow(Math.ceil((bytes - have) / 65536));
    refreshViews();
  }
  return ex;
}

/** True when the WASM SIMD path can be used (instantiates the module on the first call). */
export function wasmAvailable(): boolean {
  if (state === 'unknown') init();
  return state === 'ready';
}

/** Why wasmAvailable() is false ('' when it is true). */
export function wasmUnavailableReason(): string {
  wasmAvailable();
  return reason;
}

function ensure(): void {
  if (!wasmAvailable()) throw new Error(`cuda-random: ${reason}`);
}

/**
 * Chunked driver shared by the three forms. perBlock outputs per block; `lane` is the position of
 * the first output inside its block. Block (b1:b0) advances with the carry philoxStream uses.
 */
function drive(
  f: Fill, view: Uint32Array | Float32Array | Float64Array, perBlock: number,
  k0: number, k1: number, c2: number, c3: number, b0: number, b1: number, lane: number,
  dst: Uint32Array | Float32Array | Float64Array, start: number, count: number,
): void {
  let i = start;
  // Like the JS loop, whose typed-array writes past the end are no-ops: write what fits.
  let left = Math.min(count, dst.length - start);
  while (left > 0) {
    const nb = Math.min(CHUNK_BLOCKS, Math.ceil((lane + left) / perBlock));
    f(k0, k1, c2, c3, b0, b1, nb, SCRATCH);
    const take = Math.min(nb * perBlock - lane, left);
    // Short runs: a plain loop, which is cheaper than allocating a subarray for set().
    if (take <= 16) for (let j = 0; j < take; j++) dst[i + j] = view[lane + j];
    else dst.set(view.subarray(lane, lane + take) as never, i);
    i += take;
    left -= take;
    lane = 0;
    b0 += nb;
    if (b0 > 0xffffffff) {
      b0 -= 0x100000000;
      b1 = (b1 + 1) >>> 0;
    }
  }
}

/**
 * Exactly philoxStream (lib/core/philox.ts): fills dst[start .. start+count) with words of the stream
 * "counter = (b mod 2^32, b div 2^32, c2, c3), word = 4b + lane" from word index firstHi·2^32 +
 * firstLo. Throws if !wasmAvailable().
 */
export function philoxStreamWasm(
  k0: number, k1: number, c2: number, c3: number,
  firstLo: number, firstHi: number,
  dst: Uint32Array, start: number, count: number,
): void {
  if (count <= 0) return;
  ensure();
  drive(fill, words, 4, k0, k1, c2, c3,
    ((firstLo >>> 2) | (firstHi << 30)) >>> 0, firstHi >>> 2, firstLo & 3, dst, start, count);
}

/**
 * dst[start + j] = (word (first + j) >>> 8) · 2^-24 for the same stream as philoxStreamWasm (the
 * float32 map of docs/streams.md, "Uniform floats"). Throws if !wasmAvailable().
 */
export function philoxUniform32Wasm(
  k0: number, k1: number, c2: number, c3: number,
  firstLo: number, firstHi: number,
  dst: Float32Array, start: number, count: number,
): void {
  if (count <= 0) return;
  ensure();
  drive(fill32, floats32, 4, k0, k1, c2, c3,
    ((firstLo >>> 2) | (firstHi << 30)) >>> 0, firstHi >>> 2, firstLo & 3, dst, start, count);
}

/**
 * dst[start + j] = ((a >>> 5) · 2^26 + (b >>> 6)) · 2^-53 with a, b = words first + 2j, first + 2j + 1
 * (the float64 map of docs/streams.md, "Uniform floats"). The word index first = firstHi·2^32 + firstLo must be even.
 * Throws if !wasmAvailable().
 */
export function philoxUniform64Wasm(
  k0: number, k1: number, c2: number, c3: number,
  firstLo: number, firstHi: number,
  dst: Float64Array, start: number, count: number,
): void {
  if (count <= 0) return;
  if (firstLo & 1) throw new RangeError('philoxUniform64Wasm: the first word index must be even');
  ensure();
  drive(fill64, floats64, 2, k0, k1, c2, c3,
    ((firstLo >>> 2) | (firstHi << 30)) >>> 0, firstHi >>> 2, (firstLo & 3) >>> 1, dst, start, count);
}
