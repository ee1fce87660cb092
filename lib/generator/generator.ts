/**
 * A stateful convenience over the counter-based functions, like numpy's Generator: `g.normal()` is one
 * number, `g.normal(n, options)` an array, and every draw moves the generator on, so consecutive calls
 * never reuse randomness and different methods never share a stream. Each draw is defined as one call
 * of the functional API (lib/generator/streams.ts, docs/streams.md, "Generator"); buffering scalar draws never
 * changes a value, because element s of a stream does not depend on how many elements a call asked for.
 */
import { getRandomValues } from 'node:crypto';
import { checkKey, foldIn, key as keyOf, type Key } from '../core/keys.js';
import { checkCount, checkOptions, describe, knownOptions } from '../core/validate.js';
import { checkDevice, requestedBackend, type Placement } from '../backend/select.js';
import { SAMPLERS } from '../samplers/registry.js';
import * as facade from '../facade/samplers.js';
import { bulkKey, scalarKey, spawnKey } from './streams.js';
import type { GeneratorMethods } from './methods.js';
import { categorical, categoricalAsync, categoricalDraw, type CategoricalOptions } from '../alias/categorical.js';
import type { WeightsInput } from '../core/weights.js';
import type { DeviceArray } from '../facade/device-array.js';
import type { WithDeviceOut } from '../facade/dtype.js';
import {
  permutation, permutationAsync, sampleWithoutReplacement, sampleWithoutReplacementAsync, shuffle, shuffleAsync,
  type PermutationOptions, type PermutationResult, type SampleWithoutReplacementOptions, type Shuffleable, type ShuffleOptions,
} from '../permute/permutation.js';

type Fn = (...a: unknown[]) => unknown;
type Values = ArrayLike<number>;

/** The most values one refill of a scalar buffer asks for. */
const MAX_REFILL = 4096;
/** The most children one spawn() makes: 2^17 take about 100 MB and 1 s; 2^22 took 3.1 GB and 30 s
 *  and could abort the process. More children: call spawn() again (each call continues the count). */
const MAX_SPAWN = 2 ** 17;
/** Options the generator sets itself. */
const OWN = ['offset'];
/** Options a scalar draw cannot take (it returns one number). */
const NOT_SCALAR = ['out', 'dtype'];

/** Scalar draws of one method: buf[i] is draw base + i, made with the options whose signature is sig. */
interface Buffered {
  base: number;
  pos: number;
  buf: Values;
  sig: string | undefined;
  /** How many values the next refill asks for (grows while the options stay the same). */
  size: number;
  key: Key;
}

/** The signature of a scalar draw's options: equal signatures, equal options (undefined: never reuse). */
function signature(opts: Record<string, unknown>): string | undefined {
  let s = '';
  for (const name of Object.keys(opts)) {
    const v = opts[name];
    if (typeof v === 'number') s += `${name}=${Object.is(v, -0) ? '-0' : String(v)};`;
    else if (typeof v === 'string') s += `${name}=${JSON.stringify(v)};`;
    else if (v === undefined) continue;
    else return undefined;
  }
  return s;
}

export interface GeneratorOptions {
  /** The backend every draw runs on unless a call says otherwise (default: as the functions choose). */
  backend?: 'auto' | 'cpu' | 'cuda';
  /** The GPU every draw runs on when the CUDA backend does. */
  device?: number;
}

/** What `g.state` gives and `Generator.fromState` takes: plain JSON. */
export interface GeneratorState {
  /** The root key. */
  key: [number, number];
  /** Per method: how many bulk calls it has made. */
  bulk: Record<string, number>;
  /** Per method: how many scalar draws it has made. */
  scalar: Record<string, number>;
  /** How many children spawn()/split() have made. */
  spawned: number;
  backend?: GeneratorOptions['backend'];
  device?: number;
}

const SPECS = new Map(SAMPLERS.map((s) => [s.name, s]));

