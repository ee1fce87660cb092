// gpu-compare section: permutations and sampling without replacement (docs/streams.md, "Permutations and sampling
// without replacement"). The CUDA radix sort of (key, index) pairs against the TypeScript selection, bit for bit:
// permutation for sizes from 0 to 10^7 in every dtype, sync and async and into DeviceArrays; uniform samples (the
// first k of a permutation); weighted samples with zeros, float32 and float64 weights, subnormal and
// huge weights (ties at key 0 and +∞); and the time of a 10^6 permutation on each backend.
export async function comparePermute({ lib, record, results, now, max }) {
  const { key, permutation, permutationAsync, sampleWithoutReplacement } = lib;
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
      check(`uniform sample k=${kk} of ${n}`, sampleWithoutReplacement(k, kk, { backend: 'cuda', population: n }),
        sampleWithoutReplacement(k, kk, { backend: 'cpu', population: n }));
    }
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
