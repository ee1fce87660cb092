// The GPU self-test (gpu_selftest.cu with gpu_dist.h and gpu_qrng.h: every device fill at every
// head/tail/alignment shape with guard words, host outputs across pipeline chunks, concurrent callers,
// error paths, every distribution sampler and Sobol/MRG32k3a against host references) run on the
// emulated device (cuda/test/emu): the real kernels of cuda/src/*.cu, compiled as C++, executed as
// fibers with barriers and warp intrinsics as rendezvous, on the fake runtime's streams.
// host-test: cuda-headers
// host-test: emulated
// host-test: sources cuda/src/philox_kernels.cu cuda/src/map_kernels.cu cuda/src/xorwow_kernels.cu
// host-test: sources cuda/src/gamma_kernels.cu cuda/src/discrete_kernels.cu cuda/src/count_kernels.cu
// host-test: sources cuda/src/qrng_kernels.cu
// host-test: sources cuda/src/cr_copy.cpp cuda/src/cr_runtime.cpp cuda/src/cr_api.cpp cuda/src/cr_api_device.cpp
// host-test: sources cuda/src/cr_api_dist.cpp cuda/src/cr_api_alias.cpp cuda/src/cr_diagnostics.cpp cuda/src/cr_api_qrng.cpp
// host-test: sources cuda/src/cr_api_discrete.cpp cuda/src/cr_api_counts.cpp
// host-test: sources cuda/test/fake/fake_cudart.cpp cuda/test/fake/fake_kernels.cpp cuda/test/emu/emu.cpp
// host-test: flags -pthread
#define main gpu_selftest_main
#include "gpu_selftest.cu"
#undef main

#include "fake_cudart.h"

int main() {
  fake::Config c;
  c.devices = 1;
  c.sms = 3;  // a small device: grids of a few blocks, and grid-stride loops that wrap
  fake::reset(c);
  fake::begin_case();
  char prog[] = "gpu_selftest", quick[] = "--quick";
  char* argv[] = {prog, quick, nullptr};
  const int rc = gpu_selftest_main(2, argv);
  for (const std::string& v : fake::violations()) fprintf(stderr, "fake runtime: %s\n", v.c_str());
  return rc != 0 || !fake::violations().empty();
}