/** `{ mean: …, std: … }`: a sampler's parameters by name, for messages that show the right call. */
function namedParams(name: string): string {
  const params = SPECS.get(name)?.params ?? [];
  return params.length ? `{ ${params.map((p) => `${p.name}: …`).join(', ')} }` : '{ … }';
}

/** The right calls, for a call written numpy's way: g.f(a, b) with parameters by position, or
 *  g.f(2) meaning a parameter where this API reads a count. */
function rightCalls(name: string): string {
  const o = namedParams(name);
  return `g.${name}(${o}) draws one value, g.${name}(n, ${o}) n values (parameters go by name; a first number is the count n)`;
}

/** A seed from the operating system's entropy: a bigint in [0, 2^64) (numpy's default_rng() without a seed). */
function entropySeed(): bigint {
  const w = getRandomValues(new Uint32Array(2));
  return (BigInt(w[1]) << 32n) | BigInt(w[0]);
}

/** The seed argument as a key; a clear error for what a user might pass instead (a string, a float). */
function rootKey(seed: unknown): Key {
  if (typeof seed === 'number' || typeof seed === 'bigint') return keyOf(seed);
  if (typeof seed === 'string') {
    const t = seed.trim();
    const fix = /^\d+$/.test(t) ? ` (pass generator(${BigInt(t) > BigInt(Number.MAX_SAFE_INTEGER) ? `${t}n` : t}), not the string)` : '';
    throw new TypeError(`seed must be an integer (a number up to 2^53-1 or a bigint up to 2^64-1) or a key from key(), got string ${JSON.stringify(seed)}${fix}`);
  }
  if (typeof seed !== 'object' || seed === null) {
    throw new TypeError(`seed must be an integer (a number up to 2^53-1 or a bigint up to 2^64-1) or a key from key(), got ${describe(seed)}`);
  }
  return checkKey(seed, 'seed');
}

/** Public functions outside the registry that the generator also offers (bulk calls: a fresh key each). */
const EXTRAS: Record<string, [Fn, Fn]> = {
  categorical: [categorical as Fn, categoricalAsync as Fn],
  permutation: [permutation as Fn, permutationAsync as Fn],
  shuffle: [shuffle as Fn, shuffleAsync as Fn],
  sampleWithoutReplacement: [sampleWithoutReplacement as Fn, sampleWithoutReplacementAsync as Fn],
};

function functionOf(name: string, async: boolean): Fn {
  if (Object.hasOwn(EXTRAS, name)) return EXTRAS[name][async ? 1 : 0];
  const f = (facade as unknown as Record<string, unknown>)[async ? `${name}Async` : name];
  if (typeof f !== 'function') throw new Error(`internal: the registry's sampler '${name}' has no public function`);
  return f as Fn;
}

/**
 * Every counter (bulk calls, scalar draws, children) counts up to 2^53: call, draw or child number c
 * is made for c ≤ 2^53 − 1 only (foldIn's data and an exact number both end there), so a state always
 * holds exact integers and a state at 2^53 restores as exhausted.
 */
const MAX_COUNT = 2 ** 53;

function checkCounter(v: unknown, name: string): number {
  if (typeof v !== 'number') throw new TypeError(`${name} must be a number, got ${describe(v)}`);
  if (!Number.isInteger(v) || v < 0 || v > MAX_COUNT) throw new RangeError(`${name} must be an integer in [0, 2^53], got ${v}`);
  return v;
}

/** The error for a counter with no numbers left (named as the caller knows it, not as `offset`). */
function exhausted(what: string): RangeError {
  const instead = what === 'spawn' ? 'use a new generator' : 'spawn() a child or use a new generator';
  return new RangeError(`this generator's ${what} counter is exhausted (2^53 made, the most a state records); ${instead}`);
}

