/**
 * Uniform sampling of few from many without replacement (docs/streams.md, "Few of many"; lib/kernels/sparse-sample.ts):
 * the kernel against a dense Fisher–Yates whose offsets are recomputed with BigInt from Philox blocks
 * (an independent reading of the spec), the rule that picks it, uniformity (χ² of positions and of
 * hypergeometric counts), O(k) memory at the largest population, edge cases and bad input, and the
 * same bits on every path: sync/async, the pool, dtypes, DeviceArrays, the CUDA adapter (stand-in addon).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf';
import * as api from '../lib/index.js';
import * as built from 'cuda-random';
import { makeCudaBackend } from '../lib/backend/cuda/backend.js';
import type { Backend } from '../lib/backend/types.js';
import { FEW_OF_MANY, isFewOfMany, sparseSampleKernel } from '../lib/kernels/sparse-sample.js';
import { philox4x32 } from '../lib/core/philox.js';
import { TAG_SAMPLE } from '../lib/core/layout.js';
import { standInAddon, calls } from './stand-in-addon.js';

// `{ backend: 'cuda' }` in this file runs the CUDA backend's adapters against the stand-in addon.
const standIn = vi.hoisted(() => ({ backend: null as Backend | null }));
vi.mock('../lib/backend/select.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../lib/backend/select.js')>();
  return {
    ...m,
    pickBackend: (place: { backend?: unknown } | undefined, op: string, n: number, prefer?: 'cpu' | 'cuda',
      device?: number) =>
      (place?.backend === 'cuda' && standIn.backend ? standIn.backend : m.pickBackend(place, op, n, prefer, device)),
  };
});
standIn.backend = makeCudaBackend(standInAddon(), 0);

const { sampleWithoutReplacement, sampleWithoutReplacementAsync, permutation } = api;
const k = api.key(0x5a3);
afterAll(() => built.shutdownPool());
const P_MIN = 1e-4;

function chiSquareP(observed: ArrayLike<number>, expected: ArrayLike<number>): number {
  let x = 0;
  for (let i = 0; i < observed.length; i++) x += (observed[i] - expected[i]) ** 2 / expected[i];
  return 1 - chisquareCdf(x, observed.length - 1);
}

/** Step j's offset in [0, r) read from the spec with BigInt: the first proposal x — word j of the plane
 *  (block ⌊j/4⌋, 0, 0, TAG_SAMPLE), then blocks (j, 0, c ≥ 1, TAG_SAMPLE) — with
 *  (x·r) mod 2^32 ≥ 2^32 mod r, giving ⌊x·r / 2^32⌋. */
function offsetRef(key: api.Key, j: number, r: number): number {
  const R = BigInt(r), T = (1n << 32n) % R;
  const proposals = [philox4x32([j >>> 2, 0, 0, TAG_SAMPLE], key)[j & 3]];
  for (let c = 1; ; c++) {
    for (const x of proposals) {
      const m = BigInt(x) * R;
      if ((m & 0xffffffffn) >= T) return Number(m >> 32n);
    }
    proposals.splice(0, proposals.length, ...philox4x32([j, 0, c, TAG_SAMPLE], key));
  }
}

/** The spec's k steps of Fisher–Yates over [0, N), the moved entries in a Map (N may be huge). */
function sampleRef(key: api.Key, kk: number, N: number): number[] {
  const a = new Map<number, number>();
  const at = (i: number) => a.get(i) ?? i;
  const out: number[] = [];
  for (let j = 0; j < kk; j++) {
    const i = j + offsetRef(key, j, N - j);
    const v = at(i);
    a.set(i, at(j));
    out.push(v);
  }
  return out;
}

