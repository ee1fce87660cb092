// Gamma, beta and Dirichlet kernels (docs/streams.md, "Gamma and friends"; design in docs/building.md, "The gamma
// kernels"). Two ways to run the rejection loop of Marsaglia–Tsang, both giving every element its first
// accepted proposal, hence the same bits:
//   - one thread per element, looping over proposals t = 0, 1, ... (ThreadWork; proposals = 1);
//   - the M-proposal reduction (LanesWork): M lanes of a warp evaluate proposals r·M .. r·M + M − 1 of
//     one element at once; a warp ballot and the lowest set bit of the group's M bits pick the first
//     accepted, and its (G', U) is shuffled to the group; groups without an acceptance take the next M.
// Both run any element policy — gamma (one draw, shapes per element or per Dirichlet component; its
// sinks also make Student's t), beta and F (two draws) — through the one kernel template of cr_items.cuh (beta with
// a, b <= 1 is Jöhnk's instead: JohnkWork, one thread per element). Lane roles, the vote and the
// Dirichlet row geometry are cuda/include/cr_dist_items.h (host-tested).
#include "cr_target.h"
#include "cr_items.cuh"
#include "cr_launch_dist.h"
#include "cr_work.h"

namespace {

constexpr unsigned kFull = 0xffffffffu;

/** One gamma draw an element needs: its gamma-stream element, the constants of its shape, whether its value
 *  reads the boost U (a shape below 1), and the accepted proposal's (G', U). */
struct Draw {
  uint64_t e;
  cr_gamma_mt mt;
  bool boost;
  double dv, U;
};

/** Gamma elements (and Dirichlet row terms): one draw each. */
struct GammaElems {
  static constexpr int kDraws = 1;
  cr_gamma_args a;

  __host__ __device__ uint64_t count() const { return a.count; }
  __host__ __device__ uint32_t k0() const { return a.k0; }
  __host__ __device__ uint32_t k1() const { return a.k1; }

  /** Element i's shape; an invalid one (device-resident input) is recorded in a.bad and replaced by 1,
   *  so the kernel always terminates and the host reports the index. */
  __device__ double prepare(uint64_t i, Draw* d) const {
    double alpha = cr_shape_at(a.shape, i);
    if (a.shape.values && !cr_shape_valid(alpha, a.limit)) {
      if (a.bad) atomicMin(a.bad, (unsigned long long)(a.bad_base + i));
      alpha = 1.0;
    }
    d[0].e = a.e0 + i;
    d[0].mt = cr_gamma_setup(alpha);
    d[0].boost = alpha < 1.0;  // every sink reads U only then (cr_gamma_value, cr_row_term)
    d[0].U = 1.0;
    return alpha;
  }

  __device__ void sink(uint64_t i, double alpha, const Draw* d) const {
    switch (a.sink) {
      case CR_SINK_F32: static_cast<float*>(a.out)[i] = (float)(cr_gamma_value(alpha, d[0].dv, d[0].U) * a.scale); break;
      case CR_SINK_F64: static_cast<double*>(a.out)[i] = cr_gamma_value(alpha, d[0].dv, d[0].U) * a.scale; break;
      case CR_SINK_T32:
      case CR_SINK_T64: {
        const double z = cr_normal_element(a.k0, a.k1, a.e0 + i, false, a.wide, 0.0, 1.0);
        const double t = cr_student_t_from(z, alpha, d[0].dv, d[0].U);
        if (a.sink == CR_SINK_T32) static_cast<float*>(a.out)[i] = (float)t;
        else static_cast<double*>(a.out)[i] = t;
        break;
      }
      default: static_cast<double*>(a.out)[i] = cr_row_term(alpha, d[0].dv, d[0].U, *a.all_small != 0); break;
    }
  }
};

/** Beta(a, b) or F(a = dfn, b = dfd) elements: gamma elements 2e and 2e + 1 of stream element e, with
 *  shapes a, b (beta) or a/2, b/2 (F), combined by cr_beta_from_draws or cr_f_from_draws. */
template <class T, bool F>
struct PairElems {
  static constexpr int kDraws = 2;
  T* out;
  uint64_t n;
  uint32_t key0, key1;
  uint64_t first;
  double a, b;
  cr_gamma_mt ma, mb;
  const double* rows;  // F with per-element (dfn, dfd): row i for element first + i (null: a, b)

  __host__ __device__ uint64_t count() const { return n; }
  __host__ __device__ uint32_t k0() const { return key0; }
  __host__ __device__ uint32_t k1() const { return key1; }

