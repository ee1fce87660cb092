/**
 * Logarithmic series elements (docs/streams.md, "Logarithmic series"), an element sampler
 * (lib/kernels/element.ts runs it): Kemp's second method (LK), as numpy's logseries(p). Block 0 of
 * element e, (e mod 2^32, e div 2^32, 0, TAG_LOGSERIES), gives V = (k53(w0, w1) + 1)·2^-53 and
 * U = (k53(w2, w3) + 1)·2^-53. With r = log(1 − p) (derived on the host) and q = −expm1(r·U), the value is
 * 1 + ⌊log V / log q⌋: 1 when V ≥ p or V > q, 2 when q² < V ≤ q, else ⌊1 + log V / log q⌋.
 * C++ twin: cuda/include/cr_logseries.h.
 */
import { k53, philoxBlock } from '../core/philox.js';
import { expm1 } from '../core/math/expm1.js';
import { log } from '../core/math/log.js';

/** Its blocks' counter word 3 (cr_logseries.h CR_TAG_LOGSERIES): distinct from every TAG of lib/core/layout.ts. */
export const TAG_LOGSERIES = 22;

const TWO_M53 = 2 ** -53;
const W = new Uint32Array(4);

/** Element (eHi:eLo) for p = (p, r = log(1 − p)): an integer ≥ 1. */
export function logseriesElement(k0: number, k1: number, eLo: number, eHi: number, p: Float64Array): number {
  philoxBlock(eLo, eHi, 0, TAG_LOGSERIES, k0, k1, W, 0);
  const v = (k53(W[0], W[1]) + 1) * TWO_M53;
  if (v >= p[0]) return 1;
  const u = (k53(W[2], W[3]) + 1) * TWO_M53;
  const q = 0 - expm1(p[1] * u);
  if (v <= q * q) return Math.floor(1 + log(v) / log(q));
  return v <= q ? 2 : 1;
}
