// gpu-compare section: permutations and sampling without replacement (docs/streams.md, "Permutations and sampling
// without replacement"). The CUDA radix sort of (key, index) pairs against the TypeScript selection, bit for bit:
// permutation for sizes from 0 to 10^7 in every dtype, sync and async and into DeviceArrays; uniform samples (the
// first k of a permutation; or, with 16·k ≤ N, few of many: computed on the host by both backends, the GPU's
// uploaded into a DeviceArray — docs/streams.md, "Few of many"); weighted samples with zeros, float32 and
// float64 weights, subnormal and huge weights (ties at key 0 and +∞); and the time of a 10^6 permutation on
// each backend.
export async function comparePermute({ lib, record, results, now, max }) {
  const { key, permutation, permutationAsync, sampleWithoutReplacement, sampleWithoutReplacementAsync } = lib;
  const k = key(0x5e1ec7n);
  const sizes = [0, 1, 2, 7, 300, 4099, 65_537, 1_000_003, 10_000_001].filter((n) => n <= max);
  let ok = 0, total = 0;
  const check = (label, gpu, cpu) => {
    total++;
    if (record(label, gpu, cpu)) ok++;
  };
  for (const n of sizes) {
    for (const dtype of ['int32', 'uint32', 'float64']) {
      const want = permutation(k, n, { backend: 'cpu', dtype });
      check(`permutation ${dtype} n=${n} sync`, permutation(k, n, { backend: 'cuda', dtype }), want);
      if (n <= 1_000_003) check(`permutation ${dtype} n=${n} async`, await permutationAsync(k, n, { backend: 'cuda', dtype }), want);
      if (dtype === 'int32' && n > 0) {
        const d = permutation(k, n, { backend: 'cuda', dtype, out: 'device' });
        check(`permutation n=${n} out: device`, d.toHost(), want);
        d.free();
      }
    }
    for (const kk of [1, 1000, Math.floor(n / 2)].filter((x) => x <= n)) {
      const want = sampleWithoutReplacement(k, kk, { backend: 'cpu', population: n });
      const got = sampleWithoutReplacement(k, kk, { backend: 'cuda', population: n });
      check(`uniform sample k=${kk} of ${n}`, got, want);
      if (kk > 0 && 16 * kk <= n) {
        const d = sampleWithoutReplacement(k, kk, { backend: 'cuda', population: n, out: 'device' });
        check(`few of many k=${kk} of ${n} out: device`, d.toHost(), want);
        d.free();
        const opts = { backend: 'cuda', population: n, dtype: 'float64', out: 'device' };
        const f = await sampleWithoutReplacementAsync(k, kk, opts);
        check(`few of many k=${kk} of ${n} float64 async out: device`, f.toHost(), Float64Array.from(want));
        f.free();
      }
    }
  }
  {
    // few of the largest population: O(k) on both backends (keying it would need 32 GiB)
    const big = { population: 2 ** 32 - 1, dtype: 'uint32' };
    const d = sampleWithoutReplacement(k, 10, { ...big, backend: 'cuda', out: 'device' });
    const want = sampleWithoutReplacement(k, 10, { ...big, backend: 'cpu' });
    check('few of many k=10 of 2^32-1 out: device', d.toHost(), want);
    d.free();
  }
  for (const n of [5, 1000, 100_003, 1_000_003].filter((x) => x <= max)) {
    for (const C of [Float64Array, Float32Array]) {
      const w = C.from({ length: n }, (_, i) => (i % 11 === 0 ? 0 : i % 97 === 1 ? 1e-44 : i % 89 === 2 ? 3e38 : 1 / (1 + (i % 13))));
      let positive = 0;
      for (const v of w) if (v > 0) positive++;
      for (const kk of [1, Math.min(1000, positive), positive]) {
        check(`weighted ${C.name} k=${kk} of ${n}`, sampleWithoutReplacement(k, kk, { backend: 'cuda', weights: w }),
          sampleWithoutReplacement(k, kk, { backend: 'cpu', weights: w }));
      }
    }
  }
  if (max >= 1_000_000) {
    for (const backend of ['cpu', 'cuda']) {
      permutation(k, 1e6, { backend });
      const s = now();
      permutation(k, 1e6, { backend });
      results.timings.push({ op: 'permutation', n: 1e6, mode: `sync, ${backend}`, ms: now() - s });
    }
  }
  console.log(`permutations and samples: ${ok}/${total} equal`);
}
