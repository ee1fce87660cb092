/**
 * cuRAND's MRG32k3a: the sequential generator (lib/kernels/mrg32k3a/stream.ts, whose CPU stepping is
 * also the bulk op's specification) and mrg32k3aFill, the bulk fill on either backend.
 */
export {
  Mrg32k3a, MRG32K3A_SUBSEQUENCE_STEPS, MRG32K3A_MAX_SUBSEQUENCE, MRG32K3A_NORM, MRG32K3A_BITS_NORM,
  type Mrg32k3aOptions, type Mrg32k3aState,
} from '../kernels/mrg32k3a/stream.js';
export { mrg32k3aFill, mrg32k3aFillAsync, type Mrg32k3aFillOptions } from './fill.js';
