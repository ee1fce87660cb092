/**
 * cuRAND's MRG32k3a generator (curandStateMRG32k3a_t), bit for bit: `new Mrg32k3a(seed,
 * { subsequence, offset })` then `next()` / `uniform()` / `uniformDouble()` give the `curand()` /
 * `curand_uniform()` / `curand_uniform_double()` sequences after `curand_init(seed, subsequence,
 * offset, &state)`. A sequential stream with mutable state, like Xorwow; docs/qmc.md, "MRG32k3a" and
 * docs/streams.md, "MRG32k3a" are the contract, and every fact below cites its source there.
 */
import {
  jumpMrg32k3a, MRG32K3A_A12, MRG32K3A_A13N, MRG32K3A_A21, MRG32K3A_A23N, MRG32K3A_M1, MRG32K3A_M2, mulMod,
} from './jumps.js';
import { checkCount, checkDistance, knownOptions, checkU64, checkUint32, describe, isTypedInput, withArticle } from '../../core/validate.js';

export interface Mrg32k3aOptions {
  /** Which subsequence (2^76 steps apart), as curand_init's `subsequence`; below 2^51. Default 0. */
  subsequence?: number | bigint;
  /** Steps to skip within the subsequence, as curand_init's `offset`. Default 0. */
  offset?: number | bigint;
}

/** Plain-data snapshot (JSON-safe): the two components' last three values, newest last, as in curandStateMRG32k3a_t. */
export interface Mrg32k3aState {
  s1: [number, number, number];
  s2: [number, number, number];
}

/** Steps between consecutive subsequences (cuRAND's skipahead_subsequence; L'Ecuyer's substreams). */
export const MRG32K3A_SUBSEQUENCE_STEPS = 2n ** 76n;
/** curand_init accepts subsequences below 2^51 (its documented limit: 2^51 · 2^76 = 2^127, one RngStreams stream). */
export const MRG32K3A_MAX_SUBSEQUENCE = 2n ** 51n;
/** cuRAND's MRG32K3A_NORM: curand_uniform(_double) multiply the draw in [1, m1] by it (≈ 1/m1, not L'Ecuyer's 1/(m1+1)). */
export const MRG32K3A_NORM = 2.3283065498378288e-10;
/** cuRAND's MRG32K3A_BITS_NORM: curand() is the draw times this, truncated to uint32. */
export const MRG32K3A_BITS_NORM = 1.000000048662;
/** curand_init's starting value of all six words (L'Ecuyer's default seed). */
const DEFAULT_SEED_WORD = 12345;
/** Draws per pass of the bulk loop; the scratch is reused (calls are synchronous, so never shared). */
const CHUNK = 4096;
const U32_MAX = 0xffffffff;
const scratch = new Float64Array(CHUNK);

/**
 * cuRAND's MRG32k3a: `next()`, `uniform()`, `uniformDouble()` are `curand()`, `curand_uniform()`,
 * `curand_uniform_double()` after `curand_init(seed, subsequence, offset)`; subsequences are 2^76
 * steps apart. A sequential stream (docs/qmc.md, "MRG32k3a").
 */
export class Mrg32k3a {
  /** s1[0..2], s2[0..2]: integers below 2^32 held exactly in doubles (the step needs 53-bit products). */
  readonly #s = new Float64Array(6);

  constructor(seed: number | bigint, options?: Mrg32k3aOptions) {
    const sd = checkU64(seed, 'seed');
    const opts = knownOptions('Mrg32k3a', options, ['subsequence', 'offset'], { seed: 'the seed argument' });
    const subsequence = opts.subsequence === undefined ? 0n : checkU64(opts.subsequence, 'subsequence');
    if (subsequence >= MRG32K3A_MAX_SUBSEQUENCE) {
      throw new RangeError(`subsequence must be below 2^51 (cuRAND's MRG32k3a limit), got ${subsequence}`);
    }
    const offset = opts.offset === undefined ? 0n : checkU64(opts.offset, 'offset');
    const s = this.#s;
    s.fill(DEFAULT_SEED_WORD);
    // curand_init: seed 0 keeps L'Ecuyer's 12345s; any other seed multiplies them by its salted halves.
    if (sd !== 0n) {
      const x1 = (Number(sd & 0xffffffffn) ^ 0x55555555) >>> 0;
      const x2 = (Number(sd >> 32n) ^ 0xaaaaaaaa) >>> 0;
      s[0] = mulMod(x1, DEFAULT_SEED_WORD, MRG32K3A_M1);
      s[1] = mulMod(x2, DEFAULT_SEED_WORD, MRG32K3A_M1);
      s[2] = mulMod(x1, DEFAULT_SEED_WORD, MRG32K3A_M1);
      s[3] = mulMod(x2, DEFAULT_SEED_WORD, MRG32K3A_M2);
      s[4] = mulMod(x1, DEFAULT_SEED_WORD, MRG32K3A_M2);
      s[5] = mulMod(x2, DEFAULT_SEED_WORD, MRG32K3A_M2);
    }
    // cuRAND jumps by subsequence·2^76, then by offset; jumps commute, so one combined jump is the same.
    const k = subsequence * MRG32K3A_SUBSEQUENCE_STEPS + offset;
    if (k !== 0n) jumpMrg32k3a(s, k);
  }

