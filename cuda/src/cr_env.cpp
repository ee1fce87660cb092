// Environment variables of the C library (cr_env.h).
#include "cr_env.h"

#include <stdio.h>
#include <stdlib.h>

#include <string>

#include "cr_copy.h"

namespace cr_rt {

bool alias_tuning_from(const char* value, cr_alias_tuning* t) {
  if (!value || !*value) return true;
  cr_alias_tuning r = *t;
  const std::string s(value);
  size_t at = 0;
  for (;;) {
    size_t end = s.find(',', at);
    if (end == std::string::npos) end = s.size();
    const std::string kv = s.substr(at, end - at);
    const size_t eq = kv.find('=');
    if (eq == std::string::npos) return false;
    const std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
    if (k == "split" && (v == "binary" || v == "pary")) r.split = v == "pary";
    else if (k == "pack" && (v == "shared" || v == "chunked")) r.pack = v == "chunked";
    else if (k == "counts" && (v == "auto" || v == "shared" || v == "global")) r.counts = v == "shared" ? 1 : v == "global" ? 2 : 0;
    else return false;
    if (end == s.size()) break;
    at = end + 1;
  }
  *t = r;
  return true;
}

bool env_problem(char* msg, size_t size) {
  const char* threads = getenv("CUDA_RANDOM_COPY_THREADS");
  if (copy_threads_from(threads) == -2) {
    snprintf(msg, size, "CUDA_RANDOM_COPY_THREADS must be an integer in [1, 64] (or unset), got '%.40s'", threads);
    return true;
  }
  const char* tuning = getenv("CUDA_RANDOM_ALIAS_TUNING");
  cr_alias_tuning t{0, 0, 0};
  if (!alias_tuning_from(tuning, &t)) {
    snprintf(msg, size,
             "CUDA_RANDOM_ALIAS_TUNING must be comma-separated split=binary|pary, pack=shared|chunked, "
             "counts=auto|shared|global (or unset), got '%.40s'", tuning);
    return true;
  }
  return false;
}

}  // namespace cr_rt
