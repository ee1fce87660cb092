/** `cuda-random demo` (and `npm run demo`): a compact, real sampling report on the best backend. */
import * as cr from '../index.js';
import { shutdownPool } from '../pool.js';

export interface DemoOptions {
  n: number;
}

interface Row { name: string; mean: number; sd: number; expectMean: number; expectSd: number; mps: number; note: string }

function moments(a: ArrayLike<number>): [number, number] {
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < a.length; i++) { s += a[i]; s2 += a[i] * a[i]; }
  const m = s / a.length;
  return [m, Math.sqrt(Math.max(0, s2 / a.length - m * m))];
}

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, (performance.now() - t) / 1e3];
}

export async function demo({ n }: DemoOptions): Promise<Row[]> {
  const info = cr.backend();
  console.log(`cuda-random demo — backend: ${info.name} (${info.reason})\n`);
  const root = cr.key(2026);
  const [kBits, kU, kU32] = cr.split(root, 3);
  const rows: Row[] = [];
  const add = (name: string, a: ArrayLike<number>, secs: number, expectMean: number, expectSd: number, note = '') => {
    const [mean, sd] = moments(a);
    rows.push({ name, mean, sd, expectMean, expectSd, mps: a.length / secs / 1e6, note });
  };

  const [w, tw] = timed(() => cr.bits(kBits, n));
  const u01 = Float64Array.from(w, (x) => x / 2 ** 32);
  add('bits (uint32 / 2^32)', u01, tw, 0.5, Math.sqrt(1 / 12));
  const [u, tu] = timed(() => cr.uniform(kU, n));
  add('uniform float64 [0,1)', u, tu, 0.5, Math.sqrt(1 / 12));
  const [u32, tu32] = timed(() => cr.uniform(kU32, n, { dtype: 'float32', low: -1, high: 1 }));
  add('uniform float32 [-1,1)', u32, tu32, 0, Math.sqrt(1 / 3));

  const head = `${'distribution'.padEnd(28)} ${'mean'.padStart(9)} ${'(expect)'.padStart(9)} ${'sd'.padStart(8)} ${'(expect)'.padStart(9)} ${'M/s'.padStart(7)}`;
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const r of rows) {
    console.log(`${r.name.padEnd(28)} ${r.mean.toFixed(4).padStart(9)} ${r.expectMean.toFixed(4).padStart(9)} ${r.sd.toFixed(4).padStart(8)} ${r.expectSd.toFixed(4).padStart(9)} ${r.mps.toFixed(1).padStart(7)}${r.note ? '  ' + r.note : ''}`);
  }

  const chunked = new Float64Array(n);
  for (let at = 0; at < n; at += 65_536) cr.uniform(kU, Math.min(65_536, n - at), { offset: at, out: chunked.subarray(at) });
  const async = await cr.uniformAsync(kU, n);
  console.log(`\nchunked generation reproduces the single call: ${chunked.every((x, i) => x === u[i])}`);
  console.log(`worker-thread (async) generation reproduces it: ${async.every((x, i) => x === u[i])}`);
  await shutdownPool();
  return rows;
}
