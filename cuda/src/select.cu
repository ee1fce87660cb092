// Permutations and sampling without replacement on the GPU (cuda/include/cr_api_select.h): a kernel
// writes every item's key (cuda/include/cr_select.h) and its index, CUB's radix sort orders the pairs
// — stable, so equal keys keep ascending index order, the specification's tie rule — and the first
// out.n indices are the result. A full sort rather than a top-k selection: radix sort costs a few
// passes over 12 bytes per item, and a permutation needs all of them anyway.
#include <cub/device/device_radix_sort.cuh>

#include "cr_target.h"
#include "cr_api_select.h"
#include "cr_launch.h"
#include "cr_runtime.h"
#include "cr_select.h"

using namespace cr_rt;

namespace {

__global__ void __launch_bounds__(CR_BLOCK) k_permute_keys(uint64_t* keys, uint32_t* idx, uint64_t n, uint32_t k0,
                                                           uint32_t k1) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    keys[i] = cr_permute_key(k0, k1, i);
    idx[i] = (uint32_t)i;
  }
}

template <class W>
__global__ void __launch_bounds__(CR_BLOCK) k_weighted_keys(uint64_t* keys, uint32_t* idx, const W* w, uint64_t n,
                                                            uint32_t k0, uint32_t k1) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    keys[i] = cr_weighted_key(k0, k1, i, (double)w[i]);
    idx[i] = (uint32_t)i;
  }
}

__global__ void __launch_bounds__(CR_BLOCK) k_to_f64(double* out, const uint32_t* idx, uint64_t k) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < k; i += (uint64_t)gridDim.x * blockDim.x) {
    out[i] = (double)idx[i];
  }
}

cr_status check_out(const cr_array& out, uint64_t population) {
  if (out.type != CR_TYPE_U32 && out.type != CR_TYPE_I32 && out.type != CR_TYPE_F64) {
    return invalid("out must hold int32, uint32 or float64 elements");
  }
  if (out.n && !out.data) return invalid("out is null");
  if (out.n > population) return invalid("out has more elements than the population");
  if (population > 0xffffffffull) return invalid("the population must be at most 2^32 - 1");
  // int32 holds the indices' bits unchanged while every index is below 2^31
  if (out.type == CR_TYPE_I32 && population > 0x80000000ull) return invalid("an int32 out needs a population of at most 2^31");
  return ok_status();
}


/** Sorts n (key, index) pairs made by `fill` and lands the first out.n indices in out. */
template <class Fill>
cr_status sort_and_take(uint64_t n, const cr_array& out, Fill fill) {
  if (out.n == 0) return ok_status();
  CR_DEVICE_READY(ds);
  Stream st;
  cr_status r = open_stream(st);
  if (r.code) return r;
  const cudaStream_t s = st.s;
  DeviceBuffer kb[2], ib[2], temp, conv;
  for (int j = 0; j < 2; ++j) {
    if ((r = alloc_device(kb[j], 8 * n, s, ds.pools)).code) return r;
    if ((r = alloc_device(ib[j], 4 * n, s, ds.pools)).code) return r;
  }
  cub::DoubleBuffer<uint64_t> keys(static_cast<uint64_t*>(kb[0].p), static_cast<uint64_t*>(kb[1].p));
  cub::DoubleBuffer<uint32_t> idx(static_cast<uint32_t*>(ib[0].p), static_cast<uint32_t*>(ib[1].p));
  size_t bytes = 0;
  CR_TRY(cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys, idx, (int64_t)n, 0, 64, s));
  if ((r = alloc_device(temp, bytes, s, ds.pools)).code) return r;
  const bool f64 = out.type == CR_TYPE_F64;
  if (f64 && !out.on_device && (r = alloc_device(conv, 8 * out.n, s, ds.pools)).code) return r;
  SyncOnExit sync{s};
  CR_TRY(fill(keys.Current(), idx.Current(), ds.sms, s));
  CR_TRY(cub::DeviceRadixSort::SortPairs(temp.p, bytes, keys, idx, (int64_t)n, 0, 64, s));
  const uint32_t* sorted = idx.Current();
  if (f64) {
    double* dst = out.on_device ? static_cast<double*>(out.data) : static_cast<double*>(conv.p);
    CR_LAUNCH(cr_grid_for(out.n, ds.sms), CR_BLOCK, 0, s, k_to_f64)(dst, sorted, out.n);
    CR_TRY(cudaGetLastError());
    if (!out.on_device) CR_TRY(cudaMemcpyAsync(out.data, dst, 8 * out.n, cudaMemcpyDeviceToHost, s));
  } else {
    CR_TRY(cudaMemcpyAsync(out.data, sorted, 4 * out.n, out.on_device ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost, s));
  }
  CR_TRY(cudaStreamSynchronize(s));
  return ok_status();
}

}  // namespace

cr_status cr_permutation(uint32_t k0, uint32_t k1, uint64_t population, cr_array out) {
  cr_status r = check_out(out, population);
  if (r.code) return r;
  return sort_and_take(population, out, [&](uint64_t* keys, uint32_t* idx, int sms, cudaStream_t s) {
    CR_LAUNCH(cr_grid_for(population, sms), CR_BLOCK, 0, s, k_permute_keys)(keys, idx, population, k0, k1);
    return cudaGetLastError();
  });
}

cr_status cr_weighted_sample(uint32_t k0, uint32_t k1, cr_array weights, cr_array out) {
  if (weights.type != CR_TYPE_F32 && weights.type != CR_TYPE_F64) return invalid("weights must be float32 or float64");
  if (weights.n == 0 || !weights.data) return invalid("weights must not be empty");
  const uint64_t n = weights.n;
  cr_status r = check_out(out, n);
  if (r.code || out.n == 0) return r;
  const size_t wb = weights.type == CR_TYPE_F64 ? 8 : 4;
  DeviceBuffer dw;  // host weights' device copy, released after the sort's stream work (declared first)
  const void* w = weights.data;
  if (!weights.on_device) {
    CR_DEVICE_READY(ds);
    if ((r = alloc_device(dw, wb * n, nullptr, ds.pools)).code) return r;
    CR_TRY(cudaMemcpy(dw.p, weights.data, wb * n, cudaMemcpyHostToDevice));
    w = dw.p;
  }
  const bool f32 = weights.type == CR_TYPE_F32;
  return sort_and_take(n, out, [&](uint64_t* keys, uint32_t* idx, int sms, cudaStream_t s) {
    const unsigned grid = cr_grid_for(n, sms);
    if (f32) {
      CR_LAUNCH(grid, CR_BLOCK, 0, s, k_weighted_keys<float>)(keys, idx, static_cast<const float*>(w), n, k0, k1);
    } else {
      CR_LAUNCH(grid, CR_BLOCK, 0, s, k_weighted_keys<double>)(keys, idx, static_cast<const double*>(w), n, k0, k1);
    }
    return cudaGetLastError();
  });
}
