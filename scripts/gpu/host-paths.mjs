// gpu-compare section (issue 15): every op the CUDA backend has, forced onto the GPU, into every kind of
// host output — pageable (staging pipeline), pinned (pinnedArrayBuffer), registered (transfer mode
// 'register'), a SharedArrayBuffer, a DeviceArray read back — sync and async, at the lengths that broke
// the first copy split (1,310,721 and 1,500,001 four-byte values: five copy parts of a 64-byte multiple
// plus a remainder; 2^21 + 1,500,001: past two staging chunks), each compared bit for bit with the
// TypeScript backend, the last element checked separately.

const LENGTHS = [1_310_721, 1_500_001, 2 ** 21 + 1_500_001];

/** op name → (lib, key) → (n, options) => result, for every public sampler the CUDA backend runs. */
function ops(lib, k) {
  const { bits, bitsAsync, uniform, uniformAsync, normal, normalAsync, exponential, exponentialAsync, gamma, gammaAsync,
    beta, betaAsync, dirichlet, dirichletAsync, categorical, categoricalAsync, AliasTable } = lib;
  const w = Float64Array.from({ length: 5000 }, (_, i) => (i % 17) + (i % 3 === 0 ? 0 : 0.5));
  const table = AliasTable.build(w, { backend: 'cpu' });
  // `async` picks the variant and is not passed on (samplers refuse unknown options)
  const f = (s, a) => (n, { async, ...o }) => (async ? a : s)(n, o);
  const list = [
    ['bits', 'uint32', f((n, o) => bits(k, n, o), (n, o) => bitsAsync(k, n, o))],
    ['categorical', 'uint32', f((n, o) => categorical(k, w, n, o), (n, o) => categoricalAsync(k, w, n, o))],
    ['alias sample', 'uint32', f((n, o) => table.sample(k, n, o), (n, o) => table.sampleAsync(k, n, o))],
  ];
  for (const dtype of ['float32', 'float64']) {
    list.push(
      [`uniform ${dtype}`, dtype, f((n, o) => uniform(k, n, { dtype, ...o }), (n, o) => uniformAsync(k, n, { dtype, ...o }))],
      [`normal polar ${dtype}`, dtype, f((n, o) => normal(k, n, { method: 'polar', dtype, ...o }), (n, o) => normalAsync(k, n, { method: 'polar', dtype, ...o }))],
      [`exponential ${dtype}`, dtype, f((n, o) => exponential(k, n, { dtype, ...o }), (n, o) => exponentialAsync(k, n, { dtype, ...o }))],
      [`gamma 0.7 ${dtype}`, dtype, f((n, o) => gamma(k, n, { alpha: 0.7, dtype, ...o }), (n, o) => gammaAsync(k, n, { alpha: 0.7, dtype, ...o }))],
      [`beta ${dtype}`, dtype, f((n, o) => beta(k, n, { a: 2, b: 0.5, dtype, ...o }), (n, o) => betaAsync(k, n, { a: 2, b: 0.5, dtype, ...o }))],
      [`dirichlet K=3 ${dtype}`, dtype, f((n, o) => dirichlet(k, [0.3, 1, 4], Math.ceil(n / 3), { dtype, ...o }), (n, o) => dirichletAsync(k, [0.3, 1, 4], Math.ceil(n / 3), { dtype, ...o }))],
    );
  }
  return list;
}

const CTORS = { uint32: Uint32Array, float32: Float32Array, float64: Float64Array };

export async function compareHostPaths({ lib, addon, record, results }) {
  const { key, DeviceArray } = lib;
  const k = key(0x15c0ffee);
  let ok = 0, total = 0;
  const outs = {
    pageable: (C, n) => new C(n),
    pinned: (C, n) => new C(addon.pinnedArrayBuffer(n * C.BYTES_PER_ELEMENT)),
    shared: (C, n) => new C(new SharedArrayBuffer(n * C.BYTES_PER_ELEMENT)),
    registered: (C, n) => new C(n),
  };
  for (const [name, dtype, run] of ops(lib, k)) {
    const C = CTORS[dtype];
    for (const n of LENGTHS) {
      const want = await run(n, { backend: 'cpu', async: true });
      const len = want.length;
      for (const [kind, make] of Object.entries(outs)) {
        addon.setTransferMode(kind === 'registered' ? 'register' : 'staging');
        for (const async of [false, true]) {
          const out = make(C, len);
          const got = await run(n, { backend: 'cuda', out, async });
          total++;
          const label = `host paths: ${name} n=${len} ${kind} ${async ? 'async' : 'sync'}`;
          if (record(label, got, want) && Object.is(got[len - 1], want[len - 1])) ok++;
        }
      }
      addon.setTransferMode('staging');
      const dev = await run(n, { backend: 'cuda', out: 'device', async: true });
      total++;
      if (record(`host paths: ${name} n=${len} DeviceArray.toHost`, dev.toHost(), want)) ok++;
      dev.free();
    }
  }
  // SharedArrayBuffer-backed inputs: per-element shapes and weights
  const n = 1_500_001;
  const alpha = new Float64Array(new SharedArrayBuffer(8 * n)).map((_, i) => 0.3 + (i % 11));
  total++;
  if (record('host paths: gamma with SAB-backed per-element shapes', lib.gamma(k, n, { alpha, backend: 'cuda' }),
    lib.gamma(k, n, { alpha, backend: 'cpu' }))) ok++;
  const wsab = new Float32Array(new SharedArrayBuffer(4 * 4097)).map((_, i) => i % 5);
  total++;
  if (record('host paths: categorical with SAB-backed weights', await lib.categoricalAsync(k, wsab, n, { backend: 'cuda' }),
    lib.categorical(k, wsab, n, { backend: 'cpu' }))) ok++;
  const table = DeviceArray.from(new Float32Array(wsab));
  total++;
  if (record('host paths: AliasTable.build from a DeviceArray', lib.AliasTable.build(table).rows(),
    lib.AliasTable.build(wsab, { backend: 'cpu' }).rows())) ok++;
  table.free();
  console.log(`host paths (every op × pageable/pinned/shared/registered/device × sync/async): ${ok}/${total} equal`);
  results.hostPaths = { ok, total };
}
