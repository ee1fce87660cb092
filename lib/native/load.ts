/**
 * Loads the native addon, if there is one, and says why not otherwise: the CUDA backend's kernels and
 * the CPU backend's host SIMD kernels (lib/native/cpu.ts) live in it. node-gyp-build finds it
 * (prebuilds/ first, then build/Release) relative to the package root; CUDA_RANDOM_ADDON names another
 * build to load instead (the emulated-device addon of `npm run test:emulated`, a debug build).
 */
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { envValue } from '../core/env.js';
import { BUNDLED_HINT, moduleUrl, packageRoot } from '../core/package-root.js';

export interface NativeProbe {
  /** The loaded addon, or null. */
  addon: unknown | null;
  /** Why the addon is not usable, or null when it loaded. */
  error: string | null;
}

const root = packageRoot();
let probe: NativeProbe | null = null;

export function loadNative(): NativeProbe {
  if (probe) return probe;
  // in a CommonJS bundle there is no import.meta.url: resolve from the working directory instead
  const require = createRequire(moduleUrl() ?? join(process.cwd(), 'cuda-random-bundle.js'));
  const explicit = envValue('CUDA_RANDOM_ADDON');
  try {
    if (explicit) {
      probe = { addon: require(resolve(explicit)), error: null };
      return probe;
    }
    if (root === null) {
      probe = { addon: null, error: `the native addon is not beside this code (${BUNDLED_HINT}, or set CUDA_RANDOM_ADDON to its cuda_random.node)` };
      return probe;
    }
    const load = require('node-gyp-build') as (dir: string) => unknown;
    probe = { addon: load(root), error: null };
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    probe = {
      addon: null,
      error: /^No native build was found/.test(msg)
        ? `no native addon is installed: no prebuild for ${process.platform}-${process.arch} and none built from ` +
          `source (the install needs nvcc and cmake; see docs/building.md)`
        : `the native addon could not be loaded (${msg})`,
    };
  }
  return probe;
}