  __device__ double prepare(uint64_t i, Draw* d) const {
    const double sa = rows ? (F ? 0.5 * rows[2 * i] : rows[2 * i]) : (F ? 0.5 * a : a);
    const double sb = rows ? (F ? 0.5 * rows[2 * i + 1] : rows[2 * i + 1]) : (F ? 0.5 * b : b);
    d[0].e = 2 * (first + i);
    d[0].mt = rows ? cr_gamma_setup(sa) : ma;
    d[0].boost = sa < 1.0;
    d[0].U = 1.0;
    d[1].e = 2 * (first + i) + 1;
    d[1].mt = rows ? cr_gamma_setup(sb) : mb;
    d[1].boost = sb < 1.0;
    d[1].U = 1.0;
    return 0.0;
  }

  __device__ void sink(uint64_t i, double, const Draw* d) const {
    const double ai = rows ? rows[2 * i] : a, bi = rows ? rows[2 * i + 1] : b;
    out[i] = (T)(F ? cr_f_from_draws(ai, bi, d[0].dv, d[0].U, d[1].dv, d[1].U)
                   : cr_beta_from_draws(ai, bi, d[0].dv, d[0].U, d[1].dv, d[1].U));
  }
};

/**
 * The M = 2^log2m lanes of each group draw their element's first accepted proposal; every lane of the
 * group returns it in *dv, *U. All 32 lanes call this together (active = false: a lane without an
 * element, which only votes "no").
 */
template <bool WIDE>
__device__ inline void draw_lanes(uint32_t k0, uint32_t k1, uint64_t e, cr_gamma_mt mt, bool boost, bool active,
                                  unsigned lane, unsigned log2m, double* dv, double* U) {
  const unsigned group = cr_lane_group(lane, log2m), member = cr_lane_member(lane, log2m);
  bool done = !active;
  for (uint32_t round = 0;; ++round) {
    double g = 0.0, u = 0.0;
    const bool ok =
        !done && cr_gamma_try(k0, k1, e, cr_lane_proposal(round, member, log2m), mt, WIDE, &g, boost ? &u : nullptr);
    const uint32_t ballot = __ballot_sync(kFull, ok);
    const int winner = cr_group_winner(ballot, group, log2m);
    const int src = winner < 0 ? (int)lane : winner;
    const double wg = __shfl_sync(kFull, g, src);
    const double wu = __shfl_sync(kFull, u, src);
    if (!done && winner >= 0) {
      *dv = wg;
      *U = wu;
      done = true;
    }
    if (__all_sync(kFull, done)) return;
  }
}

/** Item i: element i, its proposals t = 0, 1, ... in turn. */
template <bool WIDE, class Elems>
struct ThreadWork {
  Elems el;
  __host__ __device__ uint64_t items() const { return el.count(); }
  __device__ void operator()(uint64_t i) const {
    Draw d[Elems::kDraws];
    const double alpha = el.prepare(i, d);
    for (int k = 0; k < Elems::kDraws; ++k) {
      for (uint32_t t = 0;; ++t)
        if (cr_gamma_try(el.k0(), el.k1(), d[k].e, t, d[k].mt, WIDE, &d[k].dv, d[k].boost ? &d[k].U : nullptr)) break;
    }
    el.sink(i, alpha, d);
  }
};

/** Items of whole warps (a multiple of 32, so every lane of a warp loops alike): warp w serves
 *  elements [w G, w G + G), G = 32 / M, lane L element w G + (L >> log2m). */
template <bool WIDE, class Elems>
struct LanesWork {
  Elems el;
  unsigned log2m;
  __host__ __device__ uint64_t items() const {
    const uint64_t G = cr_groups_per_warp(log2m);
    return (el.count() + G - 1) / G * 32;
  }
  __device__ void operator()(uint64_t q) const {
    const unsigned lane = (unsigned)(q & 31);  // = threadIdx.x & 31: blocks and strides are whole warps
    const uint64_t i = (q >> 5) * cr_groups_per_warp(log2m) + cr_lane_group(lane, log2m);
    const bool active = i < el.count();
    Draw d[Elems::kDraws] = {};
    const double alpha = active ? el.prepare(i, d) : 1.0;
    for (int k = 0; k < Elems::kDraws; ++k)
      draw_lanes<WIDE>(el.k0(), el.k1(), d[k].e, d[k].mt, d[k].boost, active, lane, log2m, &d[k].dv, &d[k].U);
    if (active && cr_lane_member(lane, log2m) == 0) el.sink(i, alpha, d);
  }
};

template <bool WIDE, class Elems>
cudaError_t launch_draws(const Elems& el, int proposals, int sms, cudaStream_t s) {
  if (proposals < 1 || proposals > CR_MAX_PROPOSALS) return cudaErrorInvalidValue;
  const int lanes = cr_lanes_for(proposals);
  if (lanes == 0) return cr_launch_work(ThreadWork<WIDE, Elems>{el}, sms, s);
  return cr_launch_work(LanesWork<WIDE, Elems>{el, (unsigned)cr_lanes_log2(lanes)}, sms, s);
}

__global__ void k_shape_flags(const void* values, bool f32, uint32_t K, double limit, cr_shape_flags* flags) {
  __shared__ unsigned long long bad;
  __shared__ unsigned small;
  if (threadIdx.x == 0) {
    bad = ~0ull;
    small = 1;
  }
  __syncthreads();
  for (uint32_t k = threadIdx.x; k < K; k += blockDim.x) {
    const double a = f32 ? (double)static_cast<const float*>(values)[k] : static_cast<const double*>(values)[k];
    if (!cr_shape_valid(a, limit)) atomicMin(&bad, (unsigned long long)k);
    if (!(a < 1.0)) atomicAnd(&small, 0u);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    flags->bad = bad;
    flags->all_small = small;
  }
}

}  // namespace

