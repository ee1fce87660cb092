// Property-based tests (fast-check) of EVERY public function with INVALID arguments (test/fuzz-targets.ts
// lists them per argument). Each must throw (sync) or reject (async) a TypeError or RangeError whose
// message names the argument — never another error, a crash, a hang or a silent NaN. Outputs that
// share memory with an input are refused. SharedArrayBuffer-backed arrays are VALID everywhere (see
// docs/testing.md); the valid-argument files check that they give the same results.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as cr from 'cuda-random';
import { expectArgumentError, expectArgumentRejection, expectOnlyArgumentErrors, runs, TIMEOUT } from './fuzz-helpers.js';
import { K, badOptions, junk, targets } from './fuzz-targets.js';

const byName = new Map(targets.map((t) => [t.name, t]));
/** [target name, argument, bad value] (names, so a counterexample prints readably). */
const targetSlot = (ts: typeof targets) => fc.constantFrom(...ts.map((t) => t.name)).chain((name) =>
  fc.constantFrom(...Object.keys(byName.get(name)!.slots)).chain((slot) =>
    fc.tuple(fc.constant(name), fc.constant(slot), byName.get(name)!.slots[slot][1])));

describe('fuzz: invalid arguments throw TypeError/RangeError naming the argument', () => {
  it('every public function, every argument, sync', () => {
    fc.assert(fc.property(targetSlot(targets), ([name, slot, bad]) => {
      const t = byName.get(name)!;
      const a = { ...t.base(), [slot]: bad };
      expectArgumentError(() => t.call(a), t.slots[slot][0]);
    }), runs(1500));
  }, TIMEOUT);

  it('the async twins reject (never throw) the same way', async () => {
    const withAsync = targets.filter((t) => t.callAsync);
    await fc.assert(fc.asyncProperty(
      targetSlot(withAsync),
      async ([name, slot, bad]) => {
        const t = byName.get(name)!;
        const a = { ...t.base(), [slot]: bad };
        await expectArgumentRejection(() => t.callAsync!(a), t.slots[slot][0]);
      },
    ), runs(300));
  }, TIMEOUT);

  it('arbitrary junk in every position only ever gives TypeError/RangeError', () => {
    const any = fc.oneof(fc.anything({ maxDepth: 2, withBigInt: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true }), junk, badOptions);
    fc.assert(fc.property(fc.constantFrom(...targets.map((t) => t.name)), any, any, any, fc.nat({ max: 3 }), (name, x, y, z, which) => {
      const t = byName.get(name)!;
      const a = t.base();
      const slots = Object.keys(t.slots);
      // A junk count can be a huge valid one (fc.integer reaches 2^31): keep allocations small.
      const put = (slot: string, v: unknown) => { a[slot] = slot === 'n' && typeof v === 'number' && v > 4096 ? -v : v; };
      put(slots[which % slots.length], x);
      if (slots.length > 1) put(slots[(which + 1) % slots.length], y);
      if (slots.length > 2) put(slots[(which + 2) % slots.length], z);
      expectOnlyArgumentErrors(() => t.call(a));
    }), runs(800));
  }, TIMEOUT);
});

describe('fuzz: an output may not share memory with an input', () => {
  // out over the same bytes as alpha/df/weights, or overlapping them at a byte offset; views of one
  // buffer that do NOT overlap stay valid.
  const layout = fc.record({ outStart: fc.nat({ max: 12 }), inStart: fc.nat({ max: 12 }), n: fc.integer({ min: 1, max: 10 }) });
  const overlaps = (o: number, i: number, n: number) => o < i + n && i < o + n;

  it('gamma and chisquare per-element shapes, dirichlet alpha, categorical weights', async () => {
    await fc.assert(fc.asyncProperty(layout, fc.constantFrom('gamma', 'chisquare', 'dirichlet', 'categorical'), fc.boolean(), async ({ outStart, inStart, n }, fn, shared) => {
      const buf = shared ? new SharedArrayBuffer(8 * 64) : new ArrayBuffer(8 * 64);
      const input = new Float64Array(buf, 8 * inStart, n).fill(1.5);
      let call: () => unknown;
      let callAsync: () => Promise<unknown>;
      let overlap: boolean;
      let inName: string;
      if (fn === 'categorical') {
        // Uint32 out over the same bytes as Float64 weights: elements are 4 bytes, 2 per weight.
        const out = new Uint32Array(buf, 8 * outStart, n);
        overlap = 8 * outStart < 8 * inStart + 8 * n && 8 * inStart < 8 * outStart + 4 * n;
        call = () => cr.categorical(K, input, n, { out });
        callAsync = () => cr.categoricalAsync(K, input, n, { out });
        inName = 'weights';
      } else if (fn === 'dirichlet') {
        const rows = 2;
        const out = new Float64Array(buf, 8 * outStart, rows * n);
        overlap = outStart < inStart + n && inStart < outStart + rows * n;
        call = () => cr.dirichlet(K, input, rows, { out });
        callAsync = () => cr.dirichletAsync(K, input, rows, { out });
        inName = 'alpha';
      } else {
        const out = new Float64Array(buf, 8 * outStart, n);
        overlap = overlaps(outStart, inStart, n);
        inName = fn === 'gamma' ? 'alpha' : 'df';
        call = () => (fn === 'gamma' ? cr.gamma(K, n, { alpha: input, out }) : cr.chisquare(K, n, { df: input, out }));
        callAsync = () => (fn === 'gamma' ? cr.gammaAsync(K, n, { alpha: input, out }) : cr.chisquareAsync(K, n, { df: input, out }));
      }
      if (overlap) {
        expectArgumentError(call, 'out');
        expectArgumentError(call, inName);
        await expectArgumentRejection(callAsync, 'out');
      } else {
        const before = Float64Array.from(input);
        const r = call() as Float64Array;
        expect(Array.from(input)).toEqual(Array.from(before)); // the input was not written
        for (const v of r.subarray(0, 1)) expect(Number.isNaN(v)).toBe(false);
      }
    }), runs(150));
  }, TIMEOUT);
});
