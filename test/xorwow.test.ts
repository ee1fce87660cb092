import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Xorwow as PublicXorwow } from 'cuda-random';
import { Xorwow, XORWOW_SUBSEQUENCE_STEPS, type XorwowState } from '../lib/xorwow/xorwow.js';
import { jumpMatrix, jumpXorshift, xorshiftStep, XORSHIFT_PERIOD } from '../lib/xorwow/jumps.js';
import { identity160, matEquals, matMul, matVec, type Mat160 } from '../lib/xorwow/gf2.js';

// These streams were derived from cuRAND's published algorithm (and agree with an independent port for
// seeds 0, 1 and 512); they have not yet been confirmed against real cuRAND on a GPU.
const VECTORS: { seed: string; subsequence: string; offset: string; curand: number[] }[] = JSON.parse(
  readFileSync(new URL('./vectors/curand_xorwow.json', import.meta.url), 'utf8'),
);

const U32 = 2n ** 32n;
const SUB = 2n ** 67n;

/** Deterministic test randomness, independent of the code under test. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
}

function take(g: Xorwow, n: number): number[] {
  return Array.from({ length: n }, () => g.next());
}

/** The brute-force reference: k single steps. */
function stepped(g: Xorwow, k: number): Xorwow {
  const c = g.clone();
  for (let i = 0; i < k; i++) c.next();
  return c;
}

describe('Xorwow matches cuRAND curand()', () => {
  it('reproduces every vector in test/vectors/curand_xorwow.json', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(7);
    for (const v of VECTORS) {
      const g = new Xorwow(BigInt(v.seed), { subsequence: BigInt(v.subsequence), offset: BigInt(v.offset) });
      expect(take(g, v.curand.length), JSON.stringify(v)).toEqual(v.curand);
    }
  });

  it('is exported from the package', () => {
    const g = new PublicXorwow(0);
    expect(g.next()).toBe(VECTORS[0].curand[0]);
  });

  it('seeds as curand_init does (recomputed here in bigint arithmetic)', () => {
    for (const seed of [0n, 1n, 0xffffffffn, 1n << 32n, 0xdeadbeefcafef00dn, U32 * U32 - 1n]) {
      const s0 = (seed & 0xffffffffn) ^ 0xaad26b49n;
      const s1 = (seed >> 32n) ^ 0xf7dcefddn;
      const t0 = (1099087573n * s0) % U32;
      const t1 = (2591861531n * s1) % U32;
      const want: XorwowState = {
        v: [(123456789n + t0) % U32, 362436069n ^ t0, (521288629n + t1) % U32, 88675123n ^ t1, (5783321n + t0) % U32]
          .map(Number) as XorwowState['v'],
        d: Number((6615241n + t1 + t0) % U32),
      };
      expect(new Xorwow(seed).state()).toEqual(want);
    }
  });

  it('takes number and bigint arguments alike', () => {
    const a = new Xorwow(123456789012, { subsequence: 7, offset: 99 });
    const b = new Xorwow(123456789012n, { subsequence: 7n, offset: 99n });
    expect(a.state()).toEqual(b.state());
  });

  it('a step is the published xorshift + Weyl update', () => {
    const g = new Xorwow(42n, { offset: 3 });
    for (let i = 0; i < 50; i++) {
      const { v, d } = g.state();
      const t = (v[0] ^ (v[0] >>> 2)) >>> 0;
      const v4 = ((v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1))) >>> 0;
      const d2 = (d + 362437) >>> 0;
      expect(g.next()).toBe((v4 + d2) >>> 0);
      expect(g.state()).toEqual({ v: [v[1], v[2], v[3], v[4], v4], d: d2 });
    }
  });
});

