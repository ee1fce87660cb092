/**
 * What libcurand holds, captured on a GPU run (2026-11-27, scripts/gpu-curand-data.py) and kept as
 * compact facts in data/curand-sobol-scramble.* (scripts/curand-sobol-lms.py): our JOEKUO6 Sobol32/64
 * direction vectors are libcurand's unscrambled sets, and lib/kernels/sobol/curand-scramble.ts rebuilds
 * its scrambled sets and scramble constants bit for bit (docs/qmc.md, "cuRAND's scrambled Sobol"). The SHA-256 values
 * are of libcurand's own arrays. Then `scramble: 'curand'` against libcurand's host API outputs
 * (test/vectors/curand_sobol_host.json, scripts/curand-sobol-host-vectors.py).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directions32, directions64 } from '../lib/kernels/sobol/directions.js';
import { CURAND_SOBOL_DIMENSIONS, curandScrambled32, curandScrambled64 } from '../lib/kernels/sobol/curand-scramble.js';
import { sobol } from '../lib/sobol/sobol.js';
// dist: the pool's workers load dist/lib/backend/cpu/worker.js, and each reads the data file itself
import { sobolAsync } from '../dist/lib/index.js';

const root = new URL('../', import.meta.url).pathname;
const meta = JSON.parse(readFileSync(`${root}data/curand-sobol-scramble.json`, 'utf8')) as Record<string, string> & { dimensions: number; record_bytes: number };
const D = CURAND_SOBOL_DIMENSIONS;
const sha = (a: Uint32Array | BigUint64Array) => createHash('sha256').update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).digest('hex');
/** (hi, lo) pairs as little-endian uint64 words. */
function joined(pairs: Uint32Array): BigUint64Array {
  const w = new BigUint64Array(pairs.length / 2);
  for (let i = 0; i < w.length; i++) w[i] = (BigInt(pairs[2 * i]) << 32n) | BigInt(pairs[2 * i + 1]);
  return w;
}

describe('libcurand Sobol data (data/curand-sobol-scramble.*)', () => {
  it('the file is 20,000 records of 260 bytes, as written', () => {
    const bin = readFileSync(`${root}data/curand-sobol-scramble.bin`);
    expect(meta.dimensions).toBe(D);
    expect(bin.length).toBe(D * meta.record_bytes);
    expect(createHash('sha256').update(bin).digest('hex')).toBe(meta.sha256_file);
  });

  it("our JOEKUO6 direction vectors are libcurand's CURAND_DIRECTION_VECTORS_32/64_JOEKUO6, every dimension", () => {
    const v32 = new Uint32Array(D * 32), v64 = new Uint32Array(D * 128);
    for (let d = 0; d < D; d++) {
      v32.set(directions32(d), d * 32);
      v64.set(directions64(d), d * 128);
    }
    expect(sha(v32)).toBe(meta.sha256_dv32_u32le);
    expect(sha(joined(v64))).toBe(meta.sha256_dv64_u64le);
  });

  it("the scrambled vectors and constants rebuild libcurand's arrays exactly (32 and 64 bits)", () => {
    const s32 = new Uint32Array(D * 32), c32 = new Uint32Array(D), s64 = new Uint32Array(D * 128), c64 = new BigUint64Array(D);
    for (let d = 0; d < D; d++) {
      const a = curandScrambled32(d), b = curandScrambled64(d);
      s32.set(a.dirs, d * 32);
      c32[d] = a.c;
      s64.set(b.dirs, d * 128);
      c64[d] = b.c;
    }
    expect(sha(s32)).toBe(meta.sha256_dv32_scrambled_u32le);
    expect(sha(c32)).toBe(meta.sha256_scramble32_u32le);
    expect(sha(joined(s64))).toBe(meta.sha256_dv64_scrambled_u64le);
    expect(sha(c64)).toBe(meta.sha256_scramble64_u64le);
  });
});

interface HostCase { kind: string; dims: number; offset: number; points: number; kept_dims: number[]; raw: string[]; uniform: number[]; uniform_double: number[] }
const host = JSON.parse(readFileSync(`${root}test/vectors/curand_sobol_host.json`, 'utf8')) as { cases: Record<string, HostCase> };

describe("sobol() = libcurand's host API (curandGenerate*) for SOBOL32/64 and SCRAMBLED_SOBOL32/64", () => {
  const cases = Object.entries(host.cases);
  it('holds 20 cases of every kind', () => {
    expect(cases.length).toBe(20);
    expect(new Set(cases.map(([, c]) => c.kind))).toEqual(new Set(['sobol32', 'sobol64', 'scrambled_sobol32', 'scrambled_sobol64']));
  });

  for (const [tag, c] of cases) {
    it(`${tag}: raw words, curand_uniform, curand_uniform_double, both layouts, sync and async`, async () => {
      const bits = c.kind.endsWith('64') ? 64 : 32;
      const o = { dims: c.dims, offset: c.offset, bits, scramble: c.kind.startsWith('scrambled') ? 'curand' : 'none', backend: 'cpu' } as const;
      const n = c.points;
      // libcurand's order is dimension-major; the file keeps the dimensions in kept_dims
      const kept = <T>(a: ArrayLike<T>, points: boolean): T[] =>
        c.kept_dims.flatMap((d) => Array.from({ length: n }, (_, i) => a[points ? i * c.dims + d : d * n + i]));
      for (const layout of ['dimensions', 'points'] as const) {
        const p = layout === 'points';
        const raw = bits === 32 ? sobol(n, { ...o, layout, dtype: 'uint32' }) : sobol(n, { ...o, layout, dtype: 'uint64' });
        expect(kept(raw as ArrayLike<number | bigint>, p).map(String), `${layout} raw`).toEqual(c.raw);
        expect(kept(sobol(n, { ...o, layout, dtype: 'float32' }), p), `${layout} uniform`).toEqual(c.uniform);
        expect(kept(sobol(n, { ...o, layout, dtype: 'float64' }), p), `${layout} uniform_double`).toEqual(c.uniform_double);
        expect(kept(await sobolAsync(n, { ...o, layout, dtype: 'float64' }), p), `${layout} async`).toEqual(c.uniform_double);
      }
    });
  }

  it("the top 32 bits of scrambled Sobol64 words are the scrambled Sobol32 words (the scramble extends)", () => {
    const w32 = sobol(1000, { dims: 7, scramble: 'curand', dtype: 'uint32', offset: 12345 });
    const w64 = sobol(1000, { dims: 7, scramble: 'curand', dtype: 'uint64', offset: 12345 });
    expect(Array.from(w64, (w) => Number(w >> 32n))).toEqual(Array.from(w32));
  });
});
