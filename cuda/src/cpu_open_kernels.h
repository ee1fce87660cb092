// Samplers that are one function of the open uniform u ∈ (0, 1] per element — exponential and the
// transforms whose base is the uniform (docs/streams.md, "Exponential", "Transforms of one uniform or
// one normal") — on W lanes: the instruction set's raw-stream kernel (`map`: float64 rows or words)
// into a chunk of u, then f over W lanes with cr_vmath<W> as cr_transforms.h's math policy, so each
// transform's code is cr_transforms.h's own; and, through cpu_normal_kernels.h, normal and the
// transforms of one normal. Included like cpu_vmath.h (in an anonymous namespace, under the
// instruction set's target).
#ifndef CR_CPU_OPEN_KERNELS_H
#define CR_CPU_OPEN_KERNELS_H

#include "cpu_normal_kernels.h"
#include "cpu_vmath.h"

/** Elements per chunk: u, then the values, stay in L1. */
constexpr unsigned CR_OPEN_CHUNK = 512;

/**
 * Elements [first, first + n) of f(u) into out of `type` (CR_TYPE_F32 rounded once, F64, or I32 / U32 for
 * integer values), u from the float32 layout (u = (w + 1)·2^-32 from raw word j) or, when `wide`, the
 * float64 one (u = (k53 + 1)·2^-53 from words 2j, 2j + 1): cr_open_uniform_element. f maps a
 * cr_vmath<W>::T of u to the values.
 */
template <int W, class Map, class F>
void cr_cpu_open_run(uint32_t k0, uint32_t k1, uint64_t first, void* out, int type, bool wide, uint64_t n, Map map,
                     F f) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  static_assert(CR_OPEN_CHUNK % W == 0, "whole vectors");
  const cr_cpu_map_ctx unit{0.0, 1.0, true, k0, k1};
  alignas(64) double u[CR_OPEN_CHUNK];
  alignas(64) uint32_t w[CR_OPEN_CHUNK];
  for (uint64_t done = 0; done < n;) {
    const unsigned m = n - done < CR_OPEN_CHUNK ? (unsigned)(n - done) : CR_OPEN_CHUNK;
    const unsigned mv = (m + W - 1) / W * W;  // lanes past m are computed from u = 1, never stored
    // the float64 rows' k53·2^-53 get their 2^-53 (exact) in the vector loop below
    const double add = wide ? 1.1102230246251565e-16 : 0.0;
    if (wide) {
      map(unit, first + done, u, CR_MAP_F64, m);
    } else {
      map(unit, first + done, w, CR_MAP_BITS, m);
      for (unsigned i = 0; i < m; ++i) u[i] = ((double)w[i] + 1.0) * 2.3283064365386963e-10;
    }
    for (unsigned i = m; i < mv; ++i) u[i] = 1.0 - add;
    // A float64 out takes the whole vectors straight from the loop (no pass copying the chunk); the rest
    // goes through u
    const bool direct = type == CR_TYPE_F64;
    const unsigned whole = direct ? m / W * W : 0;
    for (unsigned i = 0; i < mv; i += W) {
      T x;
      memcpy(&x, u + i, sizeof x);
      x = f(x + add);
      memcpy(i < whole ? (double*)out + done + i : u + i, &x, sizeof x);
    }
    switch (type) {
      case CR_TYPE_F64: memcpy((double*)out + done + whole, u + whole, (m - whole) * sizeof(double)); break;
      case CR_TYPE_F32: for (unsigned i = 0; i < m; ++i) ((float*)out)[done + i] = (float)u[i]; break;
      case CR_TYPE_I32: for (unsigned i = 0; i < m; ++i) ((int32_t*)out)[done + i] = (int32_t)u[i]; break;
      default: for (unsigned i = 0; i < m; ++i) ((uint32_t*)out)[done + i] = (uint32_t)u[i]; break;
    }
    done += m;
  }
}

/**
 * Exponential (id CR_CPU_EXPONENTIAL, p[0] = rate), geometric (CR_CPU_GEOMETRIC, p[0] = log1p(−p)), normal
 * by Box–Muller (CR_CPU_NORMAL, p = mean, std, and p[2] = 1 for the float32 stream into a float64 out) or the transform `id` of cr_transforms.h with its parameters
 * p, over cr_cpu_open_run or cr_cpu_normal_run: the values cr_exponential / cr_geometric / cr_normal /
 * cr_transform give.
 */
template <int W, class Map>
void cr_cpu_open_sampler(const cr_cpu_open_ctx& c, uint64_t first, void* out, int type, uint64_t n, Map map) {
  using M = cr_vmath<W>;
  using T = typename M::T;
  const double* p = c.p;
  const bool wide = type != CR_TYPE_F32;
  if (c.id == CR_CPU_EXPONENTIAL) {
    const double rate = p[0];
    return cr_cpu_open_run<W>(c.k0, c.k1, first, out, type, wide, n, map,
                              [rate](T u) { return (0.0 - M::log(u)) / rate; });
  }
  if (c.id == CR_CPU_GEOMETRIC) {  // cr_geometric, from the float64 uniform whatever the output
    const double L = p[0];
    return cr_cpu_open_run<W>(c.k0, c.k1, first, out, type, true, n, map,
                              [L](T v) { return M::floor(M::log(v) / L) + 1.0; });
  }
  if (c.id == CR_CPU_NORMAL) {
    const double mean = p[0], sd = p[1];
    return cr_cpu_normal_run<W>(c.k0, c.k1, first, out, type, n, map, [mean, sd](T z) { return mean + sd * z; },
                                p[2] != 0.0);
  }
  switch (c.id) {
// a normal base is the stream's value with mean 0, std 1 (0 + 1·z), then cr_tf_base's 0 + x
#define CR_OPEN_CASE(ID, NAME, BASE, NP)                                                                    \
  case ID:                                                                                                  \
    if constexpr (BASE == CR_BASE_UNIFORM)                                                                  \
      return cr_cpu_open_run<W>(c.k0, c.k1, first, out, type, wide, n, map,                                 \
                                [p](T u) { return cr_tf_##NAME<M>(u, p); });                               \
    else                                                                                                    \
      return cr_cpu_normal_run<W>(c.k0, c.k1, first, out, type, n, map,                                     \
                                  [p](T z) { return cr_tf_##NAME<M>(0.0 + (0.0 + 1.0 * z), p); });          \
    break;
    CR_TRANSFORMS(CR_OPEN_CASE)
#undef CR_OPEN_CASE
  }
}

#endif  // CR_CPU_OPEN_KERNELS_H
