/**
 * Loads the CUDA addon, if there is one, and says why not otherwise. The addon is found by
 * node-gyp-build (prebuilds/ first, then build/Release) relative to the package root.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export interface NativeProbe {
  /** The loaded addon, or null. */
  addon: unknown | null;
  /** Why the addon is not usable, or null when it loaded. */
  error: string | null;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
let probe: NativeProbe | null = null;

export function loadNative(): NativeProbe {
  if (probe) return probe;
  const require = createRequire(import.meta.url);
  try {
    const load = require('node-gyp-build') as (dir: string) => unknown;
    probe = { addon: load(root), error: null };
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    probe = { addon: null, error: `the native addon could not be loaded (${msg})` };
  }
  return probe;
}
