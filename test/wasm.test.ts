// The WebAssembly SIMD Philox path (lib/wasm/) against the JS specification (philoxBlock), the JS
// fallback, and the staleness check of the generated module.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { philoxBlock, philoxStream, WASM_MIN_WORDS } from '../lib/core/philox.js';
import { uniform32, uniform64 } from '../lib/kernels/raw.js';
import { uniform32Wasm, uniform64Wasm } from '../lib/wasm/raw.js';  // statically imported: the WASM path
import {
  CHUNK_BLOCKS, philoxStreamWasm, philoxUniform32Wasm, philoxUniform64Wasm, wasmAvailable,
  wasmUnavailableReason,
} from '../lib/core/wasm/philox.js';
import { rng } from './seeded-rng.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Reference stream straight from philoxBlock: words first..first+count of (k, c2, c3). */
function refStream(
  k0: number, k1: number, c2: number, c3: number, firstLo: number, firstHi: number, count: number,
): Uint32Array {
  const out = new Uint32Array(count);
  const blk = new Uint32Array(4);
  let b0 = ((firstLo >>> 2) | (firstHi << 30)) >>> 0;
  let b1 = firstHi >>> 2;
  let lane = firstLo & 3;
  for (let i = 0; i < count;) {
    philoxBlock(b0, b1, c2, c3, k0, k1, blk, 0);
    for (; lane < 4 && i < count; lane++) out[i++] = blk[lane];
    lane = 0;
    b0 = (b0 + 1) >>> 0;
    if (b0 === 0) b1 = (b1 + 1) >>> 0;
  }
  return out;
}

/** Word index (lo, hi) of lane `lane` of block (b1:b0), b1 < 2^30. */
function wordIndex(b0: number, b1: number, lane: number): [number, number] {
  return [((b0 << 2) | lane) >>> 0, ((b1 << 2) | (b0 >>> 30)) >>> 0];
}

interface Case { k0: number; k1: number; c2: number; c3: number; lo: number; hi: number; count: number }

/** Random cases: keys/c2/c3 anywhere, blocks often just below 2^32 (carry into c1), lanes 0..3. */
function cases(seed: number, n: number, maxCount: number): Case[] {
  const r = rng(seed);
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const kind = r() % 4;
    const b0 = kind === 0 ? r() : kind === 1 ? (0xffffffff - (r() % 40)) >>> 0 : kind === 2 ? r() % 64 : (0xffffffff - (r() % 20000)) >>> 0;
    const b1 = r() % 3 === 0 ? 0 : r() & 0x3fffffff;
    const [lo, hi] = wordIndex(b0, b1, r() & 3);
    // counts log-uniform in [0, maxCount], with small ones frequent
    const count = r() % 8 === 0 ? r() % 9 : Math.floor(Math.exp((r() / 2 ** 32) * Math.log(maxCount + 1))) - 1;
    out.push({ k0: r(), k1: r(), c2: r() % 4 === 0 ? 0 : r(), c3: r() % 4 === 0 ? 0 : r(), lo, hi, count });
  }
  return out;
}

const SENTINEL = 0xa5a5a5a5;

function firstDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return -2;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

