import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Mrg32k3a, MRG32K3A_BITS_NORM, MRG32K3A_NORM, MRG32K3A_SUBSEQUENCE_STEPS, type Mrg32k3aState,
} from '../lib/mrg32k3a/mrg32k3a.js';
import { jumpMrg32k3a, mulMod, MRG32K3A_PERIOD1, MRG32K3A_PERIOD2 } from '../lib/kernels/mrg32k3a/jumps.js';
import { MRG32K3A_A1_JUMPS, MRG32K3A_A2_JUMPS } from '../lib/kernels/mrg32k3a/jump-table.js';
import { Mrg32k3a as PublicMrg32k3a } from '../lib/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const M1 = 4294967087n;
const M2 = 4294944443n;
const U64 = 2n ** 64n;

/** An independent reference: the recurrence in BigInt, state (x_{n-3}, x_{n-2}, x_{n-1}) per component. */
class RefMrg {
  s1: bigint[];
  s2: bigint[];
  constructor(st: Mrg32k3aState) {
    this.s1 = st.s1.map(BigInt);
    this.s2 = st.s2.map(BigInt);
  }
  /** The draw in [1, m1]: (x1 − x2) mod m1, with 0 read as m1. */
  step(): bigint {
    const mod = (x: bigint, m: bigint) => ((x % m) + m) % m;
    const p1 = mod(1403580n * this.s1[1] - 810728n * this.s1[0], M1);
    const p2 = mod(527612n * this.s2[2] - 1370589n * this.s2[0], M2);
    this.s1 = [this.s1[1], this.s1[2], p1];
    this.s2 = [this.s2[1], this.s2[2], p2];
    const r = mod(p1 - p2, M1);
    return r === 0n ? M1 : r;
  }
  state(): Mrg32k3aState {
    return { s1: this.s1.map(Number) as Mrg32k3aState['s1'], s2: this.s2.map(Number) as Mrg32k3aState['s2'] };
  }
}

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
}

function stepped(g: Mrg32k3a, k: number): Mrg32k3a {
  const c = g.clone();
  for (let i = 0; i < k; i++) c.next();
  return c;
}

const stateOf = (w: number[]): Mrg32k3aState => ({ s1: [w[0], w[1], w[2]], s2: [w[3], w[4], w[5]] });

/**
 * L'Ecuyer's published RngStreams results (umontreal-simul/RngStreams, tests/test2RngStream.res, with
 * the package seed 12345 × 6 — cuRAND's seed-0 state): stream g2 starts 2^127 steps after g1, g3
 * 2^128; RandU01 is the draw r times 1/(m1 + 1), printed with 13 significant digits, so
 * round(u · (m1 + 1)) recovers r exactly.
 */
const RNGSTREAMS = {
  g2: [3692455944, 1366884236, 2968912127, 335948734, 4161675175, 475798818],
  g3: [1015873554, 1310354410, 2249465273, 994084013, 2912484720, 3876682925],
  g1After35: [1040577685, 3747037609, 277208355, 1712706441, 627445683, 2408037141],
  g1U36: 0.07941673614985,
  g3First5: [0.7285097861965, 0.9655872822837, 0.9961841304801, 0.1149884161813, 0.9731454191297],
  g3Substream4First5: [0.1734545396358, 0.03286351608942, 0.2643169129682, 0.3059403602117, 0.5476303035177],
  // RngStream.cpp's A1p76, A2p76 (substream jump) and A1p127, A2p127 (stream jump), row-major
  A1p76: [82758667, 1871391091, 4127413238, 3672831523, 69195019, 1871391091, 3672091415, 3528743235, 69195019],
  A2p76: [1511326704, 3759209742, 1610795712, 4292754251, 1511326704, 3889917532, 3859662829, 4292754251, 3708466080],
  A1p127: [2427906178, 3580155704, 949770784, 226153695, 1230515664, 3580155704, 1988835001, 986791581, 1230515664],
  A2p127: [1464411153, 277697599, 1610723613, 32183930, 1464411153, 1022607788, 2824425944, 32183930, 2093834863],
};
const drawOf = (u: number) => BigInt(Math.round(u * 4294967088));

