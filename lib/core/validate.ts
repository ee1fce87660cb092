/**
 * Argument checks shared by every public function. Policy: the wrong *kind* of value is a TypeError,
 * a value of the right kind outside its domain is a RangeError; both name the argument.
 */
import { typedArrayName, typedBuffer, typedLength } from './views.js';
import { emptyRecord } from './records.js';

/** Largest element count one call accepts: the typed-array length limit of 32-bit indexing. */
export const MAX_COUNT = 2 ** 32 - 1;
/** Element indices (offset + n) stay below 2^63, so every index fits a 64-bit counter pair. */
export const MAX_INDEX = 2n ** 63n;

/** 'an Int32Array', 'an int32', 'an ArrayBuffer', but 'a Uint8Array', 'a uint32', 'a Float64Array': the
 *  article by how the names are said (Uint and uint as "you-int"), for messages built from a type name. */
export function withArticle(name: string): string {
  return `${/^[aeio]/i.test(name) ? 'an' : 'a'} ${name}`;
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v)) return withArticle(v.constructor.name);
  if (typeof v === 'bigint') return `bigint ${v}`;
  if (typeof v === 'number') return `${v}`;
  if (typeof v === 'string') return `string "${v.length > 20 ? v.slice(0, 20) + '…' : v}"`;
  // Class instances by name (e.g. 'a DeviceArray' where a typed array was wanted); plain objects as 'object'.
  if (typeof v === 'object') {
    const name = (Object.getPrototypeOf(v) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    if (typeof name === 'string' && name !== '' && name !== 'Object') return withArticle(name);
  }
  return typeof v;
}

export function checkCount(n: unknown, name = 'n'): number {
  if (typeof n !== 'number') throw new TypeError(`${name} must be a number, got ${describe(n)}`);
  if (!Number.isInteger(n) || n < 0 || n > MAX_COUNT) {
    throw new RangeError(`${name} must be an integer in [0, 2^32-1], got ${n}`);
  }
  return n;
}

/** Returns the 64-bit first index as [lo, hi] uint32 halves. */
export function checkOffset(offset: unknown, n: number, name = 'offset'): [number, number] {
  let big: bigint;
  if (offset === undefined) return [0, 0];
  if (typeof offset === 'number') {
    if (!Number.isInteger(offset) || offset < 0 || offset > 2 ** 53) {
      throw new RangeError(`${name} must be an integer in [0, 2^53] (use a bigint beyond), got ${offset}`);
    }
    big = BigInt(offset);
  } else if (typeof offset === 'bigint') {
    big = offset;
  } else {
    throw new TypeError(`${name} must be a number or bigint, got ${describe(offset)}`);
  }
  if (big < 0n || big + BigInt(n) > MAX_INDEX) {
    throw new RangeError(`${name} + n must not exceed 2^63, got ${name}=${big} and n=${n}`);
  }
  return [Number(big & 0xffffffffn), Number(big >> 32n)];
}

/**
 * A new array of n elements, or a RangeError naming `n` when it cannot be had (n may be up to 2^32-1;
 * 2^32-1 float64 values are 32 GiB), rather than the engine's "Array buffer allocation failed".
 */
export function allocate<T>(ctor: TypedArrayCtor<T> & { BYTES_PER_ELEMENT?: number }, n: number, name = 'n'): T {
  try {
    return new ctor(n);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const gib = (n * (ctor.BYTES_PER_ELEMENT ?? 1) / 2 ** 30).toFixed(1);
    throw new RangeError(`${name} = ${n} needs ${withArticle(ctor.name)} of ${gib} GiB, which cannot be allocated (${e.message}); ` +
      `pass a smaller ${name} (offset continues the stream) or an out array`);
  }
}

type TypedArrayCtor<T> = { new (n: number): T; readonly name: string };

