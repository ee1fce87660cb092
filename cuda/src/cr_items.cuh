// Internal to cuda/src: the one kernel template of the grid-stride kernels. Any work object
// (cuda/include/cr_work.h, or the gamma work of gamma_kernels.cu) runs as k_items<Work>: thread t
// runs items t, t + stride, … < items(). cr_launch_work enqueues it with one resident wave at most.
#ifndef CR_ITEMS_CUH
#define CR_ITEMS_CUH

#include "cr_target.h"
#include "cr_launch.h"

template <class Work>
__global__ void __launch_bounds__(CR_BLOCK) k_items(const Work w, uint64_t items) {
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  for (uint64_t q = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; q < items; q += stride) w(q);
}

template <class Work>
cudaError_t cr_launch_work(const Work& w, int sms, cudaStream_t s) {
  const uint64_t items = w.items();
  if (items == 0) return cudaSuccess;
  CR_LAUNCH(cr_grid_for(items, sms), CR_BLOCK, 0, s, k_items<Work>)(w, items);
  return cudaGetLastError();
}

/** The `run` of cr_work.h's cr_visit_* functions: launches the work object on stream s. */
struct cr_launcher {
  int sms;
  cudaStream_t s;
  template <class Work>
  cudaError_t operator()(const Work& w) const {
    return cr_launch_work(w, sms, s);
  }
};

#endif  // CR_ITEMS_CUH