// The sampler methods are made from the registry in the static block below; their types come from the
// public functions' types (lib/generator/methods.ts).
export interface Generator extends GeneratorMethods {
  /** One index drawn with probabilities ∝ weights (the scalar categorical stream). */
  categorical(weights: WeightsInput, options?: Omit<CategoricalOptions, 'offset' | 'out'>): number;
  /** n such indices: categorical() under the call's own key. */
  categorical(weights: WeightsInput | DeviceArray, n: number, options: WithDeviceOut<Omit<CategoricalOptions, 'offset'>>): DeviceArray;
  categorical(weights: WeightsInput | DeviceArray, n: number, options?: Omit<CategoricalOptions, 'offset'>): Uint32Array;
  categoricalAsync(weights: WeightsInput | DeviceArray, n: number, options?: Omit<CategoricalOptions, 'offset'>): Promise<Uint32Array | DeviceArray>;
  /** A uniform permutation of 0 … n−1, under the call's own key (each call a new one). */
  permutation<O extends PermutationOptions>(n: number, options?: O): PermutationResult<O>;
  permutationAsync<O extends PermutationOptions>(n: number, options?: O): Promise<PermutationResult<O>>;
  /** A shuffled copy of array, under the call's own key. */
  shuffle<T extends Shuffleable>(array: T, options?: ShuffleOptions): T;
  shuffleAsync<T extends Shuffleable>(array: T, options?: ShuffleOptions): Promise<T>;
  /** k distinct indices (uniform from a population, or weighted), under the call's own key. */
  sampleWithoutReplacement<O extends SampleWithoutReplacementOptions>(k: number, options: O): PermutationResult<O>;
  sampleWithoutReplacementAsync<O extends SampleWithoutReplacementOptions>(k: number, options: O): Promise<PermutationResult<O>>;
}

export class Generator {
  readonly #root: Key;
  readonly #seed: number | bigint | undefined;
  readonly #call: Record<string, unknown>;
  /** #call's backend and device as a placement (own properties: read from the checked options once). */
  readonly #place: Placement;
  readonly #bulk = new Map<string, number>();
  readonly #scalar = new Map<string, Buffered>();
  #spawned = 0;
  /** uniform's scalar draws, looked up once for random()'s fast path. */
  readonly #uniform: Buffered;

  /** Use generator(seed | key, options), generator() or Generator.fromState(state). Without a seed
   *  (undefined), one is drawn from the operating system's entropy and kept in `seed`. */
  constructor(seedOrKey?: number | bigint | Key, options?: GeneratorOptions) {
    this.#seed = seedOrKey === undefined ? entropySeed() : typeof seedOrKey === 'number' || typeof seedOrKey === 'bigint' ? seedOrKey : undefined;
    this.#root = rootKey(this.#seed ?? seedOrKey);
    const o = knownOptions('generator', options, ['backend', 'device'], { seed: 'the seed argument' });
    requestedBackend(o.backend);
    checkDevice(o.device);
    this.#call = {};
    if (o.backend !== undefined) this.#call.backend = o.backend;
    if (o.device !== undefined) this.#call.device = o.device;
    this.#place = { backend: o.backend, device: o.device };
    this.#uniform = this.#buffered('uniform');
  }

  /** The root key: everything this generator draws is derived from it (docs/streams.md, "Generator"). */
  get key(): Key {
    return this.#root;
  }

  /** The seed this generator was made from: the one given, or the one drawn by generator() without a
   *  seed — `generator(g.seed)` makes it again. Undefined for one made from a key, a state or spawn(). */
  get seed(): number | bigint | undefined {
    return this.#seed;
  }

  /** One uniform float64 in [0, 1): the scalar `uniform()` stream. */
  random(): number;
  /** n of them (numpy's random(size)): the bulk call g.uniform(n). */
  random(n: number): Float64Array;
  random(n?: number): number | Float64Array {
    // arguments.length, not a rest parameter: random() stays allocation-free (Math.random's speed)
    if (arguments.length === 0) {
      const u = this.#uniform;
      if (u.sig === '' && u.pos < u.buf.length) return u.buf[u.pos++];
      return this.#scalarDraw('uniform', {}) as number;
    }
    if (typeof n !== 'number' || arguments.length > 1) {
      throw new TypeError(`g.random() takes at most a count n, got (${Array.from(arguments, describe).join(', ')}); for options use g.uniform(n, { low, high, dtype, out })`);
    }
    return this.#bulkCall('uniform', false, [n], undefined) as Float64Array;
  }