describe("MRG32k3a against L'Ecuyer's published values", () => {
  it('seed 0 is the default seed 12345 × 6', () => {
    expect(new Mrg32k3a(0).state()).toEqual(stateOf(Array(6).fill(12345)));
  });

  it('offset 35 is the published state after 35 steps, and the next draw matches RandU01', () => {
    const g = new Mrg32k3a(0, { offset: 35 });
    expect(g.state()).toEqual(stateOf(RNGSTREAMS.g1After35));
    expect(BigInt(Math.round(g.uniformDouble(1)[0] / MRG32K3A_NORM))).toBe(drawOf(RNGSTREAMS.g1U36));
  });

  it('skip(2^127) and skip(2^128) reach streams g2 and g3', () => {
    expect(new Mrg32k3a(0).skip(2n ** 127n).state()).toEqual(stateOf(RNGSTREAMS.g2));
    expect(new Mrg32k3a(0).skip(2n ** 128n).state()).toEqual(stateOf(RNGSTREAMS.g3));
  });

  it("g3's first draws and its fourth substream's (4 · 2^76 further) are the published ones", () => {
    const draws = (g: Mrg32k3a, n: number) => Array.from(g.uniformDouble(n), (u) => BigInt(Math.round(u / MRG32K3A_NORM)));
    expect(draws(new Mrg32k3a(0).skip(2n ** 128n), 5)).toEqual(RNGSTREAMS.g3First5.map(drawOf));
    expect(draws(new Mrg32k3a(0).skip(2n ** 128n + 4n * MRG32K3A_SUBSEQUENCE_STEPS), 5))
      .toEqual(RNGSTREAMS.g3Substream4First5.map(drawOf));
    // the same through curand_init's subsequence: seed 0, subsequence 4 of stream g1
    expect(new Mrg32k3a(0, { subsequence: 4 }).state()).toEqual(new Mrg32k3a(0).skip(4n * 2n ** 76n).state());
  });

  it('the generated jump table holds the published A^(2^76) and A^(2^127)', () => {
    expect(MRG32K3A_A1_JUMPS.slice(9 * 76, 9 * 77)).toEqual(RNGSTREAMS.A1p76);
    expect(MRG32K3A_A2_JUMPS.slice(9 * 76, 9 * 77)).toEqual(RNGSTREAMS.A2p76);
    expect(MRG32K3A_A1_JUMPS.slice(9 * 127, 9 * 128)).toEqual(RNGSTREAMS.A1p127);
    expect(MRG32K3A_A2_JUMPS.slice(9 * 127, 9 * 128)).toEqual(RNGSTREAMS.A2p127);
  });
});

