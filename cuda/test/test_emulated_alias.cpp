// The CUDA alias tables' self-test (alias_selftest.cu: units and rows by every split/pack variant from
// float64 and float32 weights, samples at odd offsets and sizes, privatised and global counts, CDF draws,
// categorical, out-of-memory errors) run on the emulated device (cuda/test/emu): the real kernels of
// alias_*.cu with the CUB stand-ins of cub_emu.h.
// host-test: cuda-headers
// host-test: emulated
// host-test: sources cuda/src/alias_build.cu cuda/src/alias_check.cu cuda/src/alias_fixed.cu cuda/src/alias_sample.cu
// host-test: sources cuda/src/philox_kernels.cu cuda/src/map_kernels.cu cuda/src/xorwow_kernels.cu cuda/src/select.cu
// host-test: sources cuda/src/gamma_kernels.cu cuda/src/discrete_kernels.cu cuda/src/count_kernels.cu
// host-test: sources cuda/src/qrng_kernels.cu
// host-test: sources cuda/src/cr_copy.cpp cuda/src/cr_runtime.cpp cuda/src/cr_api.cpp cuda/src/cr_api_device.cpp
// host-test: sources cuda/src/cr_api_dist.cpp cuda/src/cr_api_alias.cpp cuda/src/cr_diagnostics.cpp cuda/src/cr_api_qrng.cpp
// host-test: sources cuda/src/cr_api_discrete.cpp cuda/src/cr_api_counts.cpp cuda/src/cr_env.cpp
// host-test: sources cuda/test/fake/fake_cudart.cpp cuda/test/emu/emu.cpp
// host-test: flags -pthread
#define main alias_selftest_main
#include "alias_selftest.cu"
#undef main

#include "fake_cudart.h"

int main() {
  fake::Config c;
  c.devices = 1;
  c.sms = 3;
  fake::reset(c);
  fake::begin_case();
  char prog[] = "alias_selftest", q[] = "--quick";
  char* argv[] = {prog, q, nullptr};
  const int rc = alias_selftest_main(2, argv);
  for (const std::string& v : fake::violations()) fprintf(stderr, "fake runtime: %s\n", v.c_str());
  return rc != 0 || !fake::violations().empty();
}
