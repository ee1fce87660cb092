/**
 * Issue 31: the small-size paths of the fixed-point rounding and the k-smallest-keys selection give
 * the same results as the general paths by construction (the proofs are in the comments of
 * lib/alias/fixed-point.ts and lib/kernels/select.ts); here both paths run on the same inputs at the
 * sizes around each switch, with ties, and must agree exactly.
 */
import { describe, expect, it } from 'vitest';
import { exactSum, fixedPoint, plainExactSum, roundAccumulator, roundUp, SORT_MAX } from '../lib/alias/fixed-point.js';
import { bucketBits, permutationKeys, smallestKeys, weightedKeys } from '../lib/kernels/select.js';
import { rng as uint32Rng } from './seeded-rng.js';

/** Uniform doubles in [0, 1) from the seeded uint32 generator. */
const seededRng = (seed: number) => {
  const r = uint32Rng(seed);
  return () => r() / 2 ** 32;
};

/** The rounding of the whole 72-limb accumulator as it was before issue 31 (BigInt over every limb). */
function roundAccumulatorReference(acc: Float64Array): { s: number; E: number } {
  let b = 0n;
  for (let j = acc.length - 1; j >= 0; j--) b = (b << 32n) | BigInt(acc[j]);
  const len = b.toString(2).length;
  let q = b;
  let shift = 0;
  if (len > 53) {
    shift = len - 53;
    const sh = BigInt(shift);
    q = b >> sh;
    const rem = b - (q << sh);
    const half = 1n << (sh - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
    if (q === 1n << 53n) {
      q >>= 1n;
      shift += 1;
    }
  }
  const qlen = q.toString(2).length;
  return { s: Number(q) / 2 ** (qlen - 1), E: shift - 1074 + qlen - 1 };
}

describe('roundAccumulator reads only the non-zero limbs', () => {
  it('equals the whole-accumulator rounding', () => {
    const rng = seededRng(31);
    const word = () => Math.floor(rng() * 2 ** 32);
    const special = [0, 1, 2 ** 31, 2 ** 32 - 1, 2 ** 21, 2 ** 21 - 1, 2 ** 20, 3];
    for (let t = 0; t < 20000; t++) {
      const acc = new Float64Array(72);
      const top = Math.floor(rng() * 72);
      const span = Math.min(top, Math.floor(rng() * (t % 3 === 0 ? 72 : 5)));
      for (let j = top - span; j <= top; j++) acc[j] = rng() < 0.3 ? special[Math.floor(rng() * special.length)] : word();
      if (acc[top] === 0) acc[top] = 1 + Math.floor(rng() * 1000);
      expect(roundAccumulator(acc)).toEqual(roundAccumulatorReference(acc));
    }
  });
  it('halfway, just below and just above, for every bit length and limb alignment', () => {
    const limbs = (v: bigint) => {
      const acc = new Float64Array(72);
      for (let j = 0; v > 0n; j++, v >>= 32n) acc[j] = Number(v & 0xffffffffn);
      return acc;
    };
    for (let len = 54; len <= 200; len++) {
      const half = 1n << BigInt(len - 54);
      for (const q of [1n << 52n, (1n << 52n) + 1n, (1n << 53n) - 1n, (1n << 53n) - 2n]) {
        for (const tail of [half, half + 1n, half - 1n, 0n, 2n * half - 1n]) {
          for (const bot of [0n, 1n, 3n]) {
            const acc = limbs(((q << BigInt(len - 53)) + tail) << (32n * bot));
            expect(roundAccumulator(acc), `len=${len} q=${q} tail=${tail}`).toEqual(roundAccumulatorReference(acc));
          }
        }
      }
    }
  });
  it('ties to even and the carry to 2^53, at every alignment', () => {
    for (let sh = 0; sh < 32; sh++) {
      for (const [hi, lo] of [[2 ** 21 - 1, 2 ** 32 - 1], [2 ** 20, 2 ** 31], [2 ** 20 + 1, 2 ** 31], [2 ** 21 - 1, 2 ** 31]]) {
        for (const bot of [0, 5, 69]) {
          const acc = new Float64Array(72);
          const v = ((BigInt(hi) << 32n) | BigInt(lo)) << BigInt(sh);
          acc[bot] = Number(v & 0xffffffffn);
          acc[bot + 1] = Number((v >> 32n) & 0xffffffffn);
          if (bot + 2 < 72) acc[bot + 2] = Number(v >> 64n);
          else if (v >> 64n) continue;
          expect(roundAccumulator(acc)).toEqual(roundAccumulatorReference(acc));
        }
      }
    }
  });
});

describe('fixedPoint: the plain binary64 sum where it is exact, else the superaccumulator — the same units', () => {
  it('integer counts, dyadic and decimal weights, wide exponent spreads, sums near 2^53 and overflow', () => {
    const r = uint32Rng(31);
    const rows: number[][] = [
      [1, 2, 3, 4], [0, 5, 0, 7], [2 ** 52, 1, 1], [2 ** 53, 1], [2 ** 53, 2], [1e300, 1e300], [1.7e308, 1.7e308],
      [1e-310, 1e-310], [1e-300, 1], [2 ** -1022, 2 ** -1022], [0.1, 0.2, 0.3], [1, 2 ** -60], [3, 2 ** -50, 2 ** -51],
      [1, 1e-20, 1e-20, 1e-20], [2 ** 1023, 2 ** 1023],
      // the pair hi + lo (decimal weights): ties and near-ties of the final rounding, lo exact or not
      [2 ** 53, 3], [2 ** 53, 1, 2 ** -40], [1, 2 ** -53], [1, 2 ** -53, 2 ** -80], [1, 2 ** -53, 2 ** -106], [1, 2 ** -53, 2 ** -110],
      [2 ** 52, 0.5, 0.25], [2 ** 52 + 1, 0.5], [0.1, 0.7, 2 ** 60], Array(64).fill(0.1), Array(1000).fill(1 / 3),
      [1e-5, 0.3, 7e4, 0.001, 1e5, 3.3], [1.7e308, 1e292, 1e292], [2 ** -1021, 2 ** -1074, 2 ** -1074],
    ];
    for (let t = 0; t < 300; t++) {
      const n = 1 + (r() % 70);
      const kind = t % 4;
      rows.push(Array.from({ length: n }, (_, i) => {
        const u = r();
        if (kind === 0) return u % 100;  // counts (zeros too)
        if (kind === 1) return (u % 4096) / 1024 + (i === 0 ? 1 : 0);  // dyadic
        if (kind === 2) return t % 8 === 2 ? (u % 1000) / 10 ** ((u >>> 10) % 9) : (u % 1000) / 1000;  // decimal: sums round
        return (u % 7) * 2 ** ((u >>> 8) % 120 - 60);  // spread exponents, some sub-unit items
      }));
    }
    let plain = 0;  // rows of non-dyadic weights that the pair summed
    for (const row of rows) {
      if (!row.some((w) => w > 0)) continue;
      for (const a of [Float64Array.from(row), Float32Array.from(row)]) {
        if (!a.some((w) => w > 0) || !a.every(Number.isFinite)) continue;
        // the pair's sum, where it is taken, is the superaccumulator's rounded to 53 bits
        const p = plainExactSum(a);
        if (p !== -1) {
          const { s, E } = roundAccumulator(exactSum(a).slice());
          expect(p, JSON.stringify(row.slice(0, 8))).toBe(s * 2 ** E);
          plain += row.every((w) => Number.isInteger(w * 1024)) ? 0 : 1;
        }
        const fast = fixedPoint(a), slow = fixedPoint(a, false, undefined, false);
        expect([...fast.hi, ...fast.lo], JSON.stringify(row.slice(0, 8))).toEqual([...slow.hi, ...slow.lo]);
      }
    }
    expect(plain).toBeGreaterThan(100);
  });
});

describe('roundUp: the sort (K ≤ SORT_MAX) and the radix select pick the same items', () => {
  const run = (keys: Float64Array, need: number, K: number, sortMax: number) => {
    const hi = new Uint32Array(keys.length);
    const lo = new Uint32Array(keys.length).fill(0xffffffff);  // addOne's carry into hi is exercised too
    roundUp(keys, hi, lo, need, K, sortMax);
    return [Array.from(hi), Array.from(lo)];
  };
  it('around SORT_MAX, with clustered and tied keys', () => {
    const rng = seededRng(3131);
    const sizes = [2, 3, 4, 5, 17, 64, 65, SORT_MAX - 1, SORT_MAX, SORT_MAX + 1, 3000];
    for (const n of sizes) {
      for (const shape of ['random', 'few', 'ties-low', 'top-digit'] as const) {
        const keys = new Float64Array(n);
        let K = 0;
        for (let i = 0; i < n; i++) {
          if (rng() < 0.2) { keys[i] = -1; continue; }  // not eligible
          K++;
          const r = Math.floor(rng() * 2 ** 52);
          keys[i] = shape === 'random' ? r
            : shape === 'few' ? [0, 1, 2 ** 51, 2 ** 52 - 1][Math.floor(rng() * 4)]
            : shape === 'ties-low' ? (r - (r % 2 ** 20)) + Math.floor(rng() * 3)  // equal in the first digits
            : 2 ** 36 * Math.floor(rng() * 4) + Math.floor(rng() * 16);  // differ in the first or the last digit only
        }
        if (K < 2) continue;
        for (const need of [1, 2, Math.floor(K / 2), K - 1]) {
          if (need < 1 || need >= K) continue;
          expect(run(keys, need, K, Infinity), `n=${n} ${shape} need=${need}`).toEqual(run(keys, need, K, 0));
        }
      }
    }
  });
});

describe('smallestKeys: any histogram width, or none, gives the same k smallest', () => {
  const pick = (keys: Uint32Array, n: number, k: number, uniform: boolean, bits: number) => {
    const out = new Uint32Array(k);
    smallestKeys(keys, n, out, uniform, bits);
    return Array.from(out);
  };
  it('bucketBits: ⌈log2 n⌉, at most 16', () => {
    expect([0, 1, 2, 3, 4, 5, 64, 65, 65536, 65537, 2 ** 32 - 1].map(bucketBits)).toEqual([0, 0, 1, 2, 2, 3, 6, 7, 16, 16, 16]);
  });
  it('permutation and weighted keys around the switches', () => {
    const rng = seededRng(313);
    for (const n of [1, 2, 3, 5, 10, 52, 63, 64, 65, 100, 1000, 4095, 4096, 4097, 70000]) {
      const k0 = Math.floor(rng() * 2 ** 32), k1 = Math.floor(rng() * 2 ** 32);
      const w = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? 0 : i % 5 === 0 ? 1 : 1 + Math.floor(rng() * 4)));
      const positive = w.filter((x) => x > 0).length;
      const inputs: [Uint32Array, boolean, number][] = [
        [permutationKeys(k0, k1, n), true, n],
        [weightedKeys(k0, k1, w), false, positive],
      ];
      // Keys that share their high words (ties broken by the low word, then the index).
      const tied = permutationKeys(k0, k1, n);
      for (let i = 0; i < n; i++) { tied[2 * i] = (tied[2 * i] >>> 30) << 30; if (i % 3 === 0) tied[2 * i + 1] = 7; }
      inputs.push([tied, false, n]);
      if (n <= 4097) inputs.push([tied, true, n]);  // (`uniform` promises rare ties: its insertion pass is quadratic in them)
      for (const [keys, uniform, most] of inputs) {
        for (const k of new Set([1, 2, 5, Math.floor(most / 2), most - 1, most].filter((x) => x >= 1 && x <= most))) {
          const want = pick(keys, n, k, uniform, 16);  // the histogram of before issue 31
          expect(pick(keys, n, k, uniform, bucketBits(n)), `n=${n} k=${k}`).toEqual(want);
          expect(pick(keys, n, k, uniform, 0), `n=${n} k=${k} no histogram`).toEqual(want);
        }
      }
    }
  });
});
