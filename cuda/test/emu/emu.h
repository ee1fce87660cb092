// The emulated device (issue 28): the project's real kernels (cuda/src/*.cu), compiled by g++ as C++ with
// this header force-included (-include emu.h -DCR_EMULATED), run on the CPU. Each CUDA thread is a fiber
// (emu.cpp); barriers and warp intrinsics are rendezvous of fibers, so a missing, divergent or misplaced
// one is an error naming the kernel and file:line rather than a result that happens to be right. Launches
// are queued on the fake runtime's streams (cuda/test/fake), which run them as late as CUDA allows.
//
// Only what the kernels use is here (the inventory of issue 28). Nothing of it ships: it is test code.
#ifndef CR_EMU_H
#define CR_EMU_H

#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>

#include <tuple>
#include <type_traits>
#include <utility>

// ---- keywords: the kernels are ordinary C++ functions here ---------------------------------------------
#undef __global__
#undef __device__
#undef __host__
#undef __forceinline__
#undef __noinline__
#undef __launch_bounds__
#undef __restrict__
#undef __shared__
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__
#define __launch_bounds__(...)
#define __restrict__ __restrict
// Static shared memory: one object per variable (blocks run one at a time), in a section of its own so
// the emulator can poison all of it before each block (emu.cpp: __start_/__stop_cr_emu_shared).
#define __shared__ __attribute__((section("cr_emu_shared"))) static

