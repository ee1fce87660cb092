/**
 * Internal records (a call's parameters, per-element arrays, jobs) without a prototype. Fields that a
 * record may lack (`device`, `inputs`, `proposals`, per-element columns …) are looked up by name, and
 * on a plain object a missing one is looked up on Object.prototype: there, a polluted
 * `Object.prototype.alpha = [...]` became gamma's per-element shapes and `Object.prototype.backend`
 * a backend (issue 27). On a null-prototype record a missing field is undefined.
 */
export function record<T extends object>(fields?: T): T {
  return Object.assign(Object.create(null) as T, fields);
}

const hardened = new WeakSet<object>();

/**
 * Takes Object.prototype out of the chain of every plain object reachable from `value` (through plain
 * objects and arrays; functions, typed arrays and class instances are left as they are), in place.
 * For the registry's declarations: their optional fields (a parameter's `default`, `byDtype`, `fits`;
 * a sampler's `rows`, `structured`, `method`; an op's `fast`, `whole` …) are read by name on every call,
 * and `Object.prototype.default = 5` would otherwise give every required parameter a default.
 */
export function nullPrototypes<T>(value: T): T {
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || hardened.has(v)) return;
    if (Array.isArray(v)) {
      hardened.add(v);
      v.forEach(walk);
      return;
    }
    if (Object.getPrototypeOf(v) !== Object.prototype) return;
    hardened.add(v);
    Object.setPrototypeOf(v, null);
    for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k]);
  };
  walk(value);
  return value;
}

/**
 * Environment variable `name`, if it is set. Not `process.env[name]`: for a variable that is not set
 * that read falls through to Object.prototype, so `Object.prototype.CUDA_RANDOM_WORKER = path` chose
 * the script the worker threads run, and the other variables the backend and the threads.
 */
export function ownEnv(name: string): string | undefined {
  if (typeof process === 'undefined') return undefined;
  return Object.hasOwn(process.env, name) ? process.env[name] : undefined;
}