describe('skip-ahead', () => {
  it('skip(k) equals k calls of next() for random k up to 1e5', () => {
    const r = lcg(7);
    const base = new Xorwow(0x0123456789abcdefn, { subsequence: 5 });
    for (let trial = 0; trial < 12; trial++) {
      const k = trial < 4 ? trial : r() % 100_000;
      expect(base.clone().skip(k).state(), `k=${k}`).toEqual(stepped(base, k).state());
      expect(base.clone().skip(BigInt(k)).state()).toEqual(stepped(base, k).state());
    }
  });

  it('offset in the constructor equals stepping', () => {
    const g0 = new Xorwow(99);
    for (const k of [1, 2, 31, 32, 33, 4097, 65_537]) {
      expect(new Xorwow(99, { offset: k }).state()).toEqual(stepped(g0, k).state());
    }
  });

  it('subsequence s+1 is subsequence s skipped by 2^67', () => {
    for (const [seed, s] of [[0n, 0n], [1234n, 1n], [987654321987654321n, 0xfffffffffffffffen]]) {
      const next = new Xorwow(seed, { subsequence: s + 1n, offset: 10 });
      const jumped = new Xorwow(seed, { subsequence: s, offset: 10 }).skip(2n ** 67n);
      expect(jumped.state()).toEqual(next.state());
      expect(take(jumped, 4)).toEqual(take(next, 4));
    }
  });

  it('subsequence and offset compose as one jump of subsequence·2^67 + offset', () => {
    const s = 0x8000000000000001n;
    const o = 0xfedcba9876543210n;
    const a = new Xorwow(5n, { subsequence: s, offset: o });
    const b = new Xorwow(5n).skip(s * SUB + o);
    const c = new Xorwow(5n).skip(o).skip(2n ** 66n).skip(2n ** 66n).skip((s - 1n) * SUB);
    expect(a.state()).toEqual(b.state());
    expect(c.state()).toEqual(a.state());
  });

  it('skip(a).skip(b) equals skip(a + b), carries across jump bits included', () => {
    const r = lcg(11);
    for (let trial = 0; trial < 8; trial++) {
      const a = (BigInt(r()) << 64n) | (BigInt(r()) << 32n) | BigInt(r());
      const b = (BigInt(r()) << 40n) | BigInt(r());
      const g = new Xorwow(r());
      expect(g.clone().skip(a).skip(b).state()).toEqual(g.clone().skip(a + b).state());
    }
  });

  it('a full xorshift period (2^160 - 1) leaves v unchanged and moves only d', () => {
    const g = new Xorwow(77n, { offset: 12345 });
    const before = g.state();
    const after = g.clone().skip(XORSHIFT_PERIOD).state();
    expect(after.v).toEqual(before.v);
    expect(after.d).toBe(Number((BigInt(before.d) + 362437n * XORSHIFT_PERIOD) % U32));
    // beyond the period: reduced for v, exact for d
    const k = 2n ** 200n + 999n;
    expect(g.clone().skip(k).state().v).toEqual(g.clone().skip(k % XORSHIFT_PERIOD).state().v);
    expect(g.clone().skip(k).state().d).toBe(Number((BigInt(before.d) + 362437n * k) % U32));
  });

  it('constructing with a large subsequence is fast once the jump matrices exist', () => {
    new Xorwow(1n, { subsequence: U32 * U32 - 1n, offset: U32 * U32 - 1n }); // derives the matrices
    const t = performance.now();
    for (let i = 0; i < 50; i++) new Xorwow(BigInt(i), { subsequence: U32 * U32 - 1n - BigInt(i), offset: 2n ** 63n + BigInt(i) });
    expect((performance.now() - t) / 50).toBeLessThan(2);
  });
});

/**
 * An independent skip-ahead that uses no matrices: the xorshift state sequence satisfies the
 * recurrence of the characteristic polynomial p of A (found by Berlekamp–Massey from one output bit),
 * so A^k·v = Σ r_i·A^i·v with r = x^k mod p. Polynomials over GF(2) are bigints, bit i = coeff of x^i.
 */
