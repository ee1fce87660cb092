// Regression tests for the library bugs the hardening work (issue 9) found, one block per bug; see
// docs/testing.md, "Failures found and fixed". They run in the normal suite, independent of the
// fuzzers' seeds.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cr from 'cuda-random';
import { detached, expectArgumentError, expectArgumentRejection, sameBits } from './fuzz-helpers.js';

const k = cr.key(42);

describe('beta / dirichlet shapes below 1e-300 gave NaN rows; now [1e-300, 1e300]', () => {
  it('1e-300 and the upper limit give no NaN, both dtypes', () => {
    for (const dtype of ['float32', 'float64'] as const) {
      for (const x of cr.beta(k, 4000, { a: 1e-300, b: 1e-300, dtype })) expect(x === 0 || x === 1).toBe(true);
      for (const x of cr.dirichlet(k, [1e-300, 1e-300, 1e-300], 1000, { dtype })) expect(x === 0 || x === 1).toBe(true);
      for (const x of cr.beta(k, 1000, { a: 1e-300, b: 1e300, dtype })) expect(Number.isNaN(x)).toBe(false);
    }
  });
  it('smaller shapes are a RangeError naming the shape', () => {
    expectArgumentError(() => cr.beta(k, 4, { a: 5e-324, b: 5e-324 }), 'a');
    expectArgumentError(() => cr.beta(k, 4, { a: 1, b: 1e-301 }), 'b');
    expectArgumentError(() => cr.dirichlet(k, [1, 2e-308], 4), 'alpha[1]');
    expectArgumentError(() => cr.dirichlet(k, [1, 1e301], 4), 'alpha[1]');
  });
});

describe('per-element shapes on a SharedArrayBuffer changed during an async call gave NaN; now a snapshot', () => {
  it('gammaAsync / chisquareAsync read the shapes as they were at the call (pool path)', async () => {
    const n = 1 << 17;
    for (const [fn, fnAsync, opt] of [[cr.gamma, cr.gammaAsync, 'alpha'], [cr.chisquare, cr.chisquareAsync, 'df']] as const) {
      const shapes = new Float64Array(new SharedArrayBuffer(8 * n)).fill(2.5);
      const want = (fn as typeof cr.gamma)(k, n, { [opt]: shapes } as never);
      const pending = (fnAsync as typeof cr.gammaAsync)(k, n, { [opt]: shapes } as never);
      shapes.fill(-1);
      expect(sameBits(await pending, want)).toBe(true);
    }
  });
});

describe('an out overlapping an input was accepted (samples fed back as parameters); now a RangeError', () => {
  it('gamma alpha, chisquare df, dirichlet alpha, categorical weights; disjoint views of one buffer still work', async () => {
    const buf = new ArrayBuffer(8 * 32);
    const a = new Float64Array(buf, 0, 8).fill(2);
    expectArgumentError(() => cr.gamma(k, 8, { alpha: a, out: a }), 'alpha');
    expectArgumentError(() => cr.gamma(k, 8, { alpha: a, out: new Float64Array(buf, 8, 8) }), 'out');
    expectArgumentError(() => cr.chisquare(k, 8, { df: a, out: new Float64Array(buf, 56, 8) }), 'df');
    expectArgumentError(() => cr.dirichlet(k, a, 2, { out: new Float64Array(buf, 64 - 8, 16) }), 'alpha');
    expectArgumentError(() => cr.categorical(k, a, 8, { out: new Uint32Array(buf, 4, 8) }), 'weights');
    await expectArgumentRejection(() => cr.gammaAsync(k, 8, { alpha: a, out: a }), 'out');
    const out = new Float64Array(buf, 64, 8);
    expect(sameBits(cr.gamma(k, 8, { alpha: a, out }), cr.gamma(k, 8, { alpha: 2 }))).toBe(true);
  });
});

describe('Proxies and prototype impostors of typed arrays gave V8 errors naming nothing', () => {
  const proxy = <T extends object>(x: T) => new Proxy(x, {});
  const fake = (C: Function) => Object.create(C.prototype as object) as never;
  it('are TypeErrors naming the argument', () => {
    expectArgumentError(() => cr.bits(k, 4, { out: proxy(new Uint32Array(4)) }), 'out');
    expectArgumentError(() => cr.bits(proxy(new Uint32Array(2)) as never, 4), 'key');
    expectArgumentError(() => cr.gamma(k, 4, { alpha: fake(Float64Array) }), 'alpha');
    expectArgumentError(() => cr.AliasTable.build(proxy(new Float64Array(3).fill(1))), 'weights');
    expectArgumentError(() => cr.AliasTable.fromBuffer(proxy(cr.AliasTable.build([1, 2]).toBuffer())), 'buffer');
    expectArgumentError(() => cr.philox4x32(fake(Uint32Array), [1, 2]), 'counter');
    expectArgumentError(() => new cr.Xorwow(1).fill(proxy(new Uint32Array(4))), 'out');
    expectArgumentError(() => new cr.Xorwow(1).uniform(fake(Float32Array)), 'n');
  });
});

