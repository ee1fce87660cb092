// The WebAssembly SIMD samplers (lib/wasm/samplers.ts + samplers.cc) against the JavaScript kernels
// they replace (lib/kernels/normal.ts, lib/kernels/gamma.ts; the CPU backend's path injected: fast or
// specification only) and their
// vector log / exp / sincos2pi against lib/core/math: every element must have the same bits. Also the
// CUDA_RANDOM_NO_WASM fallback and the staleness checks of the generated module.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runKernel } from '../lib/backend/cpu/kernels.js';
import type { KernelArgs } from '../lib/core/job.js';
import {
  SAMPLERS_WASM_MIN, elementWasm, samplersWasmAvailable, samplersWasmUnavailableReason, transformWasm, unknownElement,
  unknownTransform, vectorMath,
} from '../lib/wasm/samplers.js';
import { exp, log, sincos2pi } from '../lib/core/math/index.js';
import { ELEMENTS } from '../lib/samplers/element.js';
import { SAMPLERS } from '../lib/samplers/registry.js';
import { exampleValues } from '../lib/samplers/examples.js';
import { cholesky } from '../lib/kernels/mvn.js';
import { expectSameBits } from './dist-helpers.js';
import { rng } from './seeded-rng.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Floats = Float32Array | Float64Array;
type Args = Omit<KernelArgs, 'out' | 'perElement'> & { perElement?: KernelArgs['perElement'] };

/** `op` run on the WASM kernel where it applies (native: false — with the addon loaded its host SIMD kernels
 *  would run instead; test/native-cpu.test.ts compares those) and on the specification alone, with the same
 *  arguments: they must be the same bits. */
function same(what: string, make: () => Floats, op: string, a: Args): void {
  const wasm = make();
  const js = make();
  expect(samplersWasmAvailable()).toBe(true);
  runKernel(op, { perElement: {}, ...a, out: wasm }, { fast: true, native: false });
  runKernel(op, { perElement: {}, ...a, out: js }, { fast: false });
  expectSameBits(wasm, js, what);
}

interface Range { k0: number; k1: number; lo: number; hi: number; n: number }

/**
 * Random calls: keys anywhere; first element index even or odd, often just below a 2^32 boundary
 * (the index carries from lo into hi inside the call) or with a high word near 2^31 (indices near
 * 2^63, the top of the range); lengths below and above the WASM threshold, across the module's
 * chunks (4096 gamma elements, 4096 blocks = 8192 float64 / 16384 float32 normals) and its 256-block
 * Philox passes.
 */
function ranges(seed: number, count: number, maxN: number, edges: number[]): Range[] {
  const r = rng(seed);
  const out: Range[] = [];
  for (let i = 0; i < count; i++) {
    const kind = r() % 4;
    const lo = kind === 0 ? r() : kind === 1 ? (0xffffffff - (r() % 300)) >>> 0 : kind === 2 ? r() % 64 : (0x80000000 - (r() % 50)) >>> 0;
    const hiKind = r() % 3;
    const hi = hiKind === 0 ? 0 : hiKind === 1 ? r() & 0xffff : (0x7fffffff - (r() % 4)) >>> 0;
    const nKind = r() % 4;
    const n = nKind === 0 ? r() % 40 : nKind === 1 ? edges[r() % edges.length] + (r() % 7) - 3 : r() % maxN;
    out.push({ k0: r(), k1: r(), lo, hi: hi === 0x7fffffff ? hi - 1 : hi, n: Math.max(0, n) });
  }
  return out;
}

it('the WASM sampler module is available here (so the comparisons below are not vacuous)', () => {
  expect(samplersWasmUnavailableReason()).toBe('');
  expect(samplersWasmAvailable()).toBe(true);
});

