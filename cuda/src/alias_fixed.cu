// Fixed-point weights on the GPU (docs/alias.md, "Fixed-point weights" and "GPU"), bit-identical to
// lib/alias/fixed-point.ts.
// Every step is cr_alias_fixed.h's per-item rule over scalars that the step before reduced; the
// scalars live in a device FpState, so the whole pass is enqueued without a host round trip:
//
//   k_sum          weights → per-block 64-bit superaccumulator limbs (a 5-limb register window per
//                  thread, shared-memory atomics for weights outside it)
//   k_sum_final    Σ over blocks, carries, rounding → s·2^E → (a1, a2, f)
//   k_q2           first-pass q: sub-unit count m and their exact sum; speculatively (m = 0) the
//                  bases, K, the absorbing item and the histogram of the select's first digit
//   k_rescale      m > 0: S' = S − S_sub → (b1, b2, fr)          k_q3: the same statistics, rescaled
//   k_stats        Σ bases, K, absorbing item → Δ, Δ⁺; the select's first digit
//   k_select_*     digits 1 … 6: pass 1 reads every weight and compacts the items of the chosen bucket,
//                  later passes read only those candidates
//   k_write        W_i = base + (V_i ≥ V*) (+ the absorbed rest for one item)
// Integer sums are associative, so the reduction order (grid shape, atomics) never changes a bit.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include "cr_target.h"
#include "alias_internal.h"
#include "cr_alias_fixed.h"

namespace {

constexpr int kThreads = 256;
constexpr int kCtl = 1024;  // threads of the single-block control kernels
typedef unsigned long long u64;

struct BlockStats {
  u64 m, sum, K;
  double q;
  uint32_t arg, pad;
};

struct FpState {
  uint32_t S[CR_SACC_LIMBS];
  cr_fp_params prm;
  u64 m, sum, K;
  double qmax;
  uint32_t arg;
  long long delta;
  u64 up;
  cr_sel_state sel;
  unsigned int cand_count;
};

struct ArgMax {
  double q;
  uint32_t i;
};

struct ArgMaxOp {
  __device__ ArgMax operator()(const ArgMax& a, const ArgMax& b) const {
    return cr_fp_argmax_better(a.q, a.i, b.q, b.i) ? a : b;
  }
};

int grid_for(uint32_t n, int sms) {
  const uint64_t want = ((uint64_t)n + kThreads - 1) / kThreads;
  const uint64_t cap = (uint64_t)(sms > 0 ? sms : 1) * 8;
  return (int)(want < 1 ? 1 : want < cap ? want : cap);
}

size_t align256(size_t x) { return (x + 255) & ~(size_t)255; }

struct Layout {
  size_t state, partials, stats, hist, total;
  Layout(int G) {
    state = 0;
    partials = align256(sizeof(FpState));
    stats = partials + align256(sizeof(u64) * CR_SACC_LIMBS * (size_t)G);
    hist = stats + align256(sizeof(BlockStats) * (size_t)G);
    total = hist + align256(sizeof(uint32_t) * CR_SEL_BINS);
  }
};

// ---- the superaccumulator window --------------------------------------------------------------------

/** Five consecutive 64-bit limbs [base, base+5) in registers; weights whose parts fall outside go to
 *  the block's shared limbs. base is set by the thread's first weight (one limb below it), so weights
 *  within a factor of 2^±32 of it stay in registers. */
struct Window {
  int base = -1;
  u64 a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0;

