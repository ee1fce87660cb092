/**
 * WebAssembly SIMD fast kernels of the samplers (lib/wasm/samplers.cc): Box–Muller, exponential, polar,
 * the gamma draws (and Student's t and F made of them) and the transforms, two binary64 lanes per f64x2,
 * and the element samplers, one element at a time; bit-identical to the JavaScript kernels of
 * lib/kernels (normal.ts, gamma.ts, ratios.ts, transform.ts, element.ts), which remain the specification.
 * The registry (lib/samplers) names them as its ops' fast kernels; the CPU backend runs one where it applies.
 *
 * The module computes whole Philox blocks into its own memory; the functions here map element
 * ranges onto blocks, call it in chunks and copy the requested elements out. Each returns false
 * (writing nothing) when it does not apply, so the specification kernel runs.
 *
 * The module is off when WebAssembly SIMD is missing, it fails to instantiate or its self-test fails,
 * or CUDA_RANDOM_NO_WASM=1 (anything but 0, 1 or empty is a RangeError).
 */
import { SAMPLERS_WASM_BASE64 } from './samplers.wasm.js';
import { loadWasm } from '../core/wasm/load.js';
import type { KernelArgs, OutArray } from '../core/job.js';
import { betaRatioKernel, dirichletKernel, type DrawRange } from '../kernels/gamma.js';
import { isJohnk } from '../kernels/beta.js';
import { fKernel, studentTKernel, type RatioDraws } from '../kernels/ratios.js';
import { weightTails } from '../kernels/binomial.js';
import { mvnBulk } from '../kernels/mvn.js';
import { philoxBlock } from '../core/philox.js';
import { TAG_NEGATIVE_BINOMIAL, TAG_POISSON } from '../core/layout.js';
import { log } from '../core/math/log.js';
import { log1p } from '../core/math/log1p.js';
import { exp } from '../core/math/exp.js';
import { sincos2pi } from '../core/math/sincos.js';

interface SamplerExports {
  memory: { buffer: ArrayBuffer };
  buffer(i: number): number;
  bm_fill(k0: number, k1: number, blo: number, bhi: number, nblocks: number, wide: number, mean: number, std: number): void;
  expo_fill(k0: number, k1: number, blo: number, bhi: number, nblocks: number, wide: number, rate: number): void;
  polar_fill(k0: number, k1: number, elo: number, ehi: number, npairs: number, wide: number, mean: number, std: number): void;
  gamma_setup(n: number): void;
  gamma_fill(
    k0: number, k1: number, elo: number, ehi: number, count: number, period: number, phase: number,
    wide: number, mode: number, scale: number,
  ): void;
  beta_fill(k0: number, k1: number, elo: number, ehi: number, count: number, wide: number, a: number, b: number): void;
  bernoulli_fill(k0: number, k1: number, blo: number, bhi: number, nblocks: number, p: number): void;
  geometric_fill(k0: number, k1: number, blo: number, bhi: number, nblocks: number, L: number): void;
  integers_fill(k0: number, k1: number, blo: number, bhi: number, nblocks: number, f64: number, low: number, high: number): void;
  transform_fill(
    k0: number, k1: number, blo: number, bhi: number, nblocks: number, wide: number, id: number,
    p0: number, p1: number, p2: number, p3: number, p4: number, p5: number, p6: number, p7: number,
  ): number;
  element_fill(
    k0: number, k1: number, elo: number, ehi: number, count: number, wide: number, id: number, generic: number,
    p0: number, p1: number, p2: number, p3: number, p4: number, p5: number, p6: number, p7: number,
  ): number;
  count_fill(k0: number, k1: number, elo: number, ehi: number, count: number, kind: number, per: number, tag: number): void;
  multinomial_fill(k0: number, k1: number, elo: number, ehi: number, rows: number, K: number, count: number): void;
  vlog_n(n: number): void;
  vexp_n(n: number): void;
  inversion_n(kind: number, n: number): void;
  group_inversion_n(kind: number, n: number): void;
  vsincos_n(n: number): void;
  perm_buffer(i: number): number;
  perm_hist(k0: number, k1: number, n: number, bits: number): number;
  perm_place(k0: number, k1: number, first: number, m: number, bits: number, ibits: number): void;
  perm_sort(k0: number, k1: number, b0: number, b1: number, ibits: number): void;
}

