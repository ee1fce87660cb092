/**
 * Shared by the property-based (fast-check) test files. Seeds are fixed so a failure reproduces;
 * FUZZ_RUNS multiplies every numRuns (e.g. FUZZ_RUNS=50 for a long local run) and FUZZ_SEED changes
 * the seed (a counterexample is reported with the seed and path to replay it).
 */
import { expect } from 'vitest';
import fc from 'fast-check';

const scale = Number(process.env.FUZZ_RUNS ?? '1');
if (!(scale > 0)) throw new RangeError(`FUZZ_RUNS must be a positive number, got '${process.env.FUZZ_RUNS}'`);
const seed = Number(process.env.FUZZ_SEED ?? '20261123');

/** Per-test timeout: vitest's 60 s, scaled with FUZZ_RUNS. */
export const TIMEOUT = 60_000 * Math.max(1, scale);

/** fast-check parameters: the fixed seed and `base` runs scaled by FUZZ_RUNS. */
export function runs(base: number): { seed: number; numRuns: number } {
  return { seed, numRuns: Math.max(1, Math.round(base * scale)) };
}

/** Throws only TypeError or RangeError, or nothing. */
export function expectOnlyArgumentErrors(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    expect(e instanceof TypeError || e instanceof RangeError, String(e)).toBe(true);
  }
}

/** Does the message name the argument (as a word: 'n' in "n must be", not in "detached")? */
export function names(message: string, name: string | string[]): boolean {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (Array.isArray(name) ? name : [name]).some((x) => new RegExp(`(^|[^A-Za-z0-9_])${esc(x)}([^A-Za-z0-9_]|$)`).test(message));
}

/** Throws a TypeError or RangeError whose message names `name` (or one of the names). */
export function expectArgumentError(f: () => unknown, name: string | string[]): void {
  let thrown: unknown = null;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `expected an error naming '${name}'`).not.toBeNull();
  expect(thrown instanceof TypeError || thrown instanceof RangeError, String(thrown)).toBe(true);
  expect(names((thrown as Error).message, name), `'${(thrown as Error).message}' should name ${name}`).toBe(true);
}

/** Rejects (never throws synchronously) with a TypeError or RangeError naming `name`. */
export async function expectArgumentRejection(f: () => Promise<unknown>, name: string | string[]): Promise<void> {
  let p: Promise<unknown>;
  try {
    p = f();
  } catch (e) {
    expect.fail(`threw synchronously instead of rejecting: ${String(e)}`);
  }
  expect(p).toBeInstanceOf(Promise);
  let thrown: unknown = null;
  try {
    await p;
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `expected a rejection naming '${name}'`).not.toBeNull();
  expect(thrown instanceof TypeError || thrown instanceof RangeError, String(thrown)).toBe(true);
  expect(names((thrown as Error).message, name), `'${(thrown as Error).message}' should name ${name}`).toBe(true);
}

/** Bitwise equality of two typed arrays (so -0, +0 and NaN payloads count). */
export function sameBits(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength || a.constructor !== b.constructor) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** A typed array whose buffer has been detached (transferred away). */
export function detached<T extends ArrayBufferView>(a: T): T {
  structuredClone(a.buffer, { transfer: [a.buffer as ArrayBuffer] });
  return a;
}

type FloatCtor = Float32ArrayConstructor | Float64ArrayConstructor | Uint32ArrayConstructor;

/**
 * Where an `out` (or input) array lives: a fresh array, a view at an element offset into a larger
 * buffer (a byte offset), or either on a SharedArrayBuffer. Fills the rest of the buffer with a
 * sentinel so a test can check nothing outside the view was written.
 */
export interface Placed<T> { view: T; whole: T; start: number }
export function place<T extends Float32Array | Float64Array | Uint32Array>(
  Ctor: FloatCtor, n: number, start: number, shared: boolean, slack = 3,
): Placed<T> {
  const len = start + n + slack;
  const buf = shared ? new SharedArrayBuffer(len * Ctor.BYTES_PER_ELEMENT) : new ArrayBuffer(len * Ctor.BYTES_PER_ELEMENT);
  const whole = new Ctor(buf) as T;
  whole.fill(Ctor === Uint32Array ? 0xdeadbeef : -7.25);
  return { view: new Ctor(buf, start * Ctor.BYTES_PER_ELEMENT, n) as T, whole, start };
}

/** Everything outside [start, start + n) still holds the sentinel of place(). */
export function untouchedOutside<T extends Float32Array | Float64Array | Uint32Array>(p: Placed<T>, n: number): boolean {
  const s = p.whole instanceof Uint32Array ? 0xdeadbeef : -7.25;
  for (let i = 0; i < p.whole.length; i++) {
    if ((i < p.start || i >= p.start + n) && p.whole[i] !== s) return false;
  }
  return true;
}

export const seedArb = fc.oneof(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }));
export const keyArb = fc.tuple(fc.nat({ max: 0xffffffff }), fc.nat({ max: 0xffffffff })) as fc.Arbitrary<[number, number]>;
/** Offsets as number or bigint, including the top of the index range (leaves room for `room` elements). */
export function offsetArb(room: number): fc.Arbitrary<number | bigint> {
  return fc.oneof(
    fc.nat({ max: 5000 }),
    fc.nat({ max: 2 ** 53 - room }),
    fc.bigInt({ min: 0n, max: 2n ** 63n - BigInt(room) }),
    fc.constantFrom(2 ** 32 - 1, 2 ** 32 - 3, 2n ** 63n - BigInt(room), 2n ** 62n + 1n),
  );
}
export function addOffset(o: number | bigint, d: number): number | bigint {
  return typeof o === 'bigint' ? o + BigInt(d) : o + d <= 2 ** 53 ? o + d : BigInt(o) + BigInt(d);
}
