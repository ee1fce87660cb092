#!/usr/bin/env node
/**
 * Fixed cost of small calls (issue 31): categorical, AliasTable.build, permutation, shuffle,
 * sampleWithoutReplacement at the sizes a Markov chain or a card game uses. Runs against a built
 * dist/ (default: this checkout's; `--dist DIR` another one, e.g. a build of an older commit), in the
 * calling thread, CPU backend. Prints µs per call (median of `--rounds` rounds of a timed loop).
 * The clock is the process's CPU time (process.cpuUsage: user + system, every thread of the process),
 * so that other work on a shared machine, which takes the CPU away, does not count; `--clock wall`
 * for wall time.
 *
 *   node scripts/bench-small-calls.mjs [--dist path/to/dist/lib/index.js] [--rounds 7] [--label name]
 *     [--only substring] [--clock cpu|wall] [--before path/to/other/dist/lib/index.js]
 *
 * With --before, each case runs on both builds in one process, their rounds alternating (so both see the
 * same machine state), and the table gives before, after and their ratio.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const here = path.dirname(new URL(import.meta.url).pathname);
const entry = path.resolve(opt('dist', path.join(here, '..', 'dist', 'lib', 'index.js')));
const rounds = Number(opt('rounds', '7'));
const label = opt('label', '');
const only = opt('only', '');
const clock = opt('clock', 'cpu');
/** Microseconds on the chosen clock. */
const now = clock === 'wall'
  ? () => Number(process.hrtime.bigint()) / 1e3
  : () => { const u = process.cpuUsage(); return u.user + u.system; };
const lib = await import(pathToFileURL(entry).href);
const beforeEntry = opt('before', '');
const libBefore = beforeEntry ? await import(pathToFileURL(path.resolve(beforeEntry)).href) : null;

const w4 = [0.1, 0.2, 0.3, 0.4];
const w2 = [1, 3];
const w64 = Array.from({ length: 64 }, (_, i) => 1 + (i % 7));
const w52 = new Float64Array(52).fill(1);
const deck = Array.from({ length: 52 }, (_, i) => i);
const items64 = new Float64Array(64).map((_, i) => i);

/** µs per call of each of `fns` (one, or before and after): each loop runs for about `ms` per round after
 *  a warm-up; median over rounds, the functions' rounds alternating. An async case's function returns a
 *  promise, awaited before the next call. */
async function time(fns, isAsync, ms = 150) {
  const loops = fns.map((fn) => (isAsync
    ? async (reps) => { for (let i = 0; i < reps; i++) await fn(i); }
    : async (reps) => { for (let i = 0; i < reps; i++) fn(i); }));
  // Warm-up: 300 ms of calls first (the JIT compiles the call's whole path), then calibrate.
  for (const loop of loops) {
    const w0 = process.hrtime.bigint();
    while (Number(process.hrtime.bigint() - w0) < 3e8) await loop(16);
  }
  let reps = 1;
  for (;;) {
    const t0 = now();
    await loops[0](reps);
    const dt = (now() - t0) / 1e3;
    if (dt > 20) { reps = Math.max(1, Math.ceil(reps * ms / dt)); break; }
    reps *= 4;
  }
  const r = loops.map(() => []);
  for (let k = 0; k < rounds; k++) {
    for (let j = 0; j < loops.length; j++) {
      const t0 = now();
      await loops[j](reps);
      r[j].push((now() - t0) / reps);
    }
  }
  return r.map((x) => x.sort((a, b) => a - b)[x.length >> 1]);
}

/** `r` rows of 64 weights, each row different. */
// rows of dyadic weights (den 1024: their sums are exact in binary64) or decimal ones (1000: sums round)
const rowsOf = (r, den = 1024) => Array.from({ length: r }, (_, j) => Array.from({ length: 64 }, (_, i) => 1 + ((i + j) % 17) + j / den));

