// Property-based tests (fast-check) of the distribution samplers with random VALID arguments: they
// never throw, stay in their support without NaN, and keep the contract of docs/streams.md: the
// same bits for any chunking and offset, any `proposals` M, into a fresh array or a reused `out`
// (views with byte offsets, SharedArrayBuffer-backed), sync or async.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  key, normal, normalAsync, gamma, gammaAsync, exponential, exponentialAsync, chisquare, chisquareAsync,
  beta, betaAsync, dirichlet, dirichletAsync, type Key,
} from 'cuda-random';
import { addOffset, keyArb, offsetArb, place, runs, sameBits, untouchedOutside, TIMEOUT } from './fuzz-helpers.js';

type Floats = Float32Array | Float64Array;
type Dtype = 'float32' | 'float64';

/** One sampler under test: `elements` calls of it give `elements · width` values. */
interface Case {
  name: string;
  width: number;
  dtype: Dtype;
  /** Elements [from, from + count) of the property's stream (the base offset is added by the caller). */
  run(k: Key, offset: number | bigint, from: number, count: number, out?: Floats, M?: number): Floats;
  runAsync(k: Key, offset: number | bigint, from: number, count: number, out?: Floats, M?: number): Promise<Floats>;
  inSupport(x: number): boolean;
  /** Dirichlet: rows sum to 1. */
  rows?: boolean;
  proposals: boolean;
}

const logUniform = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true }).map((e) => 10 ** e);
const dtypeArb = fc.constantFrom<Dtype>('float32', 'float64');
const Ctor = (d: Dtype) => (d === 'float32' ? Float32Array : Float64Array);
const finite = (x: number) => Number.isFinite(x);
const nonNegative = (x: number) => x >= 0 && x < Infinity;
const unit = (x: number) => x >= 0 && x <= 1;

/** A shape parameter: a number, or a per-element array (Float32Array or Float64Array view at a byte offset). */
const shapeParam = (n: number) => fc.oneof(
  logUniform(-3, 4),
  fc.record({ f32: fc.boolean(), start: fc.nat({ max: 5 }), vals: fc.array(logUniform(-3, 4), { minLength: n, maxLength: n }) })
    .map(({ f32, start, vals }) => {
      const C = f32 ? Float32Array : Float64Array;
      const whole = new C(start + n + 2).fill(1);
      whole.set(vals.map((v) => (f32 ? Math.max(Math.fround(v), 2 ** -126) : v)), start);
      return whole.subarray(start, start + n);
    }),
);

