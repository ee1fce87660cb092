/** Output types in the public API: dtype options and DeviceArray outputs. */
import { DeviceArray } from './device-array.js';
import { checkEnum } from '../core/validate.js';
import { dtypeOf, type DeviceDtype, type Dtype } from '../core/types.js';

export type { Dtype } from '../core/types.js';

/** `out: 'device'` (a new DeviceArray on the call's backend) or an existing DeviceArray to fill. */
export type DeviceOut = 'device' | DeviceArray;

/** Options whose `out` asks for a DeviceArray result. */
export type WithDeviceOut<O> = O & { out: DeviceOut };

/** The dtype option among `dtypes` (the first is the default); when omitted, an `out` (typed array or
 *  DeviceArray) of one of `dtypes` implies its type (a Float32Array out: float32; an Int32Array: int32). */
export function checkDtype(v: unknown, out: unknown, dtypes: readonly DeviceDtype[] = ['float64', 'float32']): DeviceDtype {
  const of = out instanceof DeviceArray ? out.dtype : dtypeOf(out);
  const dflt = of !== undefined && dtypes.includes(of) ? of : dtypes[0];
  if (v === undefined) return dflt;  // (the sorted list is only for checking and naming a given dtype)
  return checkEnum(v, [...dtypes].sort(), 'dtype', dflt);
}

/** A float dtype ('float32' | 'float64'). */
export function checkFloatDtype(v: unknown, out: unknown): Dtype {
  return checkDtype(v, out) as Dtype;
}
