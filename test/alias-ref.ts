/**
 * Slow, independent reference forms of docs/alias.md for the tests: exact rationals and bigints, the
 * sequential sweep with a running residual (not the prefix-sum/section form of lib/alias/psa.ts), and
 * the per-element sampling rule written straight from the text.
 */
import { philox4x32 } from 'cuda-random';

export const C = 1n << 32n;
const TAG_ALIAS = 5;

/** A finite double ≥ 0 as an exact integer multiple of 2^-1074. */
export function exactScaled(w: number): bigint {
  if (w === 0) return 0n;
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, w);
  const hi = dv.getUint32(0);
  const lo = dv.getUint32(4);
  const ef = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (ef !== 0) m |= 1n << 52n;
  return m << BigInt(ef === 0 ? 0 : ef - 1);
}

/** W_i as bigints from the library's uint32 halves. */
export function bigUnits(hi: Uint32Array, lo: Uint32Array): bigint[] {
  return Array.from(hi, (h, i) => (BigInt(h) << 32n) + BigInt(lo[i]));
}

type Row = [threshold: number, alias: number];

/**
 * The sequential sweep over `items` (index order) with effective weights `w` (Σ = items.length·C),
 * written with a running residual R of the current heavy item. Writes rows[item].
 */
export function refSweep(items: number[], w: bigint[], rows: Row[]): void {
  const lights: number[] = [];
  const heavies: number[] = [];
  items.forEach((it, k) => (w[k] <= C ? lights : heavies).push(k));
  let i = 0;
  let j = 0;
  let R = heavies.length ? w[heavies[0]] : 0n;
  while (j < heavies.length) {
    if (R > C) {
      if (i === lights.length) throw new Error('ref: ran out of light items');
      const k = lights[i++];
      const it = items[k];
      rows[it] = w[k] === C ? [0, it] : [Number(w[k]), items[heavies[j]]];
      R -= C - w[k];
    } else {
      const it = items[heavies[j]];
      if (R === C) rows[it] = [0, it];
      else {
        if (j + 1 === heavies.length) throw new Error('ref: last heavy item partial');
        rows[it] = [Number(R), items[heavies[j + 1]]];
      }
      j++;
      if (j < heavies.length) R = w[heavies[j]] - (C - R);
    }
  }
  for (; i < lights.length; i++) {
    const k = lights[i];
    if (w[k] !== C) throw new Error('ref: light item left with a deficit');
    rows[items[k]] = [0, items[k]];
  }
}

export function refPsa(W: bigint[]): Row[] {
  const rows: Row[] = new Array(W.length);
  refSweep(W.map((_, i) => i), W, rows);
  return rows;
}

/** PSA+: the stopped local sweep per group of `group` items, then the sweep over what is left. */
export function refPsaPlus(W: bigint[], group = 1024): Row[] {
  const n = W.length;
  const rows: Row[] = new Array(n);
  const leftItems: number[] = [];
  const leftW: bigint[] = [];
  for (let base = 0; base < n; base += group) {
    const ids: number[] = [];
    for (let i = base; i < Math.min(n, base + group); i++) ids.push(i);
    const lights = ids.filter((i) => W[i] <= C);
    const heavies = ids.filter((i) => W[i] > C);
    const packed = new Set<number>();
    let partial = -1;
    let R = 0n;
    if (lights.length && heavies.length) {
      let a = 0;
      let b = 0;
      R = W[heavies[0]];
      for (;;) {
        if (R > C) {
          if (a === lights.length) { partial = heavies[b]; break; }
          const l = lights[a++];
          packed.add(l);
          rows[l] = W[l] === C ? [0, l] : [Number(W[l]), heavies[b]];
          R -= C - W[l];
        } else if (R === C) {
          const h = heavies[b++];
          packed.add(h);
          rows[h] = [0, h];
          if (b === heavies.length) break;
          R = W[heavies[b]];
        } else {
          if (b + 1 === heavies.length) { partial = heavies[b]; break; }
          const h = heavies[b++];
          packed.add(h);
          rows[h] = [Number(R), heavies[b]];
          R = W[heavies[b]] - (C - R);
        }
      }
    }
    for (const i of ids) {
      if (packed.has(i)) continue;
      leftItems.push(i);
      leftW.push(i === partial ? R : W[i]);
    }
  }
  refSweep(leftItems, leftW, rows);
  return rows;
}

export function rowsToArray(rows: Row[]): number[] {
  return rows.flatMap((r) => r);
}

/** (row, coin) of stream element e, straight from docs/alias.md, "Sampling". */
export function refRowCoin(key: readonly number[], e: bigint, N: number): [number, number] {
  // Words 2e and 2e + 1 of the stream with counter (lo(b), hi(b), 0, TAG_ALIAS): block b = e >> 1.
  const b = e >> 1n;
  const lane = Number(e & 1n);
  const blk = philox4x32([Number(b & 0xffffffffn), Number(b >> 32n), 0, TAG_ALIAS], key);
  const coin = blk[2 * lane + 1];
  const t = (1n << 32n) % BigInt(N);
  const accept = (x: number): number | null => {
    const m = BigInt(x) * BigInt(N);
    return (m & 0xffffffffn) < t ? null : Number(m >> 32n);
  };
  let r = accept(blk[2 * lane]);
  for (let c = 1; r === null; c++) {
    const q = philox4x32([Number(e & 0xffffffffn), Number(e >> 32n), c, TAG_ALIAS], key);
    for (let j = 0; j < 4 && r === null; j++) r = accept(q[j]);
  }
  return [r, coin];
}

export function refAliasItem(key: readonly number[], e: bigint, rows: ArrayLike<number>, N: number): number {
  const [r, y] = refRowCoin(key, e, N);
  return y < rows[2 * r] ? r : rows[2 * r + 1];
}

export function refCdfItem(key: readonly number[], e: bigint, W: bigint[]): number {
  const [r, y] = refRowCoin(key, e, W.length);
  const u = (BigInt(r) << 32n) + BigInt(y);
  let acc = 0n;
  let best = 0;
  for (let i = 0; i < W.length; i++) {
    if (acc <= u) best = i;
    acc += W[i];
  }
  return best;
}
