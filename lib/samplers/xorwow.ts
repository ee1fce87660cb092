/** cuRAND's XORWOW fill (lib/xorwow): the CPU path is Xorwow's own stepping; the GPU op jumps ahead. */
import type { OpSpec } from './spec.js';

export const OP_XORWOW = 'xorwowFill';

export const XORWOW_OPS: readonly OpSpec[] = [
  { name: OP_XORWOW, dtype: 'uint32', cuda: { custom: OP_XORWOW, crossover: 1 << 16 } },
];
