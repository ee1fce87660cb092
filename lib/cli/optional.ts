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