namespace cr_emu {

/** The calling fiber's coordinates (emu.cpp sets them when it switches fibers). */
struct Coord {
  dim3 thread, block, block_dim, grid_dim;
};
extern thread_local Coord g_coord;

// Sync points: each returns when every participant arrived at the same call site (else an error).
void syncthreads(const char* file, int line);
int syncthreads_or(int pred, const char* file, int line);
void syncwarp(unsigned mask, const char* file, int line);
unsigned ballot(unsigned mask, int pred, const char* file, int line);
int all(unsigned mask, int pred, const char* file, int line);
/** Lane `src` of the value every lane in mask offered (64 bits is enough for every type used). */
uint64_t shfl(unsigned mask, uint64_t v, int src, int width, const char* file, int line);
uint64_t shfl_down(unsigned mask, uint64_t v, unsigned delta, int width, const char* file, int line);
unsigned match_all(unsigned mask, uint64_t v, int* pred, const char* file, int line);

/** The current launch's dynamic shared memory (bounds are what the launch asked for). */
void* dynamic_shared();
/** *slot = dynamic_shared(), stored by the emulator (CR_EXTERN_SHARED's pointer). */
void set_dynamic_shared(void** slot);

/** A device-code error: reports kernel, file:line and the coordinates, and aborts the launch's process. */
[[noreturn]] void fail(const char* file, int line, const char* what);

template <class T>
uint64_t to_bits(T v) {
  uint64_t b = 0;
  static_assert(sizeof(T) <= 8, "shuffles of at most 8 bytes");
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
T from_bits(uint64_t b) {
  T v;
  memcpy(&v, &b, sizeof(T));
  return v;
}

// ---- launches ----------------------------------------------------------------------------------------
struct LaunchSite {
  const void* func;    // the kernel's address (its attributes: cudaFuncSetAttribute)
  const char* kernel;  // as the launch spells it (its name finds its __launch_bounds__: launch_bounds.h)
  const char* file;
  int line;
};
/** Queues grid × block fibers running `run(ctx)` on stream s. Checks the shape against the device and the
 *  kernel's __launch_bounds__ and dynamic shared memory limit (emu.cpp); a rejected launch is the calling
 *  thread's last error, as on a GPU. */
cudaError_t enqueue(const LaunchSite& site, dim3 grid, dim3 block, size_t shared_bytes, cudaStream_t s,
                    void (*run)(void*), void* ctx, void (*drop)(void*));

/** A launch of kernel `f`: the arguments are converted to its parameter types and copied when the launch
 *  is made, as CUDA does. */
template <class... P>
struct Launch {
  LaunchSite site;
  dim3 grid, block;
  size_t shared;
  cudaStream_t stream;
  void (*f)(P...);
  template <class... A>
  void operator()(A&&... args) const {
    static_assert(sizeof...(A) == sizeof...(P), "a kernel launch passes every parameter");
    struct Ctx {
      void (*f)(P...);
      std::tuple<P...> t;
    };
    auto* ctx = new Ctx{f, std::tuple<P...>(std::forward<A>(args)...)};
    enqueue(site, grid, block, shared, stream, [](void* c) { auto* x = static_cast<Ctx*>(c); std::apply(x->f, x->t); },
            ctx, [](void* c) { delete static_cast<Ctx*>(c); });
  }
};

template <class... P>
Launch<P...> launch(void (*f)(P...), const char* name, const char* file, int line, dim3 grid, dim3 block,
                    size_t shared = 0, cudaStream_t s = nullptr) {
  return Launch<P...>{{reinterpret_cast<const void*>(f), name, file, line}, grid, block, shared, s, f};
}

/** cudaFuncGetAttributes, told the kernel's name as the call spells it (the macro below): a kernel's
 *  maxThreadsPerBlock is its __launch_bounds__, which only its name finds (launch_bounds.h). */
cudaError_t func_attributes(cudaFuncAttributes* attr, const void* func, const char* spelled);

}  // namespace cr_emu

// ---- the built-in variables ------------------------------------------------------------------------------
#define threadIdx (cr_emu::g_coord.thread)
#define blockIdx (cr_emu::g_coord.block)
#define blockDim (cr_emu::g_coord.block_dim)
#define gridDim (cr_emu::g_coord.grid_dim)
#define warpSize 32
#define cudaFuncGetAttributes(attr, func) cr_emu::func_attributes((attr), (func), #func)

// ---- intrinsics --------------------------------------------------------------------------------------------
#define __syncthreads() cr_emu::syncthreads(__FILE__, __LINE__)
#define __syncthreads_or(p) cr_emu::syncthreads_or((p), __FILE__, __LINE__)
#define __syncwarp(...) cr_emu::syncwarp(cr_emu_mask_or_all(__VA_ARGS__), __FILE__, __LINE__)
#define __ballot_sync(m, p) cr_emu::ballot((m), (p), __FILE__, __LINE__)
#define __all_sync(m, p) cr_emu::all((m), (p), __FILE__, __LINE__)
#define __shfl_sync(m, v, src, ...) cr_emu_shfl((m), (v), (src), cr_emu_width(__VA_ARGS__), __FILE__, __LINE__)
#define __shfl_down_sync(m, v, d, ...) cr_emu_shfl_down((m), (v), (d), cr_emu_width(__VA_ARGS__), __FILE__, __LINE__)
#define __match_all_sync(m, v, pred) cr_emu::match_all((m), cr_emu::to_bits(v), (pred), __FILE__, __LINE__)

inline unsigned cr_emu_mask_or_all(unsigned m = 0xffffffffu) { return m; }
inline int cr_emu_width(int w = 32) { return w; }
template <class T>
T cr_emu_shfl(unsigned m, T v, int src, int w, const char* f, int l) {
  return cr_emu::from_bits<T>(cr_emu::shfl(m, cr_emu::to_bits(v), src, w, f, l));
}
template <class T>
T cr_emu_shfl_down(unsigned m, T v, unsigned d, int w, const char* f, int l) {
  return cr_emu::from_bits<T>(cr_emu::shfl_down(m, cr_emu::to_bits(v), d, w, f, l));
}

// CUDA's device min/max take mixed integer types (usual arithmetic conversions).
template <class A, class B>
inline typename std::common_type<A, B>::type min(A a, B b) {
  using C = typename std::common_type<A, B>::type;
  return (C)b < (C)a ? (C)b : (C)a;
}
template <class A, class B>
inline typename std::common_type<A, B>::type max(A a, B b) {
  using C = typename std::common_type<A, B>::type;
  return (C)a < (C)b ? (C)b : (C)a;
}

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
// Correctly rounded binary64 operations, one rounding each: the build uses -ffp-contract=off.
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline long long __double_as_longlong(double x) { return cr_emu::from_bits<long long>(cr_emu::to_bits(x)); }
inline double __longlong_as_double(long long x) { return cr_emu::from_bits<double>(cr_emu::to_bits(x)); }
inline unsigned __float_as_uint(float x) { return cr_emu::from_bits<unsigned>(cr_emu::to_bits(x)); }
inline float __uint_as_float(unsigned x) { return cr_emu::from_bits<float>(cr_emu::to_bits(x)); }
template <class T>
T __ldg(const T* p) { return *p; }

// Atomics: fibers of one launch run on one OS thread and switch only at sync points, so any
// read-modify-write is atomic here; the __atomic builtins say so to ThreadSanitizer (the race build,
// emu.cpp), which would otherwise report concurrent atomicAdds of two threads as a race.
template <class T>
T atomicAdd(T* p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
template <class T>
T atomicOr(T* p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }
template <class T>
T atomicAnd(T* p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); }
template <class T>
T atomicMin(T* p, T v) {
  T o = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v < o && !__atomic_compare_exchange_n(p, &o, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return o;
}
template <class T>
T atomicMax(T* p, T v) {
  T o = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v > o && !__atomic_compare_exchange_n(p, &o, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return o;
}

#endif  // CR_EMU_H