  __device__ void add(const cr_sacc_parts& p, u64* shared_limbs) {
    if (base < 0) base = min(max((int)p.j - 1, 0), CR_SACC_LIMBS - 5);
    const int d = (int)p.j - base;
    if (d >= 0 && d <= 2) {
      a0 += d == 0 ? p.p0 : 0u;
      a1 += d == 0 ? p.p1 : d == 1 ? p.p0 : 0u;
      a2 += d == 0 ? p.p2 : d == 1 ? p.p1 : p.p0;
      a3 += d == 1 ? p.p2 : d == 2 ? p.p1 : 0u;
      a4 += d == 2 ? p.p2 : 0u;
    } else {
      atomicAdd(&shared_limbs[p.j], (u64)p.p0);
      atomicAdd(&shared_limbs[p.j + 1], (u64)p.p1);
      if (p.p2) atomicAdd(&shared_limbs[p.j + 2], (u64)p.p2);
    }
  }

  /** All lanes of the warp call this: one set of atomics per warp when the lanes share a base. */
  __device__ void flush(u64* shared_limbs) {
    int same = 0;
    __match_all_sync(0xffffffffu, base, &same);
    if (same) {
      for (int o = 16; o > 0; o >>= 1) {
        a0 += __shfl_down_sync(0xffffffffu, a0, o);
        a1 += __shfl_down_sync(0xffffffffu, a1, o);
        a2 += __shfl_down_sync(0xffffffffu, a2, o);
        a3 += __shfl_down_sync(0xffffffffu, a3, o);
        a4 += __shfl_down_sync(0xffffffffu, a4, o);
      }
      if ((threadIdx.x & 31) != 0) return;
    }
    if (base < 0) return;
    atomicAdd(&shared_limbs[base], a0);
    atomicAdd(&shared_limbs[base + 1], a1);
    atomicAdd(&shared_limbs[base + 2], a2);
    atomicAdd(&shared_limbs[base + 3], a3);
    atomicAdd(&shared_limbs[base + 4], a4);
  }
};

__device__ void zero_shared(u64* limbs, uint32_t* hist) {
  for (int j = threadIdx.x; j < CR_SACC_LIMBS; j += blockDim.x) limbs[j] = 0;
  if (hist)
    for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x) hist[b] = 0;
  __syncthreads();
}

/** Block limbs → partials[j·G + block] (every limb, so the final sum needs no zeroing). */
__device__ void write_partials(const u64* limbs, u64* partials, int G) {
  for (int j = threadIdx.x; j < CR_SACC_LIMBS; j += blockDim.x) partials[(size_t)j * G + blockIdx.x] = limbs[j];
}

/** Adds the block's histogram to the global one (non-empty bins only). */
__device__ void flush_hist(const uint32_t* h, uint32_t* hist) {
  for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x)
    if (h[b]) atomicAdd(&hist[b], h[b]);
}

/** Single block: Σ over the G blocks' limbs, carried into out (shared). Returns ok in every thread. */
__device__ bool reduce_limbs(const u64* partials, int G, uint32_t* out) {
  __shared__ u64 L[CR_SACC_LIMBS], H[CR_SACC_LIMBS];
  __shared__ int ok;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, warps = blockDim.x >> 5;
  for (int j = warp; j < CR_SACC_LIMBS; j += warps) {
    u64 lo = 0, hi = 0;
    for (int b = lane; b < G; b += 32) {
      const u64 v = partials[(size_t)j * G + b];
      lo += v & 0xffffffffull;
      hi += v >> 32;
    }
    for (int o = 16; o > 0; o >>= 1) {
      lo += __shfl_down_sync(0xffffffffu, lo, o);
      hi += __shfl_down_sync(0xffffffffu, hi, o);
    }
    if (lane == 0) {
      L[j] = lo;
      H[j] = hi;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    ok = cr_sacc_normalize(reinterpret_cast<const uint64_t*>(L), reinterpret_cast<const uint64_t*>(H), out);
  }
  __syncthreads();
  return ok != 0;
}

// ---- kernels ----------------------------------------------------------------------------------------

template <class T>
__global__ void __launch_bounds__(kThreads) k_sum(const T* __restrict__ w, uint32_t n, u64* partials, int G) {
  __shared__ u64 limbs[CR_SACC_LIMBS];
  zero_shared(limbs, nullptr);
  Window win;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)G * blockDim.x) {
    const double x = (double)w[i];
    if (x > 0) win.add(cr_sacc_split(x), limbs);
  }
  win.flush(limbs);
  __syncthreads();
  write_partials(limbs, partials, G);
}