describe('normal: WASM = JS bit for bit', () => {
  const CH = [8192, 16384, 2 * 8192, 512, 1024, SAMPLERS_WASM_MIN];
  it('Box–Muller float64 and float32, many keys / offsets / lengths, mean and std', () => {
    for (const [t, c] of ranges(1, 70, 20_000, CH).entries()) {
      const mean = t % 3 === 0 ? 0 : (t - 35) * 0.75;
      const std = t % 3 === 0 ? 1 : 0.25 + t;
      same(`bm64 ${JSON.stringify(c)}`, () => new Float64Array(c.n), 'normalBM64', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { mean, std } });
      same(`bm32 ${JSON.stringify(c)}`, () => new Float32Array(c.n), 'normalBM32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { mean, std } });
    }
  });

  it('Box–Muller: every start offset 0..7 and length 0..40 around a 2^32 carry', () => {
    for (let s = 0; s < 8; s++) {
      for (let n = 0; n <= 40; n++) {
        const lo = (0xffffffff - 20 + s) >>> 0;
        same(`bm64 s=${s} n=${n}`, () => new Float64Array(n), 'normalBM64', { k0: 7, k1: 9, lo, hi: 3, params: { mean: 0, std: 1 } });
        same(`bm32 s=${s} n=${n}`, () => new Float32Array(n), 'normalBM32', { k0: 7, k1: 9, lo, hi: 3, params: { mean: 0, std: 1 } });
      }
    }
  });

  it('polar float64 and float32 (rejected pairs finished by the scalar port)', () => {
    for (const [t, c] of ranges(2, 40, 20_000, CH).entries()) {
      const mean = t % 2 ? 0 : -2.5;
      const std = t % 2 ? 1 : 3;
      same(`polar64 ${JSON.stringify(c)}`, () => new Float64Array(c.n), 'normalPolar64', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { mean, std } });
      same(`polar32 ${JSON.stringify(c)}`, () => new Float32Array(c.n), 'normalPolar32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { mean, std } });
    }
  });
});

describe('exponential: WASM = JS bit for bit', () => {
  it('float64 and float32, many keys / offsets / lengths, rates', () => {
    for (const [t, c] of ranges(3, 50, 30_000, [8192, 16384, 1024]).entries()) {
      const rate = [1, 0.5, 3, 1e-3, 1e6][t % 5];
      same(`expo64 ${JSON.stringify(c)}`, () => new Float64Array(c.n), 'exponential64', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { rate } });
      same(`expo32 ${JSON.stringify(c)}`, () => new Float32Array(c.n), 'exponential32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { rate } });
    }
  });
});

