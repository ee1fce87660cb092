// Stand-ins for the CUB and Thrust pieces cuda/src uses (issue 28's inventory), for the emulated device:
// the same signatures and protocol as CUB — the temp-storage size query (d_temp == nullptr), bit ranges,
// DoubleBuffer — computed plainly. Device-wide calls are queued on the stream like kernels (the fake
// runtime runs them as late as CUDA allows) and check that the temp storage they are given is a device
// allocation of the size they asked for. SortPairs writes its result into a buffer of the DoubleBuffer
// chosen at random and poisons the other, so a caller that reads the wrong one fails. The block-wide
// collectives are barriers of the block (as in CUB): every thread must call them.
//
// Reached through cuda/test/emu/cub/... and thrust/..., which the emulated build puts before the CUDA
// toolkit's include directory.
#ifndef CR_CUB_EMU_H
#define CR_CUB_EMU_H

#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "emu.h"
#include "fake_cudart.h"

namespace cr_emu {
/** A random 64-bit value from the emulator's seeded generator (emu.cpp). */
uint64_t random_u64();
/** Fails the process with a CUB protocol error (a caller that would break CUB's contract). */
[[noreturn]] void cub_misuse(const char* what);
}  // namespace cr_emu

// ---- Thrust iterators: random access by index -----------------------------------------------------------
namespace thrust {

template <class T>
struct counting_iterator {
  T base;
  explicit counting_iterator(T b = T()) : base(b) {}
  T operator[](uint64_t i) const { return (T)(base + (T)i); }
};

struct discard_iterator {
  struct sink {
    template <class V>
    sink& operator=(const V&) { return *this; }
  };
  sink operator[](uint64_t) const { return sink(); }
};
inline discard_iterator make_discard_iterator() { return discard_iterator(); }

template <class P>
struct reverse_iterator {
  P end;  // element i is end[-1 - i]
  auto& operator[](uint64_t i) const { return end[-1 - (int64_t)i]; }
};
template <class P>
reverse_iterator<P> make_reverse_iterator(P end) { return reverse_iterator<P>{end}; }

template <class It, class F>
struct transform_iterator {
  It it;
  F f;
  auto operator[](uint64_t i) const { return f(it[i]); }
};
template <class It, class F>
transform_iterator<It, F> make_transform_iterator(It it, F f) { return transform_iterator<It, F>{it, f}; }

}  // namespace thrust

namespace cub {

// ---- device-wide ----------------------------------------------------------------------------------------
namespace detail {

/** The size query, or the check that d_temp is device memory of at least the size the query gave. */
inline bool temp_protocol(void* d_temp, size_t& bytes, size_t want) {
  if (!d_temp) {
    bytes = want;
    return false;
  }
  if (bytes < want) cr_emu::cub_misuse("temp_storage_bytes is smaller than the size query returned");
  if (fake::device_of(d_temp) < 0) cr_emu::cub_misuse("d_temp_storage is not device memory");
  return true;
}

template <class F>
cudaError_t enqueue(cudaStream_t s, F f) {
  return fake::launch(s, std::function<void()>(f));
}

}  // namespace detail

template <class T>
struct DoubleBuffer {
  T* d_buffers[2];
  int selector;
  DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
  DoubleBuffer(T* current, T* alternate) : d_buffers{current, alternate}, selector(0) {}
  T* Current() { return d_buffers[selector]; }
  T* Alternate() { return d_buffers[selector ^ 1]; }
};

struct DeviceRadixSort {
  template <class K, class V, class N>
  static cudaError_t SortPairs(void* d_temp, size_t& bytes, DoubleBuffer<K>& keys, DoubleBuffer<V>& values, N n,
                               int begin_bit = 0, int end_bit = (int)sizeof(K) * 8, cudaStream_t s = nullptr) {
    if (!detail::temp_protocol(d_temp, bytes, 256 + (size_t)n * 4)) return cudaSuccess;
    if (begin_bit < 0 || end_bit > (int)sizeof(K) * 8 || begin_bit >= end_bit) cr_emu::cub_misuse("bad bit range");
    const int from = keys.selector, to = (int)(cr_emu::random_u64() & 1);  // where the result lands
    K* kin = keys.d_buffers[from];
    V* vin = values.d_buffers[from];
    K* kout = keys.d_buffers[to];
    V* vout = values.d_buffers[to];
    K* kother = keys.d_buffers[to ^ 1];
    V* vother = values.d_buffers[to ^ 1];
    keys.selector = values.selector = to;
    const uint64_t m = (uint64_t)n;
    return detail::enqueue(s, [=] {
      const K mask = (K)((end_bit - begin_bit == (int)sizeof(K) * 8) ? ~(K)0 : (((K)1 << (end_bit - begin_bit)) - 1));
      std::vector<uint64_t> order(m);
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(),
                       [&](uint64_t a, uint64_t b) { return ((kin[a] >> begin_bit) & mask) < ((kin[b] >> begin_bit) & mask); });
      std::vector<K> k(m);
      std::vector<V> v(m);
      for (uint64_t i = 0; i < m; ++i) {
        k[i] = kin[order[i]];
        v[i] = vin[order[i]];
      }
      memcpy(kout, k.data(), m * sizeof(K));
      memcpy(vout, v.data(), m * sizeof(V));
      if (kother != kout) memset(kother, 0xA5, m * sizeof(K));  // CUB leaves it unspecified
      if (vother != vout) memset(vother, 0xA5, m * sizeof(V));
    });
  }
};