cudaError_t cr_launch_gamma(const cr_gamma_args& a, int proposals, int sms, cudaStream_t s) {
  if (a.count == 0) return cudaSuccess;
  const GammaElems el{a};
  return a.wide ? launch_draws<true>(el, proposals, sms, s) : launch_draws<false>(el, proposals, sms, s);
}

namespace {

template <bool F>
cudaError_t launch_pair(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double a, double b,
                        const double* rows, int proposals, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const cr_gamma_mt ma = cr_gamma_setup(F ? 0.5 * a : a), mb = cr_gamma_setup(F ? 0.5 * b : b);
  // dtype = proposal layout: float32 output uses the float32 layout, float64 the float64 one
  if (f32) return launch_draws<false>(PairElems<float, F>{static_cast<float*>(out), n, k0, k1, first, a, b, ma, mb, rows}, proposals, sms, s);
  return launch_draws<true>(PairElems<double, F>{static_cast<double*>(out), n, k0, k1, first, a, b, ma, mb, rows}, proposals, sms, s);
}

}  // namespace

namespace {

/** Beta elements with a, b <= 1: Jöhnk's algorithm (cr_beta.h), one thread per element looping over its
 *  proposals — most accept the first (at least half of them, a = b = 1 being the worst), so lanes that
 *  vote, as the gamma kernels' do, would only add work. */
template <class T>
struct JohnkWork {
  T* out;
  uint64_t n;
  uint32_t k0, k1;
  uint64_t first;
  double a, b;
  __host__ __device__ uint64_t items() const { return n; }
  __device__ void operator()(uint64_t i) const { out[i] = (T)cr_beta_johnk_element(k0, k1, first + i, a, b); }
};

}  // namespace

cudaError_t cr_launch_beta(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double a,
                           double b, int proposals, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  if (proposals < 1 || proposals > CR_MAX_PROPOSALS) return cudaErrorInvalidValue;
  if (cr_beta_johnk(a, b)) {  // `proposals` plays no part there (docs/streams.md, "Dirichlet and beta")
    if (f32) return cr_launch_work(JohnkWork<float>{static_cast<float*>(out), n, k0, k1, first, a, b}, sms, s);
    return cr_launch_work(JohnkWork<double>{static_cast<double*>(out), n, k0, k1, first, a, b}, sms, s);
  }
  return launch_pair<false>(out, f32, n, k0, k1, first, a, b, nullptr, proposals, sms, s);
}

cudaError_t cr_launch_f(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double dfn,
                        double dfd, const double* rows, int proposals, int sms, cudaStream_t s) {
  return launch_pair<true>(out, f32, n, k0, k1, first, dfn, dfd, rows, proposals, sms, s);
}

cudaError_t cr_launch_shape_flags(const void* values, bool f32, uint32_t K, double limit, cr_shape_flags* flags,
                                  cudaStream_t s) {
  CR_LAUNCH(1, CR_BLOCK, 0, s, k_shape_flags)(values, f32, K, limit, flags);
  return cudaGetLastError();
}

cudaError_t cr_launch_dirichlet_rows(double* terms, uint64_t rows, uint32_t K, const unsigned* all_small, uint32_t lead,
                                     uint64_t m, void* out, bool f32, int sms, cudaStream_t s) {
  return cr_visit_dirichlet_rows(cr_launcher{sms, s}, terms, rows, K, all_small, lead, m, out, f32);
}