/** The module's whole-permutation calls and buffers (samplers.cc, "whole permutations"; lib/wasm/select.ts). */
export interface PermutationModule {
  hist(k0: number, k1: number, n: number, bits: number): number;
  place(k0: number, k1: number, first: number, m: number, bits: number, ibits: number): void;
  sort(k0: number, k1: number, b0: number, b1: number, ibits: number): void;
  /** The bucket starts of the last hist (2^bits + 1 of them). */
  starts: Uint32Array;
  /** PERM_IDX as uint32 and int32 (place's positions; sort's values in, indices out), PERM_CAP entries. */
  idx: Uint32Array;
  idxI32: Int32Array;
  /** PERM_VAL: place's values. */
  val: Uint32Array;
}

/** The module's chunk sizes (samplers.cc CHUNK_BLOCKS, CHUNK_ELEMS). */
const CHUNK_BLOCKS = 4096;
const CHUNK_ELEMS = 4096;
/**
 * Fewest elements worth a module call. A call computes at least one 8-block step (16 to 32 values),
 * ~0.4-0.6 us; measured per call: float32 Box–Muller breaks even at 8 elements, the others win from 2-4,
 * and at 16 every sampler is 1.5-3x faster in WASM than in the JS loop.
 */
export const SAMPLERS_WASM_MIN = 16;

let state: 'unknown' | 'ready' | 'off' = 'unknown';
let reason = '';
let ex!: SamplerExports;
let out64!: Float64Array;
let out32!: Float32Array;
let outU32!: Uint32Array;
let outI32!: Int32Array;
let outU8!: Uint8Array;
let aux!: Float64Array;
let alphaBuf!: Float64Array;
let dsBuf!: Float64Array;
let csBuf!: Float64Array;
let perm!: PermutationModule;
/** samplers.cc PERM_BITS_MAX, PERM_CAP. */
export const PERM_BITS_MAX = 14;
export const PERM_CAP = 4096;

function init(): void {
  const loaded = loadWasm<SamplerExports>(SAMPLERS_WASM_BASE64, 'WebAssembly SIMD sampler module', (e) => {
    ex = e;
    const mem = ex.memory.buffer;
    out64 = new Float64Array(mem, ex.buffer(0), 2 * CHUNK_BLOCKS);
    out32 = new Float32Array(mem, ex.buffer(0), 4 * CHUNK_BLOCKS);
    outU32 = new Uint32Array(mem, ex.buffer(0), 4 * CHUNK_BLOCKS);
    outI32 = new Int32Array(mem, ex.buffer(0), 4 * CHUNK_BLOCKS);
    outU8 = new Uint8Array(mem, ex.buffer(0), 16 * CHUNK_BLOCKS);
    aux = new Float64Array(mem, ex.buffer(1), CHUNK_ELEMS);
    alphaBuf = new Float64Array(mem, ex.buffer(2), CHUNK_ELEMS);
    dsBuf = new Float64Array(mem, ex.buffer(3), CHUNK_ELEMS);
    csBuf = new Float64Array(mem, ex.buffer(4), CHUNK_ELEMS);
    perm = {
      hist: ex.perm_hist, place: ex.perm_place, sort: ex.perm_sort,
      starts: new Uint32Array(mem, ex.perm_buffer(0), (1 << PERM_BITS_MAX) + 1),
      idx: new Uint32Array(mem, ex.perm_buffer(1), PERM_CAP),
      idxI32: new Int32Array(mem, ex.perm_buffer(1), PERM_CAP),
      val: new Uint32Array(mem, ex.perm_buffer(2), PERM_CAP),
    };
    selfTest();
  });
  state = Object.hasOwn(loaded, 'reason') ? 'off' : 'ready';  // own: not a polluted Object.prototype.reason
  reason = Object.hasOwn(loaded, 'reason') ? (loaded as { reason: string }).reason : '';
}

/**
 * A wrong engine must not change bits: Box–Muller pairs 0..7 of one key (Philox + log + sincos2pi)
 * and a few exp values against the JavaScript specification.
 */
function selfTest(): void {
  ex.bm_fill(0x01234567, 0x89abcdef, 0, 0, 8, 1, 0, 1);
  const w = new Uint32Array(4);
  const sc = new Float64Array(2);
  for (let p = 0; p < 8; p++) {
    philoxBlock(p, 0, 0, 0, 0x01234567, 0x89abcdef, w, 0);
    const u1 = ((w[0] >>> 5) * 67108864 + (w[1] >>> 6) + 1) * 2 ** -53;
    const u2 = ((w[2] >>> 5) * 67108864 + (w[3] >>> 6)) * 2 ** -53;
    const r = Math.sqrt(-2 * log(u1));
    sincos2pi(u2, sc, 0);
    if (!Object.is(out64[2 * p], 0 + 1 * (r * sc[1])) || !Object.is(out64[2 * p + 1], 0 + 1 * (r * sc[0]))) {
      throw new Error('Box–Muller self-test failed');
    }
  }
  const xs = [-700, -1.5, -1e-9, 0, 0.5, 3, 100, 700];
  alphaBuf.set(xs);
  ex.vexp_n(xs.length);
  for (let i = 0; i < xs.length; i++) if (!Object.is(out64[i], exp(xs[i]))) throw new Error('exp self-test failed');
}