describe('gamma: WASM = JS bit for bit', () => {
  // 1, 2, 3 and 1 - 2^-53 (α' = 2) take docs/streams.md's "Erlang shapes"; 2 + 2^-51 is next to one
  const ALPHAS = [0.01, 0.3, 0.99, 1, 2, 3, 1 - 2 ** -53, 2 + 2 ** -51, 30, 1e4];
  const MS = [1, 2, 4, 7];

  it('scalar α across {0.01, 0.3, 0.99, 1, 2, 3, 1 - 2^-53, 2 + 2^-51, 30, 1e4}, both dtypes, proposals M ∈ {1, 2, 4, 7}', () => {
    const cs = ranges(4, 56, 9000, [4096, 8192, 256, 1024]);
    for (const [t, c] of cs.entries()) {
      const alpha = ALPHAS[t % ALPHAS.length];
      const M = MS[(t >> 1) % MS.length];
      const scale = t % 3 === 0 ? 1 : 0.5 + t;
      for (const wide of [true, false]) {
        same(`gamma α=${alpha} M=${M} wide=${wide} ${JSON.stringify(c)}`, () => (wide ? new Float64Array(c.n) : new Float32Array(c.n)),
          wide ? 'gamma64' : 'gamma32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { alpha, scale, proposals: M } });
      }
    }
  });

  it('per-element α (float64 and float32 arrays) mixing every regime, across the 4096-element chunks', () => {
    const r = rng(5);
    for (const [t, c] of ranges(6, 24, 10_000, [4096, 8192]).entries()) {
      const a64 = new Float64Array(c.n);
      for (let i = 0; i < c.n; i++) a64[i] = r() % 3 === 0 ? ALPHAS[r() % ALPHAS.length] : Math.exp((r() / 2 ** 32) * 14 - 7);
      const alphas = t % 2 ? a64 : Float32Array.from(a64);
      const M = MS[t % MS.length];
      for (const wide of [true, false]) {
        same(`gamma per-element M=${M} wide=${wide} ${JSON.stringify(c)}`, () => (wide ? new Float64Array(c.n) : new Float32Array(c.n)),
          wide ? 'gamma64' : 'gamma32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { alpha: NaN, scale: 1.5, proposals: M }, perElement: { alpha: alphas } });
      }
    }
  });

  it('tiny α (exp underflow to zero and subnormals: the scalar exp path) and huge α', () => {
    for (const alpha of [1e-3, 0.002, 1e-6, 5e5]) {
      for (const wide of [true, false]) {
        same(`gamma α=${alpha} wide=${wide}`, () => (wide ? new Float64Array(6000) : new Float32Array(6000)),
          wide ? 'gamma64' : 'gamma32', { k0: 11, k1: 12, lo: 0xfffff000, hi: 5, params: { alpha, scale: 1, proposals: 1 } });
      }
    }
  });

  it('beta and Dirichlet (drawRange): rows cut by offsets, several K, M', () => {
    for (const [t, c] of ranges(7, 20, 6000, [2048, 4096]).entries()) {
      // Jöhnk's (a, b ≤ 1: beta_fill; 0.01 and 1e-3 through vexp's scalar port and the log-space form) and the ratio
      const [a, b] = [[2, 3], [0.3, 0.7], [0.5, 5], [1, 1], [30, 0.01], [0.5, 0.5], [0.01, 0.02], [1e-3, 1]][t % 8];
      const M = MS[t % MS.length];
      for (const wide of [true, false]) {
        same(`beta(${a}, ${b}) M=${M} wide=${wide} ${JSON.stringify(c)}`, () => (wide ? new Float64Array(c.n) : new Float32Array(c.n)),
          wide ? 'beta64' : 'beta32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { a, b, proposals: M } });
      }
      const alphas = new Float64Array([[1, 2, 3], [0.1, 0.2, 0.3, 0.4], [5], [0.5, 2], [0.01, 0.02, 0.05, 0.9, 0.3, 0.1, 0.7], [1, 1, 1], [1, 0.5]][t % 7]);
      for (const wide of [true, false]) {
        same(`dirichlet K=${alphas.length} M=${M} wide=${wide} ${JSON.stringify(c)}`, () => (wide ? new Float64Array(c.n) : new Float32Array(c.n)),
          wide ? 'dirichlet64' : 'dirichlet32', { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { alpha: alphas, proposals: M } });
      }
    }
  });

  it('beta by the gamma ratio: a tail piece below the module minimum (2048 + 5 elements) takes the JS loop', () => {
    for (const [a, b] of [[2, 5], [0.5, 5]]) {
      for (const wide of [true, false]) {
        same(`beta(${a}, ${b}) tail wide=${wide}`, () => (wide ? new Float64Array(2053) : new Float32Array(2053)),
          wide ? 'beta64' : 'beta32', { k0: 3, k1: 4, lo: 0xffffffff, hi: 1, params: { a, b, proposals: 1 } });
        // the last beta elements below 2^63: gamma elements 2e, 2e + 1 past 2^63, whose float64 dense-plane
        // words 2(2e) wrap a 64-bit word index (the specification fills that plane block by block there)
        same(`beta(${a}, ${b}) top wide=${wide}`, () => (wide ? new Float64Array(2053) : new Float32Array(2053)),
          wide ? 'beta64' : 'beta32', { k0: 3, k1: 4, lo: 0xffffffff - 2052, hi: 0x7fffffff, params: { a, b, proposals: 2 } });
      }
    }
  });

  it('Dirichlet with K > 4096 components (longer than the module tables: the JS loop)', () => {
    const alphas = new Float64Array(5000).map((_, i) => 0.5 + (i % 7));
    same('dirichlet K=5000', () => new Float64Array(12_000), 'dirichlet64', { k0: 1, k1: 2, lo: 4000, hi: 0, params: { alpha: alphas, proposals: 1 } });
  });
});

// The module's element_fill runs every sampler of cr_elements.h's table by its scalar C++ function, and Wald and
// von Mises by vector versions (the registry's table test holds those to the specification); `generic` keeps
// the table's scalar path checked for every element sampler, the ones to come included.
describe('element samplers: WASM = JS bit for bit', () => {
  it('the scalar path of cr_elements.h\'s table: every element sampler, each of its dtypes, across chunks', () => {
    expect(ELEMENTS.length).toBeGreaterThan(1);
    for (const d of ELEMENTS) {
      const s = SAMPLERS.find((x) => x.name === d.name)!;
      for (const dtype of s.dtypes as readonly ('float64' | 'float32')[]) {
        const low = s.lower(exampleValues(s, true), dtype);
        const Out = dtype === 'float64' ? Float64Array : Float32Array;
        for (const [lo, hi, n] of [[5, 0, 9000], [0xffffffff - 40, 2, 100]]) {
          const args = { k0: 3, k1: 4, lo, hi, params: low.params, perElement: {} };
          const wasm = new Out(n), js = new Out(n);
          expect(elementWasm({ ...args, out: wasm }, d.id, true)).toBe(true);
          runKernel(low.op, { ...args, out: js }, { fast: false });
          expectSameBits(wasm, js, `${d.name} ${dtype} generic ${hi}:${lo}`);
        }
      }
    }
  });
});

// Student's t and F take their normal and gamma elements from the module (lib/kernels/ratios.ts RatioDraws);
// the registry's table test (test/samplers.test.ts) covers their scalar calls, these the per-element ones.
describe('Student\'s t and F: WASM = JS bit for bit', () => {
  it('per-element shapes and (dfn, dfd) rows, both dtypes, across the 2048-element pieces', () => {
    const r = rng(8);
    for (const [t, c] of ranges(9, 6, 5000, [2048, 4096]).entries()) {
      const df = new Float64Array(c.n).map(() => 0.2 + (r() / 2 ** 32) * (r() % 2 ? 2 : 60));
      const half = df.map((x) => 0.5 * x);
      const dfd = df.map((x) => x + 0.3);
      const f32 = (x: Float64Array) => new Float32Array(x);
      for (const wide of [true, false]) {
        const make = () => (wide ? new Float64Array(c.n) : new Float32Array(c.n));
        const at = { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi };
        same(`studentT per-element wide=${wide} ${JSON.stringify(c)}`, make, wide ? 'studentT64' : 'studentT32',
          { ...at, params: { alpha: NaN, proposals: 1 + t }, perElement: { alpha: t % 2 ? half : f32(half) } });
        same(`fRows wide=${wide} ${JSON.stringify(c)}`, make, wide ? 'fRows64' : 'fRows32',
          { ...at, params: { dfn: 1, dfd: 1, p: new Float64Array(2), proposals: 1 }, perElement: { p0: df, p1: dfd } });
      }
    }
  });
});

// multivariateNormal draws its rows' normals in bulk from the module (lib/kernels/mvn.ts mvnBulk); the
// specification draws each row's d normals by a Box–Muller call of its own, with BigInt indices.
describe('multivariate normal: WASM = JS bit for bit', () => {
  /** mean and packed factor of a random d×d covariance A·Aᵀ (column `zero` of A zeroed: a singular one). */
  function lmOf(d: number, seed: number, zero = -1): Float64Array {
    const r = rng(seed);
    const a = Float64Array.from({ length: d * d }, (_, i) => (i % d === zero ? 0 : (r() / 2 ** 32 - 0.5) * 3));
    const c = new Float64Array(d * d);
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < d; j++) for (let q = 0; q < d; q++) c[i * d + j] += a[i * d + q] * a[j * d + q];
    }
    const lm = new Float64Array(d + (d * (d + 1)) / 2);
    for (let i = 0; i < d; i++) lm[i] = (r() / 2 ** 32 - 0.5) * 10;
    lm.set(cholesky(c, d, 'cov'), d);
    return lm;
  }

  it('d = 1, 2, 3, 7, 40: starts mid-row, above 2^32 elements, near 2^63, across the 8192-normal chunks', () => {
    for (const [t, d] of [1, 2, 3, 7, 40].entries()) {
      const lm = lmOf(d, 20 + t, t === 2 ? 1 : -1);
      // chunk edges: ⌊8192/d⌋ rows of normals per module fill (flat values, give or take a row)
      const edge = Math.floor(8192 / d) * d;
      for (const c of ranges(30 + t, 24, 30_000, [edge, 2 * edge, edge + d, SAMPLERS_WASM_MIN])) {
        for (const wide of [true, false]) {
          const n = c.n;
          same(`mvn d=${d} wide=${wide} ${JSON.stringify(c)}`, () => (wide ? new Float64Array(n) : new Float32Array(n)),
            wide ? 'multivariateNormal64' : 'multivariateNormal32',
            { k0: c.k0, k1: c.k1, lo: c.lo, hi: c.hi, params: { d, lm } });
        }
      }
    }
  });

  it('d = 3 and 7: every start within a row, short and long calls, around a 2^32 carry', () => {
    for (const d of [3, 7]) {
      const lm = lmOf(d, d);
      for (let s = 0; s < 2 * d; s++) {
        for (const n of [16, 17, d * 5 + 1, 9000]) {
          const lo = (0xffffffff - 3 * d + s) >>> 0;
          for (const wide of [true, false]) {
            same(`mvn d=${d} s=${s} n=${n} wide=${wide}`, () => (wide ? new Float64Array(n) : new Float32Array(n)),
              wide ? 'multivariateNormal64' : 'multivariateNormal32', { k0: 11, k1: 13, lo, hi: 5, params: { d, lm } });
          }
        }
      }
    }
  });
});

// ---- the vector math against lib/core/math --------------------------------------------------------------

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
/** The double with high word h and low word l. */
function fromWords(h: number, l: number): number {
  U32[1] = h >>> 0;
  U32[0] = l >>> 0;
  return F64[0];
}

function expectSameNumbers(got: Float64Array, want: (x: number) => number, xs: Float64Array, what: string): void {
  let bad = -1;
  for (let i = 0; i < xs.length; i++) {
    if (!Object.is(got[i], want(xs[i]))) {
      bad = i;
      break;
    }
  }
  if (bad >= 0) expect.fail(`${what}(${xs[bad]}) = ${got[bad]}, lib/core/math gives ${want(xs[bad])}`);
}

describe('vector log / exp / sincos2pi = lib/core/math', () => {
  it('log on 10^6+ inputs: random bit patterns (every exponent), both uniform grids, and the edges', () => {
    const r = rng(8);
    const edges = [0, -0, -1, NaN, Infinity, -Infinity, 1, 2, 0.5, Math.SQRT2, Math.SQRT1_2, 2 ** -1074, 2 ** -1022,
      2 ** -1022 - 2 ** -1074, Number.MAX_VALUE, 1 - 2 ** -53, 1 + 2 ** -52, 2 ** -53, 2 ** -32, 2 ** -52, 1e-300, 1e300];
    // fdlibm's boundaries on the mantissa's high word: the sqrt(2) carry and the two-form choice
    for (const hm of [0x6a09e, 0x6a09f, 0x6a09d, 0x6147a, 0x6147b, 0x61479, 0x6b851, 0x6b850, 0x6b852]) {
      for (const ex of [0x3ff, 0x3fe, 0x001, 0x7fe, 0x400]) {
        edges.push(fromWords((ex << 20) | hm, 0), fromWords((ex << 20) | hm, 0xffffffff), fromWords((ex << 20) | hm, r()));
      }
    }
    const n = 1_100_000;
    const xs = new Float64Array(n);
    xs.set(edges);
    for (let i = edges.length; i < n; i++) {
      const k = i % 4;
      if (k === 0) xs[i] = fromWords(r() & 0x7fefffff, r()); // positive finite, any exponent (subnormals too)
      else if (k === 1) xs[i] = ((r() >>> 5) * 67108864 + (r() >>> 6) + 1) * 2 ** -53; // float64 u1 grid
      else if (k === 2) xs[i] = (r() + 1) * 2 ** -32; // float32 u1 grid
      else xs[i] = r() / 2 ** 20; // large values
    }
    expectSameNumbers(vectorMath.log(xs), log, xs, 'log');
  });

  it('exp on 10^6+ inputs, including the overflow / underflow / subnormal thresholds', () => {
    const r = rng(9);
    const edges = [0, -0, 1, -1, NaN, Infinity, -Infinity, 709.78, 709.782712893383973096, 709.7827128933841,
      -745.13, -745.1332191019411, -745.1332191019412, -708.4, -708.39, -707.7, -708.3964185322641, 2 ** -60, -(2 ** -60),
      0.34657359027997264, -0.34657359027997264, 1e-300, -1e-300, -1021.5 * Math.LN2, -1020.5 * Math.LN2, 1023.5 * Math.LN2];
    const n = 1_100_000;
    const xs = new Float64Array(n);
    xs.set(edges);
    for (let i = edges.length; i < n; i++) {
      const k = i % 3;
      if (k === 0) xs[i] = (r() / 2 ** 32) * 1500 - 760; // the whole range, both scalar paths
      else if (k === 1) xs[i] = (r() / 2 ** 32) * 40 - 30; // what the gamma boost feeds it
      else xs[i] = ((r() / 2 ** 32) - 0.5) * 2 ** -(r() % 60);
    }
    expectSameNumbers(vectorMath.exp(xs), exp, xs, 'exp');
  });

  it('sincos2pi on 10^6+ inputs in [0, 1): both grids, octant edges ± ulps, tiny turns (scaled reduction)', () => {
    const r = rng(10);
    const edges: number[] = [0, 2 ** -53, 2 ** -32, 2 ** -1074, 2 ** -969, 2 ** -970, 2 ** -968, 1e-300, 1 - 2 ** -53];
    for (let k = 1; k < 8; k++) {
      const e = k / 8;
      for (const d of [0, 1, 2, 3]) edges.push(e + d * 2 ** -53, e - d * 2 ** -53, e + d * 2 ** -32);
      edges.push(k / 4 + 2 ** -1022, k / 4 - 2 ** -60);
    }
    const n = 1_100_000;
    const xs = new Float64Array(n);
    xs.set(edges.filter((x) => x >= 0 && x < 1));
    for (let i = edges.length; i < n; i++) {
      const k = i % 4;
      if (k === 0) xs[i] = ((r() >>> 5) * 67108864 + (r() >>> 6)) * 2 ** -53;
      else if (k === 1) xs[i] = r() * 2 ** -32;
      else if (k === 2) xs[i] = Math.min(1 - 2 ** -53, Math.max(0, (r() % 8) / 8 + ((r() / 2 ** 32) - 0.5) * 2 ** -(r() % 50)));
      else xs[i] = (1 + r() / 2 ** 32) * 2 ** -(940 + (r() % 135)); // tiny turns, around the 2^-969 switch
    }
    const [s, c] = vectorMath.sincos2pi(xs);
    const sc = new Float64Array(2);
    expectSameNumbers(s, (x) => (sincos2pi(x, sc, 0), sc[0]), xs, 'sin2pi');
    expectSameNumbers(c, (x) => (sincos2pi(x, sc, 0), sc[1]), xs, 'cos2pi');
  });

  it('the samplers\' extreme uniforms: u1 = 2^-53 and 2^-32 (largest radius), u2 on quarter turns', () => {
    const xs = new Float64Array([2 ** -53, 2 ** -32, 1, 2 ** -52 + 2 ** -53]);
    expectSameNumbers(vectorMath.log(xs), log, xs, 'log');
    const us = new Float64Array([0, 0.25, 0.5, 0.75, 0.125, 0.375, 0.625, 0.875, 1 - 2 ** -32, 1 - 2 ** -53]);
    const [s, c] = vectorMath.sincos2pi(us);
    const sc = new Float64Array(2);
    expectSameNumbers(s, (x) => (sincos2pi(x, sc, 0), sc[0]), us, 'sin2pi');
    expectSameNumbers(c, (x) => (sincos2pi(x, sc, 0), sc[1]), us, 'cos2pi');
  });
});

// ---- fallback and generated module -------------------------------------------------------------------

describe('fallback without WASM', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('CUDA_RANDOM_NO_WASM=1 turns the fast kernels off; the CPU backend then runs the specification (same bits)', async () => {
    const args = (out: Float32Array | Float64Array, params: Record<string, unknown>) =>
      ({ k0: 3, k1: 4, lo: 0xfffffff1, hi: 2, out, params, perElement: {} });
    const bm = new Float64Array(5001);
    runKernel('normalBM64', args(bm, { mean: 1, std: 2 }));
    const g = new Float32Array(5001);
    runKernel('gamma32', args(g, { alpha: 0.4, scale: 1 }));
    vi.stubEnv('CUDA_RANDOM_NO_WASM', '1');
    vi.resetModules();
    const w = await import('../lib/wasm/samplers.js');
    const cpu = await import('../lib/backend/cpu/kernels.js');
    expect(w.samplersWasmAvailable()).toBe(false);
    expect(w.samplersWasmUnavailableReason()).toMatch(/CUDA_RANDOM_NO_WASM/);
    expect(w.normalBMWasm(args(new Float64Array(100), { mean: 0, std: 1 }))).toBe(false);
    const bmJs = new Float64Array(5001);
    cpu.runKernel('normalBM64', args(bmJs, { mean: 1, std: 2 }));
    expectSameBits(bm, bmJs, 'bm64');
    const gJs = new Float32Array(5001);
    cpu.runKernel('gamma32', args(gJs, { alpha: 0.4, scale: 1 }));
    expectSameBits(g, gJs, 'gamma32');
  });
});

