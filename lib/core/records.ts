/**
 * Reading internal records without Object.prototype (issue 27). A field that a record may lack is
 * looked up on Object.prototype when the record is a plain object: there, a polluted
 * `Object.prototype.alpha = [...]` became gamma's per-element shapes and `Object.prototype.backend`
 * a backend. Two remedies: records keyed by names that vary (parameters, per-element arrays, options)
 * have a prototype chain without Object.prototype (record); records of a fixed shape (jobs, calls) are plain objects that always
 * have every field as their own, optional ones read through own() where they are made.
 */

/**
 * Records' prototype: an empty, frozen object whose own prototype is null, so that a field a record lacks
 * is looked up there and then nowhere (never on Object.prototype). Objects made by `new Bare()` are
 * ordinary fast-mode objects: Object.create(null) makes a dictionary whose every read costs ~20× more
 * (measured: 0.7 against 15 ns), and setPrototypeOf on each new object cost ~40 ns a record (several a
 * call; issue 31, "Small calls").
 */
function Bare(this: object): void {}
Bare.prototype = Object.freeze(Object.create(null) as object);
const bare = (): object => new (Bare as unknown as new () => object)();

/** A copy of `fields`' own enumerable properties on the records' prototype (no Object.prototype in its chain). */
export function record<T extends object>(fields?: T): T {
  // Object.assign defines own data properties on the new object: its chain (Bare.prototype) has no
  // setter to call, as a spread's literal has none.
  return Object.assign(bare(), fields) as T;
}

/** An empty record (see record) that stays in fast mode as properties are added. */
export function emptyRecord<T extends object>(): T {
  return bare() as T;
}

/** Field k of o if o has it as its own, else undefined (never Object.prototype's). */
export function own<T extends object, K extends keyof T>(o: T, k: K): T[K] | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
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
  const v = process.env[name];  // one lookup when unset and unpolluted: this runs on every call
  return v !== undefined && Object.hasOwn(process.env, name) ? v : undefined;
}
