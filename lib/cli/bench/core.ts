/** Raw stream and uniform throughput against JS peers (Math.random, @stdlib, pure-rand) and numpy's
 *  Generator (single-threaded, into preallocated arrays like ours), in one run. */
import { key, bits, uniform, bitsAsync, uniformAsync, Xorwow } from '../../index.js';
import { peer, rate, type Cell, type Context, type Suite } from './harness.js';
import { numpyRates } from './python.js';

/** numpy's counterpart of each output: [row name, expression over n values]. */
const NUMPY: Record<string, [string, string]> = {
  uint32: ['numpy Generator.integers(0, 2**32, dtype=uint32)', 'g.integers(0, 2**32, size=n, dtype=np.uint32)'],
  float32: ['numpy Generator.random(dtype=float32, out=)', 'g.random(dtype=np.float32, out=b32)'],
  float64: ['numpy Generator.random(out=)', 'g.random(out=b64)'],
  'float64 new': ['numpy Generator.random(n) (new array each call)', 'g.random(n)'],
};

export const core: Suite = {
  name: 'core',
  summary: 'raw stream and uniform floats vs Math.random, @stdlib, pure-rand, numpy',
  async run(ctx: Context) {
    const n = ctx.quick ? 1e5 : 1e7;
    const k = key(42);
    const u32 = new Uint32Array(n);
    const f32 = new Float32Array(n);
    const f64 = new Float64Array(n);
    const randu = await peer(ctx, '@stdlib/random-base-randu');
    const xoroshiro = await peer(ctx, 'pure-rand/generator/xoroshiro128plus', 'xoroshiro128plus');
    const uniformFloat64 = await peer(ctx, 'pure-rand/distribution/uniformFloat64', 'uniformFloat64');
    const backends = ctx.cuda ? (['cpu', 'cuda'] as const) : (['cpu'] as const);
    const plan: [string, string, () => unknown][] = [];
    for (const backend of backends) {
      const where = backend === 'cpu' ? 'cpu, 1 thread' : 'cuda';
      plan.push(
        [`cuda-random bits (${where})`, 'uint32', () => bits(k, n, { out: u32, backend })],
        [`cuda-random uniform f32 (${where})`, 'float32', () => uniform(k, n, { out: f32, backend })],
        [`cuda-random uniform f64 (${where})`, 'float64', () => uniform(k, n, { out: f64, backend })],
      );
    }
    // a new output array per call, as `uniform(key, n)` without `out` makes one: its first touch
    // page-faults (docs/performance.md, "Fresh outputs")
    plan.push(['cuda-random uniform f64 (cpu, 1 thread, new array each call)', 'float64 new', () => uniform(k, n, { backend: 'cpu' })]);
    plan.push(
      ['cuda-random bitsAsync (cpu, worker pool)', 'uint32', () => bitsAsync(k, n, { out: u32, backend: 'cpu' })],
      ['cuda-random uniformAsync f64 (cpu, worker pool)', 'float64', () => uniformAsync(k, n, { out: f64, backend: 'cpu' })],
    );
    const x = new Xorwow(42);
    plan.push(['cuda-random Xorwow.fill (cuRAND XORWOW)', 'uint32', () => x.fill(u32)]);
    plan.push(['Math.random fill', 'float64', () => { for (let i = 0; i < n; i++) f64[i] = Math.random(); }]);
    if (randu) plan.push(['@stdlib/random-base-randu', 'float64', () => { for (let i = 0; i < n; i++) f64[i] = randu(); }]);
    if (xoroshiro && uniformFloat64) {
      const pr = xoroshiro(42);
      plan.push(
        ['pure-rand xoroshiro128plus next()', 'uint32', () => { for (let i = 0; i < n; i++) u32[i] = pr.next(); }],
        ['pure-rand xoroshiro128plus uniformFloat64', 'float64', () => { for (let i = 0; i < n; i++) f64[i] = uniformFloat64(pr); }],
      );
    }
    ctx.progress.start('core', plan.length);
    // numpy first, in one python3 process (PCG64, one thread, writing into preallocated arrays where
    // its API allows: random(out=); integers has no out)
    const kinds = Object.keys(NUMPY);
    const np = numpyRates(ctx, kinds.map((d) => NUMPY[d][1]), n, 5,
      'b64 = np.empty(n)\nb32 = np.empty(n, dtype=np.float32)');
    const numpy = Object.fromEntries(kinds.map((d, i) => [d, np[i]]));
    const rows: Cell[][] = [];
    for (const [name, what, f] of plan) {
      const r = await rate(ctx, name, n, f);
      const p = name.startsWith('cuda-random') && !name.includes('Xorwow') ? numpy[what] : undefined;
      rows.push([name, what, r, p === undefined ? '–' : `${(r / p).toFixed(2)}×`]);
    }
    for (const d of kinds) if (numpy[d] !== undefined) rows.push([NUMPY[d][0], d, numpy[d]!, '1×']);
    return {
      title: `Raw stream and uniform floats, n = ${n}, best of 5 (M values/s)`,
      tables: [{ headers: ['generator', 'output', 'M/s', 'vs numpy'], rows }],
      notes: 'numpy: Generator (PCG64) in a python3 child of the same run, single-threaded; "vs numpy" compares each ' +
        'cuda-random row (the pool rows too) with numpy\'s rate for the same output.',
    };
  },
};
