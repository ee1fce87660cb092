// The host SIMD kernels' self-test (cuda/src/cpu_kernels.cpp cr_cpu_isa) against a build that breaks
// the bits: this program compiles the kernels with -ffp-contract=fast, GCC's default, under which the
// uniform map's multiply and add may be fused into one FMA (one rounding where JavaScript rounds twice;
// GCC does so in the AVX-512 kernels, whose instruction set includes FMA). For each instruction set the
// CPU has, a long uniform comparison against cr_uniform.h's references says whether this build's
// kernels are exact; the set the C API then uses must be the best exact one — never an inexact one.
// host-test: sources cuda/src/cpu_kernels.cpp cuda/src/cpu_kernels_avx2.cpp cuda/src/cpu_kernels_avx512.cpp
// host-test: flags -ffp-contract=fast
#include <string.h>

#include <vector>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_test.h"
#include "cr_uniform.h"

namespace {

/** Whether instruction set `isa` gives the references' bits for 20,000 float64 and float32 uniforms. */
bool exact(int isa) {
  const size_t n = 20000;
  const double low = -0.3, high = 0.9, span = high - low;
  std::vector<uint32_t> w(2 * n);
  std::vector<double> d(n);
  std::vector<float> f(n);
  cr_raw_stream_host(11, 12, 2 * 1000, w.data(), 2 * n);
  if (cr_cpu_uniform_isa(isa, 11, 12, 1000, low, high, d.data(), CR_TYPE_F64, n) != CR_CPU_DONE) return false;
  for (size_t i = 0; i < n; ++i) {
    const double ref = cr_uniform_f64(w[2 * i], w[2 * i + 1], false, low, span);
    if (memcmp(&d[i], &ref, 8) != 0) return false;
  }
  cr_raw_stream_host(11, 12, 1000, w.data(), n);
  if (cr_cpu_uniform_isa(isa, 11, 12, 1000, low, high, f.data(), CR_TYPE_F32, n) != CR_CPU_DONE) return false;
  for (size_t i = 0; i < n; ++i)
    if (f[i] != cr_uniform_f32(w[i], false, low, span)) return false;
  return true;
}

}  // namespace

int main() {
  int best_exact = CR_ISA_NONE;
  for (int isa = CR_ISA_AVX2; isa <= cr_cpu_isa_cpu(); ++isa) {
    const bool ok = exact(isa);
    printf("test_cpu_selftest: instruction set %d built with -ffp-contract=fast: %s\n", isa, ok ? "exact" : "NOT exact");
    if (ok) best_exact = isa;
  }
  // the C API must use the best exact set: a contracted one is refused by the self-test
  CRT_CHECK(cr_cpu_isa() == best_exact, "the self-test chose instruction set %d, the best exact one is %d", cr_cpu_isa(),
            best_exact);
  printf("test_cpu_selftest: the kernels run '%s'\n", cr_cpu_simd());
  return crt::report("test_cpu_selftest");
}