__global__ void __launch_bounds__(kCtl) k_sum_final(const u64* partials, int G, FpState* st, uint32_t n,
                                                    uint32_t* status) {
  __shared__ uint32_t S[CR_SACC_LIMBS];
  const bool ok = reduce_limbs(partials, G, S);
  if (threadIdx.x != 0) return;
  double s = 1.0;
  int E = 0;
  if (!ok || !cr_sacc_round(S, &s, &E)) {
    atomicOr(status, CR_ALIAS_ERR_SUM);
    s = 1.0;
    E = 0;
  }
  for (int j = 0; j < CR_SACC_LIMBS; ++j) st->S[j] = S[j];
  cr_fp_set_scale(&st->prm, n, s, E);
}

/** Per-item statistics of the current rule, reduced over the block into stats[block]; the histogram of
 *  the select's first digit into hist. With SUB, also the first pass's sub-unit items (count, sum). */
template <class T, bool SUB>
__device__ void item_stats(const T* __restrict__ w, uint32_t n, const FpState* st, u64* partials, BlockStats* stats,
                           uint32_t* hist, int G) {
  __shared__ u64 limbs[CR_SACC_LIMBS];
  __shared__ uint32_t h[CR_SEL_BINS];
  typedef cub::BlockReduce<u64, kThreads> SumReduce;
  typedef cub::BlockReduce<ArgMax, kThreads> MaxReduce;
  __shared__ union {
    typename SumReduce::TempStorage sum;
    typename MaxReduce::TempStorage max;
  } tmp;
  zero_shared(limbs, h);
  const cr_fp_params prm = st->prm;
  Window win;
  u64 m = 0, sum = 0, K = 0;
  ArgMax best{-1.0, 0xffffffffu};
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)G * blockDim.x) {
    const double x = (double)w[i];
    double q;
    uint64_t base, key;
    const int kind = cr_fp_item(x, prm, &q, &base, &key);
    if (kind == CR_FP_ONE) {
      sum += 1;
      if (SUB) {
        ++m;
        win.add(cr_sacc_split(x), limbs);
      }
    } else if (kind == CR_FP_ELIGIBLE) {
      sum += base;
      ++K;
      if (cr_fp_argmax_better(q, (uint32_t)i, best.q, best.i)) best = ArgMax{q, (uint32_t)i};
      atomicAdd(&h[cr_sel_digit(cr_sel_value(key, (uint32_t)i), 0)], 1u);
    }
  }
  if (SUB) win.flush(limbs);
  BlockStats bs;
  bs.m = SumReduce(tmp.sum).Sum(m);
  __syncthreads();
  bs.sum = SumReduce(tmp.sum).Sum(sum);
  __syncthreads();
  bs.K = SumReduce(tmp.sum).Sum(K);
  __syncthreads();
  const ArgMax b = MaxReduce(tmp.max).Reduce(best, ArgMaxOp());
  __syncthreads();
  if (threadIdx.x == 0) {
    bs.q = b.q;
    bs.arg = b.i;
    bs.pad = 0;
    stats[blockIdx.x] = bs;
  }
  if (SUB) write_partials(limbs, partials, G);
  flush_hist(h, hist);
}

template <class T>
__global__ void __launch_bounds__(kThreads) k_q2(const T* __restrict__ w, uint32_t n, const FpState* st, u64* partials,
                                                 BlockStats* stats, uint32_t* hist, int G) {
  item_stats<T, true>(w, n, st, partials, stats, hist, G);
}

template <class T>
__global__ void __launch_bounds__(kThreads) k_q3(const T* __restrict__ w, uint32_t n, const FpState* st,
                                                 BlockStats* stats, uint32_t* hist, int G) {
  if (!st->prm.rescaled) return;
  item_stats<T, false>(w, n, st, nullptr, stats, hist, G);
}

