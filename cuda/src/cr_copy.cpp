// The CPU side of the staging pipeline (cr_copy.h).
#include "cr_copy.h"

#include <stdlib.h>
#include <string.h>

#include <algorithm>

namespace cr_rt {

Piece copy_piece(size_t bytes, int parts, int k) {
  // ceil(bytes / parts) rounded up to a cache line: parts·piece ≥ bytes, so the pieces always reach the
  // end. (Rounding floor(bytes / parts) instead left the tail unwritten whenever that floor was already
  // a multiple of 64 and parts did not divide bytes.)
  const size_t per = bytes / (size_t)parts + (bytes % (size_t)parts != 0);
  const size_t piece = (per + 63) & ~(size_t)63;
  const size_t at = std::min(bytes, (size_t)k * piece);
  return {at, std::min(piece, bytes - at)};
}

int default_copy_threads(unsigned hardware_threads) {
  // First-touch page faults of a fresh JS array and the copy both scale with threads up to about 8;
  // beyond that the memory bus is the limit.
  return (int)std::max(1u, std::min(8u, hardware_threads));
}

int copy_threads_from(const char* value) {
  if (!value || !*value) return -1;
  // Plain decimal digits only (no sign, space, 0x or exponent), as lib/core/env.ts reads it.
  for (const char* c = value; *c; ++c) {
    if (*c < '0' || *c > '9') return -2;
  }
  char* end = nullptr;
  const long v = strtol(value, &end, 10);
  if (v < 1 || v > 64) return -2;
  return (int)v;
}

CopyPool::CopyPool(int threads) {
  workers_ = std::max(0, threads - 1);
  for (int t = 0; t < workers_; ++t) joinable_.emplace_back([this] { loop(); });
}

CopyPool::~CopyPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (std::thread& t : joinable_) t.join();
}

CopyPool& CopyPool::process() {
  // Never destroyed (see the header); the workers block on cv_ until the process ends.
  static CopyPool* pool = [] {
    // A malformed value never gets here in practice: every device call fails first (cr_env.h).
    int n = copy_threads_from(getenv("CUDA_RANDOM_COPY_THREADS"));
    if (n < 0) n = default_copy_threads(std::thread::hardware_concurrency());
    return new CopyPool(n);
  }();
  return *pool;
}

void CopyPool::loop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      job = std::move(queue_.back());
      queue_.pop_back();
    }
    job();
  }
}

void CopyPool::run(int parts, const std::function<void(int)>& f) {
  if (parts <= 1) {
    if (parts == 1) f(0);
    return;
  }
  std::mutex done_mu;
  std::condition_variable done_cv;
  int left = parts - 1;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (int k = 1; k < parts; ++k) {
      queue_.push_back([&, k] {
        f(k);
        std::lock_guard<std::mutex> l(done_mu);
        if (--left == 0) done_cv.notify_one();
      });
    }
  }
  cv_.notify_all();
  f(0);
  std::unique_lock<std::mutex> l(done_mu);
  done_cv.wait(l, [&] { return left == 0; });
}

void CopyPool::copy(void* dst, const void* src, size_t bytes) {
  const int parts = (int)std::min<size_t>((size_t)threads(), bytes / kCopyPiece);
  if (parts <= 1) {
    if (bytes) memcpy(dst, src, bytes);
    return;
  }
  run(parts, [&](int k) {
    const Piece p = copy_piece(bytes, parts, k);
    if (p.bytes) memcpy(static_cast<char*>(dst) + p.at, static_cast<const char*>(src) + p.at, p.bytes);
  });
}

void CopyPool::parallel_for(uint64_t n, uint64_t grain, const std::function<void(uint64_t, uint64_t)>& f) {
  if (n == 0) return;
  const uint64_t g = std::max<uint64_t>(grain, 1);
  const int parts = (int)std::min<uint64_t>((uint64_t)threads(), std::max<uint64_t>(1, n / g));
  const uint64_t per = n / (uint64_t)parts + (n % (uint64_t)parts != 0);
  run(parts, [&](int k) {
    const uint64_t b = std::min(n, (uint64_t)k * per);
    const uint64_t e = std::min(n, b + per);
    if (b < e) f(b, e);
  });
}

void host_copy(void* dst, const void* src, size_t bytes) { CopyPool::process().copy(dst, src, bytes); }

}  // namespace cr_rt
