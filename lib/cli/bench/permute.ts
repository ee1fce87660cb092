/**
 * Permutations and sampling without replacement against numpy's Generator (python3 with numpy, timed in
 * a child process of the same run, single thread) and a plain Fisher–Yates shuffle with Math.random:
 * permutation(10^6), choice(10^6, 10^3, replace=False) uniform and weighted, shuffle of 10^6 doubles; and
 * the O(k) cases of issue 31: choice(10^6, 10^4) and choice(10^8, 10), each replace=False.
 */
import { key, permutation, permutationAsync, sampleWithoutReplacement, shuffle } from '../../index.js';
import { bestMs, fmt, type Cell, type Context, type Suite } from './harness.js';
import { runPython } from './python.js';

const N = 1e6;
const K = 1e3;

/** numpy's best times in ms for the cases, or undefined (with a note) without python3 + numpy. */
function numpyTimes(ctx: Context, reps: number): Record<string, number> | undefined {
  const script = `
import json, timeit, numpy as np
rng = np.random.default_rng(7)
N, K, R = ${N}, ${K}, ${reps}
p = 1.0 / np.arange(1, N + 1); rng.shuffle(p); p /= p.sum()
x = rng.random(N)
cases = {
  'permutation': lambda: rng.permutation(N),
  'choice': lambda: rng.choice(N, K, replace=False),
  'weighted': lambda: rng.choice(N, K, replace=False, p=p),
  'choice1e4': lambda: rng.choice(N, 10**4, replace=False),
  'choice1e8': lambda: rng.choice(10**8, 10, replace=False),
  'shuffle': lambda: rng.permutation(x),
}
out = {}
per = {'choice': 20, 'choice1e4': 5, 'choice1e8': 200}
for name, f in cases.items():
  f()
  n = per.get(name, 1)
  out[name] = min(timeit.repeat(f, number=n, repeat=R)) / n * 1e3
out['version'] = np.__version__
print(json.dumps(out))
`;
  const r = runPython(ctx, script);
  if (r.status !== 0) {
    ctx.notes.push(`numpy not measured (python3 with numpy: ${(r.stderr || r.error?.message || 'failed').trim().split('\n').pop()})`);
    return undefined;
  }
  return JSON.parse(r.stdout) as Record<string, number>;
}

/** Fisher–Yates with Math.random: the textbook in-place shuffle, for scale. */
function fisherYates(n: number): Uint32Array {
  const a = new Uint32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

export const permuteSuite: Suite = {
  name: 'permute',
  summary: 'permutation, shuffle and sampling without replacement vs numpy and Fisher–Yates',
  async run(ctx: Context) {
    const reps = ctx.quick ? 1 : 5;
    const cpu = { backend: 'cpu' as const };
    const k = key(7);
    const w = new Float64Array(N);
    for (let i = 0; i < N; i++) w[i] = 1 / (((i * 7919) % N) + 1);
    const x = new Float64Array(N).map((_, i) => i / N);
    ctx.progress.start('permute', 9 + (ctx.cuda ? 3 : 0));
    const np = numpyTimes(ctx, reps);
    const rows: Cell[][] = [];
    // per: calls per timing, for the microsecond ones (one call alone would time unoptimised code and the timer)
    const add = async (what: string, npCase: string | null, f: () => unknown, per = 1) => {
      const batch = per === 1 ? f : () => { for (let i = 0; i < per; i++) f(); };
      const ms = (await bestMs(ctx, what, batch, reps)) / per;
      const ref = npCase && np ? np[npCase] : NaN;
      rows.push([what, ms, ref, Number.isNaN(ref) ? '–' : `${fmt(ref / ms)}×`]);
    };
    await add('permutation(10^6) (1 thread)', 'permutation', () => permutation(k, N, cpu));
    await add('permutationAsync(10^6)', 'permutation', () => permutationAsync(k, N, cpu));
    if (ctx.cuda) await add('permutation(10^6) (cuda)', 'permutation', () => permutation(k, N, { backend: 'cuda' }));
    await add('Fisher–Yates + Math.random (10^6)', 'permutation', () => fisherYates(N));
    const few = (kk: number, population: number) => () => sampleWithoutReplacement(k, kk, { ...cpu, population });
    await add('sampleWithoutReplacement(10^3 of 10^6)', 'choice', few(K, N), 20);
    if (ctx.cuda) await add('… (cuda)', 'choice', () => sampleWithoutReplacement(k, K, { backend: 'cuda', population: N }));
    await add('sampleWithoutReplacement(10^4 of 10^6)', 'choice1e4', few(1e4, N), 5);
    await add('sampleWithoutReplacement(10 of 10^8)', 'choice1e8', few(10, 1e8), 200);
    await add('sampleWithoutReplacement(10^3, 10^6 weights)', 'weighted', () => sampleWithoutReplacement(k, K, { ...cpu, weights: w }));
    if (ctx.cuda) await add('… weighted (cuda)', 'weighted', () => sampleWithoutReplacement(k, K, { backend: 'cuda', weights: w }));
    await add('shuffle(10^6 doubles)', 'shuffle', () => shuffle(k, x, cpu));
    return {
      title: `Permutations and sampling without replacement, best of ${reps}`,
      tables: [{ headers: ['call', 'ms', 'numpy ms', 'vs numpy'], rows }],
      notes: `numpy ${np?.version ?? '(not measured)'}: default_rng (PCG64), permutation / choice(replace=False[, p]) / ` +
        'permutation(x), single thread, timed by python3 in the same run. "vs numpy" = numpy time / this time. ' +
        'Weights: a shuffled power law (exponent 1).',
    };
  },
};
