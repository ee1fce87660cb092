/**
 * Alias-table construction from fixed-point weights by PSA and PSA+ (Hübschle-Schneider & Sanders,
 * "Parallel Weighted Random Sampling"; Lehmann, Hübschle-Schneider & Sanders, "Weighted Random
 * Sampling on GPUs"), in exact integer arithmetic. docs/alias.md, "Classification and the closed form of the sweep" to
 * "PSA and PSA+" is the prose form.
 *
 * Units: a bucket holds C = 2^32. An item is light when W ≤ C (deficit d = C − W), heavy when W > C
 * (excess e = W − C). Lights λ_0 < λ_1 < … and heavies η_0 < η_1 < … are in index order; D(l) and
 * E(h) are the exclusive prefix sums of deficits and excesses (64-bit, kept as uint32 halves).
 * Σd = Σe because Σ W = N·C.
 *
 * The sweep merges the two lists: light l comes before heavy h exactly when D(l) < E(h+1). Then
 *   light l  →  row λ_l = (W, η_h)  where E(h) ≤ D(l) < E(h+1)   (the heavy current in the merge)
 *   heavy h  →  row η_h = (C − δ, η_{h+1}),  δ = D(l) − E(h+1) ∈ [0, C), l = lights merged before it
 * and a full bucket (W = C, or δ = 0) is written canonically as (0, itself). Every row is a closed-form
 * function of the prefix sums, so sections of the merged sequence are packed independently (their
 * start (l, h) found by binary search: the merge path) and the table does not depend on the section
 * size; the TypeScript backend packs the sections one after another, a GPU packs them in parallel.
 *
 * PSA+ first runs the sequential sweep inside each group of PLUS_GROUP consecutive items, stopping as
 * soon as the group runs out of lights or heavies; what is left (one item possibly with a reduced
 * residual weight) then goes through PSA as above.
 */

import { tempSlot } from '../core/temp.js';

/** Merged positions per section (the pack granularity; the table does not depend on it). */
export const SECTION_SIZE = 4096;
/** Items per PSA+ pre-pass group (the table does depend on it: part of the format). */
export const PLUS_GROUP = 1024;

const C = 2 ** 32;

/** Reused temporaries (lib/core/temp.ts), one per use: PSA's lists and prefix sums, PSA+'s group lists
 *  and packed flags, and its leftover items (read by the PSA pass that follows, never kept). */
const psaSlot = tempSlot(Uint32Array, 3 << 14);
const groupSlot = tempSlot(Uint32Array, 2 * PLUS_GROUP);
const packedSlot = tempSlot(Uint8Array, PLUS_GROUP);
const leftSlot = tempSlot(Uint32Array, 3 << 14);

export type PsaMethod = 'psa' | 'psa+';

/** rows[2r] = threshold, rows[2r+1] = alias, for r in [0, n); in a SharedArrayBuffer for the pool. */
export function allocRows(n: number): Uint32Array {
  return new Uint32Array(new SharedArrayBuffer(8 * n));
}

/**
 * Builds the rows for fixed-point weights W_i = hi[i]·2^32 + lo[i] with Σ W_i = n·2^32 (not checked
 * here). `sectionSize` exists for tests (any value ≥ 1 gives the same table).
 */
export function buildRows(
  hi: Uint32Array, lo: Uint32Array, method: PsaMethod,
  rows: Uint32Array = allocRows(hi.length), sectionSize = SECTION_SIZE,
): Uint32Array {
  const n = hi.length;
  if (method === 'psa') {
    psaGlobal(n, null, hi, lo, rows, sectionSize);
  } else {
    const left = plusPrepass(hi, lo, rows);
    psaGlobal(left.count, left.idx, left.hi, left.lo, rows, sectionSize);
  }
  return rows;
}

/**
 * PSA over `m` participating items in index order: item k is idx[k] (or k when idx is null) with
 * effective weight wh[k]·2^32 + wl[k]; the effective weights sum to m·C.
 */
