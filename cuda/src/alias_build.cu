// PSA and PSA+ construction on the GPU from fixed-point units (docs/alias.md §3–4 and "GPU"), after
// Lehmann, Hübschle-Schneider & Sanders, "Weighted Random Sampling on GPUs" (2021), in exact integers:
//
//   PSA+ only   k_plus_groups: a block per group of 1024 items runs the group's greedy sweep in closed
//               form (block scans for the local lists and prefix sums, a thread per sweep step, the
//               first step the group cannot serve stops it); packed items are marked in a bitmask and
//               the stopped heavy's residual is kept per group
//   partition   cub::DevicePartition (three-way): lights forward into A, heavies through a reverse
//               iterator into A's tail, items the pre-pass packed discarded; the effective weight
//               (units, the residual, or "packed") is computed on the fly from the bitmask
//   prefix sums cub::DeviceScan: one exclusive scan over n + 1 positions of (deficits of the lights,
//               excesses of the heavies) gives D(l) = X[l] and E(h) = X[L + h] − X[L]
//   split       the merge path at every section start (4096 merged positions, the contract's size):
//               binary search per thread, or P-ary search per warp (32 pivots per ballot, windows
//               narrowed section to section)
//   pack        a block per section stages the section's lights, heavies and prefix sums in shared
//               memory with coalesced loads (all at once, or in chunks of 1024 positions); each thread
//               finds its start by a merge path in shared memory and writes its rows as 8-byte stores
// The rows are closed-form functions of the prefix sums (cr_alias_par.h), so none of these choices
// changes a bit; cuda/test/test_alias_gpu.cpp runs the same per-thread code on the host.
#include <cub/block/block_scan.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/reverse_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "cr_target.h"
#include "alias_internal.h"
#include "cr_alias_par.h"

