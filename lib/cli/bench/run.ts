/**
 * `cuda-random bench` (and `npm run bench`): the benchmark suites in one process, so peers are always
 * compared within one run; Markdown tables or JSON; optionally appended to a results file with date,
 * machine and commit.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { backend, shutdownPool } from '../../index.js';
import { facts, markdown, missingPeersNote, Progress, type Context, type Suite, type SuiteResult } from './harness.js';
import { core } from './core.js';
import { distributions } from './distributions.js';
import { discrete } from './discrete.js';
import { alias } from './alias.js';
import { counts } from './counts.js';
import { qrng } from './qrng.js';
import { generatorSuite } from './generator.js';
import { permuteSuite } from './permute.js';

export const SUITES: readonly Suite[] = [core, distributions, discrete, counts, alias, qrng, generatorSuite, permuteSuite];

export interface BenchOptions {
  suites: string[];
  quick: boolean;
  json: boolean;
  /** Markdown file to append the run to. */
  record?: string;
  args: string[];
}

export async function bench(o: BenchOptions): Promise<void> {
  const unknown = o.suites.filter((s) => !SUITES.some((x) => x.name === s));
  if (unknown.length) {
    throw new RangeError(`unknown suite '${unknown[0]}': choose from ${SUITES.map((s) => s.name).join(', ')}`);
  }
  const chosen = SUITES.filter((s) => o.suites.length === 0 || o.suites.includes(s.name));
  const f = facts();
  const b = backend();
  const ctx: Context = { quick: o.quick, cuda: b.name === 'cuda', progress: new Progress(), notes: [], missingPeers: new Set() };
  const head = `Machine: ${f.machine}. Commit: ${f.commit}. Backend: ${b.name}${o.quick ? ' (quick: smoke sizes, not for the record)' : ''}.`;
  if (!o.json) console.log(`cuda-random benchmarks — ${head}\n`);
  const results: (SuiteResult & { name: string })[] = [];
  // The heading names the command without --record's path (a machine-specific absolute path).
  const shown = o.args.filter((a, i) => a !== '--record' && o.args[i - 1] !== '--record');
  let md = `\n## ${f.date} — cuda-random bench ${shown.join(' ') || '(all suites)'}\n\n${head}\n`;
  try {
    for (const s of chosen) {
      const r = await s.run(ctx);
      ctx.progress.end();
      results.push({ name: s.name, ...r });
      const block = `### ${r.title}\n\n${r.tables.map(markdown).join('\n\n')}\n${r.notes ? `\n${r.notes}\n` : ''}`;
      if (!o.json) console.log(block);
      md += `\n${block}`;
    }
  } finally {
    ctx.progress.end();
    await shutdownPool();
  }
  const peersNote = missingPeersNote(ctx.missingPeers);
  if (peersNote) ctx.notes.unshift(peersNote);
  if (ctx.notes.length) md += `\n${ctx.notes.map((n) => `- ${n}`).join('\n')}\n`;
  if (o.json) {
    console.log(JSON.stringify({ ...f, backend: b, quick: o.quick, suites: results, notes: ctx.notes }, null, 2));
  } else {
    for (const n of ctx.notes) console.log(`note: ${n}`);
  }
  if (o.record) {
    if (!existsSync(o.record)) {
      appendFileSync(o.record, '# Benchmark results\n\nAppended by `npm run bench` (newest last). Ratios are only meaningful within one run.\n');
    }
    appendFileSync(o.record, md);
    if (!o.json) console.log(`appended to ${o.record}`);
  }
}