  /**
   * One step; returns the draw r in [1, m1] (curand_MRG32k3a's value: (x1 − x2) mod m1 with 0 read as
   * m1). The modular reductions are exact: products stay below 2^53, the quotient estimate may be one
   * too large but never too small, and one conditional add corrects it.
   */
  #step(): number {
    const s = this.#s;
    let p1 = MRG32K3A_A12 * s[1] - MRG32K3A_A13N * s[0];
    p1 -= Math.floor(p1 / MRG32K3A_M1) * MRG32K3A_M1;
    if (p1 < 0) p1 += MRG32K3A_M1;
    s[0] = s[1]; s[1] = s[2]; s[2] = p1;
    let p2 = MRG32K3A_A21 * s[5] - MRG32K3A_A23N * s[3];
    p2 -= Math.floor(p2 / MRG32K3A_M2) * MRG32K3A_M2;
    if (p2 < 0) p2 += MRG32K3A_M2;
    s[3] = s[4]; s[4] = s[5]; s[5] = p2;
    const r = p1 - p2;
    return r <= 0 ? r + MRG32K3A_M1 : r;
  }

  /**
   * The next curand() word, a uint32: ⌊r · MRG32K3A_BITS_NORM⌋ (one binary64 product, then the
   * conversion). For r = m1 the product is 2^32 + 0.0017: CUDA's conversion to unsigned int
   * (cvt.rzi.u32.f64) clamps to the destination range, giving 0xFFFFFFFF, so the clamp here is part
   * of the contract, not a guard.
   */
  next(): number {
    return Math.min(this.#step() * MRG32K3A_BITS_NORM, U32_MAX) >>> 0;
  }

  /** Fills `out` with the next out.length curand() words; equal to calling next() that many times. */
  fill(out: Uint32Array): Uint32Array {
    if (!isTypedInput(out, 'out', Uint32Array)) throw new TypeError(`out must be a Uint32Array, got ${describe(out)}`);
    for (let at = 0; at < out.length; at += CHUNK) {
      const m = this.#draws(out.length - at);
      for (let j = 0; j < m; j++) out[at + j] = Math.min(scratch[j] * MRG32K3A_BITS_NORM, U32_MAX);
    }
    return out;
  }

  /**
   * curand_uniform() of the next draws: float32(binary64 r · MRG32K3A_NORM), in (0, 1]. Takes a count
   * (a new Float32Array) or a Float32Array to fill entirely.
   */
  uniform(nOrOut: number | Float32Array): Float32Array {
    const out = outArray(nOrOut, Float32Array);
    for (let at = 0; at < out.length; at += CHUNK) {
      const m = this.#draws(out.length - at);
      // the Float32Array store is the float conversion (round to nearest even), as CUDA's (float) cast
      for (let j = 0; j < m; j++) out[at + j] = scratch[j] * MRG32K3A_NORM;
    }
    return out;
  }

  /** curand_uniform_double() of the next draws: binary64 r · MRG32K3A_NORM, in (0, 1]. */
  uniformDouble(nOrOut: number | Float64Array): Float64Array {
    const out = outArray(nOrOut, Float64Array);
    for (let at = 0; at < out.length; at += CHUNK) {
      const m = this.#draws(out.length - at);
      for (let j = 0; j < m; j++) out[at + j] = scratch[j] * MRG32K3A_NORM;
    }
    return out;
  }

  /**
   * The bulk loop: the next min(n, CHUNK) draws into `scratch`, with the state in locals (V8 keeps
   * them in registers, several times faster than calls of #step). Returns how many it wrote.
   */
  #draws(n: number): number {
    const m = Math.min(n, CHUNK);
    const s = this.#s;
    let a0 = s[0], a1 = s[1], a2 = s[2], b0 = s[3], b1 = s[4], b2 = s[5];
    for (let i = 0; i < m; i++) {
      let p1 = MRG32K3A_A12 * a1 - MRG32K3A_A13N * a0;
      p1 -= Math.floor(p1 / MRG32K3A_M1) * MRG32K3A_M1;
      if (p1 < 0) p1 += MRG32K3A_M1;
      a0 = a1; a1 = a2; a2 = p1;
      let p2 = MRG32K3A_A21 * b2 - MRG32K3A_A23N * b0;
      p2 -= Math.floor(p2 / MRG32K3A_M2) * MRG32K3A_M2;
      if (p2 < 0) p2 += MRG32K3A_M2;
      b0 = b1; b1 = b2; b2 = p2;
      const r = p1 - p2;
      scratch[i] = r <= 0 ? r + MRG32K3A_M1 : r;
    }
    s[0] = a0; s[1] = a1; s[2] = a2; s[3] = b0; s[4] = b1; s[5] = b2;
    return m;
  }

  /**
   * Advances by k ≥ 0 steps (a safe integer or any bigint) in O(log k); `skip(2n ** 76n)` moves to the
   * next subsequence, `skip(2n ** 127n)` to L'Ecuyer's next stream.
   */
  skip(k: number | bigint): this {
    const dist = checkDistance(k, 'k');
    if (dist !== 0n) jumpMrg32k3a(this.#s, dist);
    return this;
  }

  /** A plain-data copy of the state; `Mrg32k3a.fromState` resumes from it. */
  state(): Mrg32k3aState {
    const s = this.#s;
    return { s1: [s[0], s[1], s[2]], s2: [s[3], s[4], s[5]] };
  }

  /** An independent generator at the same position. */
  clone(): Mrg32k3a {
    const c = new Mrg32k3a(0);
    c.#s.set(this.#s);
    return c;
  }

  /**
   * Resumes from `state()`'s data. Any words below the moduli are accepted, the all-zero state
   * included: curand_init reaches it (seed 0xAAAAAAAA55555555 zeroes both salted halves), and cuRAND
   * then returns the constant draw m1.
   */
  static fromState(state: Mrg32k3aState): Mrg32k3a {
    if (state === null || typeof state !== 'object') {
      throw new TypeError(`state must be an object { s1, s2 }, got ${describe(state)}`);
    }
    // Unknown fields are refused as Generator.fromState refuses them (a typo must not pass unseen).
    for (const name of Object.keys(state)) {
      if (name !== 's1' && name !== 's2') throw new TypeError(`state: unknown field '${name}' (an Mrg32k3a state has s1 and s2)`);
    }
    const g = new Mrg32k3a(0);
    const s = g.#s;
    for (const [name, at, m] of [['s1', 0, MRG32K3A_M1], ['s2', 3, MRG32K3A_M2]] as const) {
      const v = (state as unknown as Record<string, unknown>)[name];
      if (!(Array.isArray(v) || isTypedInput(v, `state.${name}`, Uint32Array))) {
        throw new TypeError(`state.${name} must be an array of 3 words, got ${describe(v)}`);
      }
      if (v.length !== 3) throw new RangeError(`state.${name} must have 3 words, got ${v.length}`);
      for (let i = 0; i < 3; i++) {
        const w = checkUint32(v[i], `state.${name}[${i}]`);
        if (w >= m) throw new RangeError(`state.${name}[${i}] must be below ${m}, got ${w}`);
        s[at + i] = w;
      }
    }
    return g;
  }
}

function outArray<T extends Float32Array | Float64Array>(
  nOrOut: number | T, ctor: { new (n: number): T; readonly name: string },
): T {
  if (typeof nOrOut === 'number') return new ctor(checkCount(nOrOut, 'n'));
  if (isTypedInput(nOrOut, 'out', ctor)) return nOrOut as T;
  throw new TypeError(`n must be a count or out ${withArticle(ctor.name)}, got ${describe(nOrOut)}`);
}
