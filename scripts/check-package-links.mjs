#!/usr/bin/env node
// Every relative link in the Markdown files of an unpacked package (README, docs) must point at a
// file the package ships: npm shows the README without the repository, and users read the docs in
// node_modules. Usage: node scripts/check-package-links.mjs <dir with the unpacked package>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const md = readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.md') && !f.startsWith('node_modules'));
const broken = [];
for (const f of md) {
  const text = readFileSync(join(root, f), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('#')) continue; // absolute URL or anchor
    const path = resolve(dirname(join(root, f)), decodeURIComponent(target.split('#')[0]));
    if (!existsSync(path)) broken.push(`${f}: ${target}`);
    else if (!path.startsWith(root)) broken.push(`${f}: ${target} (outside the package)`);
  }
}
if (broken.length) {
  console.error(`links to files the package does not ship (${broken.length}):\n  ${broken.join('\n  ')}`);
  process.exit(1);
}
console.log(`links: ${md.length} Markdown file(s), every relative link resolves inside the package (${relative(process.cwd(), root) || '.'})`);
