// The C library's environment variables under the library's one policy (docs/building.md,
// "Environment variables"): unset or empty means the default; any other value must be one the docs
// list. The C API cannot throw, so a malformed value fails every device call (CR_DEVICE_READY) with a
// message naming the variable, instead of silently running with the default. The Node library
// checks the same variables with the same grammar first (lib/core/env.ts) and throws a RangeError.
#ifndef CR_ENV_H
#define CR_ENV_H

#include <stddef.h>

#include "cr_api_alias.h"

namespace cr_rt {

/** CUDA_RANDOM_ALIAS_TUNING's value ("split=binary|pary,pack=shared|chunked,counts=auto|shared|global",
 *  any subset, any order) into *t; false (t unchanged) for anything else. Null or empty: true. */
bool alias_tuning_from(const char* value, cr_alias_tuning* t);

/** Checks CUDA_RANDOM_COPY_THREADS and CUDA_RANDOM_ALIAS_TUNING as the process has them: false when
 *  both are acceptable, else true with the message (naming the variable and value) in msg. */
bool env_problem(char* msg, size_t size);

}  // namespace cr_rt

#endif  // CR_ENV_H
