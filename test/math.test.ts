/**
 * lib/core/math against the double-double reference of scripts/ref-math.mjs (itself checked against a
 * 256-bit BigInt reference here and in scripts/math-accuracy.mjs): a 10^5-input sample per function
 * must stay within the documented bound (docs/accuracy.md), so an accuracy regression fails.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { key, bits } from 'cuda-random';
import { log, exp, sincos2pi, cos2pi, LN2_HI, LN2_LO } from '../lib/core/math/index.js';
import { POW2, POW2_BIAS } from '../lib/core/math/bits.js';
// @ts-expect-error plain ESM helper without types
import { ddLog, ddExp, ddSinCos2pi, bigLog, bigExp, bigSin2pi, bigCos2pi, ulpError } from '../scripts/ref-math.mjs';

/** Documented bound: every measured error is below 1 ulp (the target is 2). */
const BOUND = 1;
const N = 100_000;

const w = bits(key(2024), 3 * N);
const u53 = (a: number, b: number) => (a >>> 5) * 67108864 + (b >>> 6);
const logUniform = (i: number, lo: number, hi: number) => {
  const e = lo + (w[3 * i + 2] % (hi - lo + 1));
  const m = 1 + u53(w[3 * i], w[3 * i + 1]) * 2 ** -53;
  return Math.max(e < -1022 ? m * 2 ** -1022 * 2 ** (e + 1022) : m * 2 ** e, 2 ** -1074);
};

function maxErr(xs: number[], f: (x: number) => number, ref: (x: number) => unknown): [number, number] {
  let worst = 0;
  let at = NaN;
  for (const x of xs) {
    const e = Math.abs(ulpError(f(x), ref(x)));
    if (!(e <= worst)) { worst = e; at = x; }
  }
  return [worst, at];
}

const sc = new Float64Array(2);
const sinOf = (u: number) => { sincos2pi(u, sc, 0); return sc[0]; };
const cosOf = (u: number) => { sincos2pi(u, sc, 0); return sc[1]; };

describe('log', () => {
  it(`is within ${BOUND} ulp on 10^5 inputs over all positive doubles and (0, 1]`, () => {
    const xs: number[] = [];
    for (let i = 0; i < N; i++) xs.push(i % 2 ? logUniform(i, -1074, 1023) : (u53(w[3 * i], w[3 * i + 1]) + 1) * 2 ** -53);
    const [e, at] = maxErr(xs, log, ddLog);
    expect(e, `worst at ${at}`).toBeLessThan(BOUND);
  });

  it('special values; exact where the result is representable', () => {
    expect(Object.is(log(1), 0)).toBe(true);
    expect(log(0)).toBe(-Infinity);
    expect(log(-0)).toBe(-Infinity);
    expect(log(-1)).toBeNaN();
    expect(log(NaN)).toBeNaN();
    expect(log(Infinity)).toBe(Infinity);
    expect(log(2 ** -1074)).toBe(-744.4400719213812);
    expect(log(Number.MAX_VALUE)).toBe(709.782712893384);
    // log 2^k = k·LN2_HI + k·LN2_LO (one rounding of the exact sum for these k)
    for (const k of [1, -1, 10, -1022, 1023]) expect(Math.abs(ulpError(log(2 ** k), ddLog(2 ** k)))).toBeLessThan(0.5);
    expect(LN2_HI + LN2_LO).toBe(Math.LN2);
  });

  it('agrees with the 256-bit BigInt reference on a sample', () => {
    for (let i = 0; i < 300; i++) {
      const x = logUniform(i, -1074, 1023);
      expect(Math.abs(ulpError(log(x), bigLog(x)))).toBeLessThan(BOUND);
    }
  });
});

describe('exp', () => {
  it(`is within ${BOUND} ulp on 10^5 inputs over [-745.13, 709.78] and [-40, 5]`, () => {
    const xs: number[] = [];
    for (let i = 0; i < N; i++) {
      const v = u53(w[3 * i], w[3 * i + 1]) * 2 ** -53;
      xs.push(i % 2 ? -745.13 + v * (709.78 + 745.13) : -40 + 45 * v);
    }
    const [e, at] = maxErr(xs, exp, ddExp);
    expect(e, `worst at ${at}`).toBeLessThan(BOUND);
  });

  it('special values and range ends', () => {
    expect(exp(0)).toBe(1);
    expect(exp(-0)).toBe(1);
    expect(exp(NaN)).toBeNaN();
    expect(exp(Infinity)).toBe(Infinity);
    expect(exp(-Infinity)).toBe(0);
    expect(exp(710)).toBe(Infinity);
    expect(exp(709.782712893384)).toBe(1.7976931348622732e308);
    expect(exp(-746)).toBe(0);
    expect(exp(-745.1332191019411)).toBe(5e-324);
    expect(Math.abs(ulpError(exp(1), bigExp(1)))).toBeLessThan(BOUND);
    for (let i = 0; i < 300; i++) {
      const x = -745.13 + (u53(w[3 * i], w[3 * i + 1]) * 2 ** -53) * 1454.9;
      expect(Math.abs(ulpError(exp(x), bigExp(x)))).toBeLessThan(BOUND);
    }
  });
});

