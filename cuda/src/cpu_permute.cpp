// The whole permutation's host kernel (cr_api_cpu.h: cr_cpu_permutation): the indices [0, n) in increasing
// order of (K_i, i), docs/streams.md "permutation and uniform sampling", lib/kernels/select.ts permutationKernel's
// bits, in one call:
//   1. the instruction set's vector Philox gives every high word (the key's top 32 bits), counted into
//      2^bits buckets by their top bits (about 2^BUCKET_LOG items each);
//   2. the high words again, each item stored bucket by bucket, in index order, as one 64-bit value: the
//      high word's bits below the bucket's, then the index (in a temporary of 8n bytes, or in a float64
//      output's own memory);
//   3. each bucket (in L1; from 2^23 items on, L2) is sorted by (high word, index) — a stable counting sort by the top bits, about
//      one item in two slots, then insertion — and each run of equal high words (about n²/2^33 pairs of
//      items) by (whole key, index), its keys computed again by cr_permute_key.
// Buckets are ranges of high words, so the buckets in order, each in the specification's strict total order,
// are that order. The second Philox pass costs less than keeping n more words.
//
// A part (cr_cpu_permutation_part: part p of P, P a power of two) is the same steps over the items whose high
// word's top log2(P) bits are p — a range of whole buckets, so a range of positions: each part still counts
// every item (it must know where its range starts) but stores and sorts only its own, and the P parts of one
// permutation can run at once on P threads, each writing only its own positions of out.
#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "cpu_kernels.h"
#include "cr_api_cpu.h"
#include "cr_select.h"

namespace {

/** Most items: indices, positions and counts stay 32-bit; beyond, the WebAssembly or TypeScript path runs. */
constexpr uint64_t PERM_MAX = 1ull << 30;
/** Most parts of one permutation (cr_cpu_permutation_part): a part is at least one bucket of the fewest (2^6 < 2^BITS_MAX). */
constexpr uint32_t PARTS_MAX = 64;
/** Items per Philox chunk: their high words (16 KiB) stay in L1 between the vector kernel and the loop. */
constexpr unsigned CHUNK = 4096;
/** log2 of a bucket's mean size: a bucket's values (8 bytes an item) and its counters fit L1, and there are
 *  few enough buckets that step 2's write streams stay in L2 (BITS_MAX: 2^12 streams at most — at 10^7 items
 *  2^14 buckets made step 2 slower than the larger buckets' sorts; measured 2026-11-28). */
constexpr unsigned BUCKET_LOG = 10;
constexpr unsigned BITS_MAX = 12;
/** A bucket's counting sort uses at most this many bits (2^SUB_MAX counters). */
constexpr unsigned SUB_MAX = 14;
/** Counting-sort slots per item, log2: fewer items share a slot, so fewer are moved by the insertion. */
constexpr unsigned SUB_EXTRA = 1;
/** Below this many items a bucket is sorted by insertion alone. */
constexpr unsigned INSERTION_MAX = 24;

unsigned ceil_log2(uint64_t m) { return m <= 1 ? 0 : 64 - (unsigned)__builtin_clzll(m - 1); }

/** The high words of items [0, n) in chunks: f(first, h, m) with h[0, m) those of items first … first + m − 1. */
template <class F>
void each_chunk(int isa, uint32_t k0, uint32_t k1, uint64_t n, uint32_t hmask, F f) {
  alignas(64) uint32_t h[CHUNK];
  for (uint64_t first = 0; first < n; first += CHUNK) {
    const unsigned m = n - first < CHUNK ? (unsigned)(n - first) : CHUNK;
    if (isa == CR_ISA_AVX512) cr_cpu_perm_highs_avx512(k0, k1, first, h, m);
    else cr_cpu_perm_highs_avx2(k0, k1, first, h, m);
    if (hmask != 0xFFFFFFFFu)
      for (unsigned j = 0; j < m; ++j) h[j] &= hmask;
    f(first, (const uint32_t*)h, m);
  }
}

/** n packed values' temporary (a uint32 or int32 output). Large ones are mapped with transparent huge pages
 *  asked for: fresh memory costs a page fault per page touched, which on a VM at 4 KiB pages (80 MB for 10^7
 *  items) took longer than the sort. */
class packed_temp {
 public:
  explicit packed_temp(uint64_t n) : bytes_(8 * n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes_ >= HUGE) {
      const size_t round = (bytes_ + HUGE - 1) / HUGE * HUGE;
      void* p = mmap(nullptr, round + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      map_ = p, mapped_ = round + HUGE;
      char* const aligned = (char*)(((uintptr_t)p + HUGE - 1) / HUGE * HUGE);
      madvise(aligned, round, MADV_HUGEPAGE);  // advice only: without it the pages are small
      data_ = (uint64_t*)aligned;
      return;
    }
#endif
    owned_.reset(new uint64_t[n]);
    data_ = owned_.get();
  }
  ~packed_temp() {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (map_) munmap(map_, mapped_);
#endif
  }
  packed_temp(const packed_temp&) = delete;
  packed_temp& operator=(const packed_temp&) = delete;
  uint64_t* data() const { return data_; }

