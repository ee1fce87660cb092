/**
 * The package root: the nearest directory above this module whose package.json is cuda-random's
 * (dist/lib/core/package-root.js when installed; lib/core/package-root.ts when tests run the sources).
 * The native addon (lib/native/load.ts) and the data files under data/ are found from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

export function packageRoot(): string {
  if (root !== null) return root;
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'cuda-random') return (root = dir);
      } catch {
        // not ours; keep looking
      }
    }
    const up = dirname(dir);
    if (up === dir) return (root = resolve(here, '..', '..'));
    dir = up;
  }
}
