/**
 * The WebAssembly alias-sampling path (lib/wasm/alias.ts) against the JavaScript loop it replaces
 * (lib/kernels/alias.ts, the specification): random rows (the kernel needs no valid table), many Lemire
 * rejections, odd and carrying offsets, several module calls per draw, the remembered-table cache.
 */
import { describe, expect, it } from 'vitest';
import { aliasSample } from '../lib/kernels/alias.js';
import { aliasSampleWasm, forgetAliasRows, WASM_ALIAS_MAX_ITEMS } from '../lib/wasm/alias.js';
import { wasmAvailable } from '../lib/core/wasm/philox.js';
import { rawBits } from '../lib/kernels/raw.js';

/** Random rows for N items: thresholds anywhere in [0, 2^32), aliases in [0, N). */
function rows(N: number, seed: number): Uint32Array {
  const r = new Uint32Array(2 * N);
  rawBits(seed, 77, 0, 0, r);
  for (let i = 1; i < 2 * N; i += 2) r[i] %= N;
  return r;
}

/** The fast kernel (where it applies; else the specification, as the CPU backend does) = the specification.
 *  Returns whether the fast kernel ran. */
function same(N: number, table: Uint32Array, n: number, lo: number, hi: number): boolean {
  const got = new Uint32Array(n);
  const want = new Uint32Array(n);
  const args = { k0: 0x243f6a88, k1: 0x85a308d3, lo, hi, params: { rows: table, n: N }, perElement: {} };
  const fast = aliasSampleWasm({ ...args, out: got });
  if (!fast) aliasSample(args.k0, args.k1, lo, hi, table, N, got);
  aliasSample(args.k0, args.k1, lo, hi, table, N, want);
  expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer)), `N=${N} n=${n} at ${hi}:${lo}`).toBe(true);
  return fast;
}

describe('alias sampling in WebAssembly', () => {
  it('is available here (else only the JS loop is tested)', () => {
    expect(wasmAvailable()).toBe(true);
  });

  it('equals the JS loop where rows are often rejected (N = 1047553: 2^32 mod N = N − 4)', () => {
    // ≈ 244 rejected row words per 10^6 draws, each finished by the per-element retry blocks.
    const N = 1047553;
    expect(N).toBeLessThanOrEqual(WASM_ALIAS_MAX_ITEMS);
    expect(same(N, rows(N, 1), 1_100_003, 7, 0)).toBe(true);  // more draws than items: the WASM path runs
  });

  it('equals the JS loop at odd, even and carrying offsets, across module calls', () => {
    const N = 70_001;
    const t = rows(N, 2);
    for (const [n, lo, hi] of [[70_001, 0, 0], [100_000, 3, 0], [8191 * 3 + 17, 0xfffffff0, 5], [65, 1, 0], [8192, 0xffffffff, 0]]) {
      same(N, t, n, lo, hi);
    }
  });

  it('small, power-of-two and single-item tables', () => {
    for (const N of [1, 2, 3, 1024, 1 << 16, 12_345]) same(N, rows(N, N), 4 * N + 100, 11, 2);
  });

  it('a remembered table is reused, and another table (same N) replaces it', () => {
    forgetAliasRows();
    const N = 5000;
    const a = rows(N, 3);
    const b = rows(N, 4);
    expect(same(N, a, 6000, 0, 0)).toBe(true);
    expect(same(N, a, 100, 9, 0)).toBe(true); // cached: fewer draws than items, still the WASM path
    expect(same(N, b, 6000, 0, 0)).toBe(true);
    expect(same(N, a, 6000, 1, 0)).toBe(true);
  });

  it('an uncached table with more items than draws, or above the size limit, uses the JS loop (same bits)', () => {
    forgetAliasRows();
    expect(same(3000, rows(3000, 5), 500, 0, 0)).toBe(false);
    const big = WASM_ALIAS_MAX_ITEMS + 1;
    expect(same(big, rows(big, 6), 3 * big, 0, 0)).toBe(false);
  });
});