describe('jump matrices, cross-checked', () => {
  function berlekampMassey(s: number[]): { c: bigint; L: number } {
    let c = 1n, b = 1n, L = 0, m = 1;
    for (let n = 0; n < s.length; n++) {
      let d = s[n];
      for (let i = 1; i <= L; i++) if ((c >> BigInt(i)) & 1n) d ^= s[n - i];
      if (d === 0) m++;
      else if (2 * L <= n) {
        const t = c;
        c ^= b << BigInt(m);
        L = n + 1 - L;
        b = t;
        m = 1;
      } else {
        c ^= b << BigInt(m);
        m++;
      }
    }
    return { c, L };
  }

  function polyMulMod(a: bigint, b: bigint, p: bigint, deg: number): bigint {
    let r = 0n;
    for (let i = 0; b >> BigInt(i); i++) if ((b >> BigInt(i)) & 1n) r ^= a << BigInt(i);
    for (let i = r.toString(2).length - 1; i >= deg; i--) if ((r >> BigInt(i)) & 1n) r ^= p << BigInt(i - deg);
    return r;
  }

  function xPowMod(k: bigint, p: bigint, deg: number): bigint {
    let result = 1n, base = 2n; // base = x
    for (; k > 0n; k >>= 1n) {
      if (k & 1n) result = polyMulMod(result, base, p, deg);
      base = polyMulMod(base, base, p, deg);
    }
    return result;
  }

  // characteristic polynomial of A, from bit 0 of v0 over 400 steps
  const charPoly = (() => {
    const v = new Int32Array([0x12345678, 0x9abcdef0, 0x0badf00d, 0x31415926, 0x27182818]);
    const bits: number[] = [];
    for (let i = 0; i < 400; i++) {
      bits.push(v[0] & 1);
      xorshiftStep(v);
    }
    const { c, L } = berlekampMassey(bits);
    let p = 0n; // reciprocal of the connection polynomial
    for (let i = 0; i <= L; i++) if ((c >> BigInt(i)) & 1n) p |= 1n << BigInt(L - i);
    return { p, deg: L };
  })();

  /** A^k as a matrix, built column by column with the polynomial method. */
  function polyJumpMatrix(k: bigint): Mat160 {
    const r = xPowMod(k, charPoly.p, charPoly.deg);
    const m = new Int32Array(800);
    const v = new Int32Array(5);
    for (let j = 0; j < 160; j++) {
      v.fill(0);
      v[j >>> 5] = 1 << (j & 31);
      const acc = new Int32Array(5);
      for (let i = 0; i < 160; i++) {
        if ((r >> BigInt(i)) & 1n) for (let w = 0; w < 5; w++) acc[w] ^= v[w];
        xorshiftStep(v);
      }
      m.set(acc, 5 * j);
    }
    return m;
  }

  it('A has a degree-160 characteristic polynomial with x^(2^160) = x (period 2^160 - 1)', () => {
    expect(charPoly.deg).toBe(160);
    expect(xPowMod(2n ** 160n, charPoly.p, 160)).toBe(2n);
  });

  it('A^(2^160) = A by 160 squarings', () => {
    expect(matEquals(jumpMatrix(160), jumpMatrix(0))).toBe(true);
  });

  it('A^(2^i) matches stepping each unit vector 2^i times for i ≤ 12', () => {
    for (let j = 0; j < 160; j++) {
      const e = new Int32Array(5);
      e[j >>> 5] = 1 << (j & 31);
      for (let i = 0, steps = 0; i <= 12; i++) {
        for (; steps < 2 ** i; steps++) xorshiftStep(e);
        expect(Array.from(e), `i=${i} j=${j}`).toEqual(Array.from(jumpMatrix(i).subarray(5 * j, 5 * j + 5)));
      }
    }
  });

  it('A^(2^67): 67 squarings = polynomial method = 128 products of A^(2^60)', () => {
    const squared = jumpMatrix(67);
    expect(matEquals(squared, polyJumpMatrix(SUB))).toBe(true);
    let composed = identity160();
    for (let i = 0; i < 128; i++) composed = matMul(composed, jumpMatrix(60));
    expect(matEquals(squared, composed)).toBe(true);
  });

  it('jumpXorshift agrees with the polynomial method for large random distances', () => {
    const r = lcg(3);
    for (let trial = 0; trial < 6; trial++) {
      const k = (BigInt(r()) << 99n) | (BigInt(r()) << 67n) | (BigInt(r()) << 32n) | BigInt(r());
      const v = new Int32Array([r(), r(), r(), r(), r()]);
      const viaPoly = new Int32Array(5);
      matVec(polyJumpMatrix(k), v, viaPoly);
      jumpXorshift(v, k);
      expect(Array.from(v)).toEqual(Array.from(viaPoly));
    }
  });

  it('XORWOW_SUBSEQUENCE_STEPS is 2^67', () => {
    expect(XORWOW_SUBSEQUENCE_STEPS).toBe(SUB);
  });
});

