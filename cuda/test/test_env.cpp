// host-test: cuda-headers
// host-test: sources cuda/src/cr_env.cpp cuda/src/cr_copy.cpp cuda/src/cr_runtime.cpp
// host-test: sources cuda/test/fake/fake_cudart.cpp cuda/test/fake/fake_kernels.cpp
// host-test: flags -pthread
//
// The C library's environment variables (cuda/src/cr_env.h), issue 27 item 16: a malformed
// CUDA_RANDOM_ALIAS_TUNING used to be read as the defaults (an unknown word, a missing '=') and a
// malformed CUDA_RANDOM_COPY_THREADS ("0x10", "1e9", "0") as the default thread count, silently. Now
// they are refused with the grammar lib/core/env.ts uses, and every device call fails naming them.
#include <stdlib.h>
#include <string.h>

#include "cr_env.h"
#include "cr_runtime.h"
#include "cr_test.h"

using cr_rt::alias_tuning_from;

static bool parses(const char* v, int split, int pack, int counts) {
  cr_alias_tuning t{0, 0, 0};
  return alias_tuning_from(v, &t) && t.split == split && t.pack == pack && t.counts == counts;
}

static bool refused(const char* v) {
  cr_alias_tuning t{1, 1, 1};
  return !alias_tuning_from(v, &t) && t.split == 1 && t.pack == 1 && t.counts == 1;  // t unchanged
}

int main() {
  // The grammar: any subset of the keys, any order; unset or empty is the defaults.
  CRT_CHECK(parses(nullptr, 0, 0, 0) && parses("", 0, 0, 0), "unset or empty");
  CRT_CHECK(parses("split=pary", 1, 0, 0), "split");
  CRT_CHECK(parses("counts=global,pack=chunked,split=binary", 0, 1, 2), "all three");
  CRT_CHECK(parses("counts=shared", 0, 0, 1) && parses("counts=auto", 0, 0, 0), "counts");
  for (const char* bad : {"split", "split=", "split=p-ary", "Split=pary", "split=pary,", ",split=pary", "split=pary pack=chunked",
                          "pack=chunked,bogus=1", "counts=2", " split=pary"}) {
    CRT_CHECK(refused(bad), "'%s' must be refused", bad);
  }

  char msg[256];
  unsetenv("CUDA_RANDOM_COPY_THREADS");
  unsetenv("CUDA_RANDOM_ALIAS_TUNING");
  CRT_CHECK(!cr_rt::env_problem(msg, sizeof msg), "unset");
  setenv("CUDA_RANDOM_COPY_THREADS", "", 1);
  setenv("CUDA_RANDOM_ALIAS_TUNING", "", 1);
  CRT_CHECK(!cr_rt::env_problem(msg, sizeof msg), "empty");
  setenv("CUDA_RANDOM_COPY_THREADS", "0x10", 1);
  CRT_CHECK(cr_rt::env_problem(msg, sizeof msg) && strstr(msg, "CUDA_RANDOM_COPY_THREADS") && strstr(msg, "'0x10'"), "%s", msg);
  setenv("CUDA_RANDOM_COPY_THREADS", "8", 1);
  setenv("CUDA_RANDOM_ALIAS_TUNING", "split=fast", 1);
  CRT_CHECK(cr_rt::env_problem(msg, sizeof msg) && strstr(msg, "CUDA_RANDOM_ALIAS_TUNING") && strstr(msg, "'split=fast'"), "%s", msg);

  // Every device call then fails with that message (CR_DEVICE_READY reports the device's init step).
  cr_rt::DeviceState& st = cr_rt::device_state();
  CRT_CHECK(st.init_error == cudaErrorInvalidValue && strstr(st.init_step, "CUDA_RANDOM_ALIAS_TUNING"), "init: %s", st.init_step);
  return crt::report("test_env");
}
