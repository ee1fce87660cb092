/**
 * Keys as in JAX: plain data, derived by hashing, never mutated. A key is the Philox key pair
 * [k0, k1] (uint32 each) — a frozen two-element array, so it prints, compares element-wise and
 * survives JSON.stringify/parse.
 */
import { philoxBlock } from './philox.js';
import { TAG_FOLD_IN, TAG_SPLIT } from './layout.js';
import { checkCount, checkUint32, describe, isTypedInput } from './validate.js';

export type Key = readonly [k0: number, k1: number];

const tmp = new Uint32Array(4);

function makeKey(k0: number, k1: number): Key {
  return Object.freeze([k0 >>> 0, k1 >>> 0]) as Key;
}

/** A key from a seed in [0, 2^64): k0 = seed mod 2^32, k1 = seed div 2^32 (cuRAND's Philox seeding). */
export function key(seed: number | bigint): Key {
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > Number.MAX_SAFE_INTEGER) {
      throw new RangeError(`seed must be an integer in [0, 2^53-1] (use a bigint up to 2^64-1), got ${seed}`);
    }
    return makeKey(seed % 2 ** 32, Math.floor(seed / 2 ** 32));
  }
  if (typeof seed === 'bigint') {
    if (seed < 0n || seed >= 2n ** 64n) throw new RangeError(`seed must be in [0, 2^64-1], got ${seed}`);
    return makeKey(Number(seed & 0xffffffffn), Number(seed >> 32n));
  }
  throw new TypeError(`seed must be a number or bigint, got ${describe(seed)}`);
}

/**
 * Accepts a Key, any two-element array of uint32, or a Uint32Array(2); returns a new frozen [k0, k1].
 * Each word is read exactly once, here: an async call (or a generator) keeps using the key after the
 * caller regains control, so it must not see the caller reuse the array, another thread write a shared
 * one, or a getter answer differently from the value that was validated.
 */
export function checkKey(k: unknown, name = 'key'): Key {
  if (!(Array.isArray(k) || isTypedInput(k, name, Uint32Array))) {
    throw new TypeError(`${name} must be a key (a [k0, k1] pair from key()), got ${describe(k)}`);
  }
  const length = k.length;
  if (length !== 2) throw new RangeError(`${name} must have 2 words, got ${length}`);
  const k0 = checkUint32(k[0], `${name}[0]`);
  const k1 = checkUint32(k[1], `${name}[1]`);
  return makeKey(k0, k1);
}

/** Counts for which split() is typed as a tuple (so `const [a, b, c] = split(k, 3)` needs no checks). */
export type SmallCount = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16;
type Tuple<N extends number, R extends Key[] = []> = R['length'] extends N ? R : Tuple<N, [...R, Key]>;
/** split(k, n)'s type: a tuple of n keys for a literal n ≤ 16, else an array. */
export type SplitKeys<N extends number> = N extends SmallCount ? Tuple<N> : Key[];

/** The most keys one split() makes: 2^20 keys take about 90 MB and 1 s; 2^24 took 1.4 GB of heap and
 *  could abort the process. More children: split again, or foldIn(k, j) for child j of a family. */
export const MAX_SPLIT = 2 ** 20;

/**
 * n ≤ 2^20 child keys (default 2: a pair); child j = words 0..1 of philox(counter = (j, 0, 0, TAG_SPLIT),
 * key). Child j does not depend on n, so split(k, n)[j] === split(k, m)[j] element-wise for every
 * j < min(n, m).
 */
export function split<N extends number = 2>(k: Key, n?: N): SplitKeys<N>;
export function split(k: Key, n = 2): Key[] {
  const [k0, k1] = checkKey(k);
  checkCount(n, 'n');
  if (n > MAX_SPLIT) throw new RangeError(`n must be at most 2^20 keys per split (each key is a frozen array of about 90 bytes), got ${n}`);
  const out: Key[] = new Array(n);
  for (let j = 0; j < n; j++) {
    philoxBlock(j, 0, 0, TAG_SPLIT, k0, k1, tmp, 0);
    out[j] = makeKey(tmp[0], tmp[1]);
  }
  return out;
}

/** A key for data in [0, 2^53): words 0..1 of philox(counter = (data mod 2^32, data div 2^32, 0, TAG_FOLD_IN), key). */
export function foldIn(k: Key, data: number): Key {
  const [k0, k1] = checkKey(k);
  if (typeof data !== 'number') throw new TypeError(`data must be a number, got ${describe(data)}`);
  if (!Number.isInteger(data) || data < 0 || data > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`data must be an integer in [0, 2^53-1], got ${data}`);
  }
  philoxBlock(data % 2 ** 32, Math.floor(data / 2 ** 32), 0, TAG_FOLD_IN, k0, k1, tmp, 0);
  return makeKey(tmp[0], tmp[1]);
}

export function keyEquals(a: Key, b: Key): boolean {
  const [a0, a1] = checkKey(a, 'a');
  const [b0, b1] = checkKey(b, 'b');
  return a0 === b0 && a1 === b1;
}
