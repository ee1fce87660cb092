// The host SIMD kernels' entries (cr_api_cpu.h): argument checks and the choice of instruction set,
// once per process, from what the CPU and OS support (cpu_kernels_avx512.cpp, then
// cpu_kernels_avx2.cpp). Not x86-64 with GCC or Clang: every call declines and WebAssembly runs.
#include <math.h>

#include "cpu_kernels.h"
#include "cr_api_cpu.h"

namespace {

bool valid(int64_t low, int64_t high, int type) {
  const int64_t safe = 9007199254740991ll;
  if (!(low < high)) return false;
  switch (type) {
    case CR_TYPE_I32: return low >= -2147483648ll && high <= 2147483648ll;
    case CR_TYPE_U32: return low >= 0 && high <= 4294967296ll;
    case CR_TYPE_F64: return low >= -safe && high <= safe && high - low <= safe + 1;
    default: return false;
  }
}

}  // namespace

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

int cr_cpu_isa(void) {
  // __builtin_cpu_supports also checks that the OS saves the YMM / ZMM state
  static const int isa = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") ? CR_ISA_AVX512
                         : __builtin_cpu_supports("avx2")                                        ? CR_ISA_AVX2
                                                                                                 : CR_ISA_NONE;
  return isa;
}

#else

int cr_cpu_isa(void) { return CR_ISA_NONE; }
void cr_cpu_integers_avx2(const cr_cpu_int_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_integers_avx512(const cr_cpu_int_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_bernoulli_avx2(const cr_cpu_bern_ctx&, uint64_t, void*, int, uint64_t) {}
void cr_cpu_bernoulli_avx512(const cr_cpu_bern_ctx&, uint64_t, void*, int, uint64_t) {}

#endif

const char* cr_cpu_simd(void) {
  static const char* const names[] = {"", "avx2", "avx512"};
  return names[cr_cpu_isa()];
}

int cr_cpu_integers_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out,
                        int type, uint64_t n) {
  if (!valid(low, high, type)) return CR_EINVAL;
  if (isa == CR_ISA_NONE || isa > cr_cpu_isa()) return CR_CPU_DECLINED;
  const cr_cpu_int_ctx c{cr_integers_plan(low, high), k0, k1};
  if (isa == CR_ISA_AVX512) cr_cpu_integers_avx512(c, first, out, type, n);
  else cr_cpu_integers_avx2(c, first, out, type, n);
  return CR_CPU_DONE;
}

int cr_cpu_integers(uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out, int type,
                    uint64_t n) {
  return cr_cpu_integers_isa(cr_cpu_isa(), k0, k1, first, low, high, out, type, n);
}

int cr_cpu_bernoulli_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n) {
  if (!(p >= 0.0 && p <= 1.0)) return CR_EINVAL;
  if (type != CR_TYPE_U8 && type != CR_TYPE_I32 && type != CR_TYPE_U32 && type != CR_TYPE_F32 && type != CR_TYPE_F64) {
    return CR_EINVAL;
  }
  if (isa == CR_ISA_NONE || isa > cr_cpu_isa()) return CR_CPU_DECLINED;
  const cr_cpu_bern_ctx c{(uint64_t)ceil(p * 9007199254740992.0), k0, k1};  // p·2^53: exact
  if (isa == CR_ISA_AVX512) cr_cpu_bernoulli_avx512(c, first, out, type, n);
  else cr_cpu_bernoulli_avx2(c, first, out, type, n);
  return CR_CPU_DONE;
}

int cr_cpu_bernoulli(uint32_t k0, uint32_t k1, uint64_t first, double p, void* out, int type, uint64_t n) {
  return cr_cpu_bernoulli_isa(cr_cpu_isa(), k0, k1, first, p, out, type, n);
}
