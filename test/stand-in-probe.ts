/**
 * The CUDA probe of lib/backend/cuda.js replaced for tests: it returns `standInProbe.cuda` (a backend
 * over test/stand-in-addon.ts, or null for "no GPU"). Use in a test file as
 *
 *   vi.mock('../lib/backend/cuda.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));
 *
 * and set standInProbe.cuda (import it normally: the factory and the test share this module).
 */
import type { Backend } from '../lib/backend/types.js';

export const standInProbe: { cuda: Backend | null } = { cuda: null };

export async function mockCudaModule(importOriginal: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const m = (await importOriginal()) as Record<string, unknown>;
  return {
    ...m,
    cudaProbe: () => (standInProbe.cuda
      ? { backend: standInProbe.cuda, reason: 'stand-in CUDA backend', info: {} }
      : { backend: null, reason: 'no GPU in this test', info: null }),
  };
}