describe('MRG32k3a matches cuRAND curand_init / curand / curand_uniform(_double)', () => {
  it('seeds as curand_init does (recomputed here in bigint arithmetic)', () => {
    for (const seed of [1n, 2n, 0xffffffffn, 1n << 32n, 0xdeadbeefcafef00dn, U64 - 1n]) {
      const x1 = (seed & 0xffffffffn) ^ 0x55555555n;
      const x2 = (seed >> 32n) ^ 0xaaaaaaaan;
      const want = stateOf([
        (x1 * 12345n) % M1, (x2 * 12345n) % M1, (x1 * 12345n) % M1,
        (x2 * 12345n) % M2, (x1 * 12345n) % M2, (x2 * 12345n) % M2,
      ].map(Number));
      expect(new Mrg32k3a(seed).state()).toEqual(want);
    }
  });

  it('a step is the published recurrence; curand() is ⌊r · BITS_NORM⌋, uniform float32(r · NORM)', () => {
    const g = new Mrg32k3a(42n, { subsequence: 3, offset: 7 });
    const ref = new RefMrg(g.state());
    const u = g.clone();
    const d = g.clone();
    for (let i = 0; i < 2000; i++) {
      const r = Number(ref.step());
      expect(g.next()).toBe(Math.min(Math.trunc(r * MRG32K3A_BITS_NORM), 0xffffffff));
      expect(u.uniform(1)[0]).toBe(Math.fround(r * MRG32K3A_NORM));
      expect(d.uniformDouble(1)[0]).toBe(r * MRG32K3A_NORM);
      expect(g.state()).toEqual(ref.state());
    }
  });

  it('the step agrees with the BigInt recurrence over 200000 draws from several seeds', () => {
    for (const seed of [7n, 0xfedcba9876543210n]) {
      const g = new Mrg32k3a(seed);
      const ref = new RefMrg(g.state());
      const out = g.uniformDouble(100_000);
      for (let i = 0; i < out.length; i++) {
        const r = ref.step();
        if (out[i] !== Number(r) * MRG32K3A_NORM) expect(out[i], `seed ${seed} draw ${i}`).toBe(Number(r) * MRG32K3A_NORM);
      }
      expect(g.state()).toEqual(ref.state());
    }
  });

  it('the conversion constants are the cuRAND literals and map [1, m1] into (0, 1]', () => {
    // MRG32K3A_NORM = 2.3283065498378288e-10 (≈ 1/m1), MRG32K3A_BITS_NORM = 1.000000048662
    expect(MRG32K3A_NORM).toBe(2.3283065498378288e-10);
    expect(MRG32K3A_BITS_NORM).toBe(1.000000048662);
    expect(Math.fround(4294967087 * MRG32K3A_NORM)).toBe(1);
    expect(4294967087 * MRG32K3A_NORM).toBe(1);
    expect(Math.fround(1 * MRG32K3A_NORM)).toBeGreaterThan(0);
    // only r = m1 overflows 2^32 in curand(); cvt.rzi.u32.f64 clamps it
    expect(4294967087 * MRG32K3A_BITS_NORM).toBeGreaterThanOrEqual(2 ** 32);
    expect(4294967086 * MRG32K3A_BITS_NORM).toBeLessThan(2 ** 32);
    expect(Math.trunc(4294967086 * MRG32K3A_BITS_NORM)).toBe(4294967295);
    expect(Math.trunc(1 * MRG32K3A_BITS_NORM)).toBe(1);
  });

  it('seed 0xAAAAAAAA55555555 zeroes the state, as in cuRAND: every draw is m1', () => {
    const g = new Mrg32k3a(0xaaaaaaaa55555555n);
    expect(g.state()).toEqual(stateOf([0, 0, 0, 0, 0, 0]));
    expect(Array.from(g.clone().fill(new Uint32Array(4)))).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
    expect(Array.from(g.clone().uniform(3))).toEqual([1, 1, 1]);
    expect(g.clone().skip(12345).state()).toEqual(g.state());
  });

  it('is exported from the package', () => {
    expect(new PublicMrg32k3a(0, { offset: 35 }).state()).toEqual(stateOf(RNGSTREAMS.g1After35));
  });
});

