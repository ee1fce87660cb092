/**
 * The CUDA probe of lib/backend/cuda/backend.js replaced for tests: it returns `standInProbe.cuda` (a backend
 * over test/stand-in-addon.ts, or null for "no GPU") as device 0, and `standInProbe.devices[d]` as
 * device d when a test sets several (one stand-in addon pretending to have more GPUs). Use in a test file as
 *
 *   vi.mock('../lib/backend/cuda/backend.js', async (orig) => (await import('./stand-in-probe.js')).mockCudaModule(orig));
 *
 * and set standInProbe.cuda (import it normally: the factory and the test share this module).
 */
import type { Backend } from '../lib/backend/types.js';

export const standInProbe: { cuda: Backend | null; devices?: Backend[] } = { cuda: null };

export async function mockCudaModule(importOriginal: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const m = (await importOriginal()) as Record<string, unknown>;
  return {
    ...m,
    cudaProbe: () => {
      const cuda = standInProbe.cuda;
      if (!cuda) {
        const reason = 'no GPU in this test';
        return { backend: null, reason, info: null, deviceCount: 0, backendFor: () => { throw new Error(reason); }, reasonFor: () => reason };
      }
      const all = standInProbe.devices ?? [cuda];
      return {
        backend: cuda, reason: 'stand-in CUDA backend', info: {}, deviceCount: all.length,
        backendFor: (d: number) => {
          if (d >= all.length) throw new RangeError(`device must be a CUDA device index below ${all.length} (${all.length} visible), got ${d}`);
          return all[d];
        },
        reasonFor: (d: number) => `stand-in CUDA device ${d}`,
      };
    },
  };
}