namespace {

typedef uint64_t u64;  // (no 64-bit atomics here: the headers' uint64_t throughout)
constexpr u64 C = CR_ALIAS_CAPACITY;
constexpr u64 kPacked = ~0ull;  // effective weight of an item the PSA+ pre-pass packed
constexpr int kGroup = CR_ALIAS_PLUS_GROUP;
constexpr u64 kSection = CR_ALIAS_SECTION;
constexpr int kPackThreads = 256;
constexpr uint32_t kChunk = 1024;
constexpr int kSectionsPerWarp = 8;

size_t align256(size_t x) { return (x + 255) & ~(size_t)255; }

struct GroupInfo {
  uint32_t partial;  // the heavy the group's sweep stopped on, or 0xffffffff
  uint32_t pad;
  u64 R;             // its residual weight
};

/** The weight an item takes into the global PSA: its units, its residual (the stopped heavy of its
 *  PSA+ group) or kPacked. */
template <bool PLUS>
struct Weff {
  const u64* W;
  const uint32_t* mask;
  const GroupInfo* gi;
  __host__ __device__ u64 operator()(uint32_t i) const {
    if (PLUS) {
      if ((mask[i >> 5] >> (i & 31)) & 1u) return kPacked;
      const GroupInfo g = gi[i / kGroup];
      if (g.partial == i) return g.R;
    }
    return W[i];
  }
};

template <bool PLUS>
struct IsLight {
  Weff<PLUS> w;
  __host__ __device__ bool operator()(uint32_t i) const { return w(i) <= C; }
};

template <bool PLUS>
struct IsHeavy {
  Weff<PLUS> w;
  __host__ __device__ bool operator()(uint32_t i) const {
    const u64 x = w(i);
    return x > C && x != kPacked;
  }
};

/** Position k of the scan: deficit of light k, then excess of heavy k − L, then zeros. */
template <bool PLUS>
struct ScanValue {
  Weff<PLUS> w;
  const uint32_t* A;
  const u64* LH;
  uint32_t n;
  __host__ __device__ u64 operator()(u64 k) const {
    const u64 L = LH[0], H = LH[1];
    if (k < L) return C - w(A[k]);
    if (k < L + H) return w(A[(size_t)n - 1 - (k - L)]) - C;
    return 0;
  }
};

struct GlobalD {
  const u64* X;
  __host__ __device__ u64 operator()(u64 l) const { return X[l]; }
};

struct GlobalE {
  const u64* X;
  u64 L;
  __host__ __device__ u64 operator()(u64 h) const { return X[L + h] - X[L]; }
};

struct Pair {
  u64 d, e;
};

struct PairSum {
  __device__ Pair operator()(const Pair& a, const Pair& b) const { return Pair{a.d + b.d, a.e + b.e}; }
};

// ---- PSA+ pre-pass ------------------------------------------------------------------------------------

constexpr int kPlusThreads = 256;
constexpr int kPlusItems = kGroup / kPlusThreads;  // items (and sweep steps) per thread

__global__ void __launch_bounds__(kPlusThreads) k_plus_groups(const u64* __restrict__ W, uint32_t n, uint32_t* rows,
                                                              uint32_t* mask, GroupInfo* gi, uint32_t* status) {
  typedef cub::BlockScan<uint32_t, kPlusThreads> RankScan;
  typedef cub::BlockScan<Pair, kPlusThreads> PairScan;
  __shared__ union {
    typename RankScan::TempStorage rank;
    typename PairScan::TempStorage pair;
  } tmp;
  __shared__ uint16_t idx[kGroup];
  __shared__ u64 pre[kGroup + 2];
  __shared__ uint32_t packed[kGroup / 32];
  __shared__ uint32_t stop;
  const uint32_t base = blockIdx.x * (uint32_t)kGroup, t0 = threadIdx.x * kPlusItems;
  const uint32_t g = min((uint32_t)kGroup, n - base);
  // Blocked arrangement: this thread holds items t0 … t0 + 3 of the group.
  u64 w[kPlusItems];
  uint32_t light[kPlusItems], rank[kPlusItems];
  Pair mine[kPlusItems], ex[kPlusItems];
  for (int j = 0; j < kPlusItems; ++j) {
    const uint32_t t = t0 + j;
    w[j] = t < g ? W[base + t] : 0;
    light[j] = t < g && w[j] <= C;
    mine[j] = Pair{light[j] ? C - w[j] : 0, t < g && !light[j] ? w[j] - C : 0};
  }
  uint32_t nl;
  RankScan(tmp.rank).ExclusiveSum(light, rank, nl);
  __syncthreads();
  Pair total;
  PairScan(tmp.pair).ExclusiveScan(mine, ex, Pair{0, 0}, PairSum(), total);
  const uint32_t nh = g - nl;
  for (int j = 0; j < kPlusItems; ++j) {
    const uint32_t t = t0 + j;
    if (t >= g) break;
    if (light[j]) {
      idx[rank[j]] = (uint16_t)t;
      pre[rank[j]] = ex[j].d;
    } else {
      const uint32_t hr = t - rank[j];
      idx[nl + hr] = (uint16_t)t;
      pre[nl + 1 + hr] = ex[j].e;
    }
  }
  if (threadIdx.x == 0) {
    pre[nl] = total.d;
    pre[nl + 1 + nh] = total.e;
    stop = g;
  }
  if (threadIdx.x < kGroup / 32) packed[threadIdx.x] = 0;
  __syncthreads();
  // Steps t0 … t0 + 3 of the sweep: the merge path gives the first state, the merge the next ones; the
  // first step the group cannot serve is the stop.
  const cr_plus_view v{pre, idx, nl, nh, base};
  uint32_t sa[kPlusItems], sb[kPlusItems];
  if (t0 < g) {
    uint32_t a = cr_plus_split(v, t0), b = t0 - a;
    for (int j = 0; j < kPlusItems; ++j) {
      const uint32_t p = t0 + j;
      sa[j] = a;
      sb[j] = b;
      if (p >= g) break;
      if (!cr_plus_valid(v, a, b)) {
        atomicMin(&stop, p);
        break;
      }
      if (cr_plus_D(v, a) < cr_plus_E(v, b + 1)) ++a;
      else ++b;
    }
  }
  __syncthreads();
  const uint32_t steps = stop;
  for (int j = 0; j < kPlusItems; ++j) {
    if (t0 + j >= steps) break;
    uint32_t item = base;
    if (cr_plus_row(v, sa[j], sb[j], rows, &item)) {
      atomicOr(&packed[(item - base) >> 5], 1u << ((item - base) & 31));
    } else {
      atomicOr(status, CR_ALIAS_ERR_PLUS);
    }
  }
  if (threadIdx.x == 0) {
    GroupInfo info{0xffffffffu, 0, 0};
    if (nl > 0 && nh > 0) {
      const uint32_t as = cr_plus_split(v, steps), bs = steps - as;
      if (bs < nh) {
        info.partial = base + idx[nl + bs];
        info.R = cr_plus_residual(v, as, bs);
      }
    }
    gi[blockIdx.x] = info;
  }
  __syncthreads();
  if (threadIdx.x < (g + 31) / 32) mask[(size_t)blockIdx.x * (kGroup / 32) + threadIdx.x] = packed[threadIdx.x];
}

// ---- split ------------------------------------------------------------------------------------------

__device__ u64 sections_of(u64 P) { return (P + kSection - 1) / kSection; }

/** One thread per section start s ∈ [0, S]: binary search over the global prefix sums. */
__global__ void k_split_binary(const u64* __restrict__ X, const u64* LH, uint32_t* splits, uint32_t* status) {
  const u64 L = LH[0], H = LH[1], P = L + H, S = sections_of(P);
  const u64 s = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  if (s == 0 && X[L] != X[L + H] - X[L]) atomicOr(status, CR_ALIAS_ERR_TOTALS);
  if (s > S) return;
  const u64 p = min(s * kSection, P);
  u64 lo, hi;
  cr_split_window(p, (uint32_t)L, (uint32_t)H, 0, 0, 0, &lo, &hi);
  splits[s] = (uint32_t)cr_merge_path(p, lo, hi, GlobalD{X}, GlobalE{X, L});
}

/** A warp per kSectionsPerWarp consecutive section starts: 32 pivots per ballot; after the first, each
 *  search starts from the window [l', l' + 4096] the previous split leaves. */
__global__ void k_split_pary(const u64* __restrict__ X, const u64* LH, uint32_t* splits, uint32_t* status) {
  const u64 L = LH[0], H = LH[1], P = L + H, S = sections_of(P);
  const u64 warp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
  const uint32_t lane = threadIdx.x & 31;
  if (warp == 0 && lane == 0 && X[L] != X[L + H] - X[L]) atomicOr(status, CR_ALIAS_ERR_TOTALS);
  const u64 XL = X[L];
  u64 prev = 0;
  for (int k = 0; k < kSectionsPerWarp; ++k) {
    const u64 s = warp * kSectionsPerWarp + k;
    if (s > S) break;  // warp-uniform
    const u64 p = min(s * kSection, P);
    u64 lo, hi;
    cr_split_window(p, (uint32_t)L, (uint32_t)H, k > 0, prev, kSection, &lo, &hi);
    while (hi - lo >= 32) {
      const u64 x = cr_pary_pivot(lo, hi, lane, 32);
      const bool yes = lane == 31 || X[x] >= X[L + p - x] - XL;
      cr_pary_narrow(&lo, &hi, (uint32_t)(__ffs(__ballot_sync(0xffffffffu, yes)) - 1), 32);
    }
    const u64 x = lo + lane;
    const bool yes = x < hi && X[x] >= X[L + p - x] - XL;
    const unsigned m = __ballot_sync(0xffffffffu, yes);
    const u64 l = m ? lo + (u64)(__ffs(m) - 1) : hi;
    if (lane == 0) splits[s] = (uint32_t)l;
    prev = l;
  }
}

// ---- pack -------------------------------------------------------------------------------------------

/** Shared bytes for a view of `positions` merged positions. */
constexpr size_t view_bytes(uint32_t positions) { return 8 * (size_t)(positions + 3) + 4 * (size_t)(positions + 1); }

/** Stages the view (l0, h0, nls, nhs) in shared memory, then each thread packs its consecutive share
 *  of the positions. Ends with a barrier, so the caller may stage the next view. */
__device__ void pack_view(const uint32_t* __restrict__ A, const u64* __restrict__ X, uint32_t n, uint32_t L,
                          uint32_t H, uint32_t l0, uint32_t h0, uint32_t nls, uint32_t nhs, u64* smem,
                          uint32_t* rows, uint32_t* status) {
  u64* sD = smem;
  u64* sE = sD + nls + 1;
  uint32_t* sL = reinterpret_cast<uint32_t*>(sE + nhs + 2);
  uint32_t* sH = sL + nls;
  for (uint32_t k = threadIdx.x; k <= nls; k += blockDim.x) sD[k] = cr_psa_stage_D(X, l0, k);
  for (uint32_t k = threadIdx.x; k <= nhs + 1; k += blockDim.x) sE[k] = cr_psa_stage_E(X, L, H, h0, k);
  for (uint32_t k = threadIdx.x; k < nls; k += blockDim.x) sL[k] = cr_psa_stage_L(A, l0, k);
  for (uint32_t k = threadIdx.x; k <= nhs; k += blockDim.x) sH[k] = cr_psa_stage_H(A, n, H, h0, k);
  __syncthreads();
  const cr_psa_view v{sL, sD, sH, sE, l0, h0, nls, nhs, L, H};
  const uint32_t cnt = nls + nhs, per = (cnt + blockDim.x - 1) / blockDim.x, q = threadIdx.x * per;
  if (q < cnt && !cr_psa_view_pack(v, q, min(per, cnt - q), rows)) atomicOr(status, CR_ALIAS_ERR_PACK);
  __syncthreads();
}

/** A block per section, the whole section staged (≈ 48 KiB of shared memory). */
__global__ void __launch_bounds__(kPackThreads) k_pack_shared(const uint32_t* __restrict__ A, const u64* __restrict__ X,
                                                              const u64* LH, const uint32_t* splits, uint32_t n,
                                                              uint32_t* rows, uint32_t* status) {
  CR_EXTERN_SHARED(u64, smem);
  const u64 L = LH[0], H = LH[1], P = L + H;
  const u64 p0 = blockIdx.x * kSection;
  if (p0 >= P) return;
  const u64 p1 = min(p0 + kSection, P);
  const uint32_t l0 = splits[blockIdx.x], l1 = splits[blockIdx.x + 1];
  const uint32_t h0 = (uint32_t)(p0 - l0), h1 = (uint32_t)(p1 - l1);
  if (l1 < l0 || h1 < h0) {
    if (threadIdx.x == 0) atomicOr(status, CR_ALIAS_ERR_PACK);
    return;
  }
  pack_view(A, X, n, (uint32_t)L, (uint32_t)H, l0, h0, l1 - l0, h1 - h0, smem, rows, status);
}

/** A block per section, staged and packed in chunks of kChunk positions (≈ 12 KiB of shared memory);
 *  the chunk boundaries are merge paths searched inside the section's window. */
__global__ void __launch_bounds__(kPackThreads) k_pack_chunked(const uint32_t* __restrict__ A, const u64* __restrict__ X,
                                                               const u64* LH, const uint32_t* splits, uint32_t n,
                                                               uint32_t* rows, uint32_t* status) {
  CR_EXTERN_SHARED(u64, smem);
  constexpr int kChunks = (int)(kSection / kChunk);
  __shared__ uint32_t cl[kChunks + 1];
  const u64 L = LH[0], H = LH[1], P = L + H;
  const u64 p0 = blockIdx.x * kSection;
  if (p0 >= P) return;
  const u64 p1 = min(p0 + kSection, P);
  const uint32_t l0 = splits[blockIdx.x];
  if (threadIdx.x <= kChunks) {
    const u64 p = min(p0 + threadIdx.x * (u64)kChunk, p1);
    uint32_t l;
    if (threadIdx.x == 0) {
      l = l0;
    } else if (p == p1) {
      l = splits[blockIdx.x + 1];
    } else {
      u64 lo, hi;
      cr_split_window(p, (uint32_t)L, (uint32_t)H, 1, l0, p - p0, &lo, &hi);
      l = (uint32_t)cr_merge_path(p, lo, hi, GlobalD{X}, GlobalE{X, L});
    }
    cl[threadIdx.x] = l;
  }
  __syncthreads();
  for (int c = 0; c < kChunks; ++c) {
    const u64 c0 = p0 + (u64)c * kChunk;
    if (c0 >= p1) break;
    const u64 c1 = min(c0 + kChunk, p1);
    const uint32_t la = cl[c], lb = cl[c + 1];
    const uint32_t ha = (uint32_t)(c0 - la), hb = (uint32_t)(c1 - lb);
    if (lb < la || hb < ha) {
      if (threadIdx.x == 0) atomicOr(status, CR_ALIAS_ERR_PACK);
      return;
    }
    pack_view(A, X, n, (uint32_t)L, (uint32_t)H, la, ha, lb - la, hb - ha, smem, rows, status);
  }
}

// ---- scratch and the pipeline -------------------------------------------------------------------------

uint64_t section_count(uint32_t n) { return ((uint64_t)n + kSection - 1) / kSection; }
uint64_t group_count(uint32_t n) { return ((uint64_t)n + kGroup - 1) / kGroup; }

template <bool PLUS>
size_t cub_bytes(uint32_t n) {
  size_t a = 0, b = 0;
  const Weff<PLUS> wf{nullptr, nullptr, nullptr};
  cub::DevicePartition::If(nullptr, a, thrust::counting_iterator<uint32_t>(0), (uint32_t*)nullptr,
                           thrust::make_reverse_iterator((uint32_t*)nullptr), thrust::make_discard_iterator(),
                           (u64*)nullptr, n, IsLight<PLUS>{wf}, IsHeavy<PLUS>{wf});
  cub::DeviceScan::ExclusiveSum(
      nullptr, b, thrust::make_transform_iterator(thrust::counting_iterator<u64>(0), ScanValue<PLUS>{wf, nullptr, nullptr, n}),
      (u64*)nullptr, (u64)n + 1);
  return a > b ? a : b;
}

struct PsaLayout {
  size_t A, X, LH, splits, mask, gi, temp, temp_bytes, total;
  PsaLayout(uint32_t n, int plus) {
    A = 0;
    X = align256(4 * (size_t)n);
    LH = X + align256(8 * ((size_t)n + 1));
    splits = LH + 256;
    mask = splits + align256(4 * (section_count(n) + 2));
    const uint64_t groups = plus ? group_count(n) : 0;
    gi = mask + align256(4 * (kGroup / 32) * groups);
    temp = gi + align256(sizeof(GroupInfo) * groups);
    temp_bytes = plus ? cub_bytes<true>(n) : cub_bytes<false>(n);
    total = temp + align256(temp_bytes);
  }
};

template <bool PLUS>
cudaError_t run(const u64* W, uint32_t n, uint32_t* rows, char* scratch, const PsaLayout& lay, uint32_t* status,
                const cr_alias_tuning& tuning, cudaStream_t s) {
  uint32_t* A = reinterpret_cast<uint32_t*>(scratch + lay.A);
  u64* X = reinterpret_cast<u64*>(scratch + lay.X);
  u64* LH = reinterpret_cast<u64*>(scratch + lay.LH);
  uint32_t* splits = reinterpret_cast<uint32_t*>(scratch + lay.splits);
  uint32_t* mask = reinterpret_cast<uint32_t*>(scratch + lay.mask);
  GroupInfo* gi = reinterpret_cast<GroupInfo*>(scratch + lay.gi);
  void* temp = scratch + lay.temp;
  cudaError_t e;
  if (PLUS) {
    CR_LAUNCH((unsigned)group_count(n), kPlusThreads, 0, s, k_plus_groups)(W, n, rows, mask, gi, status);
    if ((e = cudaGetLastError()) != cudaSuccess) return e;
  }
  const Weff<PLUS> wf{W, mask, gi};
  size_t tb = lay.temp_bytes;
  e = cub::DevicePartition::If(temp, tb, thrust::counting_iterator<uint32_t>(0), A, thrust::make_reverse_iterator(A + n),
                               thrust::make_discard_iterator(), LH, n, IsLight<PLUS>{wf}, IsHeavy<PLUS>{wf}, s);
  if (e != cudaSuccess) return e;
  tb = lay.temp_bytes;
  e = cub::DeviceScan::ExclusiveSum(
      temp, tb, thrust::make_transform_iterator(thrust::counting_iterator<u64>(0), ScanValue<PLUS>{wf, A, LH, n}), X,
      (u64)n + 1, s);
  if (e != cudaSuccess) return e;
  const uint64_t sections = section_count(n);
  if (tuning.split == 1) {
    const uint64_t warps = (sections + 1 + kSectionsPerWarp - 1) / kSectionsPerWarp;
    CR_LAUNCH((unsigned)((warps * 32 + 255) / 256), 256, 0, s, k_split_pary)(X, LH, splits, status);
  } else {
    CR_LAUNCH((unsigned)((sections + 1 + 255) / 256), 256, 0, s, k_split_binary)(X, LH, splits, status);
  }
  if ((e = cudaGetLastError()) != cudaSuccess) return e;
  if (tuning.pack == 1) {
    CR_LAUNCH((unsigned)sections, kPackThreads, view_bytes(kChunk), s, k_pack_chunked)(A, X, LH, splits, n, rows, status);
  } else {
    const size_t bytes = view_bytes((uint32_t)kSection);
    e = cudaFuncSetAttribute(reinterpret_cast<const void*>(&k_pack_shared), cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)bytes);
    if (e != cudaSuccess) return e;
    CR_LAUNCH((unsigned)sections, kPackThreads, bytes, s, k_pack_shared)(A, X, LH, splits, n, rows, status);
  }
  return cudaGetLastError();
}

}  // namespace