/** True when the module is usable (instantiates it on the first call). */
export function samplersWasmAvailable(): boolean {
  if (state === 'unknown') init();
  return state === 'ready';
}

/** The permutation section of the module; only when samplersWasmAvailable(). */
export function permutationModule(): PermutationModule {
  return perm;
}

/** Why samplersWasmAvailable() is false ('' when it is true). */
export function samplersWasmUnavailableReason(): string {
  if (state === 'unknown') init();
  return reason;
}

/**
 * Shared driver of the block samplers: elements [first, first + out.length), first = (hi:lo), where
 * block b of the call's plane holds elements perBlock·b .. perBlock·b + perBlock - 1, which
 * `fill(blo, bhi, nblocks)` writes to the module's OUT at those indices (doubles or floats, or what
 * `view` reads them as).
 */
function driveBlocks(
  lo: number, hi: number, out: OutArray, perBlock: 2 | 4,
  fill: (blo: number, bhi: number, nblocks: number) => void, maxBlocks = CHUNK_BLOCKS,
  view: OutArray = out instanceof Float64Array ? out64 : out32,
): void {
  const shift = perBlock === 2 ? 1 : 2;
  let b0 = ((lo >>> shift) | (hi << (32 - shift))) >>> 0;
  let b1 = hi >>> shift;
  let lane = lo & (perBlock - 1);
  let at = 0;
  let left = out.length;
  while (left > 0) {
    const nb = Math.min(maxBlocks, Math.ceil((lane + left) / perBlock));
    fill(b0, b1, nb);
    const take = Math.min(nb * perBlock - lane, left);
    out.set(view.subarray(lane, lane + take) as Float64Array, at);
    at += take;
    left -= take;
    lane = 0;
    b0 += nb;
    if (b0 > 0xffffffff) {
      b0 -= 0x100000000;
      b1 = (b1 + 1) >>> 0;
    }
  }
}

type Floats = Float32Array | Float64Array;

/**
 * normalBM32 / normalBM64 of lib/kernels/normal.ts: Box–Muller elements [first, first + out.length) as
 * mean + std·z. Float64 pair p is raw block p (two elements per block), float32 block b holds pairs
 * 2b, 2b+1 (four elements).
 */
export function normalBMWasm({ k0, k1, lo, hi, params, out: o }: KernelArgs): boolean {
  const out = o as Floats;
  const mean = params.mean as number, std = params.std as number;
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const wide = out instanceof Float64Array ? 1 : 0;
  driveBlocks(lo, hi, out, wide ? 2 : 4, (b0, b1, nb) => ex.bm_fill(k0, k1, b0, b1, nb, wide, mean, std));
  return true;
}

/**
 * exponentialKernel of lib/kernels/gamma.ts: (0 - log u) / rate for raw-stream elements [first, first +
 * out.length); float64 element j uses words 2j, 2j+1 (two per block), float32 word j (four per block).
 */
export function exponentialWasm({ k0, k1, lo, hi, params, out: o }: KernelArgs): boolean {
  const out = o as Floats;
  const rate = params.rate as number;
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const wide = out instanceof Float64Array ? 1 : 0;
  driveBlocks(lo, hi, out, wide ? 2 : 4, (b0, b1, nb) => ex.expo_fill(k0, k1, b0, b1, nb, wide, rate));
  return true;
}

/**
 * uniformTransform / normalTransform of lib/kernels/transform.ts for transform `id` of
 * cuda/include/cr_transforms.h: the module computes the base values with the vector code above and
 * applies the very C++ function the CUDA kernels run. float32 needs the base values in binary64 (4
 * doubles per block), so half as many blocks per call.
 */
