/** Output types in the public API: dtype options and DeviceArray outputs. */
import { DeviceArray } from './device-array.js';
import { checkEnum } from '../core/validate.js';
import type { DeviceDtype, Dtype } from '../core/types.js';

export type { Dtype } from '../core/types.js';

/** `out: 'device'` (a new DeviceArray on the call's backend) or an existing DeviceArray to fill. */
export type DeviceOut = 'device' | DeviceArray;

/** Options whose `out` asks for a DeviceArray result. */
export type WithDeviceOut<O> = O & { out: DeviceOut };

/** The dtype option among `dtypes` (the first is the default); when omitted, a float32 `out`
 *  (Float32Array or DeviceArray) implies float32. */
export function checkDtype(v: unknown, out: unknown, dtypes: readonly DeviceDtype[] = ['float64', 'float32']): DeviceDtype {
  const f32 = out instanceof Float32Array || (out instanceof DeviceArray && out.dtype === 'float32');
  const dflt = f32 && dtypes.includes('float32') ? 'float32' : dtypes[0];
  return checkEnum(v, [...dtypes].sort(), 'dtype', dflt);
}

/** A float dtype ('float32' | 'float64'). */
export function checkFloatDtype(v: unknown, out: unknown): Dtype {
  return checkDtype(v, out) as Dtype;
}