describe('skip-ahead', () => {
  it('skip(k) equals k calls of next() for random k up to 1e5', () => {
    const r = lcg(7);
    const base = new Mrg32k3a(0x0123456789abcdefn, { subsequence: 5 });
    for (let trial = 0; trial < 10; trial++) {
      const k = trial < 4 ? trial : r() % 100_000;
      expect(base.clone().skip(k).state(), `k=${k}`).toEqual(stepped(base, k).state());
      expect(base.clone().skip(BigInt(k)).state()).toEqual(stepped(base, k).state());
    }
  });

  it('each tabulated jump A^(2^i), i ≤ 16, equals 2^i steps (in bigint, from random states)', () => {
    const r = lcg(5);
    for (let trial = 0; trial < 3; trial++) {
      const start = stateOf([r() % 4294967087, r() % 4294967087, r() % 4294967087, r() % 4294944443, r() % 4294944443, r() % 4294944443]);
      const ref = new RefMrg(start);
      for (let i = 0, done = 0; i <= 16; i++) {
        for (; done < 2 ** i; done++) ref.step();
        const g = Mrg32k3a.fromState(start).skip(2 ** i);
        expect(g.state(), `2^${i}`).toEqual(ref.state());
      }
    }
  });

  it('offset in the constructor equals stepping', () => {
    const g0 = new Mrg32k3a(99);
    for (const k of [1, 2, 31, 32, 33, 4097, 65_537]) {
      expect(new Mrg32k3a(99, { offset: k }).state()).toEqual(stepped(g0, k).state());
    }
  });

  it('subsequence s+1 is subsequence s skipped by 2^76', () => {
    for (const [seed, s] of [[0n, 0n], [1234n, 1n], [987654321987654321n, 2n ** 51n - 2n]]) {
      const next = new Mrg32k3a(seed, { subsequence: s + 1n, offset: 10 });
      const jumped = new Mrg32k3a(seed, { subsequence: s, offset: 10 }).skip(2n ** 76n);
      expect(jumped.state()).toEqual(next.state());
    }
    expect(MRG32K3A_SUBSEQUENCE_STEPS).toBe(2n ** 76n);
  });

  it('subsequence and offset compose as one jump of subsequence·2^76 + offset, in either order', () => {
    const s = 2n ** 50n + 12345n;
    const o = 0xfedcba9876543210n;
    const a = new Mrg32k3a(5n, { subsequence: s, offset: o });
    expect(new Mrg32k3a(5n).skip(s * 2n ** 76n + o).state()).toEqual(a.state());
    expect(new Mrg32k3a(5n).skip(o).skip(2n ** 75n).skip(2n ** 75n).skip((s - 1n) * 2n ** 76n).state()).toEqual(a.state());
  });

  it('skip(a).skip(b) equals skip(a + b), carries across jump bits included', () => {
    const r = lcg(11);
    for (let trial = 0; trial < 8; trial++) {
      const a = (BigInt(r()) << 90n) | (BigInt(r()) << 40n) | BigInt(r());
      const b = (BigInt(r()) << 60n) | BigInt(r());
      const g = new Mrg32k3a(r());
      expect(g.clone().skip(a).skip(b).state()).toEqual(g.clone().skip(a + b).state());
    }
  });

  it('each component has period m^3 − 1 (A^(m^3−1) = I), so far jumps reduce per component', () => {
    const g = new Mrg32k3a(77n, { offset: 12345 });
    const before = g.state();
    const s = new Float64Array([...before.s1, ...before.s2]);
    jumpMrg32k3a(s, MRG32K3A_PERIOD1 * MRG32K3A_PERIOD2);
    expect(Array.from(s)).toEqual([...before.s1, ...before.s2]);
    // one component's period moves only the other component
    const p1 = g.clone().skip(MRG32K3A_PERIOD1).state();
    expect(p1.s1).toEqual(before.s1);
    expect(p1.s2).toEqual(g.clone().skip(MRG32K3A_PERIOD1 % MRG32K3A_PERIOD2).state().s2);
    // and no smaller period of the form (m^3 − 1)/q for q = 2, 3 (a spot check; primitivity is the proof)
    for (const q of [2n, 3n]) expect(g.clone().skip(MRG32K3A_PERIOD1 / q).state().s1).not.toEqual(before.s1);
  });

  it('mulMod is exact for operands near 2^32', () => {
    const r = lcg(9);
    const xs = [0, 1, 2, 0xffff, 0x10000, 4294967086, 4294967087, 4294967295];
    for (let i = 0; i < 2000; i++) xs.push(r());
    for (const m of [4294967087, 4294944443]) {
      for (let i = 0; i < xs.length; i++) {
        const a = xs[i], b = xs[(i * 7 + 3) % xs.length];
        expect(mulMod(a, b, m)).toBe(Number((BigInt(a) * BigInt(b)) % BigInt(m)));
      }
    }
  });

  it('constructing with a large subsequence and offset is fast', () => {
    const t = performance.now();
    for (let i = 0; i < 200; i++) new Mrg32k3a(BigInt(i), { subsequence: 2n ** 51n - 1n - BigInt(i), offset: U64 - 1n - BigInt(i) });
    expect((performance.now() - t) / 200).toBeLessThan(2);
  });
});