describe('detached inputs: a TypeError naming them, like a detached out', () => {
  it('key, counter, shapes, weights, state, table buffers (a detached ArrayBuffer gave an unnamed V8 error)', () => {
    const check = (f: () => unknown, name: string) => {
      expectArgumentError(f, name);
      expect(() => f()).toThrow(/detached/);
    };
    check(() => cr.bits(detached(new Uint32Array(2)) as never, 4), 'key');
    check(() => cr.philox4x32(detached(new Uint32Array(4)), [1, 2]), 'counter');
    check(() => cr.gamma(k, 0, { alpha: detached(new Float64Array(4)) }), 'alpha');
    check(() => cr.dirichlet(k, detached(new Float64Array(2)), 1), 'alpha');
    check(() => cr.AliasTable.build(detached(new Float32Array(3))), 'weights');
    check(() => cr.Xorwow.fromState({ v: detached(new Uint32Array(5)) as never, d: 0 }), 'state.v');
    check(() => cr.AliasTable.fromBuffer(detached(cr.AliasTable.build([1, 2]).toBuffer())), 'buffer');
    const ab = cr.AliasTable.build([1, 2]).toBuffer().buffer as ArrayBuffer;
    structuredClone(ab, { transfer: [ab] });
    check(() => cr.AliasTable.fromBuffer(ab), 'buffer');
  });
  it('an out detached while an async call is pending rejects with a TypeError naming out', async () => {
    const out = new Float64Array(1 << 18);
    const pending = cr.normalAsync(k, out.length, { out });
    structuredClone(out.buffer, { transfer: [out.buffer] });
    await expectArgumentRejection(() => pending, 'out');
  });
});

describe('categoricalMethod(N, n) answered for any junk', () => {
  it('is a TypeError/RangeError naming N or n', () => {
    expectArgumentError(() => cr.categoricalMethod(-1, 5), 'N');
    expectArgumentError(() => cr.categoricalMethod(10, NaN), 'n');
    expectArgumentError(() => cr.categoricalMethod('10' as never, 5), 'N');
    expect(cr.categoricalMethod(1000, 2302)).toBe('alias');
  });
});

describe('backend() ignored options that were not an object', () => {
  it('is a TypeError naming options', () => {
    expectArgumentError(() => cr.backend(null as never), 'options');
    expectArgumentError(() => cr.backend('cpu' as never), 'options');
    expect(cr.backend({ backend: 'cpu' }).name).toBe('cpu');
  });
});

/** The `growth` a memory script (an ES module printing {"growth": bytes} last) reports, run with --expose-gc. */
function growthOf(script: string): number {
  const file = join(mkdtempSync(join(tmpdir(), 'cr-memory-')), 'memory.mjs');
  writeFileSync(file, script);
  const r = spawnSync(process.execPath, ['--expose-gc', file], { encoding: 'utf8', timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { growth: number }).growth;
}

describe('pooled async calls piled up scratch SharedArrayBuffers in the workers (RSS 0.5-1.3 GB); now reused', () => {
  it('150 rounds of pooled bitsAsync and countsAsync calls of 2^18 elements keep RSS within 64 MiB of the warm-up', () => {
    const script = `
      const cr = await import(${JSON.stringify(new URL('../dist/lib/index.js', import.meta.url).href)});
      const k = cr.key(1), n = 1 << 18, t = cr.AliasTable.build([1, 2, 3]);
      const round = () => Promise.all([cr.bitsAsync(k, n), cr.bitsAsync(k, n), t.countsAsync(k, n)]);
      for (let i = 0; i < 20; i++) await round();
      globalThis.gc();
      const before = process.memoryUsage().rss;
      for (let i = 0; i < 150; i++) await round();
      globalThis.gc();
      console.log(JSON.stringify({ growth: process.memoryUsage().rss - before }));
      await cr.shutdownPool();`;
    expect(growthOf(script)).toBeLessThan(64 * 2 ** 20);
  });
});

describe('a synchronous loop of categorical calls kept every call\'s alias rows alive (a WeakRef cache); now bounded', () => {
  it('3,000 sync categorical calls (alias method, fresh rows each) in one job grow arrayBuffers by less than 16 MiB', () => {
    // A WeakRef keeps its target until the current job ends: gc() inside the loop could not free them
    // (72 MB here before the fix; 0 after).
    const script = `
      const cr = await import(${JSON.stringify(new URL('../dist/lib/index.js', import.meta.url).href)});
      const w = Float64Array.from({ length: 3000 }, (_, i) => (i + 1) ** -1.2);
      const k = cr.key(1);
      for (let i = 0; i < 200; i++) cr.categorical(k, w, 4099, { method: 'alias' });
      globalThis.gc(); globalThis.gc(); // one collection leaves ±40 MB of freed buffers counted; two, none
      const before = process.memoryUsage().arrayBuffers;
      for (let i = 0; i < 3000; i++) cr.categorical(k, w, 4099, { method: 'alias' });
      globalThis.gc(); globalThis.gc();
      console.log(JSON.stringify({ growth: process.memoryUsage().arrayBuffers - before }));`;
    expect(growthOf(script)).toBeLessThan(16 * 2 ** 20);
  });
});
