/**
 * backend().reason when the addon loads but CUDA is unusable (issue 32, item 3): what it means for the
 * user first — no driver, or a driver older than the runtime — then the runtime's own error.
 */
import { describe, expect, it } from 'vitest';
import { unusableReason } from '../lib/backend/cuda/backend.js';
import type { CudaDeviceInfo } from '../lib/backend/cuda/backend.js';

const info = (driverVersion: number, error: string) => ({ driverVersion, runtimeVersion: 13000, error }) as unknown as CudaDeviceInfo;

describe('why CUDA is unusable, in words', () => {
  it('no driver: says there is no NVIDIA driver, then the runtime error', () => {
    const r = unusableReason(info(0, 'cudaGetDeviceCount: cudaErrorInsufficientDriver: …'), 'no CUDA driver installed, runtime 13.0');
    expect(r).toMatch(/^no NVIDIA driver is installed, so there is no GPU to use \(the CUDA runtime reports cudaGetDeviceCount: cudaErrorInsufficientDriver/);
  });
  it('an older driver: names both CUDA versions and asks for an update', () => {
    const r = unusableReason(info(12040, 'cudaGetDeviceCount: cudaErrorInsufficientDriver: …'), 'driver 12.4, runtime 13.0');
    expect(r).toMatch(/^the NVIDIA driver supports CUDA 12\.4 but the addon's runtime is CUDA 13\.0: update the driver \(docs\/building\.md, "Requirements"/);
  });
  it('a current driver and no device: the runtime error with the versions', () => {
    expect(unusableReason(info(13000, 'cudaGetDeviceCount: cudaErrorNoDevice'), 'driver 13.0, runtime 13.0'))
      .toBe('the CUDA runtime reports cudaGetDeviceCount: cudaErrorNoDevice (driver 13.0, runtime 13.0)');
  });
});
