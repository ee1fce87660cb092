/** triangular(): numpy's triangular(left, mode, right) by inversion of one uniform u in (0, 1]
 *  (docs/streams.md §6.5). */
import { finite } from '../core/constraints.js';
import { transformSampler } from './transform.js';

export const TRIANGULAR = transformSampler({
  name: 'triangular',
  summary: 'triangular variates on [left, right] with peak at mode, by inversion of one uniform',
  stream: 'docs/streams.md §6.5',
  id: 9,
  base: 'uniform',
  params: [
    { name: 'left', doc: 'Lower limit (finite).', is: finite },
    { name: 'mode', doc: 'The peak, left ≤ mode ≤ right.', is: finite },
    { name: 'right', doc: 'Upper limit (finite), > left; right − left must be finite.', is: finite },
  ],
  check({ left, mode, right }, at) {
    if (!(left < right)) throw new RangeError(`${at('left')} must be < ${at('right')}, got ${left} and ${right}`);
    if (!(left <= mode && mode <= right)) {
      throw new RangeError(`${at('mode')} must be in [${at('left')}, ${at('right')}] = [${left}, ${right}], got ${mode}`);
    }
    if (!Number.isFinite(right - left)) throw new RangeError(`${at('right')} − ${at('left')} must be finite, got ${right} − ${left}`);
  },
  // p = (left, right, width, the mode's share of it on each side): no product of two widths, so nothing
  // overflows for any finite width (numpy's sqrt(u·(mode − left)·(right − left)) does near 1e154)
  derived: {
    names: ['left', 'right', 'width', 'leftShare', 'rightShare'],
    of: ({ left, mode, right }) => {
      const w = right - left;
      return [left, right, w, (mode - left) / w, (right - mode) / w];
    },
  },
  f: (u, p) => (u <= p[3] ? p[0] + p[2] * Math.sqrt(u * p[3]) : p[1] - p[2] * Math.sqrt((1 - u) * p[4])),
  hints: { low: 'left', high: 'right', c: 'mode', peak: 'mode' },
});