/** Arbitrary sampler cases for n elements. */
function caseArb(n: number): fc.Arbitrary<Case> {
  const normalCase = fc.record({
    method: fc.constantFrom('box-muller' as const, 'polar' as const), dtype: dtypeArb,
    mean: fc.double({ min: -1e6, max: 1e6, noNaN: true }), std: logUniform(-6, 6),
  }).map(({ method, dtype, mean, std }): Case => {
    const o = (offset: number | bigint, from: number, out?: Floats) => ({ method, dtype, mean, std, offset: addOffset(offset, from), out });
    return {
      name: `normal ${method} ${dtype} mean=${mean} std=${std}`, width: 1, dtype, proposals: false, inSupport: finite,
      run: (k, off, from, c, out) => normal(k, c, o(off, from, out)),
      runAsync: (k, off, from, c, out) => normalAsync(k, c, o(off, from, out)),
    };
  });
  const gammaCase = fc.record({ dtype: dtypeArb, alpha: shapeParam(n), scale: logUniform(-6, 6) })
    .map(({ dtype, alpha, scale }): Case => {
      const a = (from: number, c: number) => (typeof alpha === 'number' ? alpha : alpha.subarray(from, from + c));
      const o = (off: number | bigint, from: number, c: number, out?: Floats, M?: number) =>
        ({ alpha: a(from, c), scale, dtype, offset: addOffset(off, from), out, proposals: M });
      return {
        name: `gamma ${dtype} alpha=${typeof alpha === 'number' ? alpha : `${alpha.constructor.name}[${alpha.length}]`} scale=${scale}`,
        width: 1, dtype, proposals: true, inSupport: nonNegative,
        run: (k, off, from, c, out, M) => gamma(k, c, o(off, from, c, out, M)),
        runAsync: (k, off, from, c, out, M) => gammaAsync(k, c, o(off, from, c, out, M)),
      };
    });
  const exponentialCase = fc.record({ dtype: dtypeArb, rate: logUniform(-6, 6) }).map(({ dtype, rate }): Case => {
    const o = (off: number | bigint, from: number, out?: Floats) => ({ rate, dtype, offset: addOffset(off, from), out });
    return {
      name: `exponential ${dtype} rate=${rate}`, width: 1, dtype, proposals: false, inSupport: nonNegative,
      run: (k, off, from, c, out) => exponential(k, c, o(off, from, out)),
      runAsync: (k, off, from, c, out) => exponentialAsync(k, c, o(off, from, out)),
    };
  });
  const chisquareCase = fc.record({ dtype: dtypeArb, df: shapeParam(n) }).map(({ dtype, df }): Case => {
    const d = (from: number, c: number) => (typeof df === 'number' ? df : df.subarray(from, from + c));
    const o = (off: number | bigint, from: number, c: number, out?: Floats, M?: number) =>
      ({ df: d(from, c), dtype, offset: addOffset(off, from), out, proposals: M });
    return {
      name: `chisquare ${dtype} df=${typeof df === 'number' ? df : 'array'}`, width: 1, dtype, proposals: true, inSupport: nonNegative,
      run: (k, off, from, c, out, M) => chisquare(k, c, o(off, from, c, out, M)),
      runAsync: (k, off, from, c, out, M) => chisquareAsync(k, c, o(off, from, c, out, M)),
    };
  });
  const betaCase = fc.record({ dtype: dtypeArb, a: logUniform(-3, 4), b: logUniform(-3, 4) }).map(({ dtype, a, b }): Case => {
    const o = (off: number | bigint, from: number, out?: Floats, M?: number) => ({ a, b, dtype, offset: addOffset(off, from), out, proposals: M });
    return {
      name: `beta ${dtype} a=${a} b=${b}`, width: 1, dtype, proposals: true, inSupport: unit,
      run: (k, off, from, c, out, M) => beta(k, c, o(off, from, out, M)),
      runAsync: (k, off, from, c, out, M) => betaAsync(k, c, o(off, from, out, M)),
    };
  });
  const dirichletCase = fc.record({
    dtype: dtypeArb, alpha: fc.array(logUniform(-3, 3), { minLength: 1, maxLength: 6 }),
    form: fc.constantFrom('array', 'Float64Array', 'Float32Array'),
  }).map(({ dtype, alpha, form }): Case => {
    const A = form === 'array' ? alpha : form === 'Float64Array' ? Float64Array.from(alpha) : Float32Array.from(alpha, (v) => Math.max(Math.fround(v), 2 ** -126));
    const o = (off: number | bigint, from: number, out?: Floats, M?: number) => ({ dtype, offset: addOffset(off, from), out, proposals: M });
    return {
      name: `dirichlet ${dtype} alpha=${form}[${alpha}]`, width: alpha.length, dtype, proposals: true, inSupport: unit, rows: true,
      run: (k, off, from, c, out, M) => dirichlet(k, A, c, o(off, from, out, M)),
      runAsync: (k, off, from, c, out, M) => dirichletAsync(k, A, c, o(off, from, out, M)),
    };
  });
  return fc.oneof(normalCase, gammaCase, exponentialCase, chisquareCase, betaCase, dirichletCase);
}

function checkValues(c: Case, xs: Floats, n: number): void {
  expect(xs).toBeInstanceOf(Ctor(c.dtype));
  expect(xs.length).toBe(n * c.width);
  for (let i = 0; i < xs.length; i++) {
    if (!c.inSupport(xs[i])) expect.fail(`${c.name}: value ${i} = ${xs[i]} outside the support`);
  }
  if (c.rows) {
    const tol = c.dtype === 'float32' ? 4e-7 * c.width : 4e-16 * c.width;
    for (let r = 0; r < n; r++) {
      let s = 0;
      for (let j = 0; j < c.width; j++) s += xs[r * c.width + j];
      if (!(Math.abs(s - 1) <= tol)) expect.fail(`${c.name}: row ${r} sums to ${s}`);
    }
  }
}

const sizes = fc.nat({ max: 300 });

