/**
 * Weights in a DeviceArray (docs/alias.md, "DeviceArray operands"): what AliasTable.build and categorical accept
 * besides host arrays. The values are checked where they are, by one rule: on the CPU by checkWeights, on the
 * GPU by the construction's check kernel (cuda/src/alias_check.cu), which reports the same RangeError.
 * So weights computed on the GPU (a model's scores, a previous sampler's output) never cross PCIe.
 */
import type { DeviceStore } from '../backend/types.js';
import { storeOf, type DeviceArray } from '../facade/device-array.js';
import { checkWeights, MAX_ITEMS } from './fixed-point.js';

/** The live store of float32/float64 DeviceArray weights of 1 … 2^32−1 items (TypeError / RangeError). */
export function checkDeviceWeights(w: DeviceArray, name = 'weights'): DeviceStore {
  const store = storeOf(w, name);
  if (w.dtype === 'uint32') throw new TypeError(`${name} must be a float32 or float64 DeviceArray, got a uint32 one`);
  if (w.length === 0) throw new RangeError(`${name} must not be empty`);
  if (w.length > MAX_ITEMS) throw new RangeError(`${name} has ${w.length} items; at most 2^32-1 are supported`);
  return store;
}

/** The values of DeviceArray weights on the host, checked: a CPU array's own, a GPU array's copy. */
export function hostWeights(w: DeviceArray, store: DeviceStore, name = 'weights'): Float32Array | Float64Array {
  return checkWeights(store.host ?? w.toHost(), name);
}

export async function hostWeightsAsync(w: DeviceArray, store: DeviceStore, name = 'weights'): Promise<Float32Array | Float64Array> {
  return checkWeights(store.host ?? (await w.toHostAsync()), name);
}