describe('generated module lib/wasm/samplers.wasm.ts', () => {
  const script = join(ROOT, 'scripts/build-wasm-samplers.mjs');
  const clang = ['clang-14', 'clang'].some((c) => spawnSync(c, ['--version']).status === 0);

  it('records the SHA-256 of its sources and flags (--check-hash, no compiler needed)', () => {
    const res = spawnSync(process.execPath, [script, '--check-hash'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('--check-hash fails once a source changes without regenerating', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-samplers-'));
    try {
      for (const d of ['lib/wasm/shim', 'cuda/include']) mkdirSync(join(dir, d), { recursive: true });
      cpSync(join(ROOT, 'lib/wasm/shim'), join(dir, 'lib/wasm/shim'), { recursive: true });
      cpSync(join(ROOT, 'cuda/include'), join(dir, 'cuda/include'), { recursive: true });
      copyFileSync(join(ROOT, 'lib/wasm/samplers.wasm.ts'), join(dir, 'lib/wasm/samplers.wasm.ts'));
      const cc = readFileSync(join(ROOT, 'lib/wasm/samplers.cc'), 'utf8');
      writeFileSync(join(dir, 'lib/wasm/samplers.cc'), cc);
      const args = [script, '--check-hash', '--root', dir];
      expect(spawnSync(process.execPath, args, { encoding: 'utf8' }).status).toBe(0);
      writeFileSync(join(dir, 'lib/wasm/samplers.cc'), cc.replace('.squeeze = D2(0.0331)', '.squeeze = D2(0.0332)'));
      const res = spawnSync(process.execPath, args, { encoding: 'utf8' });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/stale/);
      expect(res.stderr).toMatch(/install-wasm-toolchain\.sh .*then node scripts\/build-wasm-samplers\.mjs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hashes every file samplers.cc includes, found by following the includes (a new header counts unlisted)', () => {
    const list = (root: string) => spawnSync(process.execPath, [script, '--sources', '--root', root],
      { encoding: 'utf8' }).stdout.trim().split('\n');
    // cr_target.h comes only through cr_math.h; stdint.h and wasm_simd128.h are the compiler's
    expect(list(ROOT)).toEqual(expect.arrayContaining(['lib/wasm/samplers.cc', 'lib/wasm/shim/math.h',
      'cuda/include/cr_transforms.h', 'cuda/include/cr_target.h']));
    expect(list(ROOT).some((f) => /stdint|wasm_simd128/.test(f))).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'cr-samplers-'));
    try {
      for (const d of ['lib/wasm', 'cuda/include']) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
      const args = [script, '--check-hash', '--root', dir];
      expect(spawnSync(process.execPath, args, { encoding: 'utf8' }).status).toBe(0);
      const tf = join(dir, 'cuda/include/cr_transforms.h');
      const text = readFileSync(tf, 'utf8');
      writeFileSync(tf, text.replace('#include "cr_special.h"', '#include "cr_special.h"\n#include "cr_new.h"'));
      writeFileSync(join(dir, 'cuda/include/cr_new.h'), '#pragma once\n');
      expect(list(dir)).toContain('cuda/include/cr_new.h');
      const res = spawnSync(process.execPath, args, { encoding: 'utf8' });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/stale/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a transform id it lacks with an Error saying how to rebuild (not the last call\'s values)', () => {
    const out = new Float64Array(300);
    const args = { k0: 1, k1: 2, lo: 0, hi: 0, params: { p: new Float64Array(8) }, perElement: {}, out } as KernelArgs;
    expect(transformWasm(args, 0)).toBe(true);  // lognormal: fills `out` (and the module's buffer)
    const before = out.slice();
    expect(() => transformWasm(args, 99)).toThrow(unknownTransform(99));
    expect(unknownTransform(99)).toMatch(/no transform 99.*install-wasm-toolchain\.sh.*build-wasm-samplers\.mjs/);
    expect(out).toEqual(before);
  });

  it('refuses an element sampler id it lacks likewise', () => {
    const out = new Float32Array(300);
    const row = { p: Float64Array.of(1, 2) };
    const args = { k0: 1, k1: 2, lo: 0, hi: 0, params: row, perElement: {}, out } as KernelArgs;
    expect(elementWasm(args, 1)).toBe(true);  // wald: fills `out`
    const before = out.slice();
    expect(() => elementWasm(args, 99)).toThrow(unknownElement(99));
    expect(unknownElement(99)).toMatch(/no element sampler 99.*install-wasm-toolchain\.sh.*build-wasm-samplers\.mjs/);
    expect(out).toEqual(before);
    // a per-element row or a short call declines: the specification runs
    expect(elementWasm({ ...args, perElement: { p0: new Float64Array(300) } }, 1)).toBe(false);
    expect(elementWasm({ ...args, out: new Float32Array(SAMPLERS_WASM_MIN - 1) }, 1)).toBe(false);
  });

  it('scripts/install-wasm-toolchain.sh --check: says what is missing and how to install it', () => {
    const sh = '/bin/sh';
    const script = join(ROOT, 'scripts/install-wasm-toolchain.sh');
    const empty = mkdtempSync(join(tmpdir(), 'cr-path-'));
    try {
      const res = spawnSync(sh, [script, '--check'], { encoding: 'utf8', env: { PATH: empty } });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/clang-14 or lld-14 \(wasm-ld\) missing; run sh scripts\/install-wasm-toolchain\.sh/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    if (spawnSync('clang-14', ['--version']).status === 0) {
      const t0 = Date.now();
      const res = spawnSync(sh, [script], { encoding: 'utf8' });
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/with wasm-ld: present/);
      expect(Date.now() - t0).toBeLessThan(10_000);  // present: nothing installed, no apt-get
    }
  });

  it.skipIf(!clang)('is exactly what clang builds from the sources (--check; skipped without clang)', () => {
    const res = spawnSync(process.execPath, [script, '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});
