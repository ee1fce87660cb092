/**
 * Which key each Generator draw uses (docs/streams.md, "Generator"): every draw is one call of the functional
 * API, so a Generator run can be replayed with keys and offsets, and vice versa.
 *
 *   method key      M = foldIn(root, id(name))           id = FNV-1a-32 of the method's public name
 *   bulk call j     f(foldIn(M, j), n, options)          j = 0, 1, … counts that method's bulk calls
 *   scalar draw s   f(foldIn(root, 2^32 + id(name)), 1, { ...options, offset: s })[0]
 *   child c         foldIn(foldIn(root, 2^33), c)        c = 0, 1, … counts spawned children
 *
 * Hashing the name (rather than numbering the methods) keeps every method's stream fixed when samplers
 * are added; a test checks that no two names share an id.
 */
import { foldIn, type Key } from '../core/keys.js';

/** FNV-1a, 32 bits, of the UTF-16 code units of `name` (names are ASCII). */
export function methodId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The key of a method's bulk calls (before the call index is folded in). */
export const bulkKey = (root: Key, name: string): Key => foldIn(root, methodId(name));

/** The key of a method's scalar draws (draw s is element s). */
export const scalarKey = (root: Key, name: string): Key => foldIn(root, 2 ** 32 + methodId(name));

/** The key children are folded from. */
export const spawnKey = (root: Key): Key => foldIn(root, 2 ** 33);
