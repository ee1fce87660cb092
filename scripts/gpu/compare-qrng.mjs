// gpu-compare section: Sobol and MRG32k3a on the GPU against the TypeScript backend (docs/qmc.md).
//   - sobol(): both layouts, Sobol32/64, uint32/float32/float64, uniform and normal, the keyed
//     randomisations and cuRAND's scramble, offsets near the end of each sequence, all 21,201
//     dimensions; host outputs,
//     sobolAsync, out: 'device';
//   - mrg32k3aFill(): every dtype, seeds/subsequences/offsets at the ends of their ranges, sizes past
//     several staging chunks;
//   - timings (mode "qrng"): each fill of 10^7 values on the GPU and on the CPU, side by side with the
//     Philox uniform fill of the same size (bench/RESULTS.md records them).

export async function compareQrng({ lib, record, results, now, max }) {
  const { key, sobol, sobolAsync, mrg32k3aFill, uniform } = lib;
  const k = key(0x5eed5eedn);
  const n = Math.min(10_000_003, max);
  const sobolCases = [
    [n, { dims: 1 }], [n, { dims: 8, dtype: 'float32' }], [n, { dims: 8, dtype: 'uint32', layout: 'dimensions' }],
    [4099, { dims: 5, bits: 32, offset: 2 ** 32 - 4099 }], [4099, { dims: 5, offset: 2n ** 64n - 4099n }],
    [n, { dims: 16, key: k }], [n, { dims: 16, key: k, scramble: 'shift', layout: 'dimensions', dtype: 'float32' }],
    [n, { dims: 4, transform: 'normal' }], [n, { dims: 4, transform: 'normal', dtype: 'float32', key: k }],
    [n, { dims: 4, transform: 'normal', bits: 32, layout: 'dimensions' }], [64, { dims: 21201, key: k, dtype: 'float32' }],
    // cuRAND's scrambled Sobol (libcurand's data, docs/qmc.md, "cuRAND's scrambled Sobol")
    [n, { dims: 3, scramble: 'curand', dtype: 'uint32' }], [n, { dims: 8, scramble: 'curand', layout: 'dimensions' }],
    [64, { dims: 20000, scramble: 'curand', dtype: 'float32', offset: 2 ** 31 }],
  ];
  let ok = 0, total = 0;
  for (const [m, o] of sobolCases) {
    const label = `sobol n=${m} ${JSON.stringify(o, (_, v) => (typeof v === 'bigint' ? String(v) : v instanceof Uint32Array ? 'key' : v))}`;
    const want = sobol(m, { ...o, backend: 'cpu' });
    total += 3;
    if (record(`${label} host`, sobol(m, { ...o, backend: 'cuda' }), want)) ok++;
    if (record(`${label} async`, await sobolAsync(m, { ...o, backend: 'cuda' }), want)) ok++;
    const d = sobol(m, { ...o, out: 'device', backend: 'cuda' });
    if (record(`${label} out: device`, d.toHost(), want)) ok++;
    d.free();
  }
  for (const dtype of ['uint32', 'float32', 'float64']) {
    for (const [seed, subsequence, offset, m] of [[0, 0, 0, 1], [1234, 1, 5, 4099], [2n ** 64n - 1n, 2n ** 51n - 1n, 2n ** 64n - BigInt(n), n]]) {
      const want = mrg32k3aFill(seed, m, { subsequence, offset, dtype, backend: 'cpu' });
      total++;
      if (record(`mrg32k3aFill ${dtype} seed=${seed} sub=${subsequence} offset=${offset} n=${m}`,
        mrg32k3aFill(seed, m, { subsequence, offset, dtype, backend: 'cuda' }), want)) ok++;
    }
  }
  console.log(`sobol / mrg32k3aFill: ${ok}/${total} equal`);

  const time = (f) => {
    f();
    const t = now();
    for (let i = 0; i < 3; i++) f();
    return (now() - t) / 3;
  };
  const fills = [
    ['sobol float64 dims 8', (b) => sobol(n, { dims: 8, backend: b })],
    ['sobol normal float64 dims 8', (b) => sobol(n, { dims: 8, transform: 'normal', backend: b })],
    ['sobol lms float64 dims 8', (b) => sobol(n, { dims: 8, key: k, backend: b })],
    ['mrg32k3aFill uint32', (b) => mrg32k3aFill(1, n, { backend: b })],
    ['mrg32k3aFill float64', (b) => mrg32k3aFill(1, n, { dtype: 'float64', backend: b })],
    ['uniform float64 (Philox)', (b) => uniform(k, n, { backend: b })],
  ];
  for (const [op, f] of fills) {
    for (const backend of ['cuda', 'cpu']) {
      const ms = time(() => f(backend));
      results.timings.push({ op, n, mode: `qrng, ${backend}, host output`, ms, Gelems: n / ms / 1e6 });
    }
  }
}