describe('fill, uniform, uniformDouble', () => {
  it('fill equals repeated next() and continues the stream', () => {
    const g = new Mrg32k3a(31337n, { subsequence: 2 });
    const ref = g.clone();
    const a = g.fill(new Uint32Array(10_000)); // crosses the 4096-draw chunks
    const b = g.fill(new Uint32Array(17));
    expect(Array.from(a)).toEqual(Array.from({ length: 10_000 }, () => ref.next()));
    expect(Array.from(b)).toEqual(Array.from({ length: 17 }, () => ref.next()));
    expect(g.state()).toEqual(ref.state());
    expect(g.fill(new Uint32Array(0)).length).toBe(0);
    expect(g.state()).toEqual(ref.state());
  });

  it('fill writes only its view of a shared buffer', () => {
    const buf = new Uint32Array(10).fill(7);
    new Mrg32k3a(1).fill(buf.subarray(2, 5));
    expect(Array.from(buf.subarray(2, 5))).toEqual(Array.from(new Mrg32k3a(1).fill(new Uint32Array(3))));
    expect([buf[0], buf[1], buf[5], buf[9]]).toEqual([7, 7, 7, 7]);
  });

  it('uniform and uniformDouble take a count or an array, continue the stream and stay in (0, 1]', () => {
    const g = new Mrg32k3a(2024n);
    const ref = g.clone();
    const u = g.uniform(5000);
    const dd = g.uniformDouble(5000);
    expect(u).toBeInstanceOf(Float32Array);
    expect(dd).toBeInstanceOf(Float64Array);
    const both = ref.clone().uniformDouble(10_000);
    for (let i = 0; i < 5000; i++) {
      expect(u[i]).toBe(Math.fround(both[i]));
      expect(dd[i]).toBe(both[5000 + i]);
      expect(u[i] > 0 && u[i] <= 1 && dd[i] > 0 && dd[i] <= 1).toBe(true);
    }
    const out32 = new Float32Array(9);
    const out64 = new Float64Array(9);
    expect(g.uniform(out32)).toBe(out32);
    expect(g.uniformDouble(out64)).toBe(out64);
    expect(g.state()).toEqual(ref.skip(10_018).state());
  });
});

describe('state, fromState, clone', () => {
  it('state() is plain JSON-safe data and fromState resumes from it', () => {
    const g = new Mrg32k3a(555n, { subsequence: 9, offset: 1 });
    g.next();
    const snap = JSON.parse(JSON.stringify(g.state()));
    const h = Mrg32k3a.fromState(snap);
    expect(Array.from(h.fill(new Uint32Array(20)))).toEqual(Array.from(g.fill(new Uint32Array(20))));
    const typed = Mrg32k3a.fromState({ s1: new Uint32Array(snap.s1), s2: new Uint32Array(snap.s2) } as unknown as Mrg32k3aState);
    expect(typed.state()).toEqual(snap);
  });

  it('clone is independent', () => {
    const g = new Mrg32k3a(8);
    const c = g.clone();
    expect(c.next()).toBe(g.next());
    g.next();
    expect(c.state()).not.toEqual(g.state());
  });
});

