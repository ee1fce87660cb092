import { readFileSync } from 'node:fs';

/**
 * Lazy loading of the demo's optional helpers (the @stdlib reference distributions, Vega-Lite, vega,
 * resvg). They are devDependencies: present in a clone after `npm install`, absent from a plain
 * `npm install cuda-random`, where the library needs none of them. The specifier is a variable so
 * TypeScript leaves the (partly untyped) modules alone and Node resolves them at run time.
 */
export async function optional<T = any>(name: string): Promise<T | undefined> {
  try {
    const m = await import(name);
    return (m.default ?? m) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw e;
  }
}

/** Loads every name; undefined (and the missing names) when any is absent. */
export async function optionalAll(names: readonly string[]): Promise<{ mods?: any[]; missing: string[] }> {
  const mods = await Promise.all(names.map((n) => optional(n)));
  const missing = names.filter((_, i) => mods[i] === undefined);
  return missing.length ? { missing } : { mods, missing };
}

/** The npm package a module specifier loads from: '@stdlib/x/y' → '@stdlib/x', 'pure-rand/generator/x' → 'pure-rand'. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/**
 * The command that installs the packages of these modules beside cuda-random, each with the version
 * range cuda-random is tested with (its devDependencies, read from the package.json above dist/; a
 * bare name where it has none). --no-save: they are for a look at the demo or the benchmarks, not
 * dependencies of the user's project.
 */
export function installCommand(specifiers: readonly string[]): string {
  let dev: Record<string, unknown> = {};
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { devDependencies?: unknown };
    if (pkg.devDependencies && typeof pkg.devDependencies === 'object') dev = pkg.devDependencies as Record<string, unknown>;
  } catch { /* no package.json above dist/: bare names */ }
  const names = [...new Set(specifiers.map(packageOf))];
  const spec = (n: string) => (Object.hasOwn(dev, n) && typeof dev[n] === 'string' ? `${n}@${dev[n] as string}` : n);
  return `npm install --no-save ${names.map(spec).join(' ')}`;
}
