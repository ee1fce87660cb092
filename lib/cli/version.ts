/** The library's version, from the package.json above dist/ (the CLI and `info` print it). */
import { readFileSync } from 'node:fs';

export function libraryVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name?: string; version?: string };
    return pkg.name === 'cuda-random' && pkg.version ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
