// Diagnostics for the hardening checks (scripts/gpu-hardening.mjs): device memory as the driver sees
// it, and deliberate exhaustion of it. Plain C++ like cr_api.h; not used by the library's own calls.
#ifndef CR_API_DIAGNOSTICS_H
#define CR_API_DIAGNOSTICS_H

#include <stdint.h>

#include "cr_api.h"

/** cudaMemGetInfo, after waiting for the device and (trim != 0) releasing the unused memory that the
 *  default memory pool caches (cudaMemPoolTrimTo 0), so that what remains is what calls still hold. */
cr_status cr_diag_mem_info(int trim, uint64_t* free_bytes, uint64_t* total_bytes);

/** Allocates device memory (plain cudaMalloc, in blocks) until `bytes` are held or an allocation fails,
 *  whichever comes first; *held is what this process now holds through it in total. A failure to
 *  allocate is not an error here (that is the point); the CUDA error state is cleared. */
cr_status cr_diag_hog(uint64_t bytes, uint64_t* held);

/** Frees everything cr_diag_hog holds, and the pinned staging buffers the runtime keeps for later
 *  calls, so that a leak check at exit (compute-sanitizer --leak-check full) sees only real leaks. */
cr_status cr_diag_release(void);

#endif  // CR_API_DIAGNOSTICS_H
