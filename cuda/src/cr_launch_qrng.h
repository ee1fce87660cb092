// Internal to cuda/src: launchers of cuRAND's other generators (qrng_kernels.cu), called by
// cr_api_qrng.cpp. Every launcher enqueues on stream `s` and returns the launch error; pointers are
// device memory.
#ifndef CR_LAUNCH_QRNG_H
#define CR_LAUNCH_QRNG_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "cr_mrg32k3a.h"

/** Where a Sobol call's points come from: per-dimension direction vectors (dims x 32 uint32 or
 *  dims x 64 uint64) and starts c (null: all 0), and the output's shape. */
struct cr_sobol_args {
  const void* dirs;
  const void* c;
  uint64_t points;  // n: points per dimension in the whole output
  uint32_t dims;
  bool points_layout;
  int bits;         // 32 or 64
  bool normal;      // the normal transform (float outputs), else cuRAND's uniform map
  uint64_t offset;  // index of the output's first point
};

/** Keyed randomisation in place of the identity: dims threads, each turning dimension d's vectors
 *  `dirs` into out_dirs and writing its start to out_c (cr_sobol32/64_randomise). */
cudaError_t cr_launch_sobol_randomise(const void* dirs, void* out_dirs, void* out_c, uint32_t dims, int bits, bool lms,
                                      uint32_t k0, uint32_t k1, cudaStream_t s);

/** Flat elements [first, first + n) of a Sobol output into out (type CR_TYPE_*). */
cudaError_t cr_launch_sobol(void* out, int type, uint64_t n, uint64_t first, const cr_sobol_args& a, int sms,
                            cudaStream_t s);

/** n MRG32k3a values of the state `base` (CR_TYPE_U32: curand(), F32: curand_uniform(), F64:
 *  curand_uniform_double()), using device jump matrices jumps[k] = A^(2^k), k < 64. */
#define CR_MRG32K3A_DEVICE_JUMPS 64
cudaError_t cr_launch_mrg32k3a(void* out, int type, uint64_t n, cr_mrg32k3a_state base, const cr_mrg32k3a_jump* jumps,
                               int sms, cudaStream_t s);

#endif  // CR_LAUNCH_QRNG_H