/** Σ over the blocks' stats of one field (single block). */
template <class F>
__device__ u64 block_total(const BlockStats* stats, int G, F field) {
  typedef cub::BlockReduce<u64, kCtl> R;
  __shared__ typename R::TempStorage tmp;
  __shared__ u64 total;
  u64 v = 0;
  for (int b = threadIdx.x; b < G; b += blockDim.x) v += field(stats[b]);
  const u64 t = R(tmp).Sum(v);
  if (threadIdx.x == 0) total = t;
  __syncthreads();
  return total;
}

__global__ void __launch_bounds__(kCtl) k_rescale(const u64* partials, const BlockStats* stats, int G, FpState* st,
                                                  uint32_t n, uint32_t* hist, uint32_t* status) {
  const u64 m = block_total(stats, G, [](const BlockStats& s) { return s.m; });
  if (threadIdx.x == 0) st->m = m;
  if (m == 0) return;
  __shared__ uint32_t sub[CR_SACC_LIMBS];
  const bool ok = reduce_limbs(partials, G, sub);
  for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x) hist[b] = 0;
  if (threadIdx.x != 0) return;
  uint32_t S[CR_SACC_LIMBS];
  for (int j = 0; j < CR_SACC_LIMBS; ++j) S[j] = st->S[j];
  double s = 1.0;
  int E = 0;
  if (!ok || !cr_sacc_sub(S, sub) || !cr_sacc_round(S, &s, &E)) {
    atomicOr(status, CR_ALIAS_ERR_SUM);
    s = 1.0;
    E = 0;
  }
  cr_fp_set_rescale(&st->prm, n, m, s, E);
}

/**
 * Single block: the bucket of digit st->sel.pass that holds the need-th largest value, from the
 * global histogram (4 bins per thread, scanned from the top), then cr_sel_advance's bookkeeping; the
 * histogram is zeroed for the next pass.
 */
__device__ void choose_and_advance(FpState* st, uint32_t* hist) {
  typedef cub::BlockScan<u64, kCtl> Scan;
  __shared__ typename Scan::TempStorage tmp;
  __shared__ uint32_t chosen;
  __shared__ u64 chosen_above;
  const u64 need = st->sel.need;
  if (threadIdx.x == 0) {
    chosen = 0;  // (need ≤ Σ hist always finds a bucket; this only keeps the state defined)
    chosen_above = 0;
  }
  __syncthreads();
  const int r = kCtl - 1 - (int)threadIdx.x;  // this thread's bins: [4r, 4r + 4), top threads first
  u64 mine = 0;
  for (int k = 0; k < 4; ++k) mine += hist[4 * r + k];
  u64 above;
  Scan(tmp).ExclusiveSum(mine, above);
  for (int k = 3; k >= 0; --k) {
    const uint32_t b = 4 * r + k;
    if (above < need && above + hist[b] >= need) {
      chosen = b;
      chosen_above = above;
    }
    above += hist[b];
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cr_sel_state sel = st->sel;
    const uint32_t b = chosen;
    sel.need -= chosen_above;
    sel.count = hist[b];
    sel.prefix = (sel.prefix << CR_SEL_DIGIT_BITS) | b;
    sel.pass += 1;
    if (sel.need == sel.count || sel.pass == CR_SEL_PASSES) sel.done = 1;
    st->sel = sel;
  }
  __syncthreads();
  for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x) hist[b] = 0;
}