/** Validates a caller-supplied output or allocates one of the exact length n. */
export function checkOut<T extends ArrayBufferView & { length: number }>(
  out: unknown, ctor: TypedArrayCtor<T>, n: number, name = 'out',
): T {
  if (out === undefined) return allocate(ctor, n);
  // isView: a Proxy or an Object.create(Float64Array.prototype) passes instanceof but is no typed array;
  // the name: an array whose prototype was swapped passes instanceof but holds other elements.
  if (!ArrayBuffer.isView(out) || !(out instanceof (ctor as unknown as Function)) || typedArrayName(out) !== ctor.name) {
    throw new TypeError(`${name} must be ${withArticle(ctor.name)}, got ${describe(out)}`);
  }
  const o = out as T;
  if (isDetached(o)) throw new TypeError(`${name} is backed by a detached ArrayBuffer`);
  // its own length: a subclass's `length` getter may say anything
  const length = typedLength(o);
  if (length < n) throw new RangeError(`${name} has length ${length}, needs at least ${n}`);
  return o;
}

/**
 * Typed-array inputs (weights, per-element shapes, keys, counters, table buffers): a genuine typed
 * array of one of `ctors` (not a Proxy or prototype impostor), on a live buffer. SharedArrayBuffer-
 * backed arrays and views with byte offsets are accepted like any other. Returns false for values
 * that are not typed arrays of those types at all (the caller decides what else it accepts).
 */
export function isTypedInput(v: unknown, name: string, ...ctors: Function[]): v is ArrayBufferView & ArrayLike<number> {
  if (!ArrayBuffer.isView(v) || !ctors.some((c) => v instanceof c && typedArrayName(v) === c.name)) return false;
  if (isDetached(v)) throw new TypeError(`${name} is backed by a detached ArrayBuffer`);
  return true;
}

/**
 * An output may not share memory with an input of the same call: the kernels read inputs while they
 * write outputs (and the GPU and worker paths read them later), so any overlap would feed samples back
 * in as parameters. Views of one buffer that do not overlap are fine.
 */
export function checkDisjoint(out: ArrayBufferView, input: unknown, outName: string, inName: string): void {
  if (!ArrayBuffer.isView(input) || out.buffer !== input.buffer) return;
  const a = out.byteOffset, b = a + out.byteLength;
  const c = input.byteOffset, d = c + input.byteLength;
  if (a < d && c < b && out.byteLength > 0 && input.byteLength > 0) {
    throw new RangeError(`${outName} must not overlap ${inName} (they share an ArrayBuffer)`);
  }
}

/** The error of an async call whose host `out` was detached or resized before its values landed. */
export const OUT_MOVED = 'out was detached or resized while the call was pending; its values are lost';

/** ArrayBuffer.prototype.detached's getter where the engine has one (not `buf.detached`: on Node 20,
 *  which lacks it, that read reached Object.prototype, where a polluted value decided). */
const DETACHED = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')?.get as ((this: unknown) => boolean) | undefined;

export function isDetached(v: ArrayBufferView): boolean {
  // the view's own buffer (a subclass's `buffer` getter may name another), for a typed array
  const buf = typedArrayName(v) !== undefined ? typedBuffer(v) : v.buffer;
  if (buf instanceof SharedArrayBuffer) return false;  // it cannot be detached
  if (DETACHED) return DETACHED.call(buf);
  // A view on a detached buffer cannot be made.
  try {
    new Uint8Array(buf, 0, 0);
    return false;
  } catch {
    return true;
  }
}