describe('fill and uniform', () => {
  it('fill equals repeated next() and continues the stream', () => {
    const g = new Xorwow(31337n, { subsequence: 2 });
    const ref = g.clone();
    const a = g.fill(new Uint32Array(1000));
    const b = g.fill(new Uint32Array(17));
    expect(Array.from(a)).toEqual(take(ref, 1000));
    expect(Array.from(b)).toEqual(take(ref, 17));
    expect(g.state()).toEqual(ref.state());
    expect(g.fill(new Uint32Array(0)).length).toBe(0);
    expect(g.state()).toEqual(ref.state());
  });

  it('fill writes only its view of a shared buffer', () => {
    const buf = new Uint32Array(10).fill(7);
    const g = new Xorwow(1);
    g.fill(buf.subarray(2, 5));
    expect(Array.from(buf.subarray(2, 5))).toEqual(take(new Xorwow(1), 3));
    expect([buf[0], buf[1], buf[5], buf[9]]).toEqual([7, 7, 7, 7]);
  });

  it('uniform is curand_uniform of the next words, in (0, 1]', () => {
    const g = new Xorwow(2024n);
    const ref = g.clone();
    const u = g.uniform(5000);
    expect(u).toBeInstanceOf(Float32Array);
    for (let i = 0; i < u.length; i++) {
      const x = ref.next();
      expect(u[i]).toBe(Math.fround(Math.fround(x) * 2 ** -32 + 2 ** -33));
      expect(u[i] > 0 && u[i] <= 1).toBe(true);
    }
    const out = new Float32Array(9);
    expect(g.uniform(out)).toBe(out);
    expect(Array.from(out)).toEqual(Array.from(ref.clone().uniform(9)));
    expect(g.state()).toEqual(ref.clone().skip(9).state());
  });

  /**
   * The JS formula against binary32 arithmetic done by hand: CUDA rounds x to float, multiplies by
   * CURAND_2POW32_INV (2^-32, exact) and adds CURAND_2POW32_INV/2 (2^-33), each rounded to nearest
   * even. x·2^-32 + 2^-33 = (2f + 1)·2^-33 for f = float(x), so both roundings are integer roundings
   * to 24 significant bits.
   */
  it('the formula equals CUDA binary32 rounding, edge words included', () => {
    const rne24 = (n: bigint): bigint => {
      const len = n.toString(2).length;
      if (len <= 24) return n;
      const sh = BigInt(len - 24);
      const q = n >> sh, rem = n & ((1n << sh) - 1n), half = 1n << (sh - 1n);
      return (rem > half || (rem === half && (q & 1n) === 1n) ? q + 1n : q) << sh;
    };
    const cudaUniform = (x: number): number => Number(rne24(2n * rne24(BigInt(x)) + 1n)) * 2 ** -33;
    // CURAND_2POW32_INV is the literal 2.3283064e-10f: it is exactly 2^-32 in binary32.
    expect(Math.fround(2.3283064e-10)).toBe(2 ** -32);
    const r = lcg(5);
    const xs = [0, 1, 2, 0x7f, 0xff, 0xffffff, 0x1000000, 0x1000001, 0x1000002, 0x1000003, 0x7fffffff, 0x80000000,
      0x80000080, 0x80000180, 0xffffff00, 0xffffff7f, 0xffffff80, 0xffffffff];
    for (let i = 0; i < 20000; i++) xs.push(r());
    for (const x of xs) {
      expect(Math.fround(Math.fround(x) * 2 ** -32 + 2 ** -33), `x=${x}`).toBe(cudaUniform(x));
    }
    expect(cudaUniform(0)).toBe(2 ** -33);
    expect(cudaUniform(0xffffff7f)).toBe(1 - 2 ** -24);
    expect(cudaUniform(0xffffff80)).toBe(1);
  });
});

describe('state, fromState, clone', () => {
  it('state() is plain JSON-safe data and fromState resumes from it', () => {
    const g = new Xorwow(555n, { subsequence: 9, offset: 1 });
    take(g, 3);
    const snap = JSON.parse(JSON.stringify(g.state()));
    const h = Xorwow.fromState(snap);
    expect(take(h, 20)).toEqual(take(g, 20));
    // a Uint32Array v is accepted too
    const typed = Xorwow.fromState({ v: new Uint32Array(snap.v) as unknown as XorwowState['v'], d: snap.d });
    expect(typed.state()).toEqual(snap);
  });

  it('clone is independent', () => {
    const g = new Xorwow(8);
    const c = g.clone();
    const a = take(g, 5);
    expect(take(c, 5)).toEqual(a);
    g.next();
    expect(c.state()).not.toEqual(g.state());
  });
});