describe('argument checks', () => {
  it('constructor: seed, options, subsequence, offset', () => {
    for (const name of ['seed', 'subsequence', 'offset'] as const) {
      const make = (v: unknown) => (name === 'seed' ? new Mrg32k3a(v as number) : new Mrg32k3a(1, { [name]: v }));
      for (const bad of ['1', null, {}, [1], true]) {
        expect(() => make(bad)).toThrow(TypeError);
        expect(() => make(bad)).toThrow(name);
      }
      for (const bad of [-1, -1n, 1.5, NaN, Infinity, 2 ** 53, U64]) {
        expect(() => make(bad)).toThrow(RangeError);
        expect(() => make(bad)).toThrow(name);
      }
    }
    expect(() => new Mrg32k3a(U64 - 1n, { offset: U64 - 1n })).not.toThrow();
    expect(() => new Mrg32k3a(1, { subsequence: 2n ** 51n - 1n })).not.toThrow();
    expect(() => new Mrg32k3a(1, { subsequence: 2n ** 51n })).toThrow(/subsequence must be below 2\^51/);
    expect(() => new Mrg32k3a(1, 5 as unknown as object)).toThrow(TypeError);
    expect(() => (Mrg32k3a as unknown as () => void)()).toThrow(TypeError);
  });

  it('skip, fill, uniform, uniformDouble; failed calls consume nothing', () => {
    const g = new Mrg32k3a(1);
    const before = g.state();
    for (const bad of ['3', null, undefined, {}]) expect(() => g.skip(bad as number)).toThrow(TypeError);
    for (const bad of [-1, -1n, 0.5, NaN, 2 ** 60]) expect(() => g.skip(bad)).toThrow(RangeError);
    for (const bad of [undefined, 4, [1, 2], new Int32Array(2), new Float32Array(2)]) {
      expect(() => g.fill(bad as Uint32Array)).toThrow(TypeError);
      expect(() => g.fill(bad as Uint32Array)).toThrow('out');
    }
    for (const bad of [undefined, '4', [1], new Float64Array(2)]) expect(() => g.uniform(bad as number)).toThrow(TypeError);
    for (const bad of [undefined, '4', [1], new Float32Array(2)]) expect(() => g.uniformDouble(bad as number)).toThrow(TypeError);
    for (const bad of [-1, 1.5, NaN, 2 ** 32]) {
      expect(() => g.uniform(bad)).toThrow(RangeError);
      expect(() => g.uniformDouble(bad)).toThrow('n');
    }
    const detached = new Float32Array(4);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    expect(() => g.uniform(detached)).toThrow('out');
    expect(g.state()).toEqual(before);
  });

  it('fromState', () => {
    const ok = { s1: [1, 2, 3], s2: [4, 5, 6] };
    for (const bad of [null, 5, 'x', { s1: 'abc', s2: ok.s2 }, { s1: [1, 2, '3'], s2: ok.s2 }, { s1: ok.s1 }]) {
      expect(() => Mrg32k3a.fromState(bad as unknown as Mrg32k3aState)).toThrow(TypeError);
    }
    for (const bad of [{ s1: [1, 2], s2: ok.s2 }, { s1: [1, 2, -3], s2: ok.s2 }, { s1: [1, 2, 4294967087], s2: ok.s2 },
      { s1: ok.s1, s2: [4294944443, 0, 0] }, { s1: ok.s1, s2: [1.5, 0, 0] }]) {
      expect(() => Mrg32k3a.fromState(bad as unknown as Mrg32k3aState)).toThrow(RangeError);
    }
    expect(Mrg32k3a.fromState(ok as Mrg32k3aState).state()).toEqual(ok);
    expect(Mrg32k3a.fromState({ s1: [4294967086, 0, 0], s2: [4294944442, 0, 0] }).state().s1[0]).toBe(4294967086);
  });
});

describe('generated files', () => {
  it('lib/kernels/mrg32k3a/jump-table.ts is what scripts/gen-mrg32k3a-jumps.mjs derives', () => {
    const out = execFileSync(process.execPath, ['scripts/gen-mrg32k3a-jumps.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/is current/);
  });

  it('test/vectors/mrg32k3a.json is what the TypeScript computes now (recomputed from its inputs)', () => {
    const doc = JSON.parse(readFileSync(new URL('./vectors/mrg32k3a.json', import.meta.url), 'utf8'));
    expect(doc.about).toMatch(/equals real cuRAND.s \(cuda\/test\/curand_confirm.cu, GPU run 2026-11-27/);
    expect(doc.cases.length).toBeGreaterThanOrEqual(10);
    for (const c of doc.cases) {
      const make = () => new Mrg32k3a(BigInt(c.seed), { subsequence: BigInt(c.subsequence), offset: BigInt(c.offset) });
      expect(make().state(), JSON.stringify(c)).toEqual(c.state);
      expect(Array.from(make().fill(new Uint32Array(c.curand.length)))).toEqual(c.curand);
      expect(Array.from(make().uniform(c.uniform.length))).toEqual(c.uniform);
      expect(Array.from(make().uniformDouble(c.uniform_double.length))).toEqual(c.uniform_double);
    }
    for (const j of doc.jumps) {
      expect(MRG32K3A_A1_JUMPS.slice(9 * j.i, 9 * j.i + 9)).toEqual(j.a1);
      expect(MRG32K3A_A2_JUMPS.slice(9 * j.i, 9 * j.i + 9)).toEqual(j.a2);
    }
  });
});
