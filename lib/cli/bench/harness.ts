/**
 * Shared pieces of the benchmark suites: best-of-k timing that ticks a progress bar, tables that
 * render as Markdown or JSON, the run's facts, and the peer libraries (loaded lazily: they are
 * devDependencies, absent from an installed package).
 */
import { execSync } from 'node:child_process';
import os from 'node:os';
import { installCommand, optional, packageOf } from '../optional.js';

export type Cell = string | number;
export interface Table { headers: string[]; rows: Cell[][] }
export interface SuiteResult { title: string; tables: Table[]; notes?: string }

export interface Context {
  quick: boolean;
  /** Whether the CUDA backend is available: suites then add CUDA rows or columns. */
  cuda: boolean;
  progress: Progress;
  /** Notes the runner prints once (e.g. a measurement that failed). */
  notes: string[];
  /** Peer modules that are not installed: the runner prints one line for all of them. */
  missingPeers: Set<string>;
}

export interface Suite {
  name: string;
  summary: string;
  run(ctx: Context): Promise<SuiteResult>;
}

/**
 * A one-line progress bar on stderr, only when stderr is a terminal (logs and pipes stay clean).
 * Suites announce how many measurements they plan; every timed measurement is one step.
 */
export class Progress {
  #total = 0;
  #done = 0;
  #label = '';
  #t0 = performance.now();
  readonly #tty: boolean;
  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.#tty = !!stream.isTTY;
  }
  start(label: string, total: number): void {
    this.#label = label;
    this.#total = Math.max(1, total);
    this.#done = 0;
    this.#t0 = performance.now();
    this.#draw('');
  }
  tick(what: string): void {
    this.#done = Math.min(this.#total, this.#done + 1);
    this.#draw(what);
  }
  end(): void {
    if (this.#tty) this.stream.write('\r\x1b[2K');
  }
  #draw(what: string): void {
    if (!this.#tty) return;
    const width = 24;
    const fill = Math.round((width * this.#done) / this.#total);
    const secs = ((performance.now() - this.#t0) / 1e3).toFixed(0);
    const cols = this.stream.columns ?? 100;
    const line = `${this.#label} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${this.#done}/${this.#total} ${secs}s ${what}`;
    this.stream.write(`\r\x1b[2K${line.slice(0, cols - 1)}`);
  }
}

/** Best time in ms of `reps` runs of f after one warm-up; one progress step. */
export async function bestMs(ctx: Context, what: string, f: () => unknown, reps: number): Promise<number> {
  await f();
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    await f();
    best = Math.min(best, performance.now() - t);
  }
  ctx.progress.tick(what);
  return best;
}

/** Best rate in M items/s; NaN when f throws synchronously or rejects (an op a backend lacks). */
export async function rate(ctx: Context, what: string, items: number, f: () => unknown, reps = 5): Promise<number> {
  try {
    return items / (await bestMs(ctx, what, f, reps)) / 1e3;
  } catch (e) {
    ctx.progress.tick(what);
    ctx.notes.push(`${what}: not measured (${(e as Error).message})`);
    return NaN;
  }
}

/** Three significant figures below 1 (a 4 µs call in a table of ms is 0.00400, not 0.00). */
export const fmt = (x: number): string => Number.isNaN(x) ? '–'
  : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 || x === 0 ? x.toFixed(2) : x.toPrecision(3);

export function markdown(t: Table): string {
  const cells = t.rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)));
  const w = t.headers.map((h, i) => Math.max(h.length, ...cells.map((r) => String(r[i]).length)));
  const line = (r: Cell[]) => '| ' + r.map((c, i) => String(c).padEnd(w[i])).join(' | ') + ' |';
  return [line(t.headers), '| ' + w.map((x) => '-'.repeat(x)).join(' | ') + ' |', ...cells.map(line)].join('\n');
}

export function facts() {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    if (execSync('git status --porcelain --untracked-files=no', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()) {
      commit += ' (+ uncommitted changes)';
    }
  } catch { /* not a checkout: an installed package */ }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpu}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    commit,
  };
}

/** A peer library's export, or undefined (the module is recorded in ctx.missingPeers). */
export async function peer<T = any>(ctx: Context, name: string, pick?: string): Promise<T | undefined> {
  const m = await optional<any>(name);
  if (m === undefined) {
    ctx.missingPeers.add(name);
    return undefined;
  }
  return pick ? m[pick] : m;
}

/** One line for all missing peers (an installed package lacks every one): what was skipped and how to add them. */
export function missingPeersNote(missing: ReadonlySet<string>): string | undefined {
  if (missing.size === 0) return undefined;
  const names = [...missing];
  const packages = new Set(names.map(packageOf));
  return `${packages.size} peer package${packages.size === 1 ? ' is' : 's are'} not installed (devDependencies of cuda-random), so their rows are skipped; `
    + `to measure them too: ${installCommand(names)}`;
}
