// Internal to cuda/src: the CPU side of the staging pipeline — a pool of copy threads and the split
// of one copy into pieces. No CUDA here, so the host tests (cuda/test/test_copy.cpp) run it with any
// thread count: how a copy is split depends on the machine's core count, and a split that is right
// for 2 cores and wrong for 16 must be caught on a 2-core CI machine.
#ifndef CR_COPY_H
#define CR_COPY_H

#include <stddef.h>
#include <stdint.h>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cr_rt {

/** Bytes [at, at + bytes) of a copy. */
struct Piece {
  size_t at;
  size_t bytes;
};

/** Piece k of a copy of `bytes` split into `parts`: starts on 64-byte boundaries (whole cache lines
 *  per thread), pieces disjoint and together exactly [0, bytes); trailing pieces may be empty. */
Piece copy_piece(size_t bytes, int parts, int k);

/** Below this many bytes per thread, handing a piece to another thread costs more than it saves. */
constexpr size_t kCopyPiece = 1u << 20;

/** Threads copying at once (the caller included) when CUDA_RANDOM_COPY_THREADS is unset. */
int default_copy_threads(unsigned hardware_threads);

/** CUDA_RANDOM_COPY_THREADS's value: an integer in [1, 64] (decimal digits only); -1 unset or empty
 *  (the default); -2 anything else (malformed or out of range: an error, cr_env.h). */
int copy_threads_from(const char* value);

/**
 * Worker threads that run pieces of a job beside the calling thread. The process's pool
 * (CopyPool::process()) lives until the process ends — never destroyed, as a libuv thread may still
 * be copying when exit() runs static destructors; pools made by tests are joined when destroyed.
 */
class CopyPool {
 public:
  /** A pool with `threads` copying threads, the caller included (threads - 1 workers). */
  explicit CopyPool(int threads);
  ~CopyPool();
  CopyPool(const CopyPool&) = delete;
  CopyPool& operator=(const CopyPool&) = delete;

  /** CUDA_RANDOM_COPY_THREADS, else default_copy_threads(hardware concurrency). */
  static CopyPool& process();

  int threads() const { return workers_ + 1; }
  /** Runs f(0) … f(parts - 1), parts - 1 of them on the workers and f(0) here; returns when all are done. */
  void run(int parts, const std::function<void(int)>& f);
  /** memcpy, split over the threads when each gets at least kCopyPiece bytes. */
  void copy(void* dst, const void* src, size_t bytes);
  /** f(begin, end) over consecutive ranges covering [0, n), at least `grain` elements each. */
  void parallel_for(uint64_t n, uint64_t grain, const std::function<void(uint64_t, uint64_t)>& f);

 private:
  void loop();
  int workers_ = 0;
  bool stop_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::function<void()>> queue_;
  std::vector<std::thread> joinable_;
};

/** CopyPool::process().copy(dst, src, bytes). */
void host_copy(void* dst, const void* src, size_t bytes);

}  // namespace cr_rt

#endif  // CR_COPY_H
