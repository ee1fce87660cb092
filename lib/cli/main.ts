#!/usr/bin/env node
/** The `cuda-random` command line: info, demo, bits. Each command has --help. */
import { parseArgs } from 'node:util';
import { info } from './info.js';
import { streamBits } from './bits.js';
import { demo } from './demo.js';

const HELP: Record<string, string> = {
  main: `usage: cuda-random <command> [options]

commands:
  info    which backend is used and why, device and build facts   (--json)
  demo    draw from every distribution, print a report            (--n N)
  bits    raw stream words (little-endian uint32) to stdout        (--generator, --seed, ...)

cuda-random <command> --help shows a command's options.`,
  info: `usage: cuda-random info [--json]

Prints the backend 'auto' resolves to, the reason (or why CUDA is not used), what the addon found
(driver/runtime versions, device, memory) and the CPU worker-thread count.`,
  demo: `usage: cuda-random demo [--n N]

Draws N values (default 1000000) from every distribution on the best backend and prints means,
deviations, throughput and goodness-of-fit p-values.`,
  bits: `usage: cuda-random bits [--generator philox|xorwow] [--seed S] [--count N] [--offset M] [--subsequence S]

Writes the raw stream as little-endian uint32 words to stdout until --count words are written or
stdout closes, e.g. for dieharder:  cuda-random bits --seed 1 | dieharder -g 200 -a
  --generator  philox (default: bits(key(seed)) of docs/streams.md §3) or xorwow (cuRAND curand())
  --seed       seed in [0, 2^64), default 0
  --offset     first word (philox) / curand_init offset (xorwow), default 0
  --subsequence  curand_init subsequence (xorwow only), default 0`,
};

function bigintArg(v: string | undefined, name: string, dflt: bigint): bigint {
  if (v === undefined) return dflt;
  if (!/^\d+$/.test(v)) throw new RangeError(`--${name} must be a non-negative integer, got '${v}'`);
  const b = BigInt(v);
  if (b >= 2n ** 64n) throw new RangeError(`--${name} must be below 2^64, got ${v}`);
  return b;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    console.log(HELP.main);
    return cmd ? 0 : 1;
  }
  if (!(cmd in HELP) || cmd === 'main') {
    console.error(`cuda-random: unknown command '${cmd}'\n\n${HELP.main}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      json: { type: 'boolean' },
      n: { type: 'string' },
      generator: { type: 'string' },
      seed: { type: 'string' },
      count: { type: 'string' },
      offset: { type: 'string' },
      subsequence: { type: 'string' },
    },
  });
  if (values.help) {
    console.log(HELP[cmd]);
    return 0;
  }
  switch (cmd) {
    case 'info':
      console.log(info(!!values.json));
      return 0;
    case 'demo': {
      const n = values.n === undefined ? 1_000_000 : Number(values.n);
      if (!Number.isInteger(n) || n < 1000 || n > 1e8) throw new RangeError(`--n must be an integer in [1000, 1e8], got '${values.n}'`);
      await demo({ n });
      return 0;
    }
    case 'bits': {
      const generator = values.generator ?? 'philox';
      if (generator !== 'philox' && generator !== 'xorwow') throw new RangeError(`--generator must be philox or xorwow, got '${generator}'`);
      await streamBits({
        generator,
        seed: bigintArg(values.seed, 'seed', 0n),
        count: values.count === undefined ? undefined : bigintArg(values.count, 'count', 0n),
        offset: bigintArg(values.offset, 'offset', 0n),
        subsequence: bigintArg(values.subsequence, 'subsequence', 0n),
      });
      return 0;
    }
  }
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => {
    console.error(`cuda-random: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = e instanceof RangeError || e instanceof TypeError ? 2 : 1;
  },
);