struct DevicePartition {
  /** Three-way partition: items with select_first in order to d_first, with select_second in order to
   *  d_second, the rest to d_unselected; d_num_selected[0], [1] are the first two counts. */
  template <class In, class First, class Second, class Unsel, class NumSel, class Sel1, class Sel2>
  static cudaError_t If(void* d_temp, size_t& bytes, In d_in, First d_first, Second d_second, Unsel d_unselected,
                        NumSel d_num_selected, int64_t n, Sel1 select_first, Sel2 select_second, cudaStream_t s = nullptr) {
    if (!detail::temp_protocol(d_temp, bytes, 512)) return cudaSuccess;
    return detail::enqueue(s, [=] {
      uint64_t a = 0, b = 0, c = 0;
      for (int64_t i = 0; i < n; ++i) {
        const auto x = d_in[(uint64_t)i];
        if (select_first(x)) d_first[a++] = x;
        else if (select_second(x)) d_second[b++] = x;
        else d_unselected[c++] = x;
      }
      d_num_selected[0] = a;
      d_num_selected[1] = b;
    });
  }
};

struct DeviceScan {
  template <class In, class Out>
  static cudaError_t ExclusiveSum(void* d_temp, size_t& bytes, In d_in, Out d_out, int64_t n, cudaStream_t s = nullptr) {
    return Sum(d_temp, bytes, d_in, d_out, n, s, false);
  }
  template <class In, class Out>
  static cudaError_t InclusiveSum(void* d_temp, size_t& bytes, In d_in, Out d_out, int64_t n, cudaStream_t s = nullptr) {
    return Sum(d_temp, bytes, d_in, d_out, n, s, true);
  }

 private:
  template <class In, class Out>
  static cudaError_t Sum(void* d_temp, size_t& bytes, In d_in, Out d_out, int64_t n, cudaStream_t s, bool inclusive) {
    if (!detail::temp_protocol(d_temp, bytes, 384)) return cudaSuccess;
    return detail::enqueue(s, [=] {
      using T = typename std::decay<decltype(d_in[0])>::type;
      T acc = T();
      for (int64_t i = 0; i < n; ++i) {
        const T x = d_in[(uint64_t)i];
        if (!inclusive) d_out[i] = acc;
        acc = acc + x;
        if (inclusive) d_out[i] = acc;
      }
    });
  }
};

// ---- block-wide: barriers of the block, every thread calls them ------------------------------------------
namespace detail {
inline unsigned block_rank() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
template <int N>
inline void check_block(const char* what) {
  if (blockDim.x * blockDim.y * blockDim.z != (unsigned)N) cr_emu::cub_misuse(what);
}
}  // namespace detail

template <class T, int N>
class BlockScan {
 public:
  struct TempStorage {
    T in[N];
    T out[N];
    T aggregate;
  };
  explicit BlockScan(TempStorage& t) : t_(t) { detail::check_block<N>("BlockScan's BLOCK_DIM_X is not the block size"); }

  /** Blocked arrangement: thread r holds items r·K … r·K + K − 1 of the block's N·K. */
  template <int K, class Op>
  void ExclusiveScan(const T (&x)[K], T (&out)[K], T init, Op op, T& aggregate) {
    T sum = x[0];
    for (int j = 1; j < K; ++j) sum = op(sum, x[j]);
    T before;
    ExclusiveScan(sum, before, init, op, aggregate);
    for (int j = 0; j < K; ++j) {
      out[j] = before;
      before = op(before, x[j]);
    }
  }
  template <class Op>
  void ExclusiveScan(T x, T& out, T init, Op op, T& aggregate) {
    const unsigned r = detail::block_rank();
    t_.in[r] = x;
    __syncthreads();
    if (r == 0) {
      T acc = init;
      for (int i = 0; i < N; ++i) {
        t_.out[i] = acc;
        acc = op(acc, t_.in[i]);
      }
      t_.aggregate = acc;
    }
    __syncthreads();
    out = t_.out[r];
    aggregate = t_.aggregate;
  }
  template <int K>
  void ExclusiveSum(const T (&x)[K], T (&out)[K], T& aggregate) { ExclusiveScan(x, out, T(), Plus(), aggregate); }
  void ExclusiveSum(T x, T& out, T& aggregate) { ExclusiveScan(x, out, T(), Plus(), aggregate); }
  void ExclusiveSum(T x, T& out) {
    T aggregate;
    ExclusiveSum(x, out, aggregate);
  }

 private:
  struct Plus {
    T operator()(const T& a, const T& b) const { return a + b; }
  };
  TempStorage& t_;
};

template <class T, int N>
class BlockReduce {
 public:
  struct TempStorage {
    T in[N];
  };
  explicit BlockReduce(TempStorage& t) : t_(t) { detail::check_block<N>("BlockReduce's BLOCK_DIM_X is not the block size"); }

  /** The aggregate in thread 0 (CUB: only thread 0's result is defined). */
  template <class Op>
  T Reduce(T x, Op op) {
    const unsigned r = detail::block_rank();
    t_.in[r] = x;
    __syncthreads();
    if (r != 0) return x;
    T acc = t_.in[0];
    for (int i = 1; i < N; ++i) acc = op(acc, t_.in[i]);
    return acc;
  }
  T Sum(T x) { return Reduce(x, [](const T& a, const T& b) { return a + b; }); }

 private:
  TempStorage& t_;
};

}  // namespace cub

#endif  // CR_CUB_EMU_H
