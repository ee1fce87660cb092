/**
 * Device memory of the CUDA backend (binding/device_array.cc): the addon's handle functions and the
 * DeviceStore over them that lib/facade/device-array.ts wraps. A handle is an opaque object; the addon frees
 * its memory on deviceFree or when the handle is garbage-collected, reporting it to V8 as external
 * memory meanwhile.
 */
import type { DeviceStore } from '../types.js';
import { DTYPE_CODE, type DeviceDtype } from '../../core/types.js';
import type { DeviceAddon } from '../../core/addon.js';

export const TYPE_CODE: Readonly<Record<DeviceDtype, number>> = DTYPE_CODE;

/** `length` elements of `dtype` in the memory of the device that `on` selects (it is called before
 *  every addon call: the addon's device is per-thread state). */
export function cudaStore(addon: DeviceAddon, dtype: DeviceDtype, length: number, on: () => void = () => {},
  device = 0): DeviceStore {
  on();
  const handle = addon.deviceAlloc(TYPE_CODE[dtype], length);
  return {
    backend: 'cuda',
    device,
    handle,
    toHost: (out) => { on(); addon.deviceToHost(handle, out); },
    // `out` is made by DeviceArray.toHostAsync for this call: no user code can detach it meanwhile.
    toHostAsync: (out) => { on(); return addon.deviceToHostAsync(handle, out); },
    fromHost: (src) => { on(); addon.deviceFromHost(handle, src); },
    free: () => addon.deviceFree(handle),
  };
}
