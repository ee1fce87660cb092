// The probe patterns the stand-in alias construction launchers write (fake_kernels.cpp).
#ifndef CR_FAKE_KERNELS_H
#define CR_FAKE_KERNELS_H

#include <stdint.h>

/** units[i] of every stand-in construction. */
uint64_t probe_units(uint32_t i);
/** rows[j] = probe_rows(j) ^ (uint32_t)probe_units(j / 2). */
uint32_t probe_rows(uint64_t j);

#endif  // CR_FAKE_KERNELS_H