export function transformWasm({ k0, k1, lo, hi, params, perElement, out: o }: KernelArgs, id: number): boolean {
  const out = o as Floats;
  const p = params.p as Float64Array;
  // per-element parameters: the specification kernel (the module takes one p per call)
  if (perElement.p0 || out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const wide = out instanceof Float64Array ? 1 : 0;
  driveBlocks(lo, hi, out, wide ? 2 : 4, (b0, b1, nb) => {
    const status = ex.transform_fill(k0, k1, b0, b1, nb, wide, id, p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 0,
      p[4] ?? 0, p[5] ?? 0, p[6] ?? 0, p[7] ?? 0);
    // a module built before transform `id` was added computes nothing: its buffer holds the last call's values
    if (status !== 0) throw new Error(unknownTransform(id));
  }, wide ? CHUNK_BLOCKS : CHUNK_BLOCKS / 2);
  return true;
}

/** Why the module refused transform `id`, and how to rebuild it (docs/building.md, "The WebAssembly module"). */
export const unknownTransform = (id: number): string => `cuda-random: the WebAssembly module has no transform ${id} `
  + '(lib/wasm/samplers.wasm.ts is older than cuda/include/cr_transforms.h); rebuild it: '
  + 'sh scripts/install-wasm-toolchain.sh, then node scripts/build-wasm-samplers.mjs';

/**
 * normalPolar32 / normalPolar64 of lib/kernels/normal.ts: pair e is the first accepted proposal of
 * blocks (lo(e), hi(e), t, TAG_POLAR), two elements per pair (one pair per block of plane t = 0).
 */
export function normalPolarWasm({ k0, k1, lo, hi, params, out: o }: KernelArgs): boolean {
  const out = o as Floats;
  const mean = params.mean as number, std = params.std as number;
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const wide = out instanceof Float64Array ? 1 : 0;
  driveBlocks(lo, hi, out, 2, (e0, e1, np) => ex.polar_fill(k0, k1, e0, e1, np, wide, mean, std));
  return true;
}

/**
 * gammaKernel of lib/kernels/gamma.ts: out[i] = G·scale of gamma element first + i with shape alpha, or
 * alphas[i] per element. The value is the first accepted proposal, so `proposals` (M) plays no part.
 */
export function gammaWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  return gammaFill(k0, k1, lo, hi, params.alpha as number, perElement.alpha, params.scale as number,
    out instanceof Float64Array, out as Floats);
}

/**
 * gammaKernel with `wide` (the proposal layout) apart from out's type: a Float64Array out takes the binary64
 * values of either layout (Student's t and F combine the float32 stream's gammas unrounded). With `period`
 * p, alphas[i] = alphas[i mod p] (F's alternating shapes): the module's tables hold p shapes, set up once.
 */
function gammaFill(
  k0: number, k1: number, lo: number, hi: number, alpha: number, alphas: Floats | undefined, scale: number,
  wide: boolean, out: Floats, period?: number,
): boolean {
  const n = out.length;
  if (n < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const mode = out instanceof Float64Array ? 1 : 2;
  const view = mode === 1 ? out64 : out32;
  const fixed = alphas === undefined ? 1 : period !== undefined && period <= CHUNK_ELEMS ? period : 0;
  if (fixed) {
    if (alphas === undefined) alphaBuf[0] = alpha;
    else alphaBuf.set(alphas.subarray(0, fixed));
    ex.gamma_setup(fixed);
  }
  for (let s = 0; s < n; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, n - s);
    const l = lo + s;
    const eLo = l >>> 0;
    const eHi = (hi + (l >= 0x100000000 ? 1 : 0)) >>> 0;
    if (!fixed) {
      alphaBuf.set((alphas as Floats).subarray(s, s + m));
      ex.gamma_setup(m);
    }
    ex.gamma_fill(k0, k1, eLo, eHi, m, fixed || m, fixed ? s % fixed : 0, wide ? 1 : 0, mode, scale);
    out.set(view.subarray(0, m), s);
  }
  return true;
}

/** The ratios' normal and gamma elements from the module (lib/kernels/ratios.ts RatioDraws). */
export const RATIO_DRAWS: RatioDraws = {
  normal: (k0, k1, lo, hi, wide, z) => {
    if (z.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
    // bm_fill's wide 2: the float32 stream's values in binary64, 4 doubles per block
    driveBlocks(lo, hi, z, wide ? 2 : 4, (b0, b1, nb) => ex.bm_fill(k0, k1, b0, b1, nb, wide ? 1 : 2, 0, 1),
      wide ? CHUNK_BLOCKS : CHUNK_BLOCKS / 2, out64);
    return true;
  },
  gamma: (k0, k1, lo, hi, alpha, alphas, _proposals, wide, g, period) =>
    gammaFill(k0, k1, lo, hi, alpha, alphas, 1, wide, g, period),
};

/**
 * mvnKernel of lib/kernels/mvn.ts (out holds flat values: d per row): mvnBulk with the module's normals,
 * the float32 stream's in binary64 (bm_fill's wide 2) since the row sums take z unrounded.
 */
export function mvnWasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  mvnBulk(k0, k1, lo, hi, params.d as number, params.lm as Float64Array, out instanceof Float64Array, out as Floats,
    RATIO_DRAWS.normal);
  return true;
}