describe('WASM SIMD Philox stream', () => {
  it('is available here (Node 20 has WASM SIMD) and passes its known-answer self-test', () => {
    expect(wasmUnavailableReason()).toBe('');
    expect(wasmAvailable()).toBe(true);
  });

  it('equals the philoxBlock stream for random keys, c2, c3, start blocks (incl. carries into c1), lanes and counts up to 1e5', () => {
    for (const c of cases(1, 300, 100_000)) {
      const want = refStream(c.k0, c.k1, c.c2, c.c3, c.lo, c.hi, c.count);
      const pad = 5;
      const got = new Uint32Array(c.count + 2 * pad).fill(SENTINEL);
      philoxStreamWasm(c.k0, c.k1, c.c2, c.c3, c.lo, c.hi, got, pad, c.count);
      expect(firstDiff(got.subarray(pad, pad + c.count), want), JSON.stringify(c)).toBe(-1);
      // nothing outside [start, start + count) is written
      for (let i = 0; i < pad; i++) {
        expect(got[i]).toBe(SENTINEL);
        expect(got[pad + c.count + i]).toBe(SENTINEL);
      }
    }
  });

  it('crosses chunk boundaries (CHUNK_BLOCKS blocks per module call) at every lane', () => {
    const W = 4 * CHUNK_BLOCKS;
    for (const lane of [0, 1, 2, 3]) {
      for (const count of [W - lane - 1, W - lane, W - lane + 1, 2 * W + 7, 3 * W - 5]) {
        const [lo, hi] = wordIndex((0xffffffff - CHUNK_BLOCKS - 3) >>> 0, 5, lane);
        const want = refStream(0x01234567, 0x89abcdef, 42, 3, lo, hi, count);
        const got = new Uint32Array(count);
        philoxStreamWasm(0x01234567, 0x89abcdef, 42, 3, lo, hi, got, 0, count);
        expect(firstDiff(got, want), `lane ${lane} count ${count}`).toBe(-1);
      }
    }
  });

  it('carries the block index from c0 into c1 exactly like philoxStream (block 2^32 - 1 -> (0, 1))', () => {
    const got = new Uint32Array(6);
    philoxStreamWasm(7, 9, 0, 0, 0xfffffffe, 3, got, 0, 6);
    const a = new Uint32Array(4);
    const b = new Uint32Array(4);
    philoxBlock(0xffffffff, 0, 0, 0, 7, 9, a, 0);
    philoxBlock(0, 1, 0, 0, 7, 9, b, 0);
    expect([...got]).toEqual([a[2], a[3], ...b]);
  });

  it('like the JS loop, writes only what fits when dst is too short', () => {
    const got = new Uint32Array(100);
    philoxStreamWasm(1, 2, 3, 4, 6, 0, got, 40, 1000);
    expect(firstDiff(got.subarray(40), refStream(1, 2, 3, 4, 6, 0, 60))).toBe(-1);
    expect(got[39]).toBe(0);
  });

  it('count 0 and negative counts write nothing', () => {
    const got = new Uint32Array(8).fill(SENTINEL);
    philoxStreamWasm(1, 2, 3, 4, 5, 6, got, 2, 0);
    philoxStreamWasm(1, 2, 3, 4, 5, 6, got, 2, -3);
    expect([...got]).toEqual(new Array(8).fill(SENTINEL));
  });
});

describe('philoxStream delegates to WASM with the same bits', () => {
  it(`below and above WASM_MIN_WORDS (${WASM_MIN_WORDS}) and for long runs`, () => {
    const r = rng(2);
    for (let count = 0; count <= 3 * WASM_MIN_WORDS; count++) {
      for (let rep = 0; rep < 4; rep++) {
        const [lo, hi] = wordIndex((0xffffffff - (r() % 12)) >>> 0, r() & 0xfff, rep);
        const k0 = r(), k1 = r();
        const got = new Uint32Array(count + 1).fill(SENTINEL);
        philoxStream(k0, k1, 0, 0, lo, hi, got, 1, count);
        expect(firstDiff(got.subarray(1), refStream(k0, k1, 0, 0, lo, hi, count))).toBe(-1);
        expect(got[0]).toBe(SENTINEL);
      }
    }
    for (const c of cases(3, 20, 300_000)) {
      const got = new Uint32Array(c.count);
      philoxStream(c.k0, c.k1, c.c2, c.c3, c.lo, c.hi, got, 0, c.count);
      expect(firstDiff(got, refStream(c.k0, c.k1, c.c2, c.c3, c.lo, c.hi, c.count)), JSON.stringify(c)).toBe(-1);
    }
  });
});

const TWO_M24 = 2 ** -24;
const TWO_M53 = 2 ** -53;

/** JS maps of docs/streams.md, "Uniform floats" on reference words. */
function refU32(k0: number, k1: number, lo: number, hi: number, n: number): Float32Array {
  const w = refStream(k0, k1, 0, 0, lo, hi, n);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (w[i] >>> 8) * TWO_M24;
  return out;
}
function refU64(k0: number, k1: number, wlo: number, whi: number, n: number): Float64Array {
  const w = refStream(k0, k1, 0, 0, wlo, whi, 2 * n);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = ((w[2 * i] >>> 5) * 67108864 + (w[2 * i + 1] >>> 6)) * TWO_M53;
  return out;
}

