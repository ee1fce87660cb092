// Device-resident arrays and transfers (the native side of lib/facade/device-array.ts): plain C++, no CUDA or
// napi types, like cr_api.h. Every function is blocking and thread-safe (its own stream).
#ifndef CR_API_DEVICE_H
#define CR_API_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "cr_api.h"

/* Element types: CR_TYPE_U32, CR_TYPE_F32, CR_TYPE_F64 (cr_api.h). */

/** `bytes` of device memory: from the device's memory pool when it has one (stream-ordered, cached
 *  between uses), else cudaMalloc. Returns NULL with the error in *status (NULL with success for 0
 *  bytes). Usable from any stream once this returns. */
void* cr_device_alloc(size_t bytes, cr_status* status);
/** Frees cr_device_alloc memory (no-op for NULL). The caller guarantees no work still uses it. */
void cr_device_free(void* p);

/** Device → host: `bytes` from device memory into host memory (pageable: through the pinned staging
 *  pipeline; pinned: one direct copy). */
cr_status cr_copy_to_host(void* host, const void* dev, size_t bytes);
/** Host → device. */
cr_status cr_copy_to_device(void* dev, const void* host, size_t bytes);

/** How host outputs reach pageable memory: CR_TRANSFER_STAGING (default: two pinned staging buffers,
 *  the CPU copy overlapping the next chunk's kernel and PCIe copy) or CR_TRANSFER_REGISTER (page-lock
 *  the caller's buffer with cudaHostRegister for the call and copy into it directly). Process-wide. */
#define CR_TRANSFER_STAGING 0
#define CR_TRANSFER_REGISTER 1
void cr_set_transfer_mode(int mode);
int cr_transfer_mode(void);

#endif  // CR_API_DEVICE_H
