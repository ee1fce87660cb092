// The GPU self-test (gpu_selftest.cu with gpu_dist.h and gpu_qrng.h: every device fill at every
// head/tail/alignment shape with guard words, host outputs across pipeline chunks, concurrent callers,
// error paths, every distribution sampler and Sobol/MRG32k3a against host references) run on the
// emulated device (cuda/test/emu): the real kernels of cuda/src/*.cu, compiled as C++, executed as
// fibers with barriers and warp intrinsics as rendezvous, on the fake runtime's streams.
// host-test: cuda-headers
// host-test: emulated
// host-test: sources cuda/src/philox_kernels.cu cuda/src/map_kernels.cu cuda/src/xorwow_kernels.cu
// host-test: sources cuda/src/gamma_kernels.cu cuda/src/discrete_kernels.cu cuda/src/count_kernels.cu
// host-test: sources cuda/src/qrng_kernels.cu cuda/src/select.cu
// host-test: sources cuda/src/alias_build.cu cuda/src/alias_check.cu cuda/src/alias_fixed.cu cuda/src/alias_sample.cu
// host-test: sources cuda/src/cr_copy.cpp cuda/src/cr_runtime.cpp cuda/src/cr_api.cpp cuda/src/cr_api_device.cpp
// host-test: sources cuda/src/cr_api_dist.cpp cuda/src/cr_api_alias.cpp cuda/src/cr_diagnostics.cpp cuda/src/cr_api_qrng.cpp
// host-test: sources cuda/src/cr_api_discrete.cpp cuda/src/cr_api_counts.cpp cuda/src/cr_env.cpp
// host-test: sources cuda/test/fake/fake_cudart.cpp cuda/test/emu/emu.cpp
// host-test: flags -pthread
#define main gpu_selftest_main
#include "gpu_selftest.cu"
#undef main

#include "fake_cudart.h"

#include <sys/wait.h>
#include <unistd.h>

/** One emulated device of `sms` multiprocessors and `optin` bytes of opt-in shared memory per block, in
 *  a child process (the runtime keeps per-device state for the life of a process, as on a GPU). */
static int run_on(int sms, int optin) {
  fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    fake::Config c;
    c.devices = 1;
    c.sms = sms;
    c.optin_shared = optin;
    fake::reset(c);
    fake::begin_case();
    char prog[] = "gpu_selftest", quick[] = "--quick";
    char* argv[] = {prog, quick, nullptr};
    const int rc = gpu_selftest_main(2, argv);
    for (const std::string& v : fake::violations()) fprintf(stderr, "fake runtime: %s\n", v.c_str());
    fflush(nullptr);
    _exit(rc != 0 || !fake::violations().empty());
  }
  int status = 0;
  waitpid(pid, &status, 0);
  const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  printf("emulated device with %d SMs, %d KiB opt-in shared memory: %s\n", sms, optin / 1024, ok ? "pass" : "FAIL");
  return ok ? 0 : 1;
}

int main() {
  // A one-SM device with a T4's opt-in limit (every grid-stride loop wraps many times), a 3-SM one, and
  // an H100's 132 SMs (grids as wide as on the GPU); the launch shapes of the kernels depend on them, the
  // results must not. CR_EMU_SMS=n runs only an n-SM device.
  if (const char* only = getenv("CR_EMU_SMS")) return run_on(atoi(only), 227 * 1024);
  int failures = 0;
  failures += run_on(1, 64 * 1024);
  failures += run_on(3, 227 * 1024);
  failures += run_on(132, 227 * 1024);
  return failures != 0;
}
