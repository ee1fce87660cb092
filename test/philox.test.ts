import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { philox4x32, key, bits } from 'cuda-random';
import { philoxStream } from '../lib/core/philox.js';

const KAT = new URL('./vectors/random123_kat_32bit.txt', import.meta.url);

function katLines(): { ctr: number[]; key: number[]; expect: number[] }[] {
  return readFileSync(KAT, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('philox4x32 10 '))
    .map((l) => {
      const w = l.trim().split(/\s+/).slice(2).map((h) => parseInt(h, 16));
      return { ctr: w.slice(0, 4), key: w.slice(4, 6), expect: w.slice(6, 10) };
    });
}

describe('philox4x32-10', () => {
  it('matches every Random123 known-answer line', () => {
    const lines = katLines();
    expect(lines.length).toBe(3);
    for (const l of lines) expect([...philox4x32(l.ctr, l.key)]).toEqual(l.expect);
  });

  it('the raw stream is the block sequence with counter (b, 0, 0, 0)', () => {
    const k = key(0x123456789abcdn);
    const w = bits(k, 12);
    for (let b = 0; b < 3; b++) expect([...w.subarray(4 * b, 4 * b + 4)]).toEqual([...philox4x32([b, 0, 0, 0], k)]);
  });

  it('carries the block index into the counter high word', () => {
    const out = new Uint32Array(8);
    // word 4·(2^32 − 1) + 2: the last two words of block 2^32−1, then block 2^32 = (0, 1).
    philoxStream(7, 9, 0, 0, 0xfffffffe, 3, out, 0, 6);
    expect([...out.subarray(0, 2)]).toEqual([...philox4x32([0xffffffff, 0, 0, 0], [7, 9])].slice(2));
    expect([...out.subarray(2, 6)]).toEqual([...philox4x32([0, 1, 0, 0], [7, 9])]);
  });
});
