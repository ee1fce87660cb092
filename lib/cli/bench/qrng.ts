/**
 * cuRAND's other generators against the pseudorandom fills, side by side in one run: Sobol points
 * (raw words, cuRAND's uniform map, the normal transform, the keyed randomisation, both layouts) and
 * MRG32k3a bulk fills, next to Philox's bits / uniform / normal and XORWOW, all writing n values into a
 * reused output. With a usable GPU each CUDA fill gets a row of its own (host output).
 */
import { key, bits, uniform, normal, sobol, mrg32k3aFill, sobolAsync, Xorwow } from '../../index.js';
import { rate, type Context, type Suite } from './harness.js';

export const qrng: Suite = {
  name: 'qrng',
  summary: 'Sobol and MRG32k3a fills vs the pseudorandom fills (Philox, XORWOW)',
  async run(ctx: Context) {
    const n = ctx.quick ? 1 << 16 : 1 << 23;  // a multiple of every dims below
    const k = key(42);
    const u32 = new Uint32Array(n), f32 = new Float32Array(n), f64 = new Float64Array(n);
    const backends = ctx.cuda ? (['cpu', 'cuda'] as const) : (['cpu'] as const);
    const plan: [string, string, () => unknown][] = [];
    for (const backend of backends) {
      const at = backend === 'cpu' ? 'cpu, 1 thread' : 'cuda';
      plan.push(
        [`Philox bits (${at})`, 'uint32', () => bits(k, n, { out: u32, backend })],
        [`Philox uniform f64 (${at})`, 'float64', () => uniform(k, n, { out: f64, backend })],
        [`Philox normal f64 (${at})`, 'float64', () => normal(k, n, { out: f64, backend })],
        [`Sobol32 words, dims 16 (${at})`, 'uint32', () => sobol(n / 16, { dims: 16, dtype: 'uint32', out: u32, backend })],
        [`Sobol32 uniform f32, dims 16 (${at})`, 'float32', () => sobol(n / 16, { dims: 16, dtype: 'float32', out: f32, backend })],
        [`Sobol64 uniform f64, dims 16 (${at})`, 'float64', () => sobol(n / 16, { dims: 16, out: f64, backend })],
        [`Sobol64 uniform f64, dims 1024, dimension-major (${at})`, 'float64', () => sobol(n / 1024, { dims: 1024, layout: 'dimensions', out: f64, backend })],
        [`Sobol64 f64 + lms randomisation, dims 16 (${at})`, 'float64', () => sobol(n / 16, { dims: 16, key: k, out: f64, backend })],
        [`Sobol64 normal f64, dims 16 (${at})`, 'float64', () => sobol(n / 16, { dims: 16, transform: 'normal', out: f64, backend })],
        [`MRG32k3a curand() (${at})`, 'uint32', () => mrg32k3aFill(42, n, { out: u32, backend })],
        [`MRG32k3a curand_uniform_double() (${at})`, 'float64', () => mrg32k3aFill(42, n, { dtype: 'float64', out: f64, backend })],
      );
    }
    plan.push(['Sobol64 normal f64, dims 16 (cpu, worker pool)', 'float64', () => sobolAsync(n / 16, { dims: 16, transform: 'normal', out: f64, backend: 'cpu' })]);
    const x = new Xorwow(42);
    plan.push(['XORWOW Xorwow.fill (cpu)', 'uint32', () => x.fill(u32)]);
    ctx.progress.start('qrng', plan.length);
    const rows = [];
    for (const [name, what, f] of plan) rows.push([name, what, await rate(ctx, name, n, f)]);
    return {
      title: `Sobol and MRG32k3a vs the pseudorandom fills, n = ${n} values, best of 5 (M values/s)`,
      tables: [{ headers: ['fill', 'output', 'M/s'], rows }],
    };
  },
};
