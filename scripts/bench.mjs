#!/usr/bin/env node
// npm run bench: every benchmark suite in one process run, printed and appended to bench/RESULTS.md
// with date, machine and commit, so peers are always compared within one run.
//   npm run bench                          all suites (scripts/bench/*.mjs: core, distributions, alias)
//   npm run bench -- alias distributions   only these suites
//   npm run bench -- --quick               smaller sizes (a smoke run, not for the record)
//   npm run bench -- --no-record           print only
import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { facts } from './bench/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const quick = args.includes('--quick');
const noRecord = args.includes('--no-record') || quick;
const suites = readdirSync(join(here, 'bench'))
  .filter((f) => f.endsWith('.mjs') && f !== 'harness.mjs')
  .map((f) => f.replace(/\.mjs$/, ''))
  .filter((s) => only.length === 0 || only.includes(s));

// Smoke-run sizes per suite.
const QUICK = {
  core: { n: 1e5 },
  distributions: { n: 30_000, asyncN: 150_000, reps: 1 },
  alias: { quick: true, reps: 1 },
};

const f = facts();
let md = `\n## ${f.date} — npm run bench ${args.join(' ')}\n\nMachine: ${f.machine}. Commit: ${f.commit}.\n`;
console.log(`cuda-random benchmarks — ${f.machine}, commit ${f.commit}\n`);
for (const s of suites) {
  const mod = await import(join(here, 'bench', `${s}.mjs`));
  const { title, text, notes } = await mod.run(quick ? QUICK[s] ?? {} : {});
  const block = `### ${title}\n\n${text}\n${notes ? `\n${notes}\n` : ''}`;
  console.log(block);
  md += `\n${block}`;
}
const results = join(here, '..', 'bench', 'RESULTS.md');
if (!noRecord) {
  if (!existsSync(results)) appendFileSync(results, '# Benchmark results\n\nAppended by `npm run bench` (newest last). Ratios are only meaningful within one run.\n');
  appendFileSync(results, md);
  console.log(`appended to ${results}`);
}