/** studentTKernel of lib/kernels/ratios.ts with the module's normal and gamma elements. */
export function studentTWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const wide = out instanceof Float64Array;
  studentTKernel(k0, k1, lo, hi, params.alpha as number, perElement.alpha, 1, wide, out as Floats, RATIO_DRAWS);
  return true;
}

/** fKernel of lib/kernels/ratios.ts with the module's gamma elements (per-element rows too: columns p0, p1). */
export function fWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  fKernel(k0, k1, lo, hi, params.dfn as number, params.dfd as number, 1, out instanceof Float64Array, out as Floats,
    perElement.p0, perElement.p1, RATIO_DRAWS);
  return true;
}

/**
 * elementKernel of lib/kernels/element.ts for element sampler `id` of cuda/include/cr_elements.h with one
 * parameter row p: the module runs the very C++ function the CUDA kernels run, one element at a time, or
 * its vector version where it has one (Wald, von Mises) unless `generic` (tests: the table's scalar path).
 * Per-element rows decline (the module takes one p per call), as do calls below SAMPLERS_WASM_MIN.
 */
export function elementWasm(
  { k0, k1, lo, hi, params, perElement, out: o }: KernelArgs, id: number, generic = false,
): boolean {
  const out = o as Floats;
  const p = params.p as Float64Array;
  if (perElement.p0 || out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const wide = out instanceof Float64Array ? 1 : 0;
  const view = wide ? out64 : out32;
  const most = 2 * CHUNK_BLOCKS;  // OUT's doubles
  for (let s = 0; s < out.length; s += most) {
    const m = Math.min(most, out.length - s);
    const l = lo + s;
    const eHi = (hi + (l >= 0x100000000 ? 1 : 0)) >>> 0;
    const status = ex.element_fill(k0, k1, l >>> 0, eHi, m, wide, id, generic ? 1 : 0,
      p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 0, p[4] ?? 0, p[5] ?? 0, p[6] ?? 0, p[7] ?? 0);
    // a module built before sampler `id` was added computes nothing (transformWasm's rule)
    if (status !== 0) throw new Error(unknownElement(id));
    out.set(view.subarray(0, m), s);
  }
  return true;
}

/** Why the module refused element sampler `id`, and how to rebuild it (docs/building.md, "The WebAssembly module"). */
export const unknownElement = (id: number): string => 'cuda-random: the WebAssembly module has no element sampler '
  + `${id} (lib/wasm/samplers.wasm.ts is older than cuda/include/cr_elements.h); rebuild it: `
  + 'sh scripts/install-wasm-toolchain.sh, then node scripts/build-wasm-samplers.mjs';

/**
 * drawRange of lib/kernels/gamma.ts: the accepted proposals of gamma elements [first, first + count),
 * first = (eHi:eLo), into dv[0..count) (G' = d·v) and bu[0..count) (boost uniforms); element j uses
 * ds/cs[(phase + j) mod period]. Declines for periods the module's tables cannot hold. `proposals`
 * plays no part (proposal 0 of every element in vectors, then one at a time).
 */
export const gammaDrawWasm: DrawRange = (k0, k1, eLo, eHi, count, ds, cs, period, phase, _proposals, wide, dv, bu, boost = true) => {
  if (count < SAMPLERS_WASM_MIN || period > CHUNK_ELEMS || !samplersWasmAvailable()) return false;
  dsBuf.set(ds.subarray(0, period));
  csBuf.set(cs.subarray(0, period));
  for (let s = 0; s < count; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, count - s);
    const l = eLo + s;
    // mode 3: the draws without their boost uniforms where the caller reads none (bu is left as it was)
    ex.gamma_fill(k0, k1, l >>> 0, (eHi + (l >= 0x100000000 ? 1 : 0)) >>> 0, m, period, (phase + s) % period,
      wide ? 1 : 0, boost ? 0 : 3, 1);
    dv.set(out64.subarray(0, m), s);
    if (boost) bu.set(aux.subarray(0, m), s);
  }
  return true;
};

