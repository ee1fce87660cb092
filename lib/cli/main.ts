#!/usr/bin/env node
/** The `cuda-random` command line: info, demo, bench, bits. Each command has --help and its own options. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { info } from './info.js';
import { streamBits } from './bits.js';
import { demo, MAX_DEMO_N } from './demo.js';
import { bench, SUITES } from './bench/run.js';
import { libraryVersion } from './version.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface Command {
  summary: string;
  help: string;
  options: Options;
  /** Whether the command takes positional arguments. */
  positionals?: boolean;
  run(v: Values, positionals: string[]): Promise<number>;
}

function bigintArg(v: unknown, name: string, dflt: bigint): bigint {
  if (v === undefined) return dflt;
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new RangeError(`--${name} must be a non-negative integer, got '${v}'`);
  const b = BigInt(v);
  if (b >= 2n ** 64n) throw new RangeError(`--${name} must be below 2^64, got ${v}`);
  return b;
}

function intArg(v: unknown, name: string, dflt: number, min: number, max: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+(e\d+)?$/i.test(v) || !Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`--${name} must be an integer in [${min}, ${max}], got '${v}'`);
  }
  return n;
}

const COMMANDS: Record<string, Command> = {
  info: {
    summary: 'version, which backend is used and why, every visible GPU, build facts',
    help: `usage: cuda-random info [--json]

Prints the library version, the backend 'auto' resolves to and the reason (or why CUDA is not
used), every visible GPU, what the addon found (driver/runtime versions, memory, build flags) and
the CPU worker-thread count.
  --json   the same facts as JSON`,
    options: { json: { type: 'boolean' } },
    async run(v) {
      console.log(info(!!v.json));
      return 0;
    },
  },
  bench: {
    summary: 'benchmark suites with peers side by side (tables or --json)',
    help: `usage: cuda-random bench [SUITE ...] [--quick] [--json] [--record FILE]

Runs the benchmark suites in one process, so the peer libraries are measured in the same run, and
prints Markdown tables (a progress bar on stderr when it is a terminal). Suites (default: all):
${SUITES.map((s) => `  ${s.name.padEnd(14)} ${s.summary}`).join('\n')}
With a usable GPU the suites add CUDA rows and columns. Peers (@stdlib, pure-rand) are
devDependencies: absent ones are skipped, and one note gives the npm install line that adds them.
  --quick    smoke-run sizes (seconds, not for the record)
  --json     machine-readable results on stdout instead of tables
  --record   append the run (date, machine, commit, tables) to FILE, e.g. bench/RESULTS.md`,
    options: { quick: { type: 'boolean' }, json: { type: 'boolean' }, record: { type: 'string' } },
    positionals: true,
    async run(v, positionals) {
      if (v.record === '') throw new RangeError('--record needs a file');
      await bench({
        suites: positionals, quick: !!v.quick, json: !!v.json, record: v.record as string | undefined,
        args: process.argv.slice(3),
      });
      return 0;
    },
  },
  demo: {
    summary: 'draw from every distribution: throughput, fit p-values, plots',
    help: `usage: cuda-random demo [--n N] [--seed S] [--plots DIR]

Draws N values (default 1000000) from every distribution on the best backend and prints
throughput, mean and deviation against the exact ones, and a goodness-of-fit p-value
(Kolmogorov–Smirnov against the exact CDF; chi-square for alias tables).
  --n      values per distribution, 1000 .. 10000000 (default 1000000; memory about
           50 bytes per value; the plots use each row's first 1000000)
  --seed   root seed, default 2026 (the report is the same on every run and backend)
  --plots  write histograms against the exact densities to DIR as SVG and PNG
           (normal, gamma, beta, dirichlet, alias); needs the devDependencies vega,
           vega-lite, @resvg/resvg-js and @stdlib pdfs, present after npm install in a clone
           (without them the demo stops at once and prints the npm install line that adds them)`,
    options: { n: { type: 'string' }, seed: { type: 'string' }, plots: { type: 'string' } },
    async run(v) {
      const n = intArg(v.n, 'n', 1_000_000, 1000, MAX_DEMO_N);
      const seed = intArg(v.seed, 'seed', 2026, 0, Number.MAX_SAFE_INTEGER);
      if (v.plots === '') throw new RangeError('--plots needs a directory');
      await demo({ n, seed, plots: v.plots as string | undefined });
      return 0;
    },
  },
  bits: {
    summary: 'raw stream words (little-endian uint32) to stdout',
    help: `usage: cuda-random bits [--generator philox|xorwow] [--seed S] [--count N] [--offset M] [--subsequence S]

Writes the raw stream as little-endian uint32 words to stdout until --count words are written,
stdout closes or (philox) the stream ends at word 2^63, e.g. for PractRand or dieharder:
  cuda-random bits --seed 1 | RNG_test stdin32
  cuda-random bits --seed 1 | dieharder -g 200 -a
  --generator    philox (default: bits(key(seed)) of docs/streams.md, "The counter layout") or xorwow (cuRAND curand())
  --seed         seed in [0, 2^64), default 0
  --count        words to write, default: until stdout closes
  --offset       first word (philox, below 2^63) / curand_init offset (xorwow), default 0
  --subsequence  curand_init subsequence (xorwow only; refused for philox), default 0
A write error other than a closed pipe (e.g. a full disk) is one line on stderr and exit status 1.`,
    options: {
      generator: { type: 'string' }, seed: { type: 'string' }, count: { type: 'string' },
      offset: { type: 'string' }, subsequence: { type: 'string' },
    },
    async run(v) {
      const generator = v.generator ?? 'philox';
      if (generator !== 'philox' && generator !== 'xorwow') throw new RangeError(`--generator must be philox or xorwow, got '${generator}'`);
      await streamBits({
        generator,
        seed: bigintArg(v.seed, 'seed', 0n),
        count: v.count === undefined ? undefined : bigintArg(v.count, 'count', 0n),
        offset: bigintArg(v.offset, 'offset', 0n),
        subsequence: v.subsequence === undefined ? undefined : bigintArg(v.subsequence, 'subsequence', 0n),
      });
      return 0;
    },
  },
};

const MAIN_HELP = `usage: cuda-random <command> [options]

commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(7)} ${c.summary}`).join('\n')}

cuda-random <command> --help shows a command's options; cuda-random --version the version.`;

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === '--version' || cmd === '-v' || cmd === 'version') {
    console.log(libraryVersion());
    return 0;
  }
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    console.log(MAIN_HELP);
    return cmd ? 0 : 1;
  }
  const command = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!command) {
    console.error(`cuda-random: unknown command '${cmd}'\n\n${MAIN_HELP}`);
    return 2;
  }
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest, strict: true, allowPositionals: !!command.positionals,
      options: { help: { type: 'boolean', short: 'h' }, ...command.options },
    }));
  } catch (e) {
    // parseArgs' own messages name the option; exit 2 like any usage error.
    throw new RangeError(`${(e as Error).message}\n\n${command.help}`);
  }
  if (values.help) {
    console.log(command.help);
    return 0;
  }
  return command.run(values, positionals);
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => {
    console.error(`cuda-random: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = e instanceof RangeError || e instanceof TypeError ? 2 : 1;
  },
);
