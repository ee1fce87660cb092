/**
 * The package root: the nearest directory above this module whose package.json is cuda-random's
 * (dist/lib/core/package-root.js when installed; lib/core/package-root.ts when tests run the sources),
 * or null when there is none — a bundler copied this module into an app's bundle, leaving the package's
 * other files (the native addon, data/) behind; a CommonJS bundle has no import.meta.url at all. The
 * native addon (lib/native/load.ts) and the data files are found from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null | undefined;

/** This module's file URL, if it has one. */
export function moduleUrl(): string | null {
  const url = (import.meta as { url?: unknown }).url;
  return typeof url === 'string' && url.startsWith('file:') ? url : null;
}

export function packageRoot(): string | null {
  if (root !== undefined) return root;
  const url = moduleUrl();
  if (url === null) return (root = null);
  for (let dir = dirname(fileURLToPath(url)); ;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'cuda-random') return (root = dir);
      } catch {
        // not ours; keep looking
      }
    }
    const up = dirname(dir);
    if (up === dir) return (root = null);
    dir = up;
  }
}

/** What to do when the package's files are not beside the code (a bundle). */
export const BUNDLED_HINT = 'was cuda-random bundled into the app? Mark it external in the bundler (README, "Bundling")';
