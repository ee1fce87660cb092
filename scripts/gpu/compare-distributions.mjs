// gpu-compare section: every distribution sampler on the GPU against the TypeScript backend, bit for
// bit — each method, dtype and `proposals`, the transforms and element samplers, Student's t, F, the
// multivariate normal, the discrete samplers, the count samplers
// (Poisson, binomial, negative binomial, multinomial: int32 / uint32 / float64, around each method switch,
// per-element λ, count and p), scalar and per-element shapes
// (Float32Array and Float64Array), sizes 1 … 10^8 (not multiples of 4), odd and 2^59-scale offsets,
// sync, async and many calls at once. Sizes ≥ 10^6 are also timed (host outputs, pageable).

const PROPOSALS = [undefined, 1, 2, 4, 8, 16, 32];

/** The comparisons: name → (n, options) => result, for options { offset, backend, async? }. */
function samplers(lib, k) {
  const { normal, normalAsync, gamma, gammaAsync, exponential, exponentialAsync, chisquare, chisquareAsync, beta, betaAsync,
    dirichlet, dirichletAsync } = lib;
  const pick = (f, fa) => (o) => (o.async ? fa : f);
  const per = new Map();
  // per-element shapes for the first n elements (cached: the CPU and GPU calls must see the same array)
  const shapes = (Ctor, n) => {
    const id = `${Ctor.name}:${n}`;
    if (!per.has(id)) per.set(id, Ctor.from({ length: n }, (_, i) => [0.05, 0.7, 1, 4.5, 300, 0.01, 2][i % 7]));
    return per.get(id);
  };
  const list = [];
  for (const dtype of ['float32', 'float64']) {
    for (const method of ['box-muller', 'polar']) {
      list.push({ name: `normal ${method} ${dtype}`, big: method === 'box-muller', run: (n, o) => pick(normal, normalAsync)(o)(k, n, { method, dtype, mean: 0.5, std: 2, offset: o.offset, backend: o.backend }) });
    }
    list.push({ name: `exponential ${dtype}`, big: dtype === 'float32', run: (n, o) => pick(exponential, exponentialAsync)(o)(k, n, { dtype, rate: 1.5, offset: o.offset, backend: o.backend }) });
    // the transforms (lib/samplers TRANSFORMS / cr_transforms.h), each at ordinary parameters
    for (const [name, params] of [['lognormal', { mean: 0.5, std: 1.5 }], ['weibull', { shape: 1.5, scale: 2 }]]) {
      list.push({ name: `${name} ${dtype}`, mid: true, run: (n, o) => pick(lib[name], lib[`${name}Async`])(o)(k, n, { ...params, dtype, offset: o.offset, backend: o.backend }) });
    }
    for (const alpha of [0.05, 0.5, 2, 100]) {
      for (const proposals of PROPOSALS) {
        list.push({
          name: `gamma α=${alpha} proposals=${proposals ?? 'default'} ${dtype}`, big: alpha === 2 && proposals === undefined && dtype === 'float32',
          mid: proposals === undefined || proposals === 4,
          run: (n, o) => pick(gamma, gammaAsync)(o)(k, n, { alpha, scale: 1.5, proposals, dtype, offset: o.offset, backend: o.backend }),
        });
      }
    }
    for (const Ctor of [Float32Array, Float64Array]) {
      list.push({ name: `gamma per-element ${Ctor.name} ${dtype}`, mid: true, run: (n, o) => pick(gamma, gammaAsync)(o)(k, n, { alpha: shapes(Ctor, n), dtype, offset: o.offset, backend: o.backend }) });
    }
    list.push({ name: `chisquare df=3 ${dtype}`, mid: true, run: (n, o) => pick(chisquare, chisquareAsync)(o)(k, n, { df: 3, dtype, offset: o.offset, backend: o.backend }) });
    list.push({ name: `chisquare per-element ${dtype}`, run: (n, o) => pick(chisquare, chisquareAsync)(o)(k, n, { df: shapes(Float64Array, n), dtype, offset: o.offset, backend: o.backend }) });
    for (const [a, b] of [[2, 3], [0.2, 0.3]]) {
      for (const proposals of [undefined, 1, 8]) {
        list.push({ name: `beta(${a}, ${b}) proposals=${proposals ?? 'default'} ${dtype}`, mid: proposals === undefined, run: (n, o) => pick(beta, betaAsync)(o)(k, n, { a, b, proposals, dtype, offset: o.offset, backend: o.backend }) });
      }
    }
    // the ratios of the normal and gamma streams (gamma_kernels.cu's element policies) and the multivariate normal
    for (const df of [5, 0.7]) {
      list.push({ name: `studentT df=${df} ${dtype}`, mid: df === 5, run: (n, o) => pick(lib.studentT, lib.studentTAsync)(o)(k, n, { df, dtype, offset: o.offset, backend: o.backend }) });
      list.push({ name: `f dfn=${df} dfd=7 ${dtype}`, mid: df === 5, run: (n, o) => pick(lib.f, lib.fAsync)(o)(k, n, { dfn: df, dfd: 7, dtype, offset: o.offset, backend: o.backend }) });
    }
    list.push({
      name: `multivariateNormal d=3 ${dtype}`, mid: true,
      run: (n, o) => pick(lib.multivariateNormal, lib.multivariateNormalAsync)(o)(k, Math.max(1, Math.floor(n / 3)), {
        mean: [0, 1, -2], cov: [[2, 0.5, 0], [0.5, 1, 0.3], [0, 0.3, 0.5]], dtype,
        offset: typeof o.offset === 'bigint' ? o.offset / 32n : o.offset, backend: o.backend,
      }),
    });
    for (const alpha of [[0.3, 0.5, 0.2], [1.5, 0.2, 7, 0.9, 2], Array.from({ length: 17 }, (_, i) => 0.1 + i / 4)]) {
      for (const proposals of [undefined, 2]) {
        // rows: n / K (at least 1), offsets count rows
        list.push({
          name: `dirichlet K=${alpha.length} proposals=${proposals ?? 'default'} ${dtype}`, mid: proposals === undefined,
          run: (n, o) => pick(dirichlet, dirichletAsync)(o)(k, alpha, Math.max(1, Math.floor(n / alpha.length)), {
            proposals, dtype, offset: typeof o.offset === 'bigint' ? o.offset / 32n : o.offset, backend: o.backend, // (offset + rows)·K < 2^63
          }),
        });
      }
    }
  }
  // the count samplers (docs/streams.md, "Counts")
  const pattern = (tag, Ctor, n, values) => {
    const id = `${tag}:${Ctor.name}:${n}`;
    if (!per.has(id)) per.set(id, Ctor.from({ length: n }, (_, i) => values[i % values.length]));
    return per.get(id);
  };
  const { poisson, poissonAsync, binomial, binomialAsync, negativeBinomial, negativeBinomialAsync, multinomial, multinomialAsync } = lib;
  for (const dtype of ['int32', 'uint32', 'float64']) {
    for (const lam of [0.5, 5, 9.99, 10, 100, 1e6]) {
      for (const proposals of [undefined, 4]) {
        list.push({ name: `poisson λ=${lam} proposals=${proposals ?? 'default'} ${dtype}`, big: lam === 5 && dtype === 'int32' && !proposals, mid: !proposals, run: (n, o) => pick(poisson, poissonAsync)(o)(k, n, { lam, proposals, dtype, offset: o.offset, backend: o.backend }) });
      }
    }
    for (const Ctor of [Float32Array, Float64Array]) {
      list.push({ name: `poisson per-element ${Ctor.name} ${dtype}`, mid: true, run: (n, o) => pick(poisson, poissonAsync)(o)(k, n, { lam: pattern('lam', Ctor, n, [0, 0.3, 7, 9.99, 10, 250, 4e6]), dtype, offset: o.offset, backend: o.backend }) });
      list.push({ name: `binomial per-element ${Ctor.name} ${dtype}`, mid: true, run: (n, o) => pick(binomial, binomialAsync)(o)(k, n, { count: pattern('count', Ctor, n, [0, 1, 20, 35, 1000, 1e6]), p: pattern('p', Ctor, n, [0, 0.01, 0.29, 0.5, 0.75, 1]), dtype, offset: o.offset, backend: o.backend }) });
    }
    for (const [count, p] of [[20, 0.3], [34, 0.29], [35, 0.29], [100, 0.3], [1000, 0.9], [1e6, 1e-6], [2 ** 31 - 1, 0.5]]) {
      list.push({ name: `binomial(${count}, ${p}) ${dtype}`, mid: count === 100, run: (n, o) => pick(binomial, binomialAsync)(o)(k, n, { count, p, dtype, offset: o.offset, backend: o.backend }) });
    }
    for (const [r, p] of [[3, 0.4], [0.5, 0.2], [50, 0.9]]) {
      list.push({ name: `negativeBinomial(${r}, ${p}) ${dtype}`, mid: r === 3, run: (n, o) => pick(negativeBinomial, negativeBinomialAsync)(o)(k, n, { r, p, dtype, offset: o.offset, backend: o.backend }) });
    }
    for (const probs of [[0.2, 0, 0.5, 0.3], Array.from({ length: 17 }, (_, i) => (i % 5 === 0 ? 0 : i))]) {
      list.push({
        name: `multinomial K=${probs.length} count=100 ${dtype}`, mid: true,
        run: (n, o) => pick(multinomial, multinomialAsync)(o)(k, Math.max(1, Math.floor(n / probs.length)), {
          count: 100, probs, dtype, offset: typeof o.offset === 'bigint' ? o.offset / 32n : o.offset, backend: o.backend,
        }),
      });
    }
  }
  // the discrete samplers (docs/streams.md, "Bounded integers", "Bernoulli", "Geometric"): every output type; narrow,
  // high-rejection, full and wide ranges; scalar and per-element p (Float32Array and Float64Array)
  const { integers, integersAsync, bernoulli, bernoulliAsync, geometric, geometricAsync } = lib;
  const probs = (Ctor, n) => {
    const id = `p ${Ctor.name}:${n}`;
    if (!per.has(id)) per.set(id, Ctor.from({ length: n }, (_, i) => [0.3, 1, 0.999, 2 ** -20, 0.05][i % 5]));
    return per.get(id);
  };
  for (const [low, high, dtypes] of [
    [0, 1_000_000, ['int32', 'uint32', 'float64']], [-5, 2 ** 31 - 4, ['int32', 'float64']], [0, 3 * 2 ** 30, ['uint32']],
    [0, 2 ** 32, ['uint32']], [-(2 ** 31), 2 ** 31, ['int32']], [-(2 ** 52), 2 ** 52, ['float64']], [7, 2 ** 32 + 8, ['float64']],
  ]) {
    for (const dtype of dtypes) {
      list.push({
        name: `integers [${low}, ${high}) ${dtype}`, big: high === 1_000_000 && dtype === 'int32', mid: dtype !== 'uint32',
        run: (n, o) => pick(integers, integersAsync)(o)(k, n, { low, high, dtype, offset: o.offset, backend: o.backend }),
      });
    }
  }
  for (const dtype of ['uint8', 'int32', 'uint32', 'float32', 'float64']) {
    list.push({ name: `bernoulli p=0.3 ${dtype}`, big: dtype === 'uint8', mid: true, run: (n, o) => pick(bernoulli, bernoulliAsync)(o)(k, n, { p: 0.3, dtype, offset: o.offset, backend: o.backend }) });
  }
  for (const dtype of ['int32', 'uint32', 'float64']) {
    list.push({ name: `geometric p=0.3 ${dtype}`, mid: true, run: (n, o) => pick(geometric, geometricAsync)(o)(k, n, { p: 0.3, dtype, offset: o.offset, backend: o.backend }) });
  }
  list.push({ name: 'geometric p=2^-47 float64', run: (n, o) => pick(geometric, geometricAsync)(o)(k, n, { p: 2 ** -47, dtype: 'float64', offset: o.offset, backend: o.backend }) });
  for (const Ctor of [Float32Array, Float64Array]) {
    list.push({ name: `bernoulli per-element ${Ctor.name} uint8`, mid: true, run: (n, o) => pick(bernoulli, bernoulliAsync)(o)(k, n, { p: probs(Ctor, n), offset: o.offset, backend: o.backend }) });
    list.push({ name: `geometric per-element ${Ctor.name} uint32`, run: (n, o) => pick(geometric, geometricAsync)(o)(k, n, { p: probs(Ctor, n), dtype: 'uint32', offset: o.offset, backend: o.backend }) });
  }
  return list;
}