 private:
  static constexpr size_t HUGE = 2u << 20;
  size_t bytes_;
  void* map_ = nullptr;
  size_t mapped_ = 0;
  std::unique_ptr<uint64_t[]> owned_;
  uint64_t* data_ = nullptr;
};

/** What sorting the buckets needs: the key, the test mask, and scratch sized for the largest bucket. */
struct bucket_sorter {
  uint32_t k0, k1;
  uint64_t key_mask;
  uint64_t* t;
  uint32_t* sub;
  std::vector<std::pair<uint64_t, uint32_t>> run;  // a long run's (key, index): only when one occurs

  /** A bucket's m packed values v[j] (index order) as its indices in (key, index) order, in r[0, m). */
  void sort(const uint64_t* v, uint32_t m, uint32_t* r) {
    if (m > INSERTION_MAX) {
      // a stable counting sort by the top bits, about one item in two slots, leaves few items for insertion
      unsigned sb = ceil_log2(m) + SUB_EXTRA;
      sb = sb > SUB_MAX ? SUB_MAX : sb;
      const unsigned shift = 64 - sb;
      memset(sub, 0, sizeof(uint32_t) << sb);
      for (uint32_t j = 0; j < m; ++j) sub[v[j] >> shift]++;
      for (uint32_t d = 0, sum = 0; d < (1u << sb); ++d) {
        const uint32_t c = sub[d];
        sub[d] = sum;
        sum += c;
      }
      for (uint32_t j = 0; j < m; ++j) t[sub[v[j] >> shift]++] = v[j];
    } else {
      memcpy(t, v, sizeof(uint64_t) * m);
    }
    for (uint32_t j = 1; j < m; ++j) {
      const uint64_t y = t[j];
      uint32_t i = j;
      for (; i > 0 && t[i - 1] > y; --i) t[i] = t[i - 1];
      t[i] = y;
    }
    if (m == 0) return;
    r[0] = (uint32_t)t[0];
    for (uint32_t j = 1; j < m; ++j) {
      r[j] = (uint32_t)t[j];
      if ((t[j] ^ t[j - 1]) >> 32) continue;
      uint32_t e = j + 1;  // a run [j − 1, e) of equal high words, in index order
      while (e < m && !((t[e] ^ t[j]) >> 32)) r[e] = (uint32_t)t[e], ++e;
      ties(r + j - 1, e - j + 1);
      if (e < m) r[e] = (uint32_t)t[e];
      j = e;
    }
  }