/** Beta's gamma values: elements 2e, 2e + 1 of CHUNK_ELEMS / 2 beta elements, and their shapes (a, b). */
const pairG = new Float64Array(CHUNK_ELEMS);
const pairShapes = new Float64Array(2);

/**
 * betaKernel of lib/kernels/beta.ts: Jöhnk's elements (a, b ≤ 1) by the module's beta_fill, else the gamma
 * ratio of betaRatioKernel (lib/kernels/gamma.ts): there a or b is > 1, so the row is never normalised in log
 * space and x = G_a/(G_a + G_b) of the two gamma values, which gamma_fill computes in vectors (α < 1 boost
 * included) — the same bits as the JavaScript normalisation of the draws.
 */
export function betaWasm({ k0, k1, lo, hi, params, out: o }: KernelArgs): boolean {
  const out = o as Floats;
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const a = params.a as number, b = params.b as number;
  const wide = out instanceof Float64Array;
  if (!isJohnk(a, b)) {
    pairShapes[0] = a;
    pairShapes[1] = b;
    const half = CHUNK_ELEMS / 2;
    for (let s = 0; s < out.length; s += half) {
      const m = Math.min(half, out.length - s);
      const l = lo + s;
      const eLo = l >>> 0, eHi = (hi + (l >= 0x100000000 ? 1 : 0)) >>> 0;
      const g = pairG.subarray(0, 2 * m);
      // gamma element 2e, 64-bit; a tail below the module's minimum takes the specification's loop
      if (gammaFill(k0, k1, (eLo << 1) >>> 0, ((eHi << 1) | (eLo >>> 31)) >>> 0, NaN, pairShapes, 1, wide, g, 2)) {
        for (let i = 0; i < m; i++) out[s + i] = g[2 * i] / (g[2 * i] + g[2 * i + 1]);
      } else {
        betaRatioKernel(k0, k1, eLo, eHi, a, b, 1, wide, out.subarray(s, s + m));
      }
    }
    return true;
  }
  const view = wide ? out64 : out32;
  const most = 2 * CHUNK_BLOCKS;  // OUT's doubles
  for (let s = 0; s < out.length; s += most) {
    const m = Math.min(most, out.length - s);
    const l = lo + s;
    ex.beta_fill(k0, k1, l >>> 0, (hi + (l >= 0x100000000 ? 1 : 0)) >>> 0, m, wide ? 1 : 0, a, b);
    out.set(view.subarray(0, m), s);
  }
  return true;
}

/** dirichletKernel of lib/kernels/gamma.ts with the module's draws. */
export function dirichletWasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  dirichletKernel(k0, k1, lo, hi, params.alpha as Float64Array, 1, out instanceof Float64Array, out as Floats, gammaDrawWasm);
  return true;
}

// ---- counts ----------------------------------------------------------------------------------------

type Values = Float32Array | Float64Array;

/**
 * The module's count_fill over elements [first, first + out.length): kind 0 Poisson on `tag` (a =
 * λ), kind 1 binomial (a = count, b = p); each parameter a number or one value per element.
 */
function countFill(
  k0: number, k1: number, lo: number, hi: number, out: KernelArgs['out'], kind: number, tag: number,
  a: number, as: Values | undefined, b: number, bs: Values | undefined,
): void {
  const n = out.length;
  const per = as !== undefined || bs !== undefined ? 1 : 0;
  if (!per) {
    alphaBuf[0] = a;
    dsBuf[0] = b;
  }
  for (let s = 0; s < n; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, n - s);
    const l = lo + s;
    if (per) {
      if (as) alphaBuf.set(as.subarray(s, s + m));
      else alphaBuf.fill(a, 0, m);
      if (kind === 1) {
        if (bs) dsBuf.set(bs.subarray(s, s + m));
        else dsBuf.fill(b, 0, m);
      }
    }
    ex.count_fill(k0, k1, l >>> 0, (hi + (l >= 0x100000000 ? 1 : 0)) >>> 0, m, kind, per, tag);
    out.set(out64.subarray(0, m), s);
  }
}

/** poissonKernel of lib/kernels/poisson.ts (`proposals` plays no part). */
export function poissonWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  countFill(k0, k1, lo, hi, out, 0, TAG_POISSON, params.lam as number, perElement.lam, 0, undefined);
  return true;
}

/** binomialKernel of lib/kernels/binomial.ts. */
export function binomialWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  countFill(k0, k1, lo, hi, out, 1, 0, params.count as number, perElement.count, params.p as number, perElement.p);
  return true;
}