  /** n ≤ 2^17 independent child generators (numpy's spawn; JAX's split). Each call gives new children. */
  spawn(n: number): Generator[] {
    checkCount(n, 'n');
    if (n > MAX_COUNT - this.#spawned) throw exhausted('spawn');
    if (n > MAX_SPAWN) throw new RangeError(`n must be at most 2^17 generators per spawn (each takes about 800 bytes), got ${n}`);
    const from = spawnKey(this.#root);
    const kids: Generator[] = [];
    for (let i = 0; i < n; i++) kids.push(new Generator(foldIn(from, this.#spawned + i), this.#options()));
    this.#spawned += n;
    return kids;
  }

  /** The same as spawn(n). */
  split(n = 2): Generator[] {
    return this.spawn(n);
  }

  /** Where this generator stands, as JSON-safe data (buffered draws are recomputed, not stored). */
  get state(): GeneratorState {
    const scalar: Record<string, number> = {};
    for (const [name, b] of this.#scalar) if (b.base + b.pos > 0) scalar[name] = b.base + b.pos;
    return {
      key: [this.#root[0], this.#root[1]],
      bulk: Object.fromEntries(this.#bulk),
      scalar,
      spawned: this.#spawned,
      ...this.#options(),
    };
  }

  /** A generator that continues exactly where `state` was taken. */
  static fromState(state: GeneratorState): Generator {
    const s = checkOptions(state, 'state');
    for (const name of Object.keys(s)) {
      if (!['key', 'bulk', 'scalar', 'spawned', 'backend', 'device'].includes(name)) {
        throw new TypeError(`state: unknown field '${name}'`);
      }
    }
    const g = new Generator(checkKey(s.key, 'state.key'), { backend: s.backend as GeneratorOptions['backend'], device: s.device as number | undefined });
    for (const field of ['bulk', 'scalar'] as const) {
      const counts = checkOptions(s[field], `state.${field}`);
      for (const [name, v] of Object.entries(counts)) {
        if (!SPECS.has(name) && !Object.hasOwn(EXTRAS, name)) throw new RangeError(`state.${field}.${name}: no such method`);
        const count = checkCounter(v, `state.${field}.${name}`);
        if (field === 'bulk') g.#bulk.set(name, count);
        else g.#buffered(name).base = count;
      }
    }
    g.#spawned = checkCounter(s.spawned, 'state.spawned');
    return g;
  }

  #options(): GeneratorOptions {
    return { ...this.#call } as GeneratorOptions;
  }

  #buffered(name: string): Buffered {
    let b = this.#scalar.get(name);
    if (!b) {
      b = { base: 0, pos: 0, buf: [], sig: undefined, size: 1, key: scalarKey(this.#root, name) };
      this.#scalar.set(name, b);
    }
    return b;
  }

  /** The options of a call, checked for the names the generator owns. */
  #own(opts: unknown, scalar: boolean): Record<string, unknown> {
    const o = checkOptions(opts);
    for (const name of OWN) {
      if (o[name] !== undefined) throw new TypeError(`${name} is set by the generator; use the functional API for explicit offsets`);
    }
    if (scalar) {
      for (const name of NOT_SCALAR) {
        if (o[name] !== undefined) throw new TypeError(`a single draw takes no '${name}' (pass n for an array)`);
      }
    }
    return o;
  }

  /** Draw s of `name`'s scalar stream: from the buffer while the options stay the same. */
  #scalarDraw(name: string, opts: Record<string, unknown>): unknown {
    const b = this.#buffered(name);
    const sig = signature(opts);
    if (sig === undefined || sig !== b.sig || b.pos >= b.buf.length) {
      for (const [k, v] of Object.entries(opts)) {
        if (v !== undefined && typeof v !== 'number' && typeof v !== 'string') {
          throw new TypeError(`${k} must be a number for a single draw, got ${describe(v)} (pass n for per-element values)`);
        }
      }
      const s = b.base + b.pos;
      if (s >= MAX_COUNT) throw exhausted(`${name} scalar-draw`);
      // the buffer stops at draw 2^53 − 1, so base + pos stays exact and the fast paths need no check
      const size = Math.min(sig !== undefined && sig === b.sig ? Math.min(b.size * 8, MAX_REFILL) : 1, MAX_COUNT - s);
      const buf = functionOf(name, false)(b.key, size, { ...this.#call, ...opts, offset: s }) as Values;
      Object.assign(b, { base: s, pos: 0, buf, sig, size });
    }
    return b.buf[b.pos++];
  }

  /** Row s of a rows sampler's scalar stream (no buffering: one row per call); without `vector` for a
   *  sampler whose row vector is an option (multivariateNormal's mean). */
  #scalarRow(name: string, vector: unknown, opts: Record<string, unknown>, positional = true): unknown {
    const b = this.#buffered(name);
    if (b.base + b.pos >= MAX_COUNT) throw exhausted(`${name} scalar-draw`);
    const o = { ...this.#call, ...opts, offset: b.base + b.pos };
    const row = positional ? functionOf(name, false)(b.key, vector, 1, o) : functionOf(name, false)(b.key, 1, o);
    b.pos++;
    return row;
  }

  /** Draw s of the scalar categorical stream without options: the same draw as #scalarRow's, at a
   *  small call's cost (lib/alias/categorical.ts, categoricalDraw). */
  #categoricalDraw(weights: unknown): number {
    const b = this.#buffered('categorical');
    const s = b.base + b.pos;
    if (s >= MAX_COUNT) throw exhausted('categorical scalar-draw');
    const r = categoricalDraw(b.key, weights as WeightsInput, s, this.#place);
    b.pos++;
    return r;
  }

  /** Bulk call j of `name`: the function under foldIn(method key, j). */
  #bulkCall(name: string, async: boolean, args: unknown[], opts: unknown): unknown {
    let o: Record<string, unknown>;
    try {
      if (opts !== undefined && (typeof opts !== 'object' || opts === null) && SPECS.has(name) && !SPECS.get(name)?.rows) {
        // g.normal(0, 1), numpy's normal(loc, scale): here the second argument is the options
        const shown = [...args, opts].map((a) => (typeof a === 'number' ? String(a) : '…')).join(', ');
        throw new TypeError(`g.${name}(${shown}): options must be an object, got ${describe(opts)}; ${rightCalls(name)}`);
      }
      o = this.#own(opts, false);
    } catch (e) {
      if (async) return Promise.reject(e);
      throw e;
    }
    const j = this.#bulk.get(name) ?? 0;
    if (j >= MAX_COUNT) {
      if (async) return Promise.reject(exhausted(`${name} bulk-call`));
      throw exhausted(`${name} bulk-call`);
    }
    const k = foldIn(bulkKey(this.#root, name), j);
    const run = () => functionOf(name, async)(k, ...args, { ...this.#call, ...o });
    if (async) {
      this.#bulk.set(name, j + 1);  // an async call takes its index when it is made
      return run();
    }
    const r = run();
    this.#bulk.set(name, j + 1);
    return r;
  }

  static {
    const proto = Generator.prototype as unknown as Record<string, unknown>;
    // categorical(weights, n?, options?): like a rows sampler's signature (a vector first)
    proto.categorical = function (this: Generator, weights: unknown, n?: unknown, options?: unknown) {
      if (n === undefined) return this.#categoricalDraw(weights);
      if (typeof n === 'object' && n !== null) {
        return (this.#scalarRow('categorical', weights, this.#own(n, true)) as Uint32Array)[0];
      }
      return this.#bulkCall('categorical', false, [weights, n], options);
    };
    proto.categoricalAsync = function (this: Generator, weights: unknown, n: unknown, options?: unknown) {
      return this.#bulkCall('categorical', true, [weights, n], options);
    };
    // one argument before the options, every call a bulk call
    for (const name of ['permutation', 'shuffle', 'sampleWithoutReplacement']) {
      proto[name] = function (this: Generator, first: unknown, options?: unknown) {
        return this.#bulkCall(name, false, [first], options);
      };
      proto[`${name}Async`] = function (this: Generator, first: unknown, options?: unknown) {
        return this.#bulkCall(name, true, [first], options);
      };
    }
    for (const spec of SAMPLERS) {
      const name = spec.name;
      if (spec.rows?.option) {
        // the row vector is an option: g.f(options) is one row, g.f(n, options) n rows
        proto[name] = function (this: Generator, n?: unknown, options?: unknown) {
          if (n === undefined || (typeof n === 'object' && n !== null)) return this.#scalarRow(name, undefined, this.#own(n, true), false);
          return this.#bulkCall(name, false, [n], options);
        };
        proto[`${name}Async`] = function (this: Generator, n: unknown, options?: unknown) {
          return this.#bulkCall(name, true, [n], options);
        };
      } else if (spec.rows) {
        proto[name] = function (this: Generator, vector: unknown, n?: unknown, options?: unknown) {
          if (n === undefined || (typeof n === 'object' && n !== null)) return this.#scalarRow(name, vector, this.#own(n, true));
          return this.#bulkCall(name, false, [vector, n], options);
        };
        proto[`${name}Async`] = function (this: Generator, vector: unknown, n: unknown, options?: unknown) {
          return this.#bulkCall(name, true, [vector, n], options);
        };
      } else {
        const required = spec.params.filter((p) => p.default === undefined).map((p) => p.name);
        /** g.gamma(2), g.poisson(5) (numpy: one draw with that parameter), g.exponential(2.5): say what
         *  the first number is and how parameters are passed. */
        const checkFirst = (n: unknown, options: unknown): void => {
          if (typeof n === 'number' && !(Number.isInteger(n) && n >= 0)) {
            throw new RangeError(`n must be an integer in [0, 2^32-1], got ${n}: g.${name}'s first number is how many values to draw; ${rightCalls(name)}`);
          }
          if (required.length > 0 && (options === undefined || n === undefined)) {
            throw new TypeError(`g.${name}(${n === undefined ? '' : typeof n === 'number' ? String(n) : '…'}) needs ${required.join(' and ')}: ${rightCalls(name)}`);
          }
        };
        proto[name] = function (this: Generator, n?: unknown, options?: unknown) {
          if (required.length > 0 && n === undefined) checkFirst(n, options);
          if (n === undefined) {
            // the common case first: default options, a value left in the buffer
            const b = this.#scalar.get(name);
            if (b !== undefined && b.sig === '' && b.pos < b.buf.length) return b.buf[b.pos++];
            return this.#scalarDraw(name, {});
          }
          if (typeof n === 'object' && n !== null) return this.#scalarDraw(name, this.#own(n, true));
          checkFirst(n, options);
          return this.#bulkCall(name, false, [n], options);
        };
        proto[`${name}Async`] = function (this: Generator, n: unknown, options?: unknown) {
          try {
            checkFirst(n, options);
          } catch (e) {
            return Promise.reject(e);
          }
          return this.#bulkCall(name, true, [n], options);
        };
      }
    }
  }
}

/** A Generator from a seed (an integer in [0, 2^64)) or a key; without one (numpy's default_rng()),
 *  from a seed drawn from the operating system's entropy, readable as `g.seed` to reproduce the run. */
export function generator(seed?: number | bigint | Key, options?: GeneratorOptions): Generator {
  return new Generator(seed, options);
}
generator.fromState = Generator.fromState;
