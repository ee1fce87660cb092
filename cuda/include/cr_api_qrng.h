// cuRAND's other generators as plain C++ functions, like cr_api.h (no CUDA or napi types): Sobol
// quasirandom points (docs/qmc.md, "Sobol: API" to "Keyed randomisation") and MRG32k3a bulk fills (docs/qmc.md, "Bulk
// fills on either backend"), bit for bit what the TypeScript kernels (lib/kernels/sobol, lib/kernels/mrg32k3a) give.
//
// Blocking calls take their output as a cr_array in host memory (landed through the staging pipeline)
// or device memory (written in place) and return when it is complete; the *_device twins only enqueue
// on the caller's stream (benchmarks, the GPU self-test). Both run the same code (cuda/src/cr_run.h).
#ifndef CR_API_QRNG_H
#define CR_API_QRNG_H

#include <stdint.h>

#include "cr_api.h"

#define CR_SOBOL_SCRAMBLE_NONE 0
#define CR_SOBOL_SCRAMBLE_LMS 1    // random linear scramble + digital shift (cr_sobol32/64_randomise)
#define CR_SOBOL_SCRAMBLE_SHIFT 2  // digital shift only
#define CR_SOBOL_SCRAMBLE_GIVEN 3  // dirs are scrambled already, start constants after them (cuRAND's scrambled Sobol)

/** A Sobol output: `points` points of `dims` dimensions starting at point `offset`, flat in either layout. */
struct cr_sobol_spec {
  uint64_t points;
  uint32_t dims;
  /** 1: point-major (out[i * dims + d]); 0: cuRAND's dimension-major (out[d * points + i]). */
  int points_layout;
  /** 32 (Sobol32) or 64 (Sobol64); uint32 outputs need 32. */
  int bits;
  /** 1: the normal transform (float outputs only); 0: cuRAND's uniform map (or the raw words, uint32). */
  int normal;
  /** CR_SOBOL_SCRAMBLE_*: a keyed randomisation under (k0, k1), or none. */
  int scramble;
  uint64_t offset;
  /** Host memory: the dimensions' Joe–Kuo direction vectors, dims x 32 words (bits 32) or dims x 64
   *  (hi, lo) word pairs (bits 64), as lib/kernels/sobol/directions.ts expands them. With
   *  CR_SOBOL_SCRAMBLE_GIVEN: the scrambled vectors in that form, then the dims start constants, one
   *  word each (bits 32) or one (hi, lo) pair each (bits 64; lib/backend/cuda/qrng.ts curandSobolTable). */
  const uint32_t* dirs;
};

/** Flat elements first .. first + out.n - 1 of the Sobol output `spec` (randomised under (k0, k1) when
 *  spec->scramble says so). out: CR_TYPE_U32 (Sobol32 words), F32 or F64. CR_EINVAL for a spec outside
 *  its domain: bits, scramble, dims 0, offset + points past 2^bits, elements past points * dims. */
cr_status cr_sobol(uint32_t k0, uint32_t k1, uint64_t first, const cr_sobol_spec* spec, cr_array out);
cr_status cr_sobol_device(uint32_t k0, uint32_t k1, uint64_t first, const cr_sobol_spec* spec, void* dev_out, int type,
                          uint64_t n, void* stream);

/** MRG32k3a values at steps offset .. offset + out.n - 1 after curand_init(seed, subsequence, 0): the same
 *  as curand_init(seed, subsequence, offset) followed by out.n calls of curand() (CR_TYPE_U32),
 *  curand_uniform() (F32) or curand_uniform_double() (F64). subsequence: bits 51 and up ignored. */
cr_status cr_mrg32k3a_fill(uint64_t seed, uint64_t subsequence, uint64_t offset, cr_array out);
cr_status cr_mrg32k3a_fill_device(uint64_t seed, uint64_t subsequence, uint64_t offset, void* dev_out, int type,
                                  uint64_t n, void* stream);

#endif  // CR_API_QRNG_H
