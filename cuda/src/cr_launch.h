// Internal to cuda/src: kernel launchers (defined in the .cu files, called by cr_api.cpp).
#ifndef CR_LAUNCH_H
#define CR_LAUNCH_H

#include <cuda_runtime.h>
#include <stdint.h>
#include "cr_xorwow.h"

/** Launch shape: threads per block of the grid-stride kernels, and the SM count of the device. */
#define CR_BLOCK 256

/** Blocks of `block` threads for `threads` work items: as many as the items need, at most
 *  `per_sm` per multiprocessor (default: one full wave of 2048 threads), at least one. */
inline unsigned cr_grid_for(uint64_t threads, int sms, unsigned block = CR_BLOCK, unsigned per_sm = 2048 / CR_BLOCK) {
  const uint64_t want = (threads + block - 1) / block;
  const uint64_t cap = (uint64_t)(sms > 0 ? sms : 1) * per_sm;
  return (unsigned)(want < cap ? (want > 0 ? want : 1) : cap);
}

cudaError_t cr_launch_bits(uint32_t* dst, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, int sms,
                           cudaStream_t s);
/** uniform(low, high) elements, float (f32) or double output. */
cudaError_t cr_launch_uniform(void* dst, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double low,
                              double high, int sms, cudaStream_t s);
/** n curand() outputs of the state `base` (base itself unchanged), using device jump matrices
 *  jumps[k] = A^(2^k), k < CR_XORWOW_DEVICE_JUMPS. */
#define CR_XORWOW_DEVICE_JUMPS 64
cudaError_t cr_launch_xorwow(uint32_t* dst, uint64_t n, cr_xorwow_state base, const cr_xorwow_matrix* jumps, int sms,
                             cudaStream_t s);
/** cudaFuncGetAttributes on a kernel of this build: cudaErrorNoKernelImageForDevice when the device's
 *  architecture is neither compiled for nor reachable through the embedded PTX. */
cudaError_t cr_kernel_image_check();

#endif  // CR_LAUNCH_H
