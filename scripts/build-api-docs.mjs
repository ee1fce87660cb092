#!/usr/bin/env node
// The typed API reference in docs/api, generated from the TypeScript sources (lib/index.ts and what
// it exports) by TypeDoc with typedoc-plugin-markdown; options in typedoc.json. The output is
// committed so it reads on any Git host; --check keeps it honest.
//
//   node scripts/build-api-docs.mjs           regenerate docs/api
//   node scripts/build-api-docs.mjs --check   exit 1 if docs/api differs from what the sources give
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs/api');
const check = process.argv.includes('--check');
const typedoc = join(dirname(createRequire(import.meta.url).resolve('typedoc/package.json')), 'bin/typedoc');

function generate(out) {
  const r = spawnSync(process.execPath, [typedoc, '--options', join(ROOT, 'typedoc.json'), '--out', out, '--logLevel', 'Warn', '--treatWarningsAsErrors'], {
    cwd: ROOT, encoding: 'utf8',
  });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    process.exit(1);
  }
}

function files(dir) {
  if (!existsSync(dir)) return new Map();
  const out = new Map();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      const p = join(e.parentPath ?? e.path, e.name);
      out.set(relative(dir, p), readFileSync(p, 'utf8'));
    }
  }
  return out;
}

if (!check) {
  rmSync(OUT, { recursive: true, force: true });
  generate(OUT);
  console.log(`docs/api: ${files(OUT).size} file(s) written`);
} else {
  const tmp = mkdtempSync(join(tmpdir(), 'cr-api-docs-'));
  try {
    generate(tmp);
    const want = files(tmp);
    const have = files(OUT);
    const stale = [...new Set([...want.keys(), ...have.keys()])].filter((f) => want.get(f) !== have.get(f));
    if (stale.length) {
      console.error(`docs/api is stale (${stale.join(', ')}): run node scripts/build-api-docs.mjs and commit the result`);
      process.exit(1);
    }
    console.log(`docs/api is current (${want.size} file(s))`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