__global__ void __launch_bounds__(kCtl) k_stats(const BlockStats* stats, int G, FpState* st, uint32_t n,
                                                uint32_t* hist, uint32_t* status) {
  typedef cub::BlockReduce<ArgMax, kCtl> MaxReduce;
  __shared__ typename MaxReduce::TempStorage tmp;
  __shared__ int done;
  const u64 sum = block_total(stats, G, [](const BlockStats& s) { return s.sum; });
  const u64 K = block_total(stats, G, [](const BlockStats& s) { return s.K; });
  ArgMax best{-1.0, 0xffffffffu};
  for (int b = threadIdx.x; b < G; b += blockDim.x) {
    const ArgMax c{stats[b].q, stats[b].arg};
    best = ArgMaxOp()(best, c);
  }
  const ArgMax top = MaxReduce(tmp).Reduce(best, ArgMaxOp());
  if (threadIdx.x == 0) {
    st->sum = sum;
    st->K = K;
    st->qmax = top.q;
    st->arg = top.i;
    const u64 total = (u64)n << 32;
    const long long delta = (long long)(total - sum);
    const u64 up = delta < 0 ? 0 : ((u64)delta > K ? K : (u64)delta);
    st->delta = delta;
    st->up = up;
    if (K == 0) atomicOr(status, CR_ALIAS_ERR_SUM);
    cr_sel_start(&st->sel, up, K);
    st->cand_count = 0;
    done = st->sel.done;
  }
  __syncthreads();
  if (done) {
    for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x) hist[b] = 0;
    return;
  }
  choose_and_advance(st, hist);
}

template <class T>
__global__ void __launch_bounds__(kThreads) k_select_pass(const T* __restrict__ w, uint32_t n, FpState* st,
                                                          uint32_t* hist, uint32_t* cand_idx, u64* cand_key, int G) {
  __shared__ uint32_t h[CR_SEL_BINS];
  if (st->sel.done) return;
  for (int b = threadIdx.x; b < CR_SEL_BINS; b += blockDim.x) h[b] = 0;
  __syncthreads();
  const int pass = st->sel.pass;
  const cr_u128 prefix = st->sel.prefix;
  const uint64_t stride = (uint64_t)G * blockDim.x;
  if (pass == 1) {
    // Every weight again; the items of the chosen first digit become the candidate list. The loop is
    // warp-uniform (a warp's lanes take consecutive items) so one atomic reserves a warp's slots.
    const cr_fp_params prm = st->prm;
    const unsigned lane = threadIdx.x & 31;
    for (uint64_t i0 = blockIdx.x * (uint64_t)blockDim.x + (threadIdx.x & ~31u); i0 < n; i0 += stride) {
      const uint64_t i = i0 + lane;
      bool take = false;
      uint64_t key = 0;
      if (i < n) {
        double q;
        uint64_t base;
        if (cr_fp_item((double)w[i], prm, &q, &base, &key) == CR_FP_ELIGIBLE) {
          const cr_u128 v = cr_sel_value(key, (uint32_t)i);
          if (cr_sel_prefix(v, 1) == prefix) {
            take = true;
            atomicAdd(&h[cr_sel_digit(v, 1)], 1u);
          }
        }
      }
      const unsigned mask = __ballot_sync(0xffffffffu, take);
      if (mask == 0) continue;
      const int leader = __ffs(mask) - 1;
      unsigned at = 0;
      if ((int)lane == leader) at = atomicAdd(&st->cand_count, (unsigned)__popc(mask));
      at = __shfl_sync(0xffffffffu, at, leader);
      if (take) {
        const unsigned slot = at + __popc(mask & ((1u << lane) - 1u));
        cand_idx[slot] = (uint32_t)i;
        cand_key[slot] = key;
      }
    }
  } else {
    const unsigned count = st->cand_count;
    for (uint64_t c = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; c < count; c += stride) {
      const cr_u128 v = cr_sel_value(cand_key[c], cand_idx[c]);
      if (cr_sel_prefix(v, pass) == prefix) atomicAdd(&h[cr_sel_digit(v, pass)], 1u);
    }
  }
  __syncthreads();
  flush_hist(h, hist);
}

__global__ void __launch_bounds__(kCtl) k_select_choose(FpState* st, uint32_t* hist) {
  if (st->sel.done) return;
  choose_and_advance(st, hist);
}