describe('WASM uniform maps', () => {
  it('float32: (w >>> 8) * 2^-24 for every word, any start lane, any count', () => {
    for (const c of cases(4, 150, 50_000)) {
      const want = refU32(c.k0, c.k1, c.lo, c.hi, c.count);
      const got = new Float32Array(c.count + 2).fill(-1);
      // the raw stream (c2 = c3 = 0) as raw.ts uses it
      philoxUniform32Wasm(c.k0, c.k1, 0, 0, c.lo, c.hi, got, 1, c.count);
      expect(firstDiff(got.subarray(1, 1 + c.count), want), JSON.stringify(c)).toBe(-1);
      expect(got[0]).toBe(-1);
      expect(got[c.count + 1]).toBe(-1);
    }
  });

  it('float64: ((a >>> 5) * 2^26 + (b >>> 6)) * 2^-53 for word pairs, even and odd first element', () => {
    for (const c of cases(5, 150, 50_000)) {
      const wlo = (c.lo & ~1) >>> 0; // an even word index; its bit 1 is the element's place in the block
      const want = refU64(c.k0, c.k1, wlo, c.hi, c.count);
      const got = new Float64Array(c.count + 2).fill(-1);
      philoxUniform64Wasm(c.k0, c.k1, 0, 0, wlo, c.hi, got, 1, c.count);
      expect(firstDiff(got.subarray(1, 1 + c.count), want), JSON.stringify(c)).toBe(-1);
      expect(got[0]).toBe(-1);
      expect(got[c.count + 1]).toBe(-1);
    }
  });

  it('float64 rejects an odd first word index', () => {
    expect(() => philoxUniform64Wasm(1, 2, 0, 0, 3, 0, new Float64Array(4), 0, 4)).toThrow(RangeError);
  });

  it('the uniform ops\' fast kernels (lib/wasm/raw.ts) equal the JS maps for unit and other ranges', () => {
    const r = rng(6);
    for (let t = 0; t < 60; t++) {
      const k0 = r(), k1 = r();
      // element index near 2^32 - 1 (float32: carry into hi) and near 2^31 (float64: word-index carry)
      const lo = t % 3 === 0 ? (0xffffffff - (r() % 50)) >>> 0 : t % 3 === 1 ? (0x7fffffff - (r() % 50)) >>> 0 : r();
      const hi = r() & 0xffff;
      const n = t % 5 === 0 ? r() % 40 : r() % 20_000;
      const [low, high] = t % 2 === 0 ? [0, 1] : [-3.25, 1e3 * (r() / 2 ** 32) + 1];
      const span = high - low;

      const w32 = refStream(k0, k1, 0, 0, lo, hi, n);
      const want32 = new Float32Array(n);
      for (let i = 0; i < n; i++) want32[i] = low + span * ((w32[i] >>> 8) * TWO_M24);
      const got32 = new Float32Array(n);
      expect(n < 8 || uniform32Wasm({ k0, k1, lo, hi, out: got32, params: { low, high }, perElement: {} })).toBe(true);
      if (n < 8) uniform32(k0, k1, lo, hi, low, high, got32);
      expect(firstDiff(got32, want32), `float32 t=${t}`).toBe(-1);

      const w64 = refStream(k0, k1, 0, 0, (lo << 1) >>> 0, ((hi << 1) | (lo >>> 31)) >>> 0, 2 * n);
      const want64 = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        want64[i] = low + span * (((w64[2 * i] >>> 5) * 67108864 + (w64[2 * i + 1] >>> 6)) * TWO_M53);
      }
      const got64 = new Float64Array(n);
      expect(n < 8 || uniform64Wasm({ k0, k1, lo, hi, out: got64, params: { low, high }, perElement: {} })).toBe(true);
      if (n < 8) uniform64(k0, k1, lo, hi, low, high, got64);
      expect(firstDiff(got64, want64), `float64 t=${t}`).toBe(-1);
    }
  });
});

