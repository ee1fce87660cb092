/**
 * The constants that TypeScript and C++ must share, read from the headers' text: the counter layout's
 * tags (lib/core/layout.ts ↔ cuda/include/cr_layout.h), Philox's constants (lib/core/philox.ts ↔
 * cr_philox.h), the transforms (lib/samplers' TRANSFORMS ↔ cr_transforms.h's CR_TRANSFORMS), the element
 * samplers (ELEMENTS ↔ cr_elements.h's CR_ELEMENTS, their tags distinct from every other), the
 * proposals bound (lib/kernels/gamma.ts ↔ cr_dist_items.h), the stand-in addon's default proposals
 * (↔ cr_api_dist.h), and every addon function the registry names (↔ a `define` in binding/*.cc).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as layout from '../lib/core/layout.js';
import * as philox from '../lib/core/philox.js';
import { ELEMENTS, OPS, TRANSFORMS, transformParamNames } from '../lib/samplers/registry.js';
import { MAX_PROPOSALS } from '../lib/core/constraints.js';
import { standInAddon } from './stand-in-addon.js';

const root = join(import.meta.dirname, '..');
const header = (name: string) => readFileSync(join(root, 'cuda/include', name), 'utf8');

/** `#define PREFIX<name> <number>[u]` of a header, as name → value. */
function defines(text: string, prefix: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of text.matchAll(new RegExp(`^#define ${prefix}(\\w+) \\(?(-?(?:0x[0-9A-Fa-f]+|\\d+))u?\\)?\\s*$`, 'gm'))) {
    m.set(d[1], Number(d[2]));
  }
  return m;
}

describe('constants shared by TypeScript and C++', () => {
  it('stream tags: lib/core/layout.ts TAG_* = cr_layout.h CR_TAG_*', () => {
    const c = defines(header('cr_layout.h'), 'CR_TAG_');
    const ts = new Map(Object.entries(layout).filter(([k]) => k.startsWith('TAG_')).map(([k, v]) => [k.slice(4), v]));
    expect(c.size).toBeGreaterThanOrEqual(7);
    expect(new Map([...c].sort())).toEqual(new Map([...ts].sort()));
    expect(new Set(c.values()).size, 'tags are distinct').toBe(c.size);
  });

  it('Philox constants: lib/core/philox.ts PHILOX_* = cr_philox.h CR_PHILOX_*', () => {
    const c = defines(header('cr_philox.h'), 'CR_PHILOX_');
    const ts = new Map(Object.entries(philox).filter(([k]) => k.startsWith('PHILOX_')).map(([k, v]) => [k.slice(7), v]));
    expect([...c.keys()].sort()).toEqual(['M4x32_0', 'M4x32_1', 'ROUNDS', 'W32_0', 'W32_1']);
    expect(new Map([...c].sort())).toEqual(new Map([...ts].sort()));
  });

  it('transforms: every TRANSFORMS entry is a CR_TRANSFORMS line with the same id, base and parameter count', () => {
    const text = header('cr_transforms.h');
    const lines = [...text.matchAll(/X\((\d+), (\w+), CR_BASE_(UNIFORM|NORMAL), (\d+)\)/g)]
      .map((x) => ({ id: Number(x[1]), name: x[2], base: x[3].toLowerCase(), params: Number(x[4]) }));
    const ts = TRANSFORMS.map((t) => ({ id: t.id, name: t.name, base: t.base, params: transformParamNames(t).length }));
    expect(ts.length).toBeGreaterThanOrEqual(2);
    expect(lines.sort((a, b) => a.id - b.id)).toEqual(ts.sort((a, b) => a.id - b.id));
    const most = defines(text, 'CR_').get('TRANSFORM_MAX_PARAMS')!;
    for (const t of ts) expect(t.params, t.name).toBeLessThanOrEqual(most);
    for (const t of ts) expect(text, `cr_tf_${t.name}`).toMatch(new RegExp(`CR_HD inline T cr_tf_${t.name}\\(T `));
  });

  it('element samplers: every ELEMENTS entry is a CR_ELEMENTS line with the same id, tag and parameter count', () => {
    const text = header('cr_elements.h');
    const tagOf = (t: string) => {
      const name = /^CR_TAG_(\w+)$/.exec(t)![1];
      // a tag of cr_layout.h, or one its sampler's header defines
      const all = new Map([...defines(header('cr_layout.h'), 'CR_TAG_')]);
      for (const f of readdirSync(join(root, 'cuda/include'))) for (const [k, v] of defines(header(f), 'CR_TAG_')) all.set(k, v);
      return all.get(name);
    };
    const lines = [...text.matchAll(/^\s*X\((\d+), (\w+), (CR_TAG_\w+), (\d+)\)/gm)]
      .map((x) => ({ id: Number(x[1]), tag: tagOf(x[3]), params: Number(x[4]) }));
    const ts = ELEMENTS.map((e) => ({ id: e.id, tag: e.tag, params: transformParamNames(e).length }));
    expect(ts.length).toBeGreaterThanOrEqual(2);
    expect(lines.sort((a, b) => a.id - b.id)).toEqual(ts.sort((a, b) => a.id - b.id));
    expect(ts.map((e) => e.id).sort(), 'ids 0 … count − 1').toEqual(ts.map((_, i) => i));
    const most = defines(text, 'CR_').get('ELEMENT_MAX_PARAMS')!;
    for (const e of ts) expect(e.params).toBeLessThanOrEqual(most);
    // each tag is its own sub-stream: distinct from the layout's tags and from each other
    const layoutTags = Object.entries(layout).filter(([k]) => k.startsWith('TAG_')).map(([, v]) => v as number);
    const own = ELEMENTS.filter((e) => !layoutTags.includes(e.tag)).map((e) => e.tag);
    expect(new Set([...layoutTags, ...own]).size).toBe(layoutTags.length + own.length);
    expect(new Set(ELEMENTS.map((e) => e.tag)).size, 'element tags are distinct').toBe(ELEMENTS.length);
  });

  it('proposals: MAX_PROPOSALS = CR_MAX_PROPOSALS; the stand-in default = CR_GAMMA_DEFAULT_PROPOSALS', () => {
    expect(defines(header('cr_dist_items.h'), 'CR_').get('MAX_PROPOSALS')).toBe(MAX_PROPOSALS);
    const dflt = defines(header('cr_api_dist.h'), 'CR_').get('GAMMA_DEFAULT_PROPOSALS');
    expect(dflt).toBeGreaterThanOrEqual(1);
    expect(standInAddon().gammaDefaultProposals).toBe(dflt);
  });

  it('every addon function the registry names is defined by the binding (sync and Async)', () => {
    const binding = readdirSync(join(root, 'binding')).filter((f) => f.endsWith('.cc'))
      .map((f) => readFileSync(join(root, 'binding', f), 'utf8')).join('\n');
    const defined = new Set([...binding.matchAll(/define\(env, exports, "(\w+)"/g)].map((x) => x[1]));
    const named = [...OPS.values()].flatMap((op) => (op.cuda?.fn ? [op.cuda.fn] : []));
    expect(named.length).toBeGreaterThan(10);
    for (const fn of named) expect(defined.has(fn), `binding defines ${fn}`).toBe(true);
  });
});
