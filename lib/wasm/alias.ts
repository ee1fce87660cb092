/**
 * WebAssembly fast path of alias-table sampling (docs/alias.md, "Sampling"), bit-identical to the JS loop of
 * lib/kernels/alias.ts: the Philox fill writes the alias stream's words into the module's memory, the
 * module's alias_pick loop maps each (row word, coin) pair to an item there, and JavaScript only
 * copies the items out and finishes the rare Lemire-rejected elements (marked 0xFFFFFFFF).
 *
 * The rows must be in the module's memory. They are copied in (8 bytes per item) and remembered by
 * identity, so repeated calls with the same table — the main thread's usual case — copy once. Tables
 * are immutable, which makes the identity check sound. The last rows are held strongly (at most
 * 8 MiB, the size of their copy in the module): a WeakRef keeps its target alive until the current
 * job ends, so a synchronous loop of categorical calls, each with fresh rows, kept every one of them
 * (460 MiB after 20,000 calls of 3,000 weights). A copy is only worth it when it is cheaper than
 * what it saves, so an uncached table is copied only when it has no more items than the call has
 * draws; and no table above WASM_ALIAS_MAX_ITEMS is copied, because the module's memory never shrinks.
 */
import { CHUNK_BLOCKS, SCRATCH, wasmAvailable, wasmExports } from '../core/wasm/philox.js';
import { TAG_ALIAS } from '../core/layout.js';
import type { KernelArgs } from '../core/job.js';
import { retryAt } from '../kernels/alias.js';

/** Largest table copied into the module's memory: 2^20 items, 8 MiB of rows. */
export const WASM_ALIAS_MAX_ITEMS = 1 << 20;
/** Fewest draws per call worth the module round trips. */
const MIN_DRAWS = 64;
/** Elements per module call: the scratch holds 2·CHUNK_BLOCKS elements' words, one kept for an odd start. */
const CHUNK = 2 * CHUNK_BLOCKS - 1;
/** Byte offsets in the module's memory: the words scratch, then the items, then the rows. */
const OUT = SCRATCH + 16 * CHUNK_BLOCKS;
const ROWS = OUT + 4 * (CHUNK + 1);

let cached: Uint32Array | null = null;

/**
 * The aliasSample op's fast kernel: out[i] = item of alias-stream element (hi:lo) + i under the table
 * params.rows ([threshold, alias] × n); false (nothing written) when the JS loop should run.
 */
export function aliasSampleWasm({ k0, k1, lo, hi, params, out: o }: KernelArgs): boolean {
  const out = o as Uint32Array;
  const rows = params.rows as Uint32Array;
  const n = params.n as number;
  const count = out.length;
  if (count < MIN_DRAWS || n > WASM_ALIAS_MAX_ITEMS || !wasmAvailable()) return false;
  const hit = cached === rows;
  if (!hit && n > count) return false;
  const ex = wasmExports(ROWS + 8 * n);
  const mem = ex.memory.buffer;
  if (!hit) {
    new Uint32Array(mem, ROWS, 2 * n).set(rows.subarray(0, 2 * n));
    cached = rows;
  }
  const items = new Uint32Array(mem, OUT, CHUNK);
  const t = 4294967296 % n;
  for (let s = 0; s < count; s += CHUNK) {
    const m = Math.min(CHUNK, count - s);
    const l = (lo + s) >>> 0;
    const h = (hi + (l < lo ? 1 : 0)) >>> 0;
    // Element e uses words 2e, 2e + 1: block e >> 1 (64-bit), lanes 2(e & 1), 2(e & 1) + 1.
    const odd = l & 1;
    ex.fill(k0, k1, 0, TAG_ALIAS, ((l >>> 1) | (h << 31)) >>> 0, h >>> 1, (odd + m + 1) >>> 1, SCRATCH);
    const rejected = ex.alias_pick(n, t, m, SCRATCH + 8 * odd, ROWS, OUT);
    if (rejected > 0) {
      // The retry replaces the row word only; the coin y (word 2e + 1) and the table decide as usual.
      const pairs = new Uint32Array(mem, SCRATCH + 8 * odd, 2 * m);
      for (let i = 0; i < m; i++) {
        if (items[i] !== 0xffffffff) continue;
        const r = retryAt(k0, k1, l, h, i, n, t);
        items[i] = pairs[2 * i + 1] < rows[2 * r] ? r : rows[2 * r + 1];
      }
    }
    out.set(m === CHUNK ? items : items.subarray(0, m), s);
  }
  return true;
}

/** Forgets the remembered table (tests). */
export function forgetAliasRows(): void {
  cached = null;
}