describe('fallback without WASM', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('CUDA_RANDOM_NO_WASM=1 turns the WASM path off; philoxStream and the uniform maps give the same bits in JS', async () => {
    vi.stubEnv('CUDA_RANDOM_NO_WASM', '1');
    vi.resetModules();
    const w = await import('../lib/core/wasm/philox.js');
    const p = await import('../lib/core/philox.js');
    const raw = await import('../lib/kernels/raw.js');
    expect(w.wasmAvailable()).toBe(false);
    expect(w.wasmUnavailableReason()).toMatch(/CUDA_RANDOM_NO_WASM/);
    expect(() => w.philoxStreamWasm(1, 2, 3, 4, 0, 0, new Uint32Array(64), 0, 64)).toThrow(/CUDA_RANDOM_NO_WASM/);

    for (const c of cases(7, 10, 20_000)) {
      const got = new Uint32Array(c.count);
      p.philoxStream(c.k0, c.k1, c.c2, c.c3, c.lo, c.hi, got, 0, c.count);
      expect(firstDiff(got, refStream(c.k0, c.k1, c.c2, c.c3, c.lo, c.hi, c.count))).toBe(-1);
    }
    const n = 10_001;
    const jsf32 = new Float32Array(n);
    raw.uniform32(5, 6, 0xfffffff0, 1, 0, 1, jsf32);  // its words from JS Philox now
    const wasmf32 = new Float32Array(n);
    expect(uniform32Wasm({ k0: 5, k1: 6, lo: 0xfffffff0, hi: 1, out: wasmf32, params: { low: 0, high: 1 }, perElement: {} })).toBe(true);
    expect(firstDiff(jsf32, wasmf32)).toBe(-1);
    const jsf64 = new Float64Array(n);
    raw.uniform64(5, 6, 0x7ffffff0, 1, -1, 2, jsf64);
    const wasmf64 = new Float64Array(n);
    expect(uniform64Wasm({ k0: 5, k1: 6, lo: 0x7ffffff0, hi: 1, out: wasmf64, params: { low: -1, high: 2 }, perElement: {} })).toBe(true);
    expect(firstDiff(jsf64, wasmf64)).toBe(-1);
  });

  it.skipIf(!existsSync(join(ROOT, 'dist/lib/core/philox.js')))(
    'a child process with CUDA_RANDOM_NO_WASM=1 (the built package) gives the same words', () => {
      const script = `
        const w = await import(${JSON.stringify(join(ROOT, 'dist/lib/core/wasm/philox.js'))});
        const p = await import(${JSON.stringify(join(ROOT, 'dist/lib/core/philox.js'))});
        const out = new Uint32Array(3001);
        p.philoxStream(0xdeadbeef, 0x01020304, 9, 0, 0xfffffff1, 7, out, 0, out.length);
        console.log(JSON.stringify({ available: w.wasmAvailable(), words: Array.from(out) }));`;
      const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, CUDA_RANDOM_NO_WASM: '1' }, encoding: 'utf8',
      });
      expect(res.stderr).toBe('');
      const { available, words } = JSON.parse(res.stdout);
      expect(available).toBe(false);
      const mine = new Uint32Array(3001);
      philoxStreamWasm(0xdeadbeef, 0x01020304, 9, 0, 0xfffffff1, 7, mine, 0, mine.length);
      expect(words).toEqual(Array.from(mine));
    });
});

describe('generated module lib/core/wasm/philox.wasm.ts', () => {
  it('is not stale: scripts/build-wasm.mjs --check passes', () => {
    const res = spawnSync(process.execPath, [join(ROOT, 'scripts/build-wasm.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('--check fails when the .wat no longer compiles to the committed bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-wasm-'));
    try {
      const wat = readFileSync(join(ROOT, 'lib/core/wasm/philox.wat'), 'utf8');
      const changed = wat.replace('(memory (export "memory") 2)', '(memory (export "memory") 3)');
      expect(changed).not.toBe(wat);
      writeFileSync(join(dir, 'changed.wat'), changed);
      copyFileSync(join(ROOT, 'lib/core/wasm/philox.wasm.ts'), join(dir, 'out.ts'));
      const args = [join(ROOT, 'scripts/build-wasm.mjs'), '--check', '--wat', join(dir, 'changed.wat'), '--out', join(dir, 'out.ts')];
      const res = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/stale/);
      // and regenerating (without --check) then checking passes
      expect(spawnSync(process.execPath, args.filter((a) => a !== '--check'), { cwd: ROOT }).status).toBe(0);
      expect(spawnSync(process.execPath, args, { cwd: ROOT }).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