size_t cr_alias_psa_scratch_bytes(uint32_t n, int plus) { return PsaLayout(n, plus).total; }
size_t cr_alias_psa_offset_A() { return 0; }
size_t cr_alias_psa_offset_X(uint32_t n) { return PsaLayout(n, 0).X; }

cudaError_t cr_alias_enqueue_psa(const uint64_t* units, uint32_t n, int plus, uint32_t* rows, void* scratch,
                                 size_t scratch_bytes, uint32_t* status, const cr_alias_tuning& tuning, int sms,
                                 cudaStream_t s) {
  (void)sms;
  const PsaLayout lay(n, plus);
  if (scratch_bytes < lay.total) return cudaErrorInvalidValue;
  const u64* W = reinterpret_cast<const u64*>(units);
  char* base = static_cast<char*>(scratch);
  return plus ? run<true>(W, n, rows, base, lay, status, tuning, s) : run<false>(W, n, rows, base, lay, status, tuning, s);
}

size_t cr_alias_prefix_scratch_bytes(uint32_t n) {
  size_t b = 0;
  cub::DeviceScan::InclusiveSum(nullptr, b, (const u64*)nullptr, (u64*)nullptr, n);
  return b;
}

cudaError_t cr_alias_enqueue_prefix(const uint64_t* units, uint32_t n, uint64_t* prefix, void* scratch,
                                    size_t scratch_bytes, cudaStream_t s) {
  cudaError_t e = cudaMemsetAsync(prefix, 0, sizeof(uint64_t), s);
  if (e != cudaSuccess) return e;
  size_t b = scratch_bytes;
  return cub::DeviceScan::InclusiveSum(scratch, b, reinterpret_cast<const u64*>(units),
                                       reinterpret_cast<u64*>(prefix) + 1, n, s);
}
