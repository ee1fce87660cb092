// host-test: sources cuda/src/cr_copy.cpp
// host-test: flags -pthread
//
// The CPU side of the staging pipeline (cuda/src/cr_copy.h) for every thread count a host might have:
// pieces cover each copy exactly, and real copies through pools of 1 … 31 threads land every byte,
// for lengths around every 64-byte and part boundary. (The first version split floor(bytes / parts)
// rounded to 64 and dropped the tail whenever that floor was a multiple of 64: e.g. 1,500,001 float32
// values on a machine with 5 or more cores. This machine has 2; the thread count is injected here.)
#include <stdlib.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "cr_copy.h"
#include "cr_test.h"

using cr_rt::CopyPool;
using cr_rt::copy_piece;
using cr_rt::kCopyPiece;

/** Lengths near the boundaries where a split can go wrong for `parts` parts. */
std::vector<size_t> lengths_for(int parts) {
  std::vector<size_t> v;
  const size_t bases[] = {kCopyPiece * (size_t)parts, 64 * kCopyPiece / 8 * (size_t)parts, (size_t)parts * 64 * 20011};
  for (size_t b : bases)
    for (long d = -130; d <= 130; d += (d > -3 && d < 3) ? 1 : 63) v.push_back(b + d);
  // the reported cases: 1,500,001 and 1,310,721 float32 values, and 2^21 + 1,500,001
  for (size_t n : {1500001ull, 1310721ull, (1ull << 21) + 1500001ull}) v.push_back(4 * n);
  return v;
}

int main() {
  // 1. The split itself, exhaustively over parts 1 … 64 and lengths around multiples of 64 and parts.
  for (int parts = 1; parts <= 64; ++parts) {
    std::vector<size_t> ls = lengths_for(parts);
    for (size_t b = 0; b < 4096; ++b) ls.push_back(b);
    for (size_t bytes : ls) {
      size_t expect = 0;
      bool ok = true;
      for (int k = 0; k < parts; ++k) {
        const cr_rt::Piece p = copy_piece(bytes, parts, k);
        if (p.bytes == 0) continue;
        ok = ok && p.at == expect && p.at % 64 == 0;
        expect = p.at + p.bytes;
      }
      CRT_CHECK(ok && expect == bytes, "parts=%d bytes=%zu: pieces cover [0, %zu) of it", parts, bytes, expect);
    }
  }

  // 2. Real copies through pools of every size a machine might give (the caller plus 0 … 30 workers).
  const size_t most = 4 * ((1ull << 21) + 1500001ull) + 4096;
  std::unique_ptr<unsigned char[]> src(new unsigned char[most]), dst(new unsigned char[most + 64]);
  for (size_t i = 0; i < most; ++i) src[i] = (unsigned char)(i * 2654435761u >> 13);
  for (int threads = 1; threads <= 31; ++threads) {
    CopyPool pool(threads);
    CRT_CHECK(pool.threads() == threads, "pool of %d threads has %d", threads, pool.threads());
    std::vector<size_t> ls = lengths_for(threads);
    ls.push_back(1);
    ls.push_back(kCopyPiece - 1);
    for (size_t bytes : ls) {
      if (bytes > most) continue;
      memset(dst.get(), 0, bytes + 64);
      pool.copy(dst.get(), src.get(), bytes);
      const bool same = memcmp(dst.get(), src.get(), bytes) == 0;
      size_t first_bad = 0;
      if (!same) while (dst[first_bad] == src[first_bad]) ++first_bad;
      CRT_CHECK(same, "threads=%d bytes=%zu: first wrong byte %zu", threads, bytes, first_bad);
      const bool beyond = std::all_of(dst.get() + bytes, dst.get() + bytes + 64, [](unsigned char c) { return c == 0; });
      CRT_CHECK(beyond, "threads=%d bytes=%zu: wrote past the end", threads, bytes);
    }
    // parallel_for covers [0, n) exactly once
    for (uint64_t n : {1ull, 7ull, 1000ull, 1ull << 20, (1ull << 20) + 3}) {
      std::vector<int> hit(n, 0);
      pool.parallel_for(n, 1000, [&](uint64_t b, uint64_t e) {
        for (uint64_t i = b; i < e; ++i) ++hit[i];
      });
      CRT_CHECK(std::all_of(hit.begin(), hit.end(), [](int h) { return h == 1; }), "threads=%d parallel_for n=%llu",
                threads, (unsigned long long)n);
    }
  }

  // 3. CUDA_RANDOM_COPY_THREADS
  CRT_CHECK(cr_rt::copy_threads_from("16") == 16, "16");
  CRT_CHECK(cr_rt::copy_threads_from("1") == 1, "1");
  // Malformed or out of range: -2, an error (cr_env.h), never the default.
  for (const char* bad : {"0", "65", "-3", "4x", "1.5", " 8", "0x10", "1e9", "+4"}) {
    CRT_CHECK(cr_rt::copy_threads_from(bad) == -2, "'%s' must be rejected", bad);
  }
  CRT_CHECK(cr_rt::copy_threads_from(nullptr) == -1 && cr_rt::copy_threads_from("") == -1, "unset or empty: the default");
  CRT_CHECK(cr_rt::default_copy_threads(1) == 1 && cr_rt::default_copy_threads(2) == 2 &&
                cr_rt::default_copy_threads(128) == 8,
            "defaults");
  return crt::report("test_copy");
}