  /** Indices x[0, m) of equal high words, ascending, reordered by (key, index). */
  void ties(uint32_t* x, uint32_t m) {
    if (m <= INSERTION_MAX) {
      uint64_t key[INSERTION_MAX];
      for (uint32_t j = 0; j < m; ++j) key[j] = cr_permute_key(k0, k1, x[j]) & key_mask;
      for (uint32_t j = 1; j < m; ++j) {
        const uint64_t y = key[j];
        const uint32_t v = x[j];
        uint32_t i = j;
        // indices ascend on entry, so a strict comparison keeps equal keys in index order
        for (; i > 0 && key[i - 1] > y; --i) key[i] = key[i - 1], x[i] = x[i - 1];
        key[i] = y, x[i] = v;
      }
      return;
    }
    run.resize(m);
    for (uint32_t j = 0; j < m; ++j) run[j] = {cr_permute_key(k0, k1, x[j]) & key_mask, x[j]};
    std::sort(run.begin(), run.end());
    for (uint32_t j = 0; j < m; ++j) x[j] = run[j].second;
  }
};

int permute(int isa, uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint64_t key_mask, unsigned part,
            unsigned parts_log) {
  const uint32_t hmask = (uint32_t)(key_mask >> 32);
  unsigned bits = ceil_log2(n) > BUCKET_LOG ? ceil_log2(n) - BUCKET_LOG : 1;
  bits = bits > BITS_MAX ? BITS_MAX : bits;
  bits = bits < parts_log ? parts_log : bits;  // a part is whole buckets
  const unsigned shift = 32 - bits;
  const uint32_t nb = 1u << bits;
  const uint32_t b0 = part << (bits - parts_log), b1 = (part + 1) << (bits - parts_log);  // this part's buckets

  std::vector<uint32_t> start(nb + 1, 0);
  each_chunk(isa, k0, k1, n, hmask, [&](uint64_t, const uint32_t* h, unsigned m) {
    for (unsigned j = 0; j < m; ++j) start[h[j] >> shift]++;
  });
  uint32_t largest = 0;
  for (uint32_t d = 0, sum = 0; d <= nb; ++d) {
    const uint32_t c = start[d];
    if (d >= b0 && d < b1) largest = c > largest ? c : largest;
    start[d] = sum;
    sum += c;
  }
  const uint32_t first = start[b0], count = start[b1] - first;  // this part's positions

  // Packed values (the high word's bits below the bucket's, index), at their positions less `first`: in a
  // bucket, their order is that of (high word, index). A float64 output holds them in its own memory, each
  // bucket's where its result goes.
  std::unique_ptr<packed_temp> temp;
  uint64_t* v = (uint64_t*)out + first;
  if (type != CR_TYPE_F64) {
    temp.reset(new packed_temp(count));
    v = temp->data();
  }
  std::vector<uint32_t> next(nb);
  for (uint32_t d = 0; d < nb; ++d) next[d] = start[d] - first;
  if (parts_log == 0) {
    each_chunk(isa, k0, k1, n, hmask, [&](uint64_t from, const uint32_t* h, unsigned m) {
      for (unsigned j = 0; j < m; ++j) v[next[h[j] >> shift]++] = (uint64_t)(uint32_t)(h[j] << bits) << 32 | (from + j);
    });
  } else {
    // this part's items of the chunk first, without a branch (half of them, at random, would mispredict)
    alignas(64) uint32_t mh[CHUNK], mj[CHUNK];
    const unsigned top = 32 - parts_log;
    each_chunk(isa, k0, k1, n, hmask, [&](uint64_t from, const uint32_t* h, unsigned m) {
      unsigned k = 0;
      for (unsigned j = 0; j < m; ++j) mh[k] = h[j], mj[k] = j, k += h[j] >> top == part;
      for (unsigned j = 0; j < k; ++j) v[next[mh[j] >> shift]++] = (uint64_t)(uint32_t)(mh[j] << bits) << 32 | (from + mj[j]);
    });
  }

  std::unique_ptr<uint64_t[]> t(new uint64_t[largest]);
  const unsigned sb = ceil_log2(largest) + SUB_EXTRA;  // the largest bucket's counting sort
  std::unique_ptr<uint32_t[]> r(new uint32_t[largest]), sub(new uint32_t[1u << (sb < SUB_MAX ? sb : SUB_MAX)]);
  bucket_sorter s{k0, k1, key_mask, t.get(), sub.get(), {}};
  for (uint32_t b = b0; b < b1; ++b) {
    const uint32_t from = start[b], m = start[b + 1] - from;
    if (type != CR_TYPE_F64) {  // the indices straight into a 32-bit out
      s.sort(v + (from - first), m, (uint32_t*)out + from);
      continue;
    }
    s.sort(v + (from - first), m, r.get());
    // over the bucket's packed values, read already; memcpy, as that memory was written as another type
    char* const d = (char*)out + 8 * (uint64_t)from;
    for (uint32_t j = 0; j < m; ++j) {
      const double x = r[j];
      memcpy(d + 8 * j, &x, 8);
    }
  }
  return CR_CPU_DONE;
}

}  // namespace

int cr_cpu_permutation_part_isa(int isa, uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint32_t part,
                                uint32_t parts, uint64_t key_mask) {
  if (type != CR_TYPE_I32 && type != CR_TYPE_U32 && type != CR_TYPE_F64) return CR_EINVAL;
  if (parts == 0 || parts > PARTS_MAX || (parts & (parts - 1)) || part >= parts) return CR_EINVAL;
  if (isa == CR_ISA_NONE || isa > cr_cpu_isa_cpu() || n > PERM_MAX) return CR_CPU_DECLINED;
  if (n == 0) return CR_CPU_DONE;
  try {
    return permute(isa, k0, k1, n, out, type, key_mask, part, (unsigned)__builtin_ctz(parts));
  } catch (const std::bad_alloc&) {
    return CR_CPU_DECLINED;  // out may hold scratch (its own positions only): the caller's next kernel writes them
  }
}

int cr_cpu_permutation_isa(int isa, uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint64_t key_mask) {
  return cr_cpu_permutation_part_isa(isa, k0, k1, n, out, type, 0, 1, key_mask);
}

int cr_cpu_permutation(uint32_t k0, uint32_t k1, uint64_t n, void* out, int type) {
  return cr_cpu_permutation_isa(cr_cpu_isa(), k0, k1, n, out, type, ~0ull);
}

int cr_cpu_permutation_part(uint32_t k0, uint32_t k1, uint64_t n, void* out, int type, uint32_t part, uint32_t parts) {
  return cr_cpu_permutation_part_isa(cr_cpu_isa(), k0, k1, n, out, type, part, parts, ~0ull);
}
