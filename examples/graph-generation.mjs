#!/usr/bin/env node
/**
 * Random graphs by weighted sampling: Chung–Lu and R-MAT edge lists.
 *
 * Chung–Lu: node i has a target degree w_i (here a power law, w_i ∝ (i+1)^(−1/(γ−1))); each of the
 * m = Σw/2 edges picks both endpoints independently with probability w_i/Σw — two draws from one
 * alias table over the w_i. Node i's expected degree is then exactly w_i (multigraph form: self-loops
 * and repeated edges are kept, and counted below).
 *
 * R-MAT (Chakrabarti et al.; the Graph500 generator): each edge descends `scale` levels of the
 * adjacency matrix, picking quadrant (a, b, c, d) at every level. All m·scale quadrant choices are one
 * sample() call of a 4-item alias table; element e·scale + l is edge e's choice at level l.
 *
 *   node examples/graph-generation.mjs [--nodes 100000] [--gamma 2.5] [--scale 16] [--edges 1000000] [--small]
 */
import { parseArgs } from 'node:util';
import { key, split, AliasTable } from 'cuda-random';

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string', default: '100000' },
    gamma: { type: 'string', default: '2.5' },
    scale: { type: 'string', default: '16' },
    edges: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '3' },
    small: { type: 'boolean', default: false },
  },
});
const [kChungLu, kRmat] = split(key(BigInt(args.seed)));

function degrees(n, src, dst) {
  const deg = new Uint32Array(n);
  let loops = 0;
  for (let e = 0; e < src.length; e++) {
    deg[src[e]]++;
    deg[dst[e]]++;
    if (src[e] === dst[e]) loops++;
  }
  return { deg, loops };
}

/** Least-squares slope of log P(D ≥ d) against log d over degrees in [lo, hi]: the CCDF exponent. */
function ccdfSlope(deg, lo, hi) {
  const sorted = Float64Array.from(deg).sort();
  const n = sorted.length;
  const xs = [], ys = [];
  for (let d = lo; d <= hi; d *= 1.25) {
    let i = 0, j = n;                              // first index with degree ≥ d
    while (i < j) { const m = (i + j) >> 1; if (sorted[m] < d) i = m + 1; else j = m; }
    if (n - i < 10) break;
    xs.push(Math.log(d)); ys.push(Math.log((n - i) / n));
  }
  if (xs.length < 3) return NaN;
  const mx = xs.reduce((a, b) => a + b) / xs.length, my = ys.reduce((a, b) => a + b) / ys.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < xs.length; i++) { sxy += (xs[i] - mx) * (ys[i] - my); sxx += (xs[i] - mx) ** 2; }
  return sxy / sxx;
}

// ---- Chung–Lu ----
{
  const n = args.small ? 5000 : Number(args.nodes);
  const g = Number(args.gamma);
  const mean = 10;
  // The standard power-law sequence with mean degree ≈ `mean` and P(w ≥ x) ∝ x^−(γ−1).
  const w = Float64Array.from({ length: n }, (_, i) => mean * ((g - 2) / (g - 1)) * (n / (i + 1)) ** (1 / (g - 1)));
  const total = w.reduce((a, b) => a + b);
  const m = Math.round(total / 2);
  const t0 = performance.now();
  const table = AliasTable.build(w);
  const ends = table.sample(kChungLu, 2 * m);                // edge e = (ends[2e], ends[2e+1])
  const ms = performance.now() - t0;
  const src = new Uint32Array(m), dst = new Uint32Array(m);
  for (let e = 0; e < m; e++) { src[e] = ends[2 * e]; dst[e] = ends[2 * e + 1]; }
  const { deg, loops } = degrees(n, src, dst);
  console.log(`Chung–Lu: ${n} nodes, power-law target degrees (γ = ${g}), ${m} edges in ${ms.toFixed(0)} ms (table + ${2 * m} draws)`);
  console.log('  node   target degree   realised degree');
  for (const i of [0, 1, 2, 10, 100, 1000, n - 1]) console.log(`  ${String(i).padStart(4)} ${w[i].toFixed(1).padStart(15)} ${String(deg[i]).padStart(17)}`);
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (deg[i] - w[i]) ** 2 / w[i];
  console.log(`  mean (realised − target)²/target over all nodes: ${(sq / n).toFixed(3)} (Poisson noise ≈ 1)`);
  console.log(`  degree CCDF slope: ${ccdfSlope(deg, 2 * mean, deg[0] / 4).toFixed(2)} (power law: −(γ−1) = ${(1 - g).toFixed(2)}); self-loops: ${loops}\n`);
}

// ---- R-MAT ----
{
  const scale = args.small ? 12 : Number(args.scale);
  const m = args.small ? 40_000 : Number(args.edges);
  const abcd = [0.57, 0.19, 0.19, 0.05];
  const t0 = performance.now();
  const q = AliasTable.build(abcd).sample(kRmat, m * scale);
  const src = new Uint32Array(m), dst = new Uint32Array(m);
  const quadrant = new Float64Array(4);
  for (let e = 0; e < m; e++) {
    let u = 0, v = 0;
    for (let l = 0; l < scale; l++) {
      const c = q[e * scale + l];                              // 0 a: (0,0)  1 b: (0,1)  2 c: (1,0)  3 d: (1,1)
      u = (u << 1) | (c >> 1);
      v = (v << 1) | (c & 1);
      quadrant[c]++;
    }
    src[e] = u; dst[e] = v;
  }
  const ms = performance.now() - t0;
  const n = 2 ** scale;
  const { deg, loops } = degrees(n, src, dst);
  let isolated = 0, max = 0;
  for (const d of deg) { if (d === 0) isolated++; if (d > max) max = d; }
  console.log(`R-MAT: scale ${scale} (${n} nodes), ${m} edges, (a, b, c, d) = (${abcd}) in ${ms.toFixed(0)} ms`);
  console.log(`  quadrant frequencies: ${Array.from(quadrant, (x) => (x / (m * scale)).toFixed(4)).join(', ')}`);
  console.log(`  max degree ${max}, isolated nodes ${isolated} (${((100 * isolated) / n).toFixed(1)} %), self-loops ${loops}`);
  console.log(`  heavy tail: degree CCDF slope ${ccdfSlope(deg, 8 * m / n, max / 2).toFixed(2)}`);
}
