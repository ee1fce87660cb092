// gpu-compare section: the CPU/GPU crossover of every op, for the table in lib/backend/cuda/backend.ts
// (CROSSOVER). For n = 4^3 … 4^11 it times a synchronous call with a host output (what `auto` routes)
// on each backend — the CPU backend single-threaded as sync calls are, the GPU including its per-call
// overhead and the copy back — and takes as the crossover the smallest n from which the GPU was faster
// at every larger n measured. Writes results.crossover = [{ op, crossover, points: [{ n, cuda, cpu }] }]
// and prints the table.

const SIZES = [64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304];

/** Mean ms of f() over enough runs to take ≥ 30 ms (at least 3), after a warm-up. */
function timeIt(now, f) {
  f();
  let reps = 0;
  const s = now();
  while (reps < 3 || now() - s < 30) {
    f();
    reps++;
  }
  return (now() - s) / reps;
}

export function measureCrossover({ lib, results, now }) {
  const { key, bits, uniform, normal, gamma, exponential, beta, dirichlet } = lib;
  const k = key(0xc805n);
  const f32 = { dtype: 'float32' }, f64 = { dtype: 'float64' };
  const ops = [
    ['bits', (n, b) => bits(k, n, { backend: b })],
    ['uniform32', (n, b) => uniform(k, n, { ...f32, backend: b })],
    ['uniform64', (n, b) => uniform(k, n, { ...f64, backend: b })],
    ['normalBM32', (n, b) => normal(k, n, { ...f32, backend: b })],
    ['normalBM64', (n, b) => normal(k, n, { ...f64, backend: b })],
    ['normalPolar32', (n, b) => normal(k, n, { method: 'polar', ...f32, backend: b })],
    ['normalPolar64', (n, b) => normal(k, n, { method: 'polar', ...f64, backend: b })],
    ['exponential32', (n, b) => exponential(k, n, { ...f32, backend: b })],
    ['exponential64', (n, b) => exponential(k, n, { ...f64, backend: b })],
    ['gamma32', (n, b) => gamma(k, n, { alpha: 2, ...f32, backend: b })],
    ['gamma64', (n, b) => gamma(k, n, { alpha: 2, ...f64, backend: b })],
    ['beta32', (n, b) => beta(k, n, { a: 2, b: 3, ...f32, backend: b })],
    ['beta64', (n, b) => beta(k, n, { a: 2, b: 3, ...f64, backend: b })],
    ['dirichlet32', (n, b) => dirichlet(k, [0.5, 1, 2, 3], n / 4, { ...f32, backend: b })],
    ['dirichlet64', (n, b) => dirichlet(k, [0.5, 1, 2, 3], n / 4, { ...f64, backend: b })],
  ];
  results.crossover = [];
  console.log('crossover (sync, host output): op, n from which the GPU is faster; cuda/cpu ms per n');
  for (const [op, f] of ops) {
    const points = SIZES.map((n) => ({ n, cuda: timeIt(now, () => f(n, 'cuda')), cpu: timeIt(now, () => f(n, 'cpu')) }));
    let crossover = null;
    for (let i = points.length - 1; i >= 0 && points[i].cuda < points[i].cpu; i--) crossover = points[i].n;
    results.crossover.push({ op, crossover, points });
    console.log(`  ${op.padEnd(14)} ${String(crossover ?? `> ${SIZES.at(-1)}`).padStart(9)}   ` +
      points.map((p) => `${p.n}: ${p.cuda.toFixed(3)}/${p.cpu.toFixed(3)}`).join('  '));
  }
}