describe('sampleWithoutReplacement of few from many (docs/streams.md, "Few of many")', () => {
  it('is used exactly when 16·k ≤ population (a rule in k and the population alone)', () => {
    expect(FEW_OF_MANY).toBe(16);
    for (const [kk, pop, few] of [[0, 0, true], [0, 1, true], [1, 1, false], [1, 15, false], [1, 16, true],
      [10, 160, true], [10, 159, false], [2 ** 28 - 1, 2 ** 32 - 1, true]] as const) {
      expect(isFewOfMany(kk, pop), `${kk} of ${pop}`).toBe(few);
    }
    // the other side of the rule is the permutation's first k (test/permute.test.ts); this side is not
    expect(sampleWithoutReplacement(k, 10, { population: 160 })).not.toEqual(permutation(k, 160).subarray(0, 10));
    expect(sampleWithoutReplacement(k, 10, { population: 159 })).toEqual(permutation(k, 159).subarray(0, 10));
  });

  it('is the first k steps of Fisher–Yates with Lemire offsets from step j\'s own blocks (BigInt reference)', () => {
    for (const [kk, N] of [[1, 16], [10, 160], [40, 1000], [300, 10_000], [25, 2 ** 32 - 1], [12, 2 ** 31 + 7]]) {
      const want = sampleRef(k, kk, N);
      const got = sampleWithoutReplacement(k, kk, { population: N, dtype: 'float64' });
      expect(Array.from(got), `${kk} of ${N}`).toEqual(want);
    }
    // the kernel itself beyond the rule (k = N: a whole Fisher–Yates), and with retries (r just above
    // 2^31 rejects about half of all proposals, so some steps need block t = 1 or later)
    for (const [kk, N] of [[50, 50], [200, 2 ** 31 + 1]]) {
      const out = new Float64Array(kk);
      sparseSampleKernel(k[0], k[1], N, out);
      expect(Array.from(out), `${kk} of ${N}`).toEqual(sampleRef(k, kk, N));
    }
  });

  it('is a pure function of (key, k, population); a smaller k gives a prefix', () => {
    const a = sampleWithoutReplacement(k, 500, { population: 1e6 });
    expect(sampleWithoutReplacement(k, 500, { population: 1e6 })).toEqual(a);
    expect(sampleWithoutReplacement(k, 37, { population: 1e6 })).toEqual(a.subarray(0, 37));
    expect(sampleWithoutReplacement(api.key(1), 500, { population: 1e6 })).not.toEqual(a);
    expect(new Set(a).size).toBe(500);
    for (const v of a) expect(v >= 0 && v < 1e6).toBe(true);
    // 9000 steps: more than two rounds of the kernel's stretch of the plane (4096 steps)
    const long = sampleWithoutReplacement(k, 9000, { population: 2 ** 32 - 1, dtype: 'uint32' });
    expect(Array.from(long.subarray(8190, 8200))).toEqual(sampleRef(k, 8200, 2 ** 32 - 1).slice(8190));
  });

  it('places every value at every position with probability 1/N (χ², 12000 keys, 3 of 48)', () => {
    const N = 48, kk = 3, keys = api.split(api.key(9), 12000);
    const counts = new Float64Array(kk * N);
    for (const key of keys) {
      const s = sampleWithoutReplacement(key, kk, { population: N });
      for (let j = 0; j < kk; j++) counts[j * N + s[j]]++;
    }
    expect(chiSquareP(counts, new Float64Array(kk * N).fill(keys.length / N))).toBeGreaterThan(P_MIN);
  });

  it('draws a hypergeometric number among the first K items (χ², 8000 keys, 10 of 200)', () => {
    const N = 200, K = 40, n = 10, keys = api.split(api.key(6), 8000);
    const counts = new Float64Array(n + 1);
    for (const key of keys) {
      let c = 0;
      for (const v of sampleWithoutReplacement(key, n, { population: N })) if (v < K) c++;
      counts[c]++;
    }
    const o: number[] = [], e: number[] = [];  // tail cells (expected < 5) pooled into their neighbours
    for (let c = 0; c <= n; c++) {
      const x = keys.length * hypergeometricPmf(c, N, K, n);
      if (e.length && (x < 5 || e[e.length - 1] < 5)) {
        o[o.length - 1] += counts[c];
        e[e.length - 1] += x;
      } else {
        o.push(counts[c]);
        e.push(x);
      }
    }
    expect(chiSquareP(o, e)).toBeGreaterThan(P_MIN);
  });

  it('takes O(k) memory: 10 of the largest population (2^32 − 1) allocates nothing proportional to it', () => {
    // Keying the population would need 32 GiB of keys; the table of 10 steps is 32 slots.
    const before = process.memoryUsage().arrayBuffers;
    const s = sampleWithoutReplacement(k, 10, { population: 2 ** 32 - 1, dtype: 'uint32' });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(2 ** 20);
    expect(Array.from(s)).toEqual(sampleRef(k, 10, 2 ** 32 - 1));
    expect(Array.from(sampleWithoutReplacement(k, 10, { population: 2 ** 31 }))).toEqual(sampleRef(k, 10, 2 ** 31));
  });

  it('gives the same bits in every dtype, async, through the pool, into out and DeviceArrays', async () => {
    const pop = 2 ** 20, kk = 5000;  // k above the pool's threshold: a whole-result job must not be cut
    const ref = sampleWithoutReplacement(k, kk, { population: pop });
    expect(ref).toBeInstanceOf(Int32Array);
    expect(sampleWithoutReplacement(k, kk, { population: pop, dtype: 'uint32' })).toEqual(Uint32Array.from(ref));
    expect(sampleWithoutReplacement(k, kk, { population: pop, dtype: 'float64' })).toEqual(Float64Array.from(ref));
    expect(await sampleWithoutReplacementAsync(k, kk, { population: pop })).toEqual(ref);
    expect(await built.sampleWithoutReplacementAsync(k, kk, { backend: 'cpu', population: pop, dtype: 'float64' }))
      .toEqual(Float64Array.from(ref));
    const out = new Uint32Array(kk + 2).fill(7);
    expect(sampleWithoutReplacement(k, kk, { population: pop, out })).toBe(out);
    expect(out.subarray(0, kk)).toEqual(Uint32Array.from(ref));
    expect(out[kk]).toBe(7);
    const d = sampleWithoutReplacement(k, kk, { population: pop, out: 'device', backend: 'cpu' });
    expect(d.toHost()).toEqual(ref);
    const g = api.generator(3);
    expect(g.sampleWithoutReplacement(4, { population: 100 }).length).toBe(4);
  });

  it('runs on the CUDA backend as on the host, uploaded into a DeviceArray (stand-in addon)', async () => {
    for (const [kk, pop] of [[0, 0], [0, 5], [1, 16], [10, 1e8], [700, 70_000]]) {
      const want = sampleWithoutReplacement(k, kk, { population: pop, backend: 'cpu' });
      calls.length = 0;
      expect(sampleWithoutReplacement(k, kk, { population: pop, backend: 'cuda' }), `${kk} of ${pop}`).toEqual(want);
      expect(calls.map((c) => c.name)).toEqual([]);  // no device work for a host result
      expect(await sampleWithoutReplacementAsync(k, kk, { population: pop, backend: 'cuda', dtype: 'float64' }))
        .toEqual(Float64Array.from(want));
    }
    const want = sampleWithoutReplacement(k, 10, { population: 1e8 });
    const d = sampleWithoutReplacement(k, 10, { population: 1e8, backend: 'cuda', out: 'device' });
    expect(d.backend).toBe('cuda');
    expect(d.toHost()).toEqual(want);
    // a longer GPU array as `out`: the first 10 are the sample, the rest stay
    const big = permutation(k, 12, { backend: 'cuda', out: 'device' });
    const tail = big.toHost().subarray(10);
    expect(await sampleWithoutReplacementAsync(k, 10, { population: 1e8, backend: 'cuda', out: big })).toBe(big);
    expect(big.toHost()).toEqual(Int32Array.from([...want, ...tail]));
    big.free();
    d.free();
    // auto: a host result never goes to the GPU for its size alone
    expect(sampleWithoutReplacement(k, 10, { population: 1e8 })).toEqual(want);
  });

  it('refuses bad arguments by name and writes nothing', () => {
    const out = new Uint32Array(4).fill(3);
    const bad: [number, object, RegExp][] = [
      [1, { population: 2 ** 32 }, /population/], [1, { population: -1 }, /population/],
      [1, { population: 1e8 + 0.5 }, /population/],
      [1.5, { population: 1e8 }, /k/], [-1, { population: 1e8 }, /k/], [2 ** 32, { population: 2 ** 32 - 1 }, /k/],
      [5, { population: 4 }, /k = 5 exceeds population = 4/],
      [1, { population: 2 ** 31 + 1, out: undefined }, /population = 2147483649 is too large for dtype 'int32'/],
      [1, { population: 1e8, out: new Uint32Array(0) }, /out/],
    ];
    for (const [kk, opts, re] of bad) {
      const call = () => sampleWithoutReplacement(k, kk, { out, ...opts } as never);
      expect(call, `${kk} ${JSON.stringify(opts)}`).toThrow(re);
    }
    expect(() => sampleWithoutReplacement(k, 1, { population: 2 ** 32 } as never)).toThrow(RangeError);
    expect(() => sampleWithoutReplacement(k, 1, { population: '5' } as never)).toThrow(TypeError);
    expect(out).toEqual(new Uint32Array(4).fill(3));
  });
});
