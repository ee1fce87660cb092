/**
 * The MRG32k3a bulk op's CPU specification kernel: out[j] is the value at step first + j (first =
 * hi·2^32 + lo) after curand_init(seed, subsequence, 0), so any cut of the range gives the same bits.
 * params: seedLo/seedHi, subsequenceLo/subsequenceHi (uint32 halves). The output type picks the map:
 * Uint32Array curand(), Float32Array curand_uniform(), Float64Array curand_uniform_double().
 */
import type { KernelArgs } from '../../core/job.js';
import { Mrg32k3a } from './stream.js';

const u64 = (lo: unknown, hi: unknown): bigint => (BigInt((hi as number | undefined) ?? 0) << 32n) | BigInt((lo as number | undefined) ?? 0);

export function mrg32k3aKernel(a: KernelArgs): void {
  const p = a.params;
  const g = new Mrg32k3a(u64(p.seedLo, p.seedHi), {
    subsequence: u64(p.subsequenceLo, p.subsequenceHi),
    offset: u64(a.lo, a.hi),
  });
  const out = a.out;
  if (out instanceof Float32Array) g.uniform(out);
  else if (out instanceof Float64Array) g.uniformDouble(out);
  else g.fill(out as Uint32Array);
}
