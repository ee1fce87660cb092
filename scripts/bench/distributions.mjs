// Distribution samplers (TypeScript backend) next to the @stdlib JS samplers, in one run: single thread
// (sync) at n, the worker pool (async) at asyncN, and the cost of gamma's `proposals` M (same output
// for every M). The @stdlib generators fill a Float64Array in a loop, their natural use.
import stdNormal from '@stdlib/random-base-normal';
import stdBoxMuller from '@stdlib/random-base-box-muller';
import stdGamma from '@stdlib/random-base-gamma';
import stdBeta from '@stdlib/random-base-beta';
import stdExponential from '@stdlib/random-base-exponential';
import {
  key, normal, normalAsync, gamma, gammaAsync, beta, betaAsync, dirichlet, dirichletAsync, exponential,
  exponentialAsync, shutdownPool,
} from 'cuda-random';
import { rate, table, fmt } from './harness.mjs';

// n and asyncN are multiples of 3 so that Dirichlet rows of 3 fill the same outputs.
export async function run({ n = 2_100_000, asyncN = 9_999_999, reps = 5 } = {}) {
  const k = key(12345);
  const f64 = new Float64Array(Math.max(n, asyncN));
  const f32 = new Float32Array(Math.max(n, asyncN));
  const fill = (gen) => (m) => { for (let i = 0; i < m; i++) f64[i] = gen(); };
  const cpu = { backend: 'cpu' };
  const o64 = (m) => ({ ...cpu, out: f64.subarray(0, m) });
  const o32 = (m) => ({ ...cpu, dtype: 'float32', out: f32.subarray(0, m) });
  const DIR = [1, 2, 3];
  const rows = [
    // label, sync(m), async(m), peer label, peer(m)
    ['normal box-muller float64', (m) => normal(k, m, o64(m)), (m) => normalAsync(k, m, o64(m)), '@stdlib normal', fill(() => stdNormal(0, 1))],
    ['normal box-muller float32', (m) => normal(k, m, o32(m)), (m) => normalAsync(k, m, o32(m)), '@stdlib normal'],
    ['normal polar float64', (m) => normal(k, m, { ...o64(m), method: 'polar' }), (m) => normalAsync(k, m, { ...o64(m), method: 'polar' }), '@stdlib box-muller', fill(() => stdBoxMuller())],
    ['normal polar float32', (m) => normal(k, m, { ...o32(m), method: 'polar' }), (m) => normalAsync(k, m, { ...o32(m), method: 'polar' }), '@stdlib box-muller'],
    ['gamma α=2 float64', (m) => gamma(k, m, { ...o64(m), alpha: 2 }), (m) => gammaAsync(k, m, { ...o64(m), alpha: 2 }), '@stdlib gamma(2)', fill(() => stdGamma(2, 1))],
    ['gamma α=2 float32', (m) => gamma(k, m, { ...o32(m), alpha: 2 }), (m) => gammaAsync(k, m, { ...o32(m), alpha: 2 }), '@stdlib gamma(2)'],
    ['gamma α=0.3 float64', (m) => gamma(k, m, { ...o64(m), alpha: 0.3 }), (m) => gammaAsync(k, m, { ...o64(m), alpha: 0.3 }), '@stdlib gamma(0.3)', fill(() => stdGamma(0.3, 1))],
    ['gamma α=0.3 float32', (m) => gamma(k, m, { ...o32(m), alpha: 0.3 }), (m) => gammaAsync(k, m, { ...o32(m), alpha: 0.3 }), '@stdlib gamma(0.3)'],
    ['beta(2, 3) float64', (m) => beta(k, m, { ...o64(m), a: 2, b: 3 }), (m) => betaAsync(k, m, { ...o64(m), a: 2, b: 3 }), '@stdlib beta(2, 3)', fill(() => stdBeta(2, 3))],
    ['dirichlet [1,2,3] float64 (values)', (m) => dirichlet(k, DIR, m / 3, o64(m)), (m) => dirichletAsync(k, DIR, m / 3, o64(m))],
    ['exponential float64', (m) => exponential(k, m, o64(m)), (m) => exponentialAsync(k, m, o64(m)), '@stdlib exponential', fill(() => stdExponential(1))],
  ];
  const peers = new Map();
  const out = [];
  for (const [label, sync, asyncF, peer, peerF] of rows) {
    if (peer && peerF && !peers.has(peer)) peers.set(peer, await rate(n, () => peerF(n), reps));
    const s = await rate(n, () => sync(n), reps);
    const a = await rate(asyncN, () => asyncF(asyncN), reps);
    const p = peer ? peers.get(peer) : undefined;
    const ratio = (x) => (p ? `${(x / p).toFixed(2)}×` : '–');
    out.push([label, fmt(s), fmt(a), peer ?? '–', p ? fmt(p) : '–', ratio(s), ratio(a)]);
  }
  const mRows = [];
  for (const M of [1, 2, 4, 8]) {
    const a = await rate(n / 2, () => gamma(k, n / 2, { ...o64(n / 2), alpha: 2, proposals: M }), reps);
    const b = await rate(n / 2, () => gamma(k, n / 2, { ...o32(n / 2), alpha: 2, proposals: M }), reps);
    const c = await rate(n / 2, () => gamma(k, n / 2, { ...o64(n / 2), alpha: 0.3, proposals: M }), reps);
    mRows.push([String(M), fmt(a), fmt(b), fmt(c)]);
  }
  await shutdownPool();
  return {
    title: `Distributions (CPU backend), sync n = ${n}, async n = ${asyncN}, best of ${reps} (M samples/s)`,
    text: table(out, ['sampler', 'sync', 'async (pool)', 'peer', 'peer', 'sync / peer', 'async / peer']) +
      '\n\n' + table(mRows, ['gamma proposals M', 'α=2 float64', 'α=2 float32', 'α=0.3 float64']),
    notes: 'Peers are single-threaded; "async / peer" compares the worker pool with one peer thread. ' +
      'Dirichlet counts values (rows × 3). Every M gives the same output; it only changes the cost.',
  };
}
