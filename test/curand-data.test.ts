/**
 * What libcurand holds, captured on the first GPU run (2026-11-27, scripts/gpu-curand-data.py) and kept
 * as compact facts (scripts/curand-sobol-lms.py): our JOEKUO6 Sobol32 direction vectors are libcurand's
 * unscrambled set, and its scrambled set plus scramble constants rebuild, bit for bit, from per-dimension
 * linear matrix scrambles of ours (docs/qmc.md §6). The SHA-256 values are of libcurand's own arrays.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directions32 } from '../lib/kernels/sobol/directions.js';

const base = new URL('./vectors/curand_sobol32_scramble', import.meta.url);
const meta = JSON.parse(readFileSync(`${base.pathname}.json`, 'utf8')) as Record<string, unknown> & { dimensions: number };
const bin = readFileSync(`${base.pathname}.bin`);
const D = meta.dimensions;
const REC = 66;

const sha = (words: Uint32Array) => createHash('sha256').update(new Uint8Array(words.buffer, words.byteOffset, words.byteLength)).digest('hex');

/** Dimension d's scrambling matrix columns (unit lower triangular: column k = 2^(31−k) | free bits). */
function columns(d: number): Uint32Array {
  const rec = bin.subarray(d * REC, d * REC + 62);
  const cols = new Uint32Array(32);
  let bit = 0;
  const next = () => (rec[bit >> 3] >> (7 - (bit++ & 7))) & 1;
  for (let k = 0; k < 32; k++) {
    let c = 2 ** (31 - k);
    for (let j = 31 - k - 1; j >= 0; j--) if (k < 31 && next()) c += 2 ** j;
    cols[k] = c >>> 0;
  }
  return cols;
}

describe('libcurand Sobol32 data (test/vectors/curand_sobol32_scramble.*)', () => {
  it('the file holds 20,000 dimensions of 66 bytes', () => {
    expect(D).toBe(20000);
    expect(bin.length).toBe(D * REC);
  });

  it('our JOEKUO6 direction vectors are libcurand\'s CURAND_DIRECTION_VECTORS_32_JOEKUO6, every dimension', () => {
    const all = new Uint32Array(D * 32);
    for (let d = 0; d < D; d++) all.set(directions32(d), d * 32);
    expect(sha(all)).toBe(meta.sha256_dv32_u32le);
  });

  it('the scrambled vectors and constants rebuild libcurand\'s arrays exactly', () => {
    const scrambled = new Uint32Array(D * 32), constants = new Uint32Array(D);
    for (let d = 0; d < D; d++) {
      const M = columns(d), V = directions32(d);
      for (let k = 0; k < 32; k++) {
        let x = 0;
        for (let j = 0; j <= k; j++) if ((V[k] >>> (31 - j)) & 1) x ^= M[j];
        scrambled[d * 32 + k] = x >>> 0;
      }
      constants[d] = bin.readUInt32LE(d * REC + 62);
    }
    expect(sha(scrambled)).toBe(meta.sha256_dv32_scrambled_u32le);
    expect(sha(constants)).toBe(meta.sha256_scramble32_u32le);
  });
});