describe('sincos2pi', () => {
  it(`is within ${BOUND} ulp on 10^5 inputs: 53-bit and 32-bit grid points, octant edges, tiny u`, () => {
    const us: number[] = [];
    for (let i = 0; i < N; i++) {
      const a = w[3 * i];
      const b = w[3 * i + 1];
      const c = w[3 * i + 2];
      switch (i % 4) {
        case 0: us.push(u53(a, b) * 2 ** -53); break;
        case 1: us.push(a * 2 ** -32); break;
        case 2: {
          const d = (1 + (a >>> 8) * 2 ** -24) * 2 ** -(4 + (b % 49));
          const u = (c & 7) / 8 + ((c & 8) ? d : -d);
          us.push(u < 0 ? -u : u);
          break;
        }
        default: us.push(logUniform(i, -1074, -4));
      }
    }
    const ref = (u: number) => ddSinCos2pi(u);
    const [es, ats] = maxErr(us, sinOf, (u) => ref(u)[0]);
    const [ec, atc] = maxErr(us, cosOf, (u) => ref(u)[1]);
    expect(es, `sin worst at ${ats}`).toBeLessThan(BOUND);
    expect(ec, `cos worst at ${atc}`).toBeLessThan(BOUND);
  });

  it('is exact at the quarter turns and symmetric', () => {
    const at = (u: number) => { sincos2pi(u, sc, 0); return [sc[0], sc[1]]; };
    expect(at(0)).toEqual([0, 1]);
    expect(at(0.25)).toEqual([1, -0]);
    expect(at(0.5)).toEqual([-0, -1]);
    expect(at(0.75)).toEqual([-1, 0]);
    expect(at(0.125)[0]).toBe(at(0.125)[1]);
    for (let i = 0; i < 1000; i++) {
      // u in [0, 1/2) on the 2^-53 grid, so 1 - u is exact; then both reduce to the same |r|
      // (except at odd multiples of 1/8, where the tie picks different quadrants)
      const u = Math.floor(u53(w[3 * i], w[3 * i + 1]) / 2) * 2 ** -53;
      const [s1, c1] = at(u);
      const [s2, c2] = at(1 - u);
      if (u !== 0 && (8 * u) % 2 !== 1) {
        expect(s2).toBe(-s1); // exact reduction: sin(2π(1-u)) = -sin(2πu) bit for bit
        expect(c2).toBe(c1);
      }
      expect(Math.abs(s1 * s1 + c1 * c1 - 1)).toBeLessThan(4e-16);
    }
  });

  it('cos2pi is the cosine of sincos2pi, bit for bit; BigInt spot checks', () => {
    for (let i = 0; i < 2000; i++) {
      const u = u53(w[3 * i], w[3 * i + 1]) * 2 ** -53;
      expect(Object.is(cos2pi(u), cosOf(u))).toBe(true);
    }
    for (let i = 0; i < 200; i++) {
      const u = u53(w[3 * i], w[3 * i + 1]) * 2 ** -53;
      expect(Math.abs(ulpError(sinOf(u), bigSin2pi(u)))).toBeLessThan(BOUND);
      expect(Math.abs(ulpError(cosOf(u), bigCos2pi(u)))).toBeLessThan(BOUND);
    }
  });
});

describe('bit helpers', () => {
  it('POW2 holds every power of two exactly', () => {
    for (let k = -1074; k <= 1023; k++) expect(POW2[POW2_BIAS + k]).toBe(2 ** k);
  });
});

describe('test/vectors/distributions.json (the C++ host test compares cr_math.h, cr_normal.h, cr_gamma.h to it)', () => {
  it('is what the TypeScript backend computes now (scripts/gen-distribution-vectors.mjs --check)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const out = execFileSync(process.execPath, ['scripts/gen-distribution-vectors.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/is current/);
  });
});
