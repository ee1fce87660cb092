#!/usr/bin/env node
/**
 * Monte Carlo option pricing with normals generated in chunks — and the proof that chunking changes
 * nothing: the chunked price equals the single-call price bit for bit.
 *
 * Geometric Brownian motion S_{j+1} = S_j·exp((r − σ²/2)Δt + σ√Δt·Z), `steps` monitoring dates.
 * Path p uses normals [p·steps, (p+1)·steps) of one key's stream. Priced: a European call (checked
 * against Black–Scholes) and an arithmetic-average Asian call (no closed form).
 *
 * Three runs: (1) one normal() call for all paths; (2) chunks of an awkward number of paths, each
 * reading its normals with `offset` into a reused buffer (constant memory); (3) chunks generated
 * concurrently with normalAsync on worker threads. Payoffs are summed in path order in every run, so
 * the three prices must be identical doubles — the contract: element i depends only on (key, i).
 *
 *   node examples/option-pricer.mjs [--paths 1000000] [--steps 12] [--chunk 40009] [--small]
 */
import { parseArgs } from 'node:util';
import { key, normal, normalAsync, shutdownPool } from 'cuda-random';

const { values: args } = parseArgs({
  options: {
    paths: { type: 'string', default: '1000000' },
    steps: { type: 'string', default: '12' },
    chunk: { type: 'string', default: '40009' },
    seed: { type: 'string', default: '2024' },
    small: { type: 'boolean', default: false },
  },
});
const P = args.small ? 30_000 : Number(args.paths);
const steps = Number(args.steps);
const chunk = args.small ? 7_001 : Number(args.chunk);
const S0 = 100, K = 105, r = 0.03, sigma = 0.25, T = 1;
const dt = T / steps, drift = (r - 0.5 * sigma * sigma) * dt, vol = sigma * Math.sqrt(dt);
const disc = Math.exp(-r * T);
const k = key(BigInt(args.seed));

/** Adds the payoffs of paths [p0, p0 + z.length/steps) to acc, in path order. */
function accumulate(z, acc) {
  for (let i = 0; i < z.length; i += steps) {
    let s = S0, avg = 0;
    for (let j = 0; j < steps; j++) {
      s *= Math.exp(drift + vol * z[i + j]);
      avg += s;
    }
    avg /= steps;
    const e = Math.max(s - K, 0), a = Math.max(avg - K, 0);
    acc.eur += e; acc.eur2 += e * e; acc.asian += a;
  }
  return acc;
}
const fresh = () => ({ eur: 0, eur2: 0, asian: 0 });
const price = (acc) => ({ european: disc * acc.eur / P, asian: disc * acc.asian / P, se: disc * Math.sqrt((acc.eur2 / P - (acc.eur / P) ** 2) / P) });

// (1) one call
let t0 = performance.now();
const single = price(accumulate(normal(k, P * steps), fresh()));
const tSingle = performance.now() - t0;

// (2) chunks with offset, one reused buffer
t0 = performance.now();
const buf = new Float64Array(chunk * steps);
const acc = fresh();
for (let p = 0; p < P; p += chunk) {
  const m = Math.min(chunk, P - p) * steps;
  accumulate(normal(k, m, { offset: p * steps, out: buf }).subarray(0, m), acc);
}
const chunked = price(acc);
const tChunked = performance.now() - t0;

// (3) chunks generated concurrently on worker threads, summed in order
t0 = performance.now();
const parts = [];
for (let p = 0; p < P; p += chunk) parts.push(normalAsync(k, Math.min(chunk, P - p) * steps, { offset: p * steps }));
const accAsync = fresh();
for (const z of await Promise.all(parts)) accumulate(z, accAsync);
const concurrent = price(accAsync);
const tAsync = performance.now() - t0;
await shutdownPool();

/** Standard normal CDF (Hart's double-precision rational approximation, as given by West 2005). */
function Phi(x) {
  const a = Math.abs(x);
  let c = 0;
  if (a < 37) {
    const e = Math.exp(-a * a / 2);
    if (a < 7.07106781186547) {
      let n = 3.52624965998911e-2 * a + 0.700383064443688;
      n = n * a + 6.37396220353165; n = n * a + 33.912866078383; n = n * a + 112.079291497871;
      n = n * a + 221.213596169931; n = n * a + 220.206867912376;
      let d = 8.83883476483184e-2 * a + 1.75566716318264;
      d = d * a + 16.064177579207; d = d * a + 86.7807322029461; d = d * a + 296.564248779674;
      d = d * a + 637.333633378831; d = d * a + 793.826512519948; d = d * a + 440.413735824752;
      c = e * n / d;
    } else {
      let b = a + 0.65;
      b = a + 4 / b; b = a + 3 / b; b = a + 2 / b; b = a + 1 / b;
      c = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - c : c;
}
const d1 = (Math.log(S0 / K) + (r + sigma * sigma / 2) * T) / (sigma * Math.sqrt(T));
const bs = S0 * Phi(d1) - K * disc * Phi(d1 - sigma * Math.sqrt(T));

console.log(`GBM S0=${S0} K=${K} r=${r} σ=${sigma} T=${T}: ${P} paths × ${steps} steps (${P * steps} normals)\n`);
console.log(`European call   ${single.european.toFixed(4)} ± ${single.se.toFixed(4)}   Black–Scholes ${bs.toFixed(4)}   (${((single.european - bs) / single.se).toFixed(2)} s.e.)`);
console.log(`Asian call      ${single.asian.toFixed(4)}  (arithmetic average of ${steps} dates)\n`);
console.log(`one call                ${tSingle.toFixed(0).padStart(6)} ms   european ${single.european}   asian ${single.asian}`);
console.log(`chunks of ${chunk} paths ${tChunked.toFixed(0).padStart(6)} ms   european ${chunked.european}   asian ${chunked.asian}`);
console.log(`concurrent chunks       ${tAsync.toFixed(0).padStart(6)} ms   european ${concurrent.european}   asian ${concurrent.asian}`);
const same = (a) => a.european === single.european && a.asian === single.asian && a.se === single.se;
console.log(`\nchunked price identical to the single call: ${same(chunked)}`);
console.log(`concurrent price identical to the single call: ${same(concurrent)}`);
