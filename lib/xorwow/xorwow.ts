/**
 * cuRAND's XORWOW generator (curandStateXORWOW_t), bit for bit: `new Xorwow(seed, { subsequence,
 * offset })` then `next()` gives the `curand()` sequence after `curand_init(seed, subsequence,
 * offset, &state)`. Unlike the Philox functions this is a *sequential* stream with mutable state and
 * no keys; docs/streams.md, "XORWOW" is the contract.
 */
import { jumpXorshift } from './jumps.js';
import { typedLength } from '../core/views.js';
import { checkCount, checkDistance, knownOptions, checkU64, checkUint32, describe, isTypedInput } from '../core/validate.js';

export interface XorwowOptions {
  /** Which of the 2^64 subsequences (2^67 steps apart), as curand_init's `subsequence`. Default 0. */
  subsequence?: number | bigint;
  /** Steps to skip within the subsequence, as curand_init's `offset`. Default 0. */
  offset?: number | bigint;
}

/** Plain-data snapshot (JSON-safe): the five xorshift words and the Weyl counter, as in curandStateXORWOW_t. */
export interface XorwowState {
  v: [number, number, number, number, number];
  d: number;
}

/** Steps between consecutive subsequences. */
export const XORWOW_SUBSEQUENCE_STEPS = 2n ** 67n;
/** Added to d by every step (Marsaglia's Weyl increment). */
const WEYL = 362437;

export class Xorwow {
  /**
   * v0..v4 then d. Int32 so the hot loops see small integers; the bits are what matter and every
   * value leaving the class goes through >>> 0.
   */
  readonly #s = new Int32Array(6);

  constructor(seed: number | bigint, options?: XorwowOptions) {
    const sd = checkU64(seed, 'seed');
    const opts = knownOptions('Xorwow', options, ['subsequence', 'offset'], { seed: 'the seed argument' });
    const subsequence = opts.subsequence === undefined ? 0n : checkU64(opts.subsequence, 'subsequence');
    const offset = opts.offset === undefined ? 0n : checkU64(opts.offset, 'offset');
    // cuRAND's seed scrambling (curand_kernel.h, _curand_init_scratch): salt each half, then mix it
    // with an odd multiplier so that nearby seeds give unrelated states.
    const s0 = Number(sd & 0xffffffffn) ^ 0xaad26b49;
    const s1 = Number(sd >> 32n) ^ 0xf7dcefdd;
    const t0 = Math.imul(1099087573, s0);
    const t1 = Math.imul(2591861531, s1);
    const s = this.#s;
    s[0] = 123456789 + t0;
    s[1] = 362436069 ^ t0;
    s[2] = 521288629 + t1;
    s[3] = 88675123 ^ t1;
    s[4] = 5783321 + t0;
    s[5] = 6615241 + t1 + t0;
    // cuRAND skips by subsequence·2^67, then by offset; jumps commute, so one combined jump is the same.
    // d moves only by the offset: 362437·2^67·subsequence ≡ 0 mod 2^32.
    if (subsequence !== 0n || offset !== 0n) this.#advance(subsequence * XORWOW_SUBSEQUENCE_STEPS + offset);
  }

  #advance(k: bigint): void {
    jumpXorshift(this.#s, k, 0);
    this.#s[5] += Math.imul(WEYL, Number(k & 0xffffffffn));
  }

  /** The next curand() word, a uint32. */
  next(): number {
    const s = this.#s;
    const v0 = s[0];
    const v4 = s[4];
    const t = v0 ^ (v0 >>> 2);
    s[0] = s[1]; s[1] = s[2]; s[2] = s[3]; s[3] = v4;
    const w = (v4 ^ (v4 << 4)) ^ (t ^ (t << 1));
    s[4] = w;
    const d = (s[5] + WEYL) | 0;
    s[5] = d;
    return (w + d) >>> 0;
  }

