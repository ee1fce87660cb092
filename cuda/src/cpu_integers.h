// The host SIMD integers kernels' shared parts (cuda/src/cpu_integers*.cpp; the C API is
// cuda/include/cr_api_cpu.h): what a call derives once, the loop that cuts [first, first + n) into
// groups of blocks, and one entry per instruction set. Internal: the host test reaches each
// instruction set through cr_cpu_integers_isa.
#ifndef CR_CPU_INTEGERS_H
#define CR_CPU_INTEGERS_H

#include <stdint.h>
#include <string.h>

#include "cr_api.h"
#include "cr_discrete.h"

/** The instruction sets, best last: cr_cpu_isa() is the best this CPU (and OS) runs. */
enum { CR_ISA_NONE = 0, CR_ISA_AVX2 = 1, CR_ISA_AVX512 = 2 };
int cr_cpu_isa(void);

/** What every group of a call shares. */
struct cr_cpu_int_ctx {
  cr_int_plan p;
  uint32_t k0, k1;
};

/**
 * Elements [first, first + n) into out by groups of BLOCKS Philox blocks (L elements each: 4 narrow,
 * 2 wide): whole groups in place, a partial one (at either end) through a scratch group.
 */
template <class T, unsigned L, unsigned BLOCKS, class Group>
void cr_cpu_fill(const cr_cpu_int_ctx& c, uint64_t first, T* out, uint64_t n, Group group) {
  constexpr unsigned G = BLOCKS * L;
  for (uint64_t e = first; n > 0;) {
    const uint64_t b = e / L, skip = e - b * L;
    if (skip == 0 && n >= G) {
      group(c, b, out);
      out += G, e += G, n -= G;
      continue;
    }
    T tmp[G];
    group(c, b, tmp);
    const uint64_t take = G - skip < n ? G - skip : n;
    memcpy(out, tmp + skip, take * sizeof(T));
    out += take, e += take, n -= take;
  }
}

/** One instruction set's call: its group kernels — wide (doubles), narrow into doubles, narrow into
 *  32-bit words (int32 and uint32: the same bits) — over cr_cpu_fill. */
template <unsigned BLOCKS, class Wide, class NarrowF64, class NarrowU32>
void cr_cpu_integers_run(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n, Wide wide,
                         NarrowF64 narrow_f64, NarrowU32 narrow_u32) {
  if (c.p.wide) {
    cr_cpu_fill<double, 2, BLOCKS>(c, first, (double*)out, n, wide);
  } else if (type == CR_TYPE_F64) {
    cr_cpu_fill<double, 4, BLOCKS>(c, first, (double*)out, n, narrow_f64);
  } else {
    cr_cpu_fill<uint32_t, 4, BLOCKS>(c, first, (uint32_t*)out, n, narrow_u32);
  }
}

/** The kernel of one instruction set (the caller checked the arguments and the CPU). */
void cr_cpu_integers_avx2(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n);
void cr_cpu_integers_avx512(const cr_cpu_int_ctx& c, uint64_t first, void* out, int type, uint64_t n);

/** cr_cpu_integers on instruction set `isa` (tests): CR_CPU_DECLINED where this CPU lacks it. */
int cr_cpu_integers_isa(int isa, uint32_t k0, uint32_t k1, uint64_t first, int64_t low, int64_t high, void* out,
                        int type, uint64_t n);

#endif  // CR_CPU_INTEGERS_H