describe('fuzz: distributions with valid arguments keep the contract', () => {
  it('no throw, in support, chunk/offset invariant, M invariant, out reused (views, shared memory)', () => {
    fc.assert(fc.property(
      sizes.chain((n) => fc.tuple(fc.constant(n), caseArb(n))), keyArb, offsetArb(400), fc.nat(),
      fc.integer({ min: 1, max: 1024 }), fc.nat({ max: 7 }), fc.boolean(),
      ([N, c], kk, off, cutRaw, M, start, shared) => {
        const k = key(BigInt(kk[0]) | (BigInt(kk[1]) << 32n));
        const n = c.rows ? N % 60 : N; // dirichlet: rows of up to 6 values
        if (c.rows) off = typeof off === 'bigint' ? off / 8n : Math.floor(off / 8); // (offset + n)·K < 2^63
        const whole = c.run(k, off, 0, n);
        checkValues(c, whole, n);
        // `out` reuse: a view at a byte offset, maybe on a SharedArrayBuffer; same object back, same bits,
        // nothing outside it written; twice into the same (now dirty) array.
        const p = place<Floats>(Ctor(c.dtype), n * c.width, start, shared);
        for (let rep = 0; rep < 2; rep++) {
          const r = c.run(k, off, 0, n, p.view);
          expect(r).toBe(p.view);
          expect(sameBits(r, whole), `${c.name}: out reuse`).toBe(true);
        }
        expect(untouchedOutside(p, n * c.width)).toBe(true);
        // Two chunks at any cut give the same values.
        const cut = n === 0 ? 0 : cutRaw % (n + 1);
        const o = new (Ctor(c.dtype))(n * c.width);
        c.run(k, off, 0, cut, o.subarray(0, cut * c.width));
        c.run(k, off, cut, n - cut, o.subarray(cut * c.width));
        expect(sameBits(o, whole), `${c.name}: chunks at ${cut}`).toBe(true);
        if (c.proposals) expect(sameBits(c.run(k, off, 0, n, undefined, M), whole), `${c.name}: M = ${M}`).toBe(true);
      },
    ), runs(150));
  }, TIMEOUT);

  it('async equals sync, through the worker pool too (n up to 2^16 + 1000), with shared and plain outs', async () => {
    await fc.assert(fc.asyncProperty(
      fc.oneof({ weight: 3, arbitrary: sizes }, { weight: 1, arbitrary: fc.integer({ min: 1 << 16, max: (1 << 16) + 1000 }) })
        .chain((n) => fc.tuple(fc.constant(n), caseArb(n))),
      keyArb, offsetArb(70000), fc.boolean(), fc.integer({ min: 1, max: 16 }),
      async ([N, c], kk, off, shared, M) => {
        const k = key(BigInt(kk[0]) | (BigInt(kk[1]) << 32n));
        const n = c.rows ? Math.min(N, 1 << 14) : N;
        if (c.rows) off = typeof off === 'bigint' ? off / 8n : Math.floor(off / 8);
        const sync = c.run(k, off, 0, n);
        const p = place<Floats>(Ctor(c.dtype), n * c.width, 1, shared);
        const [a, b] = await Promise.all([c.runAsync(k, off, 0, n, undefined, M), c.runAsync(k, off, 0, n, p.view)]);
        expect(sameBits(a, sync), `${c.name}: async`).toBe(true);
        expect(b).toBe(p.view);
        expect(sameBits(b, sync), `${c.name}: async into out`).toBe(true);
        expect(untouchedOutside(p, n * c.width)).toBe(true);
      },
    ), runs(12));
  }, TIMEOUT);

  it('extreme valid parameters never give NaN and stay in the (closed) support', () => {
    const tinyToHuge = fc.constantFrom(5e-324, 1e-310, 1e-300, 1e-30, 0.999999, 1, 1.0000001, 1e30, 1e300, Number.MAX_VALUE);
    const rowShape = fc.constantFrom(1e-300, 1e-200, 1e-30, 1e-3, 0.999999, 1, 1e30, 1e300);
    const noNaN = (xs: Floats, what: string, ok: (x: number) => boolean) => {
      for (let i = 0; i < xs.length; i++) if (!ok(xs[i])) expect.fail(`${what}: value ${i} = ${xs[i]}`);
    };
    fc.assert(fc.property(
      keyArb, dtypeArb, tinyToHuge, tinyToHuge, rowShape, rowShape, fc.array(rowShape, { minLength: 1, maxLength: 4 }),
      fc.constantFrom(-Number.MAX_VALUE, -1e300, 0, 1e-300, 1e300, Number.MAX_VALUE),
      (kk, dtype, x, y, a, b, alphas, mean) => {
        const k = key(kk[0]);
        const n = 64;
        const ge0 = (v: number) => v >= 0;
        noNaN(gamma(k, n, { alpha: x, scale: y, dtype }), `gamma(${x}, scale ${y}) ${dtype}`, ge0);
        const df = x === 5e-324 ? 1e-323 : x; // df/2 must not round to 0
        noNaN(chisquare(k, n, { df, dtype }), `chisquare(${df}) ${dtype}`, ge0);
        noNaN(exponential(k, n, { rate: x, dtype }), `exponential(${x}) ${dtype}`, ge0);
        noNaN(normal(k, n, { mean, std: y, dtype }), `normal(${mean}, ${y}) ${dtype}`, (v) => !Number.isNaN(v));
        noNaN(normal(k, n, { mean, std: y, dtype, method: 'polar' }), `polar(${mean}, ${y}) ${dtype}`, (v) => !Number.isNaN(v));
        noNaN(beta(k, n, { a, b, dtype }), `beta(${a}, ${b}) ${dtype}`, unit);
        noNaN(dirichlet(k, alphas, 16, { dtype }), `dirichlet([${alphas}]) ${dtype}`, unit);
      },
    ), runs(60));
  }, TIMEOUT);
});
