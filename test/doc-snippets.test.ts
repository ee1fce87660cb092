/**
 * Every ```js / ```ts block of README.md and docs/*.md runs as shown: a reader pastes one block into a
 * fresh file and it must work, so each block is run alone, as its own ES module, importing
 * 'cuda-random' the way an installed package does (node_modules/cuda-random → this repository, whose
 * package.json "exports" point at dist/: `npm run build` first, as `npm test` does). A block that is
 * not meant to run (a signature listing, a fragment that needs two GPUs) says so with
 * `<!-- not-runnable: reason -->` on the line before its fence.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Files whose blocks are not checked yet, and why (each entry is a debt: remove it when paid). */
const UNCHECKED: Record<string, string> = {
};

interface Snippet {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: 'js' | 'ts';
  code: string;
  /** The reason given by a `<!-- not-runnable: … -->` comment before the fence, if any. */
  notRunnable?: string;
}

const LANGS: Record<string, 'js' | 'ts'> = { js: 'js', javascript: 'js', mjs: 'js', ts: 'ts', typescript: 'ts' };

/** The js/ts fenced blocks of a Markdown text. */
function snippets(file: string, text: string): Snippet[] {
  const lines = text.split('\n');
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const fence = open[2];
    let j = i + 1;
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) j++;
    const lang = LANGS[open[3].toLowerCase()];
    if (lang) {
      let p = i - 1;
      while (p >= 0 && lines[p].trim() === '') p--;
      const mark = p >= 0 ? /^\s*<!--\s*not-runnable:\s*(.*?)\s*-->\s*$/.exec(lines[p]) : null;
      out.push({ file, line: i + 1, lang, code: lines.slice(i + 1, j).join('\n'), notRunnable: mark?.[1] });
    }
    i = j;
  }
  return out;
}

function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

function runNode(file: string, cwd: string): Promise<{ code: number | null; out: string; err: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [file], {
      cwd,
      timeout: 30_000,
      env: { ...process.env, CUDA_RANDOM_BACKEND: 'cpu' },
    }, (error, out, err) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, out: String(out), err: String(err) + (error?.killed ? '\n(killed: ran past 30 s)' : ''), ms: Date.now() - t0 });
    });
  });
}

describe('snippet extraction', () => {
  it('finds js/ts blocks, their lines and not-runnable marks, and skips other languages', () => {
    const md = [
      '# t', '```sh', 'npm test', '```', '',
      '```js', "import { key } from 'cuda-random';", '```',
      '<!-- not-runnable: a signature -->', '', '```ts', 'f(n: number): void', '```',
      '````js', '```', 'inner', '```', '````',
    ].join('\n');
    const s = snippets('x.md', md);
    expect(s.map((b) => [b.line, b.lang, b.notRunnable])).toEqual([[6, 'js', undefined], [11, 'ts', 'a signature'], [14, 'js', undefined]]);
    expect(s[0].code).toBe("import { key } from 'cuda-random';");
    expect(s[2].code).toBe('```\ninner\n```');
  });

  it('every not-runnable mark gives a reason, and an unchecked file still has unmarked blocks (else drop it from UNCHECKED)', () => {
    const all = docFiles().flatMap((f) => snippets(f, readFileSync(join(root, f), 'utf8')));
    for (const s of all) if (s.notRunnable !== undefined) expect(s.notRunnable, `${s.file}:${s.line}`).not.toBe('');
    for (const f of Object.keys(UNCHECKED)) {
      expect(all.some((s) => s.file === f && s.notRunnable === undefined), `${f} is in UNCHECKED but has no unmarked js/ts block`).toBe(true);
    }
  });
});

describe('documentation code blocks run as shown (CPU backend, each block alone)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-snippets-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'cuda-random'), 'dir');
  const runnable = docFiles()
    .filter((f) => !Object.hasOwn(UNCHECKED, f))
    .flatMap((f) => snippets(f, readFileSync(join(root, f), 'utf8')))
    .filter((s) => s.notRunnable === undefined);

  it('there are blocks to run', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(5);
  });

  for (const s of runnable) {
    it(`${s.file}:${s.line}`, async () => {
      const js = s.lang === 'ts' ? transformSync(s.code, { loader: 'ts', format: 'esm' }).code : s.code;
      const file = join(dir, `${s.file.replace(/[/.]/g, '_')}_${s.line}.mjs`);
      writeFileSync(file, js);
      const r = await runNode(file, dir);
      expect(r.code, `${s.file}:${s.line} exited ${r.code}:\n${r.err}`).toBe(0);
    }, 40_000);
  }

  afterAll(() => rmSync(dir, { recursive: true, force: true }));
});