function psaGlobal(
  m: number, idx: Uint32Array | null, wh: Uint32Array, wl: Uint32Array, rows: Uint32Array, sectionSize: number,
): void {
  if (m === 0) return;
  // Classification (a GPU does this with a partition/scan; here: count, then fill in order).
  let L = 0;
  for (let k = 0; k < m; k++) {
    const h = wh[k];
    if (h === 0 || (h === 1 && wl[k] === 0)) L++;
  }
  const H = m - L;
  // One reused temporary (lib/core/temp.ts) cut into the six lists: 3m + 4 words.
  const t = psaSlot(3 * m + 4);
  const lights = t.subarray(0, L);
  const heavies = t.subarray(L, m);
  const Dh = t.subarray(m, m + L + 1);
  const Dl = t.subarray(m + L + 1, m + 2 * L + 2);
  const Eh = t.subarray(m + 2 * L + 2, m + 2 * L + H + 3);
  const El = t.subarray(m + 2 * L + H + 3, 3 * m + 4);
  let l = 0;
  let h = 0;
  let dh = 0;
  let dl = 0;
  let eh = 0;
  let el = 0;
  for (let k = 0; k < m; k++) {
    const wH = wh[k];
    const wL = wl[k];
    const item = idx === null ? k : idx[k];
    if (wH === 0 || (wH === 1 && wL === 0)) {
      lights[l++] = item;
      dl += wH === 1 ? 0 : C - wL; // deficit in [0, 2^32]
      if (dl >= C) {
        dl -= C;
        dh++;
      }
      Dh[l] = dh;
      Dl[l] = dl;
    } else {
      heavies[h++] = item;
      eh += wH - 1;
      el += wL;
      if (el >= C) {
        el -= C;
        eh++;
      }
      Eh[h] = eh;
      El[h] = el;
    }
  }
  if (dh !== eh || dl !== el) throw new Error('internal: deficits and excesses differ (weights do not sum to N·2^32)');

  const P = L + H;
  const S = Math.max(1, Math.floor(sectionSize));
  for (let p0 = 0; p0 < P; p0 += S) {
    // Merge path: the smallest l in [max(0, p0−H), min(p0, L)] with D(l) ≥ E(p0 − l).
    let a = Math.max(0, p0 - H);
    let b = Math.min(p0, L);
    while (a < b) {
      const mid = (a + b) >>> 1;
      const j = p0 - mid;
      if (Dh[mid] > Eh[j] || (Dh[mid] === Eh[j] && Dl[mid] >= El[j])) b = mid;
      else a = mid + 1;
    }
    packSection(a, p0 - a, Math.min(S, P - p0), lights, heavies, Dh, Dl, Eh, El, rows);
  }
}

/** Packs `count` merged positions starting with light l and heavy h. */
function packSection(
  l: number, h: number, count: number,
  lights: Uint32Array, heavies: Uint32Array,
  Dh: Uint32Array, Dl: Uint32Array, Eh: Uint32Array, El: Uint32Array, rows: Uint32Array,
): void {
  const L = lights.length;
  const H = heavies.length;
  // D(l) and E(h+1), kept in locals as the merge advances.
  let dH = Dh[l];
  let dL = Dl[l];
  let eH = h < H ? Eh[h + 1] : 0;
  let eL = h < H ? El[h + 1] : 0;
  for (let step = 0; step < count; step++) {
    let light: boolean;
    if (l === L) light = false;
    else if (h === H) light = true;
    else light = dH < eH || (dH === eH && dL < eL);
    if (light) {
      const item = lights[l];
      const nH = Dh[l + 1];
      const nL = Dl[l + 1];
      const d = (nH - dH) * C + (nL - dL);
      if (d === 0) {
        rows[2 * item] = 0;
        rows[2 * item + 1] = item;
      } else {
        if (h === H) throw new Error('internal: light item with a deficit after the last heavy');
        rows[2 * item] = C - d;
        rows[2 * item + 1] = heavies[h];
      }
      l++;
      dH = nH;
      dL = nL;
    } else {
      const item = heavies[h];
      const delta = (dH - eH) * C + (dL - eL);
      if (delta < 0 || delta >= C) throw new Error('internal: heavy residual outside (0, C]');
      if (delta === 0) {
        rows[2 * item] = 0;
        rows[2 * item + 1] = item;
      } else {
        if (h + 1 === H) throw new Error('internal: last heavy item left a partial bucket');
        rows[2 * item] = C - delta;
        rows[2 * item + 1] = heavies[h + 1];
      }
      h++;
      if (h < H) {
        eH = Eh[h + 1];
        eL = El[h + 1];
      }
    }
  }
}