/**
 * Every transform and element sampler of the registry at the parameter sets lib/core/param-sets.ts derives
 * from its constraints (two ordinary sets, where a last-bit drift of nvcc's build of cr_transforms.h or
 * cr_elements.h from the TS formula shows, and one tight set), in each of its output types; `light`: a few
 * sizes and offsets. `transforms` = { list: [...TRANSFORMS, ...ELEMENTS], parameterSets } from the caller's
 * build of the library (dist or the TS sources).
 */
function derivedTransforms(lib, k, { list, parameterSets }) {
  const out = [];
  for (const t of list) {
    const ps = parameterSets(t.params, (v) => t.check?.(v, (name) => name));
    for (const set of [...ps.ordinary.slice(0, 2), ...ps.tight.slice(0, 1)]) {
      for (const dtype of t.integer ? ['float64'] : ['float32', 'float64']) {
        const fn = (o) => (o.async ? lib[`${t.name}Async`] : lib[t.name]);
        out.push({ name: `${t.name} ${JSON.stringify(set)} ${dtype}`, light: true,
          run: (n, o) => fn(o)(k, n, { ...set, dtype, offset: o.offset, backend: o.backend }) });
      }
    }
  }
  return out;
}

export async function compareDistributions({ lib, record, results, now, max, transforms }) {
  const k = lib.key(0x5eed5eedcafen);
  const allSizes = [1, 2, 3, 5, 7, 33, 1000, 4099, 65537, 1_000_003, 10_000_001, 100_000_001].filter((n) => n <= max);
  const offsetsFor = (n, light) => (n >= 1_000_000 || light ? [3, 2n ** 59n + 5n].slice(0, n >= 1_000_000 ? 1 : 2)
    : [0, 1, 3, 2 ** 40 + 1, 2n ** 59n + 5n]);
  const list = [...samplers(lib, k), ...(transforms ? derivedTransforms(lib, k, transforms) : [])];
  for (const s of list) {
    let ok = 0, total = 0;
    const sizes = s.light ? allSizes.filter((n) => n === 7 || n === 1000 || n === 65537) : allSizes;
    for (const n of sizes) {
      if (n >= 1_000_000 && !s.mid && !s.big) continue;  // big sizes: a representative subset
      if (n >= 50_000_000 && !s.big) continue;
      for (const offset of offsetsFor(n, s.light)) {
        const t = now();
        const g = s.run(n, { offset, backend: 'cuda' });
        const ms = now() - t;
        const c = await s.run(n, { offset, backend: 'cpu', async: true });
        total++;
        if (record(`${s.name} n=${n} offset=${offset} sync`, g, c)) ok++;
        if (n >= 1_000_000) results.timings.push({ op: s.name, n, mode: 'sync, pageable', ms, GBps: g.byteLength / ms / 1e6 });
        if (n <= 10_000_001) {
          const ga = await s.run(n, { offset, backend: 'cuda', async: true });
          total++;
          if (record(`${s.name} n=${n} offset=${offset} async`, ga, c)) ok++;
        }
      }
    }
    console.log(`${s.name}: ${ok}/${total} equal`);
  }

  // many calls in flight at once, mixed ops
  const jobs = list.filter((_, i) => i % 3 === 0).map((s, i) => ({ s, n: 20_003 + 4099 * i, offset: 7 * i }));
  const outs = await Promise.all(jobs.map((j) => j.s.run(j.n, { offset: j.offset, backend: 'cuda', async: true })));
  let ok = 0;
  for (let i = 0; i < jobs.length; i++) {
    if (record(`concurrent ${jobs[i].s.name} #${i}`, outs[i], jobs[i].s.run(jobs[i].n, { offset: jobs[i].offset, backend: 'cpu' }))) ok++;
  }
  console.log(`concurrent distribution calls: ${ok}/${jobs.length} equal`);
}