describe('argument checks', () => {
  const big = 2n ** 64n;
  it('constructor: seed, options, subsequence, offset', () => {
    for (const name of ['seed', 'subsequence', 'offset'] as const) {
      const make = (v: unknown) => (name === 'seed' ? new Xorwow(v as number) : new Xorwow(1, { [name]: v }));
      for (const bad of ['1', null, {}, [1], true, Symbol.iterator]) {
        expect(() => make(bad)).toThrow(TypeError);
        expect(() => make(bad)).toThrow(name);
      }
      for (const bad of [-1, -1n, 1.5, NaN, Infinity, 2 ** 53, big, big + 1n]) {
        expect(() => make(bad)).toThrow(RangeError);
        expect(() => make(bad)).toThrow(name);
      }
      expect(() => make(big - 1n)).not.toThrow();
      expect(() => make(Number.MAX_SAFE_INTEGER)).not.toThrow();
    }
    expect(() => new Xorwow(1, 5 as unknown as object)).toThrow(TypeError);
    expect(() => new Xorwow(1, null as unknown as object)).toThrow(TypeError);
    expect(() => (Xorwow as unknown as () => void)()).toThrow(TypeError);
  });

  it('skip', () => {
    const g = new Xorwow(1);
    for (const bad of ['3', null, undefined, {}]) expect(() => g.skip(bad as number)).toThrow(TypeError);
    for (const bad of [-1, -1n, 0.5, NaN, Infinity, 2 ** 60]) {
      expect(() => g.skip(bad)).toThrow(RangeError);
      expect(() => g.skip(bad)).toThrow('k');
    }
    expect(g.clone().skip(0).state()).toEqual(g.state());
    expect(g.skip(3)).toBe(g);
  });

  it('fill', () => {
    const g = new Xorwow(1);
    for (const bad of [undefined, 4, [1, 2], new Int32Array(2), new Float32Array(2), new Uint8Array(4)]) {
      expect(() => g.fill(bad as Uint32Array)).toThrow(TypeError);
      expect(() => g.fill(bad as Uint32Array)).toThrow('out');
    }
    const detached = new Uint32Array(4);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    expect(() => g.fill(detached)).toThrow(TypeError);
  });

  it('uniform', () => {
    const g = new Xorwow(1);
    const before = g.state();
    for (const bad of [undefined, '4', [1], new Float64Array(2), new Uint32Array(2)]) {
      expect(() => g.uniform(bad as number)).toThrow(TypeError);
    }
    for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 32]) {
      expect(() => g.uniform(bad)).toThrow(RangeError);
      expect(() => g.uniform(bad)).toThrow('n');
    }
    const detached = new Float32Array(4);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    expect(() => g.uniform(detached)).toThrow('out');
    expect(g.state()).toEqual(before); // failed calls consume nothing
    expect(g.uniform(0).length).toBe(0);
  });

  it('fromState', () => {
    const ok = { v: [1, 2, 3, 4, 5], d: 6 };
    for (const bad of [null, 5, 'x', { v: 'abcde', d: 0 }, { v: [1, 2, 3, 4, '5'], d: 0 }, { ...ok, d: '6' }, { v: ok.v }]) {
      expect(() => Xorwow.fromState(bad as unknown as XorwowState)).toThrow(TypeError);
    }
    for (const bad of [{ v: [1, 2, 3, 4], d: 0 }, { v: [1, 2, 3, 4, -1], d: 0 }, { v: [1, 2, 3, 4, 2 ** 32], d: 0 },
      { ...ok, d: 1.5 }, { v: [0, 0, 0, 0, 0], d: 9 }]) {
      expect(() => Xorwow.fromState(bad as unknown as XorwowState)).toThrow(RangeError);
    }
    expect(Xorwow.fromState(ok as XorwowState).state()).toEqual(ok);
  });
});