interface Leftover {
  count: number;
  idx: Uint32Array;
  hi: Uint32Array;
  lo: Uint32Array;
}

/**
 * The PSA+ pre-pass: within each group of PLUS_GROUP items, the sequential sweep over the group's own
 * lights and heavies (index order), stopped when it needs an item the group lacks. Returns the items
 * left for PSA, in index order, with their effective weights.
 */
function plusPrepass(hi: Uint32Array, lo: Uint32Array, rows: Uint32Array): Leftover {
  const n = hi.length;
  const G = PLUS_GROUP;
  const gl = groupSlot(2 * G);  // reused temporaries (lib/core/temp.ts); the leftover lists live until
  const gh = gl.subarray(G);    // buildRows' psaGlobal has read them
  const packed = packedSlot(G);
  const t = leftSlot(3 * n);
  const idx = t.subarray(0, n);
  const oh = t.subarray(n, 2 * n);
  const ol = t.subarray(2 * n, 3 * n);
  let count = 0;
  for (let base = 0; base < n; base += G) {
    const end = Math.min(n, base + G);
    let nl = 0;
    let nh = 0;
    for (let i = base; i < end; i++) {
      const wH = hi[i];
      if (wH === 0 || (wH === 1 && lo[i] === 0)) gl[nl++] = i;
      else gh[nh++] = i;
    }
    packed.fill(0);
    let partial = -1;
    let rh = 0;
    let rl = 0;
    if (nl > 0 && nh > 0) {
      let a = 0;
      let b = 0;
      rh = hi[gh[0]];
      rl = lo[gh[0]];
      for (;;) {
        if (rh > 1 || (rh === 1 && rl > 0)) {
          // Current heavy still has more than a bucket: it fills the next light's bucket.
          if (a === nl) {
            partial = gh[b];
            break;
          }
          const item = gl[a++];
          packed[item - base] = 1;
          if (hi[item] === 1) {
            rows[2 * item] = 0;
            rows[2 * item + 1] = item;
          } else {
            rows[2 * item] = lo[item];
            rows[2 * item + 1] = gh[b];
            rl -= C - lo[item];
            if (rl < 0) {
              rl += C;
              rh--;
            }
          }
        } else if (rh === 1) {
          // Exactly one bucket left: the heavy's own bucket is full.
          const item = gh[b++];
          packed[item - base] = 1;
          rows[2 * item] = 0;
          rows[2 * item + 1] = item;
          if (b === nh) break;
          rh = hi[gh[b]];
          rl = lo[gh[b]];
        } else {
          // Less than a bucket left: the next heavy tops the bucket up.
          if (b + 1 === nh) {
            partial = gh[b];
            break;
          }
          const item = gh[b++];
          packed[item - base] = 1;
          rows[2 * item] = rl;
          rows[2 * item + 1] = gh[b];
          rl += lo[gh[b]];
          rh = hi[gh[b]] - 1;
          if (rl >= C) {
            rl -= C;
            rh++;
          }
        }
      }
    }
    for (let i = base; i < end; i++) {
      if (packed[i - base]) continue;
      idx[count] = i;
      if (i === partial) {
        oh[count] = rh;
        ol[count] = rl;
      } else {
        oh[count] = hi[i];
        ol[count] = lo[i];
      }
      count++;
    }
  }
  return { count, idx, hi: oh, lo: ol };
}

/**
 * The units each item receives from the rows (threshold to the row's own item, C − threshold to its
 * alias), as exact uint32 halves; also checks the rows' shape. Throws on the first malformed row.
 */
export function unitsFromRows(rows: Uint32Array, n: number): { hi: Uint32Array; lo: Uint32Array } {
  const uh = new Uint32Array(n);
  const ul = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const t = rows[2 * r];
    const a = rows[2 * r + 1];
    if (a >= n) throw new RangeError(`row ${r}: alias ${a} is not an item index (size ${n})`);
    if (a === r && t !== 0) throw new RangeError(`row ${r}: a full bucket must have threshold 0, got ${t}`);
    let v = ul[r] + t;
    if (v >= C) {
      v -= C;
      uh[r]++;
    }
    ul[r] = v;
    v = ul[a] + (C - t);
    if (v >= C) {
      v -= C;
      uh[a]++;
    }
    ul[a] = v;
  }
  return { hi: uh, lo: Uint32Array.from(ul) };
}
