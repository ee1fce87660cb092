#!/usr/bin/env node
// npm run bench: the CLI's bench command (lib/cli/bench/, shipped with the package as
// `cuda-random bench`), appending every full run to bench/RESULTS.md with date, machine and commit.
//   npm run bench                          all suites (core, distributions, alias)
//   npm run bench -- alias distributions   only these suites
//   npm run bench -- --quick               smaller sizes (a smoke run, not recorded)
//   npm run bench -- --no-record           print only
//   npm run bench -- --json                JSON on stdout (recorded as Markdown unless --no-record)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/lib/cli/main.js', import.meta.url));
const results = fileURLToPath(new URL('../bench/RESULTS.md', import.meta.url));
const args = process.argv.slice(2);
const record = !args.includes('--no-record') && !args.includes('--quick');
const r = spawnSync(process.execPath, [cli, 'bench', ...args.filter((a) => a !== '--no-record'), ...(record ? ['--record', results] : [])], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