function casesFor(lib) {
  const { key, categorical, AliasTable, permutation, shuffle, sampleWithoutReplacement, generator,
    categoricalAsync, permutationAsync, shuffleAsync, sampleWithoutReplacementAsync, uniform, normal, uniformAsync } = lib;
  const K = key(42);
  const o16 = new Float64Array(16);
  return [
  // the registry samplers' call path (options, job, backend) around a kernel of a few ns
  ['uniform(k, 16, {out})', () => (i) => uniform(K, 16, { out: o16, offset: i })],
  ['normal(k, 16, {out})', () => (i) => normal(K, 16, { out: o16, offset: i })],
  ['g.categorical([.1,.2,.3,.4]) (one draw)', () => { const g = generator(K); return () => g.categorical(w4); }],
  ['g.categorical(64 weights) (one draw)', () => { const g = generator(K); return () => g.categorical(w64); }],
  // a chain of 8 states (rows repeat: the prefix-sum cache's case) and of 64 states (more rows than
  // the cache holds: every draw converts its row's weights afresh)
  ['g.categorical(64 weights, 8 rows in turn) (one draw)', () => { const g = generator(K); const rows = rowsOf(8); return (i) => g.categorical(rows[i & 7]); }],
  ['g.categorical(64 weights, 64 rows in turn) (one draw)', () => { const g = generator(K); const rows = rowsOf(64); return (i) => g.categorical(rows[i & 63]); }],
  ['g.categorical(64 decimal weights, 64 rows in turn) (one draw)', () => { const g = generator(K); const rows = rowsOf(64, 1000); return (i) => g.categorical(rows[i & 63]); }],
  ['categorical(k, 4 weights, 1)', () => (i) => categorical(K, w4, 1, { offset: i })],
  ['categorical(k, 64 weights, 1000)', () => (i) => categorical(K, w64, 1000, { offset: i })],
  ['AliasTable.build(2 weights)', () => () => AliasTable.build(w2)],
  ['AliasTable.build(64 weights)', () => () => AliasTable.build(w64)],
  ['AliasTable.build(64 weights, psa+)', () => () => AliasTable.build(w64, { method: 'psa+' })],
  ['permutation(k, 10)', () => () => permutation(K, 10)],
  ['permutation(k, 64)', () => () => permutation(K, 64)],
  ['shuffle(k, 52 items)', () => () => shuffle(K, deck)],
  ['shuffle(k, Float64Array(64))', () => () => shuffle(K, items64)],
  ['sampleWithoutReplacement(k, 5, {population: 52})', () => () => sampleWithoutReplacement(K, 5, { population: 52 })],
  ['sampleWithoutReplacement(k, 5, {weights: 52})', () => () => sampleWithoutReplacement(K, 5, { weights: w52 })],
  ['permutation(k, 1000)', () => () => permutation(K, 1000)],
  ['AliasTable.build(1000 weights)', () => { const w = Array.from({ length: 1000 }, (_, i) => 1 + (i % 13)); return () => AliasTable.build(w); }],
  ['async: uniformAsync(k, 16, {out})', () => (i) => uniformAsync(K, 16, { out: o16, offset: i }), true],
  ['async: categoricalAsync(k, 4 weights, 1)', () => (i) => categoricalAsync(K, w4, 1, { offset: i }), true],
  ['async: permutationAsync(k, 64)', () => () => permutationAsync(K, 64), true],
  ['async: shuffleAsync(k, 52 items)', () => () => shuffleAsync(K, deck), true],
  ['async: sampleWithoutReplacementAsync(k, 5, {weights: 52})', () => () => sampleWithoutReplacementAsync(K, 5, { weights: w52 }), true],
];
}

const cases = casesFor(lib);
const casesBefore = libBefore ? casesFor(libBefore) : null;
const out = [];
for (const [c, [name, make, isAsync]] of cases.entries()) {
  if (only && !name.includes(only)) continue;
  const fns = casesBefore ? [casesBefore[c][1](), make()] : [make()];
  out.push([name, await time(fns, isAsync)]);
}
const w = Math.max(...out.map(([n]) => n.length));
const what = `${clock === 'wall' ? 'wall' : 'CPU'} time, median of ${rounds}`;
if (libBefore) {
  console.log(`# before ${beforeEntry}, after ${label || entry}  (µs per call, ${what}, rounds alternating)`);
  console.log(`${'case'.padEnd(w)}  ${'before'.padStart(9)}  ${'after'.padStart(9)}  after/before`);
  for (const [n, [b, a]] of out) console.log(`${n.padEnd(w)}  ${b.toFixed(2).padStart(9)}  ${a.toFixed(2).padStart(9)}  ${(a / b).toFixed(2).padStart(12)}`);
} else {
  console.log(`# ${label || entry}  (µs per call, ${what})`);
  for (const [n, [us]] of out) console.log(`${n.padEnd(w)}  ${us.toFixed(2).padStart(9)}`);
}
await lib.shutdownPool?.();
await libBefore?.shutdownPool?.();
