/**
 * Device memory of the CUDA backend (binding/device_array.cc): the addon's handle functions and the
 * DeviceStore over them that lib/facade/device-array.ts wraps. A handle is an opaque object; the addon frees
 * its memory on deviceFree or when the handle is garbage-collected, reporting it to V8 as external
 * memory meanwhile.
 */
import type { DeviceDtype, DeviceStore, HostArray } from '../types.js';
import type { U32 } from './types.js';

/** An opaque device-array handle made by the addon. */
export type DeviceHandle = object;

export interface DeviceAddon {
  /** type: 0 uint32, 1 float32, 2 float64. */
  deviceAlloc(type: number, length: number): DeviceHandle;
  deviceFree(handle: DeviceHandle): void;
  deviceToHost(handle: DeviceHandle, out: HostArray): void;
  deviceToHostAsync(handle: DeviceHandle, out: HostArray): Promise<void>;
  deviceFromHost(handle: DeviceHandle, src: HostArray): void;
  deviceFromHostAsync(handle: DeviceHandle, src: HostArray): Promise<void>;
  bitsInto(k0: U32, k1: U32, lo: U32, hi: U32, out: DeviceHandle, n: number): void;
  bitsIntoAsync(k0: U32, k1: U32, lo: U32, hi: U32, out: DeviceHandle, n: number): Promise<void>;
  uniform32Into(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: DeviceHandle, n: number): void;
  uniform32IntoAsync(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: DeviceHandle, n: number): Promise<void>;
  uniform64Into(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: DeviceHandle, n: number): void;
  uniform64IntoAsync(k0: U32, k1: U32, lo: U32, hi: U32, low: number, high: number, out: DeviceHandle, n: number): Promise<void>;
  /** How host outputs reach pageable memory (cuda/include/cr_api_device.h): 'staging' (default) or 'register'. */
  setTransferMode(mode: 'staging' | 'register'): void;
  transferMode(): 'staging' | 'register';
}

export const TYPE_CODE: Record<DeviceDtype, number> = { uint32: 0, float32: 1, float64: 2 };

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
