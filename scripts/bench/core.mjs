// Raw stream and uniform throughput against JS peers, measured in the same run.
import { key, bits, uniform, bitsAsync, uniformAsync, shutdownPool } from 'cuda-random';
import * as cr from 'cuda-random';
import randu from '@stdlib/random-base-randu';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { rate, table, fmt } from './harness.mjs';

export async function run({ n = 1e7 } = {}) {
  const k = key(42);
  const u32 = new Uint32Array(n);
  const f32 = new Float32Array(n);
  const f64 = new Float64Array(n);
  const rows = [];
  const add = async (name, what, f) => rows.push([name, what, fmt(await rate(n, f))]);

  await add('cuda-random bits (cpu, 1 thread)', 'uint32', () => bits(k, n, { out: u32, backend: 'cpu' }));
  await add('cuda-random uniform f32 (cpu, 1 thread)', 'float32', () => uniform(k, n, { out: f32, backend: 'cpu' }));
  await add('cuda-random uniform f64 (cpu, 1 thread)', 'float64', () => uniform(k, n, { out: f64, backend: 'cpu' }));
  await add('cuda-random bitsAsync (cpu, worker pool)', 'uint32', () => bitsAsync(k, n, { out: u32, backend: 'cpu' }));
  await add('cuda-random uniformAsync f64 (cpu, worker pool)', 'float64', () => uniformAsync(k, n, { out: f64, backend: 'cpu' }));
  if (cr.Xorwow) {
    const x = new cr.Xorwow(42);
    await add('cuda-random Xorwow.fill (cuRAND XORWOW)', 'uint32', () => x.fill(u32));
  }
  await add('Math.random fill', 'float64', () => { for (let i = 0; i < n; i++) f64[i] = Math.random(); });
  await add('@stdlib/random-base-randu', 'float64', () => { for (let i = 0; i < n; i++) f64[i] = randu(); });
  const pr = xoroshiro128plus(42);
  await add('pure-rand xoroshiro128plus next()', 'uint32', () => { for (let i = 0; i < n; i++) u32[i] = pr.next(); });
  await add('pure-rand xoroshiro128plus uniformFloat64', 'float64', () => { for (let i = 0; i < n; i++) f64[i] = uniformFloat64(pr); });
  await shutdownPool();
  return { title: `Raw stream and uniform floats, n = ${n}, best of 5 (M values/s)`, text: table(rows, ['generator', 'output', 'M/s']) };
}
