#!/usr/bin/env node
// Single-thread throughput of the CPU backend's Philox paths, JS vs WebAssembly SIMD, on the built
// package (run `npx tsc -p .` first):
//
//   node scripts/bench-wasm.mjs               bits, uniform32, uniform64 at n = 1e6 and 1e7
//   node scripts/bench-wasm.mjs --reps 9      more repetitions (best and median are printed)
//   node scripts/bench-wasm.mjs --crossover   ns per call for small counts, JS philoxStream vs
//                                             philoxStreamWasm (how WASM_MIN_WORDS was chosen)
//
// The JS numbers come from a child process with CUDA_RANDOM_NO_WASM=1 (the switch is read once per
// process), the WASM numbers from one without it; both time lib/kernels/raw.ts, i.e. what a CPU kernel
// runs. "M values/s" counts outputs; "M words/s" counts the Philox words consumed (float64 uses two).
// A row for pure-rand's xoroshiro128plus doubles (a devDependency) gives a peer in the same run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import os from 'node:os';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(join(root, 'dist/lib', p)).href;
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const reps = Number(opt('--reps', '7'));
const sizes = [1e6, 1e7];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Child: time each (op, n) `reps` times after a warm-up; print JSON of ms per run. */
async function child() {
  const raw = await import(dist('cpu/raw.js'));
  const { wasmAvailable } = await import(dist('wasm/philox.js'));
  const out = { wasm: wasmAvailable(), runs: {} };
  for (const n of sizes) {
    const u32 = new Uint32Array(n);
    const f32 = new Float32Array(n);
    const f64 = new Float64Array(n);
    const ops = {
      bits: (r) => raw.rawBits(0x1234, 0x5678, r * n, 0, u32),
      uniform32: (r) => raw.uniform32(0x1234, 0x5678, r * n, 0, f32, 0, 1),
      uniform64: (r) => raw.uniform64(0x1234, 0x5678, r * n, 0, f64, 0, 1),
    };
    if (process.env.CUDA_RANDOM_NO_WASM) {
      // Peer for context, in the same process conditions: pure-rand's xoroshiro128plus doubles.
      const pr = xoroshiro128plus(42);
      ops['pure-rand-f64'] = () => { for (let i = 0; i < n; i++) f64[i] = uniformFloat64(pr); };
    }
    for (const [name, f] of Object.entries(ops)) {
      f(0);
      const ms = [];
      for (let r = 1; r <= reps; r++) {
        const t = performance.now();
        f(r);
        ms.push(performance.now() - t);
      }
      out.runs[`${name} ${n}`] = ms;
    }
  }
  console.log(JSON.stringify(out));
}

/**
 * Child: ns per call at small counts (the WASM_MIN_WORDS crossover): philoxStream in the JS child
 * (WASM off), philoxStreamWasm itself in the other, so both columns cover every count.
 */
async function crossoverChild() {
  const { philoxStream } = await import(dist('philox.js'));
  const { wasmAvailable, philoxStreamWasm } = await import(dist('wasm/philox.js'));
  const stream = wasmAvailable() ? philoxStreamWasm : philoxStream;
  const dst = new Uint32Array(4096);
  const res = {};
  for (const n of [1, 2, 4, 8, 12, 16, 24, 32, 64, 128, 256]) {
    const calls = 20000;
    const run = () => { for (let i = 0; i < calls; i++) stream(1, 2, 0, 0, i * 5, 0, dst, 0, n); };
    run();
    let best = Infinity;
    for (let r = 0; r < 15; r++) {
      const t = performance.now();
      run();
      best = Math.min(best, performance.now() - t);
    }
    res[n] = (best / calls) * 1e6;
  }
  console.log(JSON.stringify({ wasm: wasmAvailable(), res }));
}

function spawnChild(mode, noWasm) {
  const env = { ...process.env };
  if (noWasm) env.CUDA_RANDOM_NO_WASM = '1';
  else delete env.CUDA_RANDOM_NO_WASM;
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), mode, '--reps', String(reps)], {
    env, encoding: 'utf8', maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`benchmark child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

if (args.includes('--child')) {
  await child();
} else if (args.includes('--crossover-child')) {
  await crossoverChild();
} else if (args.includes('--crossover')) {
  const js = spawnChild('--crossover-child', true);
  const wasm = spawnChild('--crossover-child', false);
  if (!wasm.wasm) console.log('note: WASM is unavailable in this process; both columns are JS');
  console.log('ns per call (best of 15 x 20000 calls): JS philoxStream vs philoxStreamWasm\n');
  console.log('| words | JS ns | WASM ns | JS/WASM |\n| ---: | ---: | ---: | ---: |');
  for (const n of Object.keys(js.res)) {
    console.log(`| ${n} | ${js.res[n].toFixed(0)} | ${wasm.res[n].toFixed(0)} | ${(js.res[n] / wasm.res[n]).toFixed(2)} |`);
  }
} else {
  const js = spawnChild('--child', true);
  const wasm = spawnChild('--child', false);
  if (!wasm.wasm) console.log('note: WASM is unavailable in this process; both columns are JS');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`${cpu}, ${os.availableParallelism()} cores, Node ${process.version}; one thread, ${reps} runs each (best / median)\n`);
  console.log('| op | n | JS M values/s | WASM M values/s | JS M words/s | WASM M words/s | speed-up (best) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const f = (x) => x.toFixed(0);
  for (const key of Object.keys(js.runs)) {
    const [op, nStr] = key.split(' ');
    if (op === 'pure-rand-f64') {
      const b = Number(nStr) / Math.min(...js.runs[key]) / 1e3, m = Number(nStr) / median(js.runs[key]) / 1e3;
      console.log(`| (peer) pure-rand xoroshiro128plus uniformFloat64 | ${Number(nStr).toExponential(0)} | ${f(b)} / ${f(m)} | | | | |`);
      continue;
    }
    const n = Number(nStr);
    const wpv = op === 'uniform64' ? 2 : 1;
    const rate = (ms) => n / ms / 1e3; // M values/s
    const jb = rate(Math.min(...js.runs[key])), jm = rate(median(js.runs[key]));
    const wb = rate(Math.min(...wasm.runs[key])), wm = rate(median(wasm.runs[key]));
    console.log(`| ${op} | ${n.toExponential(0)} | ${f(jb)} / ${f(jm)} | ${f(wb)} / ${f(wm)} | ${f(jb * wpv)} / ${f(jm * wpv)} | ${f(wb * wpv)} / ${f(wm * wpv)} | ${(wb / jb).toFixed(1)}x |`);
  }
}
