// Gamma, beta and Dirichlet kernels (docs/streams.md §6; design in docs/building.md, "The gamma
// kernels"). Two ways to run the rejection loop of Marsaglia–Tsang, both giving every element its first
// accepted proposal, hence the same bits:
//   - one thread per element, looping over proposals t = 0, 1, ... (lanes = CR_LANES_THREAD);
//   - the M-proposal reduction: M lanes of a warp evaluate proposals r·M .. r·M + M − 1 of one element
//     at once; a warp ballot and the lowest set bit of the group's M bits pick the first accepted, and
//     its (G', U) is shuffled to the group; groups without an acceptance take the next M.
// Lane roles, the vote and the Dirichlet row geometry are cuda/include/cr_dist_items.h (host-tested).
#include "cr_launch.h"
#include "cr_launch_dist.h"

namespace {

constexpr unsigned kFull = 0xffffffffu;

/** Element i's shape; an invalid one (device-resident input) is recorded in a.bad and replaced by 1, so
 *  the kernel always terminates and the host reports the index. */
__device__ inline double shape_of(const cr_gamma_args& a, uint64_t i) {
  double alpha = cr_shape_at(a.shape, i);
  if (a.shape.values && !cr_shape_valid(alpha, a.limit)) {
    if (a.bad) atomicMin(a.bad, (unsigned long long)(a.bad_base + i));
    alpha = 1.0;
  }
  return alpha;
}

__device__ inline void sink(const cr_gamma_args& a, uint64_t i, double alpha, double dv, double U) {
  switch (a.sink) {
    case CR_SINK_F32: static_cast<float*>(a.out)[i] = (float)(cr_gamma_value(alpha, dv, U) * a.scale); break;
    case CR_SINK_F64: static_cast<double*>(a.out)[i] = cr_gamma_value(alpha, dv, U) * a.scale; break;
    default: static_cast<double*>(a.out)[i] = cr_row_term(alpha, dv, U, *a.all_small != 0); break;
  }
}

/**
 * The M = 2^log2m lanes of each group draw their element's first accepted proposal; every lane of the
 * group returns it in *dv, *U. All 32 lanes call this together (active = false: a lane without an
 * element, which only votes "no").
 */
template <bool WIDE>
__device__ inline void draw_lanes(uint32_t k0, uint32_t k1, uint64_t e, cr_gamma_mt mt, bool active, unsigned lane,
                                  unsigned log2m, double* dv, double* U) {
  const unsigned group = cr_lane_group(lane, log2m), member = cr_lane_member(lane, log2m);
  bool done = !active;
  for (uint32_t round = 0;; ++round) {
    double g = 0.0, u = 0.0;
    const bool ok = !done && cr_gamma_try(k0, k1, e, cr_lane_proposal(round, member, log2m), mt, WIDE, &g, &u);
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

template <bool WIDE>
__global__ void __launch_bounds__(CR_BLOCK) k_gamma_thread(cr_gamma_args a) {
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < a.count; i += stride) {
    const double alpha = shape_of(a, i);
    const cr_gamma_mt mt = cr_gamma_setup(alpha);
    double dv = 0.0, U = 0.0;
    for (uint32_t t = 0;; ++t)
      if (cr_gamma_try(a.k0, a.k1, a.e0 + i, t, mt, WIDE, &dv, &U)) break;
    sink(a, i, alpha, dv, U);
  }
}

template <bool WIDE>
__global__ void __launch_bounds__(CR_BLOCK) k_gamma_lanes(cr_gamma_args a, unsigned log2m) {
  const unsigned lane = threadIdx.x & 31;
  const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5;
  const uint64_t warps = ((uint64_t)gridDim.x * blockDim.x) >> 5;
  const unsigned G = cr_groups_per_warp(log2m);
  for (uint64_t base = warp * G; base < a.count; base += warps * G) {  // warp-uniform
    const uint64_t i = base + cr_lane_group(lane, log2m);
    const bool active = i < a.count;
    const double alpha = active ? shape_of(a, i) : 1.0;
    double dv = 0.0, U = 0.0;
    draw_lanes<WIDE>(a.k0, a.k1, a.e0 + i, cr_gamma_setup(alpha), active, lane, log2m, &dv, &U);
    if (active && cr_lane_member(lane, log2m) == 0) sink(a, i, alpha, dv, U);
  }
}

template <bool WIDE, class T>
__global__ void __launch_bounds__(CR_BLOCK) k_beta_thread(T* __restrict__ out, uint64_t n, uint32_t k0, uint32_t k1,
                                                          uint64_t first, double a, double b) {
  const cr_gamma_mt ma = cr_gamma_setup(a), mb = cr_gamma_setup(b);
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += stride) {
    const uint64_t e = first + i;
    double dva, Ua, dvb, Ub;
    cr_gamma_draw(k0, k1, 2 * e, ma, WIDE, 1, &dva, &Ua);
    cr_gamma_draw(k0, k1, 2 * e + 1, mb, WIDE, 1, &dvb, &Ub);
    out[i] = (T)cr_beta_from_draws(a, b, dva, Ua, dvb, Ub);
  }
}

template <bool WIDE, class T>
__global__ void __launch_bounds__(CR_BLOCK) k_beta_lanes(T* __restrict__ out, uint64_t n, uint32_t k0, uint32_t k1,
                                                         uint64_t first, double a, double b, unsigned log2m) {
  const cr_gamma_mt ma = cr_gamma_setup(a), mb = cr_gamma_setup(b);
  const unsigned lane = threadIdx.x & 31;
  const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5;
  const uint64_t warps = ((uint64_t)gridDim.x * blockDim.x) >> 5;
  const unsigned G = cr_groups_per_warp(log2m);
  for (uint64_t base = warp * G; base < n; base += warps * G) {
    const uint64_t i = base + cr_lane_group(lane, log2m);
    const bool active = i < n;
    const uint64_t e = first + i;
    double dva = 0.0, Ua = 0.0, dvb = 0.0, Ub = 0.0;
    draw_lanes<WIDE>(k0, k1, 2 * e, ma, active, lane, log2m, &dva, &Ua);
    draw_lanes<WIDE>(k0, k1, 2 * e + 1, mb, active, lane, log2m, &dvb, &Ub);
    if (active && cr_lane_member(lane, log2m) == 0) out[i] = (T)cr_beta_from_draws(a, b, dva, Ua, dvb, Ub);
  }
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

template <class T>
__global__ void k_dirichlet_rows(double* __restrict__ terms, uint64_t rows, uint32_t K, const unsigned* all_small,
                                 uint32_t lead, uint64_t m, T* __restrict__ out) {
  const bool small = *all_small != 0;
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  for (uint64_t r = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; r < rows; r += stride)
    cr_dirichlet_row_item(r, terms, K, small, lead, m, out);
}

unsigned grid_for(uint64_t threads, int sms) {
  const uint64_t want = (threads + CR_BLOCK - 1) / CR_BLOCK;
  const uint64_t cap = (uint64_t)(sms > 0 ? sms : 1) * (2048 / CR_BLOCK);
  return (unsigned)(want < cap ? (want > 0 ? want : 1) : cap);
}

/** Threads that give `count` elements one lane each (thread kernel) or M lanes each. */
uint64_t threads_for(uint64_t count, int log2m) { return log2m < 0 ? count : count << log2m; }

}  // namespace

cudaError_t cr_launch_gamma(const cr_gamma_args& a, int lanes, int sms, cudaStream_t s) {
  if (a.count == 0) return cudaSuccess;
  const int log2m = lanes == CR_LANES_THREAD ? -1 : cr_lanes_log2(lanes);
  if (lanes != CR_LANES_THREAD && log2m < 0) return cudaErrorInvalidValue;
  const unsigned grid = grid_for(threads_for(a.count, log2m), sms);
  if (log2m < 0) {
    if (a.wide) k_gamma_thread<true><<<grid, CR_BLOCK, 0, s>>>(a);
    else k_gamma_thread<false><<<grid, CR_BLOCK, 0, s>>>(a);
  } else {
    if (a.wide) k_gamma_lanes<true><<<grid, CR_BLOCK, 0, s>>>(a, (unsigned)log2m);
    else k_gamma_lanes<false><<<grid, CR_BLOCK, 0, s>>>(a, (unsigned)log2m);
  }
  return cudaGetLastError();
}

cudaError_t cr_launch_beta(void* out, bool f32, uint64_t n, uint32_t k0, uint32_t k1, uint64_t first, double a,
                           double b, int lanes, int sms, cudaStream_t s) {
  if (n == 0) return cudaSuccess;
  const int log2m = lanes == CR_LANES_THREAD ? -1 : cr_lanes_log2(lanes);
  if (lanes != CR_LANES_THREAD && log2m < 0) return cudaErrorInvalidValue;
  const unsigned grid = grid_for(threads_for(n, log2m), sms);
  // dtype = proposal layout: float32 output uses the float32 layout, float64 the float64 one
  if (log2m < 0) {
    if (f32) k_beta_thread<false, float><<<grid, CR_BLOCK, 0, s>>>(static_cast<float*>(out), n, k0, k1, first, a, b);
    else k_beta_thread<true, double><<<grid, CR_BLOCK, 0, s>>>(static_cast<double*>(out), n, k0, k1, first, a, b);
  } else {
    if (f32) {
      k_beta_lanes<false, float><<<grid, CR_BLOCK, 0, s>>>(static_cast<float*>(out), n, k0, k1, first, a, b,
                                                          (unsigned)log2m);
    } else {
      k_beta_lanes<true, double><<<grid, CR_BLOCK, 0, s>>>(static_cast<double*>(out), n, k0, k1, first, a, b,
                                                          (unsigned)log2m);
    }
  }
  return cudaGetLastError();
}

cudaError_t cr_launch_shape_flags(const void* values, bool f32, uint32_t K, double limit, cr_shape_flags* flags,
                                  cudaStream_t s) {
  k_shape_flags<<<1, CR_BLOCK, 0, s>>>(values, f32, K, limit, flags);
  return cudaGetLastError();
}

cudaError_t cr_launch_dirichlet_rows(double* terms, uint64_t rows, uint32_t K, const unsigned* all_small, uint32_t lead,
                                     uint64_t m, void* out, bool f32, int sms, cudaStream_t s) {
  if (rows == 0) return cudaSuccess;
  const unsigned grid = grid_for(rows, sms);
  if (f32) {
    k_dirichlet_rows<float><<<grid, CR_BLOCK, 0, s>>>(terms, rows, K, all_small, lead, m, static_cast<float*>(out));
  } else {
    k_dirichlet_rows<double><<<grid, CR_BLOCK, 0, s>>>(terms, rows, K, all_small, lead, m, static_cast<double*>(out));
  }
  return cudaGetLastError();
}