  /** Fills `out` with the next out.length words; equal to calling next() that many times. */
  fill(out: Uint32Array): Uint32Array {
    if (!isTypedInput(out, 'out', Uint32Array)) throw new TypeError(`out must be a Uint32Array, got ${describe(out)}`);
    const s = this.#s;
    // State lives in locals for the whole loop: V8 keeps them in registers, which is what makes
    // this several times faster than n calls to next().
    let v0 = s[0], v1 = s[1], v2 = s[2], v3 = s[3], v4 = s[4], d = s[5];
    const n = typedLength(out);  // the internal length: a subclass's getter must not set how far the state moves
    for (let i = 0; i < n; i++) {
      const t = v0 ^ (v0 >>> 2);
      v0 = v1; v1 = v2; v2 = v3; v3 = v4;
      v4 = (v4 ^ (v4 << 4)) ^ (t ^ (t << 1));
      d = (d + WEYL) | 0;
      out[i] = (v4 + d) | 0;
    }
    s[0] = v0; s[1] = v1; s[2] = v2; s[3] = v3; s[4] = v4; s[5] = d;
    return out;
  }

  /**
   * curand_uniform() of the next words: float32 x·2^-32 + 2^-33, in (0, 1]. Takes a count (a new
   * Float32Array) or a Float32Array to fill entirely.
   */
  uniform(nOrOut: number | Float32Array): Float32Array {
    let out: Float32Array;
    if (typeof nOrOut === 'number') {
      out = new Float32Array(checkCount(nOrOut, 'n'));
    } else if (isTypedInput(nOrOut, 'out', Float32Array)) {
      out = nOrOut as Float32Array;
    } else {
      throw new TypeError(`n must be a count or out a Float32Array, got ${describe(nOrOut)}`);
    }
    const s = this.#s;
    let v0 = s[0], v1 = s[1], v2 = s[2], v3 = s[3], v4 = s[4], d = s[5];
    const n = typedLength(out);  // the internal length: a subclass's getter must not set how far the state moves
    for (let i = 0; i < n; i++) {
      const t = v0 ^ (v0 >>> 2);
      v0 = v1; v1 = v2; v2 = v3; v3 = v4;
      v4 = (v4 ^ (v4 << 4)) ^ (t ^ (t << 1));
      d = (d + WEYL) | 0;
      // CUDA: x converts to float (rounded), times 2^-32 (exact), plus 2^-33 (rounded). In binary64
      // the product and the sum are both exact (≤ 33 significant bits), so the Float32Array store is
      // the one rounding of the float add: the same bits as CUDA, with or without FMA contraction.
      out[i] = Math.fround((v4 + d) >>> 0) * 2 ** -32 + 2 ** -33;
    }
    s[0] = v0; s[1] = v1; s[2] = v2; s[3] = v3; s[4] = v4; s[5] = d;
    return out;
  }

  /** Advances by k ≥ 0 steps (a safe integer or any bigint) in O(log k); `skip(2n ** 67n)` moves to the next subsequence. */
  skip(k: number | bigint): this {
    const dist = checkDistance(k, 'k');
    if (dist !== 0n) this.#advance(dist);
    return this;
  }

  /** A plain-data copy of the state; `Xorwow.fromState` resumes from it. */
  state(): XorwowState {
    const s = this.#s;
    return { v: [s[0] >>> 0, s[1] >>> 0, s[2] >>> 0, s[3] >>> 0, s[4] >>> 0], d: s[5] >>> 0 };
  }

  /** An independent generator at the same position. */
  clone(): Xorwow {
    const c = new Xorwow(0);
    c.#s.set(this.#s);
    return c;
  }

  static fromState(state: XorwowState): Xorwow {
    if (state === null || typeof state !== 'object') {
      throw new TypeError(`state must be an object { v, d }, got ${describe(state)}`);
    }
    // Unknown fields are refused as Generator.fromState refuses them (a typo must not pass unseen).
    for (const name of Object.keys(state)) {
      if (name !== 'v' && name !== 'd') throw new TypeError(`state: unknown field '${name}' (a Xorwow state has v and d)`);
    }
    const { v, d } = state as { v: unknown; d: unknown };
    if (!(Array.isArray(v) || isTypedInput(v, 'state.v', Uint32Array))) {
      throw new TypeError(`state.v must be an array of 5 words, got ${describe(v)}`);
    }
    if (v.length !== 5) throw new RangeError(`state.v must have 5 words, got ${v.length}`);
    let any = 0;
    for (let i = 0; i < 5; i++) any |= checkUint32(v[i], `state.v[${i}]`);
    checkUint32(d, 'state.d');
    // All-zero v is a fixed point of the xorshift part and no seed reaches it.
    if (any === 0) throw new RangeError('state.v must not be all zero');
    const g = new Xorwow(0);
    const s = g.#s;
    for (let i = 0; i < 5; i++) s[i] = v[i] as number;
    s[5] = d as number;
    return g;
  }
}
