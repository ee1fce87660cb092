/**
 * Facts kept once (issue 30): a parameter's documentation is stated in its sampler's spec
 * (lib/samplers/<name>.ts, `doc`), which the error messages, the fuzz targets and the tools read; the
 * typed options of lib/facade/samplers.ts — what editors show on hover and docs/api lists — must say
 * the same words. Each option's doc comment is the spec's doc, optionally followed by the
 * per-element pointer; a sampler's options interface is `<Name>Options`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SAMPLERS } from '../lib/samplers/registry.js';

const root = join(import.meta.dirname, '..');
const file = join(root, 'lib/facade/samplers.ts');
const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

interface Iface { members: Map<string, string>; bases: string[] }
const ifaces = new Map<string, Iface>();
src.forEachChild((n) => {
  if (!ts.isInterfaceDeclaration(n)) return;
  const members = new Map<string, string>();
  for (const m of n.members) {
    const doc = ts.getJSDocCommentsAndTags(m).map((d) => (typeof d.comment === 'string' ? d.comment : '')).join(' ');
    if (m.name) members.set(m.name.getText(src), doc.replace(/\s+/g, ' ').trim());
  }
  const bases = n.heritageClauses?.flatMap((h) => h.types.map((t) => t.expression.getText(src))) ?? [];
  ifaces.set(n.name.text, { members, bases });
});

/** The doc comment of option `name` in interface `iface` or the first base that declares it. */
function docOf(iface: string, name: string): string | undefined {
  const i = ifaces.get(iface);
  if (!i) return undefined;
  return i.members.get(name) ?? i.bases.map((b) => docOf(b.replace(/<.*$/, ''), name)).find((d) => d !== undefined);
}

/** The spec's own words: without the sentence spec.ts hostPerElement appends. */
const specDoc = (doc: string) => doc.replace(/\s+/g, ' ').split(' One number, or one per element: a number[]')[0].trim();
const POINTER = ' One per element: see PerElementParam.';

describe('option docs: lib/facade/samplers.ts says what each spec says', () => {
  it.each(SAMPLERS.map((s) => [s.name, s] as const))('%s', (_, s) => {
    const iface = `${s.name[0].toUpperCase()}${s.name.slice(1)}Options`;
    expect(ifaces.has(iface), `lib/facade/samplers.ts declares interface ${iface}`).toBe(true);
    // a positional row vector (dirichlet's alpha) is an argument, documented with the function
    for (const q of s.params.filter((x) => !(s.rows?.param === x.name && !s.rows.option))) {
      const doc = docOf(iface, q.name);
      expect(doc, `${iface}.${q.name} has a doc comment`).toBeTruthy();
      const want = specDoc(q.doc);
      expect([want, want + POINTER], `${iface}.${q.name} (lib/samplers/${s.name}: "${want}")`).toContain(doc);
    }
  });

  it('can fail: a doc that differs by one word is seen', () => {
    const want = specDoc(SAMPLERS.find((s) => s.name === 'rayleigh')!.params[0].doc);
    expect([want, want + POINTER]).not.toContain(want.replace('Scale', 'Shape'));
  });
});
