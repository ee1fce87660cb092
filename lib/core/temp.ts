/**
 * Reused temporaries for synchronous computations (issue 31). A typed array of more than 64 bytes
 * lives outside V8's heap, and allocating one cost 0.6 µs (65 words) to 3 µs (1,024 words) on the
 * reference machine — a dozen of them were most of what building a 64-item alias table cost. A slot
 * hands out a zeroed view of one buffer it keeps (up to `max` elements; beyond that a fresh array,
 * so no large buffer stays alive).
 *
 * Rules for a slot: one per call site; what it returns must not outlive the synchronous call that
 * took it (never returned to user code, stored, or sent to another thread), and the code using it
 * must not take from the same slot again before it is done (no recursion through it). Worker threads
 * have their own module instances, so their slots are their own.
 */
type Ctor<T> = { new (n: number): T };
interface Viewable<T> { length: number; subarray(a: number, b: number): T; fill(v: number): T }

export function tempSlot<T extends Viewable<T>>(C: Ctor<T>, max = 1 << 14): (n: number) => T {
  let buf: T | null = null;
  // the last view handed out, given again for the same n: a subarray is itself an allocation (~0.1 µs;
  // a 64-weight draw from an uncached row takes five slots)
  let view: T | null = null;
  return (n: number): T => {
    if (n > max) return new C(n);
    if (view !== null && view.length === n) return view.fill(0);
    if (buf === null || buf.length < n) buf = new C(Math.min(max, Math.max(64, 2 * n)));
    view = buf.subarray(0, n);
    return view.fill(0);
  };
}