/**
 * negativeBinomialKernel of lib/kernels/negative-binomial.ts: a chunk's means are the module's gamma
 * values (float64 layout, scale (1 − p)/p: gammaKernel's bits), then its Poisson counts on
 * TAG_NEGATIVE_BINOMIAL with them per element.
 */
export function negativeBinomialWasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  const r = params.r as number, p = params.p as number;
  const n = out.length;
  if (n < SAMPLERS_WASM_MIN || p === 1 || !samplersWasmAvailable()) return false;
  const scale = (1 - p) / p;
  for (let s = 0; s < n; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, n - s);
    const l = lo + s;
    const eLo = l >>> 0, eHi = (hi + (l >= 0x100000000 ? 1 : 0)) >>> 0;
    alphaBuf[0] = r;
    ex.gamma_setup(1);
    ex.gamma_fill(k0, k1, eLo, eHi, m, 1, 0, 1, 1, scale);
    alphaBuf.set(out64.subarray(0, m));
    ex.count_fill(k0, k1, eLo, eHi, m, 0, 1, TAG_NEGATIVE_BINOMIAL);
    out.set(out64.subarray(0, m), s);
  }
  return true;
}

/**
 * multinomialKernel of lib/kernels/binomial.ts: whole rows in the module (K ≤ its chunk of elements),
 * the chunk's values copied out of them. Declines for wider rows.
 */
export function multinomialWasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  const w = params.probs as Float64Array, count = params.count as number;
  const K = w.length, n = out.length;
  if (n < SAMPLERS_WASM_MIN || K > CHUNK_ELEMS || !samplersWasmAvailable()) return false;
  alphaBuf.set(w);
  weightTails(w, dsBuf.subarray(0, K));
  const lead = ((hi % K) * (0x100000000 % K) + (lo % K)) % K;
  let rLo = lo - lead, rHi = hi;
  if (rLo < 0) { rLo += 0x100000000; rHi -= 1; }
  const perCall = Math.max(1, Math.floor((2 * CHUNK_BLOCKS) / K));
  for (let j = -lead; j < n;) {
    const rows = Math.min(perCall, Math.ceil((n - j) / K));
    ex.multinomial_fill(k0, k1, rLo, rHi, rows, K, count);
    const from = j < 0 ? -j : 0;
    const to = Math.min(rows * K, n - j);
    out.set(out64.subarray(from, to), j + from);
    j += rows * K;
    const l = rLo + rows * K;
    rLo = l % 0x100000000;
    rHi = (rHi + Math.floor(l / 0x100000000)) >>> 0;
  }
  return true;
}

/** The module's vector log / exp / sincos2pi on arbitrary inputs, for tests. @internal */
export const vectorMath = {
  log: (x: Float64Array): Float64Array => mapChunks(x, (n) => ex.vlog_n(n), out64),
  exp: (x: Float64Array): Float64Array => mapChunks(x, (n) => ex.vexp_n(n), out64),
  /** [sin(2 pi x), cos(2 pi x)], x in [0, 1). */
  sincos2pi: (x: Float64Array): [Float64Array, Float64Array] => {
    const s = mapChunks(x, (n) => ex.vsincos_n(n), out64);
    const c = mapChunks(x, (n) => ex.vsincos_n(n), aux);
    return [s, c];
  },
};

/**
 * The scalar-parameter inversion of count_fill (its CDF table and guide) at chosen uniforms A: kind 0
 * Poisson (a = λ), kind 1 binomial (a = count, b = p; p ≤ ½ and count·p < 10): the count for each A,
 * or -1 where the search passes the cap. For tests. @internal
 */
export function inversionAt(kind: 0 | 1, a: number, b: number, As: Float64Array): Float64Array {
  if (!samplersWasmAvailable()) throw new Error(`cuda-random: ${samplersWasmUnavailableReason()}`);
  const r = new Float64Array(As.length);
  for (let s = 0; s < As.length; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, As.length - s);
    csBuf[0] = a;
    csBuf[1] = b;
    aux.set(As.subarray(s, s + m));
    ex.inversion_n(kind, m);
    r.set(out64.subarray(0, m), s);
  }
  return r;
}

/**
 * The per-element inversion of count_fill (four lanes at a time) at chosen uniforms As[i]: kind 0
 * Poisson (a[i] = λ), kind 1 binomial (a[i] = count, b[i] = p): the count, -1 past the cap, NaN for
 * an element outside the inversion region. For tests. @internal
 */
