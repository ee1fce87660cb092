/**
 * Comments cite docs sections by name, not number (issue 30: numbers went stale as sections were
 * inserted): every `docs/<doc>.md, "Name"` — and the names chained after it (`, "Other"`, `to "Last"`) —
 * in lib/, cuda/, binding/, scripts/ and test/ must name a heading of that doc (its text up to a ':' or
 * ' (' will do), or a bold paragraph title (`**Name.**`) where the chain says "its paragraph" ("<…>": a
 * placeholder, skipped).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|mjs|js|h|cc|cpp|cu|cuh|py|sh|wat)$/;

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    if (f === 'node_modules' || f === 'vectors') return [];
    return statSync(join(root, p)).isDirectory() ? files(p) : SOURCE.test(f) ? [p] : [];
  });
}

const docs = new Map<string, { headings: string[]; paragraphs: string[] }>();
function doc(name: string) {
  let d = docs.get(name);
  if (!d) {
    const text = readFileSync(join(root, 'docs', `${name}.md`), 'utf8');
    d = {
      headings: [...text.matchAll(/^#+ (?:\d+(?:\.\d+)*\.? )?(.*)$/gm)].map((m) => m[1].replace(/`/g, '')),
      paragraphs: [...text.matchAll(/^\*\*(.+?)\.\*\*/gm)].map((m) => m[1]),
    };
    docs.set(name, d);
  }
  return d;
}

const names = (h: string, n: string) => h === n || h.startsWith(`${n}:`) || h.startsWith(`${n} (`);

describe('docs citations by name', () => {
  it('every cited section exists', () => {
    const bad: string[] = [];
    let seen = 0;
    for (const f of ['lib', 'cuda', 'binding', 'scripts', 'test'].flatMap(files)) {
      // a name may wrap onto the next comment line
      const text = readFileSync(join(root, f), 'utf8').replace(/\n\s*(?:\/\/|\*|#|;;)\s*/g, ' ');
      for (const m of text.matchAll(/docs\/([\w-]+)\.md, ((?:(?:, |,? to |, its paragraph )?"[^"\n]+")+)/g)) {
        const d = doc(m[1]);
        for (const c of m[2].matchAll(/(its paragraph )?"([^"]+)"/g)) {
          if (c[2].startsWith('<')) continue;  // a placeholder: "<heading>"
          seen++;
          const ok = c[1] ? d.paragraphs.includes(c[2]) : d.headings.some((h) => names(h, c[2]));
          if (!ok) bad.push(`${f}: docs/${m[1]}.md, "${c[2]}"`);
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });
});
