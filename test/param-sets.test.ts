/**
 * lib/core/param-sets.ts: the parameter sets of the equality tests are valid, ordinary where they say so,
 * and reach the edges of a cross-parameter order (a left ≤ mode ≤ right law declared here, as a new
 * sampler would declare it, gets equal and one-ulp-apart neighbours without an edit).
 */
import { describe, expect, it } from 'vitest';
import { finite, positive, safeInteger } from '../lib/core/constraints.js';
import { nextUp, parameterSets, type ParamLike } from '../lib/core/param-sets.js';
import { SAMPLERS } from '../lib/samplers/registry.js';

/** Whether x has no trailing zero among the low 8 bits of its significand (a product with it rounds). */
const fullSignificand = (x: number) => (new BigUint64Array(new Float64Array([x]).buffer)[0] & 0xffn) !== 0n;

describe('parameterSets', () => {
  it('every registry sampler: ordinary sets first, all sets valid, ordinary values off 0, ±1 and the defaults', () => {
    for (const s of SAMPLERS) {
      const ps = s.params.filter((p) => p.name !== s.rows?.param);
      if (!ps.length) continue;
      const sets = parameterSets(ps, s.check ? (v) => s.check!(v) : undefined);
      expect(sets.ordinary.length, s.name).toBeGreaterThan(0);
      for (const set of [...sets.ordinary, ...sets.extreme, ...sets.tight, ...sets.corners]) {
        for (const q of ps) expect(q.is.check(set[q.name], q.name), `${s.name} ${q.name}`).toBe(set[q.name]);
        expect(() => s.check?.(set), s.name).not.toThrow();
      }
      for (const set of sets.ordinary) {
        for (const q of ps) {
          const x = set[q.name];
          expect([0, 1, -1, q.default].includes(x), `${s.name} ${q.name} = ${x}`).toBe(false);
          if (!Number.isInteger(x)) expect(fullSignificand(x), `${s.name} ${q.name} = ${x}`).toBe(true);
        }
      }
    }
  });

  it('a cross-parameter order: ordinary values sorted, neighbours equal (one ulp apart where refused)', () => {
    const params: ParamLike[] = [{ name: 'left', is: finite }, { name: 'mode', is: finite },
      { name: 'right', is: finite }, { name: 'scale', is: positive, default: 1 }];
    const check = ({ left, mode, right }: Record<string, number>) => {
      if (!(left <= mode && mode <= right && left < right)) throw new RangeError('left <= mode <= right, left < right');
    };
    const sets = parameterSets(params, check);
    expect(sets.ordinary.length).toBeGreaterThan(1);
    expect(sets.tight.some((s) => s.left === s.mode)).toBe(true);
    expect(sets.tight.some((s) => s.mode === s.right)).toBe(true);
    const strict = parameterSets(params.slice(0, 2), ({ left, mode }) => {
      if (!(left < mode)) throw new RangeError('left < mode');
    });
    expect(strict.tight.some((s) => s.mode === nextUp(s.left))).toBe(true);
    // extremes: each parameter alone at its edges, the others ordinary
    expect(sets.extreme.some((s) => s.scale === 1e-300 && s.left === sets.ordinary[0].left)).toBe(true);
    // an unordered pair gets no tight sets; integers step by 1
    expect(parameterSets([{ name: 'a', is: positive }, { name: 'b', is: positive }]).tight).toEqual([]);
    const ints = parameterSets([{ name: 'low', is: safeInteger }, { name: 'high', is: safeInteger }],
      ({ low, high }) => { if (!(low < high)) throw new RangeError('low < high'); });
    expect(ints.tight.some((s) => s.high === s.low + 1)).toBe(true);
  });
});