export function groupInversionAt(kind: 0 | 1, a: Float64Array, b: Float64Array, As: Float64Array): Float64Array {
  if (!samplersWasmAvailable()) throw new Error(`cuda-random: ${samplersWasmUnavailableReason()}`);
  const r = new Float64Array(As.length);
  for (let s = 0; s < As.length; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, As.length - s);
    alphaBuf.set(a.subarray(s, s + m));
    dsBuf.set(b.subarray(s, s + m));
    aux.set(As.subarray(s, s + m));
    ex.group_inversion_n(kind, m);
    r.set(out64.subarray(0, m), s);
  }
  return r;
}

/** log of every element of x, in place, through the module's vector log (lib/core/math's bits). */
export function logInPlaceWasm(x: Float64Array): void {
  if (!samplersWasmAvailable()) throw new Error(`cuda-random: ${samplersWasmUnavailableReason()}`);
  mapChunks(x, (n) => ex.vlog_n(n), out64, x);
}

function mapChunks(x: Float64Array, f: (n: number) => void, from: Float64Array, r: Float64Array = new Float64Array(x.length)): Float64Array {
  if (!samplersWasmAvailable()) throw new Error(`cuda-random: ${samplersWasmUnavailableReason()}`);
  for (let s = 0; s < x.length; s += CHUNK_ELEMS) {
    const m = Math.min(CHUNK_ELEMS, x.length - s);
    // Padding lanes: harmless inputs. The vector maps (vlog_n, vexp_n, vsincos_n) read 4 lanes a step,
    // so only [m, ⌈m/4⌉·4) is read beyond the values (filling all CHUNK_ELEMS was 32 KiB a call).
    alphaBuf.fill(0.5, m, Math.min(CHUNK_ELEMS, (m + 3) & ~3));
    alphaBuf.set(x.subarray(s, s + m));
    f(m);
    r.set(from.subarray(0, m), s);
  }
  return r;
}

/**
 * integersKernel of lib/kernels/integers.ts: elements [first, first + out.length) of integers in
 * [low, high) over the tag-7 plane — four per block (r ≤ 2^32: int32/uint32 outputs as the module's
 * uint32 words, float64 as doubles), two per block (wider ranges, float64).
 */
export function integersWasm({ k0, k1, lo, hi, params, out }: KernelArgs): boolean {
  if (out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const low = params.low as number, high = params.high as number;
  const wide = high - low > 2 ** 32;  // exact: both are safe integers and the range is at most 2^53
  const o = out as Int32Array | Uint32Array | Float64Array;
  const f64 = o instanceof Float64Array;
  const view = f64 ? out64 : o instanceof Int32Array ? outI32 : outU32;
  // OUT holds 2·CHUNK_BLOCKS doubles: float64 output of four elements per block fits half as many blocks
  const most = f64 && !wide ? CHUNK_BLOCKS / 2 : CHUNK_BLOCKS;
  driveBlocks(lo, hi, o, wide ? 2 : 4, (b0, b1, nb) => ex.integers_fill(k0, k1, b0, b1, nb, f64 ? 1 : 0, low, high), most, view);
  return true;
}

/**
 * bernoulliKernel of lib/kernels/bernoulli.ts with a scalar p: raw-stream elements [first, first +
 * out.length), two per block, as the module's bytes (converted to out's type by the copy). A per-element
 * p declines (the specification runs).
 */
export function bernoulliWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  if (perElement.p || out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const p = params.p as number;
  // OUT holds 16·CHUNK_BLOCKS bytes: two per block
  driveBlocks(lo, hi, out, 2, (b0, b1, nb) => ex.bernoulli_fill(k0, k1, b0, b1, nb, p), 8 * CHUNK_BLOCKS, outU8);
  return true;
}

/**
 * geometricKernel of lib/kernels/geometric.ts with a scalar p: raw-stream elements [first, first +
 * out.length), two per block, as the module's doubles (exact integers, converted by the copy). A
 * per-element p declines.
 */
export function geometricWasm({ k0, k1, lo, hi, params, perElement, out }: KernelArgs): boolean {
  if (perElement.p || out.length < SAMPLERS_WASM_MIN || !samplersWasmAvailable()) return false;
  const L = log1p(-(params.p as number));
  driveBlocks(lo, hi, out, 2, (b0, b1, nb) => ex.geometric_fill(k0, k1, b0, b1, nb, L), CHUNK_BLOCKS, out64);
  return true;
}
