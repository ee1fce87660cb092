// gpu-compare section: DeviceArrays in GPU memory and host transfers.
//   - `{ out: 'device' }` of every sampler (and bits/uniform) equals the TypeScript backend after
//     toHost / toHostAsync; shapes read from GPU memory (gamma alpha float32/float64, Dirichlet alpha);
//     a chain that never leaves the GPU; DeviceArrays passed to the other backend (copied);
//   - invalid shapes in GPU memory → RangeError naming the first bad index;
//   - forgotten DeviceArrays are collected: far more GPU memory than the device has, allocated in a loop
//     without free(), must not run out (the addon reports it to V8 as external memory);
//   - throughput of 10^8 floats reaching an ordinary (fresh) typed array: host outputs through the
//     staging pipeline and through registered memory, into pinned memory, and DeviceArray.toHost;
//     recorded as timings with mode "1e8 floats, …" (the report compares them with pinned D2H).

export async function compareDevice({ lib, addon, record, results, now, max }) {
  const { DeviceArray, key, bits, uniform, normal, gamma, gammaAsync, exponential, chisquare, beta, dirichlet, dirichletAsync } = lib;
  const k = key(0xdeb1ce5n);
  const sizes = [1, 7, 4099, 1_000_003, 10_000_001].filter((n) => n <= max);
  const fns = [
    ['bits', (n, o) => bits(k, n, { offset: 3, ...o })],
    ['uniform float32', (n, o) => uniform(k, n, { dtype: 'float32', offset: 3, ...o })],
    ['uniform float64', (n, o) => uniform(k, n, { low: -1, high: 1, offset: 3, ...o })],
    ['normal box-muller float32', (n, o) => normal(k, n, { dtype: 'float32', offset: 3, ...o })],
    ['normal polar float64', (n, o) => normal(k, n, { method: 'polar', offset: 3, ...o })],
    ['gamma α=0.3 float32', (n, o) => gamma(k, n, { alpha: 0.3, dtype: 'float32', offset: 3, ...o })],
    ['exponential float64', (n, o) => exponential(k, n, { offset: 3, ...o })],
    ['chisquare float64', (n, o) => chisquare(k, n, { df: 4, offset: 3, ...o })],
    ['beta float32', (n, o) => beta(k, n, { a: 0.5, b: 0.5, dtype: 'float32', offset: 3, ...o })],
    ['dirichlet K=4 float64', (n, o) => dirichlet(k, [0.1, 0.2, 3, 1], Math.ceil(n / 4), { offset: 3, ...o })],
  ];
  let ok = 0, total = 0;
  for (const [name, f] of fns) {
    for (const n of sizes) {
      const want = f(n, { backend: 'cpu' });
      const d = f(n, { out: 'device', backend: 'cuda' });
      total += 2;
      if (record(`${name} n=${n} out: device, toHost`, d.toHost(), want)) ok++;
      if (record(`${name} n=${n} out: device, toHostAsync`, await d.toHostAsync(), want)) ok++;
      d.free();
    }
  }
  // shapes in GPU memory
  for (const n of sizes) {
    for (const Ctor of [Float32Array, Float64Array]) {
      const host = Ctor.from({ length: n }, (_, i) => [0.05, 0.7, 1, 4.5, 300, 0.01, 2][i % 7]);
      const alpha = DeviceArray.from(host, { backend: 'cuda' });
      for (const dtype of ['float32', 'float64']) {
        const want = gamma(k, n, { alpha: host, dtype, backend: 'cpu' });
        total += 3;
        if (record(`gamma ${Ctor.name} device alpha n=${n} ${dtype}`, gamma(k, n, { alpha, dtype }), want)) ok++;
        if (record(`gamma ${Ctor.name} device alpha n=${n} ${dtype} async, out: device`, (await gammaAsync(k, n, { alpha, dtype, out: 'device' })).toHost(), want)) ok++;
        if (record(`gamma ${Ctor.name} device alpha n=${n} ${dtype}, forced cpu (copied)`, gamma(k, n, { alpha, dtype, backend: 'cpu' }), want)) ok++;
      }
      alpha.free();
    }
  }
  for (const K of [1, 3, 100, 5000]) {
    const host = Float64Array.from({ length: K }, (_, i) => 0.05 + (i % 9) / 3);
    const alpha = DeviceArray.from(host, { backend: 'cuda' });
    total += 2;
    if (record(`dirichlet device alpha K=${K}`, dirichlet(k, alpha, 777, { offset: 5 }), dirichlet(k, host, 777, { offset: 5, backend: 'cpu' }))) ok++;
    if (record(`dirichlet device alpha K=${K} async`, await dirichletAsync(k, alpha, 777, { offset: 5, dtype: 'float32' }), dirichlet(k, host, 777, { offset: 5, dtype: 'float32', backend: 'cpu' }))) ok++;
  }
  // a chain on the GPU: uniform → shapes in (0.5, 1.5) → gamma → Dirichlet shapes, copied out only at the end
  {
    const n = Math.min(max, 1_000_003);
    const u = uniform(k, n, { low: 0.5, high: 1.5, out: 'device', backend: 'cuda' });
    const g = gamma(k, n, { alpha: u, scale: 1, out: 'device', offset: 11 });
    const uh = uniform(k, n, { low: 0.5, high: 1.5, backend: 'cpu' });
    total++;
    if (record('chain uniform → gamma (device alpha, device out)', g.toHost(), gamma(k, n, { alpha: uh, offset: 11, backend: 'cpu' }))) ok++;
    const shapes = uniform(k, 64, { low: 0.1, high: 3, out: 'device', backend: 'cuda' });
    total++;
    if (record('chain uniform → dirichlet shapes', dirichlet(k, shapes, 1000), dirichlet(k, uniform(k, 64, { low: 0.1, high: 3, backend: 'cpu' }), 1000, { backend: 'cpu' }))) ok++;
    [u, g, shapes].forEach((d) => d.free());
  }
  // a GPU `out` filled by a forced CPU run, a CPU DeviceArray into a forced CUDA run
  {
    const into = DeviceArray.from(new Float64Array(5000), { backend: 'cuda' });
    normal(k, 5000, { out: into, backend: 'cpu' });
    const cpuOut = DeviceArray.from(new Float64Array(5000), { backend: 'cpu' });
    normal(k, 5000, { out: cpuOut, backend: 'cuda' });
    total += 2;
    if (record('GPU DeviceArray out, forced cpu', into.toHost(), normal(k, 5000, { backend: 'cpu' }))) ok++;
    if (record('CPU DeviceArray out, forced cuda', cpuOut.toHost(), normal(k, 5000, { backend: 'cpu' }))) ok++;
  }
  console.log(`DeviceArray: ${ok}/${total} equal`);

  // invalid shapes in GPU memory
  {
    const bad = new Float64Array(100_000).fill(1.5);
    bad[77_777] = -3;
    let msg = 'no error';
    try {
      gamma(k, bad.length, { alpha: DeviceArray.from(bad, { backend: 'cuda' }) });
    } catch (e) {
      msg = `${e.constructor.name}: ${e.message}`;
    }
    const good = msg === 'RangeError: alpha[77777] must be finite and > 0, got -3';
    results.comparisons++;
    if (!good) results.mismatches.push({ label: 'invalid device alpha', got: msg });
    console.log(`invalid device alpha → ${msg}${good ? '' : '  MISMATCH'}`);
  }

  // forgotten DeviceArrays are collected
  {
    const info = addon.deviceInfo();
    const each = 100_000_000;  // 400 MB of float32
    const rounds = Math.ceil((2.5 * (info.totalMemory ?? 80e9)) / (each * 4));
    const t = now();
    let error = null;
    try {
      // Yielding each round: the handles' finalizers run after a task ends, so a loop that never yields
      // cannot get forgotten arrays back (docs/device-arrays.md, "Memory, freeing and errors").
      for (let i = 0; i < rounds; i++) {
        normal(k, each, { dtype: 'float32', out: 'device', backend: 'cuda' });
        await new Promise((r) => setImmediate(r));
      }
    } catch (e) {
      error = e.message;
    }
    results.comparisons++;
    if (error) results.mismatches.push({ label: 'forgotten DeviceArrays collected', error });
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10));  // let finalizers free what is left
    console.log(`${rounds} forgotten 400 MB DeviceArrays (${((rounds * each * 4) / 1e9).toFixed(0)} GB in all) in ${((now() - t) / 1000).toFixed(1)} s: ${error ?? 'no out-of-memory'}`);
  }

  // 10^8 floats into ordinary typed arrays
  {
    const n = 100_000_000;
    const timeIt = (f, reps = 3) => {
      f();
      const s = now();
      for (let i = 0; i < reps; i++) f();
      return (now() - s) / reps;
    };
    const push = (op, mode, ms) => {
      results.timings.push({ op, n, mode, ms, GBps: (n * 4) / ms / 1e6 });
    };
    for (const mode of ['staging', 'register']) {
      addon.setTransferMode(mode);
      push('normal float32', `1e8 floats, sync, new Float32Array each call, ${mode}`,
        timeIt(() => normal(k, n, { dtype: 'float32', backend: 'cuda' })));
      const reuse = new Float32Array(n);
      push('normal float32', `1e8 floats, sync, reused Float32Array, ${mode}`,
        timeIt(() => normal(k, n, { dtype: 'float32', out: reuse, backend: 'cuda' })));
      const d = normal(k, n, { dtype: 'float32', out: 'device', backend: 'cuda' });
      push('DeviceArray.toHost', `1e8 floats, toHost (new Float32Array), ${mode}`, timeIt(() => d.toHost()));
      push('DeviceArray.toHostAsync', `1e8 floats, toHostAsync, ${mode}`, await (async () => {
        await d.toHostAsync();
        const s = now();
        for (let i = 0; i < 3; i++) await d.toHostAsync();
        return (now() - s) / 3;
      })());
      d.free();
    }
    addon.setTransferMode('staging');
    try {
      const pinned = new Float32Array(addon.pinnedArrayBuffer(n * 4));
      push('normal float32', '1e8 floats, sync, into pinned memory', timeIt(() => normal(k, n, { dtype: 'float32', out: pinned, backend: 'cuda' })));
    } catch (e) {
      console.log(`pinned output unavailable: ${e.message}`);
    }
  }
}