template <class T>
__global__ void __launch_bounds__(kThreads) k_write(const T* __restrict__ w, uint32_t n, const FpState* st, u64* units,
                                                    uint32_t* status, int G) {
  const cr_fp_params prm = st->prm;
  const cr_u128 vstar = cr_sel_threshold(st->sel);
  const uint32_t arg = st->arg;
  const long long extra = st->delta - (long long)st->up;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)G * blockDim.x) {
    double q;
    uint64_t base, key;
    const int kind = cr_fp_item((double)w[i], prm, &q, &base, &key);
    u64 W = kind == CR_FP_ZERO ? 0 : kind == CR_FP_ONE ? 1 : base + (cr_sel_value(key, (uint32_t)i) >= vstar ? 1 : 0);
    if (i == arg && extra != 0) {
      if (extra < 0 && (u64)(-extra) >= W) atomicOr(status, CR_ALIAS_ERR_ABSORB);
      W += (u64)extra;
    }
    units[i] = W;
  }
}

template <class T>
cudaError_t enqueue(const T* w, uint32_t n, u64* units, void* scratch, uint32_t* cand_idx, u64* cand_key,
                    uint32_t* status, int sms, cudaStream_t s) {
  const int G = grid_for(n, sms);
  const Layout lay(G);
  char* base = static_cast<char*>(scratch);
  FpState* st = reinterpret_cast<FpState*>(base + lay.state);
  u64* partials = reinterpret_cast<u64*>(base + lay.partials);
  BlockStats* stats = reinterpret_cast<BlockStats*>(base + lay.stats);
  uint32_t* hist = reinterpret_cast<uint32_t*>(base + lay.hist);
  cudaError_t e = cudaMemsetAsync(hist, 0, sizeof(uint32_t) * CR_SEL_BINS, s);
  if (e != cudaSuccess) return e;
  CR_LAUNCH(G, kThreads, 0, s, k_sum<T>)(w, n, partials, G);
  CR_LAUNCH(1, kCtl, 0, s, k_sum_final)(partials, G, st, n, status);
  CR_LAUNCH(G, kThreads, 0, s, k_q2<T>)(w, n, st, partials, stats, hist, G);
  CR_LAUNCH(1, kCtl, 0, s, k_rescale)(partials, stats, G, st, n, hist, status);
  CR_LAUNCH(G, kThreads, 0, s, k_q3<T>)(w, n, st, stats, hist, G);
  CR_LAUNCH(1, kCtl, 0, s, k_stats)(stats, G, st, n, hist, status);
  for (int pass = 1; pass < CR_SEL_PASSES; ++pass) {
    CR_LAUNCH(G, kThreads, 0, s, k_select_pass<T>)(w, n, st, hist, cand_idx, cand_key, G);
    CR_LAUNCH(1, kCtl, 0, s, k_select_choose)(st, hist);
  }
  CR_LAUNCH(G, kThreads, 0, s, k_write<T>)(w, n, st, units, status, G);
  return cudaGetLastError();
}

}  // namespace

size_t cr_alias_units_scratch_bytes(uint32_t n, int sms) { return Layout(grid_for(n, sms)).total; }

cudaError_t cr_alias_enqueue_units(const void* w, int dtype, uint32_t n, uint64_t* units, void* scratch,
                                   uint32_t* cand_idx, uint64_t* cand_key, uint32_t* status, int sms, cudaStream_t s) {
  u64* out = reinterpret_cast<u64*>(units);
  u64* keys = reinterpret_cast<u64*>(cand_key);
  if (dtype == CR_WEIGHTS_F32) {
    return enqueue(static_cast<const float*>(w), n, out, scratch, cand_idx, keys, status, sms, s);
  }
  return enqueue(static_cast<const double*>(w), n, out, scratch, cand_idx, keys, status, sms, s);
}