export function checkUint32(v: unknown, name: string): number {
  if (typeof v !== 'number') throw new TypeError(`${name} must be a number, got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) {
    throw new RangeError(`${name} must be an integer in [0, 2^32-1], got ${v}`);
  }
  return v;
}

export function checkFiniteNumber(v: unknown, name: string): number {
  if (typeof v !== 'number') throw new TypeError(`${name} must be a number, got ${describe(v)}`);
  if (!Number.isFinite(v)) throw new RangeError(`${name} must be finite, got ${v}`);
  return v;
}

/**
 * The options object `opts` as a snapshot: its own enumerable properties, each read once, in a
 * record (lib/core/records.ts: no Object.prototype in its chain). Every later read sees the value of
 * that one read (a getter cannot answer differently to a second read), and nothing inherited is an
 * option: `Object.prototype.offset = 5` must not shift every stream (issue 27).
 */
export function checkOptions(opts: unknown, name = 'options'): Record<string, unknown> {
  const snap = emptyRecord<Record<string, unknown>>();
  if (opts === undefined) return snap;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
    throw new TypeError(`${name} must be an object, got ${describe(opts)}`);
  }
  for (const k of Object.keys(opts)) snap[k] = (opts as Record<string, unknown>)[k];
  return snap;
}

/**
 * A known option that `opts` has, but not as an own enumerable property (on a prototype of the
 * caller's, or non-enumerable) is refused rather than ignored: `Object.create(defaults)` would
 * otherwise lose its defaults silently. Object.prototype itself is not asked: what is there was not
 * passed by the caller (pollution is ignored, as for every other object).
 */
function checkInherited(fn: string, opts: object, snap: Record<string, unknown>, known: readonly string[], name: string): void {
  const holders: object[] = [opts];
  for (let p = Object.getPrototypeOf(opts) as object | null; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    holders.push(p);
  }
  for (const k of known) {
    if (Object.hasOwn(snap, k)) continue;
    if (holders.some((h) => Object.hasOwn(h, k))) {
      throw new TypeError(`${fn}: option '${k}' is inherited or non-enumerable; ${name} are read from own enumerable properties only`);
    }
  }
}

/** What numpy, @stdlib and jax users pass as an option, where no function of ours takes it by that name. */
const COMMON_HINTS: Readonly<Record<string, string>> = {
  size: 'n, the count argument',
  shape: 'n, the count argument',
  seed: 'the key argument: key(seed)',
  key: 'the key argument',
  n: 'the count argument',
};

/**
 * The options object of `fn`, with every name one it knows: otherwise a TypeError naming the option,
 * what it is called here when another library's name was used (`hints`, then common ones, then the
 * same name in other case), and the options `fn` takes. Unknown names are never ignored: a misspelt
 * `scale` would silently draw from another distribution.
 */
export function knownOptions(
  fn: string, opts: unknown, known: readonly string[], hints: Readonly<Record<string, string>> = {}, name = 'options',
): Record<string, unknown> {
  const o = checkOptions(opts, name);
  if (opts !== undefined) checkInherited(fn, opts as object, o, known, name);
  for (const k of Object.keys(o)) {
    if (known.includes(k)) continue;
    const lower = k.toLowerCase();
    const hint = (Object.hasOwn(hints, k) ? hints[k] : undefined) ?? (Object.hasOwn(COMMON_HINTS, k) ? COMMON_HINTS[k] : undefined) ??
      known.find((x) => x.toLowerCase() === lower);
    throw new TypeError(`${fn}: unknown option '${k}'${hint ? ` (here: ${hint})` : ''}; ` +
      (known.length ? `the options are ${known.join(', ')}` : 'it takes no options'));
  }
  return o;
}

export function checkEnum<T extends string>(v: unknown, allowed: readonly T[], name: string, dflt: T): T {
  if (v === undefined) return dflt;
  if (typeof v !== 'string') throw new TypeError(`${name} must be a string, got ${describe(v)}`);
  if (!(allowed as readonly string[]).includes(v)) {
    throw new RangeError(`${name} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got '${v}'`);
  }
  return v as T;
}

/** A 64-bit unsigned argument (seed, subsequence, offset): a safe integer or a bigint in [0, 2^64), as a bigint. */
export function checkU64(v: unknown, name: string): bigint {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(`${name} must be an integer in [0, 2^53-1] (use a bigint up to 2^64-1), got ${v}`);
    }
    return BigInt(v);
  }
  if (typeof v === 'bigint') {
    if (v < 0n || v >= 2n ** 64n) throw new RangeError(`${name} must be in [0, 2^64-1], got ${v}`);
    return v;
  }
  throw new TypeError(`${name} must be a number or bigint, got ${describe(v)}`);
}

/** A skip distance of a sequential generator: any non-negative safe integer or bigint (beyond 2^64 too). */
export function checkDistance(v: unknown, name: string): bigint {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(`${name} must be an integer in [0, 2^53-1] (use a bigint beyond), got ${v}`);
    }
    return BigInt(v);
  }
  if (typeof v === 'bigint') {
    if (v < 0n) throw new RangeError(`${name} must be non-negative, got ${v}`);
    return v;
  }
  throw new TypeError(`${name} must be a number or bigint, got ${describe(v)}`);
}
